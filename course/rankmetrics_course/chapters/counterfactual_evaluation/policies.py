"""The ranking policies of the chapter "Counterfactual evaluation from logs", on real topics.

Each topic's candidates are system A's top ten on the TREC 2012 Web track (``ql-cata``, as in
chapter 25), and a user's chance of clicking each follows its NIST grade (chapter 25's
navigational user). A policy is a Plackett-Luce distribution over rankings of the ten: it
fills each position in turn, drawing a document not yet shown with chance proportional to its
weight. Weights follow ranks, :math:`1/r^\\tau`, as in probabilistic interleaving:

* the logging policy :math:`\\pi_0` weighs A's ranks with :math:`\\tau = 1`;
* the new policy at drift :math:`\\eta \\in [0, 1]` weighs
  :math:`r_A^{-(1-\\eta)\\tau}\\, r_B^{-\\eta\\tau}` with :math:`\\tau = 1 + 2\\eta`, so it
  is :math:`\\pi_0` at :math:`\\eta = 0` and draws B's order (``rm-cata``'s, over A's ten) as
  probabilistic interleaving does (:math:`\\tau = 3`) at :math:`\\eta = 1`.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from rankmetrics_course import data
from rankmetrics_course.chapters.ab_tests_and_interleaving.users import web_topics
from rankmetrics_lite import rank_by_score

CANDIDATES = 10
SLATE = 4  # the positions of a results page in the off-policy part


@dataclass(frozen=True, eq=False)
class Candidates:
    """Per topic (rows): A's top ten, their ranks by A and by B, and their attractiveness."""

    topics: tuple[str, ...]
    docs: tuple[tuple[str, ...], ...]
    rank_a: np.ndarray  # (topics, 10): 1..10
    rank_b: np.ndarray  # (topics, 10): B's order of the same ten, 1..10
    attractiveness: np.ndarray  # (topics, 10)
    grades: np.ndarray  # (topics, 10)


@lru_cache(maxsize=1)
def candidates() -> Candidates:
    """The 48 topics of chapter 25; B ranks A's ten by its own run (documents it lacks last, in A's order)."""
    topics, runs = web_topics(), data.web2012().runs
    docs, rank_b = [], []
    for t in topics.ids:
        ten = topics.rankings["A"][t][:CANDIDATES]
        order_b = {d: i for i, d in enumerate(rank_by_score(runs["rm-cata"][t]))}
        by_b = sorted(range(CANDIDATES), key=lambda i: (order_b.get(ten[i], len(order_b)), i))
        rank_b.append(np.argsort(by_b) + 1)
        docs.append(tuple(ten))
    grades = np.array([[topics.grades[t].get(d, 0) for d in ten] for t, ten in zip(topics.ids, docs)])
    alpha = np.array([topics.attractiveness(t, ten) for t, ten in zip(topics.ids, docs)])
    rank_a = np.tile(np.arange(1, CANDIDATES + 1), (len(docs), 1))
    return Candidates(topics.ids, tuple(docs), rank_a, np.array(rank_b), alpha, grades)


def logging_weights(c: Candidates) -> np.ndarray:
    """log weights of the logging policy: -log r_A (tau = 1)."""
    return -np.log(c.rank_a)


def new_weights(c: Candidates, drift: float) -> np.ndarray:
    """log weights of the new policy at ``drift``: -(1 + 2 drift)((1 - drift) log r_A + drift log r_B)."""
    tau = 1 + 2 * drift
    return -tau * ((1 - drift) * np.log(c.rank_a) + drift * np.log(c.rank_b))


def draw_rankings(log_weights: np.ndarray, topic: np.ndarray, depth: int, rng) -> np.ndarray:
    """One Plackett-Luce ranking (candidate indices, ``depth`` deep) per row of ``topic``.

    Adding independent Gumbel noise to the log weights and sorting draws exactly the
    Plackett-Luce ranking (the Gumbel-max trick, position after position)."""
    keys = log_weights[topic] + rng.gumbel(size=(topic.size, log_weights.shape[1]))
    return np.argsort(-keys, axis=1)[:, :depth]


def _prefix(chosen: np.ndarray, total: np.ndarray) -> np.ndarray:
    """Plackett-Luce: P(top k) = prod_{j <= k} w_{d_j} / (total - sum_{i < j} w_{d_i}), along the last axis."""
    left = total - np.cumsum(chosen, axis=-1) + chosen
    return np.cumprod(chosen / left, axis=-1)


def plackett_luce_weights(log_weights: np.ndarray) -> np.ndarray:
    """exp(log weights), scaled so that the largest of each topic is 1."""
    return np.exp(log_weights - log_weights.max(axis=1, keepdims=True))


def prefix_probabilities(log_weights: np.ndarray, topic: np.ndarray, rankings: np.ndarray) -> np.ndarray:
    """P(the top k of each logged ranking) under the policy, k = 1..depth; one row per ranking."""
    w = plackett_luce_weights(log_weights)
    return _prefix(w[topic[:, None], rankings], w.sum(axis=1)[topic, None])


@lru_cache(maxsize=1)
def every_slate() -> np.ndarray:
    """Every ordered choice of SLATE of the CANDIDATES (5,040 rows), candidate indices."""
    return np.array(list(itertools.permutations(range(CANDIDATES), SLATE)))


def slate_probabilities(log_weights: np.ndarray) -> np.ndarray:
    """P(top k of every slate), shape (topics, slates, SLATE): the policy's whole law over slates."""
    w = plackett_luce_weights(log_weights)
    return _prefix(w[:, every_slate()], w.sum(axis=1)[:, None, None])


def position_marginals(whole: np.ndarray) -> np.ndarray:
    """P(candidate d at position k), shape (topics, SLATE, CANDIDATES), from the chance of every
    whole slate (``slate_probabilities(...)[:, :, -1]``)."""
    onehot = np.eye(CANDIDATES)[every_slate()]  # (slates, SLATE, CANDIDATES)
    return np.einsum("ts,skd->tkd", whole, onehot)
