"""The off-policy estimates of the chapter "Counterfactual evaluation from logs", by the library.

:func:`estimates` computes, on one log of four-document slates, the value of the new policy by
the slate IPS estimator under each assumption (whole slate, document at its position, prefix),
each also self-normalised, and by the cascade doubly robust estimator whose reward model is a
position-based click model fitted to an earlier log of the logging policy.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from rankmetrics_lite import doubly_robust_estimate, fit_position_based_model, slate_ips_estimate

from .exact import ASSUMPTIONS
from .logs import Log, logged, next_document_chances, propensities
from .policies import SLATE, Candidates, logging_weights, new_weights, position_marginals, slate_probabilities


def fitted_reward_model(c: Candidates, log: Log) -> np.ndarray:
    """q(d, k) = gamma_k alpha_d of a position-based model fitted to ``log`` by EM: (topics, SLATE, 10)."""
    ranks = np.tile(np.arange(1, SLATE + 1), log.topic.size)
    fit = fit_position_based_model(log.keys(c), ranks, log.clicks.ravel(), n_positions=SLATE, iterations=100)
    names = np.array([[f"{t}/{d}" for d in docs] for t, docs in zip(c.topics, c.docs)])
    alpha = fit.attractiveness[np.searchsorted(fit.documents, names)]
    return fit.examination[None, :, None] * alpha[:, None, :]


@dataclass(frozen=True, eq=False)
class Setting:
    """The two policies (log weights and position marginals) and the reward model."""

    old: np.ndarray
    new: np.ndarray
    old_marginals: np.ndarray
    new_marginals: np.ndarray
    reward: np.ndarray


def setting(c: Candidates, drift: float, reward: np.ndarray) -> Setting:
    old, new = logging_weights(c), new_weights(c, drift)
    marginals = [position_marginals(slate_probabilities(w)[:, :, -1]) for w in (old, new)]
    return Setting(old, new, *marginals, reward)


def estimates(log: Log, s: Setting) -> dict[str, float]:
    """Every estimate of the new policy's value (expected clicks per slate) from one log."""
    out = {}
    for assumption in ASSUMPTIONS:
        logging = propensities(log, s.old, s.old_marginals, assumption)
        new = propensities(log, s.new, s.new_marginals, assumption)
        for normalised in (False, True):
            name = f"{'SNIPS' if normalised else 'IPS'}, {assumption}"
            out[name] = slate_ips_estimate(log.clicks, logging, new, assumption=assumption,
                                           self_normalised=normalised)
    q_all = s.reward[log.topic]  # (n, SLATE, 10)
    q_hat = np.take_along_axis(q_all, log.shown[:, :, None], axis=2)[:, :, 0]
    v_hat = (next_document_chances(log, s.new) * q_all).sum(axis=2)
    out["DR, cascade"] = doubly_robust_estimate(
        log.clicks, propensities(log, s.old, s.old_marginals, "cascade"),
        propensities(log, s.new, s.new_marginals, "cascade"), predicted_rewards=q_hat,
        predicted_target_values=v_hat, cascade=True)
    return out


def repeated(c: Candidates, s: Setting, *, model: str, logs: int, size: int, seed: int) -> dict[str, np.ndarray]:
    """Every estimate on each of ``logs`` independent logs of ``size`` slates (seeds seed, seed + 1, ...)."""
    runs = [estimates(logged(c, size, depth=SLATE, model=model, seed=seed + i), s) for i in range(logs)]
    return {name: np.array([r[name] for r in runs]) for name in runs[0]}


@lru_cache(maxsize=1)
def reward_model(c: Candidates) -> np.ndarray:
    """The doubly robust estimator's reward model: fitted to an earlier log of 20,000 slates (seed 11)."""
    return fitted_reward_model(c, logged(c, 20_000, depth=SLATE, model="cascade", seed=11))


@lru_cache(maxsize=1)
def main_log(c: Candidates) -> Log:
    """The chapter's log: 20,000 slates of the logging policy, cascade users (seed 2026)."""
    return logged(c, 20_000, depth=SLATE, model="cascade", seed=2026)
