"""Row kernels shared by the measures: counts of hits and the formulas on them.

A kernel works on a matrix of rankings, one row per query, padded with zeros
(rows: float array (n_queries, depth) of 0/1 in rank order; n_rel: |R| per row).
Each formula is written once, on counts of hits, so that one k, every k (from
a cumulative sum), every query (rows of a matrix) and every threshold of a
score sweep share it.
"""

from __future__ import annotations

import numpy as np


def hits_at_k(rows: np.ndarray, k: int) -> np.ndarray:
    """|R_k| per row: relevant items among the first k (missing ranks count 0)."""
    return rows[:, :k].sum(axis=1)


def precision_from_hits(hits, k):
    return hits / k


def recall_from_hits(hits, n_rel):
    return safe_divide(hits, n_rel)


def f1_from_hits(hits, k, n_rel):
    # 2PR/(P+R) simplifies to 2|R_k|/(k+|R|): no 0/0 when nothing is found.
    return 2 * hits / (k + np.asarray(n_rel, dtype=float))


def safe_divide(numerator, denominator) -> np.ndarray:
    """numerator / denominator, 0 where the denominator is 0 (trec_eval's convention)."""
    numerator = np.asarray(numerator, dtype=float)
    denominator = np.broadcast_to(np.asarray(denominator, dtype=float), numerator.shape)
    return np.divide(numerator, denominator, out=np.zeros_like(numerator), where=denominator > 0)


def row_sums(terms: np.ndarray) -> np.ndarray:
    """Each row's terms added one by one from rank 1 down, as trec_eval adds them.

    Not ``sum(axis=1)`` or a matrix product: numpy and BLAS group the terms by
    the matrix's width and height, so a query's value would change in its last
    bit with the longest ranking (or the number of queries) evaluated beside it.
    trec_eval's sums start at 0.0, so that one is never -0.0: adding 0.0 last does
    the same.
    """
    terms = np.asarray(terms, dtype=float)
    if terms.shape[1] == 0:
        return np.zeros(terms.shape[0])
    if terms.shape[0] < 64 and terms.shape[1] > 512:  # few long rows: one cumulative sum
        return np.cumsum(terms, axis=1)[:, -1] + 0.0
    total = terms[:, 0].copy()  # many rows: column by column, without a (rows, ranks) temporary
    for j in range(1, terms.shape[1]):
        total += terms[:, j]
    return total + 0.0



def cumulative_hits(rows: np.ndarray) -> np.ndarray:
    """|R_k| for k = 0, 1, ..., depth per row: a column of zeros, then the running sum."""
    return np.concatenate([np.zeros((rows.shape[0], 1)), np.cumsum(rows, axis=1)], axis=1)
