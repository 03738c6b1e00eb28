"""Tests of rankmetrics_lite._random_baseline: P@k and R@k under a random ranking.

The formulas are checked three independent ways: against exhaustive enumeration
of every equally likely arrangement on tiny collections, against scipy's
hypergeometric distribution, and against a seeded simulation.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import hypergeom

from rankmetrics_lite import _random_baseline as random_baseline
from rankmetrics_lite._cutoff_metrics import precision_at_k, recall_at_k
from rankmetrics_lite._random_baseline import (
    RandomBaseline,
    random_hits_distribution,
    random_precision_at_k,
    random_recall_at_k,
    simulate_random_precision,
)
from rankmetrics_lite.validation import as_rng, check_open_unit


def all_arrangements(n_items: int, n_relevant: int):
    """Every set of ranks that can hold the relevant items, as 0/1 rankings.

    Under a uniformly random permutation each such set is equally likely
    (each arises from |R|!(N-|R|)! permutations), so plain averages over this
    list are the exact expectations.
    """
    for ranks in itertools.combinations(range(n_items), n_relevant):
        relevance = np.zeros(n_items)
        relevance[list(ranks)] = 1
        yield relevance


def enumerated_moments(values: list[float]) -> tuple[float, float]:
    values = np.array(values)
    return float(values.mean()), float(((values - values.mean()) ** 2).mean())


# ------------------------------------------------- exhaustive enumeration --

SMALL_CASES = [
    (n, r, k) for n in range(1, 8) for r in range(0, n + 1) for k in range(1, n + 1)
]


@pytest.mark.parametrize(("n_items", "n_relevant", "k"), SMALL_CASES)
def test_precision_moments_match_enumeration(n_items, n_relevant, k):
    scores = [precision_at_k(rel, k) for rel in all_arrangements(n_items, n_relevant)]
    mean, variance = enumerated_moments(scores)
    baseline = random_precision_at_k(n_items=n_items, n_relevant=n_relevant, k=k)
    assert baseline.mean == pytest.approx(mean, abs=1e-12)
    assert baseline.variance == pytest.approx(variance, abs=1e-12)


@pytest.mark.parametrize(("n_items", "n_relevant", "k"), [c for c in SMALL_CASES if c[1] > 0])
def test_recall_moments_match_enumeration(n_items, n_relevant, k):
    scores = [recall_at_k(rel, k, n_relevant=n_relevant) for rel in all_arrangements(n_items, n_relevant)]
    mean, variance = enumerated_moments(scores)
    baseline = random_recall_at_k(n_items=n_items, n_relevant=n_relevant, k=k)
    # E[R@k] = k/N exactly, for every N (the source calls it an approximation).
    assert baseline.mean == pytest.approx(k / n_items, abs=1e-12)
    assert baseline.mean == pytest.approx(mean, abs=1e-12)
    assert baseline.variance == pytest.approx(variance, abs=1e-12)


def test_enumeration_over_literal_permutations_agrees():
    """The subset shortcut above equals averaging over all N! rankings (N = 6)."""
    collection = (1, 1, 0, 0, 0, 0)
    scores = [precision_at_k(list(p), 3) for p in itertools.permutations(collection)]
    assert len(scores) == math.factorial(6)
    mean, variance = enumerated_moments(scores)
    baseline = random_precision_at_k(n_items=6, n_relevant=2, k=3)
    assert baseline.mean == pytest.approx(mean)
    assert baseline.variance == pytest.approx(variance)


@pytest.mark.parametrize(("n_items", "n_relevant", "k"), [(5, 2, 3), (7, 3, 4), (6, 0, 2), (6, 6, 5)])
def test_distribution_matches_enumeration(n_items, n_relevant, k):
    counts = np.zeros(k + 1)
    for relevance in all_arrangements(n_items, n_relevant):
        counts[int(relevance[:k].sum())] += 1
    dist = random_hits_distribution(n_items=n_items, n_relevant=n_relevant, k=k)
    np.testing.assert_allclose(dist["probability"], counts / counts.sum(), atol=1e-12)
    np.testing.assert_array_equal(dist["hits"], np.arange(k + 1))
    np.testing.assert_allclose(dist["precision"], np.arange(k + 1) / k)


# --------------------------------------------------------- hand-computed --


def test_hand_computed_precision():
    # N = 10, |R| = 3, k = 4: rho = 0.3; binomial 0.3*0.7/4 = 0.0525; exact x 6/9.
    baseline = random_precision_at_k(n_items=10, n_relevant=3, k=4)
    assert baseline.mean == pytest.approx(0.3)
    assert baseline.binomial_variance == pytest.approx(0.0525)
    assert baseline.variance == pytest.approx(0.035)
    assert baseline.std == pytest.approx(math.sqrt(0.035))


def test_hand_computed_recall():
    # N = 10, |R| = 2, k = 5: E = 0.5; Var|R_k| = 5*0.2*0.8*5/9 = 4/9, / |R|^2 = 1/9.
    baseline = random_recall_at_k(n_items=10, n_relevant=2, k=5)
    assert baseline.mean == pytest.approx(0.5)
    assert baseline.variance == pytest.approx(1 / 9)
    assert baseline.binomial_variance == pytest.approx(0.2)


def test_exact_and_binomial_variance_differ_by_the_finite_population_factor():
    for n_items, n_relevant, k in [(100, 10, 1), (100, 10, 10), (100, 10, 50), (100, 10, 99)]:
        baseline = random_precision_at_k(n_items=n_items, n_relevant=n_relevant, k=k)
        ratio = baseline.variance / baseline.binomial_variance
        assert ratio == pytest.approx((n_items - k) / (n_items - 1))
    # k = 1: one draw, no difference between with and without replacement.
    first = random_precision_at_k(n_items=100, n_relevant=10, k=1)
    assert first.variance == pytest.approx(first.binomial_variance)
    # k = N: every ranking finds all of R, so P@N = rho with no spread at all.
    full = random_precision_at_k(n_items=100, n_relevant=10, k=100)
    assert full.variance == 0.0
    assert full.binomial_variance > 0


def test_degenerate_collections_have_no_spread():
    for n_items, n_relevant, k in [(1, 0, 1), (1, 1, 1), (5, 0, 3), (5, 5, 3)]:
        baseline = random_precision_at_k(n_items=n_items, n_relevant=n_relevant, k=k)
        assert baseline.variance == 0.0
        assert baseline.mean == n_relevant / n_items


def test_repr_is_fixed_precision():
    assert repr(random_precision_at_k(n_items=10, n_relevant=3, k=4)) == (
        "RandomBaseline(measure='P@4', n_items=10, n_relevant=3, k=4, "
        "mean=0.3000, variance=0.03500, binomial_variance=0.05250)"
    )
    assert repr(random_recall_at_k(n_items=10, n_relevant=2, k=5)).startswith("RandomBaseline(measure='R@5',")


def test_result_is_frozen():
    baseline = random_precision_at_k(n_items=10, n_relevant=3, k=4)
    assert isinstance(baseline, RandomBaseline)
    with pytest.raises(AttributeError):
        baseline.mean = 1.0  # type: ignore[misc]


# ---------------------------------------------------- scipy cross-checks --


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_moments_match_scipy_hypergeom(data):
    n_items = data.draw(st.integers(1, 500))
    n_relevant = data.draw(st.integers(0, n_items))
    k = data.draw(st.integers(1, n_items))
    # Moments from scipy's pmf (its .var() returns NaN for a one-item collection).
    support = np.arange(k + 1)
    pmf = hypergeom(M=n_items, n=n_relevant, N=k).pmf(support)
    hits_mean = float(pmf @ support)
    hits_var = float(pmf @ (support - hits_mean) ** 2)
    precision = random_precision_at_k(n_items=n_items, n_relevant=n_relevant, k=k)
    assert precision.mean == pytest.approx(hits_mean / k, abs=1e-12)
    assert precision.variance == pytest.approx(hits_var / k**2, rel=1e-9, abs=1e-12)
    assert 0 <= precision.variance <= precision.binomial_variance + 1e-15
    if n_relevant:
        recall = random_recall_at_k(n_items=n_items, n_relevant=n_relevant, k=k)
        assert recall.mean == pytest.approx(k / n_items)
        assert recall.variance == pytest.approx(hits_var / n_relevant**2, rel=1e-9, abs=1e-12)
        # P@k k = R@k |R| for every ranking, so the variances scale the same way.
        assert recall.variance * n_relevant**2 == pytest.approx(precision.variance * k**2, rel=1e-9, abs=1e-15)


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_distribution_is_a_distribution_with_the_right_mean(data):
    n_items = data.draw(st.integers(1, 200))
    n_relevant = data.draw(st.integers(0, n_items))
    k = data.draw(st.integers(1, n_items))
    dist = random_hits_distribution(n_items=n_items, n_relevant=n_relevant, k=k)
    assert dist["probability"].sum() == pytest.approx(1.0)
    assert np.all(dist["probability"] >= 0)
    mean_precision = float(dist["probability"] @ dist["precision"])
    assert mean_precision == pytest.approx(random_precision_at_k(n_items=n_items, n_relevant=n_relevant, k=k).mean)
    # Impossible counts (more hits than relevant items) have probability 0.
    assert np.all(dist["probability"][dist["hits"] > n_relevant] == 0)


# ------------------------------------------------------------ simulation --


@pytest.mark.parametrize(
    ("n_items", "n_relevant", "k", "n_draws"),
    [(1000, 50, 10, 10_000), (20, 6, 10, 40_000), (50, 1, 5, 40_000)],
)
def test_simulation_agrees_with_the_exact_moments(n_items, n_relevant, k, n_draws):
    draws = simulate_random_precision(n_items=n_items, n_relevant=n_relevant, k=k, n_draws=n_draws, seed=7)
    exact = random_precision_at_k(n_items=n_items, n_relevant=n_relevant, k=k)
    assert draws.shape == (n_draws,)
    # Mean within 5 standard errors; variance within 6% (loose, but seeded).
    assert abs(draws.mean() - exact.mean) < 5 * exact.std / math.sqrt(n_draws)
    assert draws.var() == pytest.approx(exact.variance, rel=0.06)


def test_simulation_sides_with_the_exact_variance_when_k_is_a_large_share_of_n():
    # N = 20, k = 10: the exact variance is about half the binomial one.
    draws = simulate_random_precision(n_items=20, n_relevant=6, k=10, n_draws=40_000, seed=3)
    exact = random_precision_at_k(n_items=20, n_relevant=6, k=10)
    assert abs(draws.var() - exact.variance) < 0.1 * abs(exact.binomial_variance - exact.variance)


def test_simulation_values_are_possible_precisions():
    draws = simulate_random_precision(n_items=30, n_relevant=4, k=6, n_draws=2000, seed=0)
    hits = draws * 6
    np.testing.assert_allclose(hits, np.round(hits))
    assert hits.min() >= 0 and hits.max() <= 4


def test_simulation_is_reproducible():
    first = simulate_random_precision(n_items=100, n_relevant=10, k=10, n_draws=500, seed=42)
    again = simulate_random_precision(n_items=100, n_relevant=10, k=10, n_draws=500, seed=42)
    other = simulate_random_precision(n_items=100, n_relevant=10, k=10, n_draws=500, seed=43)
    np.testing.assert_array_equal(first, again)
    assert not np.array_equal(first, other)
    from_generator = simulate_random_precision(n_items=100, n_relevant=10, k=10, n_draws=500, seed=np.random.default_rng(42))
    np.testing.assert_array_equal(first, from_generator)


def test_simulation_in_chunks(monkeypatch):
    # Force many small chunks: the result keeps its shape and its statistics.
    monkeypatch.setattr(random_baseline, "_MAX_CELLS_PER_CHUNK", 1000)
    draws = simulate_random_precision(n_items=100, n_relevant=20, k=10, n_draws=5003, seed=1)
    assert draws.shape == (5003,)
    exact = random_precision_at_k(n_items=100, n_relevant=20, k=10)
    assert abs(draws.mean() - exact.mean) < 5 * exact.std / math.sqrt(5003)


# ------------------------------------------------------------- bad input --


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        ((0, 0, 1), ValueError, r"n_items must be a positive integer, got 0"),
        ((10.0, 2, 3), TypeError, r"n_items must be a positive integer"),
        ((10, -1, 3), ValueError, r"n_relevant must be a non-negative integer, got -1"),
        ((10, 11, 3), ValueError, r"n_relevant must be at most n_items \(10\), got 11"),
        ((10, 2, 0), ValueError, r"k must be a positive integer, got 0"),
        ((10, 2, 2.5), TypeError, r"k must be a positive integer"),
        ((10, 2, True), TypeError, r"k must be a positive integer"),
        ((10, 2, 11), ValueError, r"k must be at most n_items \(10\), got 11"),
    ],
)
def test_bad_collection_raises(args, error, message):
    collection = dict(zip(("n_items", "n_relevant", "k"), args))
    for function in (random_precision_at_k, random_recall_at_k, random_hits_distribution):
        with pytest.raises(error, match=message):
            function(**collection)
    with pytest.raises(error, match=message):
        simulate_random_precision(**collection, n_draws=10)


def test_recall_without_relevant_items_raises():
    with pytest.raises(ValueError, match=r"recall is undefined when n_relevant is 0"):
        random_recall_at_k(n_items=10, n_relevant=0, k=3)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"n_draws": 0}, ValueError, r"n_draws must be a positive integer, got 0"),
        ({"n_draws": 10.5}, TypeError, r"n_draws must be a positive integer"),
        ({"n_draws": 10, "seed": None}, TypeError, r"seed must be a non-negative integer .*reproducible"),
        ({"n_draws": 10, "seed": -1}, ValueError, r"seed must be a non-negative integer, got -1"),
        ({"n_draws": 10, "seed": "0"}, TypeError, r"seed must be a non-negative integer"),
    ],
)
def test_bad_simulation_settings_raise(kwargs, error, message):
    with pytest.raises(error, match=message):
        simulate_random_precision(n_items=10, n_relevant=2, k=3, **kwargs)


# --------------------------------------- the generic checks added for this --


def test_as_rng():
    generator = np.random.default_rng(5)
    assert as_rng(generator) is generator
    assert as_rng(5).random() == np.random.default_rng(5).random()
    assert as_rng(np.int64(5)).random() == np.random.default_rng(5).random()
    with pytest.raises(TypeError, match=r"seed must be a non-negative integer"):
        as_rng(True)
    with pytest.raises(TypeError, match=r"my_seed must be"):
        as_rng(1.5, "my_seed")


@pytest.mark.parametrize("good", [0.5, 0.95, np.float64(0.99), 1e-9])
def test_check_open_unit_accepts(good):
    assert check_open_unit(good, "confidence") == float(good)


@pytest.mark.parametrize(
    ("bad", "error"),
    [(0, ValueError), (1, ValueError), (1.5, ValueError), (-0.1, ValueError), (float("nan"), ValueError),
     ("0.9", TypeError), (True, TypeError), (None, TypeError)],
)
def test_check_open_unit_rejects(bad, error):
    with pytest.raises(error, match=r"confidence must be .*strictly between 0 and 1"):
        check_open_unit(bad, "confidence")
