"""Automatic checks of the course's exercises.

Each chapter registers its exercises in a module of this package. A student
calls :func:`check` from the notebook; an instructor's grading script calls
:func:`grade`, which returns the verdict instead of printing it. A failed check
says what is wrong and gives a hint, never the answer.

>>> from rankmetrics_lite.course.exercises import check
>>> check("precision-short-list", 0.3)
precision-short-list: correct.
"""

from __future__ import annotations

import importlib
import pkgutil

from .registry import Verdict, exercise_labels, grade


def check(label: str, answer) -> Verdict:
    """Check ``answer`` to exercise ``label`` and say whether it is right.

    Returns the :class:`Verdict` (its repr is the message, so a notebook cell
    ending in ``check(...)`` shows it).
    """
    return grade(label, answer)


def _register_all() -> None:
    """Import every chapter's module here so that its exercises register."""
    for module in pkgutil.iter_modules(__path__):
        if module.name != "registry":
            importlib.import_module(f"{__name__}.{module.name}")


_register_all()

__all__ = ["Verdict", "check", "exercise_labels", "grade"]
