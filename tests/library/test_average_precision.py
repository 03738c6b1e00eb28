"""Average precision and GMAP: hand-computed values, properties, reference tools, bad input."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankmetrics_lite._average_precision import average_precision, average_precision_rows, gmap
from rankmetrics_lite._reciprocal_rank import reciprocal_rank

FAST = settings(max_examples=40, deadline=None)
NORMALISATIONS = ["n_relevant", "min_k_n_relevant", "retrieved_relevant"]


@st.composite
def judged_rankings(draw, max_depth=25):
    """A binary ranking and an |R| >= 1 that may include relevant items never retrieved."""
    relevance = draw(st.lists(st.integers(0, 1), max_size=max_depth))
    missed = draw(st.integers(0 if sum(relevance) else 1, 5))
    return relevance, sum(relevance) + missed


# ------------------------------------------------------------ hand values --


def test_hand_computed_ap():
    assert average_precision([1, 0, 1, 0, 0], n_relevant=3) == pytest.approx((1 + 2 / 3) / 3)


def test_unretrieved_relevant_items_count_zero():
    assert average_precision([0, 1], n_relevant=4) == pytest.approx(0.5 / 4)


def test_ranking_with_no_relevant_item_scores_zero():
    assert average_precision([0, 0, 0], n_relevant=2) == 0.0
    assert average_precision([], n_relevant=2) == 0.0


@pytest.mark.parametrize(
    ("k", "normalisation", "expected"),
    [
        (2, "n_relevant", (1 + 1) / 4),
        (2, "min_k_n_relevant", (1 + 1) / 2),
        (2, "retrieved_relevant", (1 + 1) / 2),
        (5, "n_relevant", (1 + 1 + 3 / 5) / 4),
        (5, "min_k_n_relevant", (1 + 1 + 3 / 5) / 4),
        (5, "retrieved_relevant", (1 + 1 + 3 / 5) / 3),
        (None, "min_k_n_relevant", (1 + 1 + 3 / 5) / 4),
        (3, "min_k_n_relevant", (1 + 1) / 3),
    ],
)
def test_ap_at_k_normalisations(k, normalisation, expected):
    ap = average_precision([1, 1, 0, 0, 1], n_relevant=4, k=k, normalisation=normalisation)
    assert ap == pytest.approx(expected)


def test_retrieved_relevant_with_empty_top_k_scores_zero():
    ap = average_precision([0, 0, 1], n_relevant=1, k=2, normalisation="retrieved_relevant")
    assert ap == 0.0


def test_k_beyond_the_ranking_equals_whole_ranking():
    whole = average_precision([0, 1, 1], n_relevant=3)
    assert average_precision([0, 1, 1], n_relevant=3, k=50) == whole


# ----------------------------------------------------------------- kernel --


def test_kernel_scores_each_row_like_the_single_query_function():
    rankings = [[1, 0, 1, 0, 0], [0, 1], [0, 0, 0, 1, 1], []]
    n_rel = np.array([3, 2, 5, 1])
    rows = np.zeros((4, 5))
    for row, ranking in zip(rows, rankings):
        row[: len(ranking)] = ranking
    for normalisation in NORMALISATIONS:
        for k in (None, 1, 3):
            batch = average_precision_rows(rows, n_rel, k, normalisation)
            single = [
                average_precision(r, n_relevant=int(n), k=k, normalisation=normalisation) for r, n in zip(rankings, n_rel)
            ]
            np.testing.assert_allclose(batch, single)


def test_kernel_row_with_zero_denominator_scores_zero():
    rows = np.array([[0.0, 0.0], [1.0, 0.0]])
    np.testing.assert_array_equal(average_precision_rows(rows, np.array([0, 1])), [0.0, 1.0])
    result = average_precision_rows(rows, np.array([0, 1]), normalisation="retrieved_relevant")
    np.testing.assert_array_equal(result, [0.0, 1.0])


# ------------------------------------------------------------- properties --


@FAST
@given(judged_rankings(), st.sampled_from(NORMALISATIONS), st.one_of(st.none(), st.integers(1, 30)))
def test_ap_lies_in_unit_interval(ranking, normalisation, k):
    relevance, n_rel = ranking
    assert 0.0 <= average_precision(relevance, n_relevant=n_rel, k=k, normalisation=normalisation) <= 1.0 + 1e-12


@FAST
@given(st.integers(1, 10), st.integers(0, 10), st.sampled_from(NORMALISATIONS))
def test_ideal_ranking_scores_one(n_rel, n_irrelevant, normalisation):
    ideal = [1] * n_rel + [0] * n_irrelevant
    assert average_precision(ideal, n_relevant=n_rel, normalisation=normalisation) == pytest.approx(1.0)
    # A top k filled with relevant items is perfect under min(k, |R|).
    for k in range(1, n_rel + n_irrelevant + 1):
        assert average_precision(ideal, n_relevant=n_rel, k=k, normalisation="min_k_n_relevant") == pytest.approx(1.0)


@FAST
@given(st.integers(0, 20), st.integers(0, 20))
def test_ap_equals_rr_with_one_relevant_item(before, after):
    relevance = [0] * before + [1] + [0] * after
    assert average_precision(relevance, n_relevant=1) == pytest.approx(reciprocal_rank(relevance))


@FAST
@given(judged_rankings())
def test_ap_at_k_grows_with_k_under_trec_normalisation(ranking):
    relevance, n_rel = ranking
    scores = [average_precision(relevance, n_relevant=n_rel, k=k) for k in range(1, len(relevance) + 2)]
    assert all(a <= b + 1e-12 for a, b in zip(scores, scores[1:]))
    assert scores[-1] == pytest.approx(average_precision(relevance, n_relevant=n_rel))


@FAST
@given(judged_rankings())
def test_retrieved_relevant_never_below_trec_ap(ranking):
    relevance, n_rel = ranking
    trec = average_precision(relevance, n_relevant=n_rel)
    assert average_precision(relevance, n_relevant=n_rel, normalisation="retrieved_relevant") >= trec - 1e-12


# ----------------------------------------------------------- references --


@pytest.mark.reference
@FAST
@given(st.lists(st.integers(0, 1), min_size=1, max_size=30).filter(any))
def test_matches_sklearn_when_every_relevant_item_was_retrieved(relevance):
    # Distinct scores, descending with rank: sklearn sees the same ranking.
    from sklearn.metrics import average_precision_score
    scores = np.arange(len(relevance), 0, -1, dtype=float)
    expected = average_precision_score(relevance, scores)
    assert average_precision(relevance, n_relevant=sum(relevance)) == pytest.approx(expected)


@pytest.mark.reference
def test_sklearn_overstates_ap_when_relevant_items_were_missed():
    from sklearn.metrics import average_precision_score
    relevance = [1, 0, 1, 0]
    sklearn_ap = average_precision_score(relevance, [4.0, 3.0, 2.0, 1.0])
    assert sklearn_ap == pytest.approx(average_precision(relevance, n_relevant=2))
    assert average_precision(relevance, n_relevant=4) == pytest.approx(sklearn_ap / 2)


def _random_trec_query(rng: np.random.Generator) -> tuple[dict, dict]:
    """Qrels with grades 0-3 (at least one relevant) and a run with distinct scores."""
    grades = rng.integers(0, 4, size=rng.integers(1, 25))
    grades[rng.integers(grades.size)] = rng.integers(1, 4)
    qrels = {f"d{i:02d}": int(g) for i, g in enumerate(grades)}
    pool = list(qrels) + [f"u{i:02d}" for i in range(10)]  # u: never judged
    retrieved = rng.choice(pool, size=rng.integers(1, len(pool) + 1), replace=False)
    run = {str(doc): float(score) for doc, score in zip(retrieved, rng.permutation(retrieved.size))}
    return qrels, run


def _trec_order(run: dict) -> list[str]:
    return sorted(run, key=lambda doc: (run[doc], doc), reverse=True)


@pytest.mark.reference
def test_matches_pytrec_eval_map_and_map_cut():
    import pytrec_eval
    rng = np.random.default_rng(20240501)
    queries = {f"q{n}": _random_trec_query(rng) for n in range(30)}
    evaluator = pytrec_eval.RelevanceEvaluator(
        {q: qrels for q, (qrels, _) in queries.items()}, {"map", "map_cut.5", "gm_map"}
    )
    reference = evaluator.evaluate({q: run for q, (_, run) in queries.items()})
    aps = []
    for q, (qrels, run) in queries.items():
        relevance = [int(qrels.get(doc, 0) >= 1) for doc in _trec_order(run)]
        n_rel = sum(g >= 1 for g in qrels.values())
        aps.append(average_precision(relevance, n_relevant=n_rel))
        assert aps[-1] == pytest.approx(reference[q]["map"], abs=1e-12)
        ap_at_5 = average_precision(relevance, n_relevant=n_rel, k=5)
        assert ap_at_5 == pytest.approx(reference[q]["map_cut_5"], abs=1e-12)
    # pytrec_eval reports gm_map per query as a log; the mean of logs, exponentiated, is GMAP.
    expected_gmap = math.exp(np.mean([reference[q]["gm_map"] for q in queries]))
    assert gmap(aps) == pytest.approx(expected_gmap)


# ------------------------------------------------------------------- GMAP --


def test_gmap_hand_values():
    assert gmap([0.4, 0.1]) == pytest.approx(0.2)
    assert gmap([0.5]) == pytest.approx(0.5)
    assert gmap([0.5, 0.0]) == pytest.approx(math.sqrt(0.5 * 1e-5))
    assert gmap(np.array([1e-7, 1.0])) == pytest.approx(math.sqrt(1e-5))  # floor applies below 1e-5


@FAST
@given(st.lists(st.floats(0, 1), min_size=1, max_size=20))
def test_gmap_never_exceeds_map_of_floored_values(values):
    floored = np.maximum(values, 1e-5)
    assert gmap(values) <= floored.mean() * (1 + 1e-9)


# -------------------------------------------------------------- bad input --


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"relevance": [1, 2], "n_relevant": 2}, ValueError, "relevance must hold only 0"),
        ({"relevance": [1, float("nan")], "n_relevant": 2}, ValueError, "relevance must be finite"),
        ({"relevance": "101", "n_relevant": 2}, TypeError, "relevance must be a sequence"),
        ({"relevance": [0, 0], "n_relevant": 0}, ValueError, "average precision is undefined when n_relevant is 0"),
        ({"relevance": [1, 1], "n_relevant": 1}, ValueError, "n_relevant must be at least the number"),
        ({"relevance": [1, 0], "n_relevant": 1.5}, TypeError, "n_relevant must be a non-negative integer"),
        ({"relevance": [1, 0], "n_relevant": 1, "k": 0}, ValueError, "k must be a positive integer, got 0"),
        ({"relevance": [1, 0], "n_relevant": 1, "k": 2.0}, TypeError, "k must be a positive integer"),
        (
            {"relevance": [1, 0], "n_relevant": 1, "normalisation": "R"},
            ValueError,
            "normalisation must be one of 'n_relevant', 'min_k_n_relevant', 'retrieved_relevant'; got 'R'",
        ),
        ({"relevance": [1, 0], "n_relevant": 1, "normalisation": None}, TypeError, "normalisation must be one of"),
    ],
)
def test_average_precision_rejects_bad_input(kwargs, error, message):
    with pytest.raises(error, match=message):
        average_precision(**kwargs)


def test_kernel_rejects_unknown_normalisation():
    with pytest.raises(ValueError, match="normalisation must be one of"):
        average_precision_rows(np.ones((1, 2)), np.array([2]), normalisation="min_k")


@pytest.mark.parametrize(
    ("values", "error", "message"),
    [
        ([], ValueError, r"ap_values must be a non-empty 1-D sequence \(one AP per query\), got shape \(0,\)"),
        ([[0.1, 0.2]], ValueError, "ap_values must be a non-empty 1-D sequence"),
        ([0.5, 1.5], ValueError, r"ap_values must lie in \[0, 1\]; query 2 holds 1.5"),
        ([0.5, -0.1], ValueError, r"ap_values must lie in \[0, 1\]; query 2 holds -0.1"),
        ([float("nan")], ValueError, r"ap_values must lie in \[0, 1\]; query 1 holds nan"),
        (0.5, TypeError, "ap_values must be a sequence of per-query AP values"),
        ("0.5", TypeError, "ap_values must be a sequence of per-query AP values"),
        (["a"], TypeError, "ap_values must contain only numbers"),
    ],
)
def test_gmap_rejects_bad_input(values, error, message):
    with pytest.raises(error, match=message):
        gmap(values)
