"""Checks of the exercises in the chapter "R-precision"."""

from __future__ import annotations

from rankmetrics_course.exercises.registry import (
    ExerciseMistake,
    exercise,
    expect_callable,
    expect_number,
    same_number,
)
from rankmetrics_lite import r_precision, random_precision_at_k


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


# (N, |R|): a small collection, rare and common relevant items, every item relevant, N = 2.
_RANDOM_CASES = [(100, 10), (6, 2), (1000, 1), (50, 25), (30, 29), (40, 40), (2, 1)]


@exercise("rprec-random")
def _random(answer) -> None:
    expect_callable(answer, "random_r_precision")
    for n_items, n_relevant in _RANDOM_CASES:
        got = answer(n_items, n_relevant)
        try:
            mean, variance = (float(value) for value in got)
        except (TypeError, ValueError):
            raise ExerciseMistake(f"for N = {n_items} and |R| = {n_relevant} your function "
                                  f"returned {got!r}, not a pair (mean, variance).") from None
        # R-precision is P@k at k = |R|: chapter 6's random baseline with that cutoff.
        want = random_precision_at_k(n_items=n_items, n_relevant=n_relevant, k=n_relevant)
        if not same_number(mean, want.mean):
            raise ExerciseMistake(f"for N = {n_items} and |R| = {n_relevant} your mean is "
                                  f"{mean!r}. R-precision is P@k at one particular k: what is "
                                  "the mean of P@k under a random ranking?")
        if not same_number(variance, want.variance, tolerance=1e-12):
            raise ExerciseMistake(f"for N = {n_items} and |R| = {n_relevant} your variance is "
                                  f"{variance!r}. Use chapter 6's exact variance (draws without "
                                  "replacement), with k = |R|.")
