"""Chapter 20 on real TREC runs, exact against independent references.

statsmodels' one-way and two-way ANOVA give the variances of Robust 2004; its TTestPower and
FTestAnovaPower give Sakai's topic-set sizes from them; scipy's ttest_rel gives every pair's
effect size; scipy's and statsmodels' Tukey HSD, and the package's own p-values, decide the
same pairs as the honestly significant difference; a loop written apart counts the swaps.
"""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pytest
import scipy.stats

from rankmetrics_course import data
from rankmetrics_course.chapters.how_many_queries.trec import (
    SWAP_BINS,
    SwapRates,
    extrapolated_swap_rate,
    honestly_significant_difference,
    pair_variances,
    pairwise_effect_sizes,
    swap_rates,
    swap_rates_figure,
)
from rankmetrics_lite import topic_set_size, tukey_hsd, variance_from_scores

ROBUST = data.trec_per_topic("robust2004", "AP")


def long_format(matrix: np.ndarray):
    import pandas as pd

    n, m = matrix.shape
    return pd.DataFrame({"score": matrix.ravel(), "topic": np.repeat(np.arange(n), m).astype(str),
                         "run": np.tile(np.arange(m), n).astype(str)})


#: Every sixth topic of Robust 2004 (42 topics, all 110 runs): statsmodels' ANOVA of the whole
#: table (27,390 scores, 359 dummy columns) takes minutes; this one seconds.
SIXTH = ROBUST.scores[::6]


@pytest.fixture(scope="module")
def robust_anova():
    """statsmodels' residual rows of the one-way and the two-way ANOVA of :data:`SIXTH`."""
    from statsmodels.formula.api import ols
    from statsmodels.stats.anova import anova_lm

    frame = long_format(SIXTH)
    one_way = anova_lm(ols("score ~ C(run)", data=frame).fit()).loc["Residual"]
    two_way = anova_lm(ols("score ~ C(run) + C(topic)", data=frame).fit()).loc["Residual"]
    return one_way, two_way


@pytest.mark.reference
def test_robust_variances_are_statsmodels_anova(robust_anova):
    one_way, two_way = robust_anova
    n, m = SIXTH.shape
    runs = {j: SIXTH[:, j] for j in range(m)}
    assert (one_way["df"], two_way["df"]) == (m * (n - 1), (m - 1) * (n - 1))
    assert variance_from_scores(runs) == pytest.approx(one_way["mean_sq"], rel=1e-9)
    assert variance_from_scores(runs, paired=True) == pytest.approx(two_way["mean_sq"], rel=1e-9)
    # the paired design's quantity, pair by pair, averages to the residual
    assert pair_variances(runs).mean() == pytest.approx(two_way["mean_sq"], rel=1e-9)


def test_the_whole_tracks_residual_is_the_mirrors_check():
    """Robust 2004's two-way residual of AP is 0.0132, as checked when the mirror was assembled."""
    assert round(variance_from_scores(ROBUST.by_run(), paired=True), 4) == 0.0132
    assert round(pair_variances(ROBUST.by_run()).mean(), 4) == 0.0132


@pytest.mark.reference
@pytest.mark.parametrize("minimum, m", [(0.05, 4), (0.05, 10), (0.10, 110)])
def test_sakais_sizes_from_robust_are_statsmodels_solve_power(minimum, m):
    from statsmodels.stats.power import FTestAnovaPower, TTestPower

    within = variance_from_scores(ROBUST.by_run())  # statsmodels' one-way residual (test above)
    paired = topic_set_size(minimum, within).n_queries
    nobs = TTestPower().solve_power(minimum / math.sqrt(2 * within), power=0.8, alpha=0.05)
    assert paired == math.ceil(float(nobs) - 1e-9)
    anova = topic_set_size(minimum, within, design="anova", n_systems=m).n_queries
    f = math.sqrt(minimum**2 / (2 * m * within))
    nobs = FTestAnovaPower().solve_power(f, nobs=None, alpha=0.05, power=0.8, k_groups=m)
    assert anova == math.ceil(float(nobs) / m - 1e-9)


@pytest.mark.reference
def test_effect_sizes_of_every_pair_are_scipys_t_over_root_n():
    x = ROBUST.scores
    first, second = np.triu_indices(x.shape[1], 1)
    with np.errstate(invalid="ignore"):
        t = scipy.stats.ttest_rel(x[:, first], x[:, second]).statistic
    ours = pairwise_effect_sizes(ROBUST.by_run())
    same = np.all(x[:, first] == x[:, second], axis=0)  # scipy: NaN; the package: no effect, 0
    assert np.isnan(t[same]).all() and (ours[same] == 0).all() and same.sum() == 1
    np.testing.assert_allclose(ours[~same], t[~same] / math.sqrt(x.shape[0]), rtol=1e-10, atol=1e-12)


SUBSET = ROBUST.scores[:, :8]


@pytest.mark.reference
def test_tukey_on_real_runs_equals_scipy_and_statsmodels():
    """The unpaired test against scipy's tukey_hsd and statsmodels' pairwise_tukeyhsd, and the
    paired test's residual against statsmodels' two-way ANOVA, on eight Robust 2004 runs."""
    from statsmodels.stats.multicomp import pairwise_tukeyhsd

    runs = {f"r{j}": SUBSET[:, j] for j in range(SUBSET.shape[1])}
    pairs = list(combinations(range(SUBSET.shape[1]), 2))
    ours = [p.p_value for p in tukey_hsd(runs, paired=False).pairs]
    theirs = scipy.stats.tukey_hsd(*SUBSET.T).pvalue
    np.testing.assert_allclose(ours, [theirs[i, j] for i, j in pairs], atol=1e-9)
    frame = long_format(SUBSET)
    np.testing.assert_allclose(ours, pairwise_tukeyhsd(frame["score"], frame["run"]).pvalues, atol=1e-6)


@pytest.mark.reference
def test_the_honest_difference_decides_the_pairs_tukey_hsd_finds():
    runs = {f"r{j}": SUBSET[:, j] for j in range(SUBSET.shape[1])}
    result = tukey_hsd(runs)
    hsd = honestly_significant_difference(runs)
    for pair in result.pairs:
        assert (abs(pair.mean_difference) >= hsd) == (pair.p_value <= 0.05), pair
    assert 0 < sum(p.p_value <= 0.05 for p in result.pairs) < len(result.pairs)
    # at the critical gap itself the studentised range leaves exactly alpha
    n, m = SUBSET.shape
    residual = variance_from_scores(runs, paired=True)
    q = hsd / math.sqrt(residual / n)
    assert scipy.stats.studentized_range.sf(q, m, (m - 1) * (n - 1)) == pytest.approx(0.05, abs=1e-7)


def swaps_by_loops(matrix, size, trials, seed, bins):
    """The swap count written apart: plain loops over trials and pairs of runs."""
    rng = np.random.default_rng(seed)
    n, m = matrix.shape
    swaps, cases = np.zeros(len(bins) - 1), np.zeros(len(bins) - 1)
    for _ in range(trials):
        order = rng.permutation(n)
        a, b = order[:size], order[size:2 * size]
        for i, j in combinations(range(m), 2):
            gap_a = matrix[a, i].mean() - matrix[a, j].mean()
            gap_b = matrix[b, i].mean() - matrix[b, j].mean()
            if gap_a == 0:
                continue
            k = next(k for k in range(len(bins) - 1) if bins[k] <= abs(gap_a) < bins[k + 1])
            cases[k] += 1
            swaps[k] += gap_a * gap_b < 0
    return swaps, cases


@pytest.mark.parametrize("measure, size", [("AP", 5), ("AP", 25), ("P@10", 5)])
def test_swap_rates_count_what_a_plain_loop_counts(measure, size):
    """P@10's means tie often: a tie on the second set is no swap, a tie on the first no case."""
    x = data.trec_per_topic("adhoc8", measure).scores[:, :12]
    rates = swap_rates(x, (size,), trials=20, seed=3)
    swaps, cases = swaps_by_loops(x, size, 20, 3, SWAP_BINS)
    np.testing.assert_array_equal(rates.cases[0], cases)
    seen = cases > 0
    np.testing.assert_allclose(rates.rates[0][seen], swaps[seen] / cases[seen], rtol=1e-12)
    assert np.isnan(rates.rates[0][~seen]).all()


def test_extrapolation_is_a_straight_line_through_the_log_rates():
    rates = swap_rates(data.trec_per_topic("adhoc8", "AP").scores, (5, 10, 15, 20, 25), trials=30, seed=1)
    measured = [rates.rate(s, 0.05) for s in rates.sizes]
    line = scipy.stats.linregress(rates.sizes, np.log(measured))
    assert extrapolated_swap_rate(rates, 0.05, 50) == pytest.approx(
        math.exp(line.intercept + 50 * line.slope), rel=1e-10)
    assert extrapolated_swap_rate(rates, 0.05, 50) < rates.rate(25, 0.05) < rates.rate(5, 0.05)
    empty = SwapRates((5, 10), (0.0, 1.0), np.array([[0.1], [0.0]]), np.ones((2, 1)), 1)
    with pytest.raises(ValueError, match="rate of 0"):
        extrapolated_swap_rate(empty, 0.0, 50)


def test_swap_figure_says_what_it_shows():
    rates = SwapRates((5, 10), (0.0, 0.05, 1.0), np.array([[0.4, 0.2], [0.2, 0.05]]), np.ones((2, 2)), 1)
    shown = swap_rates_figure(rates, (0.0, 0.05), to=20)
    assert "0.00 to 0.05: 0.200 at 10 topics, 0.050 extrapolated to 20" in shown.alt
    assert "0.05 to 1.00: 0.050 at 10 topics, 0.003 extrapolated to 20" in shown.alt
    labels = [t.get_text() for t in shown.figure.axes[0].get_yticklabels()]
    assert labels == ["0.001", "0.01", "0.1", "1"]  # plain numbers, no small exponents
    with pytest.raises(ValueError, match="one to four bins"):
        swap_rates_figure(rates, ())


def test_bad_input_fails_with_a_clear_message():
    x = data.trec_per_topic("adhoc8", "AP").scores
    with pytest.raises(ValueError, match="half the 50 topics"):
        swap_rates(x, (26,))
    with pytest.raises(ValueError, match="at least 2 runs"):
        pair_variances({"only": [0.1, 0.2]})
    with pytest.raises(ValueError, match="alpha must"):
        honestly_significant_difference({"a": [0.1, 0.2], "b": [0.3, 0.1]}, alpha=1.5)
