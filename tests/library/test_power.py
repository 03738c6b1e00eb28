"""Tests of rankmetrics_lite._power: power, topic-set size, effect sizes, many systems.

The cross-checks (marked ``reference``) compare with statsmodels: the power and
the sample size of the paired t-test (``TTestPower``), of the two-sample t-test
(``TTestIndPower``), of one-way ANOVA (``FTestAnovaPower``) and of the two-way
ANOVA's F-test (``FTestPower``), Tukey's HSD (``pairwise_tukeyhsd``, and scipy's
``tukey_hsd``) and the within-system and residual variances of one-way and
two-way ANOVA (``ols`` + ``anova_lm``). The others check the
noncentral t by simulation, the expected interval width against scipy's chi
distribution, and the randomised Tukey HSD against an exhaustive permutation
of small inputs (within Monte-Carlo error).
"""

from __future__ import annotations

import math
from itertools import permutations, product

import numpy as np
import pytest
import scipy.stats

from rankmetrics_lite import (
    PairedEffectSize,
    TopicSetSize,
    TukeyHSD,
    anova_power,
    evaluate,
    paired_effect_size,
    paired_t_test,
    paired_t_test_power,
    queries_for_power,
    randomised_tukey_hsd,
    randomization_test,
    topic_set_size,
    tukey_hsd,
    variance_from_scores,
)

STATSMODELS_ALTERNATIVE = {"two-sided": "two-sided", "greater": "larger", "less": "smaller"}


def score_matrix(seed: int, n_queries: int, n_systems: int, lattice: int | None = None) -> np.ndarray:
    """Per-query scores with a query effect (hard and easy queries) and a system effect."""
    rng = np.random.default_rng(seed)
    difficulty = rng.beta(2, 2, size=(n_queries, 1))
    systems = rng.normal(0, 0.05, size=(1, n_systems))
    scores = np.clip(difficulty + systems + rng.normal(0, 0.12, size=(n_queries, n_systems)), 0, 1)
    return scores if lattice is None else np.round(scores * lattice) / lattice


def as_systems(matrix: np.ndarray) -> dict[str, list[float]]:
    return {f"s{i}": list(column) for i, column in enumerate(matrix.T)}


# ------------------------------------------------- cross-checks: statsmodels --


POWER_CASES = [(effect, n, alpha, alternative)
               for effect in (-1.2, -0.3, 0.0, 0.05, 0.2, 0.5, 0.8, 1.5)
               for n in (2, 3, 5, 10, 20, 48, 50, 100, 500)
               for alpha in (0.01, 0.05, 0.1)
               for alternative in ("two-sided", "greater", "less")]


@pytest.mark.reference
def test_power_equals_statsmodels_ttestpower():
    from statsmodels.stats.power import TTestPower

    reference = TTestPower()
    largest, mirrored = 0.0, 0
    for effect, n, alpha, alternative in POWER_CASES:
        ours = paired_t_test_power(effect, n, alpha=alpha, alternative=alternative)
        theirs = float(reference.power(effect, n, alpha, alternative=STATSMODELS_ALTERNATIVE[alternative]))
        if math.isnan(theirs):
            # statsmodels reads a lower tail with nct.cdf, which is NaN far out; its upper tail
            # of the mirrored effect is the same probability.
            theirs = statsmodels_power_by_upper_tails(reference, effect, n, alpha, alternative)
            mirrored += 1
        largest = max(largest, abs(ours - theirs))
        assert ours == pytest.approx(theirs, abs=1e-10), (effect, n, alpha, alternative)
    assert largest < 1e-10 and mirrored < len(POWER_CASES) / 10


def statsmodels_power_by_upper_tails(reference, effect, n, alpha, alternative) -> float:
    """P(T >= c) + P(T <= -c), both read by statsmodels as upper tails ("larger")."""
    if alternative == "less":
        return float(reference.power(-effect, n, alpha, alternative="larger"))
    upper = float(reference.power(effect, n, alpha / 2, alternative="larger"))
    return upper + float(reference.power(-effect, n, alpha / 2, alternative="larger"))


SIZE_CASES = [(effect, power, alpha, alternative)
              for effect in (0.15, 0.25, 0.4, 0.5, 0.8, 1.2)
              for power in (0.5, 0.8, 0.9, 0.95)
              for alpha in (0.01, 0.05)
              for alternative in ("two-sided", "greater")]


@pytest.mark.reference
def test_queries_for_power_is_statsmodels_solve_power_rounded_up():
    from statsmodels.stats.power import TTestPower

    reference = TTestPower()
    for effect, power, alpha, alternative in SIZE_CASES:
        ours = queries_for_power(effect, power=power, alpha=alpha, alternative=alternative)
        nobs = float(reference.solve_power(effect, power=power, alpha=alpha,
                                           alternative=STATSMODELS_ALTERNATIVE[alternative]))
        assert ours == math.ceil(nobs - 1e-9), (effect, power, alpha, alternative, nobs)
        # and it is the smallest such n
        assert paired_t_test_power(effect, ours, alpha=alpha, alternative=alternative) >= power
        if ours > 2:
            assert paired_t_test_power(effect, ours - 1, alpha=alpha, alternative=alternative) < power


ANOVA_CASES = [(difference, variance, m, alpha, beta)
               for difference in (0.05, 0.1, 0.2)
               for variance in (0.005, 0.02, 0.05)
               for m in (2, 3, 5, 10)
               for alpha, beta in ((0.05, 0.2), (0.01, 0.1))]


@pytest.mark.reference
def test_anova_design_equals_statsmodels_ftestanovapower():
    from statsmodels.stats.power import FTestAnovaPower

    reference = FTestAnovaPower()
    for difference, variance, m, alpha, beta in ANOVA_CASES:
        design = topic_set_size(difference, variance, alpha=alpha, beta=beta, design="anova", n_systems=m)
        # Cohen's f of the least favourable means: two at +-minD/2, the rest at the grand mean.
        f = math.sqrt(difference**2 / (2 * m * variance))
        at_n = float(reference.power(f, m * design.n_queries, alpha, k_groups=m))
        assert design.power == pytest.approx(at_n, abs=1e-10)
        assert anova_power(difference, variance, design.n_queries, n_systems=m, alpha=alpha) == design.power
        nobs = float(reference.solve_power(f, nobs=None, alpha=alpha, power=1 - beta, k_groups=m))
        assert design.n_queries == math.ceil(nobs / m - 1e-9), (difference, variance, m, alpha, beta)



def test_anova_power_is_the_power_topic_set_size_reaches():
    for design in ("anova", "two_way_anova"):
        size = topic_set_size(0.05, 0.02, design=design, n_systems=5)
        at = {n: anova_power(0.05, 0.02, n, n_systems=5, design=design) for n in (size.n_queries - 1, size.n_queries)}
        assert at[size.n_queries] == size.power >= 0.8 > at[size.n_queries - 1]


@pytest.mark.parametrize("arguments, error, message", [
    ((0.0, 0.02, 30), ValueError, "minimum_detectable_difference must be positive"),
    ((0.05, -1, 30), ValueError, "variance must be positive"),
    ((0.05, 0.02, 1), ValueError, "n_queries must be at least 2"),
    ((0.05, 0.02, 30.5), TypeError, "n_queries"),
])
def test_anova_power_refuses_bad_input_by_name(arguments, error, message):
    with pytest.raises(error, match=message):
        anova_power(*arguments)
    with pytest.raises(ValueError, match="n_systems must be at least 2"):
        anova_power(0.05, 0.02, 30, n_systems=1)
    with pytest.raises(ValueError, match="design"):
        anova_power(0.05, 0.02, 30, design="paired_t")

@pytest.mark.reference
def test_two_way_anova_design_equals_statsmodels_ftestpower():
    """The two-way design: the F-test of m systems over the residual, (m - 1)(n - 1) degrees of
    freedom. statsmodels' FTestPower reads Cohen's f with noncentrality f^2 (df1 + df2 + 1)."""
    from statsmodels.stats.power import FTestPower

    reference = FTestPower()

    def theirs(difference, variance, m, n, alpha):
        df1, df2 = m - 1, (m - 1) * (n - 1)
        f = math.sqrt(n * difference**2 / (2 * variance) / (df1 + df2 + 1))
        return float(reference.power(f, df2, df1, alpha))

    for difference, variance, m, alpha, beta in ANOVA_CASES:
        design = topic_set_size(difference, variance, alpha=alpha, beta=beta, design="two_way_anova",
                                n_systems=m)
        n = design.n_queries
        assert design.power == pytest.approx(theirs(difference, variance, m, n, alpha), abs=1e-10)
        assert anova_power(difference, variance, n - 1, n_systems=m, alpha=alpha, design="two_way_anova") \
            == pytest.approx(theirs(difference, variance, m, n - 1, alpha), abs=1e-10)
        assert design.power >= 1 - beta > theirs(difference, variance, m, n - 1, alpha)
        # the one-way design's error has more degrees of freedom: it never needs more queries
        assert topic_set_size(difference, variance, alpha=alpha, beta=beta, design="anova",
                              n_systems=m).n_queries <= n


@pytest.mark.reference
def test_anova_over_two_systems_is_statsmodels_two_sample_t_test():
    """Sakai's unpaired t-test design (2018) is the one-way design with m = 2: F = t^2."""
    from statsmodels.stats.power import TTestIndPower

    reference = TTestIndPower()
    for difference, variance, _, alpha, beta in ANOVA_CASES[::4]:
        design = topic_set_size(difference, variance, alpha=alpha, beta=beta, design="anova")
        effect = difference / math.sqrt(variance)  # Cohen's d of two groups with variance sigma^2
        assert design.power == pytest.approx(float(reference.power(effect, design.n_queries, alpha)), abs=1e-10)
        nobs = float(reference.solve_power(effect, power=1 - beta, alpha=alpha))
        assert design.n_queries == math.ceil(nobs - 1e-9), (difference, variance, alpha, beta, nobs)


def test_two_way_anova_over_two_systems_is_the_paired_t_design():
    for difference, variance, _, alpha, beta in ANOVA_CASES[::4]:
        kwargs = {"alpha": alpha, "beta": beta}
        two_way = topic_set_size(difference, variance, design="two_way_anova", **kwargs)
        paired = topic_set_size(difference, variance, **kwargs)
        assert two_way.n_queries == paired.n_queries
        assert two_way.power == pytest.approx(paired.power, abs=1e-9)


@pytest.mark.parametrize("n", [2, 3, 10, 48, 200])
def test_unpaired_interval_uses_twice_the_degrees_of_freedom(n):
    from rankmetrics_lite._power import _expected_width

    df = 2 * (n - 1)
    mean_sd = math.sqrt(0.02) * scipy.stats.chi(df).mean() / math.sqrt(df)
    want = 2 * scipy.stats.t.isf(0.025, df) * mean_sd * math.sqrt(2 / n)
    assert _expected_width(0.02, n, 0.05, df) == pytest.approx(want, rel=1e-12)
    design = topic_set_size(0.1, 0.02, design="unpaired_ci_width")
    assert design.expected_width <= 0.1 < _expected_width(0.02, design.n_queries - 1, 0.05,
                                                          2 * (design.n_queries - 2))
    assert design.n_queries <= topic_set_size(0.1, 0.02, design="ci_width").n_queries


def long_format(matrix: np.ndarray):
    import pandas as pd

    n, m = matrix.shape
    return pd.DataFrame({"score": matrix.ravel(),
                         "query": np.repeat([f"q{j}" for j in range(n)], m),
                         "system": np.tile([f"s{i}" for i in range(m)], n)})


MATRICES = [(seed, n, m, lattice) for seed, (n, m, lattice) in enumerate(
    [(10, 2, None), (48, 2, 5), (25, 3, None), (50, 4, 10), (12, 6, None), (30, 5, 20)])]


@pytest.mark.reference
@pytest.mark.parametrize("seed, n, m, lattice", MATRICES)
def test_residual_variance_equals_statsmodels_two_way_anova(seed, n, m, lattice):
    from statsmodels.formula.api import ols
    from statsmodels.stats.anova import anova_lm

    matrix = score_matrix(seed, n, m, lattice)
    table = anova_lm(ols("score ~ C(system) + C(query)", data=long_format(matrix)).fit())
    residual = table.loc["Residual"]
    assert residual["df"] == (m - 1) * (n - 1)
    assert variance_from_scores(as_systems(matrix), paired=True) == pytest.approx(residual["mean_sq"], rel=1e-10)
    one_way = anova_lm(ols("score ~ C(system)", data=long_format(matrix)).fit()).loc["Residual"]
    assert one_way["df"] == m * (n - 1)
    assert variance_from_scores(as_systems(matrix)) == pytest.approx(one_way["mean_sq"], rel=1e-10)


@pytest.mark.reference
@pytest.mark.parametrize("seed, n, m, lattice", MATRICES)
def test_unpaired_tukey_hsd_equals_statsmodels_pairwise_tukeyhsd(seed, n, m, lattice):
    from statsmodels.stats.multicomp import pairwise_tukeyhsd

    matrix = score_matrix(seed, n, m, lattice)
    frame = long_format(matrix)
    theirs = pairwise_tukeyhsd(frame["score"], frame["system"])
    ours = tukey_hsd(as_systems(matrix), paired=False)
    # statsmodels sorts the groups (s0 < s1 < ...: the input order here) and reports second - first.
    assert [(p.first, p.second) for p in ours.pairs] == [tuple(g) for g in
                                                         zip(theirs.groupsunique[theirs._multicomp.pairindices[0]],
                                                             theirs.groupsunique[theirs._multicomp.pairindices[1]])]
    np.testing.assert_allclose([-p.mean_difference for p in ours.pairs], theirs.meandiffs, atol=1e-12)
    np.testing.assert_allclose([p.p_value for p in ours.pairs], theirs.pvalues, atol=1e-8)
    # and scipy's own Tukey HSD (the same test, computed apart)
    scipys = scipy.stats.tukey_hsd(*matrix.T)
    pairs = [(i, j) for i in range(m) for j in range(i + 1, m)]
    np.testing.assert_allclose([p.p_value for p in ours.pairs], [scipys.pvalue[i, j] for i, j in pairs],
                               atol=1e-8)


@pytest.mark.reference
@pytest.mark.parametrize("seed, n, m, lattice", MATRICES)
def test_paired_tukey_hsd_uses_the_two_way_residual(seed, n, m, lattice):
    """Tukey's HSD for paired data: the studentised range over V_E and (m-1)(n-1) degrees of
    freedom of statsmodels' two-way ANOVA; and, where it is accurate, statsmodels' own
    approximation of the studentised range (psturng) instead of scipy's."""
    from statsmodels.formula.api import ols
    from statsmodels.stats.anova import anova_lm
    from statsmodels.stats.libqsturng import psturng

    matrix = score_matrix(seed, n, m, lattice)
    residual = anova_lm(ols("score ~ C(system) + C(query)", data=long_format(matrix)).fit()).loc["Residual"]
    ours = tukey_hsd(as_systems(matrix))
    means = matrix.mean(axis=0)
    for pair, (i, j) in zip(ours.pairs, [(i, j) for i in range(m) for j in range(i + 1, m)]):
        q = abs(means[i] - means[j]) / math.sqrt(residual["mean_sq"] / n)
        assert pair.p_value == pytest.approx(scipy.stats.studentized_range.sf(q, m, residual["df"]), abs=1e-10)
        if 0.001 <= pair.p_value <= 0.2:  # where psturng's tables are close (it is an approximation)
            assert pair.p_value == pytest.approx(float(np.ravel(psturng(q, m, residual["df"]))[0]), abs=0.001)


@pytest.mark.parametrize("seed, n, m, lattice", MATRICES)
def test_twice_the_residual_is_the_variance_of_differences_averaged_over_pairs(seed, n, m, lattice):
    matrix = score_matrix(seed, n, m, lattice)
    pairs = [(i, j) for i in range(m) for j in range(i + 1, m)]
    mean_sd2 = np.mean([np.var(matrix[:, i] - matrix[:, j], ddof=1) for i, j in pairs])
    assert 2 * variance_from_scores(as_systems(matrix), paired=True) == pytest.approx(mean_sd2, rel=1e-10)


# ------------------------------------------------ the noncentral t, by simulation --


@pytest.mark.parametrize("effect, n, alternative", [(0.5, 10, "two-sided"), (0.3, 48, "two-sided"),
                                                    (0.8, 5, "greater"), (-0.4, 20, "less"),
                                                    (0.0, 12, "two-sided")])
def test_power_is_the_rejection_rate_of_simulated_experiments(effect, n, alternative):
    rng = np.random.default_rng(7)
    trials = 40_000
    d = rng.normal(effect, 1.0, size=(trials, n))
    t = d.mean(axis=1) / (d.std(axis=1, ddof=1) / math.sqrt(n))
    if alternative == "two-sided":
        rejected = np.abs(t) >= scipy.stats.t.isf(0.025, n - 1)
    elif alternative == "greater":
        rejected = t >= scipy.stats.t.isf(0.05, n - 1)
    else:
        rejected = t <= -scipy.stats.t.isf(0.05, n - 1)
    power = paired_t_test_power(effect, n, alternative=alternative)
    assert abs(rejected.mean() - power) <= 4.5 * math.sqrt(power * (1 - power) / trials)


def test_the_normal_approximation_overstates_power_with_few_queries():
    normal = scipy.stats.norm.cdf(0.8 * math.sqrt(5) - scipy.stats.norm.isf(0.025))
    assert paired_t_test_power(0.8, 5) < normal - 0.1
    assert queries_for_power(0.5) > math.ceil(((scipy.stats.norm.isf(0.025) + scipy.stats.norm.isf(0.2)) / 0.5) ** 2)


# ------------------------------------------------------ the three designs --


def test_paired_t_design_is_queries_for_power_at_the_standardised_difference():
    for difference, variance in [(0.05, 0.02), (0.1, 0.01), (0.02, 0.03)]:
        effect = difference / math.sqrt(2 * variance)
        design = topic_set_size(difference, variance)
        assert design.n_queries == queries_for_power(effect)
        assert design.power == pytest.approx(paired_t_test_power(effect, design.n_queries))
        assert isinstance(design, TopicSetSize) and design.expected_width is None


@pytest.mark.parametrize("n", [2, 3, 5, 10, 48, 200])
def test_expected_width_uses_the_mean_of_the_sample_sd(n):
    """E[s_d] = sigma_d * E[chi_{n-1}] / sqrt(n-1): the width the CI design promises."""
    from rankmetrics_lite._power import _expected_width

    variance = 0.02
    sigma_d = math.sqrt(2 * variance)
    mean_sd = sigma_d * scipy.stats.chi(n - 1).mean() / math.sqrt(n - 1)
    want = 2 * scipy.stats.t.isf(0.025, n - 1) * mean_sd / math.sqrt(n)
    assert _expected_width(variance, n, 0.05, n - 1) == pytest.approx(want, rel=1e-12)
    if n in (5, 48):  # and the simulated intervals are that wide on average
        rng = np.random.default_rng(n)
        d = rng.normal(0.0, sigma_d, size=(100_000, n))
        simulated = 2 * scipy.stats.t.isf(0.025, n - 1) * d.std(axis=1, ddof=1) / math.sqrt(n)
        assert simulated.mean() == pytest.approx(want, rel=0.01)


def test_ci_design_is_the_smallest_n_with_a_narrow_enough_interval():
    from rankmetrics_lite._power import _expected_width

    design = topic_set_size(0.1, 0.02, design="ci_width")
    assert design.power is None and design.expected_width <= 0.1
    assert _expected_width(0.02, design.n_queries - 1, 0.05, design.n_queries - 2) > 0.1


def test_anova_over_two_systems_is_close_to_the_paired_design():
    # The same noncentrality n minD^2 / (2 sigma^2), with 2(n-1) degrees of freedom instead of n-1.
    for difference, variance in [(0.05, 0.02), (0.2, 0.02), (0.1, 0.05)]:
        paired = topic_set_size(difference, variance).n_queries
        anova = topic_set_size(difference, variance, design="anova").n_queries
        assert paired - 2 <= anova <= paired
    assert (topic_set_size(0.05, 0.02, design="anova", n_systems=10).n_queries
            > topic_set_size(0.05, 0.02, design="anova", n_systems=3).n_queries)


def test_sizes_grow_with_the_variance_and_shrink_with_the_difference():
    from rankmetrics_lite._power import DESIGNS

    for design in DESIGNS:
        sizes = [topic_set_size(0.05, v, design=design).n_queries for v in (0.005, 0.01, 0.02, 0.04)]
        assert sizes == sorted(sizes) and sizes[0] < sizes[-1]
        sizes = [topic_set_size(d, 0.02, design=design).n_queries for d in (0.02, 0.05, 0.1, 0.2)]
        assert sizes == sorted(sizes, reverse=True)


@pytest.mark.parametrize("answer", [2, 3, 5, 100, 12_345])
def test_the_search_finds_the_smallest_n_from_any_start(answer):
    from rankmetrics_lite._power import _smallest_n

    for start in (2, answer - 1, answer, answer + 1, 10 * answer, 1e7, 1e12):
        asked = []
        found = _smallest_n(lambda n: asked.append(n) or n >= answer, "a test", start)
        assert found == answer, (start, asked)
        assert len(asked) <= 2 * math.log2(abs(start - answer) + 2) + 4


# ------------------------------------------------------------ effect sizes --


def test_effect_sizes_by_hand():
    a, b = [0.6, 0.4, 0.8, 0.5, 0.7], [0.4, 0.4, 0.5, 0.6, 0.3]
    result = paired_effect_size(a, b)
    d = np.subtract(a, b)
    assert isinstance(result, PairedEffectSize)
    assert result.cohens_d == pytest.approx(d.mean() / d.std(ddof=1))
    assert result.glass_delta == pytest.approx(d.mean() / np.std(b, ddof=1))
    # Cohen's d for paired data is the t statistic over sqrt(n)
    assert result.cohens_d * math.sqrt(5) == pytest.approx(paired_t_test(a, b).t_statistic)


def test_effect_sizes_without_spread():
    same = paired_effect_size([0.5, 0.5, 0.5], [0.5, 0.5, 0.5])
    assert same.cohens_d == 0 and same.glass_delta == 0
    shifted = paired_effect_size([0.6, 0.7], [0.5, 0.6])  # every difference 0.1
    assert shifted.cohens_d == math.inf and shifted.glass_delta == pytest.approx(0.1 / np.std([0.5, 0.6], ddof=1))


# ------------------------------------------------------------ many systems --


def exhaustive_tukey_p(matrix: np.ndarray) -> list[float]:
    """Every arrangement of every query's scores across the systems: (m!)^n of them."""
    n, m = matrix.shape
    means = matrix.mean(axis=0)
    gaps = [abs(means[i] - means[j]) for i in range(m) for j in range(i + 1, m)]
    rows = [[row[list(p)] for p in permutations(range(m))] for row in matrix]
    ranges = []
    for choice in product(*rows):
        arranged = np.mean(choice, axis=0)
        ranges.append(arranged.max() - arranged.min())
    ranges = np.array(ranges)
    return [float(np.mean(ranges >= gap - 1e-12)) for gap in gaps]


@pytest.mark.parametrize("n, m, lattice, seed", [(4, 3, None, 1), (5, 3, 5, 2), (3, 4, 10, 3), (8, 2, None, 4)])
def test_randomised_tukey_hsd_is_within_monte_carlo_error_of_every_permutation(n, m, lattice, seed):
    matrix = score_matrix(seed, n, m, lattice)
    exact = exhaustive_tukey_p(matrix)
    trials = 20_000
    result = randomised_tukey_hsd(as_systems(matrix), n_permutations=trials, seed=seed)
    assert result.method == "randomised" and result.n_permutations == trials
    for pair, p in zip(result.pairs, exact):
        assert abs(pair.p_value - p) <= 4.5 * math.sqrt(p * (1 - p) / trials) + 2 / trials, (pair, p)


def test_randomised_tukey_hsd_of_two_systems_is_the_randomization_test():
    matrix = score_matrix(5, 12, 2, lattice=5)
    exact = randomization_test(matrix[:, 0], matrix[:, 1], exact=True).p_value
    trials = 20_000
    p = randomised_tukey_hsd(as_systems(matrix), n_permutations=trials, seed=3).pairs[0].p_value
    assert abs(p - exact) <= 4.5 * math.sqrt(exact * (1 - exact) / trials) + 2 / trials


def test_tukey_results_are_reproducible_and_named():
    systems = as_systems(score_matrix(6, 20, 4, lattice=10))
    first = randomised_tukey_hsd(systems, n_permutations=500, seed=9)
    assert first == randomised_tukey_hsd(systems, n_permutations=500, seed=9)
    assert isinstance(first, TukeyHSD) and len(first.pairs) == 6
    assert [(p.first, p.second) for p in first.pairs][:3] == [("s0", "s1"), ("s0", "s2"), ("s0", "s3")]
    assert first.p_value("s2", "s0") == first.pairs[1].p_value
    assert repr(first).startswith("TukeyHSD(method='randomised', n_queries=20, n_systems=4, n_permutations=500")
    with pytest.raises(KeyError, match="no pair"):
        first.p_value("s0", "s9")


def test_paired_tukey_detects_what_the_query_effect_hides():
    rng = np.random.default_rng(8)  # queries differ much more than the systems do
    matrix = rng.beta(2, 2, size=(30, 1)) + [0.0, 0.01, 0.03] + rng.normal(0, 0.02, size=(30, 3))
    paired, unpaired = tukey_hsd(as_systems(matrix)), tukey_hsd(as_systems(matrix), paired=False)
    assert paired.p_value("s0", "s2") < 0.05 < unpaired.p_value("s0", "s2")


# ------------------------------------------- evaluate's per-query output --


RUN_A = {"q1": {"d1": 3, "d2": 2, "d3": 1}, "q2": {"d4": 2, "d5": 1}, "q3": {"d6": 2, "d7": 1}}
RUN_B = {"q1": {"d2": 3, "d1": 2, "d3": 1}, "q2": {"d5": 2, "d4": 1}, "q3": {"d7": 2, "d6": 1}}
RUN_C = {"q1": {"d3": 3, "d2": 2, "d1": 1}, "q2": {"d5": 2, "d4": 1}, "q3": {"d6": 2, "d7": 1}}
QRELS = {"q1": {"d1": 1, "d3": 1}, "q2": {"d4": 1}, "q3": {"d6": 1}}


def per_query(run, measures="AP"):
    return evaluate(run, QRELS, measures, per_query=True)


def plain(run, measure="AP"):
    return {q: row[measure] for q, row in per_query(run, measure).items()}


def test_every_function_reads_evaluate_per_query_output():
    systems = {"a": per_query(RUN_A), "b": per_query(RUN_B), "c": per_query(RUN_C)}
    plain_systems = {"a": plain(RUN_A), "b": plain(RUN_B), "c": plain(RUN_C)}
    assert paired_effect_size(systems["a"], systems["b"]) == paired_effect_size(plain_systems["a"], plain_systems["b"])
    assert variance_from_scores(systems) == variance_from_scores(plain_systems)
    assert tukey_hsd(systems) == tukey_hsd(plain_systems)
    assert randomised_tukey_hsd(systems, n_permutations=200) == randomised_tukey_hsd(plain_systems, n_permutations=200)
    several = {name: per_query(run, ["AP", "RR"]) for name, run in (("a", RUN_A), ("b", RUN_B))}
    assert variance_from_scores(several, measure="RR") == variance_from_scores(
        {"a": plain(RUN_A, "RR"), "b": plain(RUN_B, "RR")})


def test_dicts_pair_by_query_id_not_by_order():
    a, b = plain(RUN_A), plain(RUN_B)
    reordered = {q: b[q] for q in reversed(list(b))}
    assert paired_effect_size(a, reordered) == paired_effect_size(a, b)
    assert tukey_hsd({"a": a, "b": reordered}) == tukey_hsd({"a": a, "b": b})


# ------------------------------------------------------------- bad input --


@pytest.mark.parametrize("call, error, message", [
    (lambda: paired_t_test_power(0.5, 1), ValueError, "n_queries must be at least 2"),
    (lambda: paired_t_test_power(0.5, 10.0), TypeError, "n_queries must be a positive integer"),
    (lambda: paired_t_test_power(math.nan, 10), ValueError, "effect_size must be finite"),
    (lambda: paired_t_test_power("0.5", 10), TypeError, "effect_size must be a number"),
    (lambda: paired_t_test_power(0.5, 10, alpha=1.5), ValueError, "alpha must be strictly between"),
    (lambda: paired_t_test_power(0.5, 10, alternative="larger"), ValueError, "alternative must be one of"),
    (lambda: queries_for_power(0.0), ValueError, "effect_size must not be 0"),
    (lambda: queries_for_power(-0.5, alternative="greater"), ValueError, "points away"),
    (lambda: queries_for_power(1e-5), ValueError, "more than 100,000,000 queries"),
    (lambda: queries_for_power(0.5, power=80), ValueError, "power must be strictly between"),
    (lambda: topic_set_size(0.0, 0.02), ValueError, "minimum_detectable_difference must be positive"),
    (lambda: topic_set_size(0.05, -1), ValueError, "variance must be positive"),
    (lambda: topic_set_size(0.05, 0.02, design="t-test"), ValueError, "design must be one of"),
    (lambda: topic_set_size(0.05, 0.02, n_systems=5), ValueError, "is for design='anova' or 'two_way_anova'"),
    (lambda: topic_set_size(0.05, 0.02, design="two_way_anova", n_systems=1), ValueError, "at least 2"),
    (lambda: topic_set_size(0.05, 0.02, design="anova", n_systems=1), ValueError, "at least 2"),
    (lambda: topic_set_size(0.05, 0.02, beta=0), ValueError, "beta must be strictly between"),
    (lambda: variance_from_scores([[0.1, 0.2], [0.3, 0.4]]), TypeError, r"dict \{system name"),
    (lambda: variance_from_scores({"a": [0.1, 0.2]}), ValueError, "at least 2 systems"),
    (lambda: variance_from_scores({"a": [0.1], "b": [0.2]}), ValueError, "at least 2 queries"),
    (lambda: variance_from_scores({"a": [0.1, 0.2], "b": [0.2]}), ValueError, "differ in length"),
    (lambda: variance_from_scores({"a": {"q1": 0.1, "q2": 0.2}, "b": {"q1": 0.2, "q3": 0.1}}), ValueError,
     r"missing from scores_by_system\['b'\]: \['q2'\]"),
    (lambda: variance_from_scores({"a": {"q1": 0.1, "q2": 0.2}, "b": [0.2, 0.1]}), TypeError, "a mix"),
    (lambda: variance_from_scores({"a": [0.1, math.inf], "b": [0.2, 0.1]}), ValueError, "finite"),
    (lambda: variance_from_scores({"a": [0.1, "0.2"], "b": [0.2, 0.1]}), TypeError, "must hold numbers"),
    (lambda: variance_from_scores({"a": [0.1, 0.2], "b": [0.2, 0.1]}, paired=1), TypeError, "paired must be"),
    (lambda: variance_from_scores({"a": [1e200, 0.2], "b": [0.2, 0.1]}), ValueError, "too large to square"),
    (lambda: variance_from_scores({"a": per_query(RUN_A, ["AP", "RR"]), "b": per_query(RUN_B, ["AP", "RR"])}),
     ValueError, "holds 2 measures per query"),
    (lambda: variance_from_scores({"a": per_query(RUN_A), "b": per_query(RUN_B)}, measure="RR"), ValueError,
     "has no 'RR' for query"),
    (lambda: variance_from_scores({"a": [0.1, 0.2], "b": [0.2, 0.1]}, measure="AP"), ValueError,
     "holds plain scores"),
    (lambda: paired_effect_size([0.1, 0.2], [0.2]), ValueError, "differ in length"),
    (lambda: paired_effect_size({"q1": {"AP": 0.1}, "q2": 0.2}, {"q1": 0.1, "q2": 0.2}), TypeError, "mixes rows"),
    (lambda: randomised_tukey_hsd({"a": [0.1, 0.2], "b": [0.2, 0.1]}, n_permutations=0), ValueError,
     "n_permutations must be a positive integer"),
    (lambda: randomised_tukey_hsd({"a": [0.1, 0.2], "b": [0.2, 0.1]}, seed=-1), ValueError, "seed must be"),
    (lambda: tukey_hsd({"a": [0.1, 0.2], 1: [0.2, 0.1], "1": [0.3, 0.3]}), ValueError, "alike once written"),
])
def test_bad_input_fails_at_the_door(call, error, message):
    with pytest.raises(error, match=message):
        call()
