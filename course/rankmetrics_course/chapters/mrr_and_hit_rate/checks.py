"""Checks of the exercises in the chapter "MRR and hit rate".

>>> from rankmetrics_course.exercises import check
>>> check("mrr-by-hand", (1 + 1 / 4 + 1 / 2 + 0) / 4)
mrr-by-hand: correct.
"""

from __future__ import annotations

import numpy as np

from rankmetrics_course.exercises.registry import (
    ExerciseMistake,
    exercise,
    expect_callable,
    expect_number,
    returned_number,
    same_number,
)
from rankmetrics_lite import expected_reciprocal_rank, hit_rate_at_k, reciprocal_rank

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

# Per-query RR values for the Success@k exercise (0: nothing relevant found).
_RR_SETS = [
    [1.0, 0.5, 1 / 3, 0.25, 0.1, 0.0],
    [1 / 3, 1 / 3, 0.0],
    [1.0, 1.0],
    [0.0, 0.0, 0.05],
]

# Graded rankings and the top grade of their scale, for the ERR exercise.
_ERR_CASES = [
    ([3, 2, 0, 1], 3),
    ([0, 1], 1),
    ([0, 0, 0], 2),
    ([4, 4, 4], 4),
    ([1, 0, 2, 0, 3], 4),
    ([2], 2),
]


def _ranking_with_rr(rr: float) -> list[int]:
    """A ranking whose reciprocal rank is ``rr`` (no relevant item when it is 0)."""
    return [0] if rr == 0 else [0] * (round(1 / rr) - 1) + [1]


@exercise("mrr-by-hand")
def _by_hand(answer) -> None:
    expected = float(np.mean([0.0 if r is None else reciprocal_rank([0] * (r - 1) + [1])
                              for r in BY_HAND_FIRST_RANKS]))
    expect_number(answer, expected,
                  "MRR is the mean of the reciprocal ranks, one per query; a query with "
                  "no relevant result contributes 0 and still counts in the mean.")


@exercise("mrr-mean-reciprocal-rank")
def _mean_reciprocal_rank(answer) -> None:
    expect_callable(answer, "mean_reciprocal_rank")
    for rankings in _RUNS:
        for k in (None, 1, 2, 4):
            where = f"for rankings={rankings}, k={k}"
            got = returned_number(answer([list(r) for r in rankings], k), where)
            want = float(np.mean([reciprocal_rank(r, k) for r in rankings]))
            if not same_number(got, want):
                raise ExerciseMistake(
                    f"{where} your function returned {got!r}. Take 1/rank of the first "
                    "relevant item of each query (0 if there is none within the cutoff) "
                    "and average these; do not invert an average rank.")


@exercise("mrr-success-from-rr")
def _success_from_rr(answer) -> None:
    expect_callable(answer, "success_from_rr")
    for rr_values in _RR_SETS:
        for k in (1, 2, 3, 4, 10, 20):
            where = f"for rr_values={rr_values}, k={k}"
            got = returned_number(answer(list(rr_values), k), where)
            want = float(np.mean([hit_rate_at_k(_ranking_with_rr(rr), k)
                                  for rr in rr_values]))
            if not same_number(got, want):
                raise ExerciseMistake(
                    f"{where} your function returned {got!r}. A query is a hit at k when "
                    "its first relevant item sits at rank k or better; RR = 0 is never a "
                    "hit. Watch the boundary, rank exactly k.")


@exercise("mrr-err")
def _err(answer) -> None:
    expect_callable(answer, "err_by_hand")
    for grades, max_grade in _ERR_CASES:
        where = f"for grades={grades}, max_grade={max_grade}"
        got = returned_number(answer(list(grades), max_grade), where)
        want = expected_reciprocal_rank(grades, max_grade=max_grade)
        if not same_number(got, want):
            raise ExerciseMistake(
                f"{where} your function returned {got!r}. The user stops at rank i with "
                "probability R_i = (2**g_i - 1) / 2**max_grade, and reaches rank i only "
                "if they did not stop before it; weight each stop by 1/i.")
