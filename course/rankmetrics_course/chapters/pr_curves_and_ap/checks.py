"""Checks of the exercises in the chapter "Precision-recall curves and interpolation"."""

from __future__ import annotations

from rankmetrics_course.exercises.registry import ExerciseMistake, exercise, expect_number, same_number
from rankmetrics_lite import eleven_point_precision, interpolated_precision, pr_curve_from_cutoffs

_INTERPOLATION_RANKING = [1, 0, 0, 1, 0, 1, 1, 0]


@exercise("pr-interpolated-half")
def _interpolated_half(answer) -> None:
    curve = pr_curve_from_cutoffs(_INTERPOLATION_RANKING, n_relevant=4)
    expected = float(interpolated_precision(curve.recall, curve.precision, recall_levels=[0.5])[0])
    expect_number(answer, expected,
                  "interpolated precision at 0.5 is the best precision at ANY recall of at "
                  "least 0.5, not the precision where recall first reaches 0.5: read on down "
                  "the ranking.")


# Two rankings with the same best F1 (2/3, at k = 2 and k = 5) and different shapes: one finds
# half its relevant items at once and the rest only at the end, the other finds them steadily.
SHAPE_RANKINGS = {"front": [1, 1, 0, 0, 0, 0, 0, 0, 1, 1],
                  "even": [1, 0, 1, 0, 1, 0, 0, 0, 0, 1]}
SHAPE_N_RELEVANT = 4


@exercise("pr-curve-shape")
def _curve_shape(answer) -> None:
    if not isinstance(answer, dict) or set(answer) != set(SHAPE_RANKINGS):
        raise ExerciseMistake('expected a dict with the keys "front" and "even", one 11-point '
                              "average for each ranking.")
    want = {name: eleven_point_precision(ranking, n_relevant=SHAPE_N_RELEVANT).average
            for name, ranking in SHAPE_RANKINGS.items()}
    if (same_number(answer["front"], want["even"], 5e-4)
            and same_number(answer["even"], want["front"], 5e-4)):
        raise ExerciseMistake("the two values are swapped: which ranking finds half its relevant "
                              "items at once?")
    for name, ranking in SHAPE_RANKINGS.items():
        want_here = eleven_point_precision(ranking, n_relevant=SHAPE_N_RELEVANT).average
        exact = eleven_point_precision(ranking, n_relevant=SHAPE_N_RELEVANT,
                                       recall_rule="exact").average
        hint = (f'the value for "{name}" follows the textbook rule (recall at least the level); '
                "use the package's default, trec_eval 10.0's rounding of the levels."
                if same_number(answer[name], exact, 5e-4) and abs(exact - want_here) > 5e-4 else
                f'the value for "{name}" is not its 11-point average: read the interpolated '
                "precision at the eleven levels 0.0, 0.1, ..., 1.0 and take their mean, with "
                "|R| = 4.")
        expect_number(answer[name], want_here, hint)
