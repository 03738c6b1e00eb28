"""Checks of the exercises in the chapter "The precision-recall relationship"."""

from __future__ import annotations

from rankmetrics_course.exercises.registry import (
    ExerciseMistake,
    exercise,
    expect_callable,
    expect_number,
    same_number,
)
from rankmetrics_lite import precision_recall_at_all_k, recall_at_k

# Rankings that catch the usual slips. The 49-rank one has P@49 = 1/49, and
# 49 * (1/49) is 0.9999999999999999 in floating point: truncating with int()
# loses the relevant item.
_RANKINGS = [
    [1], [0], [0, 0, 1], [1, 1, 1, 0],
    [1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1],
    [1] + [0] * 48,
    [0, 1] * 12 + [1] * 3,
]


@exercise("relationship-recall-from-precision")
def _recall_from_precision(answer) -> None:
    # A report gives P@20 = 0.35 for a query with |R| = 14: seven relevant items in the top 20.
    ranking = [1] * 7 + [0] * 13
    expect_number(answer, recall_at_k(ranking, k=20, n_relevant=14),
                  "Both measures share the numerator |R_k|: first recover |R_k| from P@20 "
                  "and k, then divide it by |R|.")


@exercise("relationship-ranking-from-precisions")
def _ranking_from_precisions(answer) -> None:
    if not callable(answer):
        raise ExerciseMistake("pass your function itself, relevance_from_precisions, "
                              "not its result.")
    for relevance in _RANKINGS:
        precisions = precision_recall_at_all_k(relevance, n_relevant=max(1, sum(relevance)))
        got = answer([float(p) for p in precisions["precision"]])
        try:
            values = [int(x) if float(x) == int(x) else float(x) for x in got]
        except (TypeError, ValueError):
            raise ExerciseMistake(f"for a ranking of length {len(relevance)} your function "
                                  f"returned {got!r}, not a list of 0s and 1s.") from None
        if len(values) != len(relevance):
            raise ExerciseMistake(f"for {len(relevance)} precision values your function returned "
                                  f"{len(values)} relevance values; there is one per rank.")
        if values != list(relevance):
            wrong = next(i for i, (v, r) in enumerate(zip(values, relevance)) if v != r) + 1
            raise ExerciseMistake(
                f"for a ranking of length {len(relevance)} your value at rank {wrong} is "
                f"{values[wrong - 1]!r}. k * P@k is |R_k| only up to rounding error: round it "
                "to the nearest integer before taking differences (int() truncates).")


def _mean_recall_range(found: int, k: int, n_relevants: list[int]) -> tuple[float, float]:
    """Lowest and highest mean R@k when the queries' top k hold ``found`` relevant items
    in all: fill the queries with the most (lowest) or fewest (highest) relevant items first."""
    ends = []
    for order in (sorted(n_relevants, reverse=True), sorted(n_relevants)):
        left, total = found, 0.0
        for n_rel in order:
            take = min(left, k, n_rel)
            left, total = left - take, total + take / n_rel
        ends.append(total / len(n_relevants))
    return ends[0], ends[1]


# (relevant items in all top k, k, each query's |R|): |R| below and above k, equal |R|
# (one value), nothing found, everything found, and a float product (0.35 * 20 * 3).
_RANGE_CASES = [(6, 10, [2, 20]), (6, 4, [1, 3, 8]), (9, 5, [4, 4, 4]), (0, 10, [3, 5]),
                (5, 2, [2, 2, 5]), (2, 4, [1, 10]), (21, 20, [5, 30, 12]), (7, 3, [1, 2, 6, 9])]


@exercise("relationship-mean-recall-range")
def _mean_recall_range_check(answer) -> None:
    expect_callable(answer, "mean_recall_range")
    for found, k, n_relevants in _RANGE_CASES:
        mean_precision = found / (k * len(n_relevants))
        got = answer(mean_precision, k, list(n_relevants))
        try:
            low, high = (float(value) for value in got)
        except (TypeError, ValueError):
            raise ExerciseMistake(f"for mean P@{k} = {mean_precision:.4g} and |R| values "
                                  f"{n_relevants} your function returned {got!r}, not a pair "
                                  "(lowest, highest).") from None
        want_low, want_high = _mean_recall_range(found, k, n_relevants)
        if not (same_number(low, want_low) and same_number(high, want_high)):
            raise ExerciseMistake(
                f"for mean P@{k} = {mean_precision:.4g} and |R| values {n_relevants} your "
                f"function returned ({low:.4g}, {high:.4g}). The mean P@k fixes how many "
                "relevant items the top k hold over all queries, not which queries hold "
                "them; a query holds at most min(k, |R|) of them, and each adds 1/|R| to "
                "its recall.")
