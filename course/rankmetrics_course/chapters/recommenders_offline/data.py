"""The synthetic interactions of the chapter "Evaluating recommenders offline".

A real log (the chapter also uses MovieLens, :mod:`.movielens`) never says what its users
truly prefer. So the chapter makes its own log too, from a stated model that it controls:
every number below is a parameter of :func:`synthetic_interactions`, and every draw
comes from one seeded generator, so the same seed gives the same data on every run.

The model (all of it synthetic):

* ``n_users`` users and ``n_items`` items, each with a latent taste: a vector
  :math:`x_u` or :math:`y_i` of ``n_tastes`` independent normal coordinates, with
  :math:`x_u` scaled so that the affinity :math:`a_{ui} = x_u \\cdot y_i` has
  standard deviation ``taste``;
* popularity skew: item :math:`i` has a base popularity :math:`b_i = -s \\ln \\rho_i`,
  where :math:`\\rho_i` is its place in a random order of the items (1 to
  ``n_items``) and :math:`s` is ``popularity_skew``: the weight :math:`e^{b_i} =
  \\rho_i^{-s}` follows a Zipf law;
* drift in time, over a year of 365 days: a share ``new_items`` of the items is
  released on a uniform day of the year (the others exist from day 0), and an item's
  popularity fades after its release, :math:`b_i(t) = b_i - (t - t_i) / \\tau` with
  :math:`\\tau` = ``fade_days``;
* activity: user :math:`u` makes ``min_interactions`` plus a geometric number of
  interactions (mean ``mean_extra``; fewer if the user runs out of released items), at uniform times within an active window of the
  year that starts on a uniform day of its first 300 and lasts at least 65 days;
* each interaction, at time :math:`t`, picks one item the user has not picked before
  among those already released, with probability

  .. math:: p(i \\mid u, t) \\propto \\exp\\big(a_{ui} + b_i(t)\\big).

That probability is the truth the chapter compares every estimate with
(:meth:`SyntheticInteractions.choice_probabilities`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
from scipy import sparse

YEAR = 365.0


@dataclass(frozen=True, eq=False)
class SyntheticInteractions:
    """Synthetic interactions and the model that made them.

    ``users``, ``items`` and ``timestamps`` hold one entry per interaction (user and
    item as indices, the time in days), sorted by time; the model's parameters and
    latent variables are kept beside them, so the true preferences are known.
    """

    users: np.ndarray
    items: np.ndarray
    timestamps: np.ndarray
    tastes_users: np.ndarray = field(repr=False)
    tastes_items: np.ndarray = field(repr=False)
    base_popularity: np.ndarray = field(repr=False)
    released: np.ndarray = field(repr=False)
    fade_days: float = 90.0

    @property
    def n_users(self) -> int:
        return self.tastes_users.shape[0]

    @property
    def n_items(self) -> int:
        return self.tastes_items.shape[0]

    def __len__(self) -> int:
        return int(self.users.size)

    def user_ids(self, users=None) -> list[str]:
        """The ids of users (indices; all by default) as the library reads them: ``u0007``."""
        users = np.arange(self.n_users) if users is None else np.asarray(users)
        return [f"u{u:04d}" for u in users.tolist()]

    def item_ids(self, items=None) -> list[str]:
        """The ids of items (indices; all by default): ``i0042``."""
        items = np.arange(self.n_items) if items is None else np.asarray(items)
        return [f"i{i:04d}" for i in items.tolist()]

    def affinity(self) -> np.ndarray:
        """The true affinity :math:`a_{ui}` of every user for every item (users by items)."""
        return self.tastes_users @ self.tastes_items.T

    def popularity_at(self, t: float) -> np.ndarray:
        """:math:`b_i(t)` of every item at time ``t``; minus infinity before its release."""
        fading = self.base_popularity - (t - self.released) / self.fade_days
        return np.where(self.released <= t, fading, -np.inf)

    def choice_probabilities(self, user: int, t: float, seen=()) -> np.ndarray:
        """:math:`p(i \\mid u, t)` for every item: the chance that ``user``'s next
        interaction, at time ``t``, is with item ``i``, given the items already ``seen``."""
        logits = self.affinity_of(user) + self.popularity_at(t)
        logits[np.asarray(list(seen), dtype=int)] = -np.inf
        weights = np.exp(logits - logits[np.isfinite(logits)].max())
        return weights / weights.sum()

    def affinity_of(self, user: int) -> np.ndarray:
        return self.tastes_items @ self.tastes_users[user]

    def matrix(self, rows=None) -> sparse.csr_matrix:
        """The 0/1 user-by-item matrix of the interactions ``rows`` (indices; all by default)."""
        return interaction_matrix(self, rows)


def interaction_matrix(log, rows=None) -> sparse.csr_matrix:
    """The sparse 0/1 user-by-item matrix of the interactions ``rows`` of ``log`` (all by
    default): 1 where the user interacted with the item at least once."""
    rows = np.arange(len(log.users)) if rows is None else np.asarray(rows, dtype=np.int64)
    ones = np.ones(rows.size)
    matrix = sparse.csr_matrix((ones, (log.users[rows], log.items[rows])), shape=(log.n_users, log.n_items))
    matrix.data[:] = 1.0  # a repeated pair counts once
    return matrix


def synthetic_interactions(*, n_users: int = 2000, n_items: int = 1000, n_tastes: int = 8,
                           taste: float = 1.5, popularity_skew: float = 1.0,
                           new_items: float = 0.4, fade_days: float = 90.0,
                           min_interactions: int = 5, mean_extra: float = 20.0,
                           seed: int = 2024) -> SyntheticInteractions:
    """Draw the synthetic interactions of the model in the module's docstring."""
    return _draw(n_users, n_items, n_tastes, float(taste), float(popularity_skew),
                 float(new_items), float(fade_days), int(min_interactions),
                 float(mean_extra), int(seed))


@lru_cache(maxsize=4)
def _draw(n_users, n_items, n_tastes, taste, skew, new_items, fade_days, min_interactions,
          mean_extra, seed) -> SyntheticInteractions:
    rng = np.random.default_rng(seed)
    tastes_items = rng.normal(size=(n_items, n_tastes))
    tastes_users = rng.normal(size=(n_users, n_tastes)) * taste / np.sqrt(n_tastes)
    base = -skew * np.log(rng.permutation(n_items) + 1.0)
    released = np.where(rng.random(n_items) < new_items, rng.uniform(0, YEAR, n_items), 0.0)
    counts = min_interactions + rng.geometric(1 / (mean_extra + 1), n_users) - 1
    starts = rng.uniform(0, YEAR - 65, n_users)
    ends = rng.uniform(starts + 65, YEAR)
    data = SyntheticInteractions(np.empty(0, int), np.empty(0, int), np.empty(0),
                                 tastes_users, tastes_items, base, released, fade_days)
    users, items, times = [], [], []
    for u in range(n_users):
        moments = np.sort(rng.uniform(starts[u], ends[u], counts[u]))
        # every moment's logits at once (popularity_at, row by row), then the picks in turn
        out = released > moments[:, None]
        fading = base - (moments[:, None] - released) / fade_days
        logits = data.affinity_of(u) + np.where(out, -np.inf, fading)
        available, picks = n_items - out.sum(axis=1), []
        for j in range(moments.size):  # no pick once the user has picked every released item
            if len(picks) < available[j]:
                picks.append(j)
        noise = rng.gumbel(size=(len(picks), n_items))  # the draws one per pick would give
        for j, gumbel in zip(picks, noise):
            chosen = int(np.argmax(logits[j] + gumbel))
            logits[j + 1:, chosen] = -np.inf  # never picked again
            users.append(u), items.append(chosen), times.append(moments[j])
    order = np.argsort(times, kind="stable")
    return SyntheticInteractions(np.asarray(users)[order], np.asarray(items)[order],
                                 np.asarray(times)[order], tastes_users, tastes_items, base,
                                 released, fade_days)
