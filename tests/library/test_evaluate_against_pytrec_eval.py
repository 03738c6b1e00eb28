"""Cross-checks of evaluate() against pytrec_eval (trec_eval's code behind a Python API).

Seeded random collections exercise what separates careful implementations:
tied scores (also scores equal only in float32), graded and negative grades,
queries with no relevant document, judged queries missing from the run, run
queries nobody judged, and rankings shorter than the cutoffs.

What pytrec_eval does differently from the trec_eval binary with ``-c`` (found
here, and checked by the tests below):

* a judged query that is missing from the run is absent from its output, so
  a mean taken over its output ignores it; trec_eval ``-c`` (and evaluate)
  scores it 0 and divides by the number of judged queries;
* a judged query whose run entry is an empty dict is in its output, with 0;
* a qrels entry with no judgement at all (``{}``) is absent from its output;
  evaluate treats it as a judged query with no relevant document.
On every query both evaluate, the values agree to 1e-12, with
``trec_eval_version="9.0.8"`` (scores compared as 32-bit floats, as in pytrec_eval).
"""

from __future__ import annotations

import numpy as np
import pytest

from rankmetrics_lite._evaluate import evaluate
from rankmetrics_lite.measures import CATALOGUE, parse_measure
from tests.library.trec_collections import random_collection as adversarial_collection
from tests.library.trec_eval_compare import comparable_measures, trec_eval_options

# Compared with pytrec_eval, which runs trec_eval 9.0.8's code.
pytestmark = pytest.mark.reference

pytrec_eval = pytest.importorskip("pytrec_eval", reason="pytrec_eval (pytrec-eval-terrier) is not installed")

CUTOFFS = (1, 3, 5, 10, 50)
# Every measure of the catalogue that trec_eval 9.0.8 (so pytrec_eval) knows, plain and at
# each cutoff, with a value per query that is averaged; RBP (a parameter, and 10.0 only) has
# its own test, and the command line's byte-for-byte tests cover the rest.


def _pytrec_knows(family) -> bool:
    """pytrec_eval's build of trec_eval 9.0.8 leaves some measures out (yaap)."""
    return (family.trec_eval or (family.trec_eval_cut or "").removesuffix("_{k}")) in pytrec_eval.supported_measures


FAMILIES = [family for family in CATALOGUE.values() if family.parameter is None
            and family.aggregate == "mean" and "9.0.8" in family.trec_eval_releases and _pytrec_knows(family)]
MEASURES = (
    [family.name for family in FAMILIES if family.trec_eval]
    + [f"{family.name}@{k}" for family in FAMILIES if family.trec_eval_cut for k in CUTOFFS]
)
DOC_IDS = [f"d{i}" for i in range(25)] + ["9", "10", "100", "Z", "a", "é", "doc#1"]


def _pytrec_names() -> dict[str, str]:
    """Our name -> the name pytrec_eval uses in its output."""
    return {m: parse_measure(m).trec_eval_name for m in MEASURES}


def _pytrec_request() -> set[str]:
    """Measures to ask pytrec_eval for, with our cutoffs ('P.1,3,5,10,50')."""
    ks = ",".join(map(str, CUTOFFS))
    plain = {family.trec_eval for family in FAMILIES if family.trec_eval}
    cut = {f"{family.trec_eval_cut.removesuffix('_{k}')}.{ks}" for family in FAMILIES if family.trec_eval_cut}
    return plain | cut


def random_collection(seed: int) -> tuple[dict, dict]:
    rng = np.random.default_rng(seed)
    qrels, run = {}, {}
    for q in range(25):
        qid = f"q{q}"
        judged = rng.choice(DOC_IDS, size=rng.integers(1, 15), replace=False)
        grades = rng.choice([-1, 0, 0, 1, 1, 2, 3], size=judged.size)
        if q % 7 == 3:
            grades = np.minimum(grades, 0)  # no relevant document
        qrels[qid] = dict(zip(judged.tolist(), grades.tolist()))
    for q in range(28):  # q25..q27 are not judged
        if q % 9 == 4:
            continue  # judged, but missing from the run
        ranked = rng.choice(DOC_IDS, size=rng.integers(0, 30), replace=False)
        kind = q % 3
        if kind == 0:  # heavy ties
            scores = rng.choice([0.0, 0.5, 1.0, 2.0], size=ranked.size)
        elif kind == 1:  # scores that differ only beyond float32 precision tie in trec_eval
            scores = 1.0 + rng.integers(0, 3, size=ranked.size) * 1e-9
        else:
            scores = np.round(rng.normal(size=ranked.size), 2)
        run[f"q{q}"] = dict(zip(ranked.tolist(), scores.tolist()))
    return run, qrels


SEEDS = range(8)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("level", [1, 2])
def test_every_query_agrees_with_pytrec_eval(seed, level):
    run, qrels = random_collection(seed)
    ours = evaluate(run, qrels, MEASURES, per_query=True, relevance_level=level,
                    trec_eval_version="9.0.8")
    theirs = pytrec_eval.RelevanceEvaluator(qrels, _pytrec_request(), relevance_level=level).evaluate(run)
    names = _pytrec_names()
    for qid, values in theirs.items():
        for measure, trec_name in names.items():
            assert ours[qid][measure] == pytest.approx(values[trec_name], abs=1e-12), (seed, qid, measure)
    # Like trec_eval 9.0.8's -q, both report the judged queries that the run holds.
    assert set(ours) == set(theirs)
    # trec_eval 10.0's -c -q reports the others too, each scoring 0.
    every = evaluate(run, qrels, MEASURES, per_query=True, relevance_level=level,
                     trec_eval_version="10.0")
    assert set(every) == set(qrels)


@pytest.mark.parametrize("seed", SEEDS)
def test_means_are_pytrec_eval_means_over_every_judged_query(seed):
    run, qrels = random_collection(seed)
    ours = evaluate(run, qrels, MEASURES, trec_eval_version="9.0.8")
    theirs = pytrec_eval.RelevanceEvaluator(qrels, _pytrec_request()).evaluate(run)
    for measure, trec_name in _pytrec_names().items():
        complete = sum(theirs.get(qid, {}).get(trec_name, 0.0) for qid in qrels) / len(qrels)  # -c
        assert ours[measure] == pytest.approx(complete, abs=1e-12), (seed, measure)


def test_skipping_empty_queries_matches_pytrec_eval_on_the_rest():
    run, qrels = random_collection(3)
    ours = evaluate(run, qrels, MEASURES, per_query=True, empty_queries="skip", trec_eval_version="9.0.8")
    theirs = pytrec_eval.RelevanceEvaluator(qrels, _pytrec_request()).evaluate(run)
    has_relevant = {qid for qid, judged in qrels.items() if any(g >= 1 for g in judged.values())}
    assert {qid for qid, values in ours.items() if "AP" in values} == has_relevant & set(run)
    for qid in has_relevant & set(run):
        assert ours[qid]["AP"] == pytest.approx(theirs[qid]["map"], abs=1e-12)
        assert ours[qid]["P@5"] == pytest.approx(theirs[qid]["P_5"], abs=1e-12)
    # A query without relevant documents keeps its defined measures (P@5), not AP.
    for qid in set(run) & set(qrels) - has_relevant:
        assert "AP" not in ours[qid] and ours[qid]["P@5"] == pytest.approx(theirs[qid]["P_5"], abs=1e-12)


def test_pytrec_eval_differences_documented_above():
    qrels = {"judged": {"a": 1}, "missing": {"a": 1}, "empty_run": {"a": 1}, "no_judgements": {}}
    run = {"judged": {"a": 1.0}, "empty_run": {}, "unjudged": {"a": 1.0}}
    theirs = pytrec_eval.RelevanceEvaluator(qrels, {"map"}).evaluate(run)
    assert set(theirs) == {"judged", "empty_run"}
    assert evaluate(run, qrels, "AP", per_query=True, trec_eval_version="9.0.8") == {
        "judged": {"AP": 1.0}, "empty_run": {"AP": 0.0}}
    assert evaluate(run, qrels, "AP", per_query=True) == {
        "judged": {"AP": 1.0}, "missing": {"AP": 0.0}, "empty_run": {"AP": 0.0}, "no_judgements": {"AP": 0.0}}
    # pytrec_eval, like trec_eval 9.0.8, stores scores as 32-bit floats: 1 + 1e-9 ties with 1.
    tied_run, tied_qrels = {"q": {"a": 1 + 1e-9, "b": 1.0}}, {"q": {"a": 1}}
    tied = pytrec_eval.RelevanceEvaluator(tied_qrels, {"recip_rank"}).evaluate(tied_run)
    assert tied["q"]["recip_rank"] == 0.5 == evaluate(tied_run, tied_qrels, "RR", trec_eval_version="9.0.8")["RR"]
    assert evaluate(tied_run, tied_qrels, "RR")["RR"] == 1.0  # trec_eval 10.0 keeps doubles


# ------------------------------- the random collections of the binary tests --
# pytrec_eval is trec_eval 9.0.8 behind a Python API: on the adversarial
# collections that the trec_eval programs are run on, every value agrees.


def _pytrec_request_for(measures) -> set[str]:
    """pytrec_eval's request for these measures: trec_eval's -m options without '-m'."""
    return {option.removeprefix("-m") for option in trec_eval_options(measures)}


@pytest.mark.parametrize("level", [1, 2])
def test_adversarial_collections_agree_with_pytrec_eval(level):
    measures = [m for m in comparable_measures() if _pytrec_knows(m.record)]
    names = [m.name for m in measures]
    compared = 0
    for seed in range(60):
        collection = adversarial_collection(seed)
        run, qrels = collection.run, collection.qrels
        ours = evaluate(run, qrels, names, per_query=True, relevance_level=level, trec_eval_version="9.0.8")
        theirs = pytrec_eval.RelevanceEvaluator(qrels, _pytrec_request_for(measures), relevance_level=level).evaluate(run)
        assert set(theirs) == set(qrels) & set(run), seed
        for qid, values in theirs.items():
            for measure in measures:
                assert ours[qid][measure.name] == pytest.approx(values[measure.trec_eval_name], abs=1e-12), (
                    seed, qid, measure.name)
                compared += 1
    print(f"pytrec_eval (9.0.8), 60 random collections, level {level}: {compared} values compared, 0 differ")
