"""Automatic checks of the course's exercises.

Each chapter registers its exercises in its ``checks`` module
(``rankmetrics_course.chapters.<slug>.checks``); this package holds the
machinery they share. A student calls :func:`check` from the notebook. A
failed check says what is wrong and gives a hint, never the answer. In a
graded run (``make grade``) ``check`` judges nothing: it sends the answer to
the grader (``graded_run``), which judges it in its own process (``replay``); a
function is run on the grader's hidden inputs after the notebook's last cell.

>>> from rankmetrics_course.exercises import check
>>> check("precision-short-list", 0.3)
precision-short-list: correct.
"""

from __future__ import annotations

import importlib

from rankmetrics_course import chapters
from rankmetrics_course.exercises import graded_run
from rankmetrics_course.exercises.answer_data import AnswerTooLarge, as_the_grader_sees_it
from rankmetrics_course.exercises.registry import Verdict, exercise_labels, grade, require_label


def check(label: str, answer) -> Verdict:
    """Check ``answer`` to exercise ``label`` and say whether it is right.

    The answer is judged as the grader will see it (``answer_data``): a
    ``Fraction`` as a number, a generator as the list it yields. Returns the
    :class:`Verdict` (its repr is the message, so a notebook cell ending in
    ``check(...)`` shows it). In a graded run it sends the answer to
    the grader instead and says so; the last answer sent for a label counts.
    """
    if graded_run.is_graded():
        require_label(label)
        graded_run.send(graded_run.record(label, answer))
        return Verdict(label, False, "answer sent to the grader (the last one sent counts).")
    try:  # judged here as the grader would judge it
        seen = graded_run.CallRecorder(answer) if callable(answer) else as_the_grader_sees_it(answer)
    except AnswerTooLarge as refusal:
        return Verdict(label, False, f"not yet. The grader could not judge this answer: {refusal}.")
    return grade(label, seen)


def _check_modules() -> list:
    """Every chapter's module of checks."""
    return [importlib.import_module(f"{chapters.__name__}.{slug}.checks")
            for slug in chapters.slugs() if chapters.has_module(slug, "checks")]


_check_modules()  # importing them registers their exercises

__all__ = ["Verdict", "check", "exercise_labels", "grade"]
