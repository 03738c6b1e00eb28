"""Every exercise's automatic check accepts a right answer and rejects wrong ones.

The answers live in tests/exercise_answers/<chapter>.py as
``ANSWERS = {label: {"right": answer, "wrong": [answer, ...]}}``.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import re

import pytest

import exercise_answers
from conftest import chapter_notebooks
from rankmetrics_lite.course.exercises import check, exercise_labels


def all_answers() -> dict:
    answers = {}
    for module in pkgutil.iter_modules(exercise_answers.__path__):
        answers.update(importlib.import_module(f"exercise_answers.{module.name}").ANSWERS)
    return answers


ANSWERS = all_answers()


def test_every_registered_exercise_has_test_answers():
    assert set(exercise_labels()) == set(ANSWERS)


def test_every_check_called_in_a_chapter_is_registered():
    called = set()
    for path in chapter_notebooks():
        for cell in json.loads(path.read_text())["cells"]:
            called |= set(re.findall(r'check\("([^"]+)"', "".join(cell["source"])))
    assert called <= set(exercise_labels()), sorted(called - set(exercise_labels()))


@pytest.mark.parametrize("label", sorted(ANSWERS))
def test_right_answer_passes(label):
    verdict = check(label, ANSWERS[label]["right"])
    assert verdict.passed, verdict


@pytest.mark.parametrize("label", sorted(ANSWERS))
def test_wrong_answers_fail_with_a_hint(label):
    assert ANSWERS[label]["wrong"], f"{label} needs at least one wrong answer"
    for wrong in ANSWERS[label]["wrong"]:
        verdict = check(label, wrong)
        assert not verdict.passed, f"{label} accepted {wrong!r}"
        assert verdict.message.startswith("not yet.") and len(verdict.message) > 12


def test_no_answer_and_unknown_labels():
    assert not check("precision-short-list", None).passed
    with pytest.raises(ValueError, match="did you mean 'precision-short-list'"):
        check("precision-short-lst", 0.3)
