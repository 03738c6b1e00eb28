"""Set-based measures at a rank cutoff: P@k, R@k, F1@k, R-precision, hit rate.

Every measure is computed once, by a private kernel that works on a matrix of
rankings (one row per query, padded with zeros). The public single-query
functions check their input and call the kernel on one row; batch evaluation
calls the same kernels on all queries at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ._c_numbers import c_long_of
from .validation import as_binary_relevance, check_k, check_n_relevant
from ._kernels import cumulative_hits, f1_from_hits, hits_at_k, precision_from_hits, recall_from_hits, safe_divide

if TYPE_CHECKING:  # annotations only: numpy.typing is not imported at run time
    from numpy.typing import ArrayLike

# ----------------------------------------------------------------- kernels --
# rows: float array (n_queries, depth) of 0/1 in rank order; n_rel: |R| per row.
# The formulas on counts of hits are in .kernels, shared with the curves.


def precision_rows(rows: np.ndarray, k: int) -> np.ndarray:
    return precision_from_hits(hits_at_k(rows, k), k)


def recall_rows(rows: np.ndarray, k: int, n_rel: np.ndarray) -> np.ndarray:
    return recall_from_hits(hits_at_k(rows, k), n_rel)


def f1_rows(rows: np.ndarray, k: int, n_rel: np.ndarray) -> np.ndarray:
    return f1_from_hits(hits_at_k(rows, k), k, n_rel)


def r_precision_rows(rows: np.ndarray, n_rel: np.ndarray) -> np.ndarray:
    """P@|R| per row, each row with its own cutoff |R|."""
    cumulative = cumulative_hits(rows)
    depth = np.minimum(n_rel, rows.shape[1]).astype(int)
    return recall_from_hits(cumulative[np.arange(rows.shape[0]), depth], n_rel)


def precision_at_multiples_rows(rows: np.ndarray, n_rel: np.ndarray, n_ret: np.ndarray, multiples,
                                hits: np.ndarray | None = None) -> np.ndarray:
    """trec_eval's ``Rprec_mult`` per row and multiple m: (n_rows, n_multiples), the precision
    after (long)(m |R| + 0.9) documents.

    trec_eval reads the cutoffs from the last to the first while it walks the ranking up
    from its end: cutoffs past the ranking's end read (relevant retrieved) / cutoff while
    they come last; a cutoff the walk does not meet (above the first relevant document,
    below 1, or, out of order, below the last one read) reads 0, and so does every cutoff
    before it.
    """
    multiples = np.atleast_1d(np.asarray(multiples, dtype=float))
    hits = cumulative_hits(rows)[:, 1:] if hits is None else hits
    n_rel = np.asarray(n_rel, dtype=float).reshape(-1, 1)
    n_ret = np.asarray(n_ret, dtype=float)
    with np.errstate(invalid="ignore", over="ignore"):
        cutoffs = c_long_of(multiples.reshape(1, -1) * n_rel + 0.9)
    found = hits[:, -1] if hits.shape[1] else np.zeros(rows.shape[0])
    first = (hits < 1).sum(axis=1) + 1  # the rank of the first relevant document
    values = np.zeros(cutoffs.shape)
    position = n_ret.copy()  # the walk's rank
    skipping = np.ones(rows.shape[0], dtype=bool)
    passed = np.zeros(rows.shape[0], dtype=bool)
    for k in range(multiples.size - 1, -1, -1):
        c = cutoffs[:, k]
        skipping &= c > n_ret
        reached = ~skipping & ~passed & (found >= 1) & (c >= first) & (c <= position)
        passed |= ~skipping & ~reached
        at = np.clip(np.where(reached, c, 1), 1, max(hits.shape[1], 1)).astype(np.int64) - 1
        read = hits[np.arange(rows.shape[0]), at] / np.where(reached, c, 1.0) if hits.shape[1] else 0.0
        values[:, k] = np.where(skipping, found / np.where(skipping, c, 1.0), np.where(reached, read, 0.0))
        position = np.where(reached, c, position)
    return values


def relative_precision_rows(rows: np.ndarray, k: int, n_rel: np.ndarray) -> np.ndarray:
    """Relevant items among the first k over min(k, |R|) per row (trec_eval's relative_P): the
    share found of what k ranks could hold; 0 when |R| = 0."""
    return safe_divide(hits_at_k(rows, k), np.minimum(k, np.asarray(n_rel, dtype=float)))


def hit_rows(rows: np.ndarray, k: int) -> np.ndarray:
    return (hits_at_k(rows, k) > 0).astype(float)


def _one_row(relevance: np.ndarray) -> np.ndarray:
    return relevance.reshape(1, -1)


# ------------------------------------------------------------- public API --


def precision_at_k(relevance: ArrayLike, k: int) -> float:
    r"""Precision@k: the share of the first k ranks that hold a relevant item.

    .. math:: \mathrm{P@}k = \frac{|R_k|}{k} = \frac{1}{k}\sum_{i=1}^{k} \mathrm{rel}_i

    The denominator is always k, also when the ranking is shorter than k: the
    missing ranks count as not relevant (trec_eval's convention).

    Parameters
    ----------
    relevance : sequence of 0/1
        Relevance of the item at each rank, rank 1 first.
    k : int
        Cutoff rank, a positive integer.

    Returns
    -------
    float
        P@k, in [0, 1].

    Raises
    ------
    TypeError
        If ``relevance`` is not a sequence of numbers or ``k`` is not an integer.
    ValueError
        If ``relevance`` holds a value other than 0 and 1, or ``k`` is not positive.

    Examples
    --------
    >>> precision_at_k([1, 0, 1, 1, 0], k=4)
    0.75
    >>> precision_at_k([1, 1], k=4)  # two ranks returned, still divided by 4
    0.5

    References
    ----------
    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`

    Voorhees & Harman (2005). *TREC: Experiment and Evaluation in Information Retrieval*.
    :cite:p:`voorhees2005trec`
    """
    rows = _one_row(as_binary_relevance(relevance))
    return float(precision_rows(rows, check_k(k))[0])


def recall_at_k(relevance: ArrayLike, k: int, *, n_relevant: int) -> float:
    r"""Recall@k: the share of all relevant items that appear in the first k ranks.

    .. math:: \mathrm{R@}k = \frac{|R_k|}{|R|}

    Parameters
    ----------
    relevance : sequence of 0/1
        Relevance of the item at each rank, rank 1 first.
    k : int
        Cutoff rank, a positive integer.
    n_relevant : int
        :math:`|R|`, the number of relevant items of the query in the whole
        collection, retrieved or not; at least the number of 1s in ``relevance``.
        Recall is undefined when it is 0.

    Returns
    -------
    float
        R@k, in [0, 1].

    Raises
    ------
    TypeError
        If ``relevance`` is not a sequence of numbers, or ``k`` or ``n_relevant`` is
        not an integer.
    ValueError
        If ``relevance`` holds a value other than 0 and 1, ``k`` is not positive, or
        ``n_relevant`` is 0 (the measure is undefined) or smaller than the number of
        1s in ``relevance``.

    Examples
    --------
    >>> recall_at_k([1, 0, 1, 1, 0], k=4, n_relevant=8)
    0.375

    References
    ----------
    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`
    """
    relevance = as_binary_relevance(relevance)
    k = check_k(k)
    n_rel = check_n_relevant(n_relevant, relevance, "recall")
    return float(recall_rows(_one_row(relevance), k, np.array([n_rel]))[0])


def f1_at_k(relevance: ArrayLike, k: int, *, n_relevant: int) -> float:
    r"""F1@k: the harmonic mean of P@k and R@k.

    .. math:: \mathrm{F1@}k = \frac{2\,\mathrm{P@}k\,\mathrm{R@}k}{\mathrm{P@}k + \mathrm{R@}k}
              = \frac{2|R_k|}{k + |R|}

    It is 0 when no relevant item is in the top k.

    Parameters
    ----------
    relevance : sequence of 0/1
        Relevance of the item at each rank, rank 1 first.
    k : int
        Cutoff rank, a positive integer.
    n_relevant : int
        :math:`|R|`, the number of relevant items of the query in the whole
        collection, retrieved or not; at least the number of 1s in ``relevance``.

    Returns
    -------
    float
        F1@k, in [0, 1].

    Raises
    ------
    TypeError
        If ``relevance`` is not a sequence of numbers, or ``k`` or ``n_relevant`` is
        not an integer.
    ValueError
        If ``relevance`` holds a value other than 0 and 1, ``k`` is not positive, or
        ``n_relevant`` is 0 (the measure is undefined) or smaller than the number of
        1s in ``relevance``.

    Examples
    --------
    >>> f1_at_k([1, 0, 1, 1, 0], k=4, n_relevant=8)
    0.5

    References
    ----------
    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`
    """
    relevance = as_binary_relevance(relevance)
    k = check_k(k)
    n_rel = check_n_relevant(n_relevant, relevance, "F1")
    return float(f1_rows(_one_row(relevance), k, np.array([n_rel]))[0])


def r_precision(relevance: ArrayLike, *, n_relevant: int) -> float:
    r"""R-precision: precision at rank :math:`|R|`, which equals recall at rank :math:`|R|`.

    .. math:: \mathrm{R\text{-}Prec} = \mathrm{P@}|R| = \mathrm{R@}|R| = \frac{|R_{|R|}|}{|R|}

    Parameters
    ----------
    relevance : sequence of 0/1
        Relevance of the item at each rank, rank 1 first.
    n_relevant : int
        :math:`|R|`, the number of relevant items of the query in the whole
        collection, retrieved or not; at least the number of 1s in ``relevance``.
        It is also the cutoff.

    Returns
    -------
    float
        R-precision, in [0, 1].

    Raises
    ------
    TypeError
        If ``relevance`` is not a sequence of numbers or ``n_relevant`` is not an integer.
    ValueError
        If ``relevance`` holds a value other than 0 and 1, or ``n_relevant`` is 0
        (the measure is undefined) or smaller than the number of 1s in ``relevance``.

    Examples
    --------
    >>> r_precision([1, 0, 1, 0, 1, 0, 0, 1, 0, 1], n_relevant=5)
    0.6

    References
    ----------
    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`

    Voorhees & Harman (2005). *TREC: Experiment and Evaluation in Information Retrieval*.
    :cite:p:`voorhees2005trec`
    """
    relevance = as_binary_relevance(relevance)
    n_rel = check_n_relevant(n_relevant, relevance, "R-precision")
    return float(r_precision_rows(_one_row(relevance), np.array([n_rel]))[0])


def hit_rate_at_k(relevance: ArrayLike, k: int) -> float:
    r"""Hit rate@k (Success@k): 1 if any of the first k ranks is relevant, else 0.

    .. math:: \mathrm{Hit@}k = \mathbb{1}\left[|R_k| > 0\right]

    Averaged over queries it is the share of queries answered in the top k; it
    is not recall. Hit@1 equals P@1.

    Parameters
    ----------
    relevance : sequence of 0/1
        Relevance of the item at each rank, rank 1 first.
    k : int
        Cutoff rank, a positive integer.

    Returns
    -------
    float
        1.0 or 0.0.

    Raises
    ------
    TypeError
        If ``relevance`` is not a sequence of numbers or ``k`` is not an integer.
    ValueError
        If ``relevance`` holds a value other than 0 and 1, or ``k`` is not positive.

    Examples
    --------
    >>> hit_rate_at_k([0, 0, 1], k=2), hit_rate_at_k([0, 0, 1], k=3)
    (0.0, 1.0)

    References
    ----------
    Chapelle et al. (2009). Expected reciprocal rank for graded relevance.
    :cite:p:`chapelle2009expected`

    Moffat (2022). Batch evaluation metrics in information retrieval: measures, scales, and
    meaning. :cite:p:`moffat2022batch`
    """
    rows = _one_row(as_binary_relevance(relevance))
    return float(hit_rows(rows, check_k(k))[0])


def precision_recall_at_all_k(relevance: ArrayLike, *, n_relevant: int) -> dict[str, np.ndarray]:
    r"""P@k, R@k and F1@k for every k from 1 to the length of the ranking, in O(n).

    One cumulative sum gives :math:`|R_k|` for all k at once:

    .. math:: |R_k| = \sum_{i=1}^{k} \mathrm{rel}_i, \quad
              \mathrm{P@}k = \frac{|R_k|}{k}, \quad \mathrm{R@}k = \frac{|R_k|}{|R|}, \quad
              \mathrm{F1@}k = \frac{2|R_k|}{k + |R|}

    Parameters
    ----------
    relevance : sequence of 0/1
        Relevance of the item at each rank, rank 1 first.
    n_relevant : int
        :math:`|R|`, the number of relevant items of the query in the whole
        collection, retrieved or not; at least the number of 1s in ``relevance``.

    Returns
    -------
    dict of str to numpy.ndarray
        Arrays ``k``, ``hits``, ``precision``, ``recall`` and ``f1``, one entry per rank.

    Raises
    ------
    TypeError
        If ``relevance`` is not a sequence of numbers or ``n_relevant`` is not an integer.
    ValueError
        If ``relevance`` holds a value other than 0 and 1, or ``n_relevant`` is 0
        (the measure is undefined) or smaller than the number of 1s in ``relevance``.

    Examples
    --------
    >>> curves = precision_recall_at_all_k([1, 0, 1], n_relevant=4)
    >>> curves["precision"].round(3).tolist(), curves["recall"].tolist()
    ([1.0, 0.5, 0.667], [0.25, 0.25, 0.5])

    References
    ----------
    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`
    """
    relevance = as_binary_relevance(relevance)
    n_rel = check_n_relevant(n_relevant, relevance, "recall")
    k = np.arange(1, relevance.size + 1)
    hits = np.cumsum(relevance)
    return {
        "k": k,
        "hits": hits.astype(int),
        "precision": precision_from_hits(hits, k),
        "recall": recall_from_hits(hits, n_rel),
        "f1": f1_from_hits(hits, k, n_rel),
    }
