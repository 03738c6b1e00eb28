"""Three recommenders for the chapter "Evaluating recommenders offline", in numpy and scipy.

Each is fitted on a 0/1 user-by-item matrix of training interactions (dense, or a scipy
sparse matrix for a real catalogue) and scores every item for every user; each is
deterministic (the factor model starts from a seeded generator). They are short on
purpose: the chapter is about how they are evaluated.

* :class:`MostPopular`: every user gets the items with the most training interactions;
* :class:`ItemKNN`: item-based nearest neighbours (Sarwar et al. 2001): each item keeps
  its ``neighbours`` most similar items by cosine over who picked them, and a candidate
  scores the sum of its similarities to the user's items that keep it;
* :class:`ALS`: implicit-feedback matrix factorisation by alternating least squares
  (Hu, Koren & Volinsky 2008): confidence :math:`1 + \\alpha` on an interaction, 1
  elsewhere, ``factors`` latent dimensions, L2 penalty ``regularisation``.
"""

from __future__ import annotations

import numpy as np
from scipy import sparse


def _check_matrix(train) -> sparse.csr_matrix:
    matrix = sparse.csr_matrix(train, dtype=float)
    matrix.sum_duplicates()
    if matrix.ndim != 2 or not np.isin(matrix.data, (0.0, 1.0)).all():
        raise ValueError("train must be a 0/1 matrix of users by items (the interactions' matrix(rows))")
    matrix.eliminate_zeros()
    return matrix


class MostPopular:
    """Scores every item by its number of training interactions, the same for every user."""

    name = "most popular"

    def fit(self, train) -> MostPopular:
        self.counts_ = np.asarray(_check_matrix(train).sum(axis=0)).ravel()
        return self

    def scores(self, users) -> np.ndarray:
        return np.tile(self.counts_, (len(users), 1))

    def scores_of(self, history) -> np.ndarray:
        """Scores for users whose interactions are the rows of ``history``: the counts again."""
        return self.scores(range(history.shape[0]))


class ItemKNN:
    """Item-based k nearest neighbours with cosine similarity."""

    name = "item-kNN"

    def __init__(self, neighbours: int = 20, block: int = 1024):
        self.neighbours, self.block = neighbours, block

    def fit(self, train) -> ItemKNN:
        matrix = _check_matrix(train)
        by_item = matrix.T.tocsr()
        norms = np.sqrt(np.asarray(matrix.sum(axis=0)).ravel())
        norms[norms == 0] = 1.0
        n_items = matrix.shape[1]
        rows, columns, values = [], [], []
        for start in range(0, n_items, self.block):  # a block of items at a time: memory stays small
            items = np.arange(start, min(start + self.block, n_items))
            similarity = (by_item[items] @ matrix).toarray()
            similarity /= norms[items, None] * norms[None, :]
            similarity[np.arange(items.size), items] = 0.0
            row, column = _top(similarity, min(self.neighbours, n_items))
            rows.append(items[row]), columns.append(column), values.append(similarity[row, column])
        kept = (np.concatenate(values), (np.concatenate(rows), np.concatenate(columns)))
        self.train_ = matrix
        self.similarity_ = sparse.csr_matrix(kept, shape=(n_items, n_items))
        return self

    def scores(self, users) -> np.ndarray:
        return self.scores_of(self.train_[np.asarray(users)])

    def scores_of(self, history) -> np.ndarray:
        """Scores for users whose interactions are the rows of ``history`` (a 0/1 matrix)."""
        return (_check_matrix(history) @ self.similarity_).toarray()


def _top(similarity: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """(row, column) of each row's k largest positive values (a zero adds nothing to a score);
    of equal values, the lower columns, as a stable sort by decreasing value keeps them."""
    kth = np.partition(similarity, -k, axis=1)[:, -k]
    row, column = np.nonzero((similarity >= kth[:, None]) & (similarity > 0))  # by row, then column
    above = similarity[row, column] > kth[row]
    room = k - np.bincount(row[above], minlength=len(similarity))
    level = np.flatnonzero(~above)
    first = np.searchsorted(row[level], row[level])  # each tied entry's place in its row
    keep = above.copy()
    keep[level] = np.arange(level.size) - first < room[row[level]]
    return row[keep], column[keep]


class ALS:
    """Implicit alternating least squares (Hu, Koren & Volinsky 2008)."""

    name = "ALS"

    def __init__(self, factors: int = 32, regularisation: float = 10.0, alpha: float = 10.0,
                 iterations: int = 10, seed: int = 0):
        self.factors, self.regularisation, self.alpha = factors, regularisation, alpha
        self.iterations, self.seed = iterations, seed

    def fit(self, train) -> ALS:
        matrix = _check_matrix(train)
        by_item = matrix.T.tocsr()
        rng = np.random.default_rng(self.seed)
        users = rng.normal(0, 0.01, (matrix.shape[0], self.factors))
        items = rng.normal(0, 0.01, (matrix.shape[1], self.factors))
        for _ in range(self.iterations):
            users = self._solve(matrix, items)
            items = self._solve(by_item, users)
        self.users_, self.items_ = users, items
        return self

    def _solve(self, matrix: sparse.csr_matrix, fixed: np.ndarray) -> np.ndarray:
        """Every row's factors given the other side's, in one batched solve:
        (F'F + a F_r'F_r + l I) x_r = (1 + a) F_r' 1, with F_r the rows of F the row has seen."""
        d = self.factors
        outer = (fixed[:, :, None] * fixed[:, None, :]).reshape(len(fixed), d * d)
        lhs = (matrix @ outer).reshape(-1, d, d) * self.alpha
        lhs += fixed.T @ fixed + self.regularisation * np.eye(d)
        rhs = (1 + self.alpha) * (matrix @ fixed)
        return np.linalg.solve(lhs, rhs[:, :, None])[:, :, 0]

    def scores(self, users) -> np.ndarray:
        return self.users_[np.asarray(users)] @ self.items_.T

    def scores_of(self, history) -> np.ndarray:
        """Scores for users whose interactions are the rows of ``history``: their factors
        solved against the fitted item factors (one more half-step of ALS)."""
        return self._solve(_check_matrix(history), self.items_) @ self.items_.T
