"""Checks of the exercises in the chapter "R-precision"."""

from __future__ import annotations

from rankmetrics_course.exercises.registry import (
    ExerciseMistake,
    exercise,
    expect_callable,
    expect_number,
    same_number,
)
from rankmetrics_lite import precision_recall_at_all_k, r_precision


@exercise("rprec-by-hand")
def _by_hand(answer) -> None:
    expect_number(answer, r_precision([0, 1, 1, 0, 1, 0, 0, 1], n_relevant=4),
                  "R-precision looks only at the first |R| = 4 ranks and divides by 4.")


@exercise("rprec-short-list")
def _short_list(answer) -> None:
    expect_callable(answer, "r_precision_of")
    cases = [([1, 0, 1, 0, 1, 0, 0, 1, 0, 1], 5), ([1, 1, 1, 1, 1, 0, 0, 0, 0, 0], 5),
             ([0, 0, 0, 1, 1, 1, 0, 0, 0, 0], 3), ([1, 1], 5), ([0, 1, 1], 4), ([1], 1),
             ([0, 1, 1, 1, 1], 4)]
    for relevance, n_relevant in cases:
        got = answer(list(relevance), n_relevant)
        want = r_precision(relevance, n_relevant=n_relevant)
        if not same_number(got, want):
            hint = ("the ranking is shorter than |R|: the missing ranks count as not relevant, "
                    "and the denominator stays |R|." if len(relevance) < n_relevant else
                    "count the relevant items among the first |R| ranks and divide by |R|.")
            raise ExerciseMistake(f"for relevance={relevance} and n_relevant={n_relevant} your "
                                  f"function returned {got!r}: {hint}")
    try:
        got = answer([0, 0, 0], 0)
    except ValueError:
        return
    except ZeroDivisionError:
        raise ExerciseMistake("with n_relevant=0 your function raised ZeroDivisionError; check "
                              "n_relevant first and raise a ValueError that says why.") from None
    raise ExerciseMistake(f"with n_relevant=0 your function returned {got!r}. R-precision is "
                          "undefined when the query has no relevant item: raise ValueError.")


def _equal_cutoffs(relevance, n_relevant) -> list[int]:
    curves = precision_recall_at_all_k(relevance, n_relevant=n_relevant)
    return [int(k) for k, p, r in zip(curves["k"], curves["precision"], curves["recall"])
            if abs(p - r) < 1e-12]


@exercise("rprec-break-even")
def _break_even(answer) -> None:
    expect_callable(answer, "equal_cutoffs")
    cases = [([1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1], 10),
             ([0, 0, 0, 1, 1, 1, 0, 0, 0, 0], 3), ([0, 0, 1, 0, 1, 0], 2), ([1, 1, 0], 5),
             ([0, 0, 1], 4), ([1, 0, 0, 0], 1), ([0, 1, 0, 1, 1, 0, 0], 6)]
    for relevance, n_relevant in cases:
        want = _equal_cutoffs(relevance, n_relevant)
        got = answer(list(relevance), n_relevant)
        try:
            got = [int(k) for k in got]
        except (TypeError, ValueError):
            raise ExerciseMistake(f"for relevance={relevance} your function returned {got!r}, "
                                  "not a list of cutoffs.") from None
        if got != want:
            raise ExerciseMistake(
                f"for relevance={relevance} and n_relevant={n_relevant} your function returned "
                f"{got}. P@k - R@k = |R_k| (1/k - 1/|R|): think about when each factor is 0, "
                "and remember that k only runs up to the length of the ranking.")
