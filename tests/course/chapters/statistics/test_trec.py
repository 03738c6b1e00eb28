"""Chapter 6 on real TREC runs: three paired tests on every pair of a track's runs, against
scipy's ttest_rel, wilcoxon and permutation_test on the same pairs."""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pytest
import scipy.stats

from rankmetrics_course import data
from rankmetrics_course.chapters.statistics.trec import TESTS, paired_tests_on_every_pair

#: Eight runs of the TREC 2014 Web track, P@10 (many ties, many zero differences), and a copy
#: of the first: the chapter runs all 30.
WEB = data.trec_per_topic("web2014", "P@10").by_run()
RUNS = {**{run: WEB[run] for run in list(WEB)[:8]}, "copy of sys1": WEB["sys1"]}


@pytest.fixture(scope="module")
def result():
    return paired_tests_on_every_pair(RUNS, n_resamples=20_000, seed=2)


def test_pairs_are_every_pair_but_the_identical_one(result):
    every = list(combinations(RUNS, 2))
    assert result.identical == 1 and ("sys1", "copy of sys1") not in result.pairs
    assert list(result.pairs) == [pair for pair in every if pair != ("sys1", "copy of sys1")]


@pytest.mark.reference
def test_t_and_wilcoxon_are_scipys(result):
    a = np.column_stack([RUNS[x] for x, _ in result.pairs])
    b = np.column_stack([RUNS[y] for _, y in result.pairs])
    np.testing.assert_allclose(result.p_values["t-test"], scipy.stats.ttest_rel(a, b).pvalue, rtol=1e-10)
    np.testing.assert_allclose(result.p_values["Wilcoxon"],
                               [scipy.stats.wilcoxon(a[:, k], b[:, k]).pvalue for k in range(a.shape[1])],
                               rtol=1e-12)


@pytest.mark.reference
def test_randomization_is_within_monte_carlo_error_of_scipys_permutation_test(result):
    for (x, y), ours in zip(result.pairs, result.p_values["randomization"]):
        theirs = scipy.stats.permutation_test(
            (RUNS[x], RUNS[y]), lambda u, v, axis: np.mean(u - v, axis=axis), permutation_type="samples",
            n_resamples=20_000, random_state=1, vectorized=True).pvalue
        spread = math.sqrt(max(theirs * (1 - theirs), 1e-4) / 20_000)
        assert abs(ours - theirs) <= 5 * math.sqrt(2) * spread + 2e-4, (x, y, ours, theirs)


def test_counts_are_read_from_the_p_values(result):
    found = {test: result.p_values[test] <= 0.05 for test in TESTS}
    assert result.significant() == {test: int(found[test].sum()) for test in TESTS}
    assert result.disagreements() == {(x, y): int(np.sum(found[x] != found[y]))
                                      for x, y in combinations(TESTS, 2)}
    assert result.significant(0.5)["t-test"] >= result.significant(0.01)["t-test"]
    with pytest.raises(ValueError, match="alpha"):
        result.significant(0.0)


def test_one_run_is_refused():
    with pytest.raises(ValueError, match="at least 2 runs"):
        paired_tests_on_every_pair({"sys1": WEB["sys1"]})
