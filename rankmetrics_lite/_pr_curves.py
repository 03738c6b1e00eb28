"""Precision-recall curves: from a ranking's cutoffs and from a threshold sweep.

Two curves share the name and differ in what moves:

* **cutoff curve** (a ranking, |R| known): one point per rank k, recall R@k and
  precision P@k; its interpolated precision and the 11-point average are
  trec_eval's ``iprec_at_recall`` and ``11pt_avg``;
* **threshold curve** (labelled items with scores): one point per distinct
  score t, everything scoring >= t called positive; its summaries are the
  step-wise average precision (scikit-learn's), the trapezoidal AUPRC, the best
  precision at a recall target and the maximum F1.

The formulas are not repeated: P, R and F1 come from the kernels of
:mod:`rankmetrics_lite._cutoff_metrics` (a threshold is a cutoff at the end of a
run of tied scores) and the threshold sweep and trapezoid rule from
:mod:`rankmetrics_lite._roc`. "Maximum precision at recall >= r" is written once,
in :func:`_interpolate_rows`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple

import numpy as np

from .validation import as_binary_relevance, as_fraction, check_choice, check_n_relevant, labels_and_scores
from ._c_numbers import c_long_of
from ._cutoff_metrics import precision_recall_at_all_k
from ._trec_ranking import DEFAULT_TREC_EVAL_VERSION, check_trec_eval_version
from ._kernels import f1_from_hits, precision_from_hits, recall_from_hits, safe_divide
from ._roc import as_item_values, confusion_sweep, cumulative_area, require_classes

if TYPE_CHECKING:  # annotations only: numpy.typing is not imported at run time
    from numpy.typing import ArrayLike

RecallRule = Literal["trec_eval", "exact"]
RECALL_RULES: tuple[str, ...] = ("trec_eval", "exact")
ELEVEN_RECALL_LEVELS = np.arange(11) / 10  # 3 / 10 is the double nearest 0.3; 3 * 0.1 is not

# A recall this far below a level still reaches it, so that a level computed as
# 3 * 0.1 = 0.30000000000000004 is reached by a recall of exactly 3/10.
_RECALL_TOLERANCE = 1e-12

# ----------------------------------------------------------------- kernels --
# rows: float array (n_queries, depth) of 0/1 in rank order, padded with zeros;
# n_rel: |R| per row. Padding adds points of lower precision than the last
# relevant rank, so it never changes an interpolated precision.


def _interpolate_rows(recall: np.ndarray, precision: np.ndarray, levels: np.ndarray) -> np.ndarray:
    """Max precision over the points with recall >= level (0 if none), per row and level.

    recall, precision: (n_rows, n_points); levels: (n_rows, n_levels).
    Points and levels are merged and visited from the highest recall down,
    carrying the running maximum of precision: a level reads the maximum over
    every point at or above it. One sort per row: O((n + m) log(n + m)).
    """
    n_points = recall.shape[1]
    if n_points and (recall.shape[0] == 0 or (np.diff(recall, axis=1) >= 0).all()):
        return _interpolate_sorted_rows(recall, precision, levels)
    keys = np.concatenate([recall, levels - _RECALL_TOLERANCE], axis=1)
    carried = np.concatenate([precision, np.zeros(levels.shape)], axis=1)  # a level adds nothing
    order = np.argsort(-keys, axis=1, kind="stable")
    running_max = np.maximum.accumulate(np.take_along_axis(carried, order, axis=1), axis=1)
    merged = np.empty_like(running_max)
    np.put_along_axis(merged, order, running_max, axis=1)
    return merged[:, n_points:]


def _interpolate_sorted_rows(recall: np.ndarray, precision: np.ndarray, levels: np.ndarray) -> np.ndarray:
    """_interpolate_rows when recall never decreases along a row (a ranking's cutoff
    curve): the points at or above a level are those from the first that reaches it,
    so a level reads the running maximum of precision taken from the right, there."""
    envelope = np.maximum.accumulate(precision[:, ::-1], axis=1)[:, ::-1]
    padded = np.concatenate([envelope, np.zeros((envelope.shape[0], 1))], axis=1)  # none reaches
    first = np.empty(levels.shape, dtype=np.int64)
    for j in range(levels.shape[1]):
        first[:, j] = (recall < levels[:, j:j + 1] - _RECALL_TOLERANCE).sum(axis=1)
    return np.take_along_axis(padded, first, axis=1)


def _round_half_up(x: np.ndarray) -> np.ndarray:
    """C's lround for x >= 0 (halves away from zero, unlike numpy's half-to-even)."""
    whole = np.floor(x)
    return whole + (x - whole >= 0.5)


def _required_recall_rows(levels: np.ndarray, n_rel: np.ndarray, rule: str, version: str) -> np.ndarray:
    """The recall each nominal level asks for, per row, under a rounding ``rule``.

    trec_eval turns a level L into a number of relevant items to find; the
    level is reached once that many are found.
    """
    n_rel = np.asarray(n_rel, dtype=float).reshape(-1, 1)
    if rule == "exact":
        return np.broadcast_to(levels.reshape(1, -1), (n_rel.shape[0], levels.size))
    return safe_divide(_items_needed(levels, n_rel, version), n_rel)


def _items_needed(levels: np.ndarray, n_rel: np.ndarray, version: str) -> np.ndarray:
    """How many relevant items trec_eval asks for to reach each recall level, per row
    (n_rel: a column of |R|), as the C ``long`` it computes (a float array)."""
    with np.errstate(invalid="ignore", over="ignore"):  # inf x 0 is NaN, as in C
        wanted = np.asarray(levels, dtype=float).reshape(1, -1) * n_rel  # relevant items, as a real number
        if version == "10.0":  # since December 2023: lround(L |R|)
            return c_long_of(np.sign(wanted) * _round_half_up(np.abs(wanted)))
        return c_long_of(wanted + 0.9)  # 9.0.8 and pytrec_eval: (long)(L |R| + 0.9)


def interpolated_precision_rows(rows: np.ndarray, n_rel: np.ndarray, n_ret: np.ndarray,
                                levels, version: str, hits: np.ndarray | None = None) -> np.ndarray:
    """trec_eval's ``iprec_at_recall`` per row and level: (n_rows, n_levels).

    Each level asks for :func:`_items_needed` relevant items; its value is the
    interpolated precision where that many are found. trec_eval reads the levels
    from the last to the first while it walks the ranking up from its end:

    * levels asking for more items than were found read 0, while they come last;
    * a level asking for no item (or fewer than the level read before it, when the
      levels are out of order) is passed by the walk: it and every level before it
      read where the walk ends, the highest precision of the ranking;
    * the walk starts from the precision of the whole ranking, 0/0 for an empty one,
      where a level then reads NaN (trec_eval prints ``-nan``), which
      :func:`~rankmetrics_lite.evaluate` treats as undefined.
    """
    levels = np.atleast_1d(np.asarray(levels, dtype=float))
    hits = np.cumsum(rows, axis=1) if hits is None else hits
    ranks = np.arange(1, rows.shape[1] + 1)
    n_rel = np.asarray(n_rel, dtype=float).reshape(-1, 1)
    n_ret = np.asarray(n_ret, dtype=float)
    needed = _items_needed(levels, n_rel, version)
    found = hits[:, -1] if hits.shape[1] else np.zeros(rows.shape[0])
    envelope = np.maximum.accumulate(precision_from_hits(hits, ranks)[:, ::-1], axis=1)[:, ::-1]
    with np.errstate(invalid="ignore", divide="ignore"):
        start = np.where(n_ret > 0, found / np.maximum(n_ret, 1), _nan())  # where the walk starts
    # Where it ends: the precision at the first relevant item, the highest of the ranking.
    end = np.where(found >= 1, envelope[:, 0] if envelope.shape[1] else 0.0, start)
    values = np.zeros(needed.shape)
    position = found.copy()  # relevant items above the walk's place
    skipping = np.ones(rows.shape[0], dtype=bool)
    passed = np.zeros(rows.shape[0], dtype=bool)
    for k in range(levels.size - 1, -1, -1):
        c = needed[:, k]
        skipping &= c > found
        reached = ~skipping & ~passed & (c >= 1) & (c <= position)
        passed |= ~skipping & ~reached
        # The interpolated precision at the rank of the c-th relevant item.
        at = np.minimum((hits < np.where(reached, c, 1)[:, None]).sum(axis=1), max(rows.shape[1] - 1, 0))
        read = envelope[np.arange(rows.shape[0]), at] if envelope.shape[1] else start
        values[:, k] = np.where(skipping, 0.0, np.where(reached, read, end))
        position = np.where(reached, c, position)
    return values


def interpolated_precision_average_rows(rows: np.ndarray, n_rel: np.ndarray, n_ret: np.ndarray,
                                        levels, version: str, hits: np.ndarray | None = None) -> np.ndarray:
    """trec_eval's ``11pt_avg`` over any recall levels, per row: the values
    :func:`interpolated_precision_rows` reads at the levels, added as trec_eval adds them
    (from the last level to the first, starting from 0), over the number of levels."""
    levels = np.atleast_1d(np.asarray(levels, dtype=float))
    at_level = interpolated_precision_rows(rows, n_rel, n_ret, levels, version, hits)
    total = np.zeros(rows.shape[0])
    for k in range(levels.size - 1, -1, -1):
        total = total + at_level[:, k]
    return total / levels.size


def _nan() -> float:
    """0/0 as the processor computes it (the NaN trec_eval prints as -nan)."""
    with np.errstate(invalid="ignore"):
        return np.float64(0.0) / np.float64(0.0)


def _eleven_point_rows(rows: np.ndarray, n_rel: np.ndarray, rule: str = "trec_eval",
                       version: str = DEFAULT_TREC_EVAL_VERSION) -> np.ndarray:
    """Interpolated precision at recall 0.0, 0.1, ..., 1.0 per row: (n_rows, 11).

    A row with |R| = 0 scores 0 at every level (trec_eval's value).
    """
    hits = np.cumsum(rows, axis=1)
    ranks = np.arange(1, rows.shape[1] + 1)
    n_rel = np.asarray(n_rel, dtype=float).reshape(-1, 1)
    levels = _required_recall_rows(ELEVEN_RECALL_LEVELS, n_rel, rule, version)
    return _interpolate_rows(recall_from_hits(hits, n_rel), precision_from_hits(hits, ranks), levels)


def _threshold_rates(labels: np.ndarray, scores: np.ndarray) -> tuple[np.ndarray, ...]:
    """Thresholds (descending) with precision, recall and F1 at each: no start point."""
    sweep = confusion_sweep(labels, scores)
    hits, predicted, n_positive = sweep.true_positives, sweep.predicted, sweep.n_positive
    return (
        sweep.thresholds,
        precision_from_hits(hits, predicted),
        recall_from_hits(hits, n_positive),
        f1_from_hits(hits, predicted, n_positive),
    )


def _curve_from_rates(
    precision: np.ndarray, recall: np.ndarray, thresholds: np.ndarray
) -> tuple[np.ndarray, ...]:
    """Prepend the start point (recall 0, precision 1, threshold +inf), as scikit-learn does."""
    return np.append(1.0, precision), np.append(0.0, recall), np.append(np.inf, thresholds)


# ------------------------------------------------------------ input checks --


def _check_recall_rule(recall_rule: object) -> str:
    return check_choice(recall_rule, "recall_rule", RECALL_RULES)


def _as_rate_vector(values: object, name: str) -> np.ndarray:
    """A finite 1-D array of values in [0, 1] (recall, precision or recall levels), or raise."""
    array = as_item_values(values, name)
    outside = (array < 0) | (array > 1)
    if np.any(outside):
        index = int(np.flatnonzero(outside)[0])
        raise ValueError(f"{name} must lie in [0, 1]; {name}[{index}] is {array[index]:g}")
    return array


# ------------------------------------------------------- public API: results --


class RankingPRCurve(NamedTuple):
    """Precision and recall at every cutoff k = 1, 2, ..., n of a ranking."""

    precision: np.ndarray
    recall: np.ndarray
    k: np.ndarray


class ElevenPointPrecision(NamedTuple):
    """Interpolated precision at the 11 standard recall levels, and their mean (``11pt_avg``)."""

    recall_levels: np.ndarray
    precision: np.ndarray
    average: float


class ThresholdPRCurve(NamedTuple):
    """Precision and recall at every threshold, highest threshold first.

    Point 0 is the start (recall 0, precision 1 by convention, threshold +inf);
    then ``thresholds[i]`` is a distinct score t, items scoring >= t called positive.
    """

    precision: np.ndarray
    recall: np.ndarray
    thresholds: np.ndarray


class OperatingPoint(NamedTuple):
    r"""One threshold of a score-based classifier and what it achieves there.

    Calling every item with score :math:`\ge` ``threshold`` positive gives the
    precision :math:`\mathrm{TP}/(\mathrm{TP}+\mathrm{FP})`, the recall
    :math:`\mathrm{TP}/P` and their harmonic mean F1. :func:`max_f1` and
    :func:`precision_at_recall` return one; a named tuple, it unpacks as
    ``threshold, precision, recall, f1 = point``.

    Attributes
    ----------
    threshold : float
        The lowest score called positive.
    precision, recall, f1 : float
        What calling those items positive achieves.

    Examples
    --------
    >>> OperatingPoint(threshold=0.6, precision=0.75, recall=1.0, f1=6 / 7).f1 > 0.85
    True

    References
    ----------
    Davis & Goadrich (2006). The relationship between precision-recall and ROC curves.
    :cite:p:`davis2006relationship`
    """

    threshold: float
    precision: float
    recall: float
    f1: float


# The Attributes section documents the fields; the named tuple's own "Alias for field number"
# docstrings would make the API reference describe each field a second time.
for _field in OperatingPoint._fields:
    getattr(OperatingPoint, _field).__doc__ = None


def _operating_point(index: int, *arrays: np.ndarray) -> OperatingPoint:
    """Threshold, precision, recall and F1 at one index of the sweep."""
    return OperatingPoint(*(float(array[index]) for array in arrays))


# --------------------------------------------- public API: cutoff (ranking) --


def pr_curve_from_cutoffs(relevance: ArrayLike, *, n_relevant: int) -> RankingPRCurve:
    r"""The precision-recall curve of a ranking: one point per cutoff k.

    .. math:: \left(\mathrm{R@}k,\ \mathrm{P@}k\right)
              = \left(\frac{|R_k|}{|R|},\ \frac{|R_k|}{k}\right), \qquad k = 1, \dots, n

    Recall never decreases with k; precision zig-zags, rising at each relevant
    rank and falling at each non-relevant one. The values are those of
    :func:`precision_recall_at_all_k`.

    Parameters
    ----------
    relevance : sequence of 0/1
        Relevance of the item at each rank, rank 1 first.
    n_relevant : int
        :math:`|R|`, the number of relevant items of the query in the whole
        collection, retrieved or not; at least the number of 1s in ``relevance``.

    Returns
    -------
    RankingPRCurve
        A named tuple of arrays ``precision``, ``recall`` and ``k``, one entry per rank.

    Raises
    ------
    TypeError
        If ``relevance`` is not a sequence of numbers or ``n_relevant`` is not an integer.
    ValueError
        If ``relevance`` holds a value other than 0 and 1, or ``n_relevant`` is 0
        (the measure is undefined) or smaller than the number of 1s in ``relevance``.

    Examples
    --------
    >>> curve = pr_curve_from_cutoffs([1, 0, 1, 0, 0, 1], n_relevant=4)
    >>> curve.recall.tolist()
    [0.25, 0.25, 0.5, 0.5, 0.5, 0.75]
    >>> curve.precision.round(3).tolist()
    [1.0, 0.5, 0.667, 0.5, 0.4, 0.5]

    References
    ----------
    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`
    """
    curves = precision_recall_at_all_k(relevance, n_relevant=n_relevant)
    return RankingPRCurve(curves["precision"], curves["recall"], curves["k"])


def interpolated_precision(recall: ArrayLike, precision: ArrayLike, *,
                           recall_levels: ArrayLike) -> np.ndarray:
    r"""Interpolated precision: the best precision at any recall at least r.

    .. math:: P_{\mathrm{interp}}(r) = \max_{j \,:\, R_j \ge r} P_j
              \qquad (0 \text{ when no point reaches } r)

    It is the upper envelope of the curve seen from the right, so it never
    increases with r. Any curve works (a ranking's cutoffs or a threshold
    sweep), in any order. A recall less than 1e-12 below a level counts as
    reaching it, so that a level written ``3 * 0.1`` is reached by a recall of 3/10.

    Parameters
    ----------
    recall, precision : sequences of float in [0, 1]
        The points of the curve, of equal length.
    recall_levels : sequence of float in [0, 1]
        The levels r at which to read the interpolated precision.

    Returns
    -------
    numpy.ndarray
        The interpolated precision at each level, in the order of ``recall_levels``.

    Raises
    ------
    TypeError
        If an argument is not a sequence of numbers.
    ValueError
        If a value is not finite or lies outside [0, 1], or ``recall`` and
        ``precision`` differ in length.

    Examples
    --------
    >>> curve = pr_curve_from_cutoffs([1, 0, 1, 0, 0, 1], n_relevant=4)
    >>> interpolated_precision(curve.recall, curve.precision, recall_levels=[0.0, 0.5, 0.8]).round(3).tolist()
    [1.0, 0.667, 0.0]

    References
    ----------
    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`
    """
    recall = _as_rate_vector(recall, "recall")
    precision = _as_rate_vector(precision, "precision")
    if recall.size != precision.size:
        raise ValueError(
            f"recall and precision must have the same length (one pair per point of the curve), "
            f"got {recall.size} and {precision.size}"
        )
    levels = _as_rate_vector(recall_levels, "recall_levels")
    return _interpolate_rows(recall.reshape(1, -1), precision.reshape(1, -1), levels.reshape(1, -1))[0]


def eleven_point_precision(
    relevance: ArrayLike, *, n_relevant: int, recall_rule: RecallRule = "trec_eval",
    trec_eval_version: str = DEFAULT_TREC_EVAL_VERSION,
) -> ElevenPointPrecision:
    r"""Interpolated precision at recall 0.0, 0.1, ..., 1.0 and its mean (trec_eval's ``11pt_avg``).

    .. math:: \mathrm{11pt} = \frac{1}{11} \sum_{r \in \{0, 0.1, \dots, 1\}} P_{\mathrm{interp}}(r)

    On a ranking, recall only takes the values :math:`i/|R|`, so "reaching level L"
    means finding some number of relevant items; ``recall_rule`` says how many.

    Parameters
    ----------
    relevance : sequence of 0/1
        Relevance of the item at each rank, rank 1 first.
    n_relevant : int
        :math:`|R|`, the number of relevant items of the query in the whole
        collection, retrieved or not; at least the number of 1s in ``relevance``.
    recall_rule : {"trec_eval", "exact"}
        ``"trec_eval"`` (default): the rule of the release named by
        ``trec_eval_version`` (``iprec_at_recall_*``, ``11pt_avg``). 10.0 (the
        default) rounds :math:`L|R|` to the nearest integer, halves up, since its
        December 2023 change: with :math:`|R| = 77`, level 0.3 asks for 23 items
        (recall 0.299, just under 0.3). 9.0.8 (and pytrec_eval) asks for
        :math:`\lfloor L|R| + 0.9 \rfloor`. ``"exact"``: the textbook rule,
        recall :math:`\ge L`, that is :math:`\lceil L|R| \rceil` items.
    trec_eval_version : {"10.0", "9.0.8"}
        The release whose rule ``recall_rule="trec_eval"`` follows.

    Returns
    -------
    ElevenPointPrecision
        A named tuple: ``recall_levels`` (0.0 ... 1.0), ``precision`` at each, and ``average``.

    Raises
    ------
    TypeError
        If ``relevance`` is not a sequence of numbers or ``n_relevant`` is not an integer.
    ValueError
        If ``relevance`` holds a value other than 0 and 1, or ``n_relevant`` is 0
        (the measure is undefined) or smaller than the number of 1s in ``relevance``.
        Also if ``recall_rule`` or ``trec_eval_version`` is not one of its names
        (``TypeError`` if it is not a string).

    Examples
    --------
    >>> result = eleven_point_precision([1, 0, 1, 0, 0, 1], n_relevant=4)
    >>> result.precision.round(3).tolist()
    [1.0, 1.0, 1.0, 1.0, 0.667, 0.667, 0.667, 0.5, 0.5, 0.0, 0.0]
    >>> round(result.average, 4)  # 7 / 11
    0.6364
    >>> round(eleven_point_precision([1, 0, 1, 0, 0, 1], n_relevant=4, recall_rule="exact").average, 4)
    0.5455
    >>> round(eleven_point_precision([1, 0, 1, 0, 0, 1], n_relevant=4, trec_eval_version="9.0.8").average, 4)
    0.5455

    References
    ----------
    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`

    Voorhees & Harman (2005). *TREC: Experiment and Evaluation in Information Retrieval*.
    :cite:p:`voorhees2005trec`
    """
    relevance = as_binary_relevance(relevance)
    n_rel = check_n_relevant(n_relevant, relevance, "11-point interpolated precision")
    rule = _check_recall_rule(recall_rule)
    version = check_trec_eval_version(trec_eval_version)
    precision = _eleven_point_rows(relevance.reshape(1, -1), np.array([n_rel]), rule, version)[0]
    return ElevenPointPrecision(ELEVEN_RECALL_LEVELS.copy(), precision, float(precision.mean()))


# ------------------------------------------------ public API: threshold sweep --


def pr_curve_from_scores(labels: ArrayLike, scores: ArrayLike) -> ThresholdPRCurve:
    r"""The precision-recall curve of a scored set: one point per distinct score.

    Calling every item with score :math:`\ge t` positive gives, with P positives,

    .. math:: \mathrm{precision}(t) = \frac{\mathrm{TP}(t)}{\mathrm{TP}(t) + \mathrm{FP}(t)}, \qquad
              \mathrm{recall}(t) = \frac{\mathrm{TP}(t)}{P}

    Tied scores cross the threshold together, so they form one step. The curve
    starts at (recall 0, precision 1) with threshold +inf, then goes from the
    highest threshold down. These are the points of
    ``sklearn.metrics.precision_recall_curve``, in reverse order (scikit-learn
    lists the lowest threshold first and leaves out the +inf threshold).

    Parameters
    ----------
    labels : sequence of 0/1
        1 for a positive (relevant) item, 0 for a negative one.
    scores : sequence of finite numbers
        The score of each item, aligned with ``labels``; higher means more likely positive.

    Returns
    -------
    ThresholdPRCurve
        A named tuple of arrays ``precision``, ``recall`` and ``thresholds``,
        highest threshold first.

    Raises
    ------
    TypeError
        If ``labels`` or ``scores`` is not a sequence of numbers.
    ValueError
        If ``labels`` holds a value other than 0 and 1, a score is not finite, the
        two differ in length or are empty, or a class the measure divides by is
        missing (no positive item).

    Examples
    --------
    >>> curve = pr_curve_from_scores([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.8, 0.6, 0.3, 0.1])
    >>> curve.precision.round(3).tolist()
    [1.0, 1.0, 0.667, 0.75, 0.6, 0.5]
    >>> curve.recall.round(3).tolist()
    [0.0, 0.333, 0.667, 1.0, 1.0, 1.0]
    >>> curve.thresholds.tolist()
    [inf, 0.9, 0.8, 0.6, 0.3, 0.1]

    References
    ----------
    Davis & Goadrich (2006). The relationship between precision-recall and ROC curves.
    :cite:p:`davis2006relationship`

    Saito & Rehmsmeier (2015). The precision-recall plot is more informative than the ROC
    plot when evaluating binary classifiers on imbalanced datasets. :cite:p:`saito2015precision`
    """
    labels, scores = labels_and_scores(labels, scores)
    require_classes(labels, "the precision-recall curve", negatives=False)
    thresholds, precision, recall, _ = _threshold_rates(labels, scores)
    return ThresholdPRCurve(*_curve_from_rates(precision, recall, thresholds))


def average_precision_from_scores(labels: ArrayLike, scores: ArrayLike) -> float:
    r"""Average precision of a scored set: the step-wise area under its PR curve.

    .. math:: \mathrm{AP} = \sum_{n} (R_n - R_{n-1})\, P_n, \qquad R_0 = 0

    over the thresholds n from the highest down. Each step in recall is
    weighted by the precision at its end, with no interpolation. Without ties
    this is the mean of P@k over the ranks of the positives; a tie between
    positives and negatives is one step. It equals
    ``sklearn.metrics.average_precision_score``, which, like this function, only
    sees the items passed in: positives that were never scored do not count,
    unlike trec_eval's AP, which divides by :math:`|R|`.

    Parameters
    ----------
    labels : sequence of 0/1
        1 for a positive (relevant) item, 0 for a negative one.
    scores : sequence of finite numbers
        The score of each item, aligned with ``labels``; higher means more likely positive.

    Returns
    -------
    float
        AP, in [0, 1].

    Raises
    ------
    TypeError
        If ``labels`` or ``scores`` is not a sequence of numbers.
    ValueError
        If ``labels`` holds a value other than 0 and 1, a score is not finite, the
        two differ in length or are empty, or a class the measure divides by is
        missing (no positive item).

    Examples
    --------
    >>> round(average_precision_from_scores([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.8, 0.6, 0.3, 0.1]), 4)
    0.8056

    References
    ----------
    Davis & Goadrich (2006). The relationship between precision-recall and ROC curves.
    :cite:p:`davis2006relationship`

    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`
    """
    labels, scores = labels_and_scores(labels, scores)
    require_classes(labels, "average precision", negatives=False)
    _, precision, recall, _ = _threshold_rates(labels, scores)
    return float(np.sum(np.diff(recall, prepend=0.0) * precision))


def auprc_trapezoid(labels: ArrayLike, scores: ArrayLike) -> float:
    r"""Area under the PR curve by the trapezoid rule (linear interpolation).

    .. math:: \mathrm{AUPRC}_{\mathrm{trap}} = \sum_n (R_n - R_{n-1})\, \frac{P_n + P_{n-1}}{2},
              \qquad (R_0, P_0) = (0, 1)

    A straight line between two PR points is not reachable by any classifier
    (precision does not vary linearly between thresholds; Davis & Goadrich
    2006), so the trapezoid differs from :func:`average_precision_from_scores`:
    it overstates the area on coarse or tied scores (as below) and can
    understate it on distinct scores (``[1, 0, 1]`` scored ``[3, 2, 1]``: 0.7917
    against AP 0.8333). It equals
    ``sklearn.metrics.auc(recall, precision)`` on scikit-learn's curve.

    Parameters
    ----------
    labels : sequence of 0/1
        1 for a positive (relevant) item, 0 for a negative one.
    scores : sequence of finite numbers
        The score of each item, aligned with ``labels``; higher means more likely positive.

    Returns
    -------
    float
        The trapezoidal area, in [0, 1].

    Raises
    ------
    TypeError
        If ``labels`` or ``scores`` is not a sequence of numbers.
    ValueError
        If ``labels`` holds a value other than 0 and 1, a score is not finite, the
        two differ in length or are empty, or a class the measure divides by is
        missing (no positive item).

    Examples
    --------
    >>> labels, scores = [1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.8, 0.6, 0.3, 0.1]
    >>> round(auprc_trapezoid(labels, scores), 4)  # the step-wise AP is 0.8056
    0.8472

    References
    ----------
    Davis & Goadrich (2006). The relationship between precision-recall and ROC curves.
    :cite:p:`davis2006relationship`
    """
    labels, scores = labels_and_scores(labels, scores)
    require_classes(labels, "the area under the PR curve", negatives=False)
    thresholds, precision, recall, _ = _threshold_rates(labels, scores)
    precision, recall, _ = _curve_from_rates(precision, recall, thresholds)
    return float(cumulative_area(recall, precision)[-1])


def precision_at_recall(labels: ArrayLike, scores: ArrayLike, *, min_recall: float) -> OperatingPoint:
    r"""The best precision among thresholds that reach a recall target, and that threshold.

    .. math:: \mathrm{P@R}(r) = \max_{t \,:\, \mathrm{recall}(t) \ge r} \mathrm{precision}(t)

    This is the interpolated precision at r of the threshold curve (its start
    point excluded: some item must be called positive). Thresholds with equal
    precision are resolved towards the higher recall. The lowest threshold
    reaches recall 1, so every r in [0, 1] has an answer.

    Parameters
    ----------
    labels : sequence of 0/1
        1 for a positive (relevant) item, 0 for a negative one.
    scores : sequence of finite numbers
        The score of each item, aligned with ``labels``; higher means more likely positive.
    min_recall : float in [0, 1]
        The recall target r.

    Returns
    -------
    OperatingPoint
        A named tuple: ``threshold`` (call positive when score >= threshold),
        ``precision``, ``recall`` and ``f1`` there.

    Raises
    ------
    TypeError
        If ``labels`` or ``scores`` is not a sequence of numbers.
    ValueError
        If ``labels`` holds a value other than 0 and 1, a score is not finite, the
        two differ in length or are empty, or a class the measure divides by is
        missing (no positive item).
        Also if ``min_recall`` is outside [0, 1] (``TypeError`` if it is not a number).

    Examples
    --------
    >>> point = precision_at_recall([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.8, 0.6, 0.3, 0.1], min_recall=0.5)
    >>> point.threshold, point.precision, point.recall
    (0.6, 0.75, 1.0)

    References
    ----------
    Saito & Rehmsmeier (2015). The precision-recall plot is more informative than the ROC
    plot when evaluating binary classifiers on imbalanced datasets. :cite:p:`saito2015precision`

    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`
    """
    min_recall = as_fraction(min_recall, "min_recall")
    labels, scores = labels_and_scores(labels, scores)
    require_classes(labels, "precision_at_recall", negatives=False)
    thresholds, precision, recall, f1 = _threshold_rates(labels, scores)
    target = np.array([[min_recall]])
    best = _interpolate_rows(recall.reshape(1, -1), precision.reshape(1, -1), target)[0, 0]
    reaching = recall >= min_recall - _RECALL_TOLERANCE
    index = int(np.flatnonzero(reaching & (precision == best))[-1])  # lowest such threshold: most recall
    return _operating_point(index, thresholds, precision, recall, f1)


def max_f1(labels: ArrayLike, scores: ArrayLike) -> OperatingPoint:
    r"""The threshold with the highest F1, and its precision, recall and F1.

    .. math:: F_1(t) = \frac{2\,P(t)\,R(t)}{P(t) + R(t)}
              = \frac{2\,\mathrm{TP}(t)}{\mathrm{TP}(t) + \mathrm{FP}(t) + P}

    with P(t) and R(t) the precision and recall at threshold t, and P the number of positives.

    Thresholds with equal F1 are resolved towards the higher recall. Choosing
    the threshold on the data that is then scored with it is optimistic: pick
    it on held-out data.

    Parameters
    ----------
    labels : sequence of 0/1
        1 for a positive (relevant) item, 0 for a negative one.
    scores : sequence of finite numbers
        The score of each item, aligned with ``labels``; higher means more likely positive.

    Returns
    -------
    OperatingPoint
        A named tuple: ``threshold``, ``precision``, ``recall`` and ``f1`` there.

    Raises
    ------
    TypeError
        If ``labels`` or ``scores`` is not a sequence of numbers.
    ValueError
        If ``labels`` holds a value other than 0 and 1, a score is not finite, the
        two differ in length or are empty, or a class the measure divides by is
        missing (no positive item).

    Examples
    --------
    >>> point = max_f1([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.8, 0.6, 0.3, 0.1])
    >>> point.threshold, round(point.f1, 4), point.precision, point.recall
    (0.6, 0.8571, 0.75, 1.0)

    References
    ----------
    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`

    Saito & Rehmsmeier (2015). The precision-recall plot is more informative than the ROC
    plot when evaluating binary classifiers on imbalanced datasets. :cite:p:`saito2015precision`
    """
    labels, scores = labels_and_scores(labels, scores)
    require_classes(labels, "max_f1", negatives=False)
    thresholds, precision, recall, f1 = _threshold_rates(labels, scores)
    index = int(np.flatnonzero(f1 == f1.max())[-1])  # lowest such threshold: most recall
    return _operating_point(index, thresholds, precision, recall, f1)
