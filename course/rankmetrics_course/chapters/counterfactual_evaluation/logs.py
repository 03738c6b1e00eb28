"""Simulated click logs of the chapter "Counterfactual evaluation from logs", seeded.

Users click under the library's click models (:func:`rankmetrics_lite.simulate_clicks`) on the
candidates' attractiveness: position-based users examine rank k with chance 1/k; cascade users
read down and stop at their first click. Every impression picks a topic uniformly.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rankmetrics_lite import simulate_clicks

from .exact import EXAMINATION
from .policies import CANDIDATES, SLATE, Candidates, plackett_luce_weights, draw_rankings, logging_weights, prefix_probabilities


@dataclass(frozen=True)
class Log:
    """One row per impression: its topic, the candidates shown (indices, rank 1 first), the clicks."""

    topic: np.ndarray  # (n,)
    shown: np.ndarray  # (n, depth)
    clicks: np.ndarray  # (n, depth)

    def keys(self, c: Candidates) -> np.ndarray:
        """"topic/document" of every row and rank, flattened row by row (for a click model's fit)."""
        names = np.array([[f"{t}/{d}" for d in docs] for t, docs in zip(c.topics, c.docs)])
        return names[self.topic[:, None], self.shown].ravel()


def _clicks(c: Candidates, topic, shown, model: str, rng) -> np.ndarray:
    alpha = c.attractiveness[topic[:, None], shown]
    kwargs = {"examination": EXAMINATION[:shown.shape[1]]} if model == "pbm" else {}
    return simulate_clicks(alpha, model=model, seed=rng, **kwargs)


def swap_experiment(c: Candidates, n: int, *, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """A's ranking with its top document swapped to a uniformly random rank 1..10 (position-based users):
    where the top document went, and whether it was clicked there."""
    rng = np.random.default_rng(seed)
    topic = rng.integers(len(c.topics), size=n)
    where = rng.integers(1, CANDIDATES + 1, size=n)
    shown = np.tile(np.arange(CANDIDATES), (n, 1))
    rows = np.arange(n)
    shown[rows, where - 1], shown[rows, 0] = 0, shown[rows, where - 1]
    clicks = _clicks(c, topic, shown, "pbm", rng)
    return where, clicks[rows, where - 1]


def logged(c: Candidates, n: int, *, depth: int, model: str, seed: int) -> Log:
    """n impressions of the logging policy, ``depth`` documents each, clicked under ``model``."""
    rng = np.random.default_rng(seed)
    topic = rng.integers(len(c.topics), size=n)
    shown = draw_rankings(logging_weights(c), topic, depth, rng)
    return Log(topic, shown, _clicks(c, topic, shown, model, rng))


def propensities(log: Log, log_weights: np.ndarray, marginals: np.ndarray, assumption: str) -> np.ndarray:
    """Each logged slate's propensity under a policy, as ``slate_ips_estimate`` takes it: the chance of
    the whole slate (one per row), of each document at its position, or of each prefix."""
    if assumption == "independent":
        return marginals[log.topic[:, None], np.arange(SLATE), log.shown]
    prefix = prefix_probabilities(log_weights, log.topic, log.shown)
    return prefix[:, -1] if assumption == "standard" else prefix


def next_document_chances(log: Log, log_weights: np.ndarray) -> np.ndarray:
    """P(candidate d at position k | the logged documents above k) under a policy: (n, SLATE, CANDIDATES).
    Plackett-Luce draws position k among the candidates not yet shown, by weight."""
    w = plackett_luce_weights(log_weights)[log.topic]  # (n, CANDIDATES)
    above = np.zeros((log.topic.size, SLATE, CANDIDATES), dtype=bool)
    for k in range(1, SLATE):
        above[:, k] = above[:, k - 1]
        above[np.arange(log.topic.size), k, log.shown[:, k - 1]] = True
    free = np.where(above, 0.0, w[:, None, :])
    return free / free.sum(axis=2, keepdims=True)
