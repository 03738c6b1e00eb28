"""Answers as data: the in-class check and the grader judge the same decoded value, and the
grader refuses, before allocating it, data that declares more than any answer holds."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

from rankmetrics_course.exercises import check
from rankmetrics_course.exercises.answer_data import LIMITS, AnswerTooLarge, from_data, to_data
from rankmetrics_course.exercises.graded_run import record
from rankmetrics_course.exercises.replay import judge


def graded(label: str, answer):
    """The grader's verdict on ``answer``, sent as a graded notebook sends it."""
    return judge(json.loads(json.dumps(record(label, answer))), {})


@pytest.mark.parametrize("answer", [
    0.3, Fraction(3, 10), Decimal("0.3"), np.float32(0.3), np.float64(0.3), 3 / 10,
    0.75, Fraction(3, 4), "0.3", None, ..., [0.3], object(),
])
def test_a_value_is_judged_alike_in_class_and_by_the_grader(answer):
    label = "precision-short-list"
    assert check(label, answer).passed == graded(label, answer).passed


@pytest.mark.parametrize("make", [
    lambda: iter(["d1", "d3"]), lambda: (d for d in ["d1", "d3"]), lambda: map(str, ["d1", "d3"]),
    lambda: {"d1": 1, "d3": 1}.keys(), lambda: ["d1", "d3"], lambda: range(3),
], ids=["iterator", "generator", "map", "keys", "list", "range"])
def test_an_iterable_is_judged_alike_in_class_and_by_the_grader(make):
    label = "ranking-top-k-set"  # any collection of ids
    assert check(label, make()).passed == graded(label, make()).passed


@pytest.mark.parametrize("results", ["list", "map", "generator", "tuple", "array"])
def test_a_functions_results_are_judged_alike_in_class_and_by_the_grader(results):
    def precision_at_every_k(relevance):
        values = (sum(relevance[:k]) / k for k in range(1, len(relevance) + 1))
        return {"list": list, "map": lambda v: map(float, v), "generator": lambda v: v,
                "tuple": tuple, "array": lambda v: np.fromiter(v, float)}[results](values)

    label = "precision-every-k"
    assert check(label, precision_at_every_k).passed
    assert graded(label, precision_at_every_k).passed


@pytest.mark.parametrize("data, why", [
    ({"__rankmetrics__": "array", "dtype": "<U25000000", "items": ["a"] * 10}, "not of numbers"),
    ({"__rankmetrics__": "array", "dtype": "O", "items": [1]}, "not of numbers"),
    ({"__rankmetrics__": "scalar", "dtype": "<U9999999", "item": "a"}, "not of numbers"),
    ({"__rankmetrics__": "array", "dtype": "<f8", "items": [[0.5] * 1000] * 1001}, "more than 1,000,000 items"),
    ([0] * (LIMITS["items"] + 1), "more than 1,000,000 items"),
    ("x" * (LIMITS["text"] + 1), "more than 100,000 text"),
    ({"__rankmetrics__": "tuple", "items": "not a list"}, "malformed"),
])
def test_the_grader_refuses_what_no_answer_holds_before_allocating_it(data, why):
    with pytest.raises(AnswerTooLarge, match=why):
        from_data(data)


def test_nesting_beyond_any_answer_is_refused():
    data = [0]
    for _ in range(40):
        data = [data]
    with pytest.raises(AnswerTooLarge, match="nested too deeply"):
        from_data(data)


def test_round_trips():
    for value in [(1, [2.5, None], {"k": {3}}), Fraction(1, 3), Decimal("1.10"), np.int64(3),
                  np.array([1.5, 2.5]), float("inf"), ...]:
        back = from_data(json.loads(json.dumps(to_data(value))))
        assert type(back) is type(value)
        assert np.array_equal(back, value) if isinstance(value, np.ndarray) else back == value
