r"""Diversity and novelty: measures that reward covering a query's different needs.

An ambiguous query ("jaguar": the cat, the car, the operating system) or a
broad one has several **subtopics** (intents). Judgements say, for each
subtopic, which documents are relevant to it: ``{query: {subtopic: {doc:
grade}}}``, or a file in the four-column format of TREC's ``ndeval``
(``topic subtopic docno judgement``, read by
:func:`~rankmetrics_lite.read_trec_subtopic_qrels`).

The measures here are those ``ndeval`` computes for the TREC Web track
(2009-2014), with its conventions, which the tests check against ``ndeval``'s
own C code (``pyndeval``) to 1e-9:

* a run is ranked by score, ties broken by document id, descending: trec_eval's
  rule, and ``ndeval``'s with ``-traditional`` (as the Web track's instructions run it);
  without that option ``ndeval`` ranks by the run's rank column instead;
* a judgement is binary: a document is relevant to a subtopic when its grade
  is ``>= relevance_level`` (``ndeval`` reads every positive grade as 1, and
  refuses negative ones, such as the Web track's -2 for spam: here they are
  not relevant, as is 0);
* a subtopic that no document is relevant to is ignored; :math:`m` is the number
  of subtopics with at least one relevant document;
* the **novelty gain** of the document at rank :math:`r` (from 1) is
  :math:`g_r = \sum_{j} J_j(r)\,(1-\alpha)^{c_j(r)}`, where :math:`J_j(r)` is 1
  when it is relevant to subtopic :math:`j` and :math:`c_j(r)` counts the
  documents above it relevant to :math:`j`: each repetition of a subtopic is
  worth a factor :math:`1-\alpha` less (Clarke et al. 2008);
* the ideal ranking that normalises alpha-nDCG, nERR-IA and nNRBP is built
  greedily: at each rank, the judged document with the largest novelty gain
  given the documents already placed, ties going to the larger document id.
  Finding the truly best ranking is NP-hard; the greedy ranking is an
  approximation, so a run can score above 1;
* alpha-DCG@k and ERR-IA@k are divided by the "ideal ideal" value of a
  ranking whose every document is relevant to all :math:`m` subtopics; at
  k = 1 ``ndeval`` leaves them undivided (its loop starts at rank 2), and so
  does this package, so that its numbers stay ``ndeval``'s;
* NRBP and MAP-IA read the whole ranking; the other measures stop at k.

Each measure is computed once, by a private kernel on a coverage matrix (ranks
x subtopics); the single-ranking functions (:func:`alpha_ndcg_at_k`, ...) and
:func:`~rankmetrics_lite.evaluate` (measure names ``alpha_nDCG@k``,
``ERR_IA@k``, ...) both call it.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Hashable, Iterable, Mapping, Sequence

import numpy as np

from ._trec_ranking import _id_bytes, trec_order
from .validation import check_k

DEFAULT_ALPHA = 0.5  # ndeval's default (its -alpha)
DEFAULT_BETA = 0.5  # ndeval's default (its -beta), NRBP's patience


# ------------------------------------------------------------------ reading --


# --------------------------------------------------- one query's judgements --


def _subtopic_order(subtopic: Hashable) -> tuple:
    """ndeval numbers subtopics and walks them in that order: numbers first, by value."""
    text = str(subtopic)
    return (0, int(text), "") if text.isdigit() else (1, 0, text)


class _Judgements:
    """One query's judgements as ndeval holds them: the documents relevant to at least
    one subtopic (sorted by id bytes, as ndeval sorts them), a boolean matrix
    documents x subtopics, and the subtopics with a relevant document (ndeval's
    "actual subtopics", in ndeval's order)."""

    def __init__(self, relevant: Mapping[Hashable, Iterable[Hashable]]):
        subtopics = sorted({s for covered in relevant.values() for s in covered}, key=_subtopic_order)
        self.column = {s: j for j, s in enumerate(subtopics)}
        docs = sorted((d for d, covered in relevant.items() if covered), key=_id_bytes)
        self.row = {d: i for i, d in enumerate(docs)}
        self.docs = docs
        self.matrix = np.zeros((len(docs), len(subtopics)), dtype=bool)
        for d in docs:
            for s in relevant[d]:
                self.matrix[self.row[d], self.column[s]] = True
        self.m = len(subtopics)
        self.per_subtopic = self.matrix.sum(axis=0)  # N_j: documents relevant to subtopic j
        self._ideal: dict[float, tuple[list, np.ndarray]] = {}

    def coverage(self, ranking: Sequence[Hashable]) -> np.ndarray:
        """The subtopics each ranked document is relevant to (ranks x subtopics)."""
        cov = np.zeros((len(ranking), self.m), dtype=bool)
        for r, doc in enumerate(ranking):
            i = self.row.get(doc)
            if i is not None:
                cov[r] = self.matrix[i]
        return cov

    def ideal(self, alpha: float) -> tuple[list, np.ndarray]:
        """ndeval's greedy ideal ranking (document ids) and its novelty gains."""
        if alpha not in self._ideal:
            order = _greedy_order(self.matrix, alpha)
            self._ideal[alpha] = ([self.docs[i] for i in order], _novelty_gains(self.matrix[order], alpha))
        return self._ideal[alpha]


def _row_sums(values: np.ndarray) -> np.ndarray:
    """Each row's sum added left to right, as ndeval's C loops add (numpy's sum pairs terms)."""
    if values.shape[1] == 0:
        return np.zeros(values.shape[0])
    return np.cumsum(values, axis=1)[:, -1]


def _novelty_gains(cov: np.ndarray, alpha: float) -> np.ndarray:
    r"""The novelty gain :math:`g_r = \sum_j J_j(r) (1-\alpha)^{c_j(r)}` at each rank."""
    if cov.shape[0] == 0:
        return np.zeros(0)
    before = np.cumsum(cov, axis=0) - cov  # c_j(r): documents above r relevant to j
    powers = [1.0]
    for _ in range(int(before.max(initial=0))):
        powers.append(powers[-1] * (1.0 - alpha))  # repeated products, as ndeval keeps them
    return _row_sums(np.where(cov, np.asarray(powers)[before], 0.0))


def _greedy_order(matrix: np.ndarray, alpha: float) -> list[int]:
    """ndeval's ideal ranking: at each rank the document with the largest novelty gain given
    those above it; among equal gains, the last in id order (ndeval keeps the larger id)."""
    n = matrix.shape[0]
    weight = np.ones(matrix.shape[1])  # (1 - alpha)^(times the subtopic is covered so far)
    left = np.ones(n, dtype=bool)
    order = []
    for _ in range(n):
        scores = np.where(left, _row_sums(np.where(matrix, weight, 0.0)), -1.0)
        best = int(np.flatnonzero(scores == scores.max())[-1])
        order.append(best)
        left[best] = False
        weight = np.where(matrix[best], weight * (1.0 - alpha), weight)
    return order


# ------------------------------------------------------------------ kernels --
# Each takes the coverage matrix of one ranking and the query's judgements.


def _discount(n: int) -> np.ndarray:
    """ndeval's rank discount log(2) / log(r + 1) at ranks r = 1..n."""
    return math.log(2.0) / np.log(np.arange(n) + 2.0)


def _ideal_ideal(m: int, k: int, alpha: float, weights: np.ndarray) -> float:
    """The value of an "ideal ideal" ranking whose every document covers all m subtopics."""
    gains = m * (1.0 - alpha) ** np.arange(k)
    return float(np.sum(gains * weights))


def _alpha_dcg_raw(cov, k, alpha):
    g = _novelty_gains(cov[:k], alpha)
    return float(np.sum(g * _discount(g.size)))


def _err_raw(cov, k, alpha):
    g = _novelty_gains(cov[:k], alpha)
    return float(np.sum(g / np.arange(1, g.size + 1)))


def _alpha_dcg(cov, judged, k, alpha):
    raw = _alpha_dcg_raw(cov, k, alpha)
    return raw if k == 1 else raw / _ideal_ideal(judged.m, k, alpha, _discount(k))


def _alpha_ndcg(cov, judged, k, alpha):
    raw = _alpha_dcg_raw(cov, k, alpha)
    if raw == 0:
        return 0.0
    _, ideal = judged.ideal(alpha)
    return raw / float(np.sum(ideal[:k] * _discount(ideal[:k].size)))


def _err_ia(cov, judged, k, alpha):
    raw = _err_raw(cov, k, alpha)
    return raw if k == 1 else raw / _ideal_ideal(judged.m, k, alpha, 1.0 / np.arange(1, k + 1))


def _nerr_ia(cov, judged, k, alpha):
    raw = _err_raw(cov, k, alpha)
    if raw == 0:
        return 0.0
    _, ideal = judged.ideal(alpha)
    return raw / float(np.sum(ideal[:k] / np.arange(1, ideal[:k].size + 1)))


def _nrbp_raw(gains, m, alpha, beta):
    return float(np.sum(gains * beta ** np.arange(gains.size))) * (1 - (1 - alpha) * beta) / m


def _nrbp(cov, judged, alpha, beta):
    return _nrbp_raw(_novelty_gains(cov, alpha), judged.m, alpha, beta)


def _nnrbp(cov, judged, alpha, beta):
    _, ideal = judged.ideal(alpha)
    return _nrbp(cov, judged, alpha, beta) / _nrbp_raw(ideal, judged.m, alpha, beta)


def _precision_ia(cov, judged, k):
    return float(cov[:k].sum()) / (k * judged.m)


def _subtopic_recall(cov, judged, k):
    return float(cov[:k].any(axis=0).sum()) / judged.m


def _map_ia(cov, judged):
    found = np.cumsum(cov, axis=0)  # documents relevant to j at or above each rank
    ranks = np.arange(1, cov.shape[0] + 1)[:, None]
    per_subtopic = np.where(cov, found / ranks, 0.0).sum(axis=0)
    return float(np.sum(per_subtopic / judged.per_subtopic)) / judged.m


# ------------------------------------------------- single-ranking functions --


def _as_judged(judged: object) -> _Judgements:
    if not isinstance(judged, Mapping):
        raise TypeError("judged must be a dict {doc_id: subtopics the document is relevant to}, "
                        f"such as {{'d1': {{'cat'}}, 'd2': {{'car', 'os'}}}}, got {type(judged).__name__}")
    relevant = {}
    for doc, covered in judged.items():
        if isinstance(covered, (str, bytes)) or not isinstance(covered, Iterable):
            raise TypeError(f"judged[{doc!r}] must be a set of subtopics such as {{'cat', 'car'}}, "
                            f"got {covered!r}")
        relevant[doc] = frozenset(covered)
    result = _Judgements(relevant)
    if result.m == 0:
        raise ValueError("judged holds no document relevant to any subtopic: the diversity measures "
                         "are undefined on such a query (evaluate scores it by its empty_queries)")
    return result


def _as_coverage(subtopics_by_rank: object, judged: _Judgements) -> np.ndarray:
    if isinstance(subtopics_by_rank, (str, bytes, Mapping)) or not isinstance(subtopics_by_rank, Iterable):
        raise TypeError("subtopics_by_rank must be a list with, for each rank, the set of subtopics "
                        "its document is relevant to (an empty set if none), such as "
                        f"[{{'cat'}}, set(), {{'car', 'os'}}], got {type(subtopics_by_rank).__name__}")
    ranks = list(subtopics_by_rank)
    cov = np.zeros((len(ranks), judged.m), dtype=bool)
    for r, covered in enumerate(ranks):
        if isinstance(covered, (str, bytes)) or not isinstance(covered, Iterable):
            raise TypeError(f"subtopics_by_rank[{r}] must be a set of subtopics (an empty set if "
                            f"the document is relevant to none), got {covered!r}")
        for s in covered:
            if s not in judged.column:
                raise ValueError(f"subtopics_by_rank[{r}] names subtopic {s!r}, to which no document of "
                                 "judged is relevant: add the document to judged")
            cov[r, judged.column[s]] = True
    return cov


def _check_unit(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) \
            or not 0 <= value <= 1:  # type: ignore[operator]  # numeric tower
        raise ValueError(f"{name} must be a number from 0 to 1 (ndeval's default is 0.5), got {value!r}")
    return float(value)


def greedy_ideal_ranking(judged: Mapping[Hashable, Iterable[Hashable]], *,
                         alpha: float = DEFAULT_ALPHA) -> list:
    r"""The ideal ranking ``ndeval`` builds to normalise alpha-nDCG, nERR-IA and nNRBP.

    At each rank it places the judged document with the largest novelty gain
    :math:`\sum_s J_s (1-\alpha)^{c_s}` given the documents above it (ties: the
    larger document id, as ``ndeval``). Choosing the best ranking is NP-hard
    (Clarke et al. 2008); the greedy ranking is an approximation that another
    ranking, a run's too, can beat.

    Parameters
    ----------
    judged : dict ``{doc_id: subtopics}``
        Every document relevant to at least one subtopic, with those subtopics.
    alpha : float
        The novelty discount, from 0 to 1.

    Returns
    -------
    list
        The documents relevant to a subtopic, in the greedy order.

    Raises
    ------
    TypeError, ValueError
        If ``judged`` is not a dict of sets or holds no relevant document, or
        ``alpha`` is not between 0 and 1.

    Examples
    --------
    >>> greedy_ideal_ranking({"a": {"x", "y"}, "b": {"x"}, "c": {"z"}})
    ['a', 'c', 'b']

    References
    ----------
    Clarke et al. (2008). Novelty and diversity in information retrieval evaluation.
    :cite:p:`clarke2008novelty`
    """
    alpha = _check_unit(alpha, "alpha")
    return _as_judged(judged).ideal(alpha)[0]


_PARAMETERS = """
    Parameters
    ----------
    subtopics_by_rank : list of sets
        For each rank, the subtopics its document is relevant to (an empty set
        if none, as for an unjudged document).{k}
    judged : dict ``{{doc_id: subtopics}}``
        Every document relevant to at least one subtopic, with those subtopics:
        it gives :math:`|S|` and the ideal ranking.{extra}

    Returns
    -------
    float
        The value{over}.

    Raises
    ------
    TypeError, ValueError
        If ``subtopics_by_rank`` is not a list of sets, names a subtopic no
        document of ``judged`` is relevant to, ``judged`` holds no relevant
        document (the measure is undefined), or a parameter is out of range.
"""
_K = """
    k : int
        The cutoff: the top k ranks count."""
_ALPHA = """
    alpha : float
        The novelty discount, from 0 (a repeated subtopic counts in full) to 1 (it
        counts once); 0.5 by default, as in ``ndeval``."""
_BETA = """
    beta : float
        The patience, from 0 to 1: the chance of reading on to the next rank
        (0.5 by default, as in ``ndeval``)."""


def _documented(k: bool, extra: str, over: str = ""):
    def attach(function):
        function.__doc__ = function.__doc__.replace(
            "\n    {PARAMETERS}\n", _PARAMETERS.format(k=_K if k else "", extra=extra, over=over))
        return function
    return attach


def novelty_gains(subtopics_by_rank: Sequence[Iterable[Hashable]], *,
                  judged: Mapping[Hashable, Iterable[Hashable]], alpha: float = DEFAULT_ALPHA) -> np.ndarray:
    r"""The novelty gain at each rank: what the document there adds, given those above it.

    .. math:: \mathrm{ng}_i = \sum_{s \in S} J_s(i)\,(1-\alpha)^{c_s(i)}

    with :math:`J_s(i)` 1 if the document at rank :math:`i` is relevant to subtopic
    :math:`s`, and :math:`c_s(i)` the documents above rank :math:`i` relevant to it.
    These are the gains that :func:`alpha_dcg_at_k` and :func:`alpha_ndcg_at_k`
    discount by :math:`\log_2(i+1)`, computed as ``ndeval`` computes them.

    Parameters
    ----------
    subtopics_by_rank : list of sets
        For each rank, the subtopics its document is relevant to (an empty set
        if none, as for an unjudged document).
    judged : dict ``{doc_id: subtopics}``
        Every document relevant to at least one subtopic, with those subtopics.
    alpha : float
        The novelty discount, from 0 (a repeated subtopic counts in full) to 1 (it
        counts once); 0.5 by default, as in ``ndeval``.

    Returns
    -------
    numpy.ndarray
        One gain per rank, rank 1 first.

    Raises
    ------
    TypeError, ValueError
        If ``subtopics_by_rank`` is not a list of sets, names a subtopic no
        document of ``judged`` is relevant to, ``judged`` holds no relevant
        document, or ``alpha`` is not a number from 0 to 1.

    Examples
    --------
    >>> judged = {"a": {"x"}, "b": {"x"}, "c": {"y"}}
    >>> novelty_gains([{"x"}, {"x"}, {"y"}], judged=judged).tolist()  # x again: half
    [1.0, 0.5, 1.0]

    References
    ----------
    Clarke et al. (2008). Novelty and diversity in information retrieval evaluation.
    :cite:p:`clarke2008novelty`
    """
    alpha = _check_unit(alpha, "alpha")
    return _novelty_gains(_as_coverage(subtopics_by_rank, _as_judged(judged)), alpha)


@_documented(True, _ALPHA)
def alpha_dcg_at_k(subtopics_by_rank: Sequence[Iterable[Hashable]], k: int, *,
                   judged: Mapping[Hashable, Iterable[Hashable]], alpha: float = DEFAULT_ALPHA) -> float:
    r"""alpha-DCG@k as ``ndeval`` reports it, over an "ideal ideal" ranking.

    .. math:: \alpha\text{-DCG@}k = \frac{\sum_{i=1}^{k} \mathrm{ng}_i / \log_2(i+1)}
              {\sum_{i=1}^{k} |S| (1-\alpha)^{i-1} / \log_2(i+1)}

    with :math:`\mathrm{ng}_i` the novelty gain at rank :math:`i` and :math:`|S|` the
    subtopics with a relevant document. The denominator is the value of a
    ranking whose every document covers every subtopic, which no collection
    need have ("collection-independent"); at k = 1 ``ndeval`` leaves the value
    undivided, and so does this function.

    {PARAMETERS}

    Examples
    --------
    >>> judged = {"a": {"x"}, "b": {"y"}}
    >>> round(alpha_dcg_at_k([{"x"}, {"y"}], 2, judged=judged), 4)  # (1 + 0.63) / (2 + 0.63)
    0.6199

    References
    ----------
    Clarke et al. (2008). Novelty and diversity in information retrieval evaluation.
    :cite:p:`clarke2008novelty`
    """
    k = check_k(k)
    alpha = _check_unit(alpha, "alpha")
    judgements = _as_judged(judged)
    return _alpha_dcg(_as_coverage(subtopics_by_rank, judgements), judgements, k, alpha)


@_documented(True, _ALPHA, ", above 1 when the ranking beats the greedy ideal")
def alpha_ndcg_at_k(subtopics_by_rank: Sequence[Iterable[Hashable]], k: int, *,
                    judged: Mapping[Hashable, Iterable[Hashable]], alpha: float = DEFAULT_ALPHA) -> float:
    r"""alpha-nDCG@k, normalised by ``ndeval``'s greedy ideal ranking.

    .. math:: \alpha\text{-nDCG@}k = \frac{\sum_{i=1}^{k} \mathrm{ng}_i / \log_2(i+1)}
              {\sum_{i=1}^{k} \mathrm{ng}^{*}_i / \log_2(i+1)},\qquad
              \mathrm{ng}_i = \sum_{s \in S} J_s(i)\,(1-\alpha)^{c_s(i)}

    :math:`J_s(i)` is 1 when the document at rank :math:`i` is relevant to
    subtopic :math:`s`, :math:`c_s(i)` counts the documents above it relevant
    to :math:`s`, and :math:`\mathrm{ng}^*_i` are the gains of
    :func:`greedy_ideal_ranking`. The greedy ideal is an approximation, so a
    ranking can score above 1.

    {PARAMETERS}

    Examples
    --------
    >>> judged = {"a": {"x"}, "b": {"x"}, "c": {"y"}}
    >>> round(alpha_ndcg_at_k([{"x"}, {"x"}, {"y"}], 3, judged=judged), 4)  # the repeat costs
    0.9652
    >>> alpha_ndcg_at_k([{"x"}, {"y"}, {"x"}], 3, judged=judged)
    1.0

    References
    ----------
    Clarke et al. (2008). Novelty and diversity in information retrieval evaluation.
    :cite:p:`clarke2008novelty`
    """
    k = check_k(k)
    alpha = _check_unit(alpha, "alpha")
    judgements = _as_judged(judged)
    return _alpha_ndcg(_as_coverage(subtopics_by_rank, judgements), judgements, k, alpha)


@_documented(True, _ALPHA)
def err_ia_at_k(subtopics_by_rank: Sequence[Iterable[Hashable]], k: int, *,
                judged: Mapping[Hashable, Iterable[Hashable]], alpha: float = DEFAULT_ALPHA) -> float:
    r"""ERR-IA@k as ``ndeval`` reports it: intent-aware expected reciprocal rank.

    For one subtopic with binary judgements, ERR (Chapelle et al. 2009) with a
    stopping probability :math:`\theta_i = \alpha` at every relevant document is
    :math:`\sum_i \frac{1}{i}\,\alpha J_s(i) (1-\alpha)^{c_s(i)}`. Averaged over
    the :math:`|S|` subtopics (Agrawal et al. 2009) this is a sum of novelty
    gains over ranks, which ``ndeval`` divides by an "ideal ideal" value:

    .. math:: \text{ERR-IA@}k = \frac{\sum_{i=1}^{k} \mathrm{ng}_i / i}{\sum_{i=1}^{k} |S| (1-\alpha)^{i-1} / i}

    (undivided at k = 1, as in ``ndeval``).

    {PARAMETERS}

    Examples
    --------
    >>> round(err_ia_at_k([{"x"}, {"y"}], 2, judged={"a": {"x"}, "b": {"y"}}), 4)
    0.6

    References
    ----------
    Chapelle et al. (2009). Expected reciprocal rank for graded relevance.
    :cite:p:`chapelle2009expected`; Agrawal et al. (2009). Diversifying search
    results. :cite:p:`agrawal2009diversifying`
    """
    k = check_k(k)
    alpha = _check_unit(alpha, "alpha")
    judgements = _as_judged(judged)
    return _err_ia(_as_coverage(subtopics_by_rank, judgements), judgements, k, alpha)


@_documented(True, _ALPHA)
def nerr_ia_at_k(subtopics_by_rank: Sequence[Iterable[Hashable]], k: int, *,
                 judged: Mapping[Hashable, Iterable[Hashable]], alpha: float = DEFAULT_ALPHA) -> float:
    r"""nERR-IA@k: ERR-IA over the value of ``ndeval``'s greedy ideal ranking.

    .. math:: \text{nERR-IA@}k = \frac{\sum_{i=1}^{k} \mathrm{ng}_i / i}{\sum_{i=1}^{k} \mathrm{ng}^{*}_i / i}

    {PARAMETERS}

    Examples
    --------
    >>> nerr_ia_at_k([{"y"}, {"x"}], 2, judged={"a": {"x"}, "b": {"y"}})
    1.0

    References
    ----------
    Chapelle et al. (2009). Expected reciprocal rank for graded relevance.
    :cite:p:`chapelle2009expected`
    """
    k = check_k(k)
    alpha = _check_unit(alpha, "alpha")
    judgements = _as_judged(judged)
    return _nerr_ia(_as_coverage(subtopics_by_rank, judgements), judgements, k, alpha)


@_documented(False, _ALPHA + _BETA)
def novelty_rank_biased_precision(subtopics_by_rank: Sequence[Iterable[Hashable]], *,
                                  judged: Mapping[Hashable, Iterable[Hashable]],
                                  alpha: float = DEFAULT_ALPHA, beta: float = DEFAULT_BETA) -> float:
    r"""NRBP, novelty- and rank-biased precision, over the whole ranking.

    .. math:: \text{NRBP} = \frac{1 - (1-\alpha)p}{|S|} \sum_{i \ge 1} p^{i-1} \mathrm{ng}_i

    :math:`p` (the ``beta`` argument) is the persistence of rank-biased precision,
    :math:`\alpha` the novelty discount, :math:`\mathrm{ng}_i` the novelty gain. The
    factor in front makes a
    ranking whose every document covers every subtopic score 1.

    {PARAMETERS}

    Examples
    --------
    >>> novelty_rank_biased_precision([{"x"}, {"y"}], judged={"a": {"x"}, "b": {"y"}})
    0.5625

    References
    ----------
    Clarke, Kolla & Vechtomova (2009). An effectiveness measure for ambiguous and
    underspecified queries. :cite:p:`clarke2009effectiveness`
    """
    alpha = _check_unit(alpha, "alpha")
    beta = _check_unit(beta, "beta")
    judgements = _as_judged(judged)
    return _nrbp(_as_coverage(subtopics_by_rank, judgements), judgements, alpha, beta)


@_documented(False, _ALPHA + _BETA)
def normalised_novelty_rank_biased_precision(
        subtopics_by_rank: Sequence[Iterable[Hashable]], *, judged: Mapping[Hashable, Iterable[Hashable]],
        alpha: float = DEFAULT_ALPHA, beta: float = DEFAULT_BETA) -> float:
    r"""nNRBP: NRBP over the NRBP of ``ndeval``'s greedy ideal ranking.

    .. math:: \text{nNRBP} = \frac{\sum_{i \ge 1} p^{i-1} \mathrm{ng}_i}{\sum_{i \ge 1} p^{i-1} \mathrm{ng}^{*}_i}

    {PARAMETERS}

    Examples
    --------
    >>> normalised_novelty_rank_biased_precision([{"y"}, {"x"}], judged={"a": {"x"}, "b": {"y"}})
    1.0

    References
    ----------
    Clarke, Kolla & Vechtomova (2009). An effectiveness measure for ambiguous and
    underspecified queries. :cite:p:`clarke2009effectiveness`
    """
    alpha = _check_unit(alpha, "alpha")
    beta = _check_unit(beta, "beta")
    judgements = _as_judged(judged)
    return _nnrbp(_as_coverage(subtopics_by_rank, judgements), judgements, alpha, beta)


@_documented(True, "")
def precision_ia_at_k(subtopics_by_rank: Sequence[Iterable[Hashable]], k: int, *,
                      judged: Mapping[Hashable, Iterable[Hashable]]) -> float:
    r"""Intent-aware precision at k, every subtopic weighted equally.

    .. math:: \text{P-IA@}k = \frac{1}{|S|} \sum_{s \in S} \frac{1}{k} \sum_{i=1}^{k} J_s(i)

    Like P@k it divides by k, also when fewer than k documents were returned.

    {PARAMETERS}

    Examples
    --------
    >>> precision_ia_at_k([{"x", "y"}, set()], 2, judged={"a": {"x", "y"}})
    0.5

    References
    ----------
    Agrawal et al. (2009). Diversifying search results. :cite:p:`agrawal2009diversifying`
    """
    k = check_k(k)
    judgements = _as_judged(judged)
    return _precision_ia(_as_coverage(subtopics_by_rank, judgements), judgements, k)


@_documented(True, "")
def subtopic_recall_at_k(subtopics_by_rank: Sequence[Iterable[Hashable]], k: int, *,
                         judged: Mapping[Hashable, Iterable[Hashable]]) -> float:
    r"""Subtopic recall at k: the share of the subtopics the top k documents cover.

    .. math:: \text{S-recall@}k = \frac{|\{s \in S : J_s(i) = 1 \text{ for some } i \le k\}|}{|S|}

    {PARAMETERS}

    Examples
    --------
    >>> subtopic_recall_at_k([{"x"}, {"x"}], 2, judged={"a": {"x"}, "b": {"y"}})
    0.5

    References
    ----------
    Zhai, Cohen & Lafferty (2003). Beyond independent relevance. :cite:p:`zhai2003beyond`
    """
    k = check_k(k)
    judgements = _as_judged(judged)
    return _subtopic_recall(_as_coverage(subtopics_by_rank, judgements), judgements, k)


@_documented(False, "")
def average_precision_ia(subtopics_by_rank: Sequence[Iterable[Hashable]], *,
                         judged: Mapping[Hashable, Iterable[Hashable]]) -> float:
    r"""Intent-aware average precision (its mean over queries is MAP-IA).

    AP per subtopic, over that subtopic's :math:`N_s` relevant documents,
    averaged over the :math:`|S|` subtopics:

    .. math:: \text{AP-IA} = \frac{1}{|S|} \sum_{s \in S} \frac{1}{N_s}
              \sum_{i:\,J_s(i)=1} \frac{|\{j \le i : J_s(j) = 1\}|}{i}

    {PARAMETERS}

    Examples
    --------
    >>> average_precision_ia([{"x"}, {"y"}], judged={"a": {"x"}, "b": {"y"}})
    0.75

    References
    ----------
    Agrawal et al. (2009). Diversifying search results. :cite:p:`agrawal2009diversifying`
    """
    judgements = _as_judged(judged)
    return _map_ia(_as_coverage(subtopics_by_rank, judgements), judgements)


# ---------------------------------------------------------- batch evaluation --


class SubtopicRows:
    """What the diversity kernels read in :func:`~rankmetrics_lite.evaluate`: for each
    judged query, its judgements and its ranking's coverage matrix."""

    def __init__(self, qids: list[str], judgements: list[_Judgements], coverages: list[np.ndarray]):
        self.qids = qids
        self.judgements = judgements
        self.coverages = coverages
        self.n_subtopics = np.array([j.m for j in judgements])

    def each(self, kernel, *args) -> np.ndarray:
        """The kernel's value on every query (0 where no subtopic has a relevant document)."""
        return np.array([kernel(cov, judged, *args) if judged.m else 0.0
                         for cov, judged in zip(self.coverages, self.judgements)], dtype=float)


def no_subtopic(rows: SubtopicRows, value=None) -> np.ndarray:
    """Where a query has no document relevant to any subtopic (every measure undefined)."""
    return rows.n_subtopics == 0


def _check_subtopic_qrels(qrels: object) -> None:
    if not isinstance(qrels, Mapping) or not qrels:
        raise TypeError("the diversity measures read subtopic qrels {query: {subtopic: {doc: grade}}} "
                        "(read_trec_subtopic_qrels reads ndeval's files), got "
                        f"{type(qrels).__name__}{' (empty)' if isinstance(qrels, Mapping) else ''}")
    for qid, subtopics in qrels.items():
        if not isinstance(qid, str):
            raise TypeError(f"qrels query ids must be strings, got {qid!r}: convert them with str()")
        if not isinstance(subtopics, Mapping):
            raise TypeError(f"qrels[{qid!r}] must be a dict {{subtopic: {{doc: grade}}}} (subtopic qrels), "
                            f"got {type(subtopics).__name__}")
        for subtopic, grades in subtopics.items():
            if not isinstance(grades, Mapping):
                raise TypeError(f"qrels[{qid!r}][{subtopic!r}] must be a dict {{doc: grade}}, got "
                                f"{grades!r}: the diversity measures read {{query: {{subtopic: {{doc: grade}}}}}}")
            for doc, grade in grades.items():
                if not isinstance(doc, str):
                    raise TypeError(f"qrels[{qid!r}][{subtopic!r}] has the document id {doc!r}: document "
                                    "ids must be strings, convert them with str()")
                if isinstance(grade, bool) or not isinstance(grade, numbers.Integral):
                    raise TypeError(f"qrels[{qid!r}][{subtopic!r}][{doc!r}] must be an integer grade, "
                                    f"got {grade!r} ({type(grade).__name__})")


def subtopic_rows(run: Mapping, qrels: Mapping, *, relevance_level: int, version: str,
                  max_retrieved: int | None) -> SubtopicRows:
    """Rank every judged query's documents (trec_eval's rule, and ``ndeval -traditional``'s: score
    descending, ties by id descending) and lay out what each ranked document covers. Run and qrels already checked
    as dicts; a judged query missing from the run has an empty ranking (it scores 0)."""
    _check_subtopic_qrels(qrels)
    qids, judgements, coverages = list(qrels), [], []
    for qid in qids:
        relevant: dict[Hashable, set] = {}
        for subtopic, grades in qrels[qid].items():
            for doc, grade in grades.items():
                if grade >= relevance_level:
                    relevant.setdefault(doc, set()).add(subtopic)
        judged = _Judgements(relevant)
        ranking = trec_order(list(run.get(qid, {}).items()), version)
        if max_retrieved is not None:
            ranking = ranking[:max_retrieved]
        judgements.append(judged)
        coverages.append(judged.coverage(ranking))
    return SubtopicRows(qids, judgements, coverages)


# The catalogue's kernels: kernel(rows, k, gain[, alpha]) -> one value per query.

def alpha_dcg_rows(rows, k, gain, alpha):
    return rows.each(_alpha_dcg, k, alpha)


def alpha_ndcg_rows(rows, k, gain, alpha):
    return rows.each(_alpha_ndcg, k, alpha)


def err_ia_rows(rows, k, gain, alpha):
    return rows.each(_err_ia, k, alpha)


def nerr_ia_rows(rows, k, gain, alpha):
    return rows.each(_nerr_ia, k, alpha)


def nrbp_rows(rows, k, gain, alpha):
    return rows.each(_nrbp, alpha, DEFAULT_BETA)


def nnrbp_rows(rows, k, gain, alpha):
    return rows.each(_nnrbp, alpha, DEFAULT_BETA)


def precision_ia_rows(rows, k, gain):
    return rows.each(_precision_ia, k)


def subtopic_recall_rows(rows, k, gain):
    return rows.each(_subtopic_recall, k)


def map_ia_rows(rows, k, gain):
    return rows.each(_map_ia)
