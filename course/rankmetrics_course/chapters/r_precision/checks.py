"""Checks of the exercises in the chapter "R-precision"."""

from __future__ import annotations

from rankmetrics_course.exercises.registry import (
    ExerciseMistake,
    check_function_on_cases,
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
    cases = [([1, 0, 1, 0, 1, 0, 0, 1, 0, 1], 5), ([1, 1, 1, 1, 1, 0, 0, 0, 0, 0], 5),
             ([0, 0, 0, 1, 1, 1, 0, 0, 0, 0], 3), ([1, 1], 5), ([0, 1, 1], 4), ([1], 1),
             ([0, 1, 1, 1, 1], 4)]
    check_function_on_cases(
        answer, "r_precision_of",
        [{"relevance": relevance, "n_relevant": n_relevant} for relevance, n_relevant in cases],
        lambda relevance, n_relevant: r_precision(relevance, n_relevant=n_relevant),
        lambda case, got: ("The ranking is shorter than |R|: the missing ranks count as not "
                           "relevant, and the denominator stays |R|."
                           if len(case["relevance"]) < case["n_relevant"] else
                           "Count the relevant items among the first |R| ranks and divide by |R|."))
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
