"""Checks of the exercises in the chapter "Statistics of P@k and R@k"."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from rankmetrics_course import data
from rankmetrics_course.exercises.registry import (
    ExerciseMistake,
    check_function_on_cases,
    exercise,
    expect_callable,
    expect_number,
    same_number,
)
from rankmetrics_lite import random_precision_at_k, randomization_test


@exercise("statistics-lift")
def _lift(answer) -> None:
    baseline = random_precision_at_k(n_items=2000, n_relevant=40, k=20)
    expect_number(answer, 0.35 / baseline.mean,
                  "Divide P@20 by its random baseline. The baseline of P@k is the base rate "
                  "|R|/N, whatever k is; k/N is the baseline of R@k.", tolerance=0.05)


def _random_mean_sd(queries, k: int) -> float:
    variances = [random_precision_at_k(n_items=n, n_relevant=r, k=k).variance for n, r in queries]
    return sum(variances) ** 0.5 / len(variances)


# Query sets: alike queries (where slips that average the standard deviations agree), and
# queries of different sizes and base rates, one with k = N (no spread at all).
_RANDOM_QUERY_SETS = [
    ([(10_000, 100)] * 50, 10),
    ([(1000, 10), (50, 25), (200, 2)], 10),
    ([(30, 3), (30, 3), (60, 30), (1000, 500)], 5),
    ([(20, 5), (20, 5)], 20),
    ([(100, 1)], 1),
]


@exercise("statistics-spread-of-mean")
def _spread_of_mean(answer) -> None:
    check_function_on_cases(
        answer, "random_mean_sd",
        [{"queries": queries, "k": k} for queries, k in _RANDOM_QUERY_SETS], _random_mean_sd,
        "The mean over |Q| independent queries has the variance sum of the queries' variances "
        "/ |Q|**2; use each query's exact variance (random_precision_at_k(...).variance) and "
        "return a standard deviation.",
        tolerance=1e-12)


# Each query's |R|: the chapter's three queries, equal sizes, one query, a spread of sizes.
_SIZE_SETS = [[2, 2, 40], [5, 5, 5, 5], [7], [1, 3, 10, 100], [12, 1]]


@exercise("statistics-pooled-weights")
def _pooled_weights(answer) -> None:
    expect_callable(answer, "pooled_weights")
    for sizes in _SIZE_SETS:
        got = answer(list(sizes))
        try:
            weights = [float(w) for w in got]
        except (TypeError, ValueError):
            raise ExerciseMistake(f"for |R| values {sizes} your function returned {got!r}, not "
                                  "a list of numbers, one per query.") from None
        want = [n / sum(sizes) for n in sizes]
        if len(weights) != len(want) or not all(map(same_number, weights, want)):
            raise ExerciseMistake(
                f"for |R| values {sizes} your weights are {weights}. Write each query's count "
                "of relevant items found as its R@k times its |R|, then divide the sum of "
                "the counts by the sum of the |R| values.")


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
    check_function_on_cases(
        answer, "exact_randomization_p", [{"a": a, "b": b} for a, b in _SCORE_PAIRS],
        lambda a, b: randomization_test(a, b, exact=True).p_value,
        "Count every one of the 2**n sign patterns, the observed one included; compare absolute "
        "means (two-sided), and count ties as 'at least as far', with a small tolerance.")


@lru_cache(maxsize=1)
def _trec7_shares() -> dict[str, float]:
    """Shares of TREC-7 ad hoc run pairs (AP) found at 0.05 by paired and unpaired t-tests.

    scipy's tests, vectorised over the 5,253 pairs (no pair is identical on every topic)."""
    from scipy.stats import ttest_ind, ttest_rel, wilcoxon

    x = data.trec_per_topic("adhoc7", "AP").scores
    first, second = np.triu_indices(x.shape[1], 1)
    a, b = x[:, first], x[:, second]
    return {"paired": float(np.mean(ttest_rel(a, b).pvalue <= 0.05)),
            "unpaired": float(np.mean(ttest_ind(a, b).pvalue <= 0.05)),
            "wilcoxon": float(np.mean(wilcoxon(a, b, axis=0).pvalue <= 0.05)),
            "pairs": float(first.size)}


@exercise("statistics-paired-on-real-runs")
def _paired_on_real_runs(answer) -> None:
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__len__") or len(answer) != 2:
        raise ExerciseMistake("expected a pair (share found by the paired t-test, share found by "
                              "the unpaired one).")
    try:
        paired, unpaired = (float(value) for value in answer)
    except (TypeError, ValueError):
        raise ExerciseMistake("expected two shares, numbers between 0 and 1.") from None
    want = _trec7_shares()
    if paired > 1 or unpaired > 1:
        raise ExerciseMistake(f"Give shares of the {int(want['pairs']):,} pairs, not counts.")
    if same_number(paired, want["unpaired"], 5e-4) and same_number(unpaired, want["paired"], 5e-4):
        raise ExerciseMistake("The two shares are swapped: the paired test's comes first.")
    if same_number(paired, want["wilcoxon"], 5e-4):
        raise ExerciseMistake("That is Wilcoxon's signed-rank test; the question asks for the "
                              "paired t-test (paired_t_test or scipy.stats.ttest_rel).")
    if not same_number(paired, want["paired"], 5e-4):
        raise ExerciseMistake("The paired share is not right: test every pair of the 103 runs "
                              "(first against second, 5,253 pairs) on the same 50 topics, and count "
                              "p <= 0.05.")
    if not same_number(unpaired, want["unpaired"], 5e-4):
        raise ExerciseMistake("The unpaired share is not right: scipy.stats.ttest_ind on the same "
                              "two columns, with its default equal variances.")
