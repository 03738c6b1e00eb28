"""Tests of the tie-aware expected P@k, AP and nDCG@k (McSherry & Najork 2008).

The reference is brute force: score every order of the tied items with the
plain measure, and average. The closed forms must match it to 1e-12.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankmetrics_lite._average_precision import average_precision
from rankmetrics_lite._cutoff_metrics import precision_at_k
from rankmetrics_lite._dcg import ndcg_at_k
from rankmetrics_lite._ties import (
    expected_average_precision,
    expected_ndcg_at_k,
    expected_precision_at_k,
)

FAST = settings(max_examples=60, deadline=None)

# ------------------------------------------------------------- brute force --


def every_tie_order(values, scores):
    """Each ranking (values in rank order) that some order of the tied items gives."""
    by_score = {}
    for value, score in zip(values, scores):
        by_score.setdefault(score, []).append(value)
    groups = [by_score[score] for score in sorted(by_score, reverse=True)]
    for orders in itertools.product(*(itertools.permutations(group) for group in groups)):
        yield [value for order in orders for value in order]


def mean_over_tie_orders(measure, values, scores):
    results = [measure(ranking) for ranking in every_tie_order(values, scores)]
    return sum(results) / len(results)


@st.composite
def tied_judgements(draw, max_grade=1):
    """Up to 6 items with grades and few distinct scores (so ties are common), any order."""
    n = draw(st.integers(1, 6))
    grades = draw(st.lists(st.integers(0, max_grade), min_size=n, max_size=n))
    scores = draw(st.lists(st.sampled_from([0.0, 1.0, 2.5]), min_size=n, max_size=n))
    return grades, scores


# ------------------------------------------------------ brute-force agreement --


@FAST
@given(tied_judgements(), st.integers(1, 8))
def test_expected_precision_matches_brute_force(case, k):
    relevance, scores = case
    expected = mean_over_tie_orders(lambda r: precision_at_k(r, k), relevance, scores)
    assert expected_precision_at_k(relevance, scores, k) == pytest.approx(expected, abs=1e-12)


@FAST
@given(tied_judgements(), st.integers(0, 3))
def test_expected_average_precision_matches_brute_force(case, unretrieved):
    relevance, scores = case
    n_rel = max(sum(relevance) + unretrieved, 1)
    expected = mean_over_tie_orders(lambda r: average_precision(r, n_relevant=n_rel), relevance, scores)
    assert expected_average_precision(relevance, scores, n_relevant=n_rel) == pytest.approx(expected, abs=1e-12)


@FAST
@given(
    tied_judgements(max_grade=3),
    st.one_of(st.none(), st.integers(1, 8)),
    st.lists(st.integers(0, 3), max_size=3),
    st.sampled_from(["linear", "exponential"]),
)
def test_expected_ndcg_matches_brute_force(case, k, unretrieved_grades, gain):
    grades, scores = case
    judged = grades + unretrieved_grades + [1]  # at least one positive judged grade
    expected = mean_over_tie_orders(lambda g: ndcg_at_k(g, k, judged_grades=judged, gain=gain), grades, scores)
    assert expected_ndcg_at_k(grades, scores, k, judged_grades=judged, gain=gain) == pytest.approx(expected, abs=1e-12)


# ------------------------------------------------------------------ without ties --


@FAST
@given(st.lists(st.integers(0, 2), min_size=1, max_size=12), st.integers(1, 14), st.randoms(use_true_random=False))
def test_without_ties_the_plain_measures_come_back(grades, k, random):
    scores = random.sample(range(100), len(grades))  # distinct scores
    in_rank_order = [g for _, g in sorted(zip(scores, grades), reverse=True)]
    relevance = [int(g > 0) for g in grades]
    ranked_relevance = [int(g > 0) for g in in_rank_order]
    n_rel = sum(relevance) + 1
    assert expected_precision_at_k(relevance, scores, k) == pytest.approx(precision_at_k(ranked_relevance, k), abs=1e-12)
    assert expected_average_precision(relevance, scores, n_relevant=n_rel) == pytest.approx(
        average_precision(ranked_relevance, n_relevant=n_rel), abs=1e-12
    )
    judged = grades + [2]
    assert expected_ndcg_at_k(grades, scores, k, judged_grades=judged) == pytest.approx(
        ndcg_at_k(in_rank_order, k, judged_grades=judged), abs=1e-12
    )


@FAST
@given(tied_judgements(max_grade=2), st.integers(1, 7), st.randoms(use_true_random=False))
def test_the_input_order_does_not_matter(case, k, random):
    grades, scores = case
    pairs = list(zip(grades, scores))
    random.shuffle(pairs)
    shuffled_grades, shuffled_scores = [g for g, _ in pairs], [s for _, s in pairs]
    relevance = [int(g > 0) for g in grades]
    shuffled_relevance = [int(g > 0) for g in shuffled_grades]
    n_rel = sum(relevance) + 1
    judged = grades + [1]
    assert expected_precision_at_k(relevance, scores, k) == pytest.approx(
        expected_precision_at_k(shuffled_relevance, shuffled_scores, k), abs=1e-12
    )
    assert expected_average_precision(relevance, scores, n_relevant=n_rel) == pytest.approx(
        expected_average_precision(shuffled_relevance, shuffled_scores, n_relevant=n_rel), abs=1e-12
    )
    assert expected_ndcg_at_k(grades, scores, k, judged_grades=judged) == pytest.approx(
        expected_ndcg_at_k(shuffled_grades, shuffled_scores, k, judged_grades=judged), abs=1e-12
    )


# ----------------------------------------------------------------- by hand --


def test_all_tied_precision_is_the_share_of_relevant_items():
    # 2 relevant among 5 tied items: each rank holds a relevant item with chance 2/5.
    assert expected_precision_at_k([1, 0, 0, 1, 0], [7] * 5, k=3) == pytest.approx(0.4, abs=1e-15)
    # k beyond the ranking: the missing ranks count 0, P@10 = 2/10.
    assert expected_precision_at_k([1, 0, 0, 1, 0], [7] * 5, k=10) == pytest.approx(0.2, abs=1e-15)


def test_average_precision_of_three_tied_items_by_hand():
    # Orders of {1, 1, 0}: 110 -> 1, 101 -> (1 + 2/3)/2, 011 -> (1/2 + 2/3)/2.
    expected = (Fraction(1) + Fraction(5, 6) + Fraction(7, 12)) / 3  # 29/36
    assert expected_average_precision([1, 0, 1], [2.0, 2.0, 2.0], n_relevant=2) == pytest.approx(
        float(expected), abs=1e-15
    )


def test_ties_below_the_top_item():
    # Rank 1 is certain; ranks 2-3 tie between a relevant and a non-relevant item.
    # AP with |R| = 3: (1 + E[rel_2 * 2/2 + rel_3 * 2/3]) / 3 = (1 + (1 + 2/3)/2) / 3
    assert expected_average_precision([0, 1, 1], [0.5, 0.5, 0.9], n_relevant=3) == pytest.approx(
        (1 + (1 + 2 / 3) / 2) / 3, abs=1e-15
    )


def test_exponential_gain_averages_gains_not_grades():
    # Grades 3 and 1 tie at ranks 1-2. The mean gain is (7 + 1)/2 = 4, not 2**2 - 1 = 3.
    grades, scores, judged = [3, 1], [1.0, 1.0], [3, 1]
    ideal = 7 + 1 / np.log2(3)
    expected = (4 + 4 / np.log2(3)) / ideal
    assert expected_ndcg_at_k(grades, scores, None, judged_grades=judged, gain="exponential") == pytest.approx(expected, abs=1e-15)


def test_trec_tie_break_can_flatter_or_punish_a_run():
    # Two items tie at the top; only "d1" is relevant. trec_eval ranks "d2" first
    # (ids descending), so its P@1 is 0; the tie-aware value is 0.5.
    from rankmetrics_lite._adapters import rank_by_score, relevance_from_ids

    scores = {"d1": 0.8, "d2": 0.8}
    trec_relevance = relevance_from_ids(rank_by_score(scores), relevant_items={"d1"})
    assert precision_at_k(trec_relevance, 1) == 0.0
    assert expected_precision_at_k([1, 0], [0.8, 0.8], k=1) == 0.5


def test_empty_ranking():
    assert expected_precision_at_k([], [], k=3) == 0.0
    assert expected_average_precision([], [], n_relevant=2) == 0.0
    assert expected_ndcg_at_k([], [], 3, judged_grades=[1]) == 0.0


# ------------------------------------------------------------------ bad input --


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: expected_precision_at_k([1, 0], [0.5], 1), ValueError,
         r"scores must hold one score per entry of relevance: got 1 scores for 2 entries"),
        (lambda: expected_average_precision([1, 0], [0.5, 0.1, 0.2], n_relevant=1), ValueError,
         r"scores must hold one score per entry of relevance: got 3 scores for 2 entries"),
        (lambda: expected_ndcg_at_k([1, 0], [0.5], 1, judged_grades=[1]), ValueError,
         r"scores must hold one score per entry of grades: got 1 scores for 2 entries"),
        (lambda: expected_precision_at_k([1, 0], [0.5, float("nan")], 1), ValueError,
         r"scores must be finite"),
        (lambda: expected_precision_at_k([1, 0], "ab", 1), TypeError, r"scores must be a sequence of numbers"),
        (lambda: expected_precision_at_k([1, 0], {0: 1, 1: 2}, 1), TypeError, r"scores must be a sequence of numbers"),
        (lambda: expected_precision_at_k([1, 2], [0.5, 0.1], 1), ValueError, r"relevance must hold only 0"),
        (lambda: expected_precision_at_k([1, 0], [0.5, 0.1], 0), ValueError, r"k must be a positive integer, got 0"),
        (lambda: expected_precision_at_k([1, 0], [0.5, 0.1], 1.5), TypeError, r"k must be a positive integer"),
        (lambda: expected_average_precision([0, 0], [0.5, 0.1], n_relevant=0), ValueError,
         r"average precision is undefined when n_relevant is 0"),
        (lambda: expected_average_precision([1, 1], [0.5, 0.1], n_relevant=1), ValueError,
         r"n_relevant must be at least the number of relevant items in the ranking \(2\), got 1"),
        (lambda: expected_ndcg_at_k([1, 0], [0.5, 0.1], 2, judged_grades=[0, 0]), ValueError,
         r"nDCG is undefined when judged_grades holds no positive grade"),
        (lambda: expected_ndcg_at_k([2, 2], [0.5, 0.1], 2, judged_grades=[2, 1]), ValueError,
         r"grades holds 2 item\(s\) of grade 2 but judged_grades only 1"),
        (lambda: expected_ndcg_at_k([-1, 0], [0.5, 0.1], 2, judged_grades=[1]), ValueError, r"grades must be non-negative"),
        (lambda: expected_ndcg_at_k([1, 0], [0.5, 0.1], 2, judged_grades=[1], gain="log"), ValueError,
         r"gain must be one of 'linear', 'exponential'; got 'log'"),
        (lambda: expected_ndcg_at_k([1, 0], [0.5, 0.1], 0, judged_grades=[1]), ValueError, r"k must be a positive integer, got 0"),
    ],
)
def test_bad_input(call, error, message):
    with pytest.raises(error, match=message):
        call()
