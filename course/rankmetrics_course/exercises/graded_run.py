"""The student's side of a graded run: send each answer to the grader, judge nothing.

The grader starts the notebook with ``RANKMETRICS_ANSWER_CHANNEL`` naming a pipe
that only it reads. Each ``check(label, answer)`` then writes one JSON line to it
at once: the answer as data, or for a function the outputs it gave on every
input the check asked about. The last function checked for each exercise is also
kept here, and after the notebook's last cell the grader's runner hands this kernel
the hidden inputs (never before: no cell can read them) and has each kept function
run on them (:func:`send_hidden_calls`), which sends its line again, with those
outputs too. The verdicts are computed in the grader's own process (``replay``);
nothing the notebook prints or keeps in memory counts.
"""

from __future__ import annotations

import copy
import json
import os

from rankmetrics_course.exercises import registry
from rankmetrics_course.exercises.answer_data import from_data, raised_like, to_data
from rankmetrics_course.exercises.hidden_cases import overridden, variants_from_data

CHANNEL = "RANKMETRICS_ANSWER_CHANNEL"
# label -> (the last function checked for it, its calls on the check's own inputs)
_KEPT: dict[str, tuple[object, list]] = {}


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


def record(label: str, answer) -> dict:
    """The line sent for ``answer`` to exercise ``label`` (a function: its calls on the
    check's own inputs; the function is kept for the hidden inputs)."""
    if not callable(answer):
        _KEPT.pop(label, None)  # the last answer counts: a value replaces a function
        return {"label": label, "value": to_data(answer)}
    calls = _trace(label, answer, None)
    _KEPT[label] = (answer, calls)
    return {"label": label, "calls": calls}


def kept_labels() -> list[str]:
    """The exercises whose last answer is a function, in the order checked."""
    return list(_KEPT)


def record_hidden(label: str, variants: dict) -> dict:
    """The line for the function kept for ``label``, run on the hidden inputs ``variants`` too."""
    function, calls = _KEPT.pop(label)
    return {"label": label, "calls": calls, "hidden_calls": _trace(label, function, variants)}


def send_hidden_calls(label: str, hidden: str) -> None:
    """Run the function kept for ``label`` on the hidden inputs (JSON, as the grader wrote
    them) and send its line. Called by the grader's runner after the last cell."""
    send(record_hidden(label, variants_from_data(json.loads(hidden))))


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
