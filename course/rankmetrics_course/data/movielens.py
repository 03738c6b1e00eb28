"""MovieLens latest-small: 100,836 timestamped ratings by 610 users (GroupLens)."""

from __future__ import annotations

import csv
import io
import os
from dataclasses import dataclass, field

import numpy as np

from .sources import SOURCES, Source
from .store import data_file


@dataclass(frozen=True, eq=False)
class Ratings:
    """Every rating of the collection, one entry per rating, in file order (by user, then movie).

    ``users`` and ``items`` hold MovieLens's own ids, ``ratings`` the stars (0.5 to 5 in steps of
    0.5), ``timestamps`` seconds since 1 January 1970 (UTC). ``titles`` and ``genres`` describe
    every movie (genres as a tuple; ``()`` where MovieLens lists none).
    """

    users: np.ndarray = field(repr=False)
    items: np.ndarray = field(repr=False)
    ratings: np.ndarray = field(repr=False)
    timestamps: np.ndarray = field(repr=False)
    titles: dict[int, str] = field(repr=False)
    genres: dict[int, tuple[str, ...]] = field(repr=False)
    source: Source = field(repr=False)

    def __repr__(self) -> str:
        return (f"Ratings({len(self.ratings)} ratings by {len(np.unique(self.users))} users "
                f"of {len(np.unique(self.items))} movies)")


def movielens_small(*, folder: str | os.PathLike | None = None) -> Ratings:
    """The ratings and the movies of MovieLens ``ml-latest-small``."""
    key = "movielens-small"
    ratings_file = data_file(key, "ratings.csv", folder=folder)
    columns = np.loadtxt(ratings_file, delimiter=",", skiprows=1,
                         dtype=[("user", np.int64), ("item", np.int64),
                                ("rating", np.float64), ("time", np.int64)])
    movies = csv.reader(io.StringIO(data_file(key, "movies.csv", folder=folder).read_text(encoding="utf-8")))
    next(movies)
    titles, genres = {}, {}
    for movie_id, title, listed in movies:
        titles[int(movie_id)] = title
        genres[int(movie_id)] = () if listed == "(no genres listed)" else tuple(listed.split("|"))
    arrays = [np.ascontiguousarray(columns[name]) for name in ("user", "item", "rating", "time")]
    for array in arrays:
        array.setflags(write=False)
    return Ratings(*arrays, titles, genres, SOURCES[key])
