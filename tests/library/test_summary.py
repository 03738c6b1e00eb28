"""The one summary of per-query values: trec_eval's sequential sum in query order, its floor
for geometric means, and a judged query the run lacks counted 0."""

from __future__ import annotations

import math

import numpy as np
import pytest

from rankmetrics_lite._evaluate import evaluate
from rankmetrics_lite._summary import GEOMETRIC_FLOOR, sequential_sum, summary


def _one_by_one(values) -> float:
    """trec_eval's accumulation: 0.0, then each value added in order."""
    total = 0.0
    for value in values:
        total += value
    return total


def _collection(n_queries: int, seed: int) -> tuple[dict, dict]:
    """Many queries with uneven values, so that a pairwise sum (numpy's) and a sequential one
    differ in the last bits."""
    rng = np.random.default_rng(seed)
    run, qrels = {}, {}
    for q in range(n_queries):
        docs = [f"d{i}" for i in range(int(rng.integers(3, 30)))]
        run[f"q{q}"] = {d: float(s) for d, s in zip(docs, rng.normal(size=len(docs)))}
        qrels[f"q{q}"] = {d: int(rng.integers(0, 3)) for d in docs if rng.random() < 0.4} or {docs[0]: 1}
    qrels["absent"] = {"x": 1}  # judged, not in the run: counts 0
    return run, qrels


@pytest.mark.parametrize("version", ["10.0", "9.0.8"])
def test_evaluate_means_are_trec_eval_sums_in_query_order(version):
    run, qrels = _collection(2000, seed=7)
    measures = ["AP", "nDCG@10", "P@5", "RR", "NumRet", "GMAP"]
    means = evaluate(run, qrels, measures, trec_eval_version=version)
    per_query = evaluate(run, qrels, measures, per_query=True, trec_eval_version=version)
    # 9.0.8 leaves the absent query out of its per-query values: it counts 0 in the means.
    columns = {m: [per_query[q][m] if q in per_query else 0.0 for q in qrels] for m in measures}
    for m in ("AP", "nDCG@10", "P@5", "RR"):
        assert means[m] == _one_by_one(columns[m]) / len(qrels), m  # equal to the last bit
    assert means["NumRet"] == _one_by_one(columns["NumRet"])
    logs = [math.log(max(v, GEOMETRIC_FLOOR)) for v in columns["GMAP"]]
    assert means["GMAP"] == math.exp(_one_by_one(logs) / len(qrels))


def test_pairwise_and_sequential_sums_differ_on_this_collection():
    """The test above can tell the two sums apart: on its values they differ."""
    run, qrels = _collection(2000, seed=7)
    values = [v["AP"] for v in evaluate(run, qrels, "AP", per_query=True).values()]
    assert float(np.sum(values)) != _one_by_one(values)


def test_absent_queries_count_zero():
    values = np.array([0.25, 0.5, 1 / 3])
    assert summary(values, "mean", absent=2) == summary(np.append(values, [0.0, 0.0]), "mean")
    assert summary(values, "sum", absent=2) == summary(values, "sum")
    floor_logs = _one_by_one([math.log(v) for v in values]) + 2 * math.log(GEOMETRIC_FLOOR)
    assert summary(values, "geometric", absent=2) == math.exp(floor_logs / 5)
    logs = np.log(values)
    assert summary(logs, "geometric", logged=True) == summary(values, "geometric")


def test_sequential_sum_keeps_trec_eval_signs():
    assert math.copysign(1.0, sequential_sum(np.array([-0.0, -0.0]))) == 1.0
    assert sequential_sum(np.array([])) == 0.0
    assert summary(np.array([]), "mean") == 0.0


def test_unknown_summary_is_refused():
    with pytest.raises(ValueError, match="how must be one of 'mean', 'sum', 'geometric'; got 'median'"):
        summary(np.array([1.0]), "median")
