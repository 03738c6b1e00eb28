"""The student's side of a graded run: send each answer to the grader, judge nothing.

The grader starts the notebook with ``RANKMETRICS_ANSWER_CHANNEL`` naming a pipe
that only it reads. Each ``check(label, answer)`` then writes one JSON line to it
at once: the answer as data, or for a function the outputs it gave on every
input the check asked about, the visible examples and the grader's hidden ones
(``RANKMETRICS_HIDDEN_CASES``). The verdicts are computed in the grader's own
process (``replay``); nothing the notebook prints or keeps in memory counts.
"""

from __future__ import annotations

import copy
import json
import os

from rankmetrics_course.exercises import registry
from rankmetrics_course.exercises.answer_data import to_data
from rankmetrics_course.exercises.hidden_cases import overridden, variants_from_data

CHANNEL = "RANKMETRICS_ANSWER_CHANNEL"
HIDDEN_CASES = "RANKMETRICS_HIDDEN_CASES"


def is_graded() -> bool:
    return bool(os.environ.get(CHANNEL))


class CallRecorder:
    """Wraps a student's function; remembers each input and what came back (or was raised)."""

    def __init__(self, function):
        self.function = function
        self.calls: list[list] = []

    def __call__(self, *args):
        asked = to_data(copy.deepcopy(args))
        try:
            result = self.function(*args)
        except Exception as error:
            self.calls.append([asked, {"raised": type(error).__name__,
                                       "args": to_data(tuple(str(a)[:300] for a in error.args[:3]))}])
            raise
        self.calls.append([asked, {"returned": to_data(result)}])
        return result


def record(label: str, answer, hidden_variants: dict | None = None) -> dict:
    """The line sent for ``answer`` to exercise ``label`` (function: visible and hidden calls)."""
    if not callable(answer):
        return {"label": label, "value": to_data(answer)}
    line = {"label": label, "calls": _trace(label, answer, None)}
    if hidden_variants:
        line["hidden_calls"] = _trace(label, answer, hidden_variants)
    return line


def hidden_variants_given() -> dict:
    """The hidden inputs the grader handed this run (none outside a graded run)."""
    path = os.environ.get(HIDDEN_CASES)
    if not path or not os.path.isfile(path):
        return {}
    with open(path) as handle:
        return variants_from_data(json.load(handle))


def send(line: dict) -> None:
    """Write one answer line to the grader's channel, now (it survives a later crash)."""
    data = (json.dumps(line) + "\n").encode()
    descriptor = os.open(os.environ[CHANNEL], os.O_WRONLY | os.O_APPEND)
    try:
        os.write(descriptor, data)
    finally:
        os.close(descriptor)


def _trace(label: str, function, variants) -> list[list]:
    """Run the check on a recorder of ``function`` (under ``variants``); return its calls."""
    recorder = CallRecorder(function)
    with overridden(variants or {}):
        registry._judge(label, recorder)  # its verdict is not kept: the grader judges
    return recorder.calls
