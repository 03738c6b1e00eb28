"""Graded runs: an answer travels as data and is judged in the grader exactly as in class.

Every exercise's right answer (tests/exercise_answers) still passes after the trip
(kernel: record -> JSON line -> grader: replay), on the visible examples and on
hidden shuffles of them; every wrong answer still fails.
"""

from __future__ import annotations

import json

import pytest

from rankmetrics_course.exercises import check, graded_run
from rankmetrics_course.exercises.answer_data import from_data, to_data
from rankmetrics_course.exercises.hidden_cases import hidden_variants
from rankmetrics_course.exercises.replay import judge
from tests.course.test_exercise_checks import ANSWERS, labels

# Three draws of the hidden inputs; the quick loop (make test-course) tries the first only.
SEEDS = [1, pytest.param(2, marks=pytest.mark.slow), pytest.param(3, marks=pytest.mark.slow)]


def sent_and_judged(label, answer, seed):
    variants = hidden_variants(seed)
    line = graded_run.record(label, answer)
    if "calls" in line:  # a function: run on the hidden inputs after the notebook's last cell
        line = graded_run.record_hidden(label, variants)
    return judge(json.loads(json.dumps(line)), variants)


@pytest.mark.parametrize("label", labels())
@pytest.mark.parametrize("seed", SEEDS)
def test_a_right_answer_passes_in_the_grader(label, seed):
    verdict = sent_and_judged(label, ANSWERS[label]["right"], seed)
    assert verdict.passed, verdict


@pytest.mark.parametrize("label", labels())
def test_a_wrong_answer_fails_in_the_grader_with_the_same_hint(label):
    for wrong in ANSWERS[label]["wrong"]:
        verdict = sent_and_judged(label, wrong, seed=1)
        assert not verdict.passed, f"{label} accepted {wrong!r}"
        assert verdict.message == check(label, wrong).message


def test_a_table_of_the_visible_examples_fails_on_the_hidden_ones():
    from rankmetrics_course.chapters.precision_at_k.checks import _RANKINGS
    right = ANSWERS["precision-every-k"]["right"]
    table = {tuple(r): right(r) for r in _RANKINGS}
    verdict = sent_and_judged("precision-every-k", lambda r: table.get(tuple(r), []), seed=1)
    assert not verdict.passed and "hidden inputs" in verdict.message
    assert check("precision-every-k", lambda r: table.get(tuple(r), [])).passed  # in class it passes


def test_a_function_never_run_on_the_hidden_inputs_fails_and_says_why():
    # The kernel died or hung before the notebook's end: only the check-time line arrived.
    right = ANSWERS["precision-every-k"]["right"]
    line = json.loads(json.dumps(graded_run.record("precision-every-k", right)))
    verdict = judge(line, hidden_variants(seed=1))
    assert not verdict.passed and "never run on the grader's hidden inputs" in verdict.message
    assert judge(line, {}).passed  # without hidden inputs, the check's own examples decide


def test_the_last_answer_decides_what_runs_on_the_hidden_inputs():
    right = ANSWERS["precision-every-k"]["right"]
    graded_run.record("precision-every-k", right)
    graded_run.record("precision-every-k", 0.5)  # a value after the function: nothing left to run
    assert "precision-every-k" not in graded_run.kept_labels()
    graded_run.record("precision-every-k", lambda relevance: [])
    graded_run.record("precision-every-k", right)
    assert graded_run.kept_labels() == ["precision-every-k"]
    assert sent_and_judged("precision-every-k", right, seed=1).passed


def test_an_input_the_function_never_saw_is_not_answered():
    line = {"label": "precision-every-k", "calls": []}
    verdict = judge(line, {})
    assert not verdict.passed and "no output of your function" in verdict.message


@pytest.mark.parametrize("value", [0.3, (1, [2.5, None]), {"a": {1, 2}, 3: "x"}, [float("nan")], True])
def test_values_come_back_as_they_went(value):
    back = from_data(json.loads(json.dumps(to_data(value))))
    assert repr(back) == repr(value) and type(back) is type(value)


def test_an_object_that_is_not_data_travels_as_its_repr_only():
    back = from_data(json.loads(json.dumps(to_data(object()))))
    assert repr(back).startswith("<object object at") and not isinstance(back, float)


@pytest.mark.parametrize("label", labels(label for label, answers in ANSWERS.items()
                                         if isinstance(answers["right"], float)))
def test_the_in_class_hint_never_shows_the_expected_number(label):
    right = ANSWERS[label]["right"]
    shown = {f"{right:.{digits}f}" for digits in (2, 3, 4)} | {repr(right)}
    shown = {text for text in shown if float(text) != 0 and len(text.lstrip("-0.")) > 1}
    for wrong in ANSWERS[label]["wrong"] + [right + 0.05, -1.0, "x"]:
        message = check(label, wrong).message
        assert not [text for text in shown if text in message], (label, wrong, message)
