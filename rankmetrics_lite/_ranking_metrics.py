"""One ranking and its judgements as an object, scored by the functions of the package.

:class:`RankingMetrics` is the object interface of the course's "computing the
metrics" chapter: build it once from item ids, then ask for P@k, R@k, the
curves over every k, or R-precision. It computes nothing itself: each method
delegates to :mod:`rankmetrics_lite._cutoff_metrics`, so a metric still has
exactly one implementation.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

import numpy as np

from . import _cutoff_metrics as cutoff_metrics
from ._adapters import as_id_set, as_ranked_ids, relevance_from_ids


class RankingMetrics:
    r"""Cutoff measures of one ranked list of item ids against its relevant set.

    .. math:: \mathrm{P@}k = \frac{|R_k|}{k}, \qquad \mathrm{R@}k = \frac{|R_k|}{|R|},
              \qquad \mathrm{R\text{-}Prec} = \mathrm{P@}|R|

    Both arguments are keyword-only: a set of relevant ids and a ranking are
    both collections of ids, and swapping them would score the wrong thing.

    Parameters
    ----------
    relevant_items : collection of hashable ids
        The relevant items R of the query (set, list or tuple), retrieved or
        not; repeats count once.
    ranked_items : sequence of hashable ids
        The system's ranking, rank 1 first; each item at most once.

    Raises
    ------
    TypeError
        If ``ranked_items`` is not a sequence (a set has no rank order),
        ``relevant_items`` is a string or a mapping, or an id is not hashable.
    ValueError
        If ``ranked_items`` lists an item twice.

    Notes
    -----
    When the query has no relevant item (:math:`|R| = 0`), recall, F1 and
    R-precision are undefined, and their methods raise ``ValueError`` (the
    package's single-query policy). The course's source returned ``None`` for
    recall, a recall of 0 at every k from ``precision_recall_at_all_k`` and
    0.0 for R-precision in that case, which a mean over queries silently
    absorbs. Precision is defined for any :math:`|R|` and never raises for it.

    Examples
    --------
    >>> metrics = RankingMetrics(relevant_items={"a", "c", "f"}, ranked_items=["a", "b", "c", "d"])
    >>> metrics.n_relevant, metrics.relevance.tolist()
    (3, [1, 0, 1, 0])
    >>> metrics.precision_at_k(2), metrics.recall_at_k(3)
    (0.5, 0.6666666666666666)
    >>> metrics.r_precision()
    0.6666666666666666
    >>> metrics.precision_recall_at_all_k()["f1"].round(3).tolist()
    [0.5, 0.4, 0.667, 0.571]

    References
    ----------
    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`
    """

    def __init__(self, *, relevant_items: Iterable[Hashable], ranked_items: Sequence[Hashable]) -> None:
        self._ranked_items = tuple(as_ranked_ids(ranked_items))
        self._relevant_items = as_id_set(relevant_items)
        relevance = np.array(relevance_from_ids(self._ranked_items, relevant_items=self._relevant_items), dtype=int)
        relevance.flags.writeable = False  # a caller cannot change what was judged
        self._relevance = relevance

    # ------------------------------------------------------- read-only views --

    @property
    def relevance(self) -> np.ndarray:
        """The 0/1 relevance of each rank, rank 1 first (a read-only array)."""
        return self._relevance

    @property
    def n_relevant(self) -> int:
        """The number of distinct relevant items, :math:`|R|`, retrieved or not."""
        return len(self._relevant_items)

    @property
    def n_ranked(self) -> int:
        """The length of the ranking."""
        return len(self._ranked_items)

    @property
    def ranked_items(self) -> tuple:
        """The ranking, rank 1 first."""
        return self._ranked_items

    @property
    def relevant_items(self) -> frozenset:
        """The relevant items R."""
        return self._relevant_items

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(n_ranked={self.n_ranked}, n_relevant={self.n_relevant}, "
            f"relevant_retrieved={int(self._relevance.sum())})"
        )

    # --------------------------------------------------------------- metrics --

    def precision_at_k(self, k: int) -> float:
        """P@k: relevant items in the first k ranks, over k (see :func:`~rankmetrics_lite.precision_at_k`)."""
        return cutoff_metrics.precision_at_k(self._relevance, k)

    def recall_at_k(self, k: int) -> float:
        """R@k: relevant items in the first k ranks, over :math:`|R|` (see :func:`~rankmetrics_lite.recall_at_k`).

        Raises ``ValueError`` when :math:`|R| = 0` (the source returned ``None``).
        """
        return cutoff_metrics.recall_at_k(self._relevance, k, n_relevant=self.n_relevant)

    def f1_at_k(self, k: int) -> float:
        """F1@k, the harmonic mean of P@k and R@k (see :func:`~rankmetrics_lite.f1_at_k`)."""
        return cutoff_metrics.f1_at_k(self._relevance, k, n_relevant=self.n_relevant)

    def hit_rate_at_k(self, k: int) -> float:
        """1 if a relevant item is in the first k ranks, else 0 (see :func:`~rankmetrics_lite.hit_rate_at_k`)."""
        return cutoff_metrics.hit_rate_at_k(self._relevance, k)

    def precision_recall_at_all_k(self) -> dict[str, np.ndarray]:
        """P@k, R@k and F1@k for k = 1..n_ranked, as arrays under ``k``, ``hits``,
        ``precision``, ``recall`` and ``f1`` (see :func:`~rankmetrics_lite.precision_recall_at_all_k`).

        Raises ``ValueError`` when :math:`|R| = 0` (the source returned a recall of 0 at every k).
        """
        return cutoff_metrics.precision_recall_at_all_k(self._relevance, n_relevant=self.n_relevant)

    def r_precision(self) -> float:
        r"""R-precision, :math:`\mathrm{P@}|R| = \mathrm{R@}|R|` (:func:`~rankmetrics_lite.r_precision`).

        Raises ``ValueError`` when :math:`|R| = 0` (the source returned 0.0).
        """
        return cutoff_metrics.r_precision(self._relevance, n_relevant=self.n_relevant)
