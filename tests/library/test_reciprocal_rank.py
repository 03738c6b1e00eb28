"""Reciprocal rank and ERR: hand-computed values, properties, trec_eval, bad input."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankmetrics_lite._reciprocal_rank import (
    _err_rows,
    expected_reciprocal_rank,
    reciprocal_rank,
    reciprocal_rank_rows,
)

FAST = settings(max_examples=40, deadline=None)
grade_lists = st.lists(st.integers(0, 4), max_size=20)

# ---------------------------------------------------------------- RR hand --


@pytest.mark.parametrize(
    ("relevance", "k", "expected"),
    [
        ([1, 0, 1], None, 1.0),
        ([0, 0, 1, 0, 1], None, 1 / 3),
        ([0, 0, 1, 0, 1], 2, 0.0),
        ([0, 0, 1, 0, 1], 3, 1 / 3),
        ([0, 0, 0], None, 0.0),
        ([], None, 0.0),
        ([0, 1], 10, 0.5),
    ],
)
def test_reciprocal_rank_hand_values(relevance, k, expected):
    assert reciprocal_rank(relevance, k) == pytest.approx(expected)


def test_mrr_is_not_one_over_mean_rank():
    first_ranks = [1, 3]
    rr = [reciprocal_rank([0] * (r - 1) + [1]) for r in first_ranks]
    assert np.mean(rr) == pytest.approx(2 / 3)
    assert 1 / np.mean(first_ranks) == pytest.approx(0.5)


def test_rr_kernel_scores_each_row():
    rows = np.array([[0, 0, 1.0], [1.0, 1.0, 0], [0, 0, 0]])
    np.testing.assert_allclose(reciprocal_rank_rows(rows), [1 / 3, 1.0, 0.0])
    np.testing.assert_allclose(reciprocal_rank_rows(rows, k=2), [0.0, 1.0, 0.0])
    np.testing.assert_array_equal(reciprocal_rank_rows(np.zeros((2, 0))), [0.0, 0.0])


@FAST
@given(st.lists(st.integers(0, 1), max_size=25), st.integers(1, 30))
def test_rr_at_k_is_rr_of_the_top_k(relevance, k):
    assert reciprocal_rank(relevance, k) == reciprocal_rank(relevance[:k])


@pytest.mark.reference
def test_matches_pytrec_eval_recip_rank():
    import pytrec_eval
    rng = np.random.default_rng(7)
    qrels, run = {}, {}
    for n in range(30):
        grades = rng.integers(0, 3, size=rng.integers(1, 20))
        qrels[f"q{n}"] = {f"d{i:02d}": int(g) for i, g in enumerate(grades)}
        pool = list(qrels[f"q{n}"]) + [f"u{i:02d}" for i in range(8)]  # u: never judged
        retrieved = rng.choice(pool, size=rng.integers(1, len(pool) + 1), replace=False)
        scores = rng.permutation(retrieved.size)  # distinct: no ties to break
        run[f"q{n}"] = {str(d): float(s) for d, s in zip(retrieved, scores)}
    reference = pytrec_eval.RelevanceEvaluator(qrels, {"recip_rank"}).evaluate(run)
    for q in reference:
        ranking = sorted(run[q], key=lambda doc: (run[q][doc], doc), reverse=True)
        relevance = [int(qrels[q].get(doc, 0) >= 1) for doc in ranking]
        assert reciprocal_rank(relevance) == pytest.approx(reference[q]["recip_rank"], abs=1e-12)


# --------------------------------------------------------------- ERR hand --


def _err_by_cascade(grades, max_grade):
    """ERR read literally off Chapelle et al. (2009), one rank at a time (test oracle)."""
    p_reach, err = 1.0, 0.0
    for rank, grade in enumerate(grades, start=1):
        stop = (2**grade - 1) / 2**max_grade
        err += p_reach * stop / rank
        p_reach *= 1 - stop
    return err


@pytest.mark.parametrize(
    ("grades", "k", "max_grade", "expected"),
    [
        ([3, 2], None, 3, 7 / 8 + (1 / 2) * (1 / 8) * (3 / 8)),
        ([3, 2], 1, 3, 7 / 8),
        ([2, 1], None, None, 3 / 4 + (1 / 2) * (1 / 4) * (1 / 4)),  # max_grade defaults to 2
        ([0, 0, 4], None, 4, (15 / 16) / 3),  # one relevant item: R / rank
        ([0, 1], None, 1, 0.25),
        ([0, 0], None, None, 0.0),
        ([], None, None, 0.0),
        ([1, 1, 1], None, 1, 1 / 2 + (1 / 2) ** 2 / 2 + (1 / 2) ** 3 / 3),
    ],
)
def test_err_hand_values(grades, k, max_grade, expected):
    assert expected_reciprocal_rank(grades, k, max_grade=max_grade) == pytest.approx(expected)


@FAST
@given(grade_lists, st.integers(0, 3))
def test_err_matches_the_cascade_read_literally(grades, headroom):
    max_grade = max(grades, default=0) + headroom
    expected = _err_by_cascade(grades, max_grade)
    assert expected_reciprocal_rank(grades, max_grade=max_grade) == pytest.approx(expected)


@FAST
@given(grade_lists)
def test_err_lies_in_unit_interval_and_grows_with_k(grades):
    scores = [expected_reciprocal_rank(grades, k, max_grade=4) for k in range(1, len(grades) + 2)]
    assert all(0.0 <= s < 1.0 for s in scores)
    assert all(a <= b + 1e-12 for a, b in zip(scores, scores[1:]))


@FAST
@given(st.lists(st.integers(0, 4), min_size=2, max_size=15), st.data())
def test_moving_a_higher_grade_up_never_lowers_err(grades, data):
    i = data.draw(st.integers(0, len(grades) - 2))
    low, high = sorted(grades[i : i + 2])
    worse = grades[:i] + [low, high] + grades[i + 2 :]
    better = grades[:i] + [high, low] + grades[i + 2 :]
    err_better = expected_reciprocal_rank(better, max_grade=4)
    assert err_better >= expected_reciprocal_rank(worse, max_grade=4) - 1e-12


def test_err_kernel_takes_one_max_grade_per_row():
    rows = np.array([[3.0, 2.0], [0.0, 1.0]])
    np.testing.assert_allclose(_err_rows(rows, np.array([3, 1])), [0.8984375, 0.25])
    np.testing.assert_allclose(_err_rows(rows, 3), [0.8984375, (1 / 8) / 2])
    np.testing.assert_allclose(_err_rows(rows, 3, k=1), [7 / 8, 0.0])


# -------------------------------------------------------------- bad input --


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        (([1, 2],), ValueError, "relevance must hold only 0 .* rank 2 holds 2"),
        (([1, 0], 0), ValueError, "k must be a positive integer, got 0"),
        (([1, 0], True), TypeError, "k must be a positive integer"),
        ((None,), TypeError, "relevance must be a sequence"),
    ],
)
def test_reciprocal_rank_rejects_bad_input(args, error, message):
    with pytest.raises(error, match=message):
        reciprocal_rank(*args)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"grades": [2, -1]}, ValueError, "grades must be non-negative; rank 2 holds -1"),
        ({"grades": [2, float("inf")]}, ValueError, "grades must be finite"),
        ({"grades": [1], "k": 0}, ValueError, "k must be a positive integer, got 0"),
        (
            {"grades": [3, 1], "max_grade": 2},
            ValueError,
            r"max_grade must be a finite number at least as large as every grade \(largest grade given: 3\), got 2",
        ),
        ({"grades": [], "max_grade": -1}, ValueError, "max_grade must be a finite number at least as large"),
        ({"grades": [1], "max_grade": float("nan")}, ValueError, "max_grade must be a finite number"),
        ({"grades": [1], "max_grade": "4"}, TypeError, "max_grade must be a number"),
        ({"grades": [1], "max_grade": True}, TypeError, "max_grade must be a number"),
        ({"grades": [2000]}, ValueError, "grades holds the grade 2000, too large for the exponential gain"),
    ],
)
def test_err_rejects_bad_input(kwargs, error, message):
    with pytest.raises(error, match=message):
        expected_reciprocal_rank(**kwargs)
