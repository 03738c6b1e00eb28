"""Checks of the exercises in the chapter "Limitations and extensions"."""

from __future__ import annotations

import math

from rankmetrics_course.chapters.limitations.view import winner_at_k
from rankmetrics_course.exercises.registry import ExerciseMistake, exercise, expect_callable, expect_number
from rankmetrics_lite import precision_at_k

# Pairs of rankings of equal length: a crossing, identical, one empty, a late tie.
_PAIRS = [
    ([1, 1, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 1, 1, 1, 0, 0, 0, 0, 0]),
    ([1, 0, 1, 0], [1, 0, 1, 0]),
    ([0, 0, 0], [0, 1, 0]),
    ([0, 1, 1, 0, 0, 1], [1, 0, 0, 1, 1, 0]),
    ([1], [0]),
]

# Binary rankings whose P@k at every k the student turns back into the ranking:
# the chapter's X and Y, all relevant, none relevant, a long one, a single item.
_PROFILE_RANKINGS = [
    [1, 1, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 1, 1, 1, 0, 0, 0, 0, 0],
    [1, 1, 1],
    [0, 0, 0, 0],
    [0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0, 0, 1, 0, 0, 1, 1],
    [1],
]


@exercise("limitations-same-p10")
def _same_p10(answer) -> None:
    # Every ranking of ten results with exactly three relevant ones has P@10 = 0.3:
    # choose the three relevant ranks among ten.
    expect_number(answer, math.comb(10, 3),
                  "P@10 only counts the relevant items in the top ten. In how many ways can "
                  "three relevant items be placed among ten ranks? (Which three ranks they "
                  "take is all that differs; their order among themselves does not.)",
                  tolerance=0)


@exercise("limitations-winner-every-k")
def _winner_every_k(answer) -> None:
    expect_callable(answer, "winners")
    for x, y in _PAIRS:
        got = answer(list(x), list(y))
        want = [winner_at_k(x, y, k) for k in range(1, len(x) + 1)]
        try:
            got = list(got)
        except TypeError:
            raise ExerciseMistake(f"for x={x}, y={y} your function returned {got!r}, "
                                  "not a list of strings.") from None
        if len(got) != len(want):
            raise ExerciseMistake(f"for rankings of length {len(x)} your function returned "
                                  f"{len(got)} values; there is one winner per cutoff k.")
        if got != want:
            raise ExerciseMistake(
                f"for x={x}, y={y} your function returned {got!r}. P@k counts every "
                "relevant item in the top k, not just the one at rank k; and equal P@k "
                "is a 'tie'.")


@exercise("limitations-ranking-from-precisions")
def _ranking_from_precisions(answer) -> None:
    expect_callable(answer, "ranking_from_precisions")
    for ranking in _PROFILE_RANKINGS:
        profile = [precision_at_k(ranking, k) for k in range(1, len(ranking) + 1)]
        got = answer(list(profile))
        try:
            got = [int(v) for v in got]
        except (TypeError, ValueError):
            raise ExerciseMistake(f"for P@k values {_short(profile)} your function returned "
                                  f"{got!r}, not a list of 0s and 1s.") from None
        if got != ranking:
            raise ExerciseMistake(
                f"for P@k values {_short(profile)} your function returned {got}, not the "
                f"ranking {ranking}. k times P@k counts the relevant items in the top k; the "
                "item at rank k is relevant when that count grew at k (round the product, "
                "since P@k is a float).")


def _short(values: list[float]) -> str:
    return "[" + ", ".join(f"{v:.4g}" for v in values) + "]"
