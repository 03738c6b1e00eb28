"""Run one notebook's cells in a fresh kernel; print what went wrong as one JSON line.

This script runs inside a submission's sandbox (:mod:`.sandbox`), copied there
beside the pristine packages and run by its path; it imports nothing of the course. It runs every
cell within the time limit and keeps going past the student's exceptions and
endless loops (the kernel is interrupted and the next cell runs). The answers
do not pass through here: ``check`` sends them straight to the grader. What this
prints only words the "problems" of the student's own feedback.

Usage (inside the sandbox): python notebook_runner.py NOTEBOOK CELL_TIMEOUT
"""

from __future__ import annotations

import json
import subprocess
import sys

# jsonschema (under nbformat) loads its optional IRI checker when it is installed,
# which compiles a grammar: 0.9 s of every sandbox's start. Nothing here checks IRIs.
sys.modules.setdefault("rfc3987_syntax", None)

import nbformat  # noqa: E402
from nbclient import NotebookClient  # noqa: E402
from nbclient.exceptions import DeadKernelError  # noqa: E402

_TIMEOUT_ERROR = "CellTimeLimit"
# An interrupted kernel answers within milliseconds; one that has not answered
# this many seconds after the interrupt ignores it (a hang that traps Ctrl-C).
_GRACE_AFTER_INTERRUPT = 5


def run(path: str, timeout: float) -> list[str]:
    """Run the notebook at ``path``; return its problems, worded for the student."""
    notebook = nbformat.read(path, as_version=4)
    problems: list[str] = []
    errors: dict[int, tuple[str, str]] = {}

    def remember_error(cell, cell_index, execute_reply):
        content = execute_reply.get("content", {})
        errors[cell_index] = (content.get("ename", "Error"), content.get("evalue", ""))

    client = NotebookClient(
        notebook, timeout=timeout, kernel_name="python3", allow_errors=True,
        interrupt_on_timeout=True, shutdown_kernel="immediate", record_timing=False,
        error_on_timeout={"ename": _TIMEOUT_ERROR, "evalue": "", "traceback": []},
        store_widget_state=False, on_cell_error=remember_error,
        shell_timeout_interval=1,  # limits kept to the second (by default, in steps of 5 s)
    )
    # The kernel's own output is noise here, and must not mix with this script's report.
    with client.setup_kernel(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL):
        client.wait_for_reply(client.kc.kernel_info())
        for index, cell in enumerate(notebook.cells):
            try:
                client.execute_cell(cell, index)
            except DeadKernelError:
                problems.append(f"the kernel died while running {_describe(cell, index)} (it "
                                "exited, crashed or ran out of memory); the cells after it were not run")
                return problems
            if index in errors:
                ename, evalue = errors[index]
                problems.append(_error_message(cell, index, ename, evalue, timeout))
                if ename == _TIMEOUT_ERROR and not _answers_after_interrupt(client):
                    problems.append("the kernel stopped responding after the time limit; "
                                    "the remaining cells were not run")
                    return problems
    return problems


def _answers_after_interrupt(client: NotebookClient) -> bool:
    """Whether the kernel, interrupted at a cell's time limit, runs code again
    within the grace period (an empty, silent request)."""
    request = client.kc.execute("", silent=True, store_history=False)
    limit = client.timeout
    client.timeout = _GRACE_AFTER_INTERRUPT
    try:
        return client.wait_for_reply(request) is not None
    finally:
        client.timeout = limit


def _error_message(cell, index: int, ename: str, evalue: str, timeout: float) -> str:
    where = _describe(cell, index)
    if ename == _TIMEOUT_ERROR:
        return f"{where} ran longer than {timeout:g} s and was stopped (an endless loop?)"
    return f"{where} raised {ename}: {_shorten(evalue)}"


def _describe(cell, index: int) -> str:
    first_line = next((line.strip() for line in cell.source.splitlines() if line.strip()), "")
    return f"cell {index + 1} ({_shorten(first_line, 60)!r})"


def _shorten(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def main(argv: list[str]) -> int:
    report = sys.stdout
    sys.stdout = sys.stderr  # only the report goes to the real standard output
    try:
        problems = run(argv[0], float(argv[1]))
    except Exception as error:  # the kernel could not even start: say so
        problems = [f"the notebook could not be run ({type(error).__name__}: "
                    f"{_shorten(str(error))})"]
    report.write(json.dumps({"problems": problems}) + "\n")
    report.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
