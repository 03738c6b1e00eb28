"""evaluate() from columns gives exactly what it gives from dicts, and refuses what it cannot read.

Random collections (hypothesis) hold ties at double and float32 precision,
graded and negative grades, judged queries missing from the run and run
queries without judgements, entries in any order, ids as str or bytes; every
option (release, relevance level, empty_queries, unjudged, gain) is drawn.
The conformance collections against the trec_eval programs are evaluated from
columns in tests/test_trec_eval_programs.py.
"""

from __future__ import annotations

import re

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankmetrics_lite import _columnar as columnar
from rankmetrics_lite._columns import QrelsColumns, RunColumns
from rankmetrics_lite._evaluate import evaluate
from tests.library.catalogue_names import every_measure
from tests.library.trec_collections import random_collection

MEASURES = every_measure(1, 2, 5)
IDS = ["a", "b", "c", "d", "10", "9", "é", "e", "E", "文", "a b", "z\u00a0"]
SCORES = [0.0, -0.0, 0.5, 1.0, 0.1, 0.1 + 1e-9, 16777216.0, 16777217.0, -2.5, 3.5e38, 1e39]


@st.composite
def collections(draw):
    """(run, qrels) as dicts: small, with many ties, in any order."""
    qids = draw(st.lists(st.sampled_from(["q1", "q2", "q3", "Q1", "10", "9"]), min_size=1, max_size=5, unique=True))
    qrels = {qid: draw(st.dictionaries(st.sampled_from(IDS), st.integers(-2, 3), min_size=1, max_size=8))
             for qid in qids}
    run = {}
    for qid in draw(st.lists(st.sampled_from(["q1", "q2", "q3", "Q1", "10", "9", "x"]), max_size=6, unique=True)):
        ranking = draw(st.dictionaries(st.sampled_from(IDS), st.sampled_from(SCORES) | st.floats(-3, 3),
                                       min_size=1, max_size=10))
        run[qid] = ranking
    if not any(qid in run for qid in qrels):
        run[qids[0]] = {"a": 1.0}
    return run, qrels


def _columns(run: dict, qrels: dict, rnd: random.Random, as_bytes: bool) -> tuple[RunColumns, QrelsColumns]:
    """The dicts as columns, entries shuffled (a query's entries need not be together)."""
    def arrays(nested: dict) -> tuple:
        entries = [(q, d, v) for q, inner in nested.items() for d, v in inner.items()]
        rnd.shuffle(entries)
        q, d, v = zip(*entries)
        kind = "S" if as_bytes else "U"
        encode = (lambda ids: [i.encode("utf-8") for i in ids]) if as_bytes else list
        return np.array(encode(q), dtype=kind), np.array(encode(d), dtype=kind), np.array(v)

    return RunColumns(*arrays(run)), QrelsColumns(*arrays(qrels))


OPTIONS = st.fixed_dictionaries({
    "trec_eval_version": st.sampled_from(["10.0", "9.0.8"]),
    "relevance_level": st.integers(0, 2),
    "empty_queries": st.sampled_from(["zero", "skip"]),
    "unjudged": st.sampled_from(["nonrelevant", "condensed"]),
    "gain": st.sampled_from(["linear", "exponential"]),
})


@pytest.mark.slow  # hundreds of generated collections
@settings(max_examples=150, deadline=None)
@given(collections(), OPTIONS, st.randoms(use_true_random=False), st.booleans())
def test_columns_and_dicts_give_the_same_values_per_query(collection, options, rnd, as_bytes):
    run, qrels = collection
    run_columns, qrels_columns = _columns(run, qrels, rnd, as_bytes)
    # The queries in the columns' order: a matrix product (RBP_resid) may round a row's
    # value differently in another row position, by one unit in the last place.
    seen = [q.decode() if as_bytes else q for q in qrels_columns.query_ids.tolist()]
    qrels = {qid: qrels[qid] for qid in dict.fromkeys(seen)}
    measures = every_measure(1, 2, 5, gain=options["gain"])
    try:
        expected = evaluate(run, qrels, measures, per_query=True, **options)
    except ValueError as error:  # e.g. every query skipped: the same refusal from columns
        with pytest.raises(ValueError, match=re.escape(str(error).split(" (")[0])):
            evaluate(run_columns, qrels_columns, measures, per_query=True, **options)
        return
    got = evaluate(run_columns, qrels_columns, measures, per_query=True, **options)
    assert got == expected and list(got) == list(expected)
    summarized = every_measure(1, 2, 5, text=False, gain=options["gain"])
    assert evaluate(run_columns, qrels_columns, summarized, **options) == pytest.approx(
        evaluate(run, qrels, summarized, **options), abs=1e-15)


# Sixty collections in all; the quick loop (make test-package) reads the first ten.
@pytest.mark.parametrize("seeds", [range(10), pytest.param(range(10, 60), marks=pytest.mark.slow)])
def test_the_conformance_collections_read_alike_from_columns(seeds):
    for seed in seeds:
        collection = random_collection(seed)
        run, qrels = RunColumns.from_dict(collection.run), QrelsColumns.from_dict(collection.qrels)
        for version in ("10.0", "9.0.8"):
            for level in (1, 2):
                kwargs = dict(trec_eval_version=version, relevance_level=level, per_query=True)
                assert evaluate(run, qrels, MEASURES, **kwargs) == evaluate(
                    collection.run, collection.qrels, MEASURES, **kwargs), seed


def test_a_hash_collision_falls_back_to_exact_keys(monkeypatch):
    # Every document id hashed to one value: the join must still match ids exactly.
    def colliding(rows, docs, bits, out=None):
        keys = rows.astype(np.uint64) << np.uint64(64 - bits)
        if out is not None:
            out[:] = keys
        return keys if out is None else out

    collection = random_collection(3)
    run, qrels = RunColumns.from_dict(collection.run), QrelsColumns.from_dict(collection.qrels)
    honest = evaluate(run, qrels, MEASURES, per_query=True)
    monkeypatch.setattr(columnar, "hashed_keys", colliding)
    assert evaluate(run, qrels, MEASURES, per_query=True) == honest
    # One run entry and one judgement with one key but different ids: not a match.
    lone = RunColumns.from_dict({"q1": {"a": 1.0}}), QrelsColumns.from_dict({"q1": {"b": 1}})
    assert evaluate(*lone, ["P@1", "AP"]) == {"P@1": 0.0, "AP": 0.0}
    assert honest == evaluate(collection.run, collection.qrels, MEASURES, per_query=True)


def test_ids_may_be_integers_compared_as_their_text():
    # 10 and 9 tie on score: trec_eval compares "10" and "9" as text, so "9" ranks first.
    run = RunColumns(np.array([1, 1]), np.array([10, 9]), np.array([0.5, 0.5]))
    qrels = QrelsColumns(np.array([1]), np.array([9]), np.array([1]))
    assert evaluate(run, qrels, "RR", per_query=True) == {"1": {"RR": 1.0}}
    assert evaluate({"1": {"10": 0.5, "9": 0.5}}, {"1": {"9": 1}}, "RR") == {"RR": 1.0}


def test_str_and_bytes_ids_meet():
    run = RunColumns(np.array([b"q\xc3\xa9"]), np.array([b"d"]), np.array([1.0]))
    qrels = QrelsColumns(np.array(["qé"]), np.array(["d"]), np.array([1]))
    assert evaluate(run, qrels, "P@1", per_query=True) == {"qé": {"P@1": 1.0}}


@pytest.mark.parametrize("where", ["run", "qrels"])
def test_a_repeated_document_is_refused_by_name(where):
    doubled = (np.array(["q1", "q1", "q1"]), np.array(["d1", "d2", "d1"]))
    single = (np.array(["q1", "q1"]), np.array(["d1", "d2"]))
    if where == "run":
        run, qrels = RunColumns(*doubled, np.array([0.5, 0.4, 0.3])), QrelsColumns(*single, np.array([1, 0]))
    else:
        run, qrels = RunColumns(*single, np.array([0.5, 0.4])), QrelsColumns(*doubled, np.array([1, 0, 1]))
    with pytest.raises(ValueError, match=f"{where}: document 'd1' is listed twice for query 'q1'"):
        evaluate(run, qrels, "AP")


def test_mixing_columns_and_dicts_is_refused():
    run = RunColumns.from_dict({"q1": {"d1": 1.0}})
    with pytest.raises(TypeError, match="run is given as columns and qrels as a dict"):
        evaluate(run, {"q1": {"d1": 1}}, "AP")
    with pytest.raises(TypeError, match="qrels is given as columns and run as a dict"):
        evaluate({"q1": {"d1": 1.0}}, QrelsColumns.from_dict({"q1": {"d1": 1}}), "AP")


def test_a_run_without_a_judged_query_is_refused():
    run = RunColumns.from_dict({"x": {"d1": 1.0}})
    with pytest.raises(ValueError, match="run and qrels share no query id"):
        evaluate(run, QrelsColumns.from_dict({"q1": {"d1": 1}}), "AP")


@pytest.mark.parametrize("make, error, message", [
    (lambda: RunColumns(["q"], ["d"], [float("nan")]), ValueError,
     r"run.scores\[0\] \(query 'q', document 'd'\) is nan: scores must be finite"),
    (lambda: RunColumns(["q"], ["d"], ["0.5"]), TypeError, "run.scores must hold real scores"),
    (lambda: RunColumns(["q", "q"], ["d"], [0.5]), ValueError, "one entry per line"),
    (lambda: RunColumns([], [], []), TypeError, "run.query_ids must hold string ids"),
    (lambda: RunColumns(np.array([], dtype=str), np.array([], dtype=str), np.array([])), ValueError,
     "run is empty"),
    (lambda: RunColumns([1.5], ["d"], [0.5]), TypeError, "run.query_ids must hold string ids"),
    (lambda: RunColumns([["q"]], ["d"], [0.5]), ValueError, "run.query_ids must be a 1-D array"),
    (lambda: QrelsColumns(["q"], ["d"], [1.0]), TypeError, "qrels.grades must hold integer grades"),
    (lambda: QrelsColumns(["q"], ["d"], [True]), TypeError, "qrels.grades must hold integer grades"),
    (lambda: QrelsColumns(["q"], ["d"], np.array([2**63], dtype=np.uint64)), ValueError, "64-bit range"),
])
def test_bad_columns_fail_when_made(make, error, message):
    with pytest.raises(error, match=message):
        make()
