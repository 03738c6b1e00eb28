"""Checks of the exercises in the chapter "MRR and hit rate".

>>> from rankmetrics_course.exercises import check
>>> check("mrr-by-hand", (1 + 1 / 4 + 1 / 2 + 0) / 4)
mrr-by-hand: correct.
"""

from __future__ import annotations

import numpy as np

from rankmetrics_course.exercises.registry import (
    ExerciseMistake,
    check_function_on_cases,
    exercise,
    expect_number,
    same_number,
)
from rankmetrics_lite import expected_reciprocal_rank, reciprocal_rank

# The easy exercise: the first relevant result of four queries sits at these
# ranks; None means the query has no relevant result in its ranking.
BY_HAND_FIRST_RANKS = [1, 4, 2, None]

# Sets of rankings (one 0/1 list per query) for the MRR function.
_RUNS = [
    [[1, 0, 0], [0, 0, 1], [0, 1], [0, 0, 0, 0]],
    [[0, 0, 0, 0, 0, 1], [0, 1, 1, 1]],
    [[1], [1, 1], [0, 1, 0, 1]],
    [[0, 0], [0, 0, 0]],
]

# What a paper reports for the bounds exercise: MRR@10 and hit rate@10 over many queries.
HIT_BOUNDS_MRR_AT_10 = 0.45
HIT_BOUNDS_HIT_AT_10 = 0.70

# Graded rankings and the top grade of their scale, for the ERR exercise.
_ERR_CASES = [
    ([3, 2, 0, 1], 3),
    ([0, 1], 1),
    ([0, 0, 0], 2),
    ([4, 4, 4], 4),
    ([1, 0, 2, 0, 3], 4),
    ([2], 2),
]


@exercise("mrr-by-hand")
def _by_hand(answer) -> None:
    expected = float(np.mean([0.0 if r is None else reciprocal_rank([0] * (r - 1) + [1])
                              for r in BY_HAND_FIRST_RANKS]))
    expect_number(answer, expected,
                  "MRR is the mean of the reciprocal ranks, one per query; a query with "
                  "no relevant result contributes 0 and still counts in the mean.")


@exercise("mrr-mean-reciprocal-rank")
def _mean_reciprocal_rank(answer) -> None:
    check_function_on_cases(
        answer, "mean_reciprocal_rank",
        [{"rankings": rankings, "k": k} for rankings in _RUNS for k in (None, 1, 2, 4)],
        lambda rankings, k: float(np.mean([reciprocal_rank(r, k) for r in rankings])),
        "Take 1/rank of the first relevant item of each query (0 if there is none within the "
        "cutoff) and average these; do not invert an average rank.")


@exercise("mrr-hit1-bounds")
def _hit1_bounds(answer) -> None:
    if not isinstance(answer, dict) or set(answer) != {"low", "high"}:
        raise ExerciseMistake('expected a dict with the keys "low" and "high", the smallest and '
                              "the largest hit rate@1 the two reported values allow.")
    mrr, hit = HIT_BOUNDS_MRR_AT_10, HIT_BOUNDS_HIT_AT_10
    # A query found at rank 2..10 adds between 1/10 and 1/2 to MRR@10.
    low, high = max(0.0, 2 * mrr - hit), min(hit, (10 * mrr - hit) / 9)
    if same_number(answer["high"], mrr, 5e-4) or same_number(answer["high"], hit, 5e-4):
        raise ExerciseMistake("the high end is too high: hit@1 <= MRR@10 holds, but every query "
                              "whose first relevant result sits at rank 2 to 10 adds at least "
                              "1/10 to MRR@10 too.")
    if same_number(answer["low"], 0.0, 5e-4):
        raise ExerciseMistake("the low end is too low: a query whose first relevant result sits "
                              "at rank 2 to 10 adds at most 1/2 to MRR@10, so the queries found "
                              "at rank 1 must make up the rest.")
    expect_number(answer["low"], low,
                  "the low end is not right: the fewest queries at rank 1 go with every other "
                  "hit as high as it can be, at rank 2.")
    expect_number(answer["high"], high,
                  "the high end is not right: the most queries at rank 1 go with every other "
                  "hit as low as it can be within the top 10, at rank 10.")


@exercise("mrr-err")
def _err(answer) -> None:
    check_function_on_cases(
        answer, "err_by_hand",
        [{"grades": grades, "max_grade": max_grade} for grades, max_grade in _ERR_CASES],
        lambda grades, max_grade: expected_reciprocal_rank(grades, max_grade=max_grade),
        "The user stops at rank i with probability theta_i = (2**g_i - 1) / 2**max_grade, and "
        "reaches rank i only if they did not stop before it; weight each stop by 1/i.")
