"""What the chapter measures online: first-click metrics in closed form, interleaving outcomes by
simulation, and the impressions each method needs to detect a difference.

The users are those of :mod:`.users`, clicking under the dynamic Bayesian network model with
continuation 1: a user reads down until a click satisfies them, so the first click lands at
rank k with chance alpha_k * prod_{j<k} (1 - alpha_j), whatever happens after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

import numpy as np
from scipy.stats import norm

from rankmetrics_lite import (multileaving_preferences, rank_by_score, simulate_clicks, team_draft_many,
                              team_draft_outcome)

from .users import Topics

ALPHA, POWER = 0.05, 0.8
TEAM_DRAFT_IMPRESSIONS = 16_384  # simulated team-draft impressions per topic and pair of rankings


def first_click_chances(attractiveness: np.ndarray) -> np.ndarray:
    """P(first click at rank k), k = 1..n: the cascade's closed form (the DBN's first click)."""
    above = np.cumprod(np.r_[1.0, 1.0 - attractiveness[:-1]])
    return attractiveness * above


def first_click_moments(attractiveness: np.ndarray) -> tuple[float, float]:
    """Mean and mean square of the reciprocal rank of the first click (0 when nothing is clicked)."""
    p = first_click_chances(attractiveness)
    ranks = np.arange(1, p.size + 1)
    return float(p @ (1 / ranks)), float(p @ (1 / ranks**2))


def impressions_for_ab(mean_a, square_a, mean_b, square_b, alpha=ALPHA, power=POWER) -> float:
    """Impressions (both arms together) for a two-sided z-test of mean_b - mean_a at the power asked."""
    variance = (square_a - mean_a**2) + (square_b - mean_b**2)
    z = norm.ppf(1 - alpha / 2) + norm.ppf(power)
    return 2 * z**2 * variance / (mean_b - mean_a) ** 2


def impressions_for_interleaving(mean, square, alpha=ALPHA, power=POWER) -> float:
    """Impressions for a two-sided z-test that the mean interleaving outcome is 0."""
    z = norm.ppf(1 - alpha / 2) + norm.ppf(power)
    return z**2 * (square - mean**2) / mean**2


def team_draft_moments(topics: Topics, topic: str, ranking_a, ranking_b, *,
                       impressions: int = TEAM_DRAFT_IMPRESSIONS, seed: int = 0) -> tuple[float, float]:
    """Mean and mean square of team draft's outcome (A positive) on one topic, by simulation: each
    impression draws its own interleaved list and its own user."""
    rng = np.random.default_rng(seed)
    lists = team_draft_many([ranking_a, ranking_b], n_impressions=impressions, seed=rng)
    alpha = topics.attractiveness(topic, lists.documents)[lists.shown]
    sigma = topics.satisfaction(topic, lists.documents)[lists.shown]
    clicks = simulate_clicks(alpha, model="dbn", satisfaction=sigma, seed=rng)
    outcome = team_draft_outcome(lists.teams, clicks)
    return float(outcome.mean()), float((outcome**2).mean())


@dataclass(frozen=True)
class PerTopic:
    """Per topic: first-click moments of A and B, and team draft's outcome moments for A against
    B and for A against itself (what an unchanged topic contributes)."""

    ab_a: np.ndarray  # (topics, 2): mean, mean square
    ab_b: np.ndarray
    td_diff: np.ndarray
    td_same: np.ndarray


@lru_cache(maxsize=2)
def per_topic(topics: Topics, seed: int = 2025) -> PerTopic:
    a, b, diff, same = [], [], [], []
    for i, t in enumerate(topics.ids):
        ra, rb = topics.rankings["A"][t], topics.rankings["B"][t]
        a.append(first_click_moments(topics.attractiveness(t, ra)))
        b.append(first_click_moments(topics.attractiveness(t, rb)))
        diff.append(team_draft_moments(topics, t, ra, rb, seed=seed + i))
        same.append(team_draft_moments(topics, t, ra, ra, seed=seed + 1000 + i))
    return PerTopic(*(np.array(x) for x in (a, b, diff, same)))


def rollout_order(topics: Topics, seed: int = 7) -> np.ndarray:
    """The order in which topics switch to B as the share of changed topics grows (seeded)."""
    return np.random.default_rng(seed).permutation(len(topics.ids))


def comparison(stats: PerTopic, order: np.ndarray, share: float) -> dict[str, float]:
    """A against a system B' that uses B on the first ``share`` of the topics (in ``order``) and A
    elsewhere: the true differences, and the impressions each method needs."""
    changed = np.zeros(len(order), dtype=bool)
    changed[order[: int(round(share * len(order)))]] = True
    b = np.where(changed[:, None], stats.ab_b, stats.ab_a).mean(axis=0)
    a = stats.ab_a.mean(axis=0)
    # A interleaved with itself shows A's list with teams drawn by fair coins: its mean outcome is 0
    # exactly, so only its mean square is taken from the simulation
    same = stats.td_same * [0.0, 1.0]
    td = np.where(changed[:, None], stats.td_diff, same).mean(axis=0)
    return {"changed topics": int(changed.sum()), "RR difference": b[0] - a[0],
            "A/B impressions": impressions_for_ab(a[0], a[1], b[0], b[1]),
            "interleaving outcome": -td[0],  # positive: B preferred
            "interleaving impressions": impressions_for_interleaving(td[0], td[1])}


def first_click_rr(clicks: np.ndarray) -> np.ndarray:
    """Reciprocal rank of each session's first click (0 without a click)."""
    first = clicks.argmax(axis=1) + 1
    return np.where(clicks.any(axis=1), 1.0 / first, 0.0)


def user_sessions(topics: Topics, system: str, users: np.ndarray, taste: np.ndarray, rng) -> np.ndarray:
    """Each listed user's first-click RR on a random topic of ``system``, their taste for clicking
    scaling every attractiveness (capped at 1)."""
    picked = rng.integers(len(topics.ids), size=users.size)
    shown = [topics.rankings[system][topics.ids[i]] for i in picked]
    alpha = np.array([topics.attractiveness(topics.ids[i], r) for i, r in zip(picked, shown)])
    sigma = np.array([topics.satisfaction(topics.ids[i], r) for i, r in zip(picked, shown)])
    alpha = np.minimum(alpha * taste[users, None], 1.0)
    return first_click_rr(simulate_clicks(alpha, model="dbn", satisfaction=sigma, seed=rng))


@lru_cache(maxsize=2)
def ab_test_with_users(topics: Topics, *, users: int = 4000, seed: int = 31) -> Mapping[str, np.ndarray]:
    """A/B test of A against B, ``users`` per arm: each user's mean first-click RR over their sessions
    in a pre-period (everyone on A) and in the experiment (their arm), 1 + Poisson(7) sessions each.
    Cached (the chapter and its exercise check read the same run), so it is read-only."""
    rng = np.random.default_rng(seed)
    taste = rng.lognormal(-0.5, 1.0, size=2 * users)  # some users click far more than others
    arm = np.repeat(["A", "B"], users)
    out = {"arm": arm}
    for period in ("before", "during"):
        counts = 1 + rng.poisson(7, size=2 * users)
        owner = np.repeat(np.arange(2 * users), counts.astype(np.intp))  # Poisson's int64: repeat takes intp
        rr = np.empty(owner.size)
        for system in ("A", "B"):
            rows = np.flatnonzero((arm[owner] == system) if period == "during" else (arm[owner] == arm[owner]))
            if period == "before" and system == "B":
                continue
            rr[rows] = user_sessions(topics, system, owner[rows], taste, rng)
        out[period] = np.bincount(owner, weights=rr) / counts
    for values in out.values():
        values.flags.writeable = False
    return MappingProxyType(out)


def cuped(before: np.ndarray, during: np.ndarray) -> tuple[np.ndarray, float]:
    """CUPED: ``during - theta * (before - mean(before))`` with theta = cov / var, pooled over arms."""
    theta = np.cov(before, during)[0, 1] / before.var(ddof=1)
    return during - theta * (before - before.mean()), float(theta)


def multileaving_matrix(topics: Topics, runs: dict, *, impressions: int = 40, seed: int = 5) -> np.ndarray:
    """Team-draft multileaving of several runs' top tens on every topic: the mean preference matrix."""
    rng = np.random.default_rng(seed)
    teams, clicks = [], []
    for t in topics.ids:
        rankings = [list(rank_by_score(run[t]))[:10] for run in runs.values()]
        lists = team_draft_many(rankings, n_impressions=impressions, seed=rng, length=10)
        alpha = topics.attractiveness(t, lists.documents)[lists.shown]
        sigma = topics.satisfaction(t, lists.documents)[lists.shown]
        clicks.append(simulate_clicks(alpha, model="dbn", satisfaction=sigma, seed=rng))
        teams.append(lists.teams)
    return multileaving_preferences(np.vstack(teams), np.vstack(clicks), n_rankers=len(runs))
