"""Checks of the exercises in the chapter "Mean Average Precision".

>>> from rankmetrics_course.exercises import check
>>> check("map-ap-by-hand", (1 / 2 + 2 / 3 + 3 / 5) / 4)
map-ap-by-hand: correct.
"""

from __future__ import annotations

from rankmetrics_course.exercises.registry import (
    ExerciseMistake,
    exercise,
    expect_callable,
    expect_number,
    returned_number,
    same_number,
)
from rankmetrics_lite import average_precision

# (relevance, |R|) pairs that catch the usual slips: missed relevant items,
# nothing relevant retrieved, everything relevant, a relevant item at the end.
_RANKINGS = [
    ([1, 0, 1, 0, 0, 1, 0, 0, 1, 0], 5),
    ([0, 1, 1, 0, 1], 4),
    ([0, 0, 0, 0], 2),
    ([1, 1, 1], 3),
    ([0, 0, 0, 0, 1], 1),
    ([1], 7),
    ([0, 1, 0, 1, 0, 1, 1], 4),
]

# The sklearn exercise: eight returned passages, six relevant ones in all.
SKLEARN_RELEVANCE = [1, 0, 1, 1, 0, 0, 0, 0]
SKLEARN_N_RELEVANT = 6


@exercise("map-ap-by-hand")
def _ap_by_hand(answer) -> None:
    expect_number(answer, average_precision([0, 1, 1, 0, 1], n_relevant=4),
                  "Add P@i at each rank i that holds a relevant item, then divide by "
                  "|R|, every relevant item of the query, found or not.")


@exercise("map-average-precision")
def _average_precision(answer) -> None:
    expect_callable(answer, "average_precision_by_hand")
    for relevance, n_relevant in _RANKINGS:
        got = returned_number(answer(list(relevance), n_relevant),
                         f"for relevance={relevance}, n_relevant={n_relevant}")
        want = average_precision(relevance, n_relevant=n_relevant)
        if not same_number(got, want):
            hint = ("A ranking with no relevant item scores 0." if sum(relevance) == 0
                    else "Divide by n_relevant, not by the relevant items you found, and "
                         "take P@i at the rank of each relevant item.")
            raise ExerciseMistake(f"for relevance={relevance}, n_relevant={n_relevant} "
                                  f"your function returned {got!r}. {hint}")


@exercise("map-sklearn-correction")
def _sklearn_correction(answer) -> None:
    expect_number(answer, average_precision(SKLEARN_RELEVANCE, n_relevant=SKLEARN_N_RELEVANT),
                  "scikit-learn divides by the relevant passages it was shown. Rescale "
                  "its value so that the sum is divided by all relevant passages of the "
                  "question instead (appending the missed ones at the bottom does not "
                  "do that).")


@exercise("map-ap-at-k")
def _ap_at_k(answer) -> None:
    expect_callable(answer, "ap_at_k")
    hints = {
        "n_relevant": "With normalisation 'n_relevant' the denominator is |R|, "
                      "whatever k is.",
        "min_k_n_relevant": "With 'min_k_n_relevant' the denominator is the smaller "
                            "of k and |R|.",
        "retrieved_relevant": "With 'retrieved_relevant' the denominator counts the "
                              "relevant items within the top k only; with none there, "
                              "AP@k is 0.",
    }
    for relevance, n_relevant in _RANKINGS:
        for k in (1, 2, 3, 6, 12):
            for normalisation, hint in hints.items():
                where = (f"for relevance={relevance}, n_relevant={n_relevant}, k={k}, "
                         f"normalisation={normalisation!r}")
                got = returned_number(answer(list(relevance), n_relevant, k, normalisation),
                                 where)
                want = average_precision(relevance, n_relevant=n_relevant, k=k, normalisation=normalisation)
                if not same_number(got, want):
                    raise ExerciseMistake(
                        f"{where} your function returned {got!r}. Only ranks up to k "
                        f"count in the sum. {hint}")
