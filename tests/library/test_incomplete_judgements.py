"""bpref, infAP, Judged@k, RBP and its residual, condensed lists: by hand, and as evaluate computes them."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

from rankmetrics_lite import _engine as engine_module  # noqa: E402
from rankmetrics_lite import (
    average_precision,
    bpref,
    condensed_list,
    evaluate,
    inferred_average_precision,
    judged_at_k,
    rank_biased_precision,
    rank_biased_precision_residual,
)

FUNCTIONS = [bpref, inferred_average_precision, judged_at_k, rank_biased_precision,
             rank_biased_precision_residual]


def test_arguments_after_the_ranking_are_keyword_only():
    for function in FUNCTIONS:
        first, *rest = inspect.signature(function).parameters.values()
        assert first.name == "grades"
        assert all(p.kind is p.KEYWORD_ONLY for p in rest), function.__name__


def test_bpref_by_hand():
    # |R| = 3, N = 2: min(|R|, N) = 2. Relevant at ranks 1, 4 (after 1 and 2 judged
    # non-relevant documents): (1 + (1 - 1/2) + 0 for the unretrieved one) / 3.
    assert bpref([1, 0, None, 1], n_relevant=3, n_nonrelevant=2) == pytest.approx(0.5)
    assert bpref([0, 0, 1], n_relevant=1, n_nonrelevant=2) == 0.0  # min(2, |R|=1) caps both
    assert bpref([None, -1, 1], n_relevant=1, n_nonrelevant=5) == 1.0  # unjudged cost nothing
    assert bpref([1, 1, None], n_relevant=2, n_nonrelevant=0) == 1.0  # no judged non-relevant


def test_infap_is_ap_when_everything_is_judged():
    grades = [1, 0, 0, 1, 0, 1, 0]
    assert inferred_average_precision(grades, n_relevant=4) == pytest.approx(
        average_precision(grades, n_relevant=4), abs=1e-4)


def test_infap_by_hand():
    # Rank 3: 2 above, both pooled, 1 of 1 judged relevant -> 1/3 + 2/3 * 1 * (1+e)/(1+2e).
    e = 1e-5
    expected = (1 + 1 / 3 + 2 / 3 * (1 + e) / (1 + 2 * e)) / 2
    assert inferred_average_precision([1, -1, 1], n_relevant=2) == pytest.approx(expected)
    # A document outside the pool above counts as non-relevant: 1/3 + 2/3 * 1/2 * ~1.
    expected = (1 + 1 / 3 + 2 / 3 * 0.5 * (1 + e) / (1 + 2 * e)) / 2
    assert inferred_average_precision([1, None, 1], n_relevant=2) == pytest.approx(expected)


def test_judged_at_k_and_trec_eval_unj():
    assert judged_at_k([1, None, 0, -1, 2], k=5) == pytest.approx(0.6)
    assert judged_at_k([1, None, 0, -1, 2], k=2) == pytest.approx(0.5)
    assert judged_at_k([None], k=10) == pytest.approx(0.9)  # unj_10 = 0.1: the rest counts as judged


def test_rbp_and_residual_bracket_the_truth():
    grades = [1, None, 0, None, 1]
    low = rank_biased_precision(grades, p=0.8)
    residual = rank_biased_precision_residual(grades, p=0.8)
    best = rank_biased_precision([1, 1, 0, 1, 1] + [1] * 200, p=0.8)
    worst = rank_biased_precision([1, 0, 0, 0, 1], p=0.8)
    assert worst == pytest.approx(low) and best == pytest.approx(low + residual, abs=1e-12)


def test_rbp_divides_grades_by_the_top_grade():
    assert rank_biased_precision([3, 0], p=0.5, max_grade=3) == pytest.approx(0.5)
    assert rank_biased_precision([1, 0], p=0.5, max_grade=3) == pytest.approx(0.5 / 3)
    assert rank_biased_precision([1, 0], p=0.5, max_grade=1) == pytest.approx(0.5)  # grades 0/1 stay


def test_condensed_list():
    assert condensed_list([None, 0, 2, -1, 1]) == [0, 2, 1]
    assert condensed_list([]) == []


@pytest.mark.parametrize("call, error, words", [
    (lambda: bpref([0, None], n_relevant=0, n_nonrelevant=1), ValueError, "undefined when n_relevant is 0"),
    (lambda: bpref([1, 0, 0], n_relevant=1, n_nonrelevant=1), ValueError, "n_nonrelevant must be at least"),
    (lambda: bpref([1, float("nan")], n_relevant=1, n_nonrelevant=1), TypeError, "unjudged document as None"),
    (lambda: bpref("10", n_relevant=1, n_nonrelevant=1), TypeError, "grades must be a sequence"),
    (lambda: inferred_average_precision([1, 1], n_relevant=1), ValueError, "n_relevant must be at least"),
    (lambda: judged_at_k([1], k=0), ValueError, "k must be a positive integer"),
    (lambda: rank_biased_precision([1], p=1.0), ValueError, "p must be strictly between 0 and 1"),
    (lambda: rank_biased_precision([2], p=0.5), ValueError, "max_grade must be at least"),
    (lambda: rank_biased_precision_residual([1], p="0.8"), TypeError, "p must be a number"),
])
def test_bad_input_names_the_argument(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_positional_arguments_are_refused():
    with pytest.raises(TypeError):
        bpref([1, 0], 1, 1)


# ---------------------------------------------------------------- evaluate --

QRELS = {"q1": {"a": 2, "b": 0, "c": -1, "d": 1, "e": 0}, "q2": {"x": 0, "y": -1}}
RUN = {"q1": {"a": 5, "z": 4, "b": 3, "c": 2, "d": 1}, "q2": {"y": 2, "w": 1}}
GRADES = {"q1": [2, None, 0, -1, 1], "q2": [-1, None]}


def test_evaluate_agrees_with_the_single_query_functions():
    names = ["Bpref", "infAP", "Judged@3", "RBP(p=0.8)", "RBP_resid(p=0.8)"]
    q1 = evaluate(RUN, QRELS, names, per_query=True)["q1"]
    grades = GRADES["q1"]
    assert q1["Bpref"] == pytest.approx(bpref(grades, n_relevant=2, n_nonrelevant=2))
    assert q1["infAP"] == pytest.approx(inferred_average_precision(grades, n_relevant=2))
    assert q1["Judged@3"] == pytest.approx(judged_at_k(grades, k=3))
    assert q1["RBP(p=0.8)"] == pytest.approx(rank_biased_precision(grades, p=0.8, max_grade=2))
    assert q1["RBP_resid(p=0.8)"] == pytest.approx(rank_biased_precision_residual(grades, p=0.8))


def test_condensed_evaluation_equals_the_measure_on_the_condensed_list():
    condensed = evaluate(RUN, QRELS, ["AP", "P@2"], per_query=True, unjudged="condensed")["q1"]
    kept = [int(g >= 1) for g in condensed_list(GRADES["q1"])]  # [1, 0, 1]
    assert condensed["AP"] == pytest.approx(average_precision(kept, n_relevant=2))
    assert condensed["P@2"] == 0.5
    assert evaluate(RUN, QRELS, "P@2", per_query=True)["q1"]["P@2"] == 0.5  # a, z: same here
    assert evaluate(RUN, QRELS, "AP", per_query=True)["q1"]["AP"] < condensed["AP"]


def test_unjudged_policy_is_checked():
    with pytest.raises(ValueError, match="unjudged must be one of 'nonrelevant', 'condensed'"):
        evaluate(RUN, QRELS, "AP", unjudged="skip")


def test_undefined_queries_follow_empty_queries():
    # q2 has no relevant document: Bpref and infAP are undefined there, RBP is not.
    values = evaluate(RUN, QRELS, ["Bpref", "RBP(p=0.5)"], per_query=True, empty_queries="skip")
    assert "Bpref" not in values["q2"] and values["q2"]["RBP(p=0.5)"] == 0.0


def test_the_judgement_matrix_is_built_only_for_the_measures_that_read_it(monkeypatch):
    built = []
    real = engine_module._ranked_grades

    def counting(*args, **kwargs):
        matrix, status, lengths = real(*args, **kwargs)
        return matrix, lambda: built.append(1) or status(), lengths

    monkeypatch.setattr(engine_module, "_ranked_grades", counting)
    evaluate(RUN, QRELS, ["P@2", "AP", "nDCG@3", "RR", "Rprec", "RBP(p=0.8)"])
    assert not built
    evaluate(RUN, QRELS, ["Judged@2", "Bpref", "infAP", "RBP_resid(p=0.8)"])
    assert built == [1]  # once, shared by the four


def test_random_collections_agree_with_the_single_query_functions():
    rng = np.random.default_rng(3)
    for _ in range(30):
        docs = [f"d{i}" for i in range(12)]
        qrels = {"q": {d: int(rng.choice([-1, 0, 1, 2])) for d in docs if rng.random() < 0.6} or {"d0": 1}}
        run = {"q": {d: float(rng.random()) for d in docs if rng.random() < 0.8} or {"d1": 1.0}}
        ranked = sorted(run["q"], key=lambda d: -run["q"][d])  # no ties among random floats
        grades = [qrels["q"].get(d) for d in ranked]
        judged = [g for g in qrels["q"].values() if g >= 0]
        n_rel, n_non = sum(g >= 1 for g in judged), sum(g == 0 for g in judged)
        got = evaluate(run, qrels, ["Bpref", "Judged@5", "RBP_resid(p=0.5)"], per_query=True)["q"]
        if n_rel:
            assert got["Bpref"] == pytest.approx(bpref(grades, n_relevant=n_rel, n_nonrelevant=n_non))
        assert got["Judged@5"] == pytest.approx(judged_at_k(grades, k=5))
        assert got["RBP_resid(p=0.5)"] == pytest.approx(rank_biased_precision_residual(grades, p=0.5))
