"""Average precision (AP, AP@k) of one ranking, and the geometric mean GMAP.

AP averages P@i over the ranks i that hold a relevant item. Its kernel reuses
the P@k kernel of :mod:`rankmetrics_lite._cutoff_metrics`, and works on a matrix
of rankings (one row per query, padded with zeros) so that batch evaluation
and the single-query function share it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .validation import as_binary_relevance, check_choice, check_k, check_n_relevant
from ._kernels import precision_from_hits, row_sums, safe_divide

if TYPE_CHECKING:  # annotations only: numpy.typing is not imported at run time
    from numpy.typing import ArrayLike

# trec_eval's gm_map floors each AP at this value before taking logs, so that
# one query with AP = 0 does not send the geometric mean to 0.
GMAP_FLOOR = 1e-5

# ------------------------------------------------------------ denominators --
# Libraries agree on the numerator of AP@k and differ on what they divide by.
# Each entry maps (top-k rows, |R| per row, k) to the denominator per row.

_DENOMINATORS = {
    # |R|: relevant items never retrieved count 0 (trec_eval's map).
    "n_relevant": lambda top, n_rel, k: np.asarray(n_rel, dtype=float),
    # min(k, |R|): a perfect top k scores 1 even when |R| > k (some recommender
    # libraries); with no cutoff, k is unbounded and this is |R|.
    "min_k_n_relevant": lambda top, n_rel, k: np.minimum(
        np.inf if k is None else k, np.asarray(n_rel, dtype=float)
    ),
    # relevant items found in the top k (ragas / DeepEval "context precision"):
    # blind to what was missed.
    "retrieved_relevant": lambda top, n_rel, k: top.sum(axis=1),
}


def _check_normalisation(normalisation: object) -> str:
    return check_choice(normalisation, "normalisation", _DENOMINATORS)


# ------------------------------------------------------------------ kernel --


def average_precision_rows(
    rows: np.ndarray, n_rel: np.ndarray, k: int | None = None, normalisation: str = "n_relevant",
    precision: np.ndarray | None = None,
) -> np.ndarray:
    """AP@k per row: the sum of P@i over relevant ranks i <= k, over a denominator.

    rows: float array (n_queries, depth) of 0/1 in rank order, padded with 0;
    n_rel: |R| per row. A row whose denominator is 0 scores 0 (trec_eval).
    """
    top = np.asarray(rows, dtype=float)[:, :k]
    denominator = _DENOMINATORS[_check_normalisation(normalisation)](top, n_rel, k)
    return safe_divide(precision_sum_rows(top, None if precision is None else precision[:, :k]), denominator)


def precision_sum_rows(rows: np.ndarray, precision: np.ndarray | None = None) -> np.ndarray:
    """AP's numerator per row: the sum of P@i over the relevant ranks i, added in rank order
    (``precision``: P@i at each rank, if already at hand)."""
    if precision is None:
        precision = precision_from_hits(np.cumsum(rows, axis=1), np.arange(1, rows.shape[1] + 1))
    return row_sums(rows * precision)


def yaap_rows(rows: np.ndarray, n_rel: np.ndarray, precision: np.ndarray | None = None) -> np.ndarray:
    r"""Robertson's "yet another AP" per row (trec_eval's ``yaap``), with :math:`s` AP's numerator:

    .. math:: \mathrm{YAAP} = \ln rac{1 + s}{1 + |R| - s}

    Monotonic with AP on one query, and unbounded at both ends, so that it averages over
    queries more evenly; 0 without a relevant document.
    """
    s = precision_sum_rows(np.asarray(rows, dtype=float), precision)
    return np.log((1.0 + s) / (1.0 + np.asarray(n_rel, dtype=float) - s))


# ------------------------------------------------------------- public API --


def average_precision(
    relevance: ArrayLike, *, n_relevant: int, k: int | None = None, normalisation: str = "n_relevant"
) -> float:
    r"""Average precision: the mean of P@i over the ranks i of the relevant items.

    .. math::
        \mathrm{AP@}k = \frac{1}{D} \sum_{i=1}^{k} \mathrm{rel}_i \, \mathrm{P@}i,
        \qquad D = |R| \text{ by default}

    A relevant item that is not in the top k (or never retrieved) adds 0 to
    the sum but still counts in :math:`|R|`, so AP rewards both finding every
    relevant item and putting it early. The mean of AP over queries is MAP.

    Parameters
    ----------
    relevance : sequence of 0/1
        Relevance of the item at each rank, rank 1 first.
    n_relevant : int
        :math:`|R|`, the number of relevant items of the query in the whole
        collection, retrieved or not; at least the number of 1s in ``relevance``.
        AP is undefined when it is 0.
    k : int or None
        Cutoff rank, a positive integer; ``None`` scores the whole ranking.
    normalisation : {"n_relevant", "min_k_n_relevant", "retrieved_relevant"}
        The denominator D. ``"n_relevant"``: :math:`|R|`, trec_eval's ``map``.
        ``"min_k_n_relevant"``: :math:`\min(k, |R|)`, as in some recommender
        libraries, so that a perfect top k scores 1 (with ``k=None`` it is
        :math:`|R|`). ``"retrieved_relevant"``: :math:`|R_k|`, the relevant
        items found in the top k, as in ragas and DeepEval "context
        precision"; it ignores what was missed, and a top k with no relevant
        item scores 0.

    Returns
    -------
    float
        AP (AP@k with a cutoff), in [0, 1].

    Raises
    ------
    TypeError
        If ``relevance`` is not a sequence of numbers, or ``k`` or ``n_relevant`` is
        not an integer.
    ValueError
        If ``relevance`` holds a value other than 0 and 1, ``k`` is not positive, or
        ``n_relevant`` is 0 (the measure is undefined) or smaller than the number of
        1s in ``relevance``.
        Also if ``normalisation`` is not one of the three names (``TypeError`` if
        it is not a string).

    Examples
    --------
    >>> round(average_precision([1, 0, 1, 0, 0], n_relevant=3), 4)  # (1 + 2/3) / 3
    0.5556
    >>> average_precision([1, 1, 0, 0, 1], n_relevant=4, k=2)  # (1 + 1) / 4
    0.5
    >>> average_precision([1, 1, 0, 0, 1], n_relevant=4, k=2, normalisation="min_k_n_relevant")
    1.0

    References
    ----------
    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`

    Voorhees & Harman (2005). *TREC: Experiment and Evaluation in Information Retrieval*.
    :cite:p:`voorhees2005trec`

    Es et al. (2024). RAGAs: automated evaluation of retrieval augmented generation.
    :cite:p:`es2024ragas`
    """
    relevance = as_binary_relevance(relevance)
    n_rel = check_n_relevant(n_relevant, relevance, "average precision")
    k = None if k is None else check_k(k)
    _check_normalisation(normalisation)
    rows = relevance.reshape(1, -1)
    return float(average_precision_rows(rows, np.array([n_rel]), k, normalisation)[0])


def gmap(ap_values: ArrayLike) -> float:
    r"""Geometric mean of average precision over queries (trec_eval's ``gm_map``).

    .. math::
        \mathrm{GMAP} = \exp\Big(\frac{1}{n}\sum_{q=1}^{n} \ln \max(\mathrm{AP}_q, 10^{-5})\Big)

    Unlike MAP, GMAP is dominated by the hardest queries: improving one query
    from AP 0.01 to 0.02 moves it as much as improving another from 0.4 to 0.8.
    The floor :math:`10^{-5}` keeps a query with AP = 0 from making it 0.

    Parameters
    ----------
    ap_values : sequence of numbers in [0, 1]
        AP of each query (at least one).

    Returns
    -------
    float
        GMAP, in [1e-5, 1].

    Raises
    ------
    TypeError
        If ``ap_values`` is not a list, tuple or 1-D array of numbers.
    ValueError
        If ``ap_values`` is empty, not one-dimensional, or holds a value outside [0, 1].

    Examples
    --------
    >>> round(gmap([0.4, 0.1]), 4)  # sqrt(0.4 * 0.1)
    0.2
    >>> round(gmap([0.5, 0.0]), 5)  # sqrt(0.5 * 1e-5), where MAP would be 0.25
    0.00224

    References
    ----------
    Robertson (2006). On GMAP: and other transformations. :cite:p:`robertson2006gmap`

    Voorhees (2006). The TREC 2005 Robust Track. :cite:p:`voorhees2006robust`
    """
    return geometric_mean(_as_ap_values(ap_values))


def geometric_mean(values: np.ndarray) -> float:
    """exp of the mean log of ``values`` floored at GMAP_FLOOR: GMAP's and gm_bpref's mean."""
    return float(np.exp(np.mean(np.log(np.maximum(values, GMAP_FLOOR)))))


def _as_ap_values(ap_values: object) -> np.ndarray:
    """Per-query AP values as a non-empty float array in [0, 1], or raise."""
    if isinstance(ap_values, (str, bytes)) or not isinstance(ap_values, (list, tuple, np.ndarray)):
        raise TypeError(
            f"ap_values must be a sequence of per-query AP values (list, tuple or 1-D array), "
            f"got {type(ap_values).__name__}"
        )
    try:
        values = np.asarray(ap_values, dtype=float)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"ap_values must contain only numbers: {exc}") from None
    if values.ndim != 1 or values.size == 0:
        raise ValueError(
            "ap_values must be a non-empty 1-D sequence (one AP per query), "
            f"got shape {values.shape}"
        )
    bad = ~((values >= 0) & (values <= 1))  # also catches NaN
    if np.any(bad):
        position = int(np.flatnonzero(bad)[0])
        raise ValueError(
            f"ap_values must lie in [0, 1]; query {position + 1} holds {values[position]}: "
            "pass AP values, not their logarithms or percentages"
        )
    return values
