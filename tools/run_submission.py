"""Run one submitted notebook in a fresh kernel and collect the verdicts of its exercise checks.

Every ``check(label, answer)`` call records its verdict inside the kernel
(``rankmetrics_lite.course.exercises.registry.recorded_verdicts``). The runner appends
one cell to the notebook that hands those verdicts back, runs every cell with a
time limit, and keeps going past the student's exceptions and endless loops
(the kernel is interrupted and the next cell runs). If the kernel dies or stays
stuck, the verdicts are read from the outputs of the cells that did run.

Nothing the notebook does raises out of :func:`run_submission`: every failure
becomes a line in ``problems``, worded for the student.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import DeadKernelError

from rankmetrics_lite.course.exercises import Verdict, exercise_labels

VERDICTS_MIME = "application/vnd.rankmetrics-lite.verdicts+json"
COLLECT_VERDICTS = f"""\
from IPython.display import display as _grader_display
from rankmetrics_lite.course.exercises.registry import recorded_verdicts as _grader_verdicts
_grader_display({{{VERDICTS_MIME!r}: [[v.label, v.passed, v.message] for v in _grader_verdicts()]}},
                raw=True)"""
_TIMEOUT_ERROR = "CellTimeLimit"
# After this many cells in a row hit the time limit, the kernel is stuck: stop.
_STUCK_AFTER = 2
# A verdict as check(...) shows it: "label: message".
_VERDICT_LINE = re.compile(r"^(?P<label>[\w.-]+): (?P<message>.+)$", re.MULTILINE)


@dataclass
class SubmissionRun:
    """What running one notebook gave: every verdict recorded, and what went wrong."""

    notebook: Path
    verdicts: list[Verdict] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def run_submission(path: Path, timeout: float) -> SubmissionRun:
    """Run the notebook at ``path`` in a fresh kernel, each cell limited to ``timeout`` seconds."""
    run = SubmissionRun(Path(path))
    try:
        notebook = nbformat.read(path, as_version=4)
        cells = notebook.cells
        if not isinstance(cells, list) or not all(isinstance(c, dict) for c in cells):
            raise ValueError("it has no list of cells")
        for cell in cells:  # outputs saved by the student prove nothing: only this run counts
            if cell.get("cell_type") == "code":
                cell.outputs = []
    except Exception as error:  # a corrupt file is the student's problem, not the grader's
        run.problems.append(f"the notebook could not be read ({type(error).__name__}: "
                            f"{_shorten(str(error))}); save it again from Jupyter and resubmit")
        return run
    cells.append(nbformat.v4.new_code_cell(COLLECT_VERDICTS))
    try:
        _execute(notebook, timeout, run.problems)
    except Exception as error:  # the kernel could not even start: say so, grade what is there
        run.problems.append(f"the notebook could not be run ({type(error).__name__}: "
                            f"{_shorten(str(error))})")
    collected = _collected_verdicts(cells[-1])
    run.verdicts = collected if collected is not None else verdicts_in_outputs(cells[:-1])
    return run


def _execute(notebook: nbformat.NotebookNode, timeout: float, problems: list[str]) -> None:
    errors: dict[int, tuple[str, str]] = {}

    def remember_error(cell, cell_index, execute_reply):
        content = execute_reply.get("content", {})
        errors[cell_index] = (content.get("ename", "Error"), content.get("evalue", ""))

    collector = len(notebook.cells) - 1
    with tempfile.TemporaryDirectory(prefix="grading-") as workdir:
        client = NotebookClient(
            notebook, timeout=timeout, kernel_name="python3", allow_errors=True,
            interrupt_on_timeout=True, shutdown_kernel="immediate", record_timing=False,
            error_on_timeout={"ename": _TIMEOUT_ERROR, "evalue": "", "traceback": []},
            store_widget_state=False, resources={"metadata": {"path": workdir}},
            on_cell_error=remember_error,
        )
        with client.setup_kernel(stderr=subprocess.DEVNULL):  # the kernel's own log is noise here
            client.wait_for_reply(client.kc.kernel_info())
            stuck = 0
            for index, cell in enumerate(notebook.cells):
                try:
                    client.execute_cell(cell, index)
                except DeadKernelError:
                    problems.append(f"the kernel died while running {_describe(cell, index, collector)}; "
                                    "the cells after it were not run")
                    return
                if index in errors:
                    ename, evalue = errors[index]
                    problems.append(_error_message(cell, index, collector, ename, evalue, timeout))
                stuck = stuck + 1 if errors.get(index, ("",))[0] == _TIMEOUT_ERROR else 0
                if stuck >= _STUCK_AFTER:
                    problems.append("the kernel stopped responding after the time limit; "
                                    "the remaining cells were not run")
                    return


def _error_message(cell, index: int, collector: int, ename: str, evalue: str, timeout: float) -> str:
    where = _describe(cell, index, collector)
    if ename == _TIMEOUT_ERROR:
        return f"{where} ran longer than {timeout:g} s and was stopped (an endless loop?)"
    return f"{where} raised {ename}: {_shorten(evalue)}"


def _describe(cell, index: int, collector: int) -> str:
    if index == collector:
        return "the grader's final cell (which collects the verdicts)"
    first_line = next((line.strip() for line in cell.source.splitlines() if line.strip()), "")
    return f"cell {index + 1} ({_shorten(first_line, 60)!r})"


def _shorten(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _collected_verdicts(cell: nbformat.NotebookNode) -> list[Verdict] | None:
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if VERDICTS_MIME in data:
            return [Verdict(str(label), bool(passed), str(message))
                    for label, passed, message in data[VERDICTS_MIME]]
    return None


def verdicts_in_outputs(cells: list) -> list[Verdict]:
    """The verdicts shown in the outputs of ``cells`` ("label: message" lines), in order."""
    known = set(exercise_labels())
    found = []
    for cell in cells:
        for output in cell.get("outputs", []) if cell.get("cell_type") == "code" else []:
            text = output.get("text") or output.get("data", {}).get("text/plain", "")
            text = "".join(text) if isinstance(text, list) else str(text)
            for match in _VERDICT_LINE.finditer(text):
                if match["label"] in known:
                    message = match["message"].strip()
                    found.append(Verdict(match["label"], message == "correct.", message))
    return found
