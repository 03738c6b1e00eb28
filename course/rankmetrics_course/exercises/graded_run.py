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
import functools
import json
import os

from rankmetrics_course.exercises import registry
from rankmetrics_course.exercises.answer_data import from_data, raised_like, to_data
from rankmetrics_course.exercises.hidden_cases import overridden, variants_from_data

CHANNEL = "RANKMETRICS_ANSWER_CHANNEL"
HIDDEN_CASES = "RANKMETRICS_HIDDEN_CASES"


def is_graded() -> bool:
    return bool(os.environ.get(CHANNEL))


class CallRecorder:
    """Wraps a student's function; remembers each input and what came back (or was raised).

    The check here is given what the grader will be given, decoded from the same data
    (a ``map`` comes back as the list it yielded), so that the check asks here about
    every input it will ask about in the grader.
    """

    def __init__(self, function):
        self.function = function
        self.calls: list[list] = []

    def __call__(self, *args):
        asked = to_data(copy.deepcopy(args))
        try:
            result = self.function(*args)
        except Exception as error:
            name, shown = type(error).__name__, tuple(str(a)[:300] for a in error.args[:3])
            self.calls.append([asked, {"raised": name, "args": to_data(shown)}])
            raise raised_like(name, shown) from None
        returned = to_data(result)
        self.calls.append([asked, {"returned": returned}])
        return from_data(returned)


def record(label: str, answer, hidden_variants=None) -> dict:
    """The line sent for ``answer`` to exercise ``label`` (function: visible and hidden calls).

    ``hidden_variants`` is the grader's hidden inputs, or a function that returns them: only
    a function answer needs them, so a value answer never pays for reading them.
    """
    if not callable(answer):
        return {"label": label, "value": to_data(answer)}
    line = {"label": label, "calls": _trace(label, answer, None)}
    variants = hidden_variants() if callable(hidden_variants) else hidden_variants
    if variants:
        line["hidden_calls"] = _trace(label, answer, variants)
    return line


def hidden_variants_given() -> dict:
    """The hidden inputs the grader handed this run (none outside a graded run): new objects
    at each call, decoded from the file read once (a notebook may check thousands of times)."""
    path = os.environ.get(HIDDEN_CASES)
    if not path or not os.path.isfile(path):
        return {}
    return variants_from_data(_hidden_data(path))


@functools.cache
def _hidden_data(path: str):
    with open(path) as handle:
        return json.load(handle)


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
