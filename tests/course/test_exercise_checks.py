"""Every exercise's automatic check accepts a right answer and rejects wrong ones.

The answers live beside each chapter's tests, in
tests/course/chapters/<slug>/answers.py, as
``ANSWERS = {label: {"right": answer, "wrong": [answer, ...]}}``.
"""

from __future__ import annotations

import importlib
import json
import re

import pytest

from rankmetrics_course import chapters
from rankmetrics_course.exercises import check, exercise_labels
from tests.paths import ROOT, chapter_notebooks

CHAPTER_TESTS = ROOT / "tests" / "course" / "chapters"


def answer_modules() -> list:
    return [importlib.import_module(f"tests.course.chapters.{path.parent.name}.answers")
            for path in sorted(CHAPTER_TESTS.glob("*/answers.py"))]


ANSWERS = {label: answers for module in answer_modules() for label, answers in module.ANSWERS.items()}
# Labels whose test answers call a reference tool (scikit-learn, ...): marked reference.
NEEDS_REFERENCE_TOOL = set().union(*(getattr(module, "NEEDS_REFERENCE_TOOL", set())
                                     for module in answer_modules()))


def labels(selected=None) -> list:
    """The labels (``selected``, or all) as parameters, those that need a reference tool marked."""
    return [pytest.param(label, marks=pytest.mark.reference) if label in NEEDS_REFERENCE_TOOL
            else label for label in sorted(ANSWERS if selected is None else selected)]


def test_every_registered_exercise_has_test_answers():
    assert set(exercise_labels()) == set(ANSWERS)


def test_every_check_called_in_a_chapter_is_registered():
    called = set()
    for path in chapter_notebooks():
        for cell in json.loads(path.read_text())["cells"]:
            called |= set(re.findall(r'check\("([^"]+)"', "".join(cell["source"])))
    assert called <= set(exercise_labels()), sorted(called - set(exercise_labels()))


@pytest.mark.parametrize("label", labels())
def test_right_answer_passes(label):
    verdict = check(label, ANSWERS[label]["right"])
    assert verdict.passed, verdict


@pytest.mark.parametrize("label", labels())
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


def test_every_chapter_has_its_folder_in_the_course_package_and_in_the_tests():
    slugs = [chapters.slug_of_notebook(path.name) for path in chapter_notebooks()]
    assert slugs and sorted(slugs) == chapters.slugs()
    assert sorted(path.name for path in CHAPTER_TESTS.iterdir() if path.is_dir()
                  and path.name != "__pycache__") == sorted(slugs)


def test_a_chapter_with_exercises_has_checks_and_answers():
    for path in chapter_notebooks():
        slug = chapters.slug_of_notebook(path.name)
        if 'check("' in path.read_text():
            assert chapters.has_module(slug, "checks"), slug
            assert (CHAPTER_TESTS / slug / "answers.py").is_file(), slug
