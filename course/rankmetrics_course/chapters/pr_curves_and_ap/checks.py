"""Checks of the exercises in the chapter "Precision-recall curves and interpolation"."""

from __future__ import annotations

from rankmetrics_course.exercises.registry import (
    ExerciseMistake,
    check_function_on_cases,
    exercise,
    expect_number,
    same_number,
)
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


# Rankings and |R| for the 11-point function: levels that ask for half an item
# (|R| = 5: 0.5, 2.5, 4.5), relevant items never retrieved, none retrieved at
# all, a relevant item at rank 1 and |R| = 10, where every level is whole.
_ELEVEN_POINT_CASES = [
    ([0, 1, 1, 0, 0, 1, 0, 0], 5),
    ([1, 0, 1, 0, 0, 1], 4),
    ([1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 0], 6),
    ([0, 0, 0, 1], 1),
    ([0, 0, 0], 2),
    ([1, 1, 0, 1, 0, 0, 0, 1, 0, 0], 10),
    ([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1], 7),
    ([0, 1, 0, 1, 1], 5),
]


def _needed_half_to_even(relevance, n_relevant) -> float:
    """The 11-point average if each level's L|R| were rounded half to even (Python's round)."""
    precisions = [sum(relevance[:rank]) / rank for rank in range(1, len(relevance) + 1)
             if relevance[rank - 1]]
    total = 0.0
    for level in range(11):
        needed = round(level / 10 * n_relevant)
        if needed <= len(precisions) and precisions:
            total += max(precisions[max(needed, 1) - 1:])
    return total / 11


@exercise("pr-eleven-point-short")
def _eleven_point_short(answer) -> None:
    check_function_on_cases(
        answer, "eleven_point_average",
        [{"relevance": relevance, "n_relevant": n_relevant}
         for relevance, n_relevant in _ELEVEN_POINT_CASES],
        lambda relevance, n_relevant: eleven_point_precision(relevance, n_relevant=n_relevant).average,
        _eleven_point_hint)


def _eleven_point_hint(case, got) -> str:
    relevance, n_relevant = case["relevance"], case["n_relevant"]
    found = sum(relevance)
    if same_number(got, _needed_half_to_even(relevance, n_relevant)):
        return ("One level asks for a different number of relevant items: L|R| that ends in .5 "
                "must round up, as C's lround does; Python's round(2.5) is 2.")
    if found and same_number(got, eleven_point_precision(relevance, n_relevant=found).average):
        return ("Recall must be divided by |R|, all relevant items of the query, not by those "
                "the ranking found: a level it never reaches counts 0.")
    if same_number(got, eleven_point_precision(relevance, n_relevant=n_relevant,
                                               recall_rule="exact").average):
        return ("This is the textbook rule (recall at least L); trec_eval 10.0 rounds L|R| to "
                "the nearest whole number of relevant items.")
    return ("A level L asks for L|R| relevant items, rounded to the nearest whole number; its "
            "value is the best precision from the rank of that many relevant items down, and 0 "
            "if the ranking never finds them.")
