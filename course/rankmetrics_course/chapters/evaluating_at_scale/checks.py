"""Checks of the exercises in the chapter "Evaluating at scale".

Spark's ``meanAveragePrecisionAt(k)`` for one query is the sum of the precisions
at the relevant ranks within the top k, divided by min(|R|, k); trec_eval's
``map_cut_k`` divides the same sum by |R|. Both are derived here from
:func:`~rankmetrics_lite.average_precision`, whose
normalisations include both denominators.

>>> from rankmetrics_course.exercises import check
>>> check("scale-spark-map-at-k", lambda relevance, n_relevant, k: 0.0)
scale-spark-map-at-k: not yet. for relevance=[1, 0, 1, 0, 1, 0], n_relevant=8 and k=5 your function returned 0.0. Add the precision at each relevant rank within the top k, then divide by min(|R|, k), not by |R|.

Spark's Scala ``RankingMetrics.ndcgAt(k)`` with grades uses the gain 2^g - 1
and takes its ideal DCG from the relevant ids in the order they were given;
:func:`scala_ndcg_at_k` computes it that way, without a JVM.

>>> round(scala_ndcg_at_k(["b", "a"], ["a", "b"], [1.0, 3.0], 2), 4)
1.4088
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rankmetrics_course.exercises.registry import (
    ExerciseMistake,
    check_function_on_cases,
    exercise,
    same_number,
)
from rankmetrics_lite import average_precision, evaluate

# (relevance in rank order, |R|, k): |R| above and below k, a short ranking, nothing found.
_CASES = [
    ([1, 0, 1, 0, 1, 0], 8, 5),
    ([1, 1, 0, 1], 4, 10),
    ([0, 1, 1, 0, 1, 1, 0, 0, 1, 0], 5, 4),
    ([0, 0, 0], 3, 2),
    ([1], 1, 1),
]


def _spark_map_at_k(relevance, n_relevant, k) -> float:
    return average_precision(relevance, n_relevant=n_relevant, k=k, normalisation="min_k_n_relevant")


@exercise("scale-spark-map-at-k")
def _spark_map(answer) -> None:
    check_function_on_cases(
        answer, "spark_map_at_k",
        [{"relevance": relevance, "n_relevant": n_relevant, "k": k}
         for relevance, n_relevant, k in _CASES],
        _spark_map_at_k, _spark_map_hint)


def _spark_map_hint(case, got) -> str:
    if same_number(got, average_precision(case["relevance"], n_relevant=case["n_relevant"],
                                          k=case["k"])):
        return ("That is trec_eval's map_cut_k, divided by |R|. What does Spark divide by when "
                "|R| > k?")
    return ("Add the precision at each relevant rank within the top k, then divide by "
            "min(|R|, k), not by |R|.")


# The easy exercise: the best map_cut_5 of a query with |R| = 8, and Spark's value for it.
_CEILING_R, _CEILING_K = 8, 5


@exercise("scale-map-cut-ceiling")
def _map_cut_ceiling(answer) -> None:
    try:
        trec_eval, spark = (float(v) for v in answer)
    except (TypeError, ValueError):
        raise ExerciseMistake("give a tuple of two numbers: (trec_eval's highest map_cut_5, "
                              "Spark's meanAveragePrecisionAt(5) for that ranking).") from None
    best = [1] * _CEILING_K
    if not math.isclose(trec_eval, average_precision(best, n_relevant=_CEILING_R, k=_CEILING_K),
                        abs_tol=5e-4):
        raise ExerciseMistake("the first number is not right: which ranking gives the largest sum "
                              "of precisions within the top 5, and what does trec_eval divide "
                              "that sum by?")
    if not math.isclose(spark, _spark_map_at_k(best, _CEILING_R, _CEILING_K), abs_tol=5e-4):
        raise ExerciseMistake("the second number is not right: Spark adds the same precisions "
                              "but divides by min(|R|, k).")


def scala_ndcg_at_k(ranked: Sequence, labels: Sequence, grades: Sequence[float], k: int) -> float:
    """What Spark's Scala ``RankingMetrics.ndcgAt(k)`` returns for one query given
    ``(ranked ids, relevant ids, their grades)``: gain 2^g - 1, log2 discount, and
    the ideal DCG from the relevant ids *in the order given*, over
    ``min(max(len(ranked), len(labels)), k)`` ranks."""
    grade_of = dict(zip(labels, grades))
    n = min(max(len(ranked), len(set(labels))), k)
    dcg = sum((2 ** grade_of.get(d, 0.0) - 1) / math.log2(i + 2)
              for i, d in enumerate(ranked[:n]))
    ideal = sum((2 ** grade_of[d] - 1) / math.log2(i + 2) for i, d in enumerate(labels[:n]))
    return dcg / ideal if ideal else 0.0


# The medium exercise on Scala's nDCG: c, a, b ranked; the labels handed over as a, b, c.
_SCALA_RANKED, _SCALA_LABELS, _SCALA_GRADES = ["c", "a", "b"], ["a", "b", "c"], [1.0, 2.0, 3.0]


@exercise("scale-scala-ndcg-order")
def _scala_ndcg_order(answer) -> None:
    try:
        scala, ours = (float(v) for v in answer)
    except (TypeError, ValueError):
        raise ExerciseMistake("give a tuple of two numbers: (Scala's ndcgAt(3), evaluate's "
                              "nDCG@3 with the exponential gain).") from None
    run = {"q": {d: float(len(_SCALA_RANKED) - i) for i, d in enumerate(_SCALA_RANKED)}}
    qrels = {"q": {d: int(g) for d, g in zip(_SCALA_LABELS, _SCALA_GRADES)}}
    expected = evaluate(run, qrels, "nDCG@3", gain="exponential")["nDCG@3"]
    if not math.isclose(scala, scala_ndcg_at_k(_SCALA_RANKED, _SCALA_LABELS, _SCALA_GRADES, 3),
                        abs_tol=5e-4):
        hint = ("the first number is not right: Scala's ideal DCG takes the labels in the order "
                "they were given, not sorted by grade.")
        if math.isclose(scala, expected, abs_tol=5e-4):
            hint = "the first number is the right nDCG, not Scala's: " + hint.split(": ", 1)[1]
        raise ExerciseMistake(hint)
    if not math.isclose(ours, expected, abs_tol=5e-4):
        raise ExerciseMistake("the second number is not right: evaluate's ideal DCG sorts every "
                              "judged grade, best first, and the gain is 2^g - 1.")
