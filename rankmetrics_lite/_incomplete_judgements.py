"""Measures for incomplete judgements: bpref, infAP, Judged@k, RBP and its residual.

Every measure elsewhere in the package scores an unjudged document as not
relevant. The measures here keep three kinds of document apart, as trec_eval
does (``form_res_rels.c``):

* **judged**: in the qrels with a grade >= 0 (relevant if the grade reaches
  ``relevance_level``, else judged non-relevant);
* **pool-unjudged**: in the qrels with a negative grade, trec_eval's mark for
  "in the pool but not judged" (for example left out of infAP's sample);
* **not in the pool**: absent from the qrels.

A single-query function takes ``grades`` in rank order as a qrels file gives
them: an integer grade, a negative grade for pool-unjudged, or ``None`` for a
document the qrels do not hold. Each function checks its input and calls a
row kernel that :func:`~rankmetrics_lite.evaluate` also calls on every query
at once (one row per query; see ``Rows`` in :mod:`rankmetrics_lite._evaluate`).
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence

import numpy as np

from .validation import check_count, check_k, check_open_unit
from ._kernels import row_sums, safe_divide

# trec_eval's INFAP_EPSILON (trec_eval.h): keeps infAP's precision estimate
# defined before any judged document has been seen.
INFAP_EPSILON = 0.00001

# Codes of the judgement matrix ``Rows.status``: one per rank of each query.
JUDGED, POOL_UNJUDGED, NOT_IN_POOL, PAST_END = 0, 1, 2, 3


# ----------------------------------------------------------------- kernels --
# relevant, nonrelevant, pool_unjudged, unjudged: bool matrices (n_queries, depth)
# in rank order; n_rel: |R| and n_nonrel: judged non-relevant documents per query.


def bpref_rows(relevant: np.ndarray, nonrelevant: np.ndarray, n_rel: np.ndarray,
               n_nonrel: np.ndarray) -> np.ndarray:
    """bpref per row, as trec_eval 10.0 and 9.0.8 compute it (``m_bpref.c``)."""
    n_rel = np.asarray(n_rel, dtype=float)[:, None]
    n_nonrel = np.asarray(n_nonrel, dtype=float)[:, None]
    # Judged non-relevant documents above each rank (a relevant rank adds none itself).
    above = np.cumsum(nonrelevant, axis=1)
    # Only the first min(|R|, |J^-|) non-relevant documents count: at most |R| of
    # them, out of min(|R|, |J^-|). `above > 0` implies both are at least 1.
    wrong = safe_divide(np.minimum(above, n_rel), np.minimum(n_nonrel, n_rel))
    preferred = np.where(above > 0, 1.0 - wrong, 1.0)
    return safe_divide(row_sums(preferred * relevant), n_rel[:, 0])


def infap_rows(relevant: np.ndarray, nonrelevant: np.ndarray, pool_unjudged: np.ndarray,
               n_rel: np.ndarray) -> np.ndarray:
    """infAP per row, as trec_eval 10.0 and 9.0.8 compute it (``m_infap.c``)."""
    relevant = np.asarray(relevant, dtype=float)
    rel_above = np.cumsum(relevant, axis=1) - relevant  # relevant documents above rank j
    nonrel_above = np.cumsum(nonrelevant, axis=1)
    pooled_above = np.cumsum(pool_unjudged, axis=1)
    j = np.arange(relevant.shape[1], dtype=float)  # 0-based rank: every document above counts
    with np.errstate(divide="ignore", invalid="ignore"):
        # Share of the ranks above that were pooled, times the share of the
        # judged ones among them that are relevant (smoothed by epsilon).
        pooled_share = (rel_above + nonrel_above + pooled_above) / j
        rel_share = (rel_above + INFAP_EPSILON) / (rel_above + nonrel_above + 2 * INFAP_EPSILON)
        estimate = 1.0 / (j + 1.0) + (j / (j + 1.0)) * pooled_share * rel_share
    estimate[:, :1] = 1.0  # a relevant document at rank 1 has precision 1
    return safe_divide(row_sums(np.where(relevant > 0, estimate, 0.0)), n_rel)


def unjudged_rows(unjudged: np.ndarray, k: int) -> np.ndarray:
    """trec_eval 10.0's unj_k per row: (unjudged documents in the top k) / k."""
    return unjudged[:, :k].sum(axis=1) / k


def judged_rows(unjudged: np.ndarray, k: int) -> np.ndarray:
    """Judged@k per row: 1 - (unjudged documents in the top k) / k, trec_eval 10.0's 1 - unj_k."""
    return 1.0 - unjudged_rows(unjudged, k)


def _powers(p: float, n: int) -> np.ndarray:
    """1, p, p^2, ..., p^n, each the one before times p, as trec_eval computes them (p ** k
    rounds differently in the last bit, which can show in the fourth decimal)."""
    steps = np.full(n + 1, float(p))
    steps[0] = 1.0
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        return np.cumprod(steps)


def rbp_rows(gains: np.ndarray, max_grade: np.ndarray, p: float) -> np.ndarray:
    """RBP per row: (1 - p) sum_i gain_i p^(i-1), each gain over max(1, the query's top grade);
    only the ranks that gain something are added (trec_eval's m_rbp.c)."""
    scale = np.maximum(np.asarray(max_grade, dtype=float), 1.0)[:, None]
    weights = _powers(p, gains.shape[1])[:-1]
    with np.errstate(over="ignore", invalid="ignore"):
        terms = np.where(gains != 0, (gains / scale) * weights, 0.0)
        return (1.0 - p) * row_sums(terms)


def rbp_residual_rows(unjudged: np.ndarray, n_ranked: np.ndarray, p: float) -> np.ndarray:
    """RBP's residual per row: what unjudged documents and the ranks past the
    end could still add, p^n + (1 - p) sum over unjudged ranks i of p^(i-1);
    0 when no retrieved document is unjudged (trec_eval 10.0's rbp_resid)."""
    powers = _powers(p, unjudged.shape[1])
    with np.errstate(over="ignore", invalid="ignore"):
        residual = (powers[np.asarray(n_ranked, dtype=np.int64)]
                    + (1.0 - p) * row_sums(np.where(unjudged, powers[:-1], 0.0)))
    return np.where(unjudged.any(axis=1), residual, 0.0)


# ----------------------------------------------------------- input checks --


def _as_judgements(grades: object, relevance_level: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """(status codes, grades with 0 where not judged) of one ranking, or raise."""
    if isinstance(grades, (str, bytes)) or not isinstance(grades, (Sequence, np.ndarray)):
        raise TypeError(
            "grades must be a sequence in rank order of integer grades, a negative grade for a "
            "document in the pool but unjudged, or None for one the qrels do not hold; "
            f"got {type(grades).__name__}"
        )
    status, values = [], []
    for rank, grade in enumerate(grades, start=1):
        if grade is None:
            status.append(NOT_IN_POOL)
            values.append(0)
        elif isinstance(grade, bool) or not isinstance(grade, numbers.Integral):
            raise TypeError(
                f"grades must hold integer grades or None; rank {rank} holds {grade!r} "
                f"({type(grade).__name__}): write an unjudged document as None, not NaN"
            )
        elif grade < 0:
            status.append(POOL_UNJUDGED)
            values.append(0)
        else:
            status.append(JUDGED)
            values.append(int(grade))
    return np.array(status, dtype=np.int8).reshape(1, -1), np.array(values, dtype=float).reshape(1, -1)


def _check_total(value: object, name: str, found: int, what: str) -> int:
    n = check_count(value, name)
    if n < found:
        raise ValueError(
            f"{name} must be at least the number of {what} in the ranking ({found}), got {n}: "
            "it counts all of them that the qrels hold for the query, retrieved or not"
        )
    return n


def _relevant_of(status, values, relevance_level):
    level = check_count(relevance_level, "relevance_level")
    relevant = (status == JUDGED) & (values >= level)
    return relevant, (status == JUDGED) & ~relevant


def _undefined_without_relevant(n_relevant: int, measure: str) -> None:
    if n_relevant == 0:
        raise ValueError(
            f"{measure} is undefined when n_relevant is 0 (the query has no relevant document): "
            "leave such queries out, or score them explicitly with evaluate(..., empty_queries=...)"
        )


# ------------------------------------------------------------- public API --


def bpref(grades: Sequence[int | None] | np.ndarray, *, n_relevant: int, n_nonrelevant: int,
          relevance_level: int = 1) -> float:
    r"""Binary preference: how many judged non-relevant documents each relevant one follows.

    .. math::
        \mathrm{bpref} = \frac{1}{|R|} \sum_{r \in R_{\mathrm{ret}}}
        \Big(1 - \frac{\min(|n \text{ ranked above } r|,\ |R|)}{\min(|R|,\ |J^-|)}\Big)

    where :math:`J^-` is the query's judged non-relevant documents (trec_eval's
    code counts them as ``num_nonrel``; the literature often writes N). Only
    judged documents count: an unjudged document, in the pool or not, is
    skipped, so bpref does not punish a system for finding documents nobody
    judged. The denominator is trec_eval's :math:`\min(|R|, |J^-|)` (from
    version 8.0 on), not the paper's :math:`|R|`.

    Parameters
    ----------
    grades : sequence of int or None
        In rank order: the qrels grade of each document, a negative grade for
        one in the pool but unjudged, None for one the qrels do not hold.
    n_relevant : int
        :math:`|R|`, the query's judged relevant documents, retrieved or not.
    n_nonrelevant : int
        :math:`|J^-|`, the query's judged non-relevant documents (grade >= 0 and
        below ``relevance_level``), retrieved or not.
    relevance_level : int, default=1
        The lowest grade that counts as relevant (trec_eval's ``-l``).

    Returns
    -------
    float
        bpref in [0, 1].

    Raises
    ------
    TypeError
        If a grade is neither an integer nor None.
    ValueError
        If ``n_relevant`` is 0 (bpref is undefined), or a count is smaller
        than what the ranking already shows.

    Examples
    --------
    >>> bpref([1, 0, None, 1], n_relevant=2, n_nonrelevant=4)  # 2nd relevant follows 1 of min(2, 4)
    0.75
    >>> bpref([1, None, None, 1], n_relevant=2, n_nonrelevant=4)  # unjudged documents cost nothing
    1.0

    References
    ----------
    Buckley, C. and Voorhees, E. M. (2004). Retrieval evaluation with
    incomplete information. SIGIR 2004. :cite:p:`buckley2004retrieval`
    """
    status, values = _as_judgements(grades)
    relevant, nonrelevant = _relevant_of(status, values, relevance_level)
    n_rel = _check_total(n_relevant, "n_relevant", int(relevant.sum()), "relevant documents")
    n_non = _check_total(n_nonrelevant, "n_nonrelevant", int(nonrelevant.sum()),
                         "judged non-relevant documents")
    _undefined_without_relevant(n_rel, "bpref")
    return float(bpref_rows(relevant, nonrelevant, np.array([n_rel]), np.array([n_non]))[0])


def inferred_average_precision(grades: Sequence[int | None] | np.ndarray, *, n_relevant: int,
                               relevance_level: int = 1) -> float:
    r"""Inferred average precision (infAP): AP estimated from a random sample of the pool.

    At a relevant document at rank :math:`k > 1` the precision above it is
    estimated from the :math:`k - 1` documents above: those not in the pool
    count as non-relevant, and of those in the pool, a share equal to the
    share of relevant documents among the judged ones is taken as relevant:

    .. math::
        \mathbb{E}[\mathrm{P@}k] = \frac{1}{k} + \frac{k-1}{k}
        \cdot \frac{|\mathrm{pool}_{<k}|}{k-1}
        \cdot \frac{|\mathrm{rel}_{<k}| + \varepsilon}
                   {|\mathrm{rel}_{<k}| + |\mathrm{nonrel}_{<k}| + 2\varepsilon}

    and infAP is their sum over the retrieved relevant documents divided by
    :math:`|R|`, with :math:`\varepsilon = 10^{-5}` (trec_eval). With every
    pooled document judged, and no document outside the pool, it is AP.

    Parameters
    ----------
    grades : sequence of int or None
        In rank order: the qrels grade of each document, a negative grade for
        one in the pool but not in the judged sample, None for one outside the pool.
    n_relevant : int
        :math:`|R|`, the judged relevant documents of the query.
    relevance_level : int, default=1
        The lowest grade that counts as relevant.

    Returns
    -------
    float
        infAP.

    Raises
    ------
    TypeError
        If a grade is neither an integer nor None.
    ValueError
        If ``n_relevant`` is 0 (infAP is undefined) or smaller than the
        relevant documents in the ranking.

    Examples
    --------
    >>> round(inferred_average_precision([1, 0, 1], n_relevant=2), 4)  # AP: (1 + 2/3) / 2
    0.8333
    >>> round(inferred_average_precision([1, -1, 1], n_relevant=2), 4)  # the pooled one: as judged
    1.0

    References
    ----------
    Yilmaz, E. and Aslam, J. A. (2006). Estimating average precision with
    incomplete and imperfect judgments. CIKM 2006. :cite:p:`yilmaz2006estimating`
    """
    status, values = _as_judgements(grades)
    relevant, nonrelevant = _relevant_of(status, values, relevance_level)
    n_rel = _check_total(n_relevant, "n_relevant", int(relevant.sum()), "relevant documents")
    _undefined_without_relevant(n_rel, "infAP")
    return float(infap_rows(relevant, nonrelevant, status == POOL_UNJUDGED, np.array([n_rel]))[0])


def judged_at_k(grades: Sequence[int | None] | np.ndarray, *, k: int) -> float:
    r"""Judged@k: the share of the top k whose relevance is known.

    .. math:: \mathrm{Judged@}k = 1 - \frac{|\{i \le k : d_i \text{ unjudged}\}|}{k}
        = 1 - \mathrm{unj}_k

    An unjudged document is one the qrels do not hold, or hold with a negative
    grade. trec_eval 10.0 reports the complement, ``unj_k``; like it, ranks
    past the end of a short ranking count as judged (non-relevant), as P@k
    counts them. ir_measures' ``Judged@k`` divides by the ranking's length
    when it is shorter than k, and counts a negative grade as judged.

    Parameters
    ----------
    grades : sequence of int or None
        In rank order: a grade, a negative grade (pool-unjudged) or None.
    k : int
        Cutoff rank, a positive integer.

    Returns
    -------
    float
        Judged@k in [0, 1].

    Raises
    ------
    TypeError, ValueError
        If a grade is neither an integer nor None, or k is not a positive integer.

    Examples
    --------
    >>> judged_at_k([1, None, 0, -1, 2], k=5)  # two of five unjudged: unj_5 = 0.4
    0.6
    >>> judged_at_k([None, 1], k=4)  # ranks 3 and 4 do not exist: they count as judged
    0.75

    References
    ----------
    Buckley, C. and Voorhees, E. M. (2004). Retrieval evaluation with
    incomplete information. SIGIR 2004. :cite:p:`buckley2004retrieval`
    """
    status, _ = _as_judgements(grades)
    return float(judged_rows(status != JUDGED, check_k(k))[0])


def rank_biased_precision(grades: Sequence[int | None] | np.ndarray, *, p: float,
                          max_grade: int = 1) -> float:
    r"""Rank-biased precision: the gain a user collects who goes on to the next rank with probability p.

    .. math:: \mathrm{RBP} = (1 - p) \sum_{i \ge 1} g_i \, p^{\,i-1},
        \qquad g_i = \frac{\mathrm{grade}_i}{\max(1, \mathrm{max\_grade})}

    An unjudged document gains 0, so RBP is a lower bound; its residual
    (:func:`rank_biased_precision_residual`) is how much more it could be.
    Graded judgements are divided by the query's highest grade, as trec_eval
    10.0 does (its ``rbp``; grades of 0 and 1 stay as they are).

    Parameters
    ----------
    grades : sequence of int or None
        In rank order: a grade, a negative grade (pool-unjudged) or None.
    p : float
        Persistence, strictly between 0 and 1: 0.8 in ir_measures, 0.9 in
        trec_eval by default. The expected number of ranks viewed is 1/(1 - p).
    max_grade : int, default=1
        The highest grade among all of the query's judgements.

    Returns
    -------
    float
        RBP in [0, 1].

    Raises
    ------
    TypeError, ValueError
        If a grade is neither an integer nor None, p is not strictly between
        0 and 1, or a grade exceeds ``max_grade``.

    Examples
    --------
    >>> round(rank_biased_precision([1, 0, 1], p=0.5), 4)  # 0.5 * (1 + 0.25)
    0.625
    >>> round(rank_biased_precision([2, None, 1], p=0.5, max_grade=2), 4)  # 0.5 * (1 + 0.25 / 2)
    0.5625

    References
    ----------
    Moffat, A. and Zobel, J. (2008). Rank-biased precision for measurement
    of retrieval effectiveness. ACM TOIS 27(1). :cite:p:`moffat2008rank`
    """
    status, values = _as_judgements(grades)
    p = check_open_unit(p, "p")
    top = check_count(max_grade, "max_grade")
    if values.size and values.max() > top:
        raise ValueError(
            f"max_grade must be at least every grade in the ranking ({int(values.max())}), got {top}: "
            "it is the highest grade among the query's judgements"
        )
    return float(rbp_rows(values, np.array([top]), p)[0])


def rank_biased_precision_residual(grades: Sequence[int | None] | np.ndarray, *, p: float) -> float:
    r"""RBP's residual: how much RBP could still grow if every unknown document were relevant.

    .. math:: \mathrm{RBP}_{\mathrm{res}} = p^{\,n} + (1 - p)
        \sum_{i \le n,\ d_i \text{ unjudged}} p^{\,i-1}

    for a ranking of n documents: the weight of the unjudged ranks plus that
    of every rank past the end. The true RBP lies in
    :math:`[\mathrm{RBP}, \mathrm{RBP} + \mathrm{RBP}_{\mathrm{res}}]`.
    trec_eval 10.0's ``rbp_resid`` reports 0 when no retrieved document is
    unjudged (it then leaves out the tail :math:`p^n` too), and so does this
    function.

    Parameters
    ----------
    grades : sequence of int or None
        In rank order: a grade, a negative grade (pool-unjudged) or None.
    p : float
        Persistence, strictly between 0 and 1.

    Returns
    -------
    float
        The residual in [0, 1].

    Raises
    ------
    TypeError, ValueError
        If a grade is neither an integer nor None, or p is not strictly between 0 and 1.

    Examples
    --------
    >>> round(rank_biased_precision_residual([1, None, 0], p=0.5), 4)  # 0.125 + 0.5 * 0.5
    0.375
    >>> rank_biased_precision_residual([1, 0, 0], p=0.5)  # all judged: trec_eval reports 0
    0.0

    References
    ----------
    Moffat, A. and Zobel, J. (2008). Rank-biased precision for measurement
    of retrieval effectiveness. ACM TOIS 27(1). :cite:p:`moffat2008rank`
    """
    status, _ = _as_judgements(grades)
    p = check_open_unit(p, "p")
    return float(rbp_residual_rows(status != JUDGED, np.array([status.shape[1]]), p)[0])


def condensed_list(grades: Sequence[int | None] | np.ndarray) -> list[int]:
    r"""The ranking with its unjudged documents removed (Sakai's condensed list).

    .. math:: (g_{i_1}, g_{i_2}, \dots), \qquad i_1 < i_2 < \dots \text{ the ranks of the judged documents}

    Any measure computed on it is that measure's condensed-list version, as
    ``evaluate(..., unjudged="condensed")`` and trec_eval's ``-J`` compute it.

    Parameters
    ----------
    grades : sequence of int or None
        In rank order: a grade, a negative grade (pool-unjudged) or None.

    Returns
    -------
    list of int
        The judged grades, in their order.

    Raises
    ------
    TypeError
        If a grade is neither an integer nor None.

    Examples
    --------
    >>> condensed_list([None, 0, 2, -1, 1])
    [0, 2, 1]

    References
    ----------
    Sakai, T. (2007). Alternatives to bpref. SIGIR 2007. :cite:p:`sakai2007alternatives`
    """
    status, values = _as_judgements(grades)
    return [int(g) for g in values[status == JUDGED]]
