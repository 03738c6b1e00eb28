"""Position bias: the swap estimator, the EM fit of the position-based model and the
propensity-weighted click DCG, on clicks simulated from known propensities."""

from __future__ import annotations

import numpy as np
import pytest

from rankmetrics_lite import fit_position_based_model, ips_click_dcg, position_bias_from_swaps, simulate_clicks

EXAMINATION = 1 / np.arange(1, 6) ** 0.8


def test_swaps_recover_the_relative_propensities():
    rng = np.random.default_rng(0)
    n = 400_000
    where = rng.integers(1, 6, size=n)
    alpha = rng.uniform(0.3, 0.9, size=n)  # the top document's attractiveness varies by query
    clicks = (rng.random(n) < EXAMINATION[where - 1] * alpha).astype(int)
    estimate = position_bias_from_swaps(where, clicks, n_positions=5)
    assert estimate[0] == 1.0
    assert np.abs(estimate - EXAMINATION / EXAMINATION[0]).max() < 0.02


def test_em_recovers_the_propensities_from_randomised_rankings():
    rng = np.random.default_rng(1)
    docs, per_query = 40, 5
    alpha = rng.uniform(0.1, 0.9, size=docs)
    shown = np.array([rng.permutation(per_query) + per_query * (q % (docs // per_query))
                      for q in range(60_000)])
    clicks = simulate_clicks(alpha[shown], model="pbm", examination=EXAMINATION, seed=2)
    ranks = np.tile(np.arange(1, per_query + 1), shown.shape[0])
    fit = fit_position_based_model(shown.ravel(), ranks, clicks.ravel(), n_positions=per_query)
    relative = fit.examination / fit.examination[0]
    assert np.abs(relative - EXAMINATION / EXAMINATION[0]).max() < 0.03
    scale = fit.examination[0] / EXAMINATION[0]
    assert np.abs(fit.attractiveness * scale - alpha[fit.documents]).max() < 0.05


def test_ips_click_dcg_is_unbiased_where_the_naive_one_is_not():
    alpha = np.array([0.2, 0.6, 0.9, 0.4, 0.7])  # logged order, rank 1 first
    new_ranks = np.array([5, 3, 1, 4, 2])  # the new ranking reverses some of it
    truth = (alpha / np.log2(1 + new_ranks)).sum()
    n = 300_000
    clicks = simulate_clicks(alpha, model="pbm", examination=EXAMINATION, seed=3, n_impressions=n)
    ranks = np.broadcast_to(new_ranks, clicks.shape)
    ips = ips_click_dcg(clicks, EXAMINATION, ranks, k=5)
    naive = ips_click_dcg(clicks, np.ones(5), ranks, k=5)
    spread = (clicks / EXAMINATION / np.log2(1 + new_ranks)).sum(axis=1).std() / np.sqrt(n)
    assert abs(ips - truth) < 5 * spread
    assert naive < truth - 0.3


@pytest.mark.parametrize("call, message", [
    (lambda: position_bias_from_swaps([1, 2, 6], [1, 0, 0], n_positions=5), "swapped_ranks must hold integer ranks"),
    (lambda: position_bias_from_swaps([1, 2, 2], [1, 0], n_positions=2), "of one length"),
    (lambda: position_bias_from_swaps([1, 1, 2], [1, 0, 0], n_positions=3), "never puts the top document at rank 3"),
    (lambda: position_bias_from_swaps([1, 2], [0, 1], n_positions=2), "no click at rank 1"),
    (lambda: fit_position_based_model(["a"], [1], [1], n_positions=2), "no row at rank 2"),
    (lambda: fit_position_based_model(["a", "b"], [1], [1], n_positions=1), "of one length"),
    (lambda: ips_click_dcg([[1, 0]], [1.0, 0.0], [[1, 2]], k=2), r"propensities must hold probabilities in \(0, 1\]"),
    (lambda: ips_click_dcg([[1, 0]], [1.0, 0.5], [[1, -2]], k=2), "new_ranks must hold integer ranks"),
    (lambda: ips_click_dcg([[1, 0]], [1.0, 0.5], [[1, 2]], k=0), "k must be a positive integer"),
    (lambda: ips_click_dcg([[1, 1]], [1.0, 0.5], [[1, 1]], k=2), "new_ranks gives rank 1 to two logged documents"),
    (lambda: ips_click_dcg([[1, 0, 1]], [1.0, 0.5, 0.5], [[1, 3, 0]], k=2),
     "no logged document at rank 2 of the new ranking"),
    (lambda: fit_position_based_model(["a", "b"], [1, 2], [0, 0], n_positions=2), "clicks holds no click"),
])
def test_bad_input_is_refused_by_name(call, message):
    with pytest.raises((ValueError, TypeError), match=message):
        call()
