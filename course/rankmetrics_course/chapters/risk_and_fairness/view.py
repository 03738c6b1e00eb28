"""What the chapter "Risk and fairness" shows: the runs of a TREC track against a baseline as
the aversion to risk grows, and the exposure of MovieLens recommendations as a ranking policy
trades relevance for fairness.

``risk_frame`` is the pure function behind the chapter's slider over alpha; ``risk_slider``
shows it in both faces. ``movielens_test`` builds the recommendation task once;
``policy_outcome`` scores one policy (a temperature of Plackett-Luce sampling) on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, partial

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.chapters.recommenders_offline.recommenders import ALS
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_lite import (attention_weighted_rank_fairness, expected_exposure, ndcg_at_k,
                              temporal_split, trisk, urisk)

ALPHAS = (0, 1, 2, 3, 5, 10)


def median_run(scores: np.ndarray) -> int:
    """The column of the run whose mean is the median of the runs' means (the lower one if even)."""
    means = np.asarray(scores).mean(axis=0)
    return int(np.argsort(means, kind="stable")[(means.size - 1) // 2])


def risk_against(scores: np.ndarray, baseline: int, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """URisk and TRisk of every other run (columns) against the column ``baseline``."""
    others = [j for j in range(scores.shape[1]) if j != baseline]
    b = scores[:, baseline]
    return (np.array([urisk(scores[:, j], b, alpha=alpha) for j in others]),
            np.array([trisk(scores[:, j], b, alpha=alpha).trisk for j in others]))


def _draw_risk(means: np.ndarray, u: np.ndarray, alpha: float) -> Figure:
    figure = Figure(figsize=(4.8, 3.0))
    axes = figure.subplots()
    order = np.argsort(means)
    axes.bar(np.arange(u.size), u[order], color=np.where(u[order] >= 0, "#1b7837", "#b2182b"))
    axes.axhline(0, color="black", linewidth=0.8)
    axes.set(xlabel="runs, by mean difference from the baseline", ylabel=f"URisk, alpha = {alpha:g}",
             xticks=[])
    figure.tight_layout()
    return figure


def risk_frame(scores: np.ndarray, baseline: int, alpha: float) -> Frame:
    """The runs against the baseline at aversion ``alpha``: counts, and URisk of each run."""
    u, t = risk_against(scores, baseline, alpha)
    others = [j for j in range(scores.shape[1]) if j != baseline]
    means = scores[:, others].mean(axis=0) - scores[:, baseline].mean()
    numbers = {"alpha": f"{alpha:g}", "URisk > 0": str(int((u > 0).sum())),
               "TRisk > 2": str(int((t > 2).sum())), "TRisk < -2": str(int((t < -2).sum())),
               "best URisk": f"{u.max():.4f}"}
    alt = (f"URisk of {u.size} runs against the baseline at alpha {alpha:g}, ordered by mean "
           f"difference: {int((u > 0).sum())} above zero.")
    return Frame(numbers, partial(_draw_risk, means, u, alpha), alt)


def risk_slider(scores: np.ndarray, baseline: int, alpha: float = 1) -> Slider:
    """A slider over alpha, live in Jupyter, static in the book."""
    return Slider(lambda a: risk_frame(scores, baseline, a), ALPHAS, label="alpha", value=alpha)


# ------------------------------------------------------------------ fairness --


@dataclass(frozen=True, eq=False)
class RecommendationTask:
    """MovieLens users with held-out liked movies, ALS's scores, and the movies' popularity groups."""

    users: np.ndarray  # row of each tested user in the matrix
    scores: np.ndarray  # ALS's score of every movie for each tested user (training movies: -inf)
    liked: list  # per tested user, the set of held-out movies rated 4 or more
    popular: np.ndarray  # True for the movies most rated in training (the head)


@lru_cache(maxsize=2)
def movielens_test(ratings, *, min_ratings: int = 20, n_users: int = 150) -> RecommendationTask:
    """Movies rated at least ``min_ratings`` times; likes (4 stars or more) split in time (the
    last 20% held out); ALS fitted on the rest; the first ``n_users`` users with a held-out like."""
    counts = np.bincount(ratings.items)
    keep = counts[ratings.items] >= min_ratings
    liked = keep & (ratings.ratings >= 4)
    users, user_row = np.unique(ratings.users[liked], return_inverse=True)
    movies, movie_col = np.unique(ratings.items[liked], return_inverse=True)
    split = temporal_split(user_row, ratings.timestamps[liked], test_fraction=0.2)
    train = np.zeros((users.size, movies.size))
    train[user_row[split.train], movie_col[split.train]] = 1
    model = ALS().fit(train)
    tested = np.unique(user_row[split.test])[:n_users]
    scores = model.scores(tested)
    scores[train[tested] > 0] = -np.inf
    held = [set(movie_col[split.test][user_row[split.test] == u].tolist()) for u in tested]
    popularity = train.sum(axis=0)
    popular = popularity >= np.quantile(popularity, 0.9)
    return RecommendationTask(tested, scores, held, popular)


def plackett_luce(scores: np.ndarray, k: int, temperature: float, n_samples: int,
                  rng: np.random.Generator) -> np.ndarray:
    """``n_samples`` rankings of ``k`` items drawn by Plackett-Luce from exp(scores / temperature);
    temperature 0: the deterministic ranking by score, every draw alike."""
    order = np.argsort(-scores, kind="stable")
    if temperature == 0:
        return np.tile(order[:k], (n_samples, 1))
    finite = np.isfinite(scores)
    logits = np.where(finite, scores / temperature, -np.inf)
    gumbel = rng.gumbel(size=(n_samples, scores.size))  # Gumbel top-k is Plackett-Luce sampling
    return np.argsort(-(logits + gumbel), axis=1, kind="stable")[:, :k]


def policy_outcome(task: RecommendationTask, temperature: float, *, k: int = 10, n_samples: int = 10,
                   patience: float = 0.8, seed: int = 0) -> dict[str, float]:
    """Mean nDCG@k, expected exposure (loss, disparity, relevance) and the head's share of
    attention (AWRF against an equal split between head and tail) over the tested users."""
    rng = np.random.default_rng(seed)
    out = {"nDCG@10": [], "EE-L": [], "EE-D": [], "EE-R": [], "head share": [], "AWRF": []}
    for scores, liked in zip(task.scores, task.liked):
        drawn = plackett_luce(scores, k, temperature, n_samples, rng)
        candidates = np.flatnonzero(np.isfinite(scores))
        grades = {int(i): int(i in liked) for i in candidates}
        ee = expected_exposure([list(map(int, r)) for r in drawn], grades, patience=patience)
        out["EE-L"].append(ee.loss)
        out["EE-D"].append(ee.disparity)
        out["EE-R"].append(ee.relevance)
        relevance = [[int(i in liked) for i in r] for r in drawn]
        n_liked = min(len(liked), k)
        out["nDCG@10"].append(np.mean([ndcg_at_k(rel, k, judged_grades=[1] * n_liked) for rel in relevance]))
        groups = [["head" if task.popular[i] else "tail" for i in r] for r in drawn]
        out["AWRF"].append(np.mean([attention_weighted_rank_fairness(g, {"head": 0.5, "tail": 0.5})
                                    for g in groups]))
        out["head share"].append(np.mean([np.mean(task.popular[r]) for r in drawn]))
    return {name: float(np.mean(values)) for name, values in out.items()}
