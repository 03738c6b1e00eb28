"""Exact bias and spread of the slate IPS estimators, summed over every slate the logging policy
can show: what the simulation knows and a real log never does.

One logged row holds a topic (uniform over the 48), a slate s of four drawn from the logging
policy, and the clicks c_k on it. The slate estimators weigh each click by w_k(s) (whole slate,
document at its position, or prefix; see :func:`rankmetrics_lite.slate_ips_estimate`), so one row's
estimate is sum_k w_k c_k and, over every slate and click,

    E = sum_s pi_0(s) sum_k w_k P(C_k | s),
    E[(sum_k w_k c_k)^2] = sum_s pi_0(s) (sum_k w_k^2 P(C_k | s) + sum_{j != k} w_j w_k P(C_j C_k | s)),

with P(C_j C_k | s) = P(C_j | s) P(C_k | s) for position-based users (clicks independent given the
slate) and 0 for cascade users (one click at most). The estimate of a log of n rows has that
bias and the per-row variance divided by n.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rankmetrics_lite import click_probabilities

from .policies import SLATE, Candidates, every_slate, position_marginals, slate_probabilities

EXAMINATION = 1 / np.arange(1, 11)  # the position-based user examines rank k with chance 1/k
ASSUMPTIONS = ("standard", "independent", "cascade")


def click_chances(attractiveness: np.ndarray, model: str) -> np.ndarray:
    """P(C_k) of every row of attractiveness (one slate per row), by the library's click models."""
    kwargs = {"examination": EXAMINATION[:attractiveness.shape[-1]]} if model == "pbm" else {}
    flat = attractiveness.reshape(-1, attractiveness.shape[-1])
    return click_probabilities(flat, model=model, **kwargs).reshape(attractiveness.shape)


@dataclass(frozen=True)
class Moments:
    """Over one logged row: the estimator's bias and standard deviation, and the true value."""

    bias: float
    sd: float
    value: float


class SlateLaw:
    """Both policies' laws over every slate, per topic, and the clicks each slate draws."""

    def __init__(self, c: Candidates, logging: np.ndarray, new: np.ndarray, model: str):
        slates = every_slate()
        self.old, self.new = slate_probabilities(logging), slate_probabilities(new)
        self.clicks = click_chances(c.attractiveness[:, slates], model)  # (topics, slates, SLATE)
        self.model = model
        rows = np.arange(SLATE)
        old_m, new_m = position_marginals(self.old[:, :, -1]), position_marginals(self.new[:, :, -1])
        self.marginal_ratio = new_m[:, rows, slates] / old_m[:, rows, slates]

    def weights(self, assumption: str, clip: float = np.inf) -> np.ndarray:
        if assumption == "standard":
            w = np.repeat((self.new[:, :, -1:] / self.old[:, :, -1:]), SLATE, axis=2)
        elif assumption == "independent":
            w = self.marginal_ratio
        else:
            w = self.new / self.old
        return np.minimum(w, clip)

    def true_value(self) -> float:
        """V(pi) = mean over topics of sum_s pi(s) sum_k P(C_k | s): expected clicks per slate."""
        return float((self.new[:, :, -1] * self.clicks.sum(axis=2)).sum(axis=1).mean())

    def logging_value(self) -> float:
        """V(pi_0), likewise."""
        return float((self.old[:, :, -1] * self.clicks.sum(axis=2)).sum(axis=1).mean())

    def moments(self, assumption: str, clip: float = np.inf) -> Moments:
        w, p, chance = self.weights(assumption, clip), self.clicks, self.old[:, :, -1]
        first = (w * p).sum(axis=2)
        second = (w**2 * p).sum(axis=2)
        if self.model == "pbm":  # independent clicks: add the cross terms
            second = second + first**2 - (w**2 * p**2).sum(axis=2)
        mean = (chance * first).sum(axis=1).mean()
        square = (chance * second).sum(axis=1).mean()
        value = self.true_value()
        bias = round(float(mean - value), 12) + 0.0  # an unbiased estimator's rounding noise is not a bias
        return Moments(bias, float(np.sqrt(square - mean**2)), value)
