"""Tests of the RankingMetrics object: same numbers as the functions, read-only state."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankmetrics_lite import _cutoff_metrics as cutoff_metrics
from rankmetrics_lite._ranking_metrics import RankingMetrics

# The source's product search: 6 relevant products, relevant at ranks 1, 3, 5, 7, 10, 13.
RELEVANT = {
    "sony_wh1000xm4", "bose_qc45", "apple_airpods_max",
    "sennheiser_momentum", "jabra_elite_85h", "audio_technica_m50x",
}
RESULTS = [
    "sony_wh1000xm4", "cheap_wired_earbuds", "bose_qc45", "phone_case", "apple_airpods_max",
    "usb_cable", "jabra_elite_85h", "random_speaker", "bluetooth_adapter", "sennheiser_momentum",
    "gaming_headset", "microphone", "audio_technica_m50x", "laptop_stand", "mouse_pad",
]


@pytest.fixture
def product_search():
    return RankingMetrics(relevant_items=RELEVANT, ranked_items=RESULTS)


def test_product_search_printout(product_search):
    # What the source's script prints, at three decimals.
    printed = {k: (f"{product_search.precision_at_k(k):.3f}", f"{product_search.recall_at_k(k):.3f}")
               for k in (1, 3, 5, 10)}
    assert printed == {1: ("1.000", "0.167"), 3: ("0.667", "0.333"), 5: ("0.600", "0.500"), 10: ("0.500", "0.833")}
    assert product_search.r_precision() == 0.5


def test_state(product_search):
    assert product_search.n_relevant == 6
    assert product_search.n_ranked == 15
    assert product_search.relevance.tolist() == [1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0]
    assert product_search.ranked_items == tuple(RESULTS)
    assert product_search.relevant_items == frozenset(RELEVANT)
    assert repr(product_search) == "RankingMetrics(n_ranked=15, n_relevant=6, relevant_retrieved=6)"


def test_relevance_and_n_relevant_are_read_only(product_search):
    with pytest.raises(ValueError, match="read-only"):
        product_search.relevance[1] = 1
    with pytest.raises(AttributeError):
        product_search.relevance = np.ones(15)
    with pytest.raises(AttributeError):
        product_search.n_relevant = 3
    assert product_search.precision_at_k(2) == 0.5


def test_changing_the_inputs_afterwards_changes_nothing():
    relevant, ranked = {"a"}, ["a", "b"]
    metrics = RankingMetrics(relevant_items=relevant, ranked_items=ranked)
    relevant.add("b")
    ranked.append("c")
    assert metrics.n_relevant == 1 and metrics.n_ranked == 2
    assert metrics.precision_at_k(2) == 0.5


def test_n_relevant_counts_unretrieved_items_and_repeats_once():
    metrics = RankingMetrics(relevant_items=["a", "a", "z"], ranked_items=["a", "b"])
    assert metrics.n_relevant == 2
    assert metrics.recall_at_k(2) == 0.5


def test_curves(product_search):
    curves = product_search.precision_recall_at_all_k()
    assert set(curves) == {"k", "hits", "precision", "recall", "f1"}
    assert curves["k"].tolist() == list(range(1, 16))
    assert curves["recall"][-1] == 1.0
    assert curves["f1"][5] == pytest.approx(2 * 3 / (6 + 6))


def test_empty_ranking():
    metrics = RankingMetrics(relevant_items={"a"}, ranked_items=[])
    assert metrics.precision_at_k(3) == 0.0
    assert metrics.recall_at_k(3) == 0.0
    assert metrics.precision_recall_at_all_k()["k"].size == 0


@pytest.mark.parametrize(
    "method",
    [
        lambda m: m.recall_at_k(3),
        lambda m: m.f1_at_k(3),
        lambda m: m.r_precision(),
        lambda m: m.precision_recall_at_all_k(),
    ],
    ids=["recall", "f1", "r_precision", "all_k"],
)
def test_no_relevant_item_raises_for_recall_type_measures(method):
    metrics = RankingMetrics(relevant_items=set(), ranked_items=["a", "b"])
    with pytest.raises(ValueError, match=r"is undefined when n_relevant is 0"):
        method(metrics)


def test_no_relevant_item_still_has_a_precision():
    metrics = RankingMetrics(relevant_items=set(), ranked_items=["a", "b"])
    assert metrics.precision_at_k(2) == 0.0
    assert metrics.hit_rate_at_k(2) == 0.0


@pytest.mark.parametrize(
    "k, error, message",
    [(0, ValueError, r"k must be a positive integer, got 0"), (1.5, TypeError, r"k must be a positive integer")],
)
def test_bad_k(product_search, k, error, message):
    for method in (product_search.precision_at_k, product_search.recall_at_k,
                   product_search.f1_at_k, product_search.hit_rate_at_k):
        with pytest.raises(error, match=message):
            method(k)


@pytest.mark.parametrize(
    "relevant, ranked, error, message",
    [
        ({"a"}, ["a", "b", "a"], ValueError, r"ranked_items lists 'a' twice, at ranks 1 and 3"),
        ("a", ["a"], TypeError, r"relevant_items must be a collection of item ids"),
        ({"a"}, {"a", "b"}, TypeError, r"ranked_items .* got set, which has no rank order"),
        ({"a": 1}, ["a"], TypeError, r"relevant_items .* got a mapping"),
    ],
)
def test_bad_construction(relevant, ranked, error, message):
    with pytest.raises(error, match=message):
        RankingMetrics(relevant_items=relevant, ranked_items=ranked)


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.integers(0, 30), max_size=20, unique=True),
    st.sets(st.integers(0, 40), min_size=1, max_size=15),
    st.integers(1, 25),
)
def test_methods_equal_the_functions(ranked, relevant, k):
    metrics = RankingMetrics(relevant_items=relevant, ranked_items=ranked)
    relevance = [int(item in relevant) for item in ranked]
    n_rel = len(relevant)
    assert metrics.precision_at_k(k) == cutoff_metrics.precision_at_k(relevance, k)
    assert metrics.recall_at_k(k) == cutoff_metrics.recall_at_k(relevance, k, n_relevant=n_rel)
    assert metrics.f1_at_k(k) == cutoff_metrics.f1_at_k(relevance, k, n_relevant=n_rel)
    assert metrics.hit_rate_at_k(k) == cutoff_metrics.hit_rate_at_k(relevance, k)
    assert metrics.r_precision() == cutoff_metrics.r_precision(relevance, n_relevant=n_rel)
    ours, theirs = metrics.precision_recall_at_all_k(), cutoff_metrics.precision_recall_at_all_k(relevance, n_relevant=n_rel)
    assert all(np.array_equal(ours[name], theirs[name]) for name in theirs)
