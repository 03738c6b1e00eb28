"""Graded measures with a logarithmic position discount: DCG and nDCG.

The gain function and the discount are defined here once; every graded
measure of the package (DCG, nDCG, and ERR's stopping probability) uses them.
As in :mod:`rankmetrics_lite._cutoff_metrics`, each formula lives in a private
kernel over a matrix of rankings (one row per query, padded with grade 0), and
the public single-query functions check their input and call it on one row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from .validation import as_gains, check_choice, check_k
from ._kernels import row_sums

if TYPE_CHECKING:  # annotations only: numpy.typing is not imported at run time
    from numpy.typing import ArrayLike

# --------------------------------------------------------- gain, discount --


def _linear_gain(grades: np.ndarray) -> np.ndarray:
    return np.asarray(grades, dtype=float)


def exponential_gain(grades: np.ndarray) -> np.ndarray:
    return np.exp2(grades) - 1.0


_GAINS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    # trec_eval and Järvelin & Kekäläinen (2002): the grade itself.
    "linear": _linear_gain,
    # Burges et al. (2005): 2**grade - 1, which stresses the top grades.
    "exponential": exponential_gain,
}
GAIN_NAMES = tuple(_GAINS)

# 2.0**1024 overflows a float64: an exponential gain would be inf, nDCG NaN.
_LARGEST_EXPONENTIAL_GRADE = 1023


def gain_function(gain: object) -> Callable[[np.ndarray], np.ndarray]:
    """The gain function named ``gain``, or raise naming the valid ones."""
    return _GAINS[check_choice(gain, "gain", _GAINS)]


def _discount(depth: int) -> np.ndarray:
    """1 / log2(i + 1) for ranks i = 1..depth (rank 1 is not discounted)."""
    return 1.0 / log2_ranks(depth)


def log2_ranks(depth: int) -> np.ndarray:
    """log2(i + 1) for ranks i = 1..depth: trec_eval divides each gain by it (a product with
    1 / log2 differs in the last bit, which shows where gains are huge)."""
    return np.log2(np.arange(2, depth + 2))


# ----------------------------------------------------------------- kernels --
# grade_rows: float array (n_queries, depth) of grades >= 0 in rank order,
# padded with 0 beyond each ranking's end (a missing rank gains nothing).


def dcg_rows(grade_rows: np.ndarray, k: int | None = None, gain: str = "linear",
              shift: np.ndarray | float = 0.0) -> np.ndarray:
    """DCG@k per row: sum over ranks i <= k of gain(g_i) / log2(i + 1).

    With ``shift`` (exponential gain only), each row's gains are divided by
    2**shift: (2**g - 1) / 2**s = 2**(g - s) - 2**-s, which cannot overflow.
    """
    top = np.asarray(grade_rows, dtype=float)[:, :k]
    if gain == "exponential":
        gains = np.exp2(top - shift) - np.exp2(-np.asarray(shift, dtype=float))
    else:
        gains = gain_function(gain)(top)
    return row_sums(gains / log2_ranks(top.shape[1]))


def ndcg_rows(
    grade_rows: np.ndarray, ideal_rows: np.ndarray, k: int | None = None, gain: str = "linear"
) -> np.ndarray:
    """nDCG@k per row: DCG@k of the ranking over DCG@k of the ideal ranking.

    ``ideal_rows`` holds every judged grade of each query, sorted descending, so
    that relevant items the system never returned lower the score. A row whose
    ideal DCG is 0 (no positive grade) scores 0, as in trec_eval.
    """
    # 2**g - 1 overflows in a sum long before a single grade overflows: both DCGs
    # are taken of gains divided by 2**(the row's top ideal grade); their ratio stays.
    shift = ideal_rows.max(axis=1, initial=0.0, keepdims=True) if gain == "exponential" else 0.0
    dcg = dcg_rows(grade_rows, k, gain, shift)
    ideal = dcg_rows(ideal_rows, k, gain, shift)
    return np.divide(dcg, ideal, out=np.zeros_like(dcg), where=ideal > 0)


# ---------------------------------------------------------- input checks --


def check_gain_fits(grades: np.ndarray, gain: str, name: str) -> None:
    """Refuse grades whose exponential gain would overflow to infinity."""
    if gain == "exponential" and grades.size and grades.max() > _LARGEST_EXPONENTIAL_GRADE:
        raise ValueError(
            f"{name} holds the grade {grades.max():g}, too large for the exponential gain "
            f"(2**grade overflows above {_LARGEST_EXPONENTIAL_GRADE}): use gain='linear' "
            "or rescale the grades"
        )


def check_ranking_is_judged(ranked: np.ndarray, judged: np.ndarray) -> None:
    """Refuse a ranking that holds more items of a positive grade than were judged.

    Such a ranking cannot come from these judgements, and its DCG could exceed
    the ideal DCG (nDCG above 1).
    """
    if not np.any(judged > 0):
        raise ValueError(
            "nDCG is undefined when judged_grades holds no positive grade (the query has no "
            "relevant item): leave such queries out, or score them explicitly with "
            "evaluate(..., empty_queries=...)"
        )
    grades, counts = np.unique(ranked[ranked > 0], return_counts=True)
    for grade, count in zip(grades, counts):
        n_judged = int(np.count_nonzero(judged == grade))
        if count > n_judged:
            raise ValueError(
                f"grades holds {count} item(s) of grade {grade:g} but judged_grades only "
                f"{n_judged}: judged_grades must list the grade of every judged item of the "
                "query (retrieved or not); unjudged ranked items count as grade 0"
            )


# ------------------------------------------------------------- public API --


def dcg_at_k(grades: ArrayLike, k: int | None, *, gain: str = "linear") -> float:
    r"""Discounted cumulative gain of the first k ranks.

    .. math:: \mathrm{DCG@}k = \sum_{i=1}^{k} \frac{\mathrm{gain}(g_i)}{\log_2(i + 1)}

    with ``gain="linear"``: :math:`\mathrm{gain}(g) = g` (trec_eval; Järvelin &
    Kekäläinen 2002) or ``gain="exponential"``: :math:`\mathrm{gain}(g) = 2^g - 1`
    (Burges et al. 2005). Missing ranks (a ranking shorter than k) gain nothing.

    Parameters
    ----------
    grades : sequence of non-negative numbers
        Grade of the item at each rank, rank 1 first (0 for a non-relevant or
        unjudged item).
    k : int or None
        Cutoff rank, a positive integer; ``None`` scores the whole ranking.
    gain : {"linear", "exponential"}
        How a grade turns into a gain: :math:`g` (trec_eval) or :math:`2^g - 1`
        (Burges et al. 2005).

    Returns
    -------
    float
        DCG@k, at least 0.

    Raises
    ------
    TypeError
        If ``grades`` is not a sequence of numbers or ``k`` is not an integer (or
        None), or ``gain`` is not a string.
    ValueError
        If a grade is negative or not finite, ``k`` is not positive, ``gain`` is
        not one of the two names, or a grade is too large for the exponential gain.
        Also if the DCG itself is too large for a float.

    Examples
    --------
    >>> round(dcg_at_k([3, 2, 0, 1], k=3), 4)  # 3/log2(2) + 2/log2(3) + 0
    4.2619
    >>> # 7 + 3/log2(3) + 0 + 1/log2(5)
    >>> round(dcg_at_k([3, 2, 0, 1], k=None, gain="exponential"), 4)
    9.3235

    References
    ----------
    Järvelin & Kekäläinen (2002). Cumulated gain-based evaluation of IR techniques.
    :cite:p:`jarvelin2002cumulated`

    Burges et al. (2005). Learning to rank using gradient descent. :cite:p:`burges2005learning`
    """
    grades = as_gains(grades, "grades")
    k = None if k is None else check_k(k)
    gain_function(gain)
    check_gain_fits(grades, gain, "grades")
    with np.errstate(over="ignore"):  # an overflow is reported below, by name
        value = float(dcg_rows(grades.reshape(1, -1), k, gain)[0])
    if not np.isfinite(value):
        raise ValueError(
            f"the DCG of these grades is too large for a float (gain={gain!r}, largest grade "
            f"{grades.max():g}): rescale the grades, or compute ndcg_at_k, whose ratio stays finite"
        )
    return value


def ndcg_at_k(grades: ArrayLike, k: int | None, *, judged_grades: ArrayLike, gain: str = "linear") -> float:
    r"""Normalised DCG: DCG@k of the ranking over DCG@k of the ideal ranking.

    .. math:: \mathrm{nDCG@}k = \frac{\mathrm{DCG@}k}{\mathrm{IDCG@}k}

    The ideal ranking sorts **all judged items** of the query by grade,
    descending (trec_eval's convention), not just the items that were
    returned: a relevant item the system missed lowers nDCG. Built from the
    returned list alone, the ideal would reward a system for missing it.

    Parameters
    ----------
    grades : sequence of non-negative numbers
        Grade of the item at each rank, rank 1 first (0 for a non-relevant or
        unjudged item).
    k : int or None
        Cutoff rank, a positive integer; ``None`` scores the whole ranking
        against the whole ideal ranking (trec_eval's ``ndcg``).
    judged_grades : sequence of non-negative numbers
        Grade of every judged item of the query, retrieved or not, in any order.
        At least one must be positive, and the ranking may not hold more items
        of a grade than were judged with it.
    gain : {"linear", "exponential"}
        How a grade turns into a gain: :math:`g` (trec_eval) or :math:`2^g - 1`
        (Burges et al. 2005).

    Returns
    -------
    float
        nDCG@k, in [0, 1].

    Raises
    ------
    TypeError
        If ``grades`` is not a sequence of numbers or ``k`` is not an integer (or
        None), or ``gain`` is not a string.
    ValueError
        If a grade is negative or not finite, ``k`` is not positive, ``gain`` is
        not one of the two names, or a grade is too large for the exponential gain.
        Also if ``judged_grades`` holds no positive grade (nDCG is
        undefined), or fewer items of some grade than ``grades``.

    Examples
    --------
    Two items of grade 2 and 1 were returned, but a third relevant item (grade 3)
    was judged and missed:

    >>> round(ndcg_at_k([2, 0, 1], k=None, judged_grades=[3, 2, 1, 0]), 4)
    0.525

    With the ideal built from the returned list only, the miss goes unseen:

    >>> round(ndcg_at_k([2, 0, 1], k=None, judged_grades=[2, 0, 1]), 4)
    0.9502
    >>> ndcg_at_k([3, 2, 1], k=2, judged_grades=[1, 2, 3, 0, 0])  # the ideal ranking
    1.0

    References
    ----------
    Järvelin & Kekäläinen (2002). Cumulated gain-based evaluation of IR techniques.
    :cite:p:`jarvelin2002cumulated`

    Burges et al. (2005). Learning to rank using gradient descent. :cite:p:`burges2005learning`

    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`
    """
    grades = as_gains(grades, "grades")
    k = None if k is None else check_k(k)
    judged = as_gains(judged_grades, "judged_grades")
    gain_function(gain)
    check_gain_fits(judged, gain, "judged_grades")
    check_ranking_is_judged(grades, judged)
    ideal = np.sort(judged)[::-1]
    return float(ndcg_rows(grades.reshape(1, -1), ideal.reshape(1, -1), k, gain)[0])
