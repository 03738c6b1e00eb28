r"""Tie-aware measures: the expected P@k, AP and nDCG@k over every order of tied items.

When a system gives several items the same score, their order is arbitrary, and
a tie-breaking rule (trec_eval's: item id descending) can move a score up or
down for no reason the system is responsible for. McSherry & Najork (2008)
score the ranking by the **expected value of the measure over all orders of
the tied items**, each equally likely, and show how to compute it without
enumerating the :math:`\prod_g n_g!` orders:

* P@k and DCG@k are sums over ranks of a per-rank value, so by linearity each
  rank can be given the mean relevance (or mean gain) of its tie group;
* AP multiplies relevances at two ranks, so it needs, besides the group means,
  the chance that two ranks of one group both hold a relevant item.

Each formula works on a matrix of rankings (one row per query, sorted by
score, padded with zeros) together with the bounds of each rank's tie group,
and reuses the kernels of the plain measures wherever the formula allows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .validation import as_binary_relevance, as_gains, as_vector, check_k, check_n_relevant
from ._adapters import tie_bounds
from ._cutoff_metrics import precision_rows
from ._kernels import precision_from_hits, safe_divide
from ._dcg import check_gain_fits, check_ranking_is_judged, gain_function, ndcg_rows

if TYPE_CHECKING:  # annotations only: numpy.typing is not imported at run time
    from numpy.typing import ArrayLike

# ----------------------------------------------------------------- kernels --
# rows: float array (n_queries, depth), values in rank order after sorting by
# score; starts, stops: int arrays of the same shape, the tie group of each
# rank is columns starts <= j < stops (a padded column is a group of its own).


def _prefix_sums(rows: np.ndarray) -> np.ndarray:
    """Column j holds the sum of the first j values of each row (column 0 is 0)."""
    return np.concatenate([np.zeros((rows.shape[0], 1)), np.cumsum(rows, axis=1)], axis=1)


def _group_means(rows: np.ndarray, starts: np.ndarray, stops: np.ndarray) -> np.ndarray:
    """Each value replaced by the mean of its tie group: its expectation over all orders."""
    prefix = _prefix_sums(rows)
    totals = np.take_along_axis(prefix, stops, axis=1) - np.take_along_axis(prefix, starts, axis=1)
    return totals / (stops - starts)


def _expected_precision_rows(rows: np.ndarray, starts, stops, k: int) -> np.ndarray:
    """E[P@k] per row: P@k of the expected relevance at each rank (P@k is linear)."""
    return precision_rows(_group_means(rows, starts, stops), k)


# Gains above this are scaled down before they are summed.
_LARGE_GAIN = 2.0**900


def _expected_ndcg_rows(grade_rows, ideal_rows, starts, stops, k: int | None, gain: str):
    """E[nDCG@k] per row: nDCG@k with each rank's gain replaced by its group's mean gain.

    The mean is taken over gains, not grades (the exponential gain is not
    linear), so the grades are turned into gains first and scored linearly.
    The ideal DCG does not depend on the order of ties.
    """
    to_gain = gain_function(gain)
    gains, ideal = to_gain(np.asarray(grade_rows, dtype=float)), to_gain(np.asarray(ideal_rows, dtype=float))
    # Gains near the largest float overflow in a sum (a mean, a DCG); divided by each row's
    # largest ideal gain they cannot, and the ratio stays. Usual gains are left as they are.
    top = ideal.max(axis=1, initial=0.0, keepdims=True)
    scale = np.where(top > _LARGE_GAIN, top, 1.0)
    expected_gains = _group_means(gains / scale, starts, stops)
    return ndcg_rows(expected_gains, ideal / scale, k, "linear")


def _expected_average_precision_rows(rows: np.ndarray, starts, stops, n_rel) -> np.ndarray:
    r"""E[AP] per row, McSherry & Najork's closed form.

    AP = (1/|R|) sum_i rel_i * hits_i / i with hits_i = rel_1 + ... + rel_i, so
    E[AP] needs E[rel_i * hits_i] at each rank i. For rank i in a tie group
    that starts at column s and holds r relevant items among n:

        E[rel_i * hits_i] = (r/n) * (hits before the group + 1)
                            + (i - 1 - s) * r(r - 1) / (n(n - 1)),

    the relevant items before the group being the same in every order, and
    r(r - 1)/(n(n - 1)) the chance that two given ranks of the group are both
    relevant. Without ties (n = 1) this is rel_i * hits_i, and E[AP] = AP.
    """
    prefix = _prefix_sums(rows)
    before = np.take_along_axis(prefix, starts, axis=1)
    relevant_in_group = np.take_along_axis(prefix, stops, axis=1) - before
    size = (stops - starts).astype(float)
    both_relevant = safe_divide(relevant_in_group * (relevant_in_group - 1), size * (size - 1))
    earlier_in_group = np.arange(rows.shape[1]) - starts
    joint = relevant_in_group / size * (before + 1) + earlier_in_group * both_relevant
    ranks = np.arange(1, rows.shape[1] + 1)
    return safe_divide(precision_from_hits(joint, ranks).sum(axis=1), n_rel)


# ---------------------------------------------------------- input checks --


def _sorted_by_score(values: np.ndarray, scores: object, values_name: str):
    """Values sorted by score (descending), and the tie bounds, as one-row matrices."""
    scores = as_vector(scores, "scores")
    if scores.size != values.size:
        raise ValueError(
            f"scores must hold one score per entry of {values_name}: got {scores.size} scores "
            f"for {values.size} entries (the two are aligned, item by item)"
        )
    # The order inside a tie group does not matter: every order is averaged.
    order = np.argsort(-scores, kind="stable")
    starts, stops = tie_bounds(scores[order])
    return values[order].reshape(1, -1), starts.reshape(1, -1), stops.reshape(1, -1)


# ------------------------------------------------------------- public API --


def expected_precision_at_k(relevance: ArrayLike, scores: ArrayLike, k: int) -> float:
    r"""Tie-aware P@k: the mean of P@k over every order of the tied items.

    .. math::
        \mathbb{E}[\mathrm{P@}k] = \frac{1}{k} \sum_{g} \frac{r_g}{n_g}
        \,\bigl|\,\{\text{ranks of } g\} \cap \{1, \dots, k\}\bigr|

    where a tie group g of :math:`n_g` items holding :math:`r_g` relevant ones
    contributes its mean relevance at each of its ranks within the cutoff
    (McSherry & Najork 2008). Without ties it equals :func:`precision_at_k`.

    Parameters
    ----------
    relevance : sequence of 0/1
        Relevance of each retrieved item, in any order.
    scores : sequence of finite numbers
        The system's score of each item, aligned with ``relevance``.
    k : int
        Cutoff rank, a positive integer.

    Returns
    -------
    float
        The expected P@k, in [0, 1].

    Raises
    ------
    TypeError
        If ``relevance`` or ``scores`` is not a sequence of numbers, or ``k`` is
        not an integer.
    ValueError
        If ``relevance`` holds a value other than 0 and 1, a score is not finite,
        ``scores`` and ``relevance`` differ in length, or ``k`` is not positive.

    Examples
    --------
    Three items tie for ranks 2 to 4, one of them relevant; P@2 is 1 or 0.5
    depending on which one trec_eval's tie-break puts at rank 2:

    >>> round(expected_precision_at_k([1, 0, 1, 0], [0.9, 0.5, 0.5, 0.5], 2), 4)
    0.6667

    References
    ----------
    McSherry & Najork (2008). Computing information retrieval performance measures
    efficiently in the presence of tied scores. :cite:p:`mcsherry2008computing`
    """
    relevance = as_binary_relevance(relevance)
    rows, starts, stops = _sorted_by_score(relevance, scores, "relevance")
    return float(_expected_precision_rows(rows, starts, stops, check_k(k))[0])


def expected_average_precision(relevance: ArrayLike, scores: ArrayLike, *, n_relevant: int) -> float:
    r"""Tie-aware AP: the mean of average precision over every order of the tied items.

    .. math::
        \mathbb{E}[\mathrm{AP}] = \frac{1}{|R|} \sum_{i} \frac{1}{i}
        \left[ \frac{r_g}{n_g}\,(h_g + 1) + (i - a_g)\,\frac{r_g (r_g - 1)}{n_g (n_g - 1)} \right]

    summed over ranks i, where rank i lies in the tie group g that spans ranks
    :math:`a_g, \dots, a_g + n_g - 1`, holds :math:`r_g` relevant items among
    :math:`n_g`, and follows :math:`h_g` relevant items (McSherry & Najork 2008;
    the last fraction is read as 0 when :math:`n_g = 1`). Without ties it
    equals :func:`average_precision`.

    Parameters
    ----------
    relevance : sequence of 0/1
        Relevance of each retrieved item, in any order.
    scores : sequence of finite numbers
        The system's score of each item, aligned with ``relevance``.
    n_relevant : int
        :math:`|R|`, the number of relevant items of the query, retrieved or not.
        AP is undefined when it is 0.

    Returns
    -------
    float
        The expected AP, in [0, 1].

    Raises
    ------
    TypeError
        If ``relevance`` or ``scores`` is not a sequence of numbers, or ``n_relevant`` is
        not an integer.
    ValueError
        If ``relevance`` holds a value other than 0 and 1, a score is not finite,
        ``scores`` and ``relevance`` differ in length, or ``n_relevant`` is 0 or
        smaller than the number of 1s in ``relevance``.

    Examples
    --------
    Two items tie at the top, one relevant: AP is 1 or 1/2, each half the time.

    >>> expected_average_precision([0, 1], [3.0, 3.0], n_relevant=1)
    0.75

    References
    ----------
    McSherry & Najork (2008). Computing information retrieval performance measures
    efficiently in the presence of tied scores. :cite:p:`mcsherry2008computing`
    """
    relevance = as_binary_relevance(relevance)
    n_rel = check_n_relevant(n_relevant, relevance, "average precision")
    rows, starts, stops = _sorted_by_score(relevance, scores, "relevance")
    return float(_expected_average_precision_rows(rows, starts, stops, np.array([n_rel]))[0])


def expected_ndcg_at_k(grades: ArrayLike, scores: ArrayLike, k: int | None, *, judged_grades: ArrayLike,
                       gain: str = "linear") -> float:
    r"""Tie-aware nDCG@k: the mean of nDCG@k over every order of the tied items.

    .. math::
        \mathbb{E}[\mathrm{nDCG@}k] = \frac{1}{\mathrm{IDCG@}k} \sum_{i=1}^{k}
        \frac{\overline{\mathrm{gain}}_{g(i)}}{\log_2(i + 1)}

    where :math:`\overline{\mathrm{gain}}_{g(i)}` is the mean gain of the tie
    group holding rank i (McSherry & Najork 2008). The ideal DCG comes from all
    judged grades and does not depend on ties. Without ties it equals
    :func:`ndcg_at_k`.

    Parameters
    ----------
    grades : sequence of non-negative numbers
        Grade of each retrieved item (0 if unjudged), in any order.
    scores : sequence of finite numbers
        The system's score of each item, aligned with ``grades``.
    k : int or None
        Cutoff rank, a positive integer; ``None`` scores the whole ranking.
    judged_grades : sequence of non-negative numbers
        Grade of every judged item of the query, retrieved or not (at least one positive).
    gain : {"linear", "exponential"}
        How a grade turns into a gain: :math:`g` (trec_eval) or :math:`2^g - 1`
        (Burges et al. 2005).

    Returns
    -------
    float
        The expected nDCG@k, in [0, 1].

    Raises
    ------
    TypeError
        If ``grades``, ``scores`` or ``judged_grades`` is not a sequence of
        numbers, ``k`` is not an integer (or None), or ``gain`` is not a string.
    ValueError
        If a grade is negative or not finite, a score is not finite, ``scores``
        and ``grades`` differ in length, ``k`` is not positive, ``gain`` is not
        one of the two names, ``judged_grades`` holds no positive grade, or
        ``grades`` holds more items of a grade than ``judged_grades``.

    Examples
    --------
    The two top items tie, one of grade 2, one of grade 0: nDCG@2 is 0.7602 or
    0.4796, each half the time.

    >>> round(expected_ndcg_at_k([2, 0, 1], [5, 5, 1], 2, judged_grades=[2, 1, 0]), 4)
    0.6199

    References
    ----------
    McSherry & Najork (2008). Computing information retrieval performance measures
    efficiently in the presence of tied scores. :cite:p:`mcsherry2008computing`

    Järvelin & Kekäläinen (2002). Cumulated gain-based evaluation of IR techniques.
    :cite:p:`jarvelin2002cumulated`
    """
    grades = as_gains(grades, "grades")
    k = None if k is None else check_k(k)
    judged = as_gains(judged_grades, "judged_grades")
    gain_function(gain)
    check_gain_fits(judged, gain, "judged_grades")
    check_ranking_is_judged(grades, judged)
    rows, starts, stops = _sorted_by_score(grades, scores, "grades")
    ideal = np.sort(judged)[::-1].reshape(1, -1)
    return float(_expected_ndcg_rows(rows, ideal, starts, stops, k, gain)[0])
