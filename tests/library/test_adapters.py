"""Tests of the adapters between input forms: ids, scores, relevance vectors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankmetrics_lite import evaluate
from rankmetrics_lite._adapters import (
    gains_from_ids,
    rank_by_score,
    relevance_from_ids,
    tie_bounds,
    tie_groups,
)

FAST = settings(max_examples=40, deadline=None)

# --------------------------------------------------------- relevance_from_ids --


def test_relevance_from_ids_by_hand():
    assert relevance_from_ids(["d3", "d1", "d7", "d2"], relevant_items={"d1", "d2", "d9"}) == [0, 1, 0, 1]
    assert relevance_from_ids([], relevant_items={"d1"}) == []
    assert relevance_from_ids(["d1"], relevant_items=set()) == [0]


def test_relevance_from_ids_accepts_any_collection_and_hashable_ids():
    assert relevance_from_ids((3, 1, 2), relevant_items=[1, 1, 2]) == [0, 1, 1]  # repeats in R count once
    assert relevance_from_ids([("q", 1), ("q", 2)], relevant_items=frozenset({("q", 2)})) == [0, 1]
    assert relevance_from_ids(np.array([5, 6, 7]), relevant_items={6}) == [0, 1, 0]
    assert relevance_from_ids(np.array(["a", "b"]), relevant_items={"b"}) == [0, 1]
    assert relevance_from_ids(["a", "b"], relevant_items={"b": None}.keys()) == [0, 1]


def test_a_repeated_item_is_named_with_both_ranks():
    with pytest.raises(ValueError, match=r"ranked_items lists 'd2' twice, at ranks 2 and 4"):
        relevance_from_ids(["d1", "d2", "d3", "d2"], relevant_items={"d2"})


@pytest.mark.parametrize(
    "ranked, error, message",
    [
        ("d1d2", TypeError, r"ranked_items must be a sequence of item ids .* got str: wrap a single id in a list"),
        ({"d1", "d2"}, TypeError, r"ranked_items .* got set, which has no rank order"),
        ({"d1": 1}, TypeError, r"ranked_items .* got dict, which has no rank order"),
        (iter(["d1"]), TypeError, r"ranked_items .* got list_iterator"),
        (5, TypeError, r"ranked_items .* got int"),
        ([["d1"], "d2"], TypeError, r"ranked_items \(rank 1\) holds a list, which cannot be an item id"),
        (np.array([["a", "b"]]), ValueError, r"ranked_items must be one-dimensional .* shape \(1, 2\)"),
    ],
)
def test_bad_ranked_items(ranked, error, message):
    with pytest.raises(error, match=message):
        relevance_from_ids(ranked, relevant_items={"d1"})


@pytest.mark.parametrize(
    "relevant, error, message",
    [
        ("d1", TypeError, r"relevant_items must be a collection of item ids .* got str: wrap a single id in a set"),
        ({"d1": 2, "d2": 0}, TypeError, r"relevant_items .* got a mapping: for graded judgements use gains_from_ids"),
        (3, TypeError, r"relevant_items must be a collection of item ids .* got int"),
        ([["d1"]], TypeError, r"relevant_items holds a list, which cannot be an item id"),
    ],
)
def test_bad_relevant_items(relevant, error, message):
    with pytest.raises(error, match=message):
        relevance_from_ids(["d1", "d2"], relevant_items=relevant)


# ------------------------------------------------------------- gains_from_ids --


def test_gains_from_ids_by_hand():
    grades = {"d1": 2, "d3": 1, "d5": 3, "d6": 0}
    assert gains_from_ids(["d3", "d1", "d7", "d6"], grades=grades) == [1, 2, 0, 0]  # d7 unjudged: 0
    assert gains_from_ids([], grades=grades) == []
    assert gains_from_ids(["d1"], grades={"d1": 0.5}) == [0.5]


@pytest.mark.parametrize(
    "grades, error, message",
    [
        ({"d1": -1}, ValueError, r"grades must be non-negative; 'd1' has -1\. .* clip them first"),
        ({"d9": float("nan")}, ValueError, r"grades must be finite; 'd9' has nan"),
        ({"d1": float("inf")}, ValueError, r"grades must be finite; 'd1' has inf"),
        ({"d1": "2"}, TypeError, r"grades must map each item to a number; 'd1' has '2' \(str\)"),
        (["d1"], TypeError, r"grades must be a mapping \{item_id: grade\}, got list"),
        ({"d1", "d2"}, TypeError, r"grades must be a mapping .* got set: for binary judgements use relevance_from_ids"),
    ],
)
def test_bad_grades(grades, error, message):
    with pytest.raises(error, match=message):
        gains_from_ids(["d1", "d2"], grades=grades)


def test_gains_from_ids_refuses_a_repeated_item():
    with pytest.raises(ValueError, match=r"lists 'd1' twice, at ranks 1 and 2"):
        gains_from_ids(["d1", "d1"], grades={"d1": 1})


# -------------------------------------------------------------- rank_by_score --


def test_rank_by_score_by_hand():
    scores = {"d1": 0.5, "d2": 0.9, "d3": 0.5, "d4": 0.1}
    assert rank_by_score(scores) == ["d2", "d3", "d1", "d4"]
    assert rank_by_score(scores, tie_policy="stable") == ["d2", "d1", "d3", "d4"]
    assert rank_by_score(scores, tie_policy="id_ascending") == ["d2", "d1", "d3", "d4"]
    assert rank_by_score({}) == []


def test_pairs_and_mappings_give_the_same_ranking():
    pairs = [("x", 1.0), ("y", 3.0), ("z", 1.0), ("w", 2.0)]
    for policy in ("trec", "stable", "id_ascending"):
        assert rank_by_score(pairs, tie_policy=policy) == rank_by_score(dict(pairs), tie_policy=policy)


def test_trec_breaks_ties_by_bytes_descending():
    tied = ["a", "b", "Z", "é", "ab", "10", "9"]
    # strcmp on UTF-8 bytes: 'é' (0xC3 0xA9) > 'b' > 'ab' > 'a' > 'Z' > '9' > '10'
    assert rank_by_score({item: 1.0 for item in tied}) == ["é", "b", "ab", "a", "Z", "9", "10"]
    assert rank_by_score({item: 1.0 for item in tied}, tie_policy="id_ascending") == ["10", "9", "Z", "a", "ab", "b", "é"]


def test_trec_compares_non_string_ids_as_text():
    # Written to a run file, the ids 9 and 10 are the texts "9" and "10": "9" comes first.
    assert rank_by_score({10: 0.5, 9: 0.5, 2: 0.7}) == [2, 9, 10]
    assert rank_by_score({10: 0.5, 9: 0.5, 2: 0.7}, tie_policy="stable") == [2, 10, 9]


def test_infinite_scores_rank_first_or_last():
    assert rank_by_score({"a": -np.inf, "b": 0.0, "c": np.inf}) == ["c", "b", "a"]


def test_numpy_scores_are_numbers():
    assert rank_by_score({"a": np.float32(0.1), "b": np.int64(2)}) == ["b", "a"]


@st.composite
def scored_items(draw):
    """Distinct text ids (any script, as trec_eval docnos) with scores that often tie."""
    alphabet = st.characters(blacklist_categories=("Cs", "Cc", "Zs"), max_codepoint=0x2FFF)
    ids = draw(st.lists(st.text(alphabet, min_size=1, max_size=3), min_size=1, max_size=7, unique=True))
    scores = draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, -2.0]), min_size=len(ids), max_size=len(ids)))
    return dict(zip(ids, scores))


def _ranks_by_trec_eval(scores: dict) -> list:
    """The order in which trec_eval ranks ``scores``: each item's 1/rank, read off recip_rank."""
    import pytrec_eval
    rank_of = {}
    for item in scores:
        evaluator = pytrec_eval.RelevanceEvaluator({"q": {item: 1}}, {"recip_rank"})
        rank_of[item] = round(1 / evaluator.evaluate({"q": scores})["q"]["recip_rank"])
    return sorted(scores, key=rank_of.__getitem__)


@pytest.mark.reference
@FAST
@given(scored_items())
def test_trec_policy_is_trec_evals_order(scores):
    assert rank_by_score(scores, tie_policy="trec") == _ranks_by_trec_eval(scores)


@FAST
@given(scored_items())
def test_policies_agree_on_scores_and_differ_only_in_ties(scores):
    for policy in ("trec", "stable", "id_ascending"):
        ranking = rank_by_score(scores, tie_policy=policy)
        assert sorted(ranking) == sorted(scores)
        assert [scores[i] for i in ranking] == sorted(scores.values(), reverse=True)
    trec, ascending = rank_by_score(scores, tie_policy="trec"), rank_by_score(scores, tie_policy="id_ascending")
    for group in tie_groups([scores[i] for i in trec]):
        assert trec[group.start:group.stop] == ascending[group.start:group.stop][::-1]


@FAST
@given(scored_items(), st.randoms(use_true_random=False))
def test_stable_keeps_the_input_order_of_ties(scores, random):
    pairs = list(scores.items())
    random.shuffle(pairs)
    ranking = rank_by_score(pairs, tie_policy="stable")
    position = {item: i for i, (item, _) in enumerate(pairs)}
    for a, b in zip(ranking, ranking[1:]):
        if scores[a] == scores[b]:
            assert position[a] < position[b]


@pytest.mark.parametrize(
    "scores, policy, error, message",
    [
        ({"d1": 0.3, "d2": float("nan")}, "trec", ValueError, r"the score of 'd2' is NaN"),
        ({"d1": 0.3}, "random", ValueError, r"tie_policy must be one of 'trec', 'stable', 'id_ascending'; got 'random'"),
        ({"d1": 0.3}, None, TypeError, r"tie_policy must be one of 'trec', 'stable', 'id_ascending'; got None"),
        ({"d1": "0.3"}, "trec", TypeError, r"the score of 'd1' must be a number, got '0\.3' \(str\)"),
        ({"d1": True}, "trec", TypeError, r"the score of 'd1' must be a number, got True \(bool\)"),
        ([("d1", 0.3), ("d1", 0.5)], "trec", ValueError, r"scores lists the item 'd1' twice"),
        ([("d1", 0.3, "x")], "trec", TypeError, r"scores must hold \(item_id, score\) pairs; entry 1 is"),
        (["d1"], "trec", TypeError, r"scores must hold \(item_id, score\) pairs; entry 1 is 'd1'"),
        ("d1", "trec", TypeError, r"scores must be a mapping \{item_id: score\} or a sequence .* got str"),
        (np.array([0.3, 0.1]), "trec", TypeError, r"scores must be a mapping .* got ndarray"),
        ([(["d1"], 0.3)], "trec", TypeError, r"scores holds a list, which cannot be an item id"),
        ({1: 0.5, "1": 0.5}, "trec", ValueError, r"items 1 and '1' have the same text id '1'"),
    ],
)
def test_bad_scores(scores, policy, error, message):
    with pytest.raises(error, match=message):
        rank_by_score(scores, tie_policy=policy)


def test_same_text_ids_are_fine_when_ids_are_not_compared():
    assert rank_by_score({1: 0.5, "1": 0.4}, tie_policy="stable") == [1, "1"]


# ----------------------------------------------------------------- tie_groups --


def test_tie_groups_by_hand():
    assert tie_groups([0.9, 0.7, 0.7, 0.7, 0.2]) == [range(0, 1), range(1, 4), range(4, 5)]
    assert tie_groups([1, 1, 1]) == [range(0, 3)]
    assert tie_groups([3, 2, 1]) == [range(0, 1), range(1, 2), range(2, 3)]
    assert tie_groups([]) == []


@FAST
@given(st.lists(st.integers(0, 3), max_size=15))
def test_tie_groups_cover_the_ranking_and_split_at_every_change(values):
    scores = sorted(values, reverse=True)
    groups = tie_groups(scores)
    assert [i for group in groups for i in group] == list(range(len(scores)))
    for group in groups:
        assert len({scores[i] for i in group}) == 1
    for before, after in zip(groups, groups[1:]):
        assert scores[before[-1]] > scores[after[0]]
    starts, stops = tie_bounds(np.array(scores, dtype=float))
    for group in groups:
        assert all(starts[i] == group.start and stops[i] == group.stop for i in group)


@pytest.mark.parametrize(
    "scores, error, message",
    [
        ([0.2, 0.5], ValueError, r"must not increase down the ranking; rank 2 scores 0\.5, more than rank 1 \(0\.2\)"),
        ([0.5, float("nan")], ValueError, r"scores_in_rank_order must be finite; rank 2 holds nan"),
        ("0.5", TypeError, r"scores_in_rank_order must be a sequence of numbers"),
        ([[1, 0]], ValueError, r"scores_in_rank_order must be one-dimensional"),
    ],
)
def test_bad_tie_groups_input(scores, error, message):
    with pytest.raises(error, match=message):
        tie_groups(scores)


def test_rank_by_score_follows_the_named_trec_eval_release():
    # 0.1 and 0.1 + 1e-9 are one float32 but two doubles.
    scores = {"a": 0.1 + 1e-9, "b": 0.1, "c": 16777217.0, "d": 16777216.0}
    assert rank_by_score(scores) == ["c", "d", "a", "b"]
    assert rank_by_score(scores, trec_eval_version="9.0.8") == ["d", "c", "b", "a"]
    with pytest.raises(ValueError, match=r"trec_eval_version must be one of '10.0', '9.0.8'; got '10'"):
        rank_by_score(scores, trec_eval_version="10")


@settings(max_examples=50, deadline=None)
@given(st.dictionaries(st.text(min_size=1, max_size=3), st.floats(-3, 3, allow_nan=False), max_size=12),
       st.sampled_from(["10.0", "9.0.8"]))
def test_rank_by_score_and_evaluate_rank_alike(scores, version):
    # The same rule, applied one query at a time and in evaluate's one sort.
    ranked = rank_by_score(scores, trec_eval_version=version)
    for position, item in enumerate(ranked, start=1):
        rr = evaluate({"q": scores}, {"q": {item: 1}}, "RR", trec_eval_version=version)["RR"]
        assert rr == 1 / position
