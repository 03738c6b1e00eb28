"""Reciprocal rank (RR) and its graded cascade version, expected reciprocal rank (ERR).

Both model a user who reads down the ranking and stops: RR at the first
relevant item, ERR at each item with a probability that grows with its grade
(Chapelle et al. 2009). Each formula lives in a private kernel over a matrix
of rankings (one row per query, padded with zeros), shared by the public
single-query functions and batch evaluation.
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

import numpy as np

from .validation import as_binary_relevance, as_gains, check_k
from ._dcg import check_gain_fits, exponential_gain
from ._kernels import row_sums

if TYPE_CHECKING:  # annotations only: numpy.typing is not imported at run time
    from numpy.typing import ArrayLike

# ----------------------------------------------------------------- kernels --


def reciprocal_rank_rows(rows: np.ndarray, k: int | None = None) -> np.ndarray:
    """1 / rank of the first relevant item within the top k per row, 0 if none.

    rows: float array (n_queries, depth) of 0/1 in rank order, padded with 0.
    """
    relevant = np.asarray(rows, dtype=float)[:, :k] > 0
    if relevant.shape[1] == 0:  # argmax needs at least one column
        return np.zeros(relevant.shape[0])
    first_rank = relevant.argmax(axis=1) + 1
    return np.where(relevant.any(axis=1), 1.0 / first_rank, 0.0)


def _err_rows(grade_rows: np.ndarray, max_grade, k: int | None = None) -> np.ndarray:
    """ERR@k per row: sum over ranks i <= k of P(the user stops at i) / i.

    grade_rows: float array (n_queries, depth) of grades >= 0, padded with 0;
    max_grade: the top grade of the scale, one number or one per row.
    """
    top = np.asarray(grade_rows, dtype=float)[:, :k]
    scale = np.exp2(np.asarray(max_grade, dtype=float)).reshape(-1, 1)
    stop = exponential_gain(top) / scale  # theta_i = (2**g_i - 1) / 2**max_grade
    # The user reaches rank i only if they did not stop at any rank before it.
    went_on = np.cumprod(1.0 - stop, axis=1)
    reach = np.hstack([np.ones((top.shape[0], 1)), went_on[:, :-1]])
    ranks = np.arange(1, top.shape[1] + 1)
    return row_sums(reach * stop / ranks)


# ---------------------------------------------------------- input checks --


def _check_max_grade(max_grade: object, grades: np.ndarray) -> float:
    """The top grade of the scale: at least every grade given (default: the largest)."""
    largest = float(grades.max()) if grades.size else 0.0
    if max_grade is None:
        return largest
    if isinstance(max_grade, bool) or not isinstance(max_grade, numbers.Real):
        raise TypeError(
            f"max_grade must be a number (the top grade of the relevance scale), "
            f"got {max_grade!r} ({type(max_grade).__name__})"
        )
    if not np.isfinite(max_grade) or max_grade < largest:  # type: ignore[call-overload]  # numeric tower
        raise ValueError(
            f"max_grade must be a finite number at least as large as every grade "
            f"(largest grade given: {largest:g}), got {max_grade}: pass the top grade of the "
            "relevance scale, for example 4 on a 0-4 scale"
        )
    return float(max_grade)


# ------------------------------------------------------------- public API --


def reciprocal_rank(relevance: ArrayLike, k: int | None = None) -> float:
    r"""Reciprocal rank: 1 over the rank of the first relevant item, 0 if there is none.

    .. math:: \mathrm{RR@}k = \max_{i \le k} \frac{\mathrm{rel}_i}{i}

    This is trec_eval's ``recip_rank``; its mean over queries is MRR. MRR is
    the mean of reciprocal ranks, not one over the mean rank: ranks 1 and 3
    give MRR (1 + 1/3) / 2 = 0.667, while 1 / mean rank = 0.5.

    Parameters
    ----------
    relevance : sequence of 0/1
        Relevance of the item at each rank, rank 1 first.
    k : int or None
        Cutoff rank (RR@k), a positive integer; ``None`` scores the whole ranking.

    Returns
    -------
    float
        RR@k, in [0, 1].

    Raises
    ------
    TypeError
        If ``relevance`` is not a sequence of numbers or ``k`` is not an integer.
    ValueError
        If ``relevance`` holds a value other than 0 and 1, or ``k`` is not positive.

    Examples
    --------
    >>> reciprocal_rank([0, 0, 1, 0, 1])
    0.3333333333333333
    >>> reciprocal_rank([0, 0, 1, 0, 1], k=2)  # nothing relevant in the top 2
    0.0

    References
    ----------
    Voorhees & Harman (2005). *TREC: Experiment and Evaluation in Information Retrieval*.
    :cite:p:`voorhees2005trec`

    Chapelle et al. (2009). Expected reciprocal rank for graded relevance.
    :cite:p:`chapelle2009expected`

    Fuhr (2017). Some common mistakes in IR evaluation, and how they can be avoided.
    :cite:p:`fuhr2017some`
    """
    relevance = as_binary_relevance(relevance)
    k = None if k is None else check_k(k)
    return float(reciprocal_rank_rows(relevance.reshape(1, -1), k)[0])


def expected_reciprocal_rank(grades: ArrayLike, k: int | None = None, *,
                             max_grade: float | None = None) -> float:
    r"""Expected reciprocal rank (Chapelle et al. 2009), a graded cascade measure.

    .. math::
        \mathrm{ERR@}k = \sum_{i=1}^{k} \frac{1}{i}\, \theta_i \prod_{j=1}^{i-1} (1 - \theta_j),
        \qquad \theta_i = \frac{2^{g_i} - 1}{2^{g_{\max}}}

    The user reads down the ranking and stops at rank i, satisfied, with
    probability :math:`\theta_i`; ERR is the expected reciprocal of the rank where
    they stop. Unlike nDCG, an item counts for less when a highly relevant one
    sits above it.

    Parameters
    ----------
    grades : sequence of non-negative numbers
        Grade of the item at each rank, rank 1 first (0 if not relevant).
    k : int or None
        Cutoff rank (ERR@k), a positive integer; ``None`` scores the whole ranking.
    max_grade : number or None
        :math:`g_{\max}`, the top grade of the relevance scale; it must be at least
        every grade. The default, the largest grade in ``grades``, changes from
        query to query: to compare queries or systems, pass the collection's top
        grade (for example 4 on a 0-4 scale).

    Returns
    -------
    float
        ERR@k, in [0, 1).

    Raises
    ------
    TypeError
        If ``grades`` is not a sequence of numbers, ``k`` is not an integer (or
        None), or ``max_grade`` is not a number.
    ValueError
        If a grade is negative, not finite or too large for :math:`2^g`, ``k`` is
        not positive, or ``max_grade`` is smaller than a grade.

    Examples
    --------
    >>> expected_reciprocal_rank([3, 2], max_grade=3)  # 7/8 + (1/2)(1/8)(3/8)
    0.8984375
    >>> expected_reciprocal_rank([0, 1], max_grade=1)  # (1/2)(1/2)
    0.25

    References
    ----------
    Chapelle et al. (2009). Expected reciprocal rank for graded relevance.
    :cite:p:`chapelle2009expected`
    """
    values = as_gains(grades, "grades")
    k = None if k is None else check_k(k)
    top_grade = _check_max_grade(max_grade, values)
    check_gain_fits(values, "exponential", "grades")
    return float(_err_rows(values.reshape(1, -1), top_grade, k)[0])
