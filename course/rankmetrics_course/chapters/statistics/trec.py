"""What the chapter "Statistics of P@k and R@k" shows on real TREC runs.

:func:`paired_tests_on_every_pair` runs three paired tests on every pair of a track's runs
(the per-topic scores of :func:`rankmetrics_course.data.trec_per_topic`): the package's
paired t-test and randomization test, and scipy's Wilcoxon signed-rank test, which the
package does not implement; :class:`PairedTestsOnRuns` says where they disagree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from rankmetrics_lite import paired_t_test, randomization_test
from rankmetrics_lite.validation import check_open_unit

TESTS = ("t-test", "Wilcoxon", "randomization")


@dataclass(frozen=True)
class PairedTestsOnRuns:
    """The p-values of three paired tests on every pair of runs that differ on some topic.

    ``p_values[test]`` holds one p-value per pair of ``pairs``; ``identical`` counts the
    pairs left out because their scores are equal on every topic (no test can say anything).
    """

    pairs: tuple[tuple[str, str], ...]
    p_values: dict[str, np.ndarray]
    identical: int

    def significant(self, alpha: float = 0.05) -> dict[str, int]:
        """How many pairs each test finds at level ``alpha``."""
        alpha = check_open_unit(alpha, "alpha")
        return {test: int(np.sum(p <= alpha)) for test, p in self.p_values.items()}

    def disagreements(self, alpha: float = 0.05) -> dict[tuple[str, str], int]:
        """For each two tests, the pairs that one finds at level ``alpha`` and the other does not."""
        alpha = check_open_unit(alpha, "alpha")
        found = {test: p <= alpha for test, p in self.p_values.items()}
        return {(x, y): int(np.sum(found[x] != found[y])) for x, y in combinations(TESTS, 2)}


def paired_tests_on_every_pair(scores: Mapping[str, Sequence[float]], *, n_resamples: int = 10_000,
                               seed: int = 0) -> PairedTestsOnRuns:
    """The paired t-test, Wilcoxon's signed-rank test and the randomization test, two-sided, on
    every pair of runs (first minus second, in the order of ``scores``).

    Wilcoxon's test is scipy's, with its defaults: zero differences dropped
    (``zero_method="wilcox"``), exact p-values when there are at most 50 differences
    and no ties, else the normal approximation. Every randomization test draws
    ``n_resamples`` sign patterns from the same ``seed``.

    >>> runs = {"a": [0.5, 0.3, 0.8, 0.6, 0.9], "b": [0.4, 0.3, 0.5, 0.2, 0.6],
    ...         "c": [0.5, 0.3, 0.8, 0.6, 0.9]}
    >>> result = paired_tests_on_every_pair(runs)
    >>> result.pairs, result.identical
    ((('a', 'b'), ('b', 'c')), 1)
    >>> result.p_values["randomization"].round(4)  # 4 non-zero differences: exact, 2/16
    array([0.125, 0.125])
    """
    from scipy.stats import wilcoxon

    names = list(scores)
    if len(names) < 2:
        raise ValueError(f"scores must hold at least 2 runs, got {len(names)}")
    pairs, rows, identical = [], [], 0
    for first, second in combinations(names, 2):
        a, b = np.asarray(scores[first], dtype=float), np.asarray(scores[second], dtype=float)
        if np.array_equal(a, b):
            identical += 1
            continue
        pairs.append((first, second))
        rows.append((paired_t_test(a, b).p_value, float(wilcoxon(a, b).pvalue),
                     randomization_test(a, b, n_resamples=n_resamples, seed=seed).p_value))
    table = np.array(rows, dtype=float).reshape(-1, len(TESTS))
    return PairedTestsOnRuns(tuple(pairs), {test: table[:, i] for i, test in enumerate(TESTS)}, identical)
