"""The newer modules against their references over extreme values (hypothesis): labels and
scores near 2**53 and 2**63, persistences down to 5e-324, huge effect sizes, large catalogues.
Each module is exact (to the reference's precision) or refuses with a ValueError."""

from __future__ import annotations

import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy.stats import hypergeom, kendalltau

from rankmetrics_lite import (
    cohen_kappa,
    expected_sampled_metric,
    kendall_tau,
    paired_effect_size,
    paired_t_test,
    paired_t_test_power,
    rank_biased_overlap,
)

pytestmark = [pytest.mark.slow, pytest.mark.reference]
PROPERTY = settings(max_examples=150, deadline=None)

# Integers where a float cannot tell neighbours apart, and the ends of int64.
EXTREME_INTS = st.one_of(st.integers(2**53 - 4, 2**53 + 4), st.integers(2**62, 2**62 + 8),
                         st.integers(-2**63, -2**63 + 8), st.integers(2**63 - 9, 2**63 - 1),
                         st.integers(-3, 3))


@PROPERTY
@given(st.lists(st.tuples(EXTREME_INTS, EXTREME_INTS), min_size=2, max_size=30),
       st.sampled_from([None, "linear", "quadratic"]))
def test_cohen_kappa_is_scikit_learns_on_integer_labels_a_float_would_merge(pairs, weights):
    from sklearn.metrics import cohen_kappa_score
    a, b = (np.array(side, dtype=np.int64) for side in zip(*pairs))
    expected = cohen_kappa_score(a, b, weights=weights)
    if not math.isfinite(expected):
        with pytest.raises(ValueError, match="undefined"):
            cohen_kappa(a.tolist(), b.tolist(), weights=weights)
        return
    assert cohen_kappa(a.tolist(), b.tolist(), weights=weights) == pytest.approx(expected, abs=1e-12)


@PROPERTY
@given(st.lists(st.tuples(EXTREME_INTS, EXTREME_INTS), min_size=2, max_size=30))
def test_kendall_tau_is_scipys_on_integer_scores_a_float_would_tie(pairs):
    x, y = (np.array(side, dtype=np.int64) for side in zip(*pairs))
    if len(set(x.tolist())) < 2 or len(set(y.tolist())) < 2:
        with pytest.raises(ValueError, match="undefined"):
            kendall_tau(x.tolist(), y.tolist())
        return
    assert kendall_tau(x.tolist(), y.tolist()) == pytest.approx(kendalltau(x, y).statistic, abs=1e-12)


def rbo_by_definition(a: list, b: list, p: float) -> tuple[float, float]:
    """RBO_min and RBO_ext of Webber et al. (2010), equations (11) and (32), in 60-digit
    arithmetic (the tail of RBO_min as -ln(1 - p) less its first l terms)."""
    mpmath.mp.dps = 60
    p_ = mpmath.mpf(p)
    s, l = sorted((len(a), len(b)))
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    x = [len(set(short[:min(d, s)]) & set(long_[:d])) for d in range(1, l + 1)]
    seen = mpmath.fsum(mpmath.mpf(x[d - 1]) / d * p_**d for d in range(1, l + 1))
    tail = -mpmath.log1p(-p_) - mpmath.fsum(p_**d / d for d in range(1, l + 1))
    minimum = (1 - p_) / p_ * (seen + x[-1] * tail)
    uneven = mpmath.fsum(mpmath.mpf(x[s - 1]) * (d - s) / (s * d) * p_**d for d in range(s + 1, l + 1))
    extrapolated = (1 - p_) / p_ * (seen + uneven) + (mpmath.mpf(x[-1] - x[s - 1]) / l
                                                       + mpmath.mpf(x[s - 1]) / s) * p_**l
    return float(minimum), float(extrapolated)


@PROPERTY
@given(st.permutations(list("abcdefghij")), st.integers(1, 10), st.integers(1, 10),
       st.one_of(st.sampled_from([5e-324, 1e-300, 1e-20, 0.5, 1 - 2**-52, 1 - 2**-40]),
                 st.floats(1e-12, 1 - 1e-12)))
def test_rank_biased_overlap_is_its_definition_down_to_the_smallest_persistence(order, m, n, p):
    a, b = list("abcdefghij")[:m], order[:n]
    result = rank_biased_overlap(a, b, p=p)
    minimum, extrapolated = rbo_by_definition(a, b, p)
    assert result.minimum == pytest.approx(minimum, abs=1e-12)
    assert result.extrapolated == pytest.approx(extrapolated, abs=1e-12)
    assert 0 <= result.minimum <= result.extrapolated + 1e-12 <= result.maximum + 2e-12 <= 1 + 2e-12


@PROPERTY
@given(st.lists(st.floats(0, 1), min_size=2, max_size=50),
       st.one_of(st.floats(1e-6, 1), st.floats(-1, -1e-6)))
def test_a_difference_equal_on_every_query_has_an_infinite_effect(baseline, shift):
    """b + c against b: every difference is c (in exact arithmetic), so the spread is 0;
    rounding alone spreads the computed differences by ~1e-17."""
    a = [x + shift for x in baseline]
    exact = {Fraction(x) - Fraction(y) for x, y in zip(a, baseline)}
    assume(max(exact) - min(exact) <= Fraction(1, 10**12))  # rounding only, not a real spread
    assert paired_effect_size(a, baseline).cohens_d == math.copysign(math.inf, shift)
    assert paired_t_test(a, baseline).t_statistic == math.copysign(math.inf, shift)


@PROPERTY
@given(st.one_of(st.floats(-50, 50), st.sampled_from([1e-300, 1e8, 1e10, 1e300, -1e300])),
       st.one_of(st.integers(2, 200), st.sampled_from([10**6, 10**12, 2**63 - 1])),
       st.sampled_from([0.05, 0.01, 1e-6]), st.sampled_from(["two-sided", "larger", "smaller"]))
def test_paired_t_test_power_is_statsmodels_or_a_refusal(effect, n, alpha, alternative):
    from statsmodels.stats.power import TTestPower

    ours = {"larger": "greater", "smaller": "less"}.get(alternative, alternative)
    try:
        power = paired_t_test_power(effect, n, alpha=alpha, alternative=ours)
    except ValueError as refusal:
        assert "effect_size" in str(refusal) or "alpha" in str(refusal)
        return
    assert 0.0 <= power <= 1.0
    if abs(effect) * math.sqrt(n) < 1e6 and n <= 10**6:  # where statsmodels itself is sound
        expected = TTestPower().power(effect_size=effect, nobs=n, alpha=alpha, alternative=alternative)
        if math.isfinite(expected):  # statsmodels' own NaN (far in a tail) is no reference
            assert power == pytest.approx(expected, abs=1e-9)


@PROPERTY
@given(st.lists(st.integers(1, 10**6), min_size=1, max_size=5), st.integers(0, 10**6),
       st.integers(1, 300), st.sampled_from(["HR@1", "HR@10", "nDCG@10", "HR@301"]))
def test_expected_sampled_metric_is_scipys_hypergeometric_expectation(ranks, extra, n, measure):
    n_candidates = max(ranks) + extra
    assume(n_candidates - 1 >= n)
    k = int(measure.split("@")[1])
    value = expected_sampled_metric(ranks, n_candidates, n, measure)
    assert 0.0 <= value <= 1.0
    caught = np.arange(n + 1)
    gains = np.where(caught + 1 <= k, 1.0 if measure.startswith("HR") else 1 / np.log2(caught + 2), 0.0)
    expected = np.mean([hypergeom.pmf(caught, n_candidates - 1, r - 1, n) @ gains for r in ranks])
    assert value == pytest.approx(expected, abs=1e-9)
