"""Tests of rankmetrics_lite._significance: paired tests between two systems.

Each test is checked against a hand-computed case and against scipy where scipy
has the same test (ttest_rel, permutation_test in exact mode, binomtest,
bootstrap), plus properties every paired test must have.
"""

from __future__ import annotations

import inspect
import math

import numpy as np
import pytest
import scipy.stats
from hypothesis import given, settings
from hypothesis import strategies as st

from rankmetrics_lite import _significance as significance
from rankmetrics_lite._significance import (
    EXACT_MAX_QUERIES,
    BootstrapInterval,
    PairedTTest,
    RandomizationTest,
    SignTest,
    bootstrap_ci,
    holm_bonferroni,
    paired_t_test,
    randomization_test,
    sign_test,
)

A = {"q1": 0.6, "q2": 0.4, "q3": 0.8, "q4": 0.5, "q5": 0.7}
B = {"q1": 0.4, "q2": 0.4, "q3": 0.5, "q4": 0.6, "q5": 0.3}


def scipy_exact_permutation_p(a, b) -> float:
    result = scipy.stats.permutation_test(
        (np.asarray(a, float), np.asarray(b, float)),
        lambda x, y, axis: np.mean(x - y, axis=axis),
        permutation_type="samples",
        vectorized=True,
        n_resamples=np.inf,  # every pairing: exact
    )
    return float(result.pvalue)


def lattice_scores(rng, n, k=5):
    """Per-query P@k-like scores (multiples of 1/k): many ties, the hard case."""
    return rng.integers(0, k + 1, size=n) / k, rng.integers(0, k + 1, size=n) / k


# ----------------------------------------------------------------- pairing --


def test_dicts_pair_by_query_id_not_by_order():
    shuffled_b = {q: B[q] for q in ["q4", "q2", "q5", "q1", "q3"]}
    for test in (paired_t_test, randomization_test, bootstrap_ci, sign_test):
        assert test(A, shuffled_b) == test(A, B)


def test_dicts_and_aligned_arrays_agree():
    ids = sorted(A)
    a, b = [A[q] for q in ids], [B[q] for q in ids]
    for test in (paired_t_test, randomization_test, bootstrap_ci, sign_test):
        assert test(A, B) == test(a, b)
        assert test(np.array(a), np.array(b)) == test(a, b)


def test_resampling_ignores_dict_insertion_order():
    rng = np.random.default_rng(0)
    scores = {f"q{i}": (float(x), float(y)) for i, (x, y) in enumerate(rng.random((40, 2)))}
    forward_a, forward_b = ({q: s[i] for q, s in scores.items()} for i in (0, 1))
    backward_a, backward_b = ({q: scores[q][i] for q in reversed(list(scores))} for i in (0, 1))
    for test in (randomization_test, bootstrap_ci):
        assert test(backward_a, backward_b) == test(forward_a, forward_b)
        assert test(forward_a, backward_b) == test(forward_a, forward_b)


def test_different_query_ids_are_named():
    a = {"q1": 0.5, "q2": 0.1, "q3": 0.7}
    b = {"q1": 0.4, "q2": 0.2, "q9": 0.3}
    for test in (paired_t_test, randomization_test, bootstrap_ci, sign_test):
        with pytest.raises(ValueError, match=r"missing from b: \['q3'\]; missing from a: \['q9'\]"):
            test(a, b)


def test_many_missing_ids_are_listed_briefly():
    a = {f"q{i}": 0.5 for i in range(30)}
    b = {"q0": 0.1, "q1": 0.2}
    with pytest.raises(ValueError, match=r"missing from b: \['q2', .*\.\.\. \(18 more\)\]"):
        paired_t_test(a, b)


# ------------------------------------------------------------ paired t-test --


def test_t_test_hand_computed():
    # d = [0.2, 0, 0.3, -0.1, 0.4]: mean 0.16, s_d^2 = 0.172/4, t = 0.16/sqrt(0.043/5).
    result = paired_t_test(A, B)
    assert result.n == 5 and result.df == 4
    assert result.mean_difference == pytest.approx(0.16)
    assert result.t_statistic == pytest.approx(0.16 / math.sqrt(0.043 / 5))
    assert result.p_value == pytest.approx(2 * scipy.stats.t.sf(0.16 / math.sqrt(0.043 / 5), 4))


@settings(max_examples=40, deadline=None)
@given(
    pairs=st.lists(
        st.tuples(st.floats(0, 1), st.floats(0, 1)), min_size=2, max_size=40
    )
)
def test_t_test_matches_scipy_ttest_rel(pairs):
    a, b = np.array(pairs).T
    d = a - b
    result = paired_t_test(a, b)
    assert 0 <= result.p_value <= 1
    if np.all(d == d[0]) or np.std(d, ddof=1) == 0:
        # Constant differences, or a spread that underflows to 0 (d = [0, 5e-324]):
        # scipy gives NaN or inf; covered below.
        return
    expected = scipy.stats.ttest_rel(a, b)
    assert result.t_statistic == pytest.approx(float(expected.statistic), rel=1e-9)
    assert result.p_value == pytest.approx(float(expected.pvalue), rel=1e-9, abs=1e-15)
    assert result.df == int(expected.df)


def test_t_test_identical_systems_give_p_one():
    result = paired_t_test([0.3, 0.5, 0.9], [0.3, 0.5, 0.9])
    assert (result.t_statistic, result.p_value) == (0.0, 1.0)


def test_t_test_constant_nonzero_difference_is_infinitely_significant():
    result = paired_t_test([0.5, 0.5, 0.5], [0.25, 0.25, 0.25])
    assert result.t_statistic == math.inf and result.p_value == 0.0
    assert paired_t_test([0.25, 0.25], [0.5, 0.5]).t_statistic == -math.inf


# ------------------------------------------------------- randomization test --


def test_randomization_hand_computed():
    # |d| = 0.2, 0, 0.3, 0.1, 0.4 and observed sum 0.8. A sign pattern flips a
    # subset of sum x, giving |1 - 2x|; |1 - 2x| >= 0.8 for x in {0, 0.1, 0.9, 1}:
    # 4 of the 16 patterns of the non-zero differences (the 0 doubles both).
    result = randomization_test(A, B)
    assert result == RandomizationTest(5, pytest.approx(0.16), 0.25, 32, True)


@pytest.mark.parametrize("seed", range(8))
def test_randomization_exact_equals_scipy_permutation_test(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 11))
    a, b = lattice_scores(rng, n) if seed % 2 else (rng.random(n), rng.random(n))
    result = randomization_test(a, b)
    assert result.exact and result.n_resamples == 2**n
    assert result.p_value == scipy_exact_permutation_p(a, b)


@settings(max_examples=25, deadline=None)
@given(
    pairs=st.lists(
        st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=2, max_size=9
    )
)
def test_randomization_exact_equals_scipy_on_tied_p_at_k(pairs):
    a, b = np.array(pairs).T / 4  # P@4 values: the null distribution is full of ties
    assert randomization_test(a, b).p_value == scipy_exact_permutation_p(a, b)


def test_randomization_switches_to_sampling_above_the_exact_limit():
    rng = np.random.default_rng(1)
    a, b = rng.random(EXACT_MAX_QUERIES + 1), rng.random(EXACT_MAX_QUERIES + 1)
    sampled = randomization_test(a, b, n_resamples=500)
    assert not sampled.exact and sampled.n_resamples == 500
    assert randomization_test(a[:-1], b[:-1]).exact


def test_randomization_sampling_approximates_the_exact_p_value():
    rng = np.random.default_rng(2)
    a, b = lattice_scores(rng, 14)
    exact = randomization_test(a, b)
    sampled = randomization_test(a, b, n_resamples=20_000, seed=5, exact=False)
    p = exact.p_value
    assert abs(sampled.p_value - p) < 4 * math.sqrt(p * (1 - p) / 20_000) + 1 / 20_000


def test_randomization_sampling_never_reports_zero_and_is_reproducible():
    a = np.linspace(0.5, 1.0, 40)
    b = a - 0.3  # a wins every query by a wide margin
    result = randomization_test(a, b, n_resamples=999, seed=0)
    assert result.p_value == 1 / 1000
    rng = np.random.default_rng(3)
    a, b = rng.random(30), rng.random(30)
    first = randomization_test(a, b, seed=11)
    assert randomization_test(a, b, seed=11) == first
    assert randomization_test(a, b, seed=np.random.default_rng(11)) == first
    assert randomization_test(a, b, seed=12).p_value != first.p_value


def test_randomization_in_chunks(monkeypatch):
    rng = np.random.default_rng(4)
    a, b = rng.random(50) + 0.05, rng.random(50)
    whole = randomization_test(a, b, n_resamples=4000, seed=1)
    monkeypatch.setattr(significance, "_MAX_CELLS_PER_CHUNK", 500)
    chunked = randomization_test(a, b, n_resamples=4000, seed=1)
    assert chunked.n_resamples == 4000
    assert abs(chunked.p_value - whole.p_value) < 0.05


def test_randomization_identical_systems_give_p_one_in_both_modes():
    scores = [0.1, 0.5, 0.5, 0.9, 0.3]
    assert randomization_test(scores, scores).p_value == 1.0
    assert randomization_test(scores, scores, exact=False, n_resamples=100).p_value == 1.0


def test_randomization_is_symmetric_in_a_and_b():
    rng = np.random.default_rng(6)
    a, b = lattice_scores(rng, 12)
    forward, backward = randomization_test(a, b), randomization_test(b, a)
    assert forward.p_value == backward.p_value
    assert forward.mean_difference == pytest.approx(-backward.mean_difference)


# ------------------------------------------------------------------ bootstrap --


def test_bootstrap_identical_systems_give_a_zero_interval():
    result = bootstrap_ci([0.2, 0.4, 0.9], [0.2, 0.4, 0.9])
    assert result.low == 0.0 and result.high == 0.0 and result.mean_difference == 0.0


def test_bootstrap_two_queries_by_hand():
    # d = [0, 1]: a resample of 2 queries has mean 0, 0.5 or 1 with probabilities
    # 1/4, 1/2, 1/4, so the 95% interval runs from 0 to 1 and the 40% one is {0.5}.
    wide = bootstrap_ci([0.0, 1.0], [0.0, 0.0], confidence=0.95, n_resamples=4000)
    assert (wide.low, wide.high) == (0.0, 1.0)
    narrow = bootstrap_ci([0.0, 1.0], [0.0, 0.0], confidence=0.4, n_resamples=4000)
    assert (narrow.low, narrow.high) == (0.5, 0.5)


# scipy's seed keyword: rng from 1.15, random_state before (Pyodide's is 1.14.1).
SCIPY_SEED = ({"rng": 2} if "rng" in inspect.signature(scipy.stats.bootstrap).parameters
              else {"random_state": 2})


def test_bootstrap_agrees_with_scipy_percentile_bootstrap():
    rng = np.random.default_rng(8)
    a, b = rng.random(60), rng.random(60) - 0.1
    ours = bootstrap_ci(a, b, n_resamples=20_000, seed=1)
    theirs = scipy.stats.bootstrap(
        (a - b,), np.mean, method="percentile", n_resamples=20_000, **SCIPY_SEED
    ).confidence_interval
    width = ours.high - ours.low
    assert ours.low == pytest.approx(theirs.low, abs=0.03 * width)
    assert ours.high == pytest.approx(theirs.high, abs=0.03 * width)
    assert ours.low < ours.mean_difference < ours.high


def test_bootstrap_intervals_nest_as_confidence_grows():
    rng = np.random.default_rng(9)
    a, b = rng.random(25), rng.random(25)
    intervals = [bootstrap_ci(a, b, confidence=c, seed=3) for c in (0.5, 0.8, 0.9, 0.95, 0.99)]
    for inner, outer in zip(intervals, intervals[1:]):
        assert outer.low <= inner.low and inner.high <= outer.high


def test_bootstrap_covers_the_true_mean_about_as_often_as_promised():
    rng = np.random.default_rng(10)
    covered = 0
    for _ in range(200):
        d = rng.normal(0.1, 0.2, size=40)
        interval = bootstrap_ci(d, np.zeros(40), confidence=0.9, n_resamples=1000, seed=rng)
        covered += interval.low <= 0.1 <= interval.high
    # Percentile intervals undercover slightly at n = 40; 200 runs: +/- about 0.06.
    assert 0.80 <= covered / 200 <= 0.97


def test_bootstrap_is_reproducible_and_chunks(monkeypatch):
    rng = np.random.default_rng(11)
    a, b = rng.random(30), rng.random(30)
    first = bootstrap_ci(a, b, n_resamples=3000, seed=4)
    assert bootstrap_ci(a, b, n_resamples=3000, seed=4) == first
    assert bootstrap_ci(a, b, n_resamples=3000, seed=5) != first
    monkeypatch.setattr(significance, "_MAX_CELLS_PER_CHUNK", 300)
    chunked = bootstrap_ci(a, b, n_resamples=3000, seed=4)
    assert chunked.low == pytest.approx(first.low, abs=0.03)
    assert chunked.high == pytest.approx(first.high, abs=0.03)


# ------------------------------------------------------------------ sign test --


def test_sign_test_p_at_1_hand_computed():
    # 5 wins, 1 loss, 2 ties: p = 2 (C(6,5) + C(6,6)) / 2^6 = 14/64.
    a = [1, 1, 0, 1, 1, 1, 0, 1]
    b = [0, 1, 0, 0, 0, 0, 1, 0]
    assert sign_test(a, b) == SignTest(5, 1, 2, pytest.approx(14 / 64))


@settings(max_examples=40, deadline=None)
@given(
    pairs=st.lists(
        st.tuples(st.integers(0, 1), st.integers(0, 1)), min_size=2, max_size=60
    )
)
def test_sign_test_matches_scipy_binomtest(pairs):
    a, b = np.array(pairs).T
    result = sign_test(a, b)
    wins, losses = int(np.sum(a > b)), int(np.sum(a < b))
    assert (result.n_wins, result.n_losses, result.n_ties) == (wins, losses, len(pairs) - wins - losses)
    expected = scipy.stats.binomtest(wins, wins + losses).pvalue if wins + losses else 1.0
    assert result.p_value == pytest.approx(expected, rel=1e-12)
    swapped = sign_test(b, a)
    assert (swapped.n_wins, swapped.n_losses) == (losses, wins)
    assert swapped.p_value == pytest.approx(result.p_value)


def test_sign_test_all_ties_give_p_one():
    assert sign_test([1, 0, 1], [1, 0, 1]) == SignTest(0, 0, 3, 1.0)


# ------------------------------------------------------- shared properties --


@settings(max_examples=25, deadline=None)
@given(
    pairs=st.lists(
        st.tuples(st.floats(0, 1), st.floats(0, 1)), min_size=2, max_size=25
    ),
)
def test_p_values_lie_in_the_unit_interval_and_intervals_are_ordered(pairs):
    a, b = np.array(pairs).T
    for result in (
        paired_t_test(a, b),
        randomization_test(a, b, n_resamples=200),
        sign_test(a, b),
    ):
        assert 0 <= result.p_value <= 1
    interval = bootstrap_ci(a, b, n_resamples=200)
    assert interval.low <= interval.high
    assert (a - b).min() - 1e-12 <= interval.low and interval.high <= (a - b).max() + 1e-12


def test_identical_systems_are_never_significant():
    scores = {"q1": 0.25, "q2": 0.5, "q3": 1.0, "q4": 0.0}
    assert paired_t_test(scores, scores).p_value == 1.0
    assert randomization_test(scores, scores).p_value == 1.0
    assert sign_test(scores, scores).p_value == 1.0
    interval = bootstrap_ci(scores, scores)
    assert interval.low <= 0 <= interval.high


def test_reprs_are_fixed_precision():
    assert repr(paired_t_test(A, B)) == (
        "PairedTTest(n=5, mean_difference=0.1600, t_statistic=1.7253, df=4, p_value=0.1596)"
    )
    assert repr(randomization_test(A, B)) == (
        "RandomizationTest(n=5, mean_difference=0.1600, p_value=0.2500, n_resamples=32, exact=True)"
    )
    assert repr(sign_test([1, 1, 0], [0, 0, 0])) == "SignTest(n_wins=2, n_losses=0, n_ties=1, p_value=0.5000)"
    tiny = paired_t_test(np.linspace(0.5, 0.9, 50), np.linspace(0.1, 0.5, 50) + np.tile([0, 0.01], 25))
    assert "p_value=" in repr(tiny) and "e-" in repr(tiny)  # a tiny p is not printed as 0.0000
    assert isinstance(bootstrap_ci(A, B), BootstrapInterval)
    assert isinstance(paired_t_test(A, B), PairedTTest)


def test_results_are_frozen():
    result = paired_t_test(A, B)
    with pytest.raises(AttributeError):
        result.p_value = 0.0  # type: ignore[misc]


# --------------------------------------------------------------- Holm --


def test_holm_hand_computed():
    # sorted 0.01, 0.03, 0.04, 0.2 -> x4, x3, x2, x1 = 0.04, 0.09, 0.08, 0.2, then running max.
    adjusted = holm_bonferroni([0.01, 0.04, 0.03, 0.2])
    np.testing.assert_allclose(adjusted, [0.04, 0.09, 0.09, 0.2])
    np.testing.assert_allclose(holm_bonferroni([0.5, 0.6]), [1.0, 1.0])  # capped at 1
    np.testing.assert_allclose(holm_bonferroni([0.03]), [0.03])  # one test: unchanged


@settings(max_examples=40, deadline=None)
@given(p=st.lists(st.floats(0, 1), min_size=1, max_size=20))
def test_holm_properties(p):
    p = np.array(p)
    adjusted = holm_bonferroni(p)
    assert np.all(adjusted >= p - 1e-15)  # never less strict than unadjusted
    assert np.all(adjusted <= np.minimum(1, p.size * p) + 1e-15)  # never stricter than Bonferroni
    assert np.all(adjusted <= 1)
    order = np.argsort(p, kind="stable")
    assert np.all(np.diff(adjusted[order]) >= -1e-15)  # keeps the order of the p-values


@pytest.mark.parametrize(
    ("bad", "error", "message"),
    [
        ([], ValueError, r"p_values must be a non-empty 1-D sequence"),
        ([[0.1, 0.2]], ValueError, r"p_values must be a non-empty 1-D sequence"),
        ([0.1, 1.2], ValueError, r"p_values must lie in \[0, 1\]; index 1 holds 1.2"),
        ([0.1, float("nan")], ValueError, r"p_values must lie in \[0, 1\]; index 1 holds nan"),
        ([-0.1], ValueError, r"p_values must lie in \[0, 1\]"),
        ("0.1", TypeError, r"p_values must be a sequence of p-values"),
        ([0.1, "x"], TypeError, r"p_values must hold numbers; it holds 'x' \(str\) at index 1"),
        (["0.01"], TypeError, r"p_values must hold numbers; it holds '0.01'"),
        ([0.01, None], TypeError, r"p_values must hold numbers; it holds None"),
        (0.05, TypeError, r"p_values must be a sequence of p-values"),
    ],
)
def test_holm_bad_input(bad, error, message):
    with pytest.raises(error, match=message):
        holm_bonferroni(bad)


# ------------------------------------------------------------- bad input --

ALL_TESTS = (paired_t_test, randomization_test, bootstrap_ci, sign_test)


@pytest.mark.parametrize(
    ("a", "b", "error", "message"),
    [
        ([0.1, 0.2, 0.3], [0.1, 0.2], ValueError, r"a has 3 scores, b has 2"),
        ([0.1, float("nan")], [0.1, 0.2], ValueError, r"a must hold finite scores; it holds nan at index 1"),
        ([0.1, 0.2], [0.1, float("inf")], ValueError, r"b must hold finite scores; it holds inf at index 1"),
        ({"q1": 0.1, "q2": float("nan")}, {"q1": 0.1, "q2": 0.2}, ValueError,
         r"a must hold finite scores; it holds nan for query 'q2'"),
        ([0.5], [0.4], ValueError, r"a paired comparison needs at least 2 queries, got 1"),
        ({"q1": 0.5}, {"q1": 0.4}, ValueError, r"needs at least 2 queries, got 1"),
        ({}, {}, ValueError, r"needs at least 2 queries, got 0"),
        ({"q1": 0.5, "q2": 0.1}, [0.4, 0.2], TypeError, r"both be dicts .* or both be aligned sequences"),
        ("0.5 0.1", "0.4 0.2", TypeError, r"a must be a dict \{query_id: score\} or a sequence"),
        ({0.5, 0.1}, {0.4, 0.2}, TypeError, r"a must be a dict .* got set"),
        ([[0.5, 0.1]], [[0.4, 0.2]], ValueError, r"a must be one-dimensional \(one score per query\)"),
        ([0.5, "high"], [0.4, 0.2], TypeError, r"a must hold numbers; it holds 'high' \(str\) at index 1"),
        ([0.5, 0.1], [0.4, "0.2"], TypeError, r"b must hold numbers; it holds '0.2' \(str\) at index 1"),
        ({"q1": 0.5, "q2": None}, {"q1": 0.4, "q2": 0.2}, TypeError,
         r"a must hold numbers; it holds None \(NoneType\) for query 'q2'"),
    ],
)
def test_bad_scores_raise(a, b, error, message):
    for test in ALL_TESTS:
        with pytest.raises(error, match=message):
            test(a, b)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"n_resamples": 0}, ValueError, r"n_resamples must be a positive integer, got 0"),
        ({"n_resamples": -5}, ValueError, r"n_resamples must be a positive integer, got -5"),
        ({"n_resamples": 100.0}, TypeError, r"n_resamples must be a positive integer"),
        ({"seed": None}, TypeError, r"seed must be a non-negative integer .*reproducible"),
        ({"seed": -3}, ValueError, r"seed must be a non-negative integer, got -3"),
    ],
)
def test_bad_resampling_settings_raise(kwargs, error, message):
    for test in (randomization_test, bootstrap_ci):
        with pytest.raises(error, match=message):
            test(A, B, **kwargs)


@pytest.mark.parametrize(
    ("confidence", "error"),
    [(0, ValueError), (1, ValueError), (1.5, ValueError), (95, ValueError), (-0.5, ValueError),
     (float("nan"), ValueError), ("0.95", TypeError), (None, TypeError)],
)
def test_bad_confidence_raises(confidence, error):
    with pytest.raises(error, match=r"confidence must be .*strictly between 0 and 1"):
        bootstrap_ci(A, B, confidence=confidence)


def test_bad_exact_setting_raises():
    with pytest.raises(TypeError, match=r"exact must be True, False or None"):
        randomization_test(A, B, exact="yes")
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match=r"n = 21 queries is too many \(at most 20\): use exact=False"):
        randomization_test(rng.random(21), rng.random(21), exact=True)


def test_pairs_travel_together():
    # a = b + 0.1 on every query, with b spread widely: only the paired
    # difference matters, so the bootstrap interval collapses to 0.1 and only the
    # all-plus and all-minus sign patterns are as extreme as the observed mean.
    b = np.array([0.0, 0.9, 0.2, 0.7, 0.4])
    a = b + 0.1
    interval = bootstrap_ci(a, b, n_resamples=2000)
    assert interval.low == pytest.approx(0.1) and interval.high == pytest.approx(0.1)
    assert randomization_test(a, b).p_value == 2 / 2**5
    assert sign_test(a, b) == SignTest(5, 0, 0, pytest.approx(2 / 2**5))


def test_exact_enumeration_in_chunks_counts_every_pattern_once(monkeypatch):
    rng = np.random.default_rng(12)
    a, b = lattice_scores(rng, 12)
    whole = randomization_test(a, b)
    monkeypatch.setattr(significance, "_MAX_CELLS_PER_CHUNK", 100)  # 8 patterns a chunk
    assert randomization_test(a, b) == whole
    assert whole.p_value == scipy_exact_permutation_p(a, b)
