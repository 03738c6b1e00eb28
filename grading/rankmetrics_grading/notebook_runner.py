"""Run one notebook's cells in a fresh kernel, then its functions on the hidden inputs;
print what went wrong as one JSON line.

This script runs inside a submission's sandbox (:mod:`.sandbox`), copied there
beside the pristine packages and run by its path; it imports nothing of the course. It runs every
cell within the time limit and keeps going past the student's exceptions and
endless loops (the kernel is interrupted and the next cell runs), and stops the
cells at the notebook's own limit. The answers do not pass through here: ``check``
sends them straight to the grader. What this prints only words the "problems" of
the student's own feedback.

The grader's hidden inputs come on standard input. This process first makes itself
non-dumpable, so that the kernel's code, which runs as the same user, cannot open
its memory, environment or files through ``/proc`` nor trace it; it reads them and
closes its standard input before the kernel starts. After the last cell it hands
them to the kernel, where each exercise's last function answer is run on them
(``graded_run.send_hidden_calls``), within one cell's time limit for all of them:
by then every answer has been given, so what the student's code learns of them
cannot change one.

Usage (inside the sandbox): python notebook_runner.py NOTEBOOK CELL_TIMEOUT NOTEBOOK_TIMEOUT < HIDDEN
"""

from __future__ import annotations

import ast
import ctypes
import json
import math
import os
import re
import subprocess
import sys
import time

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
_PR_SET_DUMPABLE, _PR_GET_DUMPABLE = 4, 3
# The kernel's side of the graded run, named here since this script imports nothing of the course.
_GRADED_RUN = "rankmetrics_course.exercises.graded_run"
_KEPT_LABELS = (f"(lambda m: m.kept_labels() if m else [])"
                f"(__import__('sys').modules.get({_GRADED_RUN!r}))")
_LABEL = re.compile(r"[\w.-]{1,200}")


def run(path: str, timeout: float, notebook_timeout: float, hidden: str = "") -> list[str]:
    """Run the notebook at ``path``, then its functions on ``hidden`` (the grader's hidden
    inputs, JSON; none if empty); return its problems, worded for the student."""
    deadline = time.monotonic() + notebook_timeout
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
        if _run_cells(client, notebook, timeout, deadline, notebook_timeout, errors, problems) and hidden:
            _run_functions_on_hidden_inputs(client, hidden, timeout, problems)
    return problems


def _run_cells(client, notebook, timeout: float, deadline: float, notebook_timeout: float,
               errors: dict, problems: list[str]) -> bool:
    """Run every cell, each within ``timeout`` and all before ``deadline``; whether the
    kernel still runs code afterwards."""
    for index, cell in enumerate(notebook.cells):
        left = deadline - time.monotonic()
        if left <= 0:
            problems.append(f"the notebook ran longer than {notebook_timeout:g} s in all and was "
                            f"stopped before {_describe(cell, index)}; the cells from there were not run")
            return True
        client.timeout = _whole_seconds(min(timeout, left))
        try:
            client.execute_cell(cell, index)
        except DeadKernelError:
            problems.append(f"the kernel died while running {_describe(cell, index)} (it "
                            "exited, crashed or ran out of memory); the cells after it were not run")
            return False
        if index not in errors:
            continue
        ename, evalue = errors[index]
        at_deadline = ename == _TIMEOUT_ERROR and left < timeout  # the notebook's limit, not the cell's
        if at_deadline:
            problems.append(f"the notebook ran longer than {notebook_timeout:g} s in all and was "
                            f"stopped at {_describe(cell, index)}; the cells after it were not run")
        else:
            problems.append(_error_message(cell, index, ename, evalue, timeout))
        if ename == _TIMEOUT_ERROR and not _answers_after_interrupt(client):
            problems.append("the kernel stopped responding after the time limit; "
                            "the remaining cells were not run")
            return False
        if at_deadline:
            return True
    return True


def _run_functions_on_hidden_inputs(client, hidden: str, timeout: float, problems: list[str]) -> None:
    """Have the kernel run each exercise's last function answer on the hidden inputs (it
    sends the outputs itself), all of them within ``timeout``."""
    deadline = time.monotonic() + timeout
    client.timeout = _whole_seconds(timeout)
    labels = _kept_labels(client)
    for position, label in enumerate(labels):
        left = deadline - time.monotonic()
        if left <= 0:
            problems.append(f"your functions for {', '.join(labels[position:])} were not run on the "
                            f"grader's hidden inputs: the functions before them took the {timeout:g} s "
                            "allowed for all of them")
            return
        client.timeout = _whole_seconds(left)
        code = f"__import__({_GRADED_RUN!r}, fromlist=['_']).send_hidden_calls({label!r}, {hidden!r})"
        try:
            reply = client.wait_for_reply(client.kc.execute(code, silent=True, store_history=False))
        except DeadKernelError:
            problems.append(f"the kernel died while your function for {label} ran on the grader's "
                            "hidden inputs (after the last cell)")
            return
        if reply is None:
            problems.append(f"your function for {label} ran longer than {timeout:g} s on the "
                            "grader's hidden inputs (after the last cell) and was stopped")
            if not _answers_after_interrupt(client):
                return


def _kept_labels(client) -> list[str]:
    """The exercises whose last answer was a function, as the kernel lists them (its word
    only names what to run: a label it makes up sends nothing the grader would accept)."""
    request = client.kc.execute("", silent=True, store_history=False,
                                user_expressions={"labels": _KEPT_LABELS})
    try:
        reply = client.wait_for_reply(request)
        shown = reply["content"]["user_expressions"]["labels"]["data"]["text/plain"]
        labels = ast.literal_eval(shown) if len(shown) < 100_000 else []
    except (DeadKernelError, TypeError, KeyError, ValueError, SyntaxError, MemoryError, RecursionError):
        return []
    if not isinstance(labels, list):
        return []
    return [label for label in labels if isinstance(label, str) and _LABEL.fullmatch(label)][:1000]


def _answers_after_interrupt(client: NotebookClient) -> bool:
    """Whether the kernel, interrupted at a cell's time limit, runs code again
    within the grace period (an empty, silent request)."""
    request = client.kc.execute("", silent=True, store_history=False)
    limit = client.timeout
    client.timeout = _GRACE_AFTER_INTERRUPT
    try:
        return client.wait_for_reply(request) is not None
    except DeadKernelError:
        return False
    finally:
        client.timeout = limit


def _whole_seconds(seconds: float) -> int:
    """A time limit as nbclient takes it (whole seconds; 0 would mean none)."""
    return max(1, math.ceil(seconds))


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


def never_dumpable() -> None:
    """Close this process to every other process of its user: no ``/proc/<pid>/mem``,
    ``environ`` or ``fd``, no ptrace (Linux; the kernel's code runs without capabilities)."""
    libc = ctypes.CDLL(None, use_errno=True)
    if (libc.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0) != 0
            or libc.prctl(_PR_GET_DUMPABLE, 0, 0, 0, 0) != 0):
        raise OSError(ctypes.get_errno(), "this process could not be made non-dumpable")


def hidden_inputs() -> str:
    """The grader's hidden inputs, read whole from standard input, which is then closed
    (the kernel is started with a standard input of its own)."""
    hidden = sys.stdin.buffer.read().decode()
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    return hidden if hidden.strip() and json.loads(hidden) else ""


def main(argv: list[str]) -> int:
    report = sys.stdout
    sys.stdout = sys.stderr  # only the report goes to the real standard output
    try:
        never_dumpable()  # before the hidden inputs are read
        problems = run(argv[0], float(argv[1]), float(argv[2]), hidden_inputs())
    except Exception as error:  # the kernel could not even start: say so
        problems = [f"the notebook could not be run ({type(error).__name__}: "
                    f"{_shorten(str(error))})"]
    report.write(json.dumps({"problems": problems}) + "\n")
    report.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
