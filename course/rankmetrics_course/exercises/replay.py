"""The grader's side: judge the answers a graded notebook sent, in the grader's process.

A value answer goes to its check as it is. A function answer is replayed: the
check runs again here, on a stand-in that returns what the student's function
returned for each input it asks about. An input the student's function never saw
is not answered. Function answers pass only if they pass on the visible
examples and on the hidden ones, which the notebook runs them on after its last
cell (``graded_run``): a notebook that never got there has no outputs for them.

>>> judge({"label": "precision-short-list", "value": 0.3}, {})
precision-short-list: correct.
"""

from __future__ import annotations

from rankmetrics_course.exercises import registry
from rankmetrics_course.exercises.answer_data import AnswerTooLarge, canonical, from_data, raised_like
from rankmetrics_course.exercises.hidden_cases import overridden
from rankmetrics_course.exercises.registry import Verdict

_NOT_RUN = ("not yet. The grader has no output of your function for some of the check's inputs: "
            "run its cell to the end, and pass the function itself to check.")
_NOT_RUN_ON_HIDDEN = ("not yet. Your function gives the right results on the examples of the check, "
                      "but it was never run on the grader's hidden inputs: they are handed to it after "
                      "your notebook's last cell, and the notebook did not get there (see the problems "
                      "with your notebook below).")


class NotRunOnThisInput(Exception):
    """The check asked about an input the student's function was not run on."""


class ReplayedFunction:
    """Stands in for a student's function: gives back what it returned in the notebook."""

    def __init__(self, calls: list):
        self.missing = False  # the check asked about an input the notebook did not answer
        self.results = {}
        for asked, outcome in calls if isinstance(calls, list) else []:
            try:
                self.results[canonical(from_data(asked))] = outcome
            except (TypeError, ValueError, KeyError):
                continue  # a malformed line from the notebook: that input is not answered

    def __call__(self, *args):
        outcome = self.results.get(canonical(args))
        if not isinstance(outcome, dict):
            self.missing = True
            raise NotRunOnThisInput(f"your function was not run on the input {args!r} in your "
                                    "notebook: run the cell that checks it")
        if "returned" in outcome:
            return from_data(outcome["returned"])
        raised_args = from_data(outcome.get("args", ()))
        raise raised_like(str(outcome.get("raised", "Exception")),
                      tuple(raised_args) if isinstance(raised_args, (tuple, list)) else ())


def judge(line: dict, hidden_variants: dict) -> Verdict:
    """The verdict on one answer ``line`` (its label must be registered)."""
    label = line["label"]
    try:
        return _judged(line, label, hidden_variants)
    except AnswerTooLarge as refusal:
        return Verdict(label, False, f"not yet. The grader could not judge your answer: {refusal}.")


def _judged(line: dict, label: str, hidden_variants: dict) -> Verdict:
    if "calls" not in line:
        return registry._judge(label, from_data(line.get("value")))
    visible = ReplayedFunction(line["calls"])
    verdict = registry._judge(label, visible)
    if visible.missing:
        return Verdict(label, False, _NOT_RUN)
    if not verdict.passed or not hidden_variants:
        return verdict
    if "hidden_calls" not in line:
        return Verdict(label, False, _NOT_RUN_ON_HIDDEN)
    replayed = ReplayedFunction(line.get("hidden_calls", []))
    with overridden(hidden_variants):
        hidden = registry._judge(label, replayed)
    if replayed.missing:
        return Verdict(label, False, _NOT_RUN)
    if hidden.passed:
        return verdict
    return Verdict(label, False, "not yet. Your function gives the right results on the "
                                 "examples of the check but not on the grader's hidden inputs "
                                 f"(the same cases in another order): {hidden.message[9:]}")

