"""The figures and the tie enumeration of the chapter "Computing the metrics"."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rankmetrics_course.chapters.computing_the_metrics.view import (
    best_time,
    cumulative_count_figure,
    tie_orders,
    tie_orders_figure,
)
from rankmetrics_lite import expected_precision_at_k, precision_at_k

TIED = {"d1": 0.9, "d2": 0.7, "d3": 0.7, "d4": 0.7, "d5": 0.7, "d6": 0.3}
RELEVANT = {"d1", "d2"}


def test_tie_orders_of_the_chapter_example():
    result = tie_orders(TIED, RELEVANT, k=3)
    assert result["n_orders"] == 24
    assert dict(result["counts"]) == {Fraction(1, 3): 12, Fraction(2, 3): 12}
    assert result["trec"] == pytest.approx(1 / 3)
    assert result["mean"] == pytest.approx(0.5) == result["expected"]


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5, 6])
def test_mean_over_orders_is_the_tie_aware_value(k):
    scores = {"a": 3, "b": 2, "c": 2, "d": 2, "e": 1, "f": 1}
    relevant = {"b", "e", "a"}
    result = tie_orders(scores, relevant, k)
    assert result["n_orders"] == 3 * 2 * 1 * 2  # 3! orders of b, c, d times 2! of e, f
    assert result["mean"] == pytest.approx(result["expected"])
    items = list(scores)
    assert result["expected"] == pytest.approx(expected_precision_at_k(
        [int(i in relevant) for i in items], [scores[i] for i in items], k))


def test_enumeration_matches_brute_force_over_all_orders():
    # Brute force over every permutation of all items that keeps the scores sorted.
    scores = {"a": 2, "b": 1, "c": 1, "d": 1}
    relevant = {"c", "a"}
    values = []
    for order in itertools.permutations(scores):
        if all(scores[x] >= scores[y] for x, y in zip(order, order[1:])):
            values.append(precision_at_k([int(i in relevant) for i in order], 2))
    result = tie_orders(scores, relevant, 2)
    assert result["n_orders"] == len(values)
    assert result["mean"] == pytest.approx(sum(values) / len(values))


def test_no_ties_means_one_order():
    result = tie_orders({"a": 3, "b": 2, "c": 1}, {"b"}, 2)
    assert result["n_orders"] == 1 and result["trec"] == result["expected"] == 0.5


def test_too_many_orders_are_refused():
    with pytest.raises(ValueError, match="use expected_precision_at_k instead"):
        tie_orders({f"d{i}": 1.0 for i in range(9)}, {"d1"}, 3)
    with pytest.raises(ValueError, match="k must be a positive integer"):
        tie_orders(TIED, RELEVANT, 0)


def test_figures():
    figure = tie_orders_figure(TIED, RELEVANT, 3).figure
    assert figure.axes[0].get_xlabel() == "P@3"
    assert "24 orders" in figure.axes[0].get_title()
    figure = cumulative_count_figure([1, 0, 1, 0, 1], n_relevant=4).figure
    assert figure.axes[1].get_ylabel() == "count"
    with pytest.raises(ValueError, match="recall is undefined when n_relevant is 0"):
        cumulative_count_figure([0, 0], n_relevant=0).figure


def test_best_time_returns_the_result_and_the_shortest_of_the_runs():
    calls = []
    seconds, result = best_time(lambda: calls.append(1) or len(calls), repeats=4)
    assert len(calls) == 4 and result == 4 and seconds >= 0


@pytest.mark.parametrize("repeats", [0, -1, 2.5])
def test_best_time_refuses_a_bad_repeat_count(repeats):
    with pytest.raises(ValueError, match="repeats must be a positive integer"):
        best_time(lambda: None, repeats=repeats)


def test_figure_alt_texts_are_computed_from_the_data():
    alt = cumulative_count_figure([1, 0, 1, 0, 1], n_relevant=4).alt
    assert "green at ranks 1, 3 and 5" in alt and "to 3." in alt and "|R| = 4." in alt
    alt = tie_orders_figure(TIED, RELEVANT, 3).alt
    # d1 first, then one of the four tied items: d2 at rank 2 or 3 in half the 24 orders
    assert "the 24 orders of the tied items: 12 give 1/3 and 12 give 2/3." in alt
    assert "at 0.3333 marks the value of trec_eval's order" in alt
