"""Checks of the exercises in the chapter "Evaluating at scale".

Spark's ``meanAveragePrecisionAt(k)`` for one query is the sum of the precisions
at the relevant ranks within the top k, divided by min(|R|, k); trec_eval's
``map_cut_k`` divides the same sum by |R|. Both are derived here from
:func:`~rankmetrics_lite.average_precision`, whose
normalisations include both denominators.

>>> from rankmetrics_course.exercises import check
>>> check("scale-spark-map-at-k", lambda relevance, n_relevant, k: 0.0)
scale-spark-map-at-k: not yet. for relevance=[1, 0, 1, 0, 1, 0], n_relevant=8, k=5 your function returned 0.0000. Add the precision at each relevant rank within the top k, then divide by min(|R|, k), not by |R|.
"""

from __future__ import annotations

import math

from rankmetrics_course.exercises.registry import ExerciseMistake, exercise, expect_callable
from rankmetrics_lite import average_precision

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
    expect_callable(answer, "spark_map_at_k")
    for relevance, n_relevant, k in _CASES:
        got = answer(list(relevance), n_relevant, k)
        try:
            value = float(got)
        except (TypeError, ValueError):
            raise ExerciseMistake(
                f"for relevance={relevance!r} your function returned {got!r}, not a number."
            ) from None
        expected = _spark_map_at_k(relevance, n_relevant, k)
        trec_eval = average_precision(relevance, n_relevant=n_relevant, k=k)
        if math.isclose(value, trec_eval, abs_tol=1e-9) and not math.isclose(value, expected):
            raise ExerciseMistake(
                f"for relevance={relevance!r}, n_relevant={n_relevant}, k={k} that is "
                "trec_eval's map_cut_k, divided by |R|. What does Spark divide by when |R| > k?")
        if not math.isclose(value, expected, abs_tol=1e-9):
            raise ExerciseMistake(
                f"for relevance={relevance!r}, n_relevant={n_relevant}, k={k} your function "
                f"returned {value:.4f}. Add the precision at each relevant rank within the top "
                "k, then divide by min(|R|, k), not by |R|.")
