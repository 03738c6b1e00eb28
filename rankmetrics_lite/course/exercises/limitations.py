"""Checks of the exercises in the chapter "Limitations and extensions"."""

from __future__ import annotations

import math
from itertools import combinations

from ...average_precision import average_precision
from ..views.limitations import winner_at_k
from .registry import ExerciseMistake, exercise, expect_callable, expect_number

# Pairs of rankings of equal length: a crossing, identical, one empty, a late tie.
_PAIRS = [
    ([1, 1, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 1, 1, 1, 0, 0, 0, 0, 0]),
    ([1, 0, 1, 0], [1, 0, 1, 0]),
    ([0, 0, 0], [0, 1, 0]),
    ([0, 1, 1, 0, 0, 1], [1, 0, 0, 1, 1, 0]),
    ([1], [0]),
]

# (k, hits, n_relevant): the chapter's case, |R| above the hits, none, all, one.
_BOUND_CASES = [(10, 3, 3), (10, 3, 5), (5, 2, 2), (6, 0, 2), (4, 4, 6), (1, 1, 1), (7, 1, 4)]


def _ap_bounds_by_enumeration(k: int, hits: int, n_relevant: int) -> tuple[float, float]:
    """Lowest and highest AP@k over every placement of ``hits`` relevant items in k ranks."""
    values = []
    for ranks in combinations(range(k), hits):
        relevance = [0] * k
        for rank in ranks:
            relevance[rank] = 1
        values.append(average_precision(relevance, n_relevant=n_relevant, k=k))
    return min(values), max(values)


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


@exercise("limitations-ap-bounds")
def _ap_bounds(answer) -> None:
    expect_callable(answer, "ap_bounds")
    for k, hits, n_relevant in _BOUND_CASES:
        got = answer(k, hits, n_relevant)
        want = _ap_bounds_by_enumeration(k, hits, n_relevant)
        try:
            low, high = (float(v) for v in got)
        except (TypeError, ValueError):
            raise ExerciseMistake(f"for k={k}, hits={hits}, n_relevant={n_relevant} your "
                                  f"function returned {got!r}, not a pair of numbers.") from None
        if abs(low - want[0]) > 1e-9 or abs(high - want[1]) > 1e-9:
            hint = ("return (lowest, highest), in that order. " if abs(low - want[1]) < 1e-9
                    and abs(high - want[0]) < 1e-9 else "")
            raise ExerciseMistake(
                f"for k={k}, hits={hits}, n_relevant={n_relevant} your function returned "
                f"({low:.4f}, {high:.4f}). {hint}AP divides by |R| = n_relevant, and the "
                "lowest AP puts the hits as late as possible.")
