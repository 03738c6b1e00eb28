"""Checks of the exercises in the chapter "One run, several tools".

The expected values come from the package: trec_eval's values are
:func:`~rankmetrics_lite.evaluate`'s, and pytrec_eval's output is
:func:`evaluate`'s per-query output without the queries that are missing from
the run (where pytrec_eval and trec_eval agree). scikit-learn's
``label_ranking_average_precision_score`` on a list with one relevant document
is one over the number of documents scored at least as high as it; the mean
reciprocal rank over the orders of a tie averages one over each place the
relevant document can take in its tie group.

>>> from rankmetrics_course.exercises import check
>>> check("tools-lrap-tie", (1 / 3, 1.0, 11 / 18))
tools-lrap-tie: correct.
"""

from __future__ import annotations

import math

from rankmetrics_course.exercises.registry import (
    ExerciseMistake,
    check_function_on_cases,
    exercise,
    expect_callable,
)
from rankmetrics_lite import evaluate
from rankmetrics_lite.measures import parse_measure

# The easy exercise: one relevant document, d3, tied with d1 and d2 at the top.
TIE_SCORES = {"d1": 0.9, "d2": 0.9, "d3": 0.9, "d4": 0.2}
TIE_RELEVANT = "d3"

# The medium exercise: (run, qrels) pairs with judged queries missing from the run,
# a query with no relevant document, and a run query nobody judged.
_COLLECTIONS = [
    (
        {"a": {"d1": 3.0, "d2": 2.0, "d3": 1.0}, "b": {"d1": 1.0, "d4": 0.5}},
        {"a": {"d1": 1, "d3": 1}, "b": {"d4": 2, "d9": 1}, "c": {"d1": 1}},
    ),
    (
        {"1": {"x": 0.9, "y": 0.9}, "2": {"x": 0.1}, "9": {"x": 1.0}},
        {"1": {"y": 1}, "2": {"x": 0}, "3": {"z": 1}, "4": {"x": 1, "y": 1}},
    ),
    (
        {"q": {"d1": 1.0, "d2": 2.0}},
        {"q": {"d1": 1, "d2": 0}},
    ),
]
_MEASURES = ["AP", "nDCG", "P@2", "RR"]

# The hard exercise: (ranking, judged) pairs. Ties across relevance, relevant
# documents missed, unjudged documents, nothing relevant retrieved, |R| = 0.
_QUERIES = [
    ({"d16": 7.5, "d11": 7.5, "d13": 6.2, "d15": 5.5, "d14": 5.0, "d12": 5.0, "d17": 2.1},
     {"d11": 0, "d12": 1, "d13": 2, "d14": 0, "d15": 0, "d16": 1, "d17": 1}),
    ({"d22": 8.8, "d23": 8.1, "d24": 6.4, "d26": 5.9, "d29": 4.0},
     {"d21": 3, "d22": 1, "d23": 0, "d24": 2, "d25": 1, "d26": 0}),
    ({"a": 1.0, "b": 1.0, "c": 1.0, "d": 0.5}, {"a": 1, "c": 1, "e": 1}),
    ({"x": 2.0, "y": 1.0}, {"z": 1, "x": 0}),
    ({"x": 2.0, "y": 1.0}, {"x": 0, "y": 0}),
    ({"p": 0.3, "q": 0.2, "r": 0.1}, {"p": 1, "q": 1, "r": 1}),
]


def _mean_over_output(per_query: dict, name: str) -> float:
    """What a mean over pytrec_eval's output gives (only the queries in it)."""
    return sum(values[name] for values in per_query.values()) / len(per_query)


def _tie_reciprocal_ranks() -> tuple[float, float, float]:
    """LRAP, trec_eval's RR and the mean RR over the tie's orders, for TIE_SCORES."""
    mine = TIE_SCORES[TIE_RELEVANT]
    above = sum(score > mine for score in TIE_SCORES.values())
    tied = sum(score == mine for score in TIE_SCORES.values())  # the relevant one included
    lrap = 1 / (above + tied)
    trec = evaluate({"q": TIE_SCORES}, {"q": {TIE_RELEVANT: 1}}, "RR")["RR"]
    mean = sum(1 / (above + place) for place in range(1, tied + 1)) / tied
    return lrap, trec, mean


@exercise("tools-lrap-tie")
def _lrap_tie(answer) -> None:
    try:
        values = [float(v) for v in answer]
    except (TypeError, ValueError):
        raise ExerciseMistake("give a tuple of three numbers: (LRAP, trec_eval's reciprocal "
                              "rank, the mean reciprocal rank over the tie's orders).") from None
    if len(values) != 3:
        raise ExerciseMistake(f"give three numbers, not {len(values)}.")
    lrap, trec, mean = _tie_reciprocal_ranks()
    hints = [
        (lrap, "the first number, LRAP, is not right: where does LRAP put the documents tied "
               "with the relevant one?"),
        (trec, "the second number, trec_eval's, is not right: trec_eval breaks the tie by "
               "document id; which of d1, d2 and d3 comes first?"),
        (mean, "the third number is not right: the relevant document is equally likely to be "
               "first, second or third of the tie; average one over its rank."),
    ]
    for value, (want, hint) in zip(values, hints):
        if abs(value - want) > 5e-4:
            raise ExerciseMistake(hint)


@exercise("tools-complete-mean")
def _complete_mean(answer) -> None:
    expect_callable(answer, "complete_mean")
    for run, qrels in _COLLECTIONS:
        scored = evaluate(run, qrels, _MEASURES, per_query=True)
        # pytrec_eval's output: the queries of the run only, under trec_eval's names.
        per_query = {
            qid: {parse_measure(m).trec_eval_name: value for m, value in values.items()}
            for qid, values in scored.items() if qid in run
        }
        means = evaluate(run, qrels, _MEASURES)
        for measure in _MEASURES:
            name = parse_measure(measure).trec_eval_name
            got = answer({q: dict(v) for q, v in per_query.items()}, qrels, name)
            try:
                value = float(got)
            except (TypeError, ValueError):
                raise ExerciseMistake(
                    f"for the measure {name!r} your function returned {got!r}, not a number."
                ) from None
            if math.isclose(value, _mean_over_output(per_query, name), abs_tol=1e-9) and \
                    not math.isclose(value, means[measure], abs_tol=1e-9):
                raise ExerciseMistake(
                    "that is the mean over pytrec_eval's output only. Which queries of the "
                    "qrels are not in it, and what does trec_eval -c count them as?")
            if not math.isclose(value, means[measure], abs_tol=1e-9):
                raise ExerciseMistake(
                    f"for qrels {qrels!r} and the measure {name!r} your function returned "
                    f"{value!r}. Sum over every query of the qrels (0 where the output has "
                    "none) and divide by the number of judged queries.")


@exercise("tools-sklearn-like-trec")
def _sklearn_like_trec(answer) -> None:
    check_function_on_cases(
        answer, "trec_ap_with_sklearn",
        [{"ranking": ranking, "judged": judged} for ranking, judged in _QUERIES],
        lambda ranking, judged: evaluate({"q": ranking}, {"q": judged}, "AP")["AP"],
        "trec_eval's AP differs. Check the three repairs: trec_eval's order for tied scores, "
        "the denominator |R|, and the cases where scikit-learn sees no relevant document.")
