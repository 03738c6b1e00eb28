"""The off-policy estimators against sb-obp 0.5.10 (Open Bandit Pipeline) on the same logged data.

Seeded logs of 2,000 rows: a bandit (one action per row, three actions) and rankings of
five positions drawn from Plackett-Luce logging and target policies over eight items, with
clicks from a cascade model. Each estimator of the library is compared with obp's on the
same arrays, within 1e-12 relative:

======================================  =================================================
rankmetrics_lite                        sb-obp
======================================  =================================================
ips_estimate (clip None, 5)             InverseProbabilityWeighting (lambda_ inf, 5)
snips_estimate                          SelfNormalizedInverseProbabilityWeighting
doubly_robust_estimate                  DoublyRobust
slate_ips_estimate standard             SlateStandardIPS, SelfNormalizedSlateStandardIPS
slate_ips_estimate independent          SlateIndependentIPS, SelfNormalizedSlateIndependentIPS
slate_ips_estimate cascade              SlateRewardInteractionIPS, SelfNormalizedSlateRewardInteractionIPS
doubly_robust_estimate cascade=True     SlateCascadeDoublyRobust
======================================  =================================================

sb-obp is installed from requirements-obp.txt (``make test`` does it).
"""

from __future__ import annotations

import os

import numpy as np
import pytest

from rankmetrics_lite import click_probabilities, doubly_robust_estimate, ips_estimate, slate_ips_estimate, \
    snips_estimate

pytestmark = pytest.mark.reference


@pytest.fixture(scope="module")
def ope():
    """obp's estimators, imported here so that collecting the quick loop never needs sb-obp."""
    if os.environ.get("CI") == "true":
        import obp.ope  # in CI a missing reference is a failure, not a skip
        return obp.ope
    return pytest.importorskip("obp.ope", reason="sb-obp is not installed: make test installs requirements-obp.txt")


N, ACTIONS, ITEMS, POSITIONS = 2_000, 3, 8, 5
RELATIVE = 1e-12


@pytest.fixture(scope="module")
def bandit():
    rng = np.random.default_rng(7)
    logging = rng.dirichlet(np.ones(ACTIONS), size=N)
    target = rng.dirichlet(np.ones(ACTIONS) * 0.5, size=N)
    action = np.array([rng.choice(ACTIONS, p=p) for p in logging])
    reward = rng.binomial(1, 0.2 + 0.2 * action).astype(float)
    q_hat = np.clip(0.2 + 0.2 * np.arange(ACTIONS) + rng.normal(0, 0.05, size=(N, ACTIONS)), 0, 1)
    rows = np.arange(N)
    return dict(action=action, reward=reward, pscore=logging[rows, action], target=target,
                new=target[rows, action], q_hat=q_hat)


def test_ips_snips_and_dr_agree_with_obp(bandit, ope):
    b = bandit
    dist = b["target"][:, :, None]
    for clip in (None, 5.0):
        ours = ips_estimate(b["reward"], b["pscore"], b["new"], clip=clip)
        theirs = ope.InverseProbabilityWeighting(lambda_=np.inf if clip is None else clip).estimate_policy_value(
            reward=b["reward"], action=b["action"], pscore=b["pscore"], action_dist=dist)
        assert ours == pytest.approx(theirs, rel=RELATIVE)
    theirs = ope.SelfNormalizedInverseProbabilityWeighting().estimate_policy_value(
        reward=b["reward"], action=b["action"], pscore=b["pscore"], action_dist=dist)
    assert snips_estimate(b["reward"], b["pscore"], b["new"]) == pytest.approx(theirs, rel=RELATIVE)
    rows = np.arange(N)
    ours = doubly_robust_estimate(b["reward"], b["pscore"], b["new"], predicted_rewards=b["q_hat"][rows, b["action"]],
                                  predicted_target_values=(b["target"] * b["q_hat"]).sum(axis=1))
    theirs = ope.DoublyRobust().estimate_policy_value(
        reward=b["reward"], action=b["action"], pscore=b["pscore"], action_dist=dist,
        estimated_rewards_by_reg_model=b["q_hat"][:, :, None])
    assert ours == pytest.approx(theirs, rel=RELATIVE)


def plackett_luce(scores, ranking):
    """The chance of each step (each document given those above it) under Plackett-Luce."""
    left = np.ones(scores.size, dtype=bool)
    steps, dists = [], []
    for doc in ranking:
        weights = np.where(left, np.exp(scores), 0.0)
        dists.append(weights / weights.sum())
        steps.append(dists[-1][doc])
        left[doc] = False
    return np.array(steps), np.array(dists)


@pytest.fixture(scope="module")
def slates():
    rng = np.random.default_rng(11)
    log_scores, new_scores = rng.normal(0, 1, ITEMS), rng.normal(0, 1, ITEMS)
    alpha = rng.uniform(0.1, 0.8, ITEMS)
    rankings = np.array([np.argsort(-(log_scores + rng.gumbel(size=ITEMS)))[:POSITIONS] for _ in range(N)])
    log_steps = np.array([plackett_luce(log_scores, r)[0] for r in rankings])
    new = [plackett_luce(new_scores, r) for r in rankings]
    new_steps, new_dists = np.array([s for s, _ in new]), np.array([d for _, d in new])
    clicks = (rng.random((N, POSITIONS)) < click_probabilities(alpha[rankings], model="cascade")).astype(float)
    # position-wise marginals, estimated from the log itself (any positive numbers serve a comparison)
    marginal = np.array([[np.mean(rankings[:, k] == d) for d in range(ITEMS)] for k in range(POSITIONS)])
    q_hat = np.clip(alpha[None, None, :] + rng.normal(0, 0.05, size=(N, POSITIONS, ITEMS)), 0, 1)
    return dict(rankings=rankings, clicks=clicks, log_prefix=np.cumprod(log_steps, axis=1),
                new_prefix=np.cumprod(new_steps, axis=1), new_dists=new_dists, q_hat=q_hat,
                log_marginal=marginal[np.arange(POSITIONS), rankings],
                new_marginal=np.clip(marginal[np.arange(POSITIONS), rankings] * (1 + 0.3 * new_steps), 0, 1))


def obp_slate(ope, name, s, log, new):
    estimator = getattr(ope, name)(len_list=POSITIONS)
    ids, positions = np.repeat(np.arange(N), POSITIONS), np.tile(np.arange(POSITIONS), N)
    keyword = {"SlateStandardIPS": "pscore", "SelfNormalizedSlateStandardIPS": "pscore",
               "SlateIndependentIPS": "pscore_item_position",
               "SelfNormalizedSlateIndependentIPS": "pscore_item_position"}.get(name, "pscore_cascade")
    return estimator.estimate_policy_value(slate_id=ids, reward=s["clicks"].ravel(), position=positions,
                                           **{keyword: log.ravel(), f"evaluation_policy_{keyword}": new.ravel()})


@pytest.mark.parametrize("assumption, name", [("standard", "SlateStandardIPS"),
                                              ("independent", "SlateIndependentIPS"),
                                              ("cascade", "SlateRewardInteractionIPS")])
def test_slate_estimators_agree_with_obp(slates, ope, assumption, name):
    s = slates
    log, new = {"standard": (np.repeat(s["log_prefix"][:, -1:], POSITIONS, 1),
                             np.repeat(s["new_prefix"][:, -1:], POSITIONS, 1)),
                "independent": (s["log_marginal"], s["new_marginal"]),
                "cascade": (s["log_prefix"], s["new_prefix"])}[assumption]
    ours = slate_ips_estimate(s["clicks"], log, new, assumption=assumption)
    assert ours == pytest.approx(obp_slate(ope, name, s, log, new), rel=RELATIVE)
    normalised = slate_ips_estimate(s["clicks"], log, new, assumption=assumption, self_normalised=True)
    assert normalised == pytest.approx(obp_slate(ope, f"SelfNormalized{name}", s, log, new), rel=RELATIVE)


def test_cascade_dr_agrees_with_obp(slates, ope):
    s = slates
    rows = np.arange(N)[:, None]
    q_logged = s["q_hat"][rows, np.arange(POSITIONS), s["rankings"]]
    v_hat = (s["new_dists"] * s["q_hat"]).sum(axis=2)
    ours = doubly_robust_estimate(s["clicks"], s["log_prefix"], s["new_prefix"], predicted_rewards=q_logged,
                                  predicted_target_values=v_hat, cascade=True)
    estimator = ope.SlateCascadeDoublyRobust(len_list=POSITIONS, n_unique_action=ITEMS)
    theirs = estimator.estimate_policy_value(
        slate_id=np.repeat(np.arange(N), POSITIONS), action=s["rankings"].ravel(), reward=s["clicks"].ravel(),
        position=np.tile(np.arange(POSITIONS), N), pscore_cascade=s["log_prefix"].ravel(),
        evaluation_policy_pscore_cascade=s["new_prefix"].ravel(), q_hat=s["q_hat"].ravel(),
        evaluation_policy_action_dist=s["new_dists"].ravel())
    assert ours == pytest.approx(theirs, rel=RELATIVE)
