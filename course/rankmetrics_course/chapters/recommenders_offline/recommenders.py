"""Three recommenders for the chapter "Evaluating recommenders offline", in numpy.

Each is fitted on a 0/1 user-by-item matrix of training interactions and scores every
item for every user; each is deterministic (the factor model starts from a seeded
generator). They are short on purpose: the chapter is about how they are evaluated.

* :class:`MostPopular`: every user gets the items with the most training interactions;
* :class:`ItemKNN`: item-based nearest neighbours (Sarwar et al. 2001): an item scores
  the sum of its cosine similarities to the user's items, over its ``neighbours`` most
  similar items only;
* :class:`ALS`: implicit-feedback matrix factorisation by alternating least squares
  (Hu, Koren & Volinsky 2008): confidence :math:`1 + \\alpha` on an interaction, 1
  elsewhere, ``factors`` latent dimensions, L2 penalty ``regularisation``.
"""

from __future__ import annotations

import numpy as np
from scipy import sparse


def _check_matrix(train) -> np.ndarray:
    matrix = np.asarray(train, dtype=float)
    if matrix.ndim != 2 or not np.isin(matrix, (0.0, 1.0)).all():
        raise ValueError("train must be a 0/1 matrix of users by items (SyntheticInteractions.matrix)")
    return matrix


class MostPopular:
    """Scores every item by its number of training interactions, the same for every user."""

    name = "most popular"

    def fit(self, train) -> MostPopular:
        self.counts_ = _check_matrix(train).sum(axis=0)
        return self

    def scores(self, users) -> np.ndarray:
        return np.tile(self.counts_, (len(users), 1))


class ItemKNN:
    """Item-based k nearest neighbours with cosine similarity."""

    name = "item-kNN"

    def __init__(self, neighbours: int = 20):
        self.neighbours = neighbours

    def fit(self, train) -> ItemKNN:
        matrix = _check_matrix(train)
        norms = np.sqrt(matrix.sum(axis=0))
        norms[norms == 0] = 1.0
        similarity = (matrix.T @ matrix) / np.outer(norms, norms)
        np.fill_diagonal(similarity, 0.0)
        # keep each item's `neighbours` most similar items (ties: the lower index)
        order = np.argsort(-similarity, axis=1, kind="stable")[:, :self.neighbours]
        kept = np.zeros_like(similarity)
        rows = np.arange(similarity.shape[0])[:, None]
        kept[rows, order] = similarity[rows, order]
        self.train_, self.similarity_ = matrix, kept
        return self

    def scores(self, users) -> np.ndarray:
        return self.train_[np.asarray(users)] @ self.similarity_


class ALS:
    """Implicit alternating least squares (Hu, Koren & Volinsky 2008)."""

    name = "ALS"

    def __init__(self, factors: int = 32, regularisation: float = 10.0, alpha: float = 10.0,
                 iterations: int = 10, seed: int = 0):
        self.factors, self.regularisation, self.alpha = factors, regularisation, alpha
        self.iterations, self.seed = iterations, seed

    def fit(self, train) -> ALS:
        matrix = _check_matrix(train)
        rng = np.random.default_rng(self.seed)
        users = rng.normal(0, 0.01, (matrix.shape[0], self.factors))
        items = rng.normal(0, 0.01, (matrix.shape[1], self.factors))
        for _ in range(self.iterations):
            users = self._solve(matrix, items)
            items = self._solve(matrix.T, users)
        self.users_, self.items_ = users, items
        return self

    def _solve(self, matrix: np.ndarray, fixed: np.ndarray) -> np.ndarray:
        """Every row's factors given the other side's, in one batched solve:
        (F'F + a F_r'F_r + l I) x_r = (1 + a) F_r' 1, with F_r the rows of F the row has seen."""
        d = self.factors
        outer = (fixed[:, :, None] * fixed[:, None, :]).reshape(len(fixed), d * d)
        matrix = sparse.csr_matrix(matrix)
        lhs = (matrix @ outer).reshape(-1, d, d) * self.alpha
        lhs += fixed.T @ fixed + self.regularisation * np.eye(d)
        rhs = (1 + self.alpha) * (matrix @ fixed)
        return np.linalg.solve(lhs, rhs[:, :, None])[:, :, 0]

    def scores(self, users) -> np.ndarray:
        return self.users_[np.asarray(users)] @ self.items_.T
