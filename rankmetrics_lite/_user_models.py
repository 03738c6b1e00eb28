r"""Measures as users: the C/W/L framework of Moffat, Bailey, Scholer & Thomas.

A user reads a ranking from the top. After rank :math:`i` they go on to rank
:math:`i+1` with probability :math:`C(i)`, the *continuation* function, which may
depend on the rank, on the gains seen so far and on the cost of reading. From
:math:`C` alone follow the chance :math:`R(i) = \prod_{j<i} C(j)` of reaching
rank :math:`i`, the *weight* :math:`W(i) = R(i) / \sum_k R(k)` of each rank, and
the chance :math:`L(i) = R(i)\,(1 - C(i))` that rank :math:`i` is the last one
read. A measure is then a user model:

.. math::

    \mathrm{ERG} = \sum_i W(i)\, g_i, \qquad
    \mathrm{ETG} = \sum_i L(i) \sum_{j \le i} g_j, \qquad
    \mathrm{ED} = \sum_i R(i) = 1 / W(1),

the expected rate of gain per document read (what a C/W/L measure reports as
its value), the expected total gain, and the expected depth; the same two
expectations of the cost give the rate and total of cost.

Every model is one continuation function here (``_CONTINUATIONS``), and one
kernel (:func:`cwl_rows`) turns any of them, for many rankings at once, into the
five expectations. The conventions are those of ``cwl_eval`` 1.0.12 (Azzopardi,
Thomas & Moffat), so that the numbers agree with it: a ranking is read to
``depth`` ranks (1,000, cwl_eval's ``--max_depth``; past its end a ranking holds
documents of gain 0 and cost 1), :math:`L` is not renormalised (a user who would
go on past the depth is left out of ETG), and gains lie in [0, 1].
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from .validation import as_vector

if TYPE_CHECKING:  # annotations only: numpy.typing is not imported at run time
    from numpy.typing import ArrayLike

#: How many ranks a C/W/L user can read (cwl_eval's default ``--max_depth``).
CWL_DEPTH = 1000

# Blocks of this many rankings are widened to the depth at a time, so that a
# large run never holds a (queries, 1000) matrix for each quantity at once.
_BLOCK = 2048


# --------------------------------------------------------------- models --
# Each function takes gains G and costs K, (rankings, depth) matrices, the
# measure's cutoff k (or None) and its parameter value, and returns C, a matrix
# of the same shape. Ranks are 1-based in the comments, 0-based in the arrays.


def _ranks(shape) -> np.ndarray:
    return np.arange(1, shape[1] + 1, dtype=float)[None, :]


def _up_to(shape, k: int) -> np.ndarray:
    """1 before rank k, 0 from rank k on: a user who stops at rank k."""
    return (_ranks(shape) < k).astype(float)


def _precision(G, K, k, value):
    return np.broadcast_to(_up_to(G.shape, k), G.shape)


def _rbp(G, K, k, p):
    return np.full(G.shape, p)


def _rr(G, K, k, value):
    # Go on until the first document with any gain, and stop there.
    return (np.cumsum(G > 0, axis=1) == 0).astype(float)


def _ap(G, K, k, value):
    # C(i) = sum_{j > i} g_j / j over sum_{j >= i} g_j / j (0 once nothing is left to find).
    terms = G / _ranks(G.shape)
    from_here = np.cumsum(terms[:, ::-1], axis=1)[:, ::-1]
    after = np.concatenate([from_here[:, 1:], np.zeros((G.shape[0], 1))], axis=1)
    return np.divide(after, from_here, out=np.zeros_like(after), where=after > 0)


def _sdcg(G, K, k, value):
    i = _ranks(G.shape)
    return np.broadcast_to(np.where(i < k, np.log2(i + 1) / np.log2(i + 2), 0.0), G.shape)


def _inst(G, K, k, target):
    # Moffat et al. 2015: T_i = T - (gain so far); C(i) = ((i + T + T_i - 1) / (i + T + T_i))^2.
    x = _ranks(G.shape) + target + (target - np.cumsum(G, axis=1))
    return ((x - 1.0) / x) ** 2


def _insq(G, K, k, target):
    x = _ranks(G.shape) + 2.0 * target
    return np.broadcast_to(((x - 1.0) / x) ** 2, G.shape)


def _from_reach(reach: np.ndarray) -> np.ndarray:
    """C from the chance R(i) of reaching each rank: C(i) = R(i+1) / R(i), and 0 at the last rank."""
    after = np.concatenate([reach[:, 1:], np.zeros((reach.shape[0], 1))], axis=1)
    return np.divide(after, reach, out=np.zeros_like(after), where=reach > 0)


def _before(K) -> np.ndarray:
    """The cost spent before each rank (0 at rank 1)."""
    return np.concatenate([np.zeros((K.shape[0], 1)), np.cumsum(K, axis=1)[:, :-1]], axis=1)


def _tbg(G, K, k, halflife):
    # Smucker & Clarke: the chance of still reading decays by half every `halflife` units of cost.
    return _from_reach(2.0 ** (-_before(K) / halflife))


def _umeasure(G, K, k, length):
    # Sakai & Dou: the chance of reading falls linearly with the text read, to 0 after `length`.
    reach = np.maximum(0.0, 1.0 - _before(K) / length)
    reach[:, -1] = 0.0  # cwl_eval gives the last rank of the depth no weight
    return _from_reach(reach)


def _bpm(G, K, k, target):
    # Zhang et al.'s bejewelled player, static: go on while gain < T and cost < K (the cutoff).
    return ((np.cumsum(G, axis=1) < target) & (np.cumsum(K, axis=1) < k)).astype(float)


def _nerr8(G, K, k, value):
    return np.where(_ranks(G.shape) < k, 1.0 - G, 0.0)


def _nerr9(G, K, k, value):
    i = _ranks(G.shape)
    return np.where(i < k, i / (i + 1.0) * (1.0 - G), 0.0)


def _nerr10(G, K, k, phi):
    return phi * (1.0 - G)


def _nerr11(G, K, k, target):
    x = _ranks(G.shape) + 2.0 * target
    return ((x - 1.0) / x) ** 2 * (1.0 - G)


_CONTINUATIONS = {
    "CWL_P": _precision, "CWL_RBP": _rbp, "CWL_RR": _rr, "CWL_AP": _ap, "SDCG": _sdcg,
    "INST": _inst, "INSQ": _insq, "TBG": _tbg, "UMeasure": _umeasure, "BPM": _bpm,
    "NERR8": _nerr8, "NERR9": _nerr9, "NERR10": _nerr10, "NERR11": _nerr11,
}
# The models whose continuation reads the gains: their C/W/L weights differ from ranking to ranking.
ADAPTIVE = ("CWL_RR", "CWL_AP", "INST", "BPM", "NERR8", "NERR9", "NERR10", "NERR11")


# --------------------------------------------------------------- kernel --


@dataclass(frozen=True)
class CWLValues:
    """The five expectations of a C/W/L user, one value per ranking (arrays), or floats."""

    rate_of_gain: np.ndarray  # ERG, cwl_eval's EU: the measure's value
    total_gain: np.ndarray  # ETG, cwl_eval's ETU
    rate_of_cost: np.ndarray  # cwl_eval's EC
    total_cost: np.ndarray  # cwl_eval's ETC
    depth: np.ndarray  # ED: the expected number of documents read


def _expectations(C: np.ndarray, G: np.ndarray, K: np.ndarray) -> tuple[np.ndarray, np.ndarray, CWLValues]:
    """R, W, L and the five expectations from C, gains and costs (rankings, depth)."""
    reach = np.cumprod(np.concatenate([np.ones((C.shape[0], 1)), C[:, :-1]], axis=1), axis=1)
    depth = reach.sum(axis=1)
    weights = reach / depth[:, None]
    last = reach * (1.0 - C)
    values = CWLValues((weights * G).sum(axis=1), (last * np.cumsum(G, axis=1)).sum(axis=1),
                       (weights * K).sum(axis=1), (last * np.cumsum(K, axis=1)).sum(axis=1), depth)
    return weights, last, values


def _widened(matrix: np.ndarray, depth: int, fill: float) -> np.ndarray:
    """``matrix`` cut or padded with ``fill`` to ``depth`` columns."""
    if matrix.shape[1] >= depth:
        return np.array(matrix[:, :depth], dtype=float)
    pad = np.full((matrix.shape[0], depth - matrix.shape[1]), fill)
    return np.concatenate([np.asarray(matrix, dtype=float), pad], axis=1)


def model_depth(cutoff: int | None) -> int:
    """How many ranks a model reads: cwl_eval's depth, or the cutoff where it is deeper."""
    return max(CWL_DEPTH, cutoff or 0)


def cwl_rows(family: str, gains: np.ndarray, cutoff: int | None, value, costs: np.ndarray | None = None,
             ) -> CWLValues:
    """The C/W/L expectations of ``family`` for each row of ``gains`` (in [0, 1], rank order).

    The rows are read to :func:`model_depth` ranks (padded with gain 0 and cost 1),
    a block of rows at a time. ``costs`` (same shape, default 1 per document).
    """
    continuation = _CONTINUATIONS[family]
    depth = model_depth(cutoff)
    parts = []
    for start in range(0, max(gains.shape[0], 1), _BLOCK):
        G = _widened(gains[start:start + _BLOCK], depth, 0.0)
        K = np.ones_like(G) if costs is None else _widened(costs[start:start + _BLOCK], depth, 1.0)
        parts.append(_expectations(continuation(G, K, cutoff, value), G, K)[2])
    return CWLValues(*(np.concatenate([getattr(p, f) for p in parts])
                       for f in CWLValues.__dataclass_fields__))


def cwl_kernel(family: str):
    """The catalogue's row kernel of ``family``: its expected rate of gain, each document's
    gain its grade over the query's highest grade (trec_eval 10.0's rbp does the same)."""
    def kernel(rows, k, gain, value=None):
        gains = rows.gains / np.maximum(rows.max_grade, 1.0)[:, None]
        return cwl_rows(family, gains, k, value).rate_of_gain
    return kernel


# ------------------------------------------------------- single ranking --


@dataclass(frozen=True)
class CWLMeasure:
    """Result of :func:`cwl_measure`: one ranking read by one C/W/L user.

    ``continuation``, ``weights`` and ``last`` are C(i), W(i) and L(i) at ranks
    1 to ``len(continuation)`` (the model's depth); the five expectations are
    floats: the rates of gain (the measure's value) and of cost per document read,
    the expected total gain and total cost, and the expected depth.

    Attributes
    ----------
    measure : str
        The model's name, as :func:`~rankmetrics_lite.evaluate` names it.
    continuation : array-like of float
        C(i), the chance of going on from each rank to the next.
    weights : array-like of float
        W(i), each rank's weight: the chance of reaching it over the expected depth.
    last : array-like of float
        L(i), the chance that each rank is the last one read.
    rate_of_gain : float
        The expected rate of gain per document read (ERG): the measure's value
        (cwl_eval's EU).
    total_gain : float
        The expected total gain (ETG, cwl_eval's ETU).
    rate_of_cost : float
        The expected rate of cost per document read (cwl_eval's EC).
    total_cost : float
        The expected total cost (cwl_eval's ETC).
    depth : float
        The expected number of documents read (ED).

    Examples
    --------
    >>> user = cwl_measure([1, 0, 1, 0], "CWL_P@4")
    >>> user.measure, user.continuation[:5].tolist(), user.last[:5].tolist()
    ('CWL_P@4', [1.0, 1.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0, 0.0])
    >>> user.rate_of_cost, user.total_cost
    (1.0, 4.0)

    References
    ----------
    Moffat, Bailey, Scholer & Thomas (2017). Incorporating user expectations and
    behavior into the measurement of search effectiveness. ACM TOIS 35(3).
    :cite:p:`moffat2017incorporating`

    Azzopardi, Thomas & Moffat (2019). cwl_eval: an evaluation tool for
    information retrieval. SIGIR. :cite:p:`azzopardi2019cwl`
    """

    measure: str
    continuation: np.ndarray = field(repr=False)
    weights: np.ndarray = field(repr=False)
    last: np.ndarray = field(repr=False)
    rate_of_gain: float
    total_gain: float
    rate_of_cost: float
    total_cost: float
    depth: float


def _as_unit_gains(gains: object) -> np.ndarray:
    array = as_vector(gains, "gains")
    bad = (array < 0) | (array > 1)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(f"gains must lie between 0 and 1 (C/W/L's gains; rank {i + 1} holds "
                         f"{array[i]:g}): divide each grade by the highest grade first")
    return array


def _as_costs(costs: object, n: int) -> np.ndarray:
    array = as_vector(costs, "costs")
    if array.size != n:
        raise ValueError(f"costs must hold one cost per ranked document: {array.size} costs "
                         f"for {n} gains")
    if (array < 0).any():
        i = int(np.flatnonzero(array < 0)[0])
        raise ValueError(f"costs must be 0 or more (time, words or documents read); rank {i + 1} "
                         f"holds {array[i]:g}")
    return array


def cwl_measure(gains: ArrayLike, measure: str, *, costs: ArrayLike | None = None) -> CWLMeasure:
    r"""Read one ranking as the C/W/L user of ``measure`` and return what that user expects.

    The user goes on from rank :math:`i` with probability :math:`C(i)`; so
    :math:`R(i) = \prod_{j<i} C(j)`, :math:`W(i) = R(i) / \sum_k R(k)` and
    :math:`L(i) = R(i)(1 - C(i))`, and

    .. math::

        \mathrm{ERG} = \sum_i W(i)\,g_i, \quad
        \mathrm{ETG} = \sum_i L(i) \sum_{j\le i} g_j, \quad
        \mathrm{ED} = \sum_i R(i).

    The models, each named as :func:`~rankmetrics_lite.evaluate` names it:

    ======================  =====================================================
    ``CWL_P@k``             :math:`C(i) = [i < k]`: precision at k
    ``CWL_RBP(p=...)``      :math:`C(i) = p`: rank-biased precision
    ``CWL_RR``              go on until the first document with gain: reciprocal rank
    ``CWL_AP``              :math:`C(i) = \sum_{j>i} g_j/j \,/ \sum_{j\ge i} g_j/j`
    ``SDCG@k``              :math:`C(i) = [i<k]\log_2(i+1)/\log_2(i+2)`: scaled DCG
    ``INST(T=...)``         :math:`C(i) = ((i + T + T_i - 1)/(i + T + T_i))^2`,
                            :math:`T_i = T - \sum_{j \le i} g_j`
    ``INSQ(T=...)``         :math:`C(i) = ((i + 2T - 1)/(i + 2T))^2`
    ``TBG(halflife=...)``   :math:`R(i) = 2^{-t_i/h}`, :math:`t_i` the cost before rank i
    ``UMeasure(L=...)``     :math:`R(i) = \max(0, 1 - t_i/L)`
    ``BPM(T=...)@K``        go on while the gain so far is below T and the cost below K
    ``NERR8@k``             :math:`C(i) = [i<k]\,(1 - g_i)`
    ``NERR9@k``             :math:`C(i) = [i<k]\, i/(i+1)\,(1 - g_i)`
    ``NERR10(phi=...)``     :math:`C(i) = \phi(1 - g_i)`
    ``NERR11(T=...)``       INSQ's C(i) times :math:`(1 - g_i)`
    ======================  =====================================================

    As in ``cwl_eval`` 1.0.12, the ranking is read to 1,000 ranks (or k, if
    deeper), padded with documents of gain 0 and cost 1, and :math:`L` is not
    renormalised.

    Parameters
    ----------
    gains : sequence of float
        Each ranked document's gain, in [0, 1], in rank order (a grade divided
        by the highest grade, for example).
    measure : str
        The model's name, as above.
    costs : sequence of float, optional
        Each document's cost of reading (seconds, words, ...), 0 or more; 1 each
        by default. Only TBG, UMeasure and BPM read costs to decide; every model
        reports their rate and total.

    Returns
    -------
    CWLMeasure
        C, W and L at every rank, and the expected rate of gain (the measure's
        value), total gain, rate and total of cost, and depth.

    Raises
    ------
    TypeError, ValueError
        An unknown or non-C/W/L measure name, a gain outside [0, 1], a negative
        cost, or costs of another length than the gains.

    Examples
    --------
    >>> user = cwl_measure([1, 0, 1, 0], "CWL_P@4")
    >>> user.rate_of_gain, user.total_gain, user.depth
    (0.5, 2.0, 4.0)
    >>> user = cwl_measure([0, 1, 1], "CWL_RR")  # stops at rank 2
    >>> user.rate_of_gain, user.depth, user.weights[:3].tolist()
    (0.5, 2.0, [0.5, 0.5, 0.0])
    >>> round(cwl_measure([1, 0, 1], "CWL_RBP(p=0.5)").rate_of_gain, 4)  # 0.5 (1 + 0.25)
    0.625
    >>> round(cwl_measure([1, 1, 0], "INST(T=2)").depth, 4)
    2.9943

    References
    ----------
    Moffat, Bailey, Scholer & Thomas (2017). Incorporating user expectations and
    behavior into the measurement of search effectiveness. ACM TOIS 35(3).
    :cite:p:`moffat2017incorporating`

    Azzopardi, Thomas & Moffat (2019). cwl_eval: an evaluation tool for
    information retrieval. SIGIR. :cite:p:`azzopardi2019cwl`
    """
    from .measures import parse_measure  # the catalogue imports this module's kernels

    parsed = parse_measure(measure)
    if parsed.family not in _CONTINUATIONS:
        cwl = ", ".join(sorted(_CONTINUATIONS))
        raise ValueError(f"measure must name a C/W/L user model ({cwl}), got {measure!r}: "
                         f"for {parsed.family} itself use evaluate or its own function")
    gains = _as_unit_gains(gains)
    costs = None if costs is None else _as_costs(costs, gains.size)[None, :]
    value = parsed.value
    depth = model_depth(parsed.cutoff)
    G = _widened(gains[None, :], depth, 0.0)
    K = np.ones_like(G) if costs is None else _widened(costs, depth, 1.0)
    C = _CONTINUATIONS[parsed.family](G, K, parsed.cutoff, value)
    weights, last, values = _expectations(C, G, K)
    numbers = [float(getattr(values, f)[0]) for f in CWLValues.__dataclass_fields__]
    return CWLMeasure(parsed.name, np.array(C[0]), weights[0], last[0], *numbers)

