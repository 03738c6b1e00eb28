"""Conformance with trec_eval's own test collection (its qrels, runs and expected outputs).

Each expected file is trec_eval's output for one command (the data's README
gives it): lines ``measure<TAB>qid|all<TAB>value`` with values printed at 4
decimals. For every measure rankmetrics_lite implements, every query and the
mean must agree to that precision.
"""

from __future__ import annotations

import functools

import pytest

from rankmetrics_lite._evaluate import evaluate
from rankmetrics_lite._trec_io import read_trec_qrels, read_trec_run
from rankmetrics_lite.measures import parse_measure
from tests.library.trec_eval_programs import TEST_COLLECTION, missing

DATA = TEST_COLLECTION

# trec_eval's default cutoffs for P, recall, map_cut and ndcg_cut, and success's.
CUTOFFS = [5, 10, 15, 20, 30, 100, 200, 500, 1000]
MEASURES = (
    ["Rprec", "AP", "RR", "nDCG"]
    + [f"{family}@{k}" for family in ("P", "R", "AP", "nDCG") for k in CUTOFFS]
    + [f"Success@{k}" for k in (1, 5, 10)]
)

# expected file, qrels, run, relevance level, queries in the output
CASES = {
    # trec_eval -m all_trec -q qrels.test results.test
    "out.test.aq": ("qrels.test", "results.test", 1, {"301", "302", "303"}),
    # trec_eval -m all_trec -q -c qrels.test results.trunc: query 302 is missing from the run
    "out.test.aqc": ("qrels.test", "results.trunc", 1, {"301", "302", "303"}),
    # trec_eval -m all_trec -mrelstring.20 -q -l2 qrels.rel_level results.test
    "out.test.aql": ("qrels.rel_level", "results.test", 2, {"301", "302", "303"}),
    # trec_eval qrels.test results.test (official measures, means only)
    "out.test": ("qrels.test", "results.test", 1, None),
    # trec_eval qrels.comment.test results.comment.test ('#' inside document ids)
    "out.comment.test": ("qrels.comment.test", "results.comment.test", 1, None),
}


def _expected(name: str) -> dict[str, dict[str, float]]:
    """{qid or 'all': {trec_eval measure: value}} from one expected output file."""
    table: dict[str, dict[str, float]] = {}
    for line in (DATA / name).read_text().splitlines():
        measure, qid, value = line.split("\t")
        try:
            table.setdefault(qid, {})[measure.strip()] = float(value)
        except ValueError:  # runid and relstring are not numbers
            continue
    return table




@pytest.fixture(autouse=True)
def _collection_present():
    """Skip without trec_eval's test collection (fail under CI=true, where shared/ is checked out)."""
    if not DATA.is_dir():
        missing("trec_eval's test collection (data/trec_eval_test/)")


PER_QUERY_CASES = sorted(name for name, case in CASES.items() if case[3] is not None)


@functools.cache
def _scored(name: str):
    """Our per-query values and means for one case, and trec_eval's expected output."""
    qrels_file, run_file, level, _ = CASES[name]
    qrels, run = read_trec_qrels(DATA / qrels_file), read_trec_run(DATA / run_file)
    # The expected outputs are trec_eval 10.0's.
    per_query = evaluate(run, qrels, MEASURES, per_query=True, relevance_level=level, trec_eval_version="10.0")
    means = evaluate(run, qrels, MEASURES, relevance_level=level, trec_eval_version="10.0")
    return per_query, means, _expected(name)


def _compared(ours: dict[str, float], theirs: dict[str, float]) -> list[tuple[str, float, float]]:
    """(measure, ours, trec_eval's) for every measure trec_eval printed."""
    pairs = []
    for name, value in ours.items():
        trec_name = parse_measure(name).trec_eval_name
        if trec_name in theirs:
            pairs.append((name, value, theirs[trec_name]))
    return pairs


@pytest.mark.parametrize("name", sorted(CASES))
def test_means_agree_at_four_decimals(name):
    _, means, expected = _scored(name)
    compared = _compared(means, expected["all"])
    assert len(compared) >= 12, f"{name}: too few measures in common with trec_eval's output"
    wrong = [(m, ours, theirs) for m, ours, theirs in compared if abs(ours - theirs) > 5e-5]
    assert not wrong, f"{name}: means differ from trec_eval: {wrong}"


@pytest.mark.parametrize("name", sorted(CASES))
def test_number_of_queries_matches(name):
    per_query, _, expected = _scored(name)
    assert len(per_query) == expected["all"]["num_q"]


@pytest.mark.parametrize("name", PER_QUERY_CASES)
def test_every_query_agrees_at_four_decimals(name):
    per_query, _, expected = _scored(name)
    queries = CASES[name][3]
    assert set(per_query) == queries == set(expected) - {"all"}
    for qid in sorted(queries):
        compared = _compared(per_query[qid], expected[qid])
        assert len(compared) == len(MEASURES)  # trec_eval printed every one of them
        wrong = [(m, ours, theirs) for m, ours, theirs in compared if abs(ours - theirs) > 5e-5]
        assert not wrong, f"{name}, query {qid}: {wrong}"


def test_a_query_missing_from_the_run_scores_zero_on_every_measure():
    # results.trunc has no line for query 302; with -c trec_eval scores it 0 and
    # averages over all three judged queries.
    per_query, means, expected = _scored("out.test.aqc")
    assert all(value == 0.0 for value in per_query["302"].values())
    assert expected["302"]["map"] == 0.0 and expected["all"]["num_q"] == 3
