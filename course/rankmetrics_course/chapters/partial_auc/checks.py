"""Checks of the exercises in the chapter "Partial AUC"."""

from __future__ import annotations

from rankmetrics_course.exercises.registry import (
    check_function_on_cases,
    exercise,
    expect_number,
)
from rankmetrics_lite import partial_auc, roc_auc, roc_curve_points

_PAIRS_LABELS = [1, 1, 1, 0, 0, 0, 0]
_PAIRS_SCORES = [0.9, 0.6, 0.4, 0.7, 0.4, 0.3, 0.1]


@exercise("pauc-auc-pairs")
def _auc_pairs(answer) -> None:
    expect_number(answer, roc_auc(_PAIRS_LABELS, _PAIRS_SCORES),
                  "count every (positive, negative) pair the positive wins, add one half for "
                  "each tie, and divide by the number of pairs, 3 x 4.")


# Labelled sets whose ROC curves have ties (diagonal segments), vertical steps and
# long flat stretches, so that a bound can fall inside any kind of segment.
_SETS = [
    ([1, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0],
     [0.92, 0.85, 0.85, 0.77, 0.70, 0.64, 0.58, 0.51, 0.45, 0.33, 0.27, 0.15]),
    ([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.8, 0.6, 0.3, 0.1]),
    ([0, 1, 0, 1, 1, 0, 0], [7, 6, 5, 4, 3, 2, 1]),          # the top item is a negative
    ([1, 0, 1, 0], [0.5, 0.5, 0.5, 0.5]),                     # one tie for everything
    ([0, 0, 1, 1], [0.9, 0.8, 0.2, 0.1]),                     # worse than chance
]
_BOUNDS = [0.01, 0.05, 0.1, 0.2, 1 / 3, 0.5, 0.75, 1.0]


@exercise("pauc-lowest-standardised")
def _lowest_standardised(answer) -> None:
    # the worst curve over [0, b]: every negative above every positive
    check_function_on_cases(
        answer, "lowest_standardised", [{"max_fpr": bound} for bound in _BOUNDS],
        lambda max_fpr: partial_auc([0, 0, 1], [3, 2, 1], max_fpr=max_fpr, standardized=True),
        "The worst curve stays at TPR 0 up to FPR b, so its raw partial area is 0; put that "
        "into McClish's formula, with the chance and perfect areas of [0, b].",
        describe=lambda case: f"for max_fpr = {case['max_fpr']:.4f}")


@exercise("pauc-by-hand")
def _by_hand(answer) -> None:
    for labels, scores in _SETS:
        curve = roc_curve_points(labels, scores)
        check_function_on_cases(
            answer, "partial_auc_by_hand",
            [{"fpr": curve.fpr, "tpr": curve.tpr, "max_fpr": bound} for bound in _BOUNDS],
            lambda fpr, tpr, max_fpr: partial_auc(labels, scores, max_fpr=max_fpr),
            "Use trapezoids (segments are straight lines, also the diagonal ones), and cut the "
            "segment that crosses max_fpr by linear interpolation.",
            describe=lambda case: (f"for the ROC points fpr={case['fpr'].round(4).tolist()}, "
                                   f"tpr={case['tpr'].round(4).tolist()} and "
                                   f"max_fpr={case['max_fpr']:.4f}"))
