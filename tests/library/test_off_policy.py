"""Off-policy estimators: exact expectations over every possible log, against the value the
simulation knows, and against worked cases.

A logged ranking of two of three documents is drawn by a logging policy over the six
rankings; users click under a click model whose click chances are known in closed form.
The expectation of an estimator over one logged row is a finite sum over the six rankings,
so its bias is computed exactly, not sampled: IPS on whole rankings is unbiased for any
user; the independence estimator is unbiased when users follow the position-based model
and biased under the cascade model; the cascade estimator is unbiased under both
(Li et al., 2018; McInerney et al., 2020).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from rankmetrics_lite import (
    click_probabilities,
    doubly_robust_estimate,
    ips_estimate,
    slate_ips_estimate,
    snips_estimate,
)

DOCS = 3
RANKINGS = list(itertools.permutations(range(DOCS), 2))
ALPHA = np.array([0.8, 0.4, 0.2])
EXAMINATION = np.array([1.0, 0.5])


def policy(seed: int) -> np.ndarray:
    p = np.random.default_rng(seed).uniform(0.2, 1.0, size=len(RANKINGS))
    return p / p.sum()


def propensities(pi: np.ndarray, ranking, assumption: str) -> np.ndarray:
    """pi's chance of the ranking, of each document at its position, or of each prefix."""
    if assumption == "standard":
        return np.full(2, pi[RANKINGS.index(ranking)])
    if assumption == "independent":
        return np.array([sum(p for r, p in zip(RANKINGS, pi) if r[k] == ranking[k]) for k in range(2)])
    return np.array([sum(p for r, p in zip(RANKINGS, pi) if r[:k + 1] == ranking[:k + 1]) for k in range(2)])


def clicks_of(ranking, model: str) -> np.ndarray:
    kwargs = {"examination": EXAMINATION} if model == "pbm" else {}
    return click_probabilities(ALPHA[list(ranking)], model=model, **kwargs)


def expected_estimate(logging, target, model, assumption) -> float:
    """E over one logged ranking of the slate IPS estimate (linear in the clicks)."""
    total = 0.0
    for ranking, chance in zip(RANKINGS, logging):
        weight = propensities(target, ranking, assumption) / propensities(logging, ranking, assumption)
        total += chance * (weight * clicks_of(ranking, model)).sum()
    return total


def true_value(target, model) -> float:
    return sum(chance * clicks_of(r, model).sum() for r, chance in zip(RANKINGS, target))


@pytest.mark.parametrize("model", ["pbm", "cascade"])
@pytest.mark.parametrize("assumption", ["standard", "independent", "cascade"])
def test_exact_bias_of_each_slate_estimator(model, assumption):
    logging, target = policy(1), policy(2)
    bias = expected_estimate(logging, target, model, assumption) - true_value(target, model)
    if assumption == "independent" and model == "cascade":
        assert abs(bias) > 1e-3  # the click at rank 2 depends on the document above it (here -0.0035)
    else:
        assert abs(bias) < 1e-14


def test_the_library_computes_the_enumerated_rows():
    logging, target = policy(3), policy(4)
    for assumption in ("standard", "independent", "cascade"):
        rows = [(clicks_of(r, "cascade"), propensities(logging, r, assumption),
                 propensities(target, r, assumption)) for r in RANKINGS]
        rewards, log, new = (np.array(x) for x in zip(*rows))
        want = np.mean([(n / lg * c).sum() for c, lg, n in rows])
        got = slate_ips_estimate(rewards, log, new, assumption=assumption)
        assert got == pytest.approx(want, rel=1e-14)
        if assumption != "standard":
            assert got == pytest.approx(ips_estimate(rewards, log, new), rel=1e-14)


def test_ips_is_unbiased_over_every_log_of_a_bandit():
    # three actions, one row: E[IPS] = sum_a pi0(a) * pi(a) / pi0(a) * r(a) = V(pi)
    pi0, pi, r = np.array([0.5, 0.3, 0.2]), np.array([0.1, 0.2, 0.7]), np.array([0.9, 0.5, 0.4])
    expectation = sum(pi0[a] * ips_estimate([r[a]], [pi0[a]], [pi[a]]) for a in range(3))
    assert expectation == pytest.approx(pi @ r, abs=1e-15)


def test_snips_clip_and_dr_on_worked_rows():
    rewards, log, new = [1, 0, 1, 1], [0.5, 0.5, 0.25, 0.5], [1.0, 0.0, 0.5, 0.25]
    # weights 2, 0, 2, 0.5: IPS (2 + 0 + 2 + 0.5) / 4; SNIPS 4.5 / 4.5; clipped at 1: (1 + 1 + 0.5) / 4
    assert ips_estimate(rewards, log, new) == 1.125
    assert snips_estimate(rewards, log, new) == 1.0
    assert ips_estimate(rewards, log, new, clip=1) == 0.625
    # a perfect reward model makes DR exact whatever the weights: v_hat alone remains
    assert doubly_robust_estimate(rewards, log, new, predicted_rewards=rewards,
                                  predicted_target_values=[0.7] * 4) == pytest.approx(0.7)
    # a useless model (predicts 0) leaves IPS
    assert doubly_robust_estimate(rewards, log, new, predicted_rewards=[0] * 4,
                                  predicted_target_values=[0] * 4) == 1.125


def test_cascade_dr_weights_the_model_by_the_prefix_above():
    rewards = np.array([[1.0, 0.0]])
    log, new = np.array([[0.5, 0.25]]), np.array([[0.25, 0.25]])  # weights 0.5 and 1
    q_hat, v_hat = np.array([[0.5, 0.5]]), np.array([[0.4, 0.6]])
    # position 1: 0.4 + 0.5 * (1 - 0.5) = 0.65; position 2: w_1 * 0.6 + w_2 * (0 - 0.5) = 0.3 - 0.5
    assert doubly_robust_estimate(rewards, log, new, predicted_rewards=q_hat, predicted_target_values=v_hat,
                                  cascade=True) == pytest.approx(0.65 - 0.2)
    # independent: the model's term unweighted, 0.6 - 0.5 at position 2
    assert doubly_robust_estimate(rewards, log, new, predicted_rewards=q_hat,
                                  predicted_target_values=v_hat) == pytest.approx(0.65 + 0.1)


NO_SUPPORT = "the logging policy never shows what the new policy shows"


@pytest.mark.parametrize("call, message", [
    (lambda: ips_estimate([1, 0], [0.5, 0.0], [0.5, 0.5]), NO_SUPPORT),
    (lambda: ips_estimate([1, 0], [0.5, 0.0], [0.5, 0.0]), "a logged action had a chance"),
    # no support, said by every estimator (they share the check)
    (lambda: snips_estimate([1, 0], [0.5, 0.0], [0.5, 0.5]), NO_SUPPORT),
    (lambda: doubly_robust_estimate([1, 0], [0.5, 0.0], [0.5, 0.5], predicted_rewards=[0, 0],
                                    predicted_target_values=[0, 0]), NO_SUPPORT),
    (lambda: slate_ips_estimate([[1, 0]], [0.0], [0.5], assumption="standard"), NO_SUPPORT),
    (lambda: slate_ips_estimate([[1, 0]], [[0.5, 0.0]], [[0.5, 0.5]], assumption="independent"), NO_SUPPORT),
    (lambda: slate_ips_estimate([[1, 0]], [[0.5, 0.0]], [[0.5, 0.5]], assumption="cascade"), NO_SUPPORT),
    (lambda: slate_ips_estimate([[1, 0]], [[0.5, 0.5]], [[1.5, 0.5]], assumption="independent"),
     r"target_propensities must hold probabilities in \[0, 1\]"),
    (lambda: slate_ips_estimate([[1, 0], [0, 1]], [0.5], [0.5], assumption="standard"),
     "rewards and logging_propensities must have the same shape"),
    (lambda: ips_estimate([1, 0], [0.5, 1.5], [0.5, 0.5]), r"logging_propensities must hold probabilities in \[0, 1\]"),
    (lambda: ips_estimate([1, 0], [0.5], [0.5, 0.5]), "rewards and logging_propensities must have the same shape"),
    (lambda: ips_estimate([1, float("inf")], [0.5, 0.5], [0.5, 0.5]), "rewards must be finite"),
    (lambda: ips_estimate([1, 0], [0.5, 0.5], [0.5, 0.5], clip=0), "clip must be a positive number"),
    (lambda: snips_estimate([1, 0], [0.5, 0.5], [0.0, 0.0]), "self-normalised estimate divides"),
    (lambda: slate_ips_estimate([[1, 0]], [[0.5, 0.6]], [[0.5, 0.5]], assumption="cascade"),
     "prefix probabilities"),
    (lambda: slate_ips_estimate([[1, 0]], [[0.5, 0.4]], [[0.5, 0.5]], assumption="standard"),
     "one probability per ranking"),
    (lambda: slate_ips_estimate([[1, 0]], [0.5], [0.5], assumption="independent"), "must be 2-D"),
    (lambda: slate_ips_estimate([[1, 0]], [0.5], [0.5], assumption="item"), "assumption must be one of"),
    (lambda: doubly_robust_estimate([1], [0.5], [0.5], predicted_rewards=[0.1, 0.2], predicted_target_values=[0.1]),
     "predicted_rewards and rewards must have the same shape"),
])
def test_bad_input_is_refused_by_name(call, message):
    with pytest.raises((ValueError, TypeError), match=message):
        call()
