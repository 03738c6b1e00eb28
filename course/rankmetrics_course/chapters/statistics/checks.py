"""Checks of the exercises in the chapter "Statistics of P@k and R@k"."""

from __future__ import annotations

from rankmetrics_course.exercises.registry import (
    ExerciseMistake,
    exercise,
    expect_callable,
    expect_function,
    expect_number,
    same_number,
)
from rankmetrics_lite import random_precision_at_k, randomization_test, recall_at_k


@exercise("statistics-lift")
def _lift(answer) -> None:
    baseline = random_precision_at_k(n_items=2000, n_relevant=40, k=20)
    expect_number(answer, 0.35 / baseline.mean,
                  "Divide P@20 by its random baseline. The baseline of P@k is the base rate "
                  "|R|/N, whatever k is; k/N is the baseline of R@k.", tolerance=0.05)


@exercise("statistics-exact-variance")
def _exact_variance(answer) -> None:
    cases = [(1000, 50, 10), (50, 10, 20), (50, 10, 50), (50, 10, 1), (6, 2, 3), (2, 1, 2),
             (100, 0, 10), (100, 100, 7), (10_000, 100, 9_000)]
    expect_function(
        answer, cases,
        lambda n, r, k: random_precision_at_k(n_items=n, n_relevant=r, k=k).variance,
        lambda args: ("A ranking draws without replacement: multiply the binomial variance "
                      "rho(1 - rho)/k by (N - k)/(N - 1), which is 0 at k = N."),
        tolerance=1e-12,
    )


_QUERY_SETS = [
    [([1, 0, 1, 0, 0], 2), ([0, 0, 0, 1, 0], 2), ([1, 0, 0, 1, 1], 40)],
    [([1, 1, 1], 3)],
    [([0, 0, 0, 0], 5), ([1, 0, 0, 0], 1)],
    [([1, 0, 1, 1, 0, 1], 8), ([0, 1], 4), ([1, 1, 0, 0, 0, 1, 1], 4)],
]


def _macro_recall(queries, k):
    scores = [recall_at_k(rel, k, n_relevant=n) for rel, n in queries]
    return sum(scores) / len(scores)


@exercise("statistics-macro-recall")
def _macro(answer) -> None:
    expect_callable(answer, "mean_recall_at_k")
    for queries in _QUERY_SETS:
        for k in (1, 3, 5):
            got = answer([(list(rel), n) for rel, n in queries], k)
            want = _macro_recall(queries, k)
            if not same_number(got, want):
                raise ExerciseMistake(
                    f"for k={k} and queries {queries} your function returned {got!r}. "
                    "Score R@k per query first and average the scores; adding up the "
                    "relevant items found and dividing by the total |R| is a different "
                    "(pooled) measure.")


_SCORE_PAIRS = [
    ([0.6, 0.4, 0.8, 0.5, 0.7], [0.4, 0.4, 0.5, 0.6, 0.3]),
    ([0.4, 0.1, 0.5, 0.1], [0.1, 0.2, 0.3, 0.3]),  # P@10 values: other patterns tie
    ([0.3, 0.5, 0.6], [0.2, 0.3, 0.3]),
    ([1, 0, 1, 1, 0, 1, 1, 1], [0, 0, 1, 0, 1, 0, 0, 1]),
    ([0.9, 0.7, 0.8, 0.6, 0.7, 0.8, 0.9, 0.5, 0.6, 0.7],
     [0.5, 0.6, 0.4, 0.6, 0.8, 0.3, 0.5, 0.4, 0.2, 0.6]),
    ([0.5, 0.5], [0.5, 0.5]),
]


@exercise("statistics-randomization")
def _randomization(answer) -> None:
    if not callable(answer):
        raise ExerciseMistake("pass your function itself, exact_randomization_p, not its "
                              "result.")
    for a, b in _SCORE_PAIRS:
        got = answer(list(a), list(b))
        want = randomization_test(a, b, exact=True).p_value
        if not same_number(got, want):
            raise ExerciseMistake(
                f"for a={a} and b={b} your function returned {got!r}. Count every one of the "
                "2**n sign patterns, the observed one included; compare absolute means "
                "(two-sided), and count ties as 'at least as far', with a small tolerance.")
