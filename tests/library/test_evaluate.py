"""Batch evaluation: hand-computed values, trec_eval's conventions, bad input, properties."""

from __future__ import annotations

import math
import random
import string

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankmetrics_lite._average_precision import average_precision
from rankmetrics_lite._user_models import _CONTINUATIONS
from rankmetrics_lite._cutoff_metrics import f1_at_k, hit_rate_at_k, precision_at_k, r_precision, recall_at_k
from rankmetrics_lite._dcg import ndcg_at_k
from rankmetrics_lite._evaluate import evaluate
from rankmetrics_lite._reciprocal_rank import reciprocal_rank
from rankmetrics_lite.measures import (
    CATALOGUE,
    Measure,
    _no_ideal_gain,
    parse_measure,
    parse_measures,
    summarize,
)
from tests.library.catalogue_names import every_measure

# q1 ranks d1 (relevant), d2 (judged not relevant), d5 (unjudged), d3 (relevant);
# its third relevant document, d4, is never retrieved. q2 ranks e2 (unjudged), e1.
QRELS = {"q1": {"d1": 1, "d2": 0, "d3": 1, "d4": 1}, "q2": {"e1": 1}}
RUN = {"q1": {"d1": 0.9, "d2": 0.8, "d5": 0.7, "d3": 0.6}, "q2": {"e2": 0.5, "e1": 0.4}}


def _discount(rank: int) -> float:
    return 1 / math.log2(rank + 1)


HAND = {
    "q1": {
        "P@2": 1 / 2, "P@5": 2 / 5,  # P@5: four ranks returned, still divided by 5
        "R@2": 1 / 3, "R@4": 2 / 3, "F1@2": 2 * 1 / (2 + 3),
        "Rprec": 1 / 3,  # P@|R| = P@3
        "AP": (1 / 1 + 2 / 4) / 3, "AP@2": (1 / 1) / 3,
        "RR": 1.0, "RR@1": 1.0,
        "nDCG": (1 + _discount(4)) / (1 + _discount(2) + _discount(3)),
        "nDCG@2": 1 / (1 + _discount(2)),
        "Success@1": 1.0, "Success@2": 1.0,
        # Incomplete judgements: d2 is the one judged non-relevant document (N = 1), d5 unjudged.
        "Bpref": (1 + 0) / 3,  # d1: none above; d3: 1 - min(1, |R|) / min(|R|, N) = 0
        "infAP": (1 + (1 / 4 + 3 / 4 * 2 / 3 * 1 / 2)) / 3,  # d5, not in the pool, counts as not relevant
        "Judged@2": 1.0, "Judged@4": 3 / 4,
        "RBP(p=0.8)": 0.2 * (1 + 0.8**3), "RBP_resid(p=0.8)": 0.2 * 0.8**2 + 0.8**4,
        "Unjudged@2": 0.0, "Unjudged@4": 1 / 4,
        # Counts: 4 retrieved, |R| = 3, 2 of them retrieved, 1 judged non-relevant retrieved (d2).
        "NumQ": 1.0, "NumRet": 4.0, "NumRel": 3.0, "NumRelRet": 2.0, "NumNonrelJudgedRet": 1.0,
        "GMAP": (1 / 1 + 2 / 4) / 3, "GMBpref": (1 + 0) / 3,  # per query: AP and Bpref
        # P@1..4 = 1, 1/2, 1/3, 1/2. recall 0.3 asks for round(0.9) = 1 item: the best
        # precision from its rank down. 11 levels ask for 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3 items
        # (lround(L * 3)): 1 five times, 1/2 four times, 3 is never reached.
        "IPrec(recall=0.3)": 1.0, "IPrecAvg": (5 * 1 + 4 / 2) / 11,
        "RprecMult(multiple=2)": 2 / 6,  # (long)(2 * 3 + 0.9) = 6 > 4 retrieved: 2 found / 6
        "RelP@2": 1 / 2,  # 1 found in the top 2, over min(2, |R|)
        "SetP": 2 / 4, "SetR": 2 / 3, "SetRelP": 2 / min(4, 3), "SetAP": 2 * 2 / (4 * 3),
        "SetF": 2 * (1 / 2) * (2 / 3) / (1 / 2 + 2 / 3),
        "Utility(weights=2,-1,0,0)": 2 * 2 - 1 * 2,
        # Each relevant document over log2(2 + non-relevant documents above it): d1, d3.
        "BinG": (1 / math.log2(2) + 1 / math.log2(2 + 2)) / 3,
        "DCG": 1 + _discount(4), "IdealDCG": 1 + _discount(2) + _discount(3),
        # G: cost so far 1, 2, 3, 4 (the ideal gains 1, 1, 1, then 1 a rank); gained 1, 1, 1, 2.
        "G": (1 / math.log2(2 + 1 - 1) + 1 / math.log2(2 + 4 - 2)) / 3,
        # nDCG at d1 and at d3, and once more (d4, never retrieved) the final nDCG.
        "nDCG_rel": (1 + 2 * (1 + _discount(4)) / (1 + _discount(2) + _discount(3))) / 3,
        # Rndcg: the ideal gain falls from 1 to 0 after rank 3: nDCG of the top 3 there.
        "RnDCG": 1 / (1 + _discount(2) + _discount(3)),
        # A gain map: judged non-relevant documents (grade 0) gain 1 too; d5 is not judged.
        "nDCG(gains=0:1)": (1 + _discount(2) + _discount(4)) / (1 + _discount(2) + _discount(3) + _discount(4)),
        "RelString@10": "10-1",  # d1 relevant, d2 judged 0, d5 not in the qrels, d3 relevant
        "YAAP": math.log((1 + (1 / 1 + 2 / 4)) / (1 + 3 - (1 / 1 + 2 / 4))),  # AP's numerator 1.5
    },
    "q2": {
        "P@2": 1 / 2, "P@5": 1 / 5, "R@2": 1.0, "R@4": 1.0, "F1@2": 2 * 1 / (2 + 1),
        "Rprec": 0.0, "AP": 1 / 2, "AP@2": 1 / 2, "RR": 1 / 2, "RR@1": 0.0,
        "nDCG": _discount(2), "nDCG@2": _discount(2), "Success@1": 0.0, "Success@2": 1.0,
        "Bpref": 1.0, "infAP": 1 / 2, "Judged@2": 1 / 2, "Judged@4": 3 / 4,  # past the end is not unjudged
        "RBP(p=0.8)": 0.2 * 0.8, "RBP_resid(p=0.8)": 0.2 + 0.8**2,
        "Unjudged@2": 1 / 2, "Unjudged@4": 1 / 4,
        "NumQ": 1.0, "NumRet": 2.0, "NumRel": 1.0, "NumRelRet": 1.0, "NumNonrelJudgedRet": 0.0,
        "GMAP": 1 / 2, "GMBpref": 1.0,
        # P@1, P@2 = 0, 1/2; |R| = 1: recall 0.3 asks for lround(0.3) = 0 items (the best
        # precision anywhere), and every level 0.5 and up for 1 item.
        "IPrec(recall=0.3)": 1 / 2, "IPrecAvg": 1 / 2,
        "RprecMult(multiple=2)": 1 / 2,  # (long)(2 + 0.9) = 2 documents: P@2
        "RelP@2": 1 / 1,
        "SetP": 1 / 2, "SetR": 1.0, "SetRelP": 1 / 1, "SetAP": 1 / (2 * 1),
        "SetF": 2 * (1 / 2) * 1 / (1 / 2 + 1), "Utility(weights=2,-1,0,0)": 2 * 1 - 1 * 1,
        "BinG": 1 / math.log2(2 + 1), "DCG": _discount(2), "IdealDCG": 1.0,
        "G": 1 / math.log2(2 + 2 - 1), "nDCG_rel": _discount(2) / 1,
        "RnDCG": 0.0,  # the ideal gain changes after rank 1, where nothing was found yet
        "nDCG(gains=0:1)": _discount(2), "RelString@10": "-1",  # e2 not in the qrels
        "YAAP": math.log((1 + 1 / 2) / (1 + 1 - 1 / 2)),
    },
}
ALL_MEASURES = list(HAND["q1"])


# ------------------------------------------------------ hand-computed values --


def test_every_family_of_the_catalogue_is_computed_by_hand():
    # A measure added to CATALOGUE without hand-computed values fails here (as scikit-learn's
    # common tests refuse a metric left out of their lists).
    # The diversity families read subtopic qrels: their hand-computed values are in
    # test_diversity.py, which fails on a family it does not know. The C/W/L user models are
    # checked against cwl_eval's own classes in test_user_models_against_cwl_eval.py, which
    # test_user_models.py holds to every model of _CONTINUATIONS.
    documents = {name for name, family in CATALOGUE.items() if family.judgements == "documents"}
    assert {parse_measure(name).family for name in ALL_MEASURES} == documents - set(_CONTINUATIONS)
    assert list(HAND["q1"]) == list(HAND["q2"])


def test_every_measure_matches_hand_computed_values_per_query():
    per_query = evaluate(RUN, QRELS, ALL_MEASURES, per_query=True)
    assert list(per_query) == ["q1", "q2"]
    for qid, expected in HAND.items():
        assert list(per_query[qid]) == ALL_MEASURES
        for measure, value in expected.items():
            if isinstance(value, str):
                assert per_query[qid][measure] == value, (qid, measure)
            else:
                assert per_query[qid][measure] == pytest.approx(value, abs=1e-15), (qid, measure)


SUMMARIZED = [name for name in ALL_MEASURES if parse_measure(name).record.aggregate != "none"]


def test_the_summary_is_the_macro_average_over_queries_or_as_the_family_says():
    means = evaluate(RUN, QRELS, SUMMARIZED)
    for measure in SUMMARIZED:
        q1, q2 = HAND["q1"][measure], HAND["q2"][measure]
        expected = {"mean": (q1 + q2) / 2, "sum": q1 + q2,
                    "geometric": math.sqrt(max(q1, 1e-5) * max(q2, 1e-5))}
        how = parse_measure(measure).record.aggregate
        assert means[measure] == pytest.approx(expected[how], abs=1e-15), measure


def test_a_text_measure_has_no_summary():
    with pytest.raises(ValueError, match="RelString@10 is text, one string per query.*per_query=True"):
        evaluate(RUN, QRELS, ["P@5", "RelString@10"])


def test_a_single_measure_name_is_accepted_and_results_are_python_floats():
    means = evaluate(RUN, QRELS, "AP")
    assert means == {"AP": pytest.approx(((1 + 2 / 4) / 3 + 1 / 2) / 2)}
    assert type(means["AP"]) is float
    per_query = evaluate(RUN, QRELS, "AP", per_query=True)
    assert all(type(v["AP"]) is float for v in per_query.values())


# ------------------------------------------------------------------- ties --


@pytest.mark.parametrize(
    "scores, relevant, expected_rr",
    [
        ({"a": 1.0, "b": 1.0, "Z": 1.0}, "a", 1 / 2),  # b > a > Z in byte order
        ({"a": 1.0, "b": 1.0, "Z": 1.0}, "Z", 1 / 3),
        ({"9": 0.3, "10": 0.3}, "10", 1 / 2),  # text, not numbers: "9" > "10"
        ({"z": 0.3, "é": 0.3}, "z", 1 / 2),  # UTF-8 byte 0xC3 > "z"
        ({"a": 0.0, "b": -0.0}, "a", 1 / 2),  # -0.0 == 0.0: a tie
        ({"a": 2.0, "b": 1.0, "c": 1.0}, "a", 1.0),  # no tie at the top
    ],
)
def test_ties_are_broken_by_document_id_descending_in_byte_order(scores, relevant, expected_rr):
    result = evaluate({"q": scores}, {"q": {relevant: 1}}, "RR")
    assert result["RR"] == pytest.approx(expected_rr)


def test_scores_are_doubles_in_trec_eval_10_and_floats_in_9():
    run = {"q": {"a": 1.0 + 1e-9, "b": 1.0}}  # equal once stored as a C float
    qrels = {"q": {"a": 1}}
    assert evaluate(run, qrels, "RR")["RR"] == 1.0  # 10.0: a is higher
    assert evaluate(run, qrels, "RR", trec_eval_version="9.0.8")["RR"] == 0.5  # tie: b ranks first
    apart = {"q": {"a": 1.0 + 1e-6, "b": 1.0}}  # distinct even in float32
    assert evaluate(apart, qrels, "RR", trec_eval_version="9.0.8")["RR"] == 1.0


def test_huge_scores_beyond_float32_range_tie_as_infinity_in_trec_eval_9():
    run = {"q": {"a": 1e300, "b": 1e200, "c": 1.0}}
    qrels = {"q": {"a": 1}}
    assert evaluate(run, qrels, "RR", trec_eval_version="9.0.8")["RR"] == 0.5  # both +inf; b > a
    assert evaluate(run, qrels, "RR")["RR"] == 1.0


def test_a_score_too_large_for_a_double_is_refused_by_name():
    with pytest.raises(ValueError, match=r"run\['q'\]\['b'\] is 1000.*too large for a double"):
        evaluate({"q": {"a": 1.0, "b": 10**1000}}, {"q": {"a": 1}}, "RR")


def test_every_document_id_is_checked_not_only_the_first():
    run = {"q": {"a": 1.0, 7: 0.5}}
    with pytest.raises(TypeError, match=r"run\['q'\] has the document id 7 \(int\)"):
        evaluate(run, {"q": {"a": 1}}, "RR")


# -------------------------------------------------------- query bookkeeping --


def test_a_judged_query_missing_from_the_run_scores_zero_and_counts_in_the_mean():
    qrels = {"q1": {"d1": 1}, "q2": {"d1": 1}}
    run = {"q1": {"d1": 1.0}, "unjudged": {"d1": 1.0}}
    per_query = evaluate(run, qrels, ["P@1", "nDCG"], per_query=True)
    assert per_query == {"q1": {"P@1": 1.0, "nDCG": 1.0}, "q2": {"P@1": 0.0, "nDCG": 0.0}}
    assert evaluate(run, qrels, ["P@1", "nDCG"]) == {"P@1": 0.5, "nDCG": 0.5}


def test_an_empty_ranking_is_like_a_missing_one():
    qrels = {"q1": {"d1": 1}, "q2": {"d1": 1}}
    assert evaluate({"q1": {"d1": 1.0}, "q2": {}}, qrels, "AP") == {"AP": 0.5}
    for version in ("10.0", "9.0.8"):  # nothing at all to rank
        assert evaluate({"q1": {}}, qrels, ["AP", "nDCG@3"], trec_eval_version=version) == {
            "AP": 0.0, "nDCG@3": 0.0}


@pytest.mark.parametrize("empty_judgements", [{"d2": 0, "d3": -1}, {}])
def test_queries_without_relevant_documents_follow_the_chosen_policy(empty_judgements):
    qrels = {"q1": {"d1": 1}, "q2": empty_judgements}
    run = {"q1": {"d1": 1.0}, "q2": {"d2": 1.0}}
    zero = evaluate(run, qrels, ["R@1", "AP", "nDCG", "P@1"], per_query=True)
    assert zero["q2"] == {"R@1": 0.0, "AP": 0.0, "nDCG": 0.0, "P@1": 0.0}  # trec_eval's choice
    assert evaluate(run, qrels, ["AP", "P@1"]) == {"AP": 0.5, "P@1": 0.5}
    # skip: per measure. P@1 is defined on q2 and keeps it; AP and nDCG leave it out.
    assert evaluate(run, qrels, ["AP", "P@1"], empty_queries="skip") == {"AP": 1.0, "P@1": 0.5}
    skipped = evaluate(run, qrels, ["AP", "nDCG", "P@1"], per_query=True, empty_queries="skip")
    assert skipped == {"q1": {"AP": 1.0, "nDCG": 1.0, "P@1": 1.0}, "q2": {"P@1": 0.0}}
    assert list(evaluate(run, qrels, "AP", per_query=True, empty_queries="skip")) == ["q1"]
    with pytest.raises(ValueError, match=r"AP is undefined on 1 judged query \('q2'\): .*no relevant document.*empty_queries='zero'"):
        evaluate(run, qrels, "AP", empty_queries="raise")
    assert evaluate(run, qrels, "P@1", empty_queries="raise") == {"P@1": 0.5}  # defined everywhere


def test_ndcg_is_defined_without_relevant_documents_if_some_grade_gains():
    # relevance_level=2 and grades of 1: no relevant document, yet nDCG is defined
    # (trec_eval 10.0 prints 0.9197 for this query); AP is not.
    run = {"q": {"a": 2.0, "b": 1.0}, "other": {"a": 1.0}}
    qrels = {"q": {"a": 0, "b": 1, "c": 1}, "other": {"a": 2}}
    values = evaluate(run, qrels, ["nDCG", "AP"], per_query=True, relevance_level=2, empty_queries="skip")
    assert list(values["q"]) == ["nDCG"] and values["q"]["nDCG"] > 0
    with pytest.raises(ValueError, match="AP is undefined"):
        evaluate(run, qrels, ["nDCG", "AP"], relevance_level=2, empty_queries="raise")


def test_skipping_every_query_is_an_error_not_a_nan():
    with pytest.raises(ValueError, match="AP is undefined on 1 judged query, every query evaluated"):
        evaluate({"q": {"d": 1.0}}, {"q": {"d": 0}}, "AP", empty_queries="skip")


# ---------------------------------------------------------- grades, levels --


def test_relevance_level_sets_what_counts_as_relevant_but_not_ndcg():
    qrels = {"q": {"a": 1, "b": 2, "c": 0}}
    run = {"q": {"a": 3.0, "b": 2.0, "c": 1.0}}
    level1 = evaluate(run, qrels, ["P@1", "R@1", "AP", "RR", "nDCG"], per_query=True)["q"]
    level2 = evaluate(run, qrels, ["P@1", "R@1", "AP", "RR", "nDCG"], per_query=True, relevance_level=2)["q"]
    assert level1["P@1"] == 1.0 and level2["P@1"] == 0.0
    assert level1["R@1"] == 0.5 and level2["R@1"] == 0.0
    assert level1["AP"] == 1.0 and level2["AP"] == 0.5
    assert level1["RR"] == 1.0 and level2["RR"] == 0.5
    expected_ndcg = (1 + 2 * _discount(2)) / (2 + 1 * _discount(2))
    assert level1["nDCG"] == level2["nDCG"] == pytest.approx(expected_ndcg)


def test_relevance_level_zero_makes_judged_zero_grades_relevant_but_not_unjudged_documents():
    qrels = {"q": {"a": 0, "b": -1}}
    run = {"q": {"x": 3.0, "a": 2.0, "b": 1.0}}  # x is unjudged, b judged negative
    per_query = evaluate(run, qrels, ["P@3", "RR"], per_query=True, relevance_level=0)["q"]
    assert per_query == {"P@3": pytest.approx(1 / 3), "RR": 0.5}


def test_negative_grades_gain_nothing_in_ndcg():
    run = {"q": {"a": 2.0, "b": 1.0}}
    with_negative = evaluate(run, {"q": {"a": -2, "b": 2}}, "nDCG")
    with_zero = evaluate(run, {"q": {"a": 0, "b": 2}}, "nDCG")
    assert with_negative == with_zero == {"nDCG": pytest.approx(_discount(2))}


def test_exponential_gain_is_an_option():
    run = {"q": {"b": 2.0, "a": 1.0}}
    qrels = {"q": {"a": 2, "b": 1}}
    linear = (1 + 2 * _discount(2)) / (2 + 1 * _discount(2))
    exponential = (1 + 3 * _discount(2)) / (3 + 1 * _discount(2))
    assert evaluate(run, qrels, "nDCG")["nDCG"] == pytest.approx(linear)
    assert evaluate(run, qrels, "nDCG", gain="exponential")["nDCG"] == pytest.approx(exponential)


# ------------------------------------------------------------- bad input --


@pytest.mark.parametrize(
    "run, qrels, error, message",
    [
        ([("q", "d", 1.0)], QRELS, TypeError, r"run must be a dict \{query_id: \{doc_id: score\}\}, got list"),
        (RUN, [("q", "d", 1)], TypeError, r"qrels must be a dict \{query_id: \{doc_id: grade\}\}, got list"),
        ({"q1": [("d1", 1.0)]}, QRELS, TypeError, r"run\['q1'\] must be a dict \{doc_id: score\}, got list"),
        (RUN, {"q1": {"d1"}}, TypeError, r"qrels\['q1'\] must be a dict \{doc_id: grade\}, got set"),
        ({1: {"d1": 1.0}}, QRELS, TypeError, r"run query ids must be strings .*got 1 \(int\): convert them with str\(\)"),
        (RUN, {1: {"d1": 1}}, TypeError, r"qrels query ids must be strings .*got 1 \(int\)"),
        ({"q1": {7: 1.0}}, QRELS, TypeError, r"run\['q1'\] has the document id 7 \(int\): document ids must be strings"),
        (RUN, {"q1": {"d1": 1, 7: 1}}, TypeError, r"qrels\['q1'\] has the document id 7 \(int\)"),
        ({"q1": {"d1": "0.9"}}, QRELS, TypeError, r"run\['q1'\]\['d1'\] must be a number .*got '0\.9' \(str\)"),
        ({"q1": {"d1": None}}, QRELS, TypeError, r"run\['q1'\]\['d1'\] must be a number .*got None"),
        ({"q1": {"d1": float("nan")}}, QRELS, ValueError, r"run\['q1'\]\['d1'\] is nan: scores must be finite"),
        ({"q1": {"d1": float("inf")}}, QRELS, ValueError, r"run\['q1'\]\['d1'\] is inf"),
        (RUN, {"q1": {"d1": 1.5}}, TypeError, r"qrels\['q1'\]\['d1'\] must be an integer grade .*got 1\.5 \(float\)"),
        (RUN, {"q1": {"d1": "1"}}, TypeError, r"qrels\['q1'\]\['d1'\] must be an integer grade .*got '1' \(str\)"),
        (RUN, {}, ValueError, "qrels is empty"),
        ({}, QRELS, ValueError, r"run and qrels share no query id \(run: none; qrels: 'q1', 'q2'\)"),
        ({"1": {"d1": 1.0}}, QRELS, ValueError, r"run and qrels share no query id \(run: '1'; qrels: 'q1'"),
    ],
)
def test_bad_collections_fail_at_the_door_naming_the_culprit(run, qrels, error, message):
    with pytest.raises(error, match=message):
        evaluate(run, qrels, "AP")


@pytest.mark.parametrize(
    "options, error, message",
    [
        ({"per_query": 1}, TypeError, "per_query must be True or False, got 1"),
        ({"relevance_level": -1}, ValueError, "relevance_level must be a non-negative integer, got -1"),
        ({"relevance_level": 1.5}, TypeError, r"relevance_level must be a non-negative integer, got 1\.5"),
        ({"empty_queries": "ignore"}, ValueError, r"empty_queries must be one of 'zero', 'skip', 'raise'; got 'ignore'"),
        ({"trec_eval_version": "10"}, ValueError, r"trec_eval_version must be one of '10.0', '9.0.8'"),
        ({"trec_eval_version": 10.0}, TypeError, r"trec_eval_version must be one of '10.0', '9.0.8'"),
        ({"gain": "exp"}, ValueError, r"gain must be one of 'linear', 'exponential'"),
        ({"unjudged": "judged"}, ValueError, r"unjudged must be one of 'nonrelevant', 'condensed'"),
        ({"max_retrieved": "10"}, TypeError, r"max_retrieved must be a non-negative integer, got '10'"),
        ({"collection_size": -1}, ValueError, r"collection_size must be a non-negative integer, got -1"),
    ],
)
def test_bad_options_fail_at_the_door(options, error, message):
    with pytest.raises(error, match=message):
        evaluate(RUN, QRELS, "AP", **options)


def test_every_option_of_evaluate_and_spark_has_one_constraint():
    """evaluate's keyword options are exactly those OPTIONS constrains; Spark's are among them
    (spark.evaluate checks them with evaluate's check_options, not with checks of its own)."""
    import inspect

    from rankmetrics_lite import spark
    from rankmetrics_lite._evaluate import OPTIONS

    def keywords(function) -> set[str]:
        return {name for name, p in inspect.signature(function).parameters.items() if p.kind is p.KEYWORD_ONLY}

    assert keywords(evaluate) == set(OPTIONS)
    assert keywords(spark.evaluate) <= set(OPTIONS)


def test_exponential_gain_refuses_grades_that_would_overflow():
    with pytest.raises(ValueError, match="too large for the exponential gain"):
        evaluate(RUN, {"q1": {"d1": 2000}}, "nDCG", gain="exponential")


@pytest.mark.parametrize(
    "name, message",
    [
        ("map", r"unknown measure 'map' \(trec_eval's name\); did you mean 'AP'\?"),
        ("P_10", r"unknown measure 'P_10' \(trec_eval's name\); did you mean 'P@10'\?"),
        ("ndcg_cut_5", r"did you mean 'nDCG@5'\?"),
        ("ndcg@10", r"did you mean 'nDCG@10'\?"),
        ("MRR", r"did you mean 'RR'\?"),
        ("Recall@100", r"did you mean 'R@100'\?"),
        ("Sucess@3", r"did you mean 'Success@3'"),
        ("zzz", r"unknown measure 'zzz'\. Known measures: P@k, R@k, F1@k, Rprec, AP, AP@k"),
        ("P", r"measure 'P' needs a cutoff: write it as 'P@k'"),
        ("Rprec@10", r"measure 'Rprec@10' takes no cutoff"),
        ("P@0", r"the cutoff of measure 'P@0' must be a positive integer"),
    ],
)
def test_unknown_measure_names_suggest_the_right_one(name, message):
    with pytest.raises(ValueError, match=message):
        evaluate(RUN, QRELS, ["AP", name])


def test_measures_must_be_names():
    with pytest.raises(TypeError, match="a measure name must be a string"):
        evaluate(RUN, QRELS, [Measure("AP")])
    with pytest.raises(TypeError, match="measures must be a measure name or a list of names"):
        evaluate(RUN, QRELS, 5)
    with pytest.raises(ValueError, match="measures is empty"):
        evaluate(RUN, QRELS, [])


def test_measure_names_know_their_trec_eval_names():
    names = ["P@5", "R@10", "F1@5", "Rprec", "AP", "AP@10", "RR", "RR@10", "nDCG", "nDCG@10", "Success@1"]
    trec = [parse_measure(name).trec_eval_name for name in names]
    assert trec == ["P_5", "recall_10", None, "Rprec", "map", "map_cut_10", "recip_rank", None,
                    "ndcg", "ndcg_cut_10", "success_1"]
    assert [m.name for m in parse_measures(names)] == names


# -------------------------------------------------------------- properties --

_ids = st.sampled_from(list(string.ascii_letters[:8]) + ["10", "9", "é", "a1"])


@st.composite
def collections(draw):
    """Small runs and qrels: tied scores, graded and negative grades, missing and
    extra queries, rankings shorter than the cutoffs."""
    qids = draw(st.lists(st.sampled_from(["q1", "q2", "q3", "q4"]), min_size=1, max_size=4, unique=True))
    qrels = {}
    for qid in qids:
        qrels[qid] = draw(st.dictionaries(_ids, st.integers(-1, 3), min_size=1, max_size=8))
    run = {}
    for qid in draw(st.lists(st.sampled_from(["q1", "q2", "q3", "q4", "x"]), max_size=5, unique=True)):
        run[qid] = draw(st.dictionaries(_ids, st.sampled_from([0.0, 0.5, 1.0, 2.0]) | st.floats(-5, 5), max_size=10))
    if not any(qid in run for qid in qrels):
        run[qids[0]] = {"a": 1.0}
    return run, qrels


def _reference_ranking(ranking: dict[str, float], version: str) -> list[str]:
    """An independent reading of trec_eval's rule: score (a C double in 10.0, a
    float in 9.0.8), then docid, descending."""
    stored = np.float64 if version == "10.0" else np.float32
    return [d for d, _ in sorted(ranking.items(), key=lambda kv: (stored(kv[1]), kv[0]), reverse=True)]


@settings(max_examples=50, deadline=None)
@given(collections(), st.integers(1, 2), st.sampled_from(["10.0", "9.0.8"]))
def test_every_query_agrees_with_the_single_query_functions(collection, level, version):
    run, qrels = collection
    per_query = evaluate(run, qrels, ALL_MEASURES, per_query=True, relevance_level=level,
                         trec_eval_version=version)
    assert list(per_query) == [qid for qid in qrels if version == "10.0" or qid in run]
    for qid, judged in qrels.items():
        if qid not in per_query:
            continue
        ranked = _reference_ranking(run.get(qid, {}), version)
        grades = [judged.get(d, 0) for d in ranked]
        relevance = [int(g >= level) for g in grades]
        n_rel = sum(g >= level for g in judged.values())
        values = per_query[qid]
        if n_rel == 0:  # undefined for the single-query functions; trec_eval: 0
            # (nDCG, nDCG_rel and G are undefined only without a positive gain.)
            undefined = [m for m in values if parse_measure(m).record.undefined not in (None, _no_ideal_gain)]
            assert undefined and all(values[m] == 0.0 for m in undefined)
            continue
        expected = {
            "P@2": precision_at_k(relevance, 2), "P@5": precision_at_k(relevance, 5),
            "R@2": recall_at_k(relevance, 2, n_relevant=n_rel), "R@4": recall_at_k(relevance, 4, n_relevant=n_rel),
            "F1@2": f1_at_k(relevance, 2, n_relevant=n_rel), "Rprec": r_precision(relevance, n_relevant=n_rel),
            "AP": average_precision(relevance, n_relevant=n_rel), "AP@2": average_precision(relevance, n_relevant=n_rel, k=2),
            "RR": reciprocal_rank(relevance), "RR@1": reciprocal_rank(relevance, k=1),
            "Success@1": hit_rate_at_k(relevance, 1), "Success@2": hit_rate_at_k(relevance, 2),
        }
        judged_grades = [max(g, 0) for g in judged.values()]
        gains = [max(g, 0) for g in grades]
        if any(judged_grades):
            expected["nDCG"] = ndcg_at_k(gains, None, judged_grades=judged_grades)
            expected["nDCG@2"] = ndcg_at_k(gains, 2, judged_grades=judged_grades)
        for measure, value in expected.items():
            assert values[measure] == pytest.approx(value, abs=1e-12), (qid, measure)


@settings(max_examples=25, deadline=None)
@given(collections(), st.randoms(use_true_random=False))
def test_results_do_not_depend_on_dict_order_or_on_the_other_measures(collection, rnd):
    run, qrels = collection
    together = evaluate(run, qrels, ALL_MEASURES, per_query=True)

    def shuffled(nested: dict) -> dict:
        keys = list(nested)
        rnd.shuffle(keys)
        return {k: dict(rnd.sample(list(nested[k].items()), len(nested[k]))) for k in keys}

    reordered = evaluate(shuffled(run), shuffled(qrels), ALL_MEASURES, per_query=True)
    # Cut measures alone build only as many rank columns as their largest cutoff needs.
    cut_only = [m for m in ALL_MEASURES if "@" in m]
    cut = evaluate(run, qrels, cut_only, per_query=True)
    for measure in ALL_MEASURES:
        alone = evaluate(run, qrels, measure, per_query=True)
        for qid in qrels:
            assert alone[qid][measure] == together[qid][measure] == reordered[qid][measure]
            if measure in cut_only:
                assert cut[qid][measure] == together[qid][measure]
    means = evaluate(run, qrels, SUMMARIZED)
    for measure in SUMMARIZED:
        expected = summarize(parse_measure(measure), np.array([v[measure] for v in together.values()]))
        assert means[measure] == pytest.approx(expected, abs=1e-15)


def test_many_queries_with_many_ties_match_the_reference_ranking():
    rng = random.Random(7)
    run = {f"q{i}": {f"d{j}": float(rng.randint(0, 3)) for j in range(rng.randint(0, 30))} for i in range(300)}
    qrels = {f"q{i}": {f"d{j}": rng.randint(-1, 3) for j in range(0, 40, 3)} for i in range(300)}
    for version in ("10.0", "9.0.8"):
        per_query = evaluate(run, qrels, ["RR", "nDCG@5"], per_query=True, trec_eval_version=version)
        for qid, judged in qrels.items():
            if qid in per_query:
                ranking = _reference_ranking(run.get(qid, {}), version)
                relevance = [int(judged.get(d, 0) >= 1) for d in ranking]
                assert per_query[qid]["RR"] == reciprocal_rank(relevance)


def test_any_mapping_will_do_for_run_and_qrels():
    from collections import OrderedDict, defaultdict
    from types import MappingProxyType

    run = MappingProxyType({qid: MappingProxyType(dict(r)) for qid, r in RUN.items()})
    qrels = defaultdict(dict, {qid: OrderedDict(j) for qid, j in QRELS.items()})
    assert evaluate(run, qrels, SUMMARIZED) == evaluate(RUN, QRELS, SUMMARIZED)


def test_a_querys_values_do_not_depend_on_the_queries_evaluated_beside_it():
    # Evaluating in parts (per query group on a cluster, or block by block) must give the
    # bits that one call gives: a wide or a graded neighbour changes nothing in q.
    rng = np.random.default_rng(7)
    measures = every_measure(5, 10, gain="exponential")
    run = {"q": {f"d{i}": float(s) for i, s in enumerate(rng.random(37))}}
    qrels = {"q": {f"d{i}": int(g) for i, g in enumerate(rng.integers(0, 4, 30))}}
    alone = evaluate(run, qrels, measures, per_query=True, gain="exponential")["q"]
    wide_run = {"w": {f"e{i}": float(s) for i, s in enumerate(rng.random(700))}} | run
    wide_qrels = {"w": {f"e{i}": int(g) for i, g in enumerate(rng.integers(0, 6, 500))}} | qrels
    beside = evaluate(wide_run, wide_qrels, measures, per_query=True, gain="exponential")["q"]
    assert beside == alone
