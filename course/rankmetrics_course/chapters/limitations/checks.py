"""Checks of the exercises in the chapter "Limitations and extensions"."""

from __future__ import annotations

import math

from rankmetrics_course.chapters.limitations.view import winner_at_k
from rankmetrics_course.exercises.registry import ExerciseMistake, exercise, expect_callable, expect_number

# Pairs of rankings of equal length: a crossing, identical, one empty, a late tie.
_PAIRS = [
    ([1, 1, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 1, 1, 1, 0, 0, 0, 0, 0]),
    ([1, 0, 1, 0], [1, 0, 1, 0]),
    ([0, 0, 0], [0, 1, 0]),
    ([0, 1, 1, 0, 0, 1], [1, 0, 0, 1, 1, 0]),
    ([1], [0]),
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


def lead_changes(x, y) -> int:
    """How often the P@k leader switches between the two rankings as k runs from 1 to n.

    A tie is no leader: the lead changes at k when the winner at k differs from the
    last winner before k that was not a tie.

    >>> lead_changes([1, 0, 0, 1, 1], [0, 1, 1, 0, 0])
    2
    >>> lead_changes([1, 0, 1, 0], [0, 1, 0, 1])
    0
    """
    changes, leader = 0, None
    for k in range(1, len(x) + 1):
        winner = winner_at_k(x, y, k)
        if winner != "tie":
            changes += leader is not None and winner != leader
            leader = winner
    return changes


def _binary_ranking(value, n: int, name: str) -> list[int]:
    try:
        ranking = [int(v) for v in value]
    except (TypeError, ValueError):
        raise ExerciseMistake(f"for n = {n}, {name} is {value!r}, not a list of 0s and "
                              "1s.") from None
    if len(ranking) != n or any(v not in (0, 1) for v in ranking) or \
            any(float(v) != r for v, r in zip(value, ranking)):
        raise ExerciseMistake(f"for n = {n}, {name} must be a list of n values, each 0 or 1; "
                              f"got {value!r}.")
    return ranking


@exercise("limitations-lead-changes")
def _lead_changes(answer) -> None:
    expect_callable(answer, "most_lead_changes")
    for n in range(1, 26):
        pair = answer(n)
        try:
            x, y = pair
        except (TypeError, ValueError):
            raise ExerciseMistake(f"for n = {n} your function returned {pair!r}, not a pair "
                                  "of rankings (x, y).") from None
        x, y = _binary_ranking(x, n, "x"), _binary_ranking(y, n, "y")
        # The most: the count difference moves by at most 1 per rank, so two leads of
        # opposite sign are at least two ranks apart, and the first lead comes at k >= 1.
        got, most = lead_changes(x, y), (n - 1) // 2
        if got < most:
            raise ExerciseMistake(
                f"for n = {n} your rankings change the lead {got} time(s); two rankings of "
                "that length can change it more often. Between a lead of X and a lead of Y "
                "there is always a tie: how few ranks can one lead last?")
