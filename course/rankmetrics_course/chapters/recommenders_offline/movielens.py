"""MovieLens ``ml-latest-small`` as the chapter "Evaluating recommenders offline" reads it.

Each rating is an interaction: the user watched the movie and chose to rate it, whatever
the stars (``min_rating`` keeps only the ratings at or above a threshold instead). Users
and movies become indices 0, 1, ... (in the order of their MovieLens ids); the log is
sorted by time, ties in time kept in file order (by user, then movie id), so of two ratings
in the same second the one with the larger movie id counts as the later.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy import sparse

from rankmetrics_course import data
from rankmetrics_course.chapters.recommenders_offline.data import interaction_matrix


@dataclass(frozen=True, eq=False)
class RatingLog:
    """The ratings as interactions: ``users``, ``items`` (indices), ``timestamps`` (seconds
    since 1970) and ``ratings`` (stars), one entry per rating, sorted by time.
    ``user_ids`` and ``movie_ids`` give the MovieLens id of each index."""

    users: np.ndarray
    items: np.ndarray
    timestamps: np.ndarray
    ratings: np.ndarray
    user_ids: np.ndarray = field(repr=False)
    movie_ids: np.ndarray = field(repr=False)
    titles: dict = field(repr=False)

    @property
    def n_users(self) -> int:
        return self.user_ids.size

    @property
    def n_items(self) -> int:
        return self.movie_ids.size

    def __len__(self) -> int:
        return int(self.users.size)

    def matrix(self, rows=None) -> sparse.csr_matrix:
        """The 0/1 user-by-movie matrix of the ratings ``rows`` (indices; all by default)."""
        return interaction_matrix(self, rows)


def movielens_log(*, min_rating: float | None = None, folder=None) -> RatingLog:
    """MovieLens ``ml-latest-small``'s ratings as a log of interactions (every rating, or
    those of at least ``min_rating`` stars); ``folder`` as :func:`rankmetrics_course.data.movielens_small`."""
    ratings = data.movielens_small(folder=folder)
    keep = np.ones(ratings.ratings.size, bool) if min_rating is None else ratings.ratings >= min_rating
    if not keep.any():
        raise ValueError(f"min_rating must leave some ratings (stars run from 0.5 to 5), got {min_rating!r}")
    order = np.flatnonzero(keep)[np.argsort(ratings.timestamps[keep], kind="stable")]
    user_ids, users = np.unique(ratings.users[order], return_inverse=True)
    movie_ids, items = np.unique(ratings.items[order], return_inverse=True)
    return RatingLog(users, items, ratings.timestamps[order].astype(float), ratings.ratings[order],
                     user_ids, movie_ids, ratings.titles)
