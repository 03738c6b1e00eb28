"""DCG and nDCG: hand-computed values, properties, reference tools, bad input."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankmetrics_lite._dcg import dcg_rows, dcg_at_k, ndcg_at_k, ndcg_rows

FAST = settings(max_examples=40, deadline=None)
GAINS = ["linear", "exponential"]
grades = st.integers(0, 4)
cutoffs = st.one_of(st.none(), st.integers(1, 25))


@st.composite
def judged_queries(draw):
    """Judged grades (at least one positive) and a ranking of some of them plus unjudged items."""
    judged = draw(st.lists(grades, min_size=1, max_size=20).filter(lambda g: max(g) > 0))
    order = draw(st.permutations(range(len(judged))))
    n_returned = draw(st.integers(0, len(judged)))
    ranking = [judged[i] for i in order[:n_returned]]
    for _ in range(draw(st.integers(0, 5))):  # unjudged items: grade 0, anywhere
        ranking.insert(draw(st.integers(0, len(ranking))), 0)
    return ranking, judged


# ------------------------------------------------------------ hand values --


def test_dcg_hand_values():
    assert dcg_at_k([3, 2, 0, 1], k=3) == pytest.approx(3 + 2 / math.log2(3))
    assert dcg_at_k([3, 2, 0, 1], k=None) == pytest.approx(3 + 2 / math.log2(3) + 1 / math.log2(5))
    assert dcg_at_k([3, 2, 0, 1], k=2, gain="exponential") == pytest.approx(7 + 3 / math.log2(3))
    assert dcg_at_k([], k=3) == 0.0


def test_dcg_k_beyond_the_ranking_equals_whole_ranking():
    assert dcg_at_k([1, 2], k=10) == dcg_at_k([1, 2], k=None)


def test_ndcg_hand_value_with_a_missed_relevant_item():
    dcg = 2 + 0 + 1 / math.log2(4)
    ideal = 3 + 2 / math.log2(3) + 1 / math.log2(4)
    assert ndcg_at_k([2, 0, 1], k=None, judged_grades=[3, 2, 1, 0]) == pytest.approx(dcg / ideal)
    # At k=2 the ideal is truncated too: [3, 2].
    ideal_at_2 = 3 + 2 / math.log2(3)
    assert ndcg_at_k([2, 0, 1], k=2, judged_grades=[3, 2, 1, 0]) == pytest.approx(2 / ideal_at_2)


def test_ideal_from_judged_grades_is_lower_than_from_the_returned_list():
    returned_only = ndcg_at_k([2, 0, 1], k=None, judged_grades=[2, 0, 1])
    all_judged = ndcg_at_k([2, 0, 1], k=None, judged_grades=[3, 2, 1, 0])
    assert all_judged < returned_only < 1.0


@FAST
@given(judged_queries())
def test_missed_relevant_items_lower_ndcg(query):
    ranking, judged = query
    returned = [g for g in ranking if g > 0]
    if not returned or sorted(returned) == sorted(g for g in judged if g > 0):
        return  # nothing retrieved, or nothing relevant missed
    with_all = ndcg_at_k(ranking, None, judged_grades=judged)
    with_returned = ndcg_at_k(ranking, None, judged_grades=returned)
    assert with_all < with_returned


def test_unjudged_items_count_as_grade_zero():
    assert ndcg_at_k([0, 0, 2], k=None, judged_grades=[2]) == pytest.approx(1 / math.log2(4))


# ----------------------------------------------------------------- kernel --


def test_kernels_score_each_row_like_the_single_query_functions():
    rankings = [[3, 2, 0, 1], [0, 1], [], [2, 2, 2]]
    judged = [[3, 2, 1, 1, 0], [1, 1, 3], [2], [2, 2, 2, 4]]
    rows = np.zeros((4, 4))
    ideal = np.zeros((4, 5))
    for n, (ranking, grades_) in enumerate(zip(rankings, judged)):
        rows[n, : len(ranking)] = ranking
        ideal[n, : len(grades_)] = sorted(grades_, reverse=True)
    for gain in GAINS:
        for k in (None, 1, 3):
            expected = [dcg_at_k(r, k, gain=gain) for r in rankings]
            np.testing.assert_allclose(dcg_rows(rows, k, gain), expected)
            expected = [ndcg_at_k(r, k, judged_grades=j, gain=gain) for r, j in zip(rankings, judged)]
            np.testing.assert_allclose(ndcg_rows(rows, ideal, k, gain), expected)


def test_ndcg_kernel_row_without_positive_grade_scores_zero():
    result = ndcg_rows(np.array([[0.0, 0.0], [1.0, 0.0]]), np.array([[0.0, 0.0], [1.0, 0.0]]))
    np.testing.assert_array_equal(result, [0.0, 1.0])


# ------------------------------------------------------------- properties --


@FAST
@given(judged_queries(), cutoffs, st.sampled_from(GAINS))
def test_ndcg_lies_in_unit_interval(query, k, gain):
    ranking, judged = query
    assert 0.0 <= ndcg_at_k(ranking, k, judged_grades=judged, gain=gain) <= 1.0 + 1e-12


@FAST
@given(st.lists(grades, min_size=1, max_size=20).filter(any), cutoffs, st.sampled_from(GAINS))
def test_ideal_ranking_scores_one(judged, k, gain):
    ideal = sorted(judged, reverse=True)
    assert ndcg_at_k(ideal, k, judged_grades=judged, gain=gain) == pytest.approx(1.0)


@FAST
@given(st.lists(st.integers(0, 1), max_size=20), cutoffs)
def test_linear_and_exponential_gain_agree_on_binary_grades(relevance, k):
    assert dcg_at_k(relevance, k, gain="linear") == pytest.approx(dcg_at_k(relevance, k, gain="exponential"))


@FAST
@given(st.lists(grades, max_size=20))
def test_dcg_grows_with_k(ranking):
    scores = [dcg_at_k(ranking, k) for k in range(1, len(ranking) + 2)]
    assert all(a <= b + 1e-12 for a, b in zip(scores, scores[1:]))


# ----------------------------------------------------------- references --


@pytest.mark.reference
@FAST
@given(st.lists(grades, min_size=2, max_size=20).filter(lambda g: max(g) > 0), st.integers(1, 25))
def test_matches_sklearn_on_a_ranking_of_every_judged_item(judged, k):
    # sklearn builds the ideal from the list it is given, so pass every judged
    # item; distinct scores keep its tie averaging out of the way.
    from sklearn.metrics import dcg_score, ndcg_score
    scores = np.arange(len(judged), 0, -1, dtype=float)
    assert dcg_at_k(judged, k) == pytest.approx(dcg_score([judged], [scores], k=k))
    assert ndcg_at_k(judged, k, judged_grades=judged) == pytest.approx(ndcg_score([judged], [scores], k=k))


@pytest.mark.reference
def test_matches_pytrec_eval_ndcg_and_ndcg_cut():
    import pytrec_eval
    rng = np.random.default_rng(11)
    qrels, run = {}, {}
    for n in range(30):
        grades_ = rng.integers(0, 4, size=rng.integers(1, 25))
        grades_[rng.integers(grades_.size)] = rng.integers(1, 4)  # at least one relevant item
        qrels[f"q{n}"] = {f"d{i:02d}": int(g) for i, g in enumerate(grades_)}
        pool = list(qrels[f"q{n}"]) + [f"u{i:02d}" for i in range(10)]  # u: never judged
        retrieved = rng.choice(pool, size=rng.integers(1, len(pool) + 1), replace=False)
        scores = rng.permutation(retrieved.size)  # distinct: no ties to break
        run[f"q{n}"] = {str(d): float(s) for d, s in zip(retrieved, scores)}
    reference = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg", "ndcg_cut.5"}).evaluate(run)
    for q in reference:
        ranking = sorted(run[q], key=lambda doc: (run[q][doc], doc), reverse=True)
        gains = [qrels[q].get(doc, 0) for doc in ranking]
        judged = list(qrels[q].values())
        assert ndcg_at_k(gains, None, judged_grades=judged) == pytest.approx(reference[q]["ndcg"], abs=1e-12)
        assert ndcg_at_k(gains, 5, judged_grades=judged) == pytest.approx(reference[q]["ndcg_cut_5"], abs=1e-12)


# -------------------------------------------------------------- bad input --


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        (([2, -1], 2), ValueError, "grades must be non-negative; rank 2 holds -1"),
        (([2, float("nan")], 2), ValueError, "grades must be finite"),
        (([[1, 2]], 2), ValueError, "grades must be one-dimensional"),
        (([1, 2], 0), ValueError, "k must be a positive integer, got 0"),
        (([1, 2], "5"), TypeError, "k must be a positive integer"),
        (([1, 2], 2, "exp"), ValueError, "gain must be one of 'linear', 'exponential'; got 'exp'"),
        (([1, 2], 2, None), TypeError, "gain must be one of 'linear', 'exponential'"),
        (([1, 1200], 2, "exponential"), ValueError, "grades holds the grade 1200, too large for the exponential"),
    ],
)
def test_dcg_rejects_bad_input(args, error, message):
    with pytest.raises(error, match=message):
        grades, k, *rest = args
        dcg_at_k(grades, k, **dict(zip(["gain"], rest)))


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        (([2, -1], 2, [2, 1]), ValueError, "grades must be non-negative"),
        (([2, 1], 2, [2, -1]), ValueError, "judged_grades must be non-negative"),
        (([2, 1], 2, 3), TypeError, "judged_grades must be a sequence"),
        (([2, 1], -1, [2, 1]), ValueError, "k must be a positive integer, got -1"),
        (([2, 1], 2, [2, 1], "Burges"), ValueError, "gain must be one of 'linear', 'exponential'"),
        (([0, 0], 2, [0, 0]), ValueError, "nDCG is undefined when judged_grades holds no positive grade"),
        (([0, 0], 2, []), ValueError, "nDCG is undefined when judged_grades holds no positive grade"),
        (
            ([2, 2, 1], 2, [2, 1, 1]),
            ValueError,
            r"grades holds 2 item\(s\) of grade 2 but judged_grades only 1: judged_grades must list",
        ),
        (([3], None, [2, 1]), ValueError, r"grades holds 1 item\(s\) of grade 3 but judged_grades only 0"),
        (([1], None, [1, 1100], "exponential"), ValueError, "judged_grades holds the grade 1100, too large"),
    ],
)
def test_ndcg_rejects_bad_input(args, error, message):
    with pytest.raises(error, match=message):
        grades, k, *rest = args
        ndcg_at_k(grades, k, **dict(zip(["judged_grades", "gain"], rest)))


def test_kernel_rejects_unknown_gain():
    with pytest.raises(ValueError, match="gain must be one of"):
        dcg_rows(np.ones((1, 2)), gain="log")
