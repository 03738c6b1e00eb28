"""Checks of the exercises in the chapter "Precision-recall curves and Average Precision"."""

from __future__ import annotations

import numpy as np

from ...pr_curves import average_precision_from_scores, interpolated_precision, pr_curve_from_cutoffs
from .registry import ExerciseMistake, exercise, expect_callable, expect_number, same_number

_INTERPOLATION_RANKING = [1, 0, 0, 1, 0, 1, 1, 0]


@exercise("pr-interpolated-half")
def _interpolated_half(answer) -> None:
    curve = pr_curve_from_cutoffs(_INTERPOLATION_RANKING, n_relevant=4)
    expected = float(interpolated_precision(curve.recall, curve.precision, recall_levels=[0.5])[0])
    expect_number(answer, expected,
                  "interpolated precision at 0.5 is the best precision at ANY recall of at "
                  "least 0.5, not the precision where recall first reaches 0.5: read on down "
                  "the ranking.")


def _smallest_k_reference(relevance, n_relevant, target):
    curve = pr_curve_from_cutoffs(relevance, n_relevant=n_relevant)
    reaching = np.flatnonzero(curve.recall >= target - 1e-12)
    return int(reaching[0]) + 1 if reaching.size else None


# (relevance, |R|, target): targets are exact fractions of |R|, so no rounding question arises.
_SMALLEST_K_CASES = [
    ([0, 1, 0, 1, 1], 4, 0.5),
    ([1, 0, 0, 0], 1, 1.0),
    ([0, 0, 1, 1, 0, 1], 3, 1.0),
    ([1, 0, 1, 0, 0], 4, 0.75),   # only half of the relevant items were retrieved
    ([0, 0, 0], 2, 0.5),          # nothing found
    ([1, 1, 0, 1], 8, 0.25),
    ([0, 1], 2, 0.0),             # any k reaches recall 0: the smallest is 1
]


@exercise("pr-smallest-k")
def _smallest_k(answer) -> None:
    expect_callable(answer, "smallest_k_for_recall")
    for relevance, n_relevant, target in _SMALLEST_K_CASES:
        want = _smallest_k_reference(relevance, n_relevant, target)
        got = answer(list(relevance), n_relevant, target)
        if want is None and got is not None:
            raise ExerciseMistake(
                f"for relevance={relevance}, n_relevant={n_relevant}, target={target} your "
                f"function returned {got!r}, but this ranking never reaches the target: recall "
                "divides by n_relevant, which counts relevant items that were never retrieved.")
        if want is not None and got != want:
            raise ExerciseMistake(
                f"for relevance={relevance}, n_relevant={n_relevant}, target={target} your "
                f"function returned {got!r}. Recall at k is (relevant items in the top k) / "
                "n_relevant; return the first k (counting from 1) where it is >= target.")


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
    expect_callable(answer, "step_average_precision")
    for labels, scores in _STEP_AP_CASES:
        want = average_precision_from_scores(labels, scores)
        got = answer(list(labels), list(scores))
        if not same_number(got, want):
            tied = len(set(scores)) < len(scores)
            hint = ("Tied items cross the threshold together: one step per distinct score, "
                    "weighted by the precision after the whole group."
                    if tied else
                    "Weight each recall step by the precision at its end, and visit the scores "
                    "from the highest down.")
            raise ExerciseMistake(f"for labels={labels} and scores={scores} your function "
                                  f"returned {got!r}. {hint}")
