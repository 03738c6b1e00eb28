"""The helpers of the chapter "Evaluating at scale"."""

from __future__ import annotations

import pytest

from rankmetrics_course.chapters.evaluating_at_scale.view import (
    demo_collection,
    load_scaling,
    numeric_ids,
    ranking_lists,
    scaling_table,
)
from rankmetrics_lite import evaluate


def test_the_demo_collection_is_seeded_and_leaves_judged_queries_out_of_the_run():
    run, qrels = demo_collection(60)
    assert (run, qrels) == demo_collection(60)
    assert [q for q in qrels if q not in run] == ["q019", "q039", "q059"]
    assert all(any(g >= 1 for g in judged.values()) for judged in qrels.values())
    assert demo_collection(60, seed=8) != (run, qrels)


def test_ranking_lists_rank_as_trec_eval_and_keep_missing_queries():
    run = {"q": {"a": 1.0, "b": 1.0, "c": 2.0}}
    qrels = {"q": {"a": 1, "b": 0, "c": 2}, "missing": {"x": 1, "y": 0}}
    assert ranking_lists(run, qrels) == [(["c", "b", "a"], ["a", "c"]), ([], ["x"])]
    assert ranking_lists(run, qrels, relevance_level=2) == [(["c", "b", "a"], ["c"]), ([], [])]


def test_ranking_lists_give_evaluates_precision():
    run, qrels = demo_collection(40)
    pairs = ranking_lists(run, qrels)
    by_hand = sum(len(set(r[:10]) & set(rel)) / 10 for r, rel in pairs) / len(pairs)
    assert by_hand == pytest.approx(evaluate(run, qrels, "P@10")["P@10"], abs=1e-15)


def test_numeric_ids_keep_equal_ids_equal():
    pairs = numeric_ids([(["b", "a"], ["a", "z"]), (["z"], ["b"])])
    assert pairs == [([0.0, 1.0], [1.0, 2.0]), ([2.0], [0.0])]


def test_the_committed_scaling_data_fills_the_table():
    data = load_scaling()
    assert data["date"] and data["machine"] and data["jvm_start_seconds"] > 0
    assert len(data["load_average"]) == 2
    lines = scaling_table(data).splitlines()
    sizes = sorted({row["queries"] for row in data["rows"]})
    assert len(lines) == 1 + len(sizes) >= 3
    assert [int(line.split()[0].replace(",", "")) for line in lines[1:]] == sizes
