"""Tests of the cutoff measures: P@k, R@k, F1@k, R-precision, hit rate, all-k curves.

Four kinds: the worked examples of the course's source, recomputed by hand;
properties that hold for every ranking (hypothesis); a cross-check against
trec_eval (pytrec_eval); and every kind of bad input, with its message.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankmetrics_lite._adapters import relevance_from_ids
from rankmetrics_lite._cutoff_metrics import (
    f1_at_k,
    hit_rate_at_k,
    precision_at_k,
    precision_recall_at_all_k,
    r_precision,
    recall_at_k,
)

FAST = settings(max_examples=60, deadline=None)

# ------------------------------------------------ the source's worked examples --

# The 'machine learning' query: ten results, relevant at ranks 1, 3, 4, 6, 8, 10.
ML_QUERY = [1, 0, 1, 1, 0, 1, 0, 1, 0, 1]
ML_HITS = [1, 1, 2, 3, 3, 4, 4, 5, 5, 6]  # the table's "Cumulative Relevant" column
# The P@k column as the source prints it (three decimals).
ML_PRECISION_PRINTED = [1.000, 0.500, 0.667, 0.750, 0.600, 0.667, 0.571, 0.625, 0.556, 0.600]
# The R@k column with |R| = 8.
ML_RECALL_PRINTED = [0.125, 0.125, 0.250, 0.375, 0.375, 0.500, 0.500, 0.625, 0.625, 0.750]


@pytest.mark.parametrize("k", range(1, 11))
def test_ml_query_precision_at_every_k(k):
    assert precision_at_k(ML_QUERY, k) == pytest.approx(float(Fraction(ML_HITS[k - 1], k)), abs=1e-15)
    assert round(precision_at_k(ML_QUERY, k), 3) == ML_PRECISION_PRINTED[k - 1]


@pytest.mark.parametrize("k", range(1, 11))
def test_ml_query_recall_at_every_k_with_eight_relevant(k):
    assert recall_at_k(ML_QUERY, k, n_relevant=8) == ML_HITS[k - 1] / 8
    assert recall_at_k(ML_QUERY, k, n_relevant=8) == ML_RECALL_PRINTED[k - 1]


def test_ml_query_curves_match_the_tables():
    curves = precision_recall_at_all_k(ML_QUERY, n_relevant=8)
    assert curves["k"].tolist() == list(range(1, 11))
    assert curves["hits"].tolist() == ML_HITS
    assert np.round(curves["precision"], 3).tolist() == ML_PRECISION_PRINTED
    assert curves["recall"].tolist() == ML_RECALL_PRINTED


def test_ml_query_precision_is_not_monotonic_but_recall_is():
    precision = [precision_at_k(ML_QUERY, k) for k in range(1, 11)]
    recall = [recall_at_k(ML_QUERY, k, n_relevant=8) for k in range(1, 11)]
    assert precision[0] > precision[1] < precision[3] > precision[4]  # 1.0, 0.5, 0.75, 0.6
    assert all(a <= b for a, b in zip(recall, recall[1:]))


# The 20-item example with |R| = 10.
TWENTY = [1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1]


@pytest.mark.parametrize(
    "k, hits, precision, recall",
    [
        (1, 1, 1.0, 0.1),
        (3, 2, 2 / 3, 0.2),
        (5, 3, 0.6, 0.3),
        (10, 6, 0.6, 0.6),
        (15, 7, 7 / 15, 0.7),
        (20, 9, 0.45, 0.9),
    ],
)
def test_twenty_item_example(k, hits, precision, recall):
    assert sum(TWENTY) == 9
    assert precision_at_k(TWENTY, k) == pytest.approx(precision, abs=1e-15)
    assert recall_at_k(TWENTY, k, n_relevant=10) == pytest.approx(recall, abs=1e-15)
    curves = precision_recall_at_all_k(TWENTY, n_relevant=10)
    assert curves["hits"][k - 1] == hits
    # The source's check of P@k * k = R@k * |R| at k = 5 and 10 (3 and 6).
    assert precision_at_k(TWENTY, k) * k == pytest.approx(recall_at_k(TWENTY, k, n_relevant=10) * 10)


# The product search for "wireless headphones": 6 relevant products, 15 results.
RELEVANT_PRODUCTS = {
    "sony_wh1000xm4", "bose_qc45", "apple_airpods_max",
    "sennheiser_momentum", "jabra_elite_85h", "audio_technica_m50x",
}
SEARCH_RESULTS = [
    "sony_wh1000xm4", "cheap_wired_earbuds", "bose_qc45", "phone_case", "apple_airpods_max",
    "usb_cable", "jabra_elite_85h", "random_speaker", "bluetooth_adapter", "sennheiser_momentum",
    "gaming_headset", "microphone", "audio_technica_m50x", "laptop_stand", "mouse_pad",
]


@pytest.mark.parametrize(
    "k, precision, recall",
    [(1, 1.0, 1 / 6), (3, 2 / 3, 2 / 6), (5, 3 / 5, 3 / 6), (10, 5 / 10, 5 / 6)],
)
def test_product_search_example(k, precision, recall):
    relevance = relevance_from_ids(SEARCH_RESULTS, relevant_items=RELEVANT_PRODUCTS)
    assert relevance == [1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0]
    assert precision_at_k(relevance, k) == pytest.approx(precision, abs=1e-15)
    assert recall_at_k(relevance, k, n_relevant=len(RELEVANT_PRODUCTS)) == pytest.approx(recall, abs=1e-15)


def test_product_search_r_precision():
    relevance = relevance_from_ids(SEARCH_RESULTS, relevant_items=RELEVANT_PRODUCTS)
    # The first 6 results hold 3 relevant products.
    assert r_precision(relevance, n_relevant=6) == 0.5
    # All six are found by rank 13: recall reaches 1 there and not before.
    assert recall_at_k(relevance, 12, n_relevant=6) == 5 / 6
    assert recall_at_k(relevance, 13, n_relevant=6) == 1.0


@pytest.mark.parametrize(
    "ranking, n_relevant, expected",
    [
        ([1, 1, 1, 1, 1, 0, 0, 0, 0, 0], 5, 1.0),  # perfect ranking
        ([1, 0, 1, 0, 1, 0, 0, 1, 0, 1], 5, 0.6),  # imperfect: 3 of the top 5
        ([0, 0, 0, 1, 1, 1, 0, 0, 0, 0], 3, 0.0),  # worst: every relevant item after rank 3
    ],
)
def test_r_precision_examples(ranking, n_relevant, expected):
    assert r_precision(ranking, n_relevant=n_relevant) == expected
    assert precision_at_k(ranking, n_relevant) == expected
    assert recall_at_k(ranking, n_relevant, n_relevant=n_relevant) == expected


def test_k_dependent_winner():
    x = [1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    y = [0, 0, 1, 1, 1, 0, 0, 0, 0, 0]
    expected = {2: (1.0, 0.0), 3: (2 / 3, 1 / 3), 5: (0.4, 0.6), 10: (0.2, 0.3)}
    for k, (p_x, p_y) in expected.items():
        assert precision_at_k(x, k) == pytest.approx(p_x, abs=1e-15)
        assert precision_at_k(y, k) == pytest.approx(p_y, abs=1e-15)
    # X wins at k = 2 and 3, Y at k = 5 and 10.
    assert [precision_at_k(x, k) > precision_at_k(y, k) for k in (2, 3, 5, 10)] == [True, True, False, False]


def test_position_blindness_within_the_cutoff():
    top = [1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
    bottom = [0, 0, 0, 0, 0, 0, 0, 1, 1, 1]
    assert precision_at_k(top, 10) == precision_at_k(bottom, 10) == pytest.approx(0.3, abs=1e-15)


# ------------------------------------------------------- other hand-computed --


def test_short_ranking_still_divides_by_k():
    assert precision_at_k([1, 1], 5) == 0.4
    assert precision_at_k([], 3) == 0.0
    assert recall_at_k([1, 1], 5, n_relevant=4) == 0.5
    assert r_precision([1, 1], n_relevant=4) == 0.5  # ranks 3 and 4 are missing: not relevant


def test_f1_and_hit_rate_by_hand():
    ranking = [0, 1, 0, 1]
    assert f1_at_k(ranking, 2, n_relevant=3) == pytest.approx(2 * 0.5 * (1 / 3) / (0.5 + 1 / 3))
    assert f1_at_k(ranking, 1, n_relevant=3) == 0.0  # nothing found: 0, not 0/0
    assert hit_rate_at_k(ranking, 1) == 0.0
    assert hit_rate_at_k(ranking, 2) == 1.0


def test_empty_ranking_gives_empty_curves():
    curves = precision_recall_at_all_k([], n_relevant=2)
    assert all(curves[name].size == 0 for name in ("k", "hits", "precision", "recall", "f1"))


def test_accepts_tuples_arrays_and_bools():
    assert precision_at_k((1, 0), 2) == precision_at_k(np.array([1, 0]), 2) == 0.5
    assert precision_at_k([True, False], 2) == 0.5
    assert precision_at_k([1, 0], np.int64(2)) == 0.5


def test_returns_plain_floats():
    assert type(precision_at_k([1], 1)) is float
    assert type(recall_at_k([1], 1, n_relevant=1)) is float
    assert type(r_precision([1], n_relevant=1)) is float


# ------------------------------------------------------------------ properties --


@st.composite
def judged_rankings(draw, max_len=25):
    """A 0/1 ranking and a |R| at least as large as its relevant items, and >= 1."""
    relevance = draw(st.lists(st.integers(0, 1), max_size=max_len))
    n_relevant = sum(relevance) + draw(st.integers(0, 8))
    return relevance, max(n_relevant, 1)


@FAST
@given(judged_rankings())
def test_r_precision_is_precision_and_recall_at_r(case):
    relevance, n_rel = case
    rprec = r_precision(relevance, n_relevant=n_rel)
    assert precision_at_k(relevance, n_rel) == pytest.approx(rprec, abs=1e-12)
    assert recall_at_k(relevance, n_rel, n_relevant=n_rel) == pytest.approx(rprec, abs=1e-12)


@FAST
@given(judged_rankings(), st.integers(1, 30))
def test_precision_times_k_is_recall_times_r(case, k):
    relevance, n_rel = case
    hits = sum(relevance[:k])
    assert precision_at_k(relevance, k) * k == pytest.approx(hits, abs=1e-12)
    assert recall_at_k(relevance, k, n_relevant=n_rel) * n_rel == pytest.approx(hits, abs=1e-12)


@FAST
@given(judged_rankings())
def test_recall_never_decreases_with_k(case):
    relevance, n_rel = case
    recall = [recall_at_k(relevance, k, n_relevant=n_rel) for k in range(1, len(relevance) + 3)]
    assert all(a <= b for a, b in zip(recall, recall[1:]))
    assert recall[-1] == sum(relevance) / n_rel  # past the end it stays at the final value


@FAST
@given(judged_rankings(), st.integers(1, 30))
def test_bounds(case, k):
    relevance, n_rel = case
    assert 0 <= precision_at_k(relevance, k) <= min(1, n_rel / k) + 1e-12
    assert 0 <= recall_at_k(relevance, k, n_relevant=n_rel) <= min(1, k / n_rel) + 1e-12
    assert 0 <= f1_at_k(relevance, k, n_relevant=n_rel) <= 1


@FAST
@given(judged_rankings())
def test_all_k_agrees_with_single_k(case):
    relevance, n_rel = case
    curves = precision_recall_at_all_k(relevance, n_relevant=n_rel)
    for k in curves["k"]:
        k = int(k)
        assert curves["hits"][k - 1] == sum(relevance[:k])
        assert curves["precision"][k - 1] == pytest.approx(precision_at_k(relevance, k), abs=1e-12)
        assert curves["recall"][k - 1] == pytest.approx(recall_at_k(relevance, k, n_relevant=n_rel), abs=1e-12)
        assert curves["f1"][k - 1] == pytest.approx(f1_at_k(relevance, k, n_relevant=n_rel), abs=1e-12)


@FAST
@given(judged_rankings(), st.integers(1, 30))
def test_f1_is_the_harmonic_mean_and_hit_rate_the_indicator(case, k):
    relevance, n_rel = case
    p, r = precision_at_k(relevance, k), recall_at_k(relevance, k, n_relevant=n_rel)
    expected = 0.0 if p + r == 0 else 2 * p * r / (p + r)
    assert f1_at_k(relevance, k, n_relevant=n_rel) == pytest.approx(expected, abs=1e-12)
    assert hit_rate_at_k(relevance, k) == float(p > 0)


@st.composite
def id_rankings(draw):
    """Distinct ids in rank order, a relevant set (partly unretrieved), and a renaming."""
    ids = draw(st.lists(st.text(min_size=1, max_size=4), min_size=1, max_size=20, unique=True))
    n_ranked = draw(st.integers(0, len(ids)))
    ranked = ids[:n_ranked]
    relevant = set(draw(st.lists(st.sampled_from(ids), min_size=1, max_size=len(ids))))
    renamed = draw(st.permutations(ids))  # a bijection of ids onto themselves
    return ranked, relevant, dict(zip(ids, renamed))


@FAST
@given(id_rankings(), st.integers(1, 25))
def test_renaming_ids_consistently_changes_nothing(case, k):
    ranked, relevant, rename = case

    def scores(ranking, relevant_set):
        relevance = relevance_from_ids(ranking, relevant_items=relevant_set)
        n_rel = len(relevant_set)
        return (precision_at_k(relevance, k), recall_at_k(relevance, k, n_relevant=n_rel), r_precision(relevance, n_relevant=n_rel))

    before = scores(ranked, relevant)
    after = scores([rename[i] for i in ranked], {rename[i] for i in relevant})
    assert before == after


# ---------------------------------------------------- cross-check: trec_eval --


@pytest.mark.reference
@settings(max_examples=40, deadline=None)
@given(judged_rankings(max_len=15), st.lists(st.integers(1, 20), min_size=1, max_size=4, unique=True))
def test_agrees_with_trec_eval(case, cutoffs):
    import pytrec_eval
    relevance, n_rel = case
    docs = [f"d{rank:02d}" for rank in range(1, len(relevance) + 1)]
    qrels = {doc: 1 for doc, rel in zip(docs, relevance) if rel}
    qrels.update({f"unretrieved{i}": 1 for i in range(n_rel - sum(relevance))})
    qrels["judged_nonrelevant"] = 0
    run = {doc: float(len(docs) - i) for i, doc in enumerate(docs)}  # distinct scores: no ties
    measures = {"P." + ",".join(map(str, cutoffs)), "recall." + ",".join(map(str, cutoffs)), "Rprec"}
    result = pytrec_eval.RelevanceEvaluator({"q": qrels}, measures).evaluate({"q": run or {"none": 0.0}})["q"]
    for k in cutoffs:
        assert precision_at_k(relevance, k) == pytest.approx(result[f"P_{k}"], abs=1e-12)
        assert recall_at_k(relevance, k, n_relevant=n_rel) == pytest.approx(result[f"recall_{k}"], abs=1e-12)
    assert r_precision(relevance, n_relevant=n_rel) == pytest.approx(result["Rprec"], abs=1e-12)


# ------------------------------------------------------------------ bad input --

BAD_K = [
    (0, ValueError, r"k must be a positive integer, got 0"),
    (-1, ValueError, r"k must be a positive integer, got -1"),
    (2.5, TypeError, r"k must be a positive integer, got 2\.5 \(float\)"),
    (True, TypeError, r"k must be a positive integer, got True \(bool\)"),
    ("3", TypeError, r"k must be a positive integer, got '3' \(str\)"),
    (None, TypeError, r"k must be a positive integer, got None"),
]


@pytest.mark.parametrize("k, error, message", BAD_K)
@pytest.mark.parametrize(
    "measure",
    [
        lambda k: precision_at_k([1, 0], k),
        lambda k: recall_at_k([1, 0], k, n_relevant=2),
        lambda k: f1_at_k([1, 0], k, n_relevant=2),
        lambda k: hit_rate_at_k([1, 0], k),
    ],
    ids=["precision", "recall", "f1", "hit_rate"],
)
def test_bad_k(measure, k, error, message):
    with pytest.raises(error, match=message):
        measure(k)


BAD_RELEVANCE = [
    ([1, 2, 0], ValueError, r"relevance must hold only 0 \(not relevant\) and 1 \(relevant\); rank 2 holds 2"),
    ([1, -1], ValueError, r"relevance must hold only 0 .* rank 2 holds -1"),
    ([0, float("nan")], ValueError, r"relevance must be finite; rank 2 holds nan"),
    ([float("inf")], ValueError, r"relevance must be finite; rank 1 holds inf"),
    ("1011", TypeError, r"relevance must be a sequence of numbers in rank order .* got str"),
    ({1: 1, 2: 0}, TypeError, r"relevance must be a sequence of numbers in rank order .* got dict"),
    ({1, 0}, TypeError, r"relevance must be a sequence of numbers in rank order .* got set"),
    ([[1, 0], [0, 1]], ValueError, r"relevance must be one-dimensional \(one ranking\), got shape \(2, 2\)"),
    ([1, None, "x"], TypeError, r"relevance must contain only numbers"),
    (7, TypeError, r"relevance must be a sequence of numbers .* got int"),
]


@pytest.mark.parametrize("relevance, error, message", BAD_RELEVANCE)
@pytest.mark.parametrize(
    "measure",
    [
        lambda rel: precision_at_k(rel, 2),
        lambda rel: recall_at_k(rel, 2, n_relevant=5),
        lambda rel: f1_at_k(rel, 2, n_relevant=5),
        lambda rel: r_precision(rel, n_relevant=5),
        lambda rel: hit_rate_at_k(rel, 2),
        lambda rel: precision_recall_at_all_k(rel, n_relevant=5),
    ],
    ids=["precision", "recall", "f1", "r_precision", "hit_rate", "all_k"],
)
def test_bad_relevance(measure, relevance, error, message):
    with pytest.raises(error, match=message):
        measure(relevance)


def test_graded_relevance_message_points_to_the_fix():
    with pytest.raises(ValueError, match=r"binarise first .* or use a graded measure"):
        precision_at_k([3, 0, 1], 2)


@pytest.mark.parametrize("relevance", [["1", "0"], np.array(["1", "0"]), [b"1", 0]])
def test_strings_inside_the_relevance_list_are_refused(relevance):
    with pytest.raises(TypeError, match=r"relevance must contain only numbers"):
        precision_at_k(relevance, 1)


RECALL_TYPE = [
    lambda rel, n: recall_at_k(rel, 2, n_relevant=n),
    lambda rel, n: f1_at_k(rel, 2, n_relevant=n),
    lambda rel, n: r_precision(rel, n_relevant=n),
    lambda rel, n: precision_recall_at_all_k(rel, n_relevant=n),
]
RECALL_IDS = ["recall", "f1", "r_precision", "all_k"]


@pytest.mark.parametrize("measure", RECALL_TYPE, ids=RECALL_IDS)
@pytest.mark.parametrize(
    "n_relevant, error, message",
    [
        (-1, ValueError, r"n_relevant must be a non-negative integer, got -1"),
        (1, ValueError, r"n_relevant must be at least the number of relevant items in the ranking \(2\), got 1"),
        (2.0, TypeError, r"n_relevant must be a non-negative integer, got 2\.0 \(float\)"),
        (True, TypeError, r"n_relevant must be a non-negative integer, got True \(bool\)"),
        ("3", TypeError, r"n_relevant must be a non-negative integer, got '3' \(str\)"),
    ],
)
def test_bad_n_relevant(measure, n_relevant, error, message):
    with pytest.raises(error, match=message):
        measure([1, 1, 0], n_relevant)


@pytest.mark.parametrize("measure, name", list(zip(RECALL_TYPE, ["recall", "F1", "R-precision", "recall"])))
def test_no_relevant_item_is_undefined_for_recall_type_measures(measure, name):
    with pytest.raises(ValueError, match=rf"{name} is undefined when n_relevant is 0"):
        measure([0, 0, 0], 0)


def test_precision_is_defined_without_relevant_items():
    assert precision_at_k([0, 0], 2) == 0.0
    assert hit_rate_at_k([0, 0], 2) == 0.0
