"""Checks of the exercises in the chapter "Choosing k in practice"."""

from __future__ import annotations

import numpy as np

from rankmetrics_course.chapters.choosing_k.view import k_for_share_of_queries, min_k_for_recall
from rankmetrics_course.exercises.registry import ExerciseMistake, exercise, expect_callable, expect_number
from rankmetrics_lite import hit_rate_at_k

_TOP_THREES = [[1, 0, 0], [0, 0, 1], [0, 0, 0], [1, 1, 1], [0, 1, 0], [0, 0, 0]]


@exercise("choosing-k-hit-rate")
def _hit_rate(answer) -> None:
    expect_number(answer, float(np.mean([hit_rate_at_k(r, 3) for r in _TOP_THREES])),
                  "Hit rate@3 is 1 for a query with at least one relevant result in its top "
                  "three, else 0; average that over the six queries. It does not count how "
                  "many results are relevant (that is P@3).")


def _same(got, want) -> bool:
    if want is None:
        return got is None
    return got is not None and not isinstance(got, bool) and got == want


_MIN_K_CASES = [
    ([1, 0, 1, 1, 0, 1, 0, 1, 0, 1], 8, 0.75),
    ([1, 0, 1, 1, 0, 1, 0, 1, 0, 1], 8, 0.9),   # out of reach: None
    ([1, 0, 1, 1, 0, 1, 0, 1, 0, 1], 8, 0.5),
    ([0, 0, 1], 1, 1.0),
    ([1, 1, 1], 3, 0.3),
    ([0, 0, 0, 0], 2, 0.5),
    ([0, 1, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1], 10, 0.7),  # 7/10 must reach 0.7
]


@exercise("choosing-k-min-k")
def _min_k(answer) -> None:
    expect_callable(answer, "smallest_k")
    for relevance, n_relevant, target in _MIN_K_CASES:
        got = answer(list(relevance), n_relevant, target)
        want = min_k_for_recall(relevance, n_relevant, target)
        if not _same(got, want):
            if want is None:
                hint = ("this ranking never reaches the target: return None, not a "
                        "cutoff.")
            else:
                hint = ("k counts ranks from 1, and the target is reached when R@k is "
                        "greater than *or equal to* it.")
            raise ExerciseMistake(f"for relevance={relevance}, n_relevant={n_relevant} and "
                                  f"target={target} your function returned {got!r}; {hint}")


def _queries(seed: int, n_queries: int, depth: int) -> list:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n_queries):
        n_relevant = int(rng.integers(1, 6))
        relevance = (rng.random(depth) < 0.4).astype(int)
        relevance[: rng.integers(0, 2)] = 1
        out.append((relevance.tolist(), max(n_relevant, int(relevance.sum()))))
    return out


_SHARE_CASES = [
    (_queries(1, 10, 12), 0.7, 0.7),
    (_queries(2, 8, 15), 0.5, 0.5),
    (_queries(3, 12, 10), 0.9, 0.25),
    (_queries(4, 5, 8), 1.0, 1.0),     # probably out of reach: None
    (_queries(5, 20, 20), 0.6, 0.9),
    ([([1, 0, 0], 1), ([0, 0, 1], 1), ([0, 0, 0], 1)], 1.0, 0.6),
    # query i finds its one relevant item at rank i: exactly 7 of 10 queries at k = 7
    ([([0] * i + [1] + [0] * (9 - i), 1) for i in range(10)], 1.0, 0.7),
]


@exercise("choosing-k-share")
def _share(answer) -> None:
    expect_callable(answer, "depth_for_share")
    for queries, target, share in _SHARE_CASES:
        got = answer([(list(r), n) for r, n in queries], target, share)
        want = k_for_share_of_queries(queries, target, share)
        if not _same(got, want):
            raise ExerciseMistake(
                f"for {len(queries)} queries, target={target} and share={share} your function "
                f"returned {got!r}. Count the queries whose own R@k reaches the target at each "
                "depth (not the mean R@k), and make sure 'at least a share' includes the case "
                "where the count equals share * |Q| exactly.")
