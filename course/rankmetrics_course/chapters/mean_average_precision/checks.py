"""Checks of the exercises in the chapter "Mean Average Precision".

>>> from rankmetrics_course.exercises import check
>>> check("map-ap-by-hand", (1 / 2 + 2 / 3 + 3 / 5) / 4)
map-ap-by-hand: correct.
"""

from __future__ import annotations

from rankmetrics_course.exercises.registry import (
    check_function_on_cases,
    exercise,
    expect_number,
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
    check_function_on_cases(
        answer, "average_precision_by_hand",
        [{"relevance": relevance, "n_relevant": n_relevant} for relevance, n_relevant in _RANKINGS],
        lambda relevance, n_relevant: average_precision(relevance, n_relevant=n_relevant),
        lambda case, got: ("A ranking with no relevant item scores 0." if sum(case["relevance"]) == 0
                           else "Divide by n_relevant, not by the relevant items you found, and "
                                "take P@i at the rank of each relevant item."))


@exercise("map-sklearn-correction")
def _sklearn_correction(answer) -> None:
    expect_number(answer, average_precision(SKLEARN_RELEVANCE, n_relevant=SKLEARN_N_RELEVANT),
                  "scikit-learn divides by the relevant passages it was shown. Rescale "
                  "its value so that the sum is divided by all relevant passages of the "
                  "question instead (appending the missed ones at the bottom does not "
                  "do that).")


@exercise("map-ap-at-k")
def _ap_at_k(answer) -> None:
    hints = {
        "n_relevant": "With normalisation 'n_relevant' the denominator is |R|, "
                      "whatever k is.",
        "min_k_n_relevant": "With 'min_k_n_relevant' the denominator is the smaller "
                            "of k and |R|.",
        "retrieved_relevant": "With 'retrieved_relevant' the denominator counts the "
                              "relevant items within the top k only; with none there, "
                              "AP@k is 0.",
    }
    check_function_on_cases(
        answer, "ap_at_k",
        [{"relevance": relevance, "n_relevant": n_relevant, "k": k, "normalisation": normalisation}
         for relevance, n_relevant in _RANKINGS for k in (1, 2, 3, 6, 12) for normalisation in hints],
        lambda relevance, n_relevant, k, normalisation: average_precision(
            relevance, n_relevant=n_relevant, k=k, normalisation=normalisation),
        lambda case, got: f"Only ranks up to k count in the sum. {hints[case['normalisation']]}")
