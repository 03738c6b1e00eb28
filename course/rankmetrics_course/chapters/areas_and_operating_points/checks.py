"""Checks of the exercises in the chapter "Areas, operating points and ROC against PR"."""

from __future__ import annotations

from rankmetrics_course.exercises.registry import (
    check_function_on_cases,
    exercise,
    same_number,
)
from rankmetrics_lite import average_precision_from_scores, pr_curve_from_scores


def _recall_at_precision_reference(labels, scores, min_precision):
    curve = pr_curve_from_scores(labels, scores)  # starts at (recall 0, precision 1)
    return float(curve.recall[curve.precision >= min_precision - 1e-12].max())


# (labels, scores, precision floor): precision that dips and recovers, so the best threshold
# lies past the first one below the floor; ties across classes; scores not sorted; a floor
# only the empty start meets.
_RECALL_AT_PRECISION_CASES = [
    ([1, 0, 0, 1, 1, 1], [6, 5, 4, 3, 2, 1], 0.6),
    ([1, 0, 0, 1, 1, 1], [6, 5, 4, 3, 2, 1], 0.5),
    ([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.8, 0.6, 0.3, 0.1], 0.7),
    ([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.8, 0.6, 0.3, 0.1], 1.0),
    ([0, 1, 1, 0, 1], [0.1, 0.7, 0.3, 0.9, 0.5], 0.6),
    ([0, 1, 1], [0.9, 0.5, 0.1], 1.0),
    ([1, 0, 1], [0.2, 0.2, 0.2], 0.5),
]


@exercise("pr-recall-at-precision")
def _recall_at_precision(answer) -> None:
    check_function_on_cases(
        answer, "recall_at_precision",
        [{"labels": labels, "scores": scores, "min_precision": floor}
         for labels, scores, floor in _RECALL_AT_PRECISION_CASES],
        _recall_at_precision_reference,
        "Try every distinct score as a threshold (tied items cross together): precision can "
        "fall below the floor and rise above it again further down, and the answer is the "
        "largest recall among all thresholds that meet it.")


_STEP_AP_CASES = [
    ([1, 0, 1, 1, 0, 1], [0.9, 0.8, 0.7, 0.6, 0.5, 0.4]),
    ([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.8, 0.6, 0.3, 0.1]),          # a tie across classes
    ([1, 1, 1, 0] + [1, 1, 1, 0, 0, 0, 0, 0] + [1] + [0] * 7,
     [3] * 4 + [2] * 8 + [1] * 8),                                  # three score levels
    ([0, 1, 0, 0, 1], [5, 4, 3, 2, 1]),
    ([1, 0, 1], [0.2, 0.2, 0.2]),                                   # one tie for all
    ([0, 1, 1, 0], [0.1, 0.7, 0.3, 0.9]),                           # scores not sorted
]


@exercise("pr-step-ap")
def _step_ap(answer) -> None:
    check_function_on_cases(
        answer, "step_average_precision",
        [{"labels": labels, "scores": scores} for labels, scores in _STEP_AP_CASES],
        average_precision_from_scores,
        lambda case, got: ("Tied items cross the threshold together: one step per distinct "
                           "score, weighted by the precision after the whole group."
                           if len(set(case["scores"])) < len(case["scores"]) else
                           "Weight each recall step by the precision at its end, and visit the "
                           "scores from the highest down."))


# (TPR, FPR, base rate) for the precision of one ROC point: the chapter's screening
# test at two base rates, its simulation's point at threshold 1.645, balanced
# classes, a point that flags no negative and one that flags no positive.
_ROC_POINT_CASES = [
    (0.9, 0.05, 0.1),
    (0.9, 0.05, 0.01),
    (0.41, 0.0491, 0.01),
    (0.75, 0.2, 0.5),
    (0.5, 0.5, 0.5),
    (1.0, 0.0, 0.2),
    (0.0, 0.3, 0.4),
]


@exercise("pr-precision-from-rates")
def _precision_from_rates(answer) -> None:
    check_function_on_cases(
        answer, "precision_from_rates",
        [{"tpr": tpr, "fpr": fpr, "base_rate": rate} for tpr, fpr, rate in _ROC_POINT_CASES],
        lambda tpr, fpr, base_rate: base_rate * tpr / (base_rate * tpr + (1 - base_rate) * fpr),
        _precision_from_rates_hint)


def _precision_from_rates_hint(case, got) -> str:
    tpr, fpr, rate = case["tpr"], case["fpr"], case["base_rate"]
    if tpr + fpr and same_number(got, tpr / (tpr + fpr)):
        return ("The two rates are shares within different groups: weigh each by how many "
                "people are in its group before you compare them.")
    if same_number(got, rate * tpr / (rate * tpr + fpr)):
        return ("The false positive rate is a share of the people without the condition, "
                "who are a share 1 - base_rate of everyone screened.")
    return ("Count, out of everyone screened, the flagged people who have the condition and "
            "the flagged people who do not; precision is the first count over both.")
