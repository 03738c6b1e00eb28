"""Checks of the exercises in the chapter "The precision-recall relationship"."""

from __future__ import annotations

from rankmetrics_course.exercises.registry import ExerciseMistake, exercise, expect_number, same_number
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


def _best_recall(relevance, n_relevant, min_precision) -> float:
    curves = precision_recall_at_all_k(relevance, n_relevant=n_relevant)
    reachable = curves["recall"][curves["precision"] >= min_precision]
    return float(reachable.max()) if reachable.size else 0.0


@exercise("relationship-best-recall")
def _best_recall_check(answer) -> None:
    if not callable(answer):
        raise ExerciseMistake("pass your function itself, best_recall_at_precision, "
                              "not its result.")
    example = [1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1]
    cases = [(example, 10, 0.6), (example, 10, 0.5), (example, 10, 0.45), (example, 10, 0.9),
             ([0, 0, 1, 1, 1, 1], 5, 0.5), ([0, 0, 0], 2, 0.1), ([1, 1, 0, 0], 2, 1.0),
             ([1, 0, 0, 1, 1, 1, 1], 6, 0.7)]
    for relevance, n_relevant, min_precision in cases:
        want = _best_recall(relevance, n_relevant, min_precision)
        got = answer(list(relevance), n_relevant, min_precision)
        if not same_number(got, want):
            raise ExerciseMistake(
                f"for relevance={relevance}, n_relevant={n_relevant} and "
                f"min_precision={min_precision} your function returned {got!r}. Precision "
                "zig-zags: a cutoff after a dip can meet the target again, so look at every k "
                "(and return 0.0 when no k meets it).")
