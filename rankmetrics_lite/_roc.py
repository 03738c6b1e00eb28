"""ROC curves and the areas under them: AUC and partial AUC.

Threshold measures look at a labelled set of scored items, not at a ranking with
a cutoff: calling every item with score >= t positive gives one confusion table
per distinct score t. One sort and one cumulative sum give all of them
(:func:`confusion_sweep`). The ROC curve here and the precision-recall curve of
:mod:`rankmetrics_lite._pr_curves` are both read from that sweep, and every area
(AUC, partial AUC, the trapezoidal AUPRC) from one trapezoid rule.

A threshold is a cutoff that falls at the end of a run of tied scores, so the
rates reuse the cutoff kernels: TPR is recall, and FPR is the recall of the
negatives. The kernels here work on one labelled set (the number of distinct
scores, hence the curve's length, differs from set to set); evaluating many
queries is a loop over sets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from .validation import as_fraction, as_vector, labels_and_scores
from ._kernels import recall_from_hits

if TYPE_CHECKING:  # annotations only: numpy.typing is not imported at run time
    from numpy.typing import ArrayLike

# ----------------------------------------------------------------- kernels --


class _Sweep(NamedTuple):
    """Confusion counts at every distinct score, highest threshold first."""

    thresholds: np.ndarray  # distinct scores, descending
    true_positives: np.ndarray  # positives with score >= threshold
    predicted: np.ndarray  # items with score >= threshold (TP + FP)
    n_positive: int
    n_negative: int


def confusion_sweep(labels: np.ndarray, scores: np.ndarray) -> _Sweep:
    """Sort once, count once: O(n log n) for the whole threshold sweep."""
    order = np.argsort(-scores, kind="stable")
    ranked_scores = scores[order]
    # A threshold step ends at the last item of each run of tied scores:
    # tied items are called positive together, so they form one step.
    step_ends = np.flatnonzero(np.append(ranked_scores[1:] != ranked_scores[:-1], True))
    true_positives = np.cumsum(labels[order])[step_ends]
    n_positive = int(labels.sum())
    predicted = step_ends + 1.0
    return _Sweep(ranked_scores[step_ends], true_positives, predicted, n_positive, labels.size - n_positive)


def _roc_points(sweep: _Sweep) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """FPR, TPR and thresholds, starting at (0, 0) with the threshold +inf."""
    false_positives = sweep.predicted - sweep.true_positives
    fpr = recall_from_hits(np.append(0.0, false_positives), sweep.n_negative)  # recall of the negatives
    tpr = recall_from_hits(np.append(0.0, sweep.true_positives), sweep.n_positive)
    return fpr, tpr, np.append(np.inf, sweep.thresholds)


def cumulative_area(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Trapezoid-rule area under (x, y) from the first point up to each point."""
    return np.append(0.0, np.cumsum(np.diff(x) * (y[1:] + y[:-1]) / 2))


def _area_up_to(x: np.ndarray, y: np.ndarray, cumulative: np.ndarray, x_end: float) -> float:
    """Area under the piecewise-linear curve from x[0] to x_end (x non-decreasing).

    The curve is cut at x_end by linear interpolation on the segment crossing it;
    a vertical segment (equal x) adds no area, so any point at x_end will do.
    """
    last = int(np.searchsorted(x, x_end, side="right")) - 1  # last point with x <= x_end
    if last == x.size - 1 or x[last] == x_end:
        return float(cumulative[last])
    width = x_end - x[last]
    y_end = y[last] + (y[last + 1] - y[last]) * width / (x[last + 1] - x[last])
    return float(cumulative[last] + width * (y[last] + y_end) / 2)


# Below this width the area over the range is of the order of float rounding.
_NARROWEST_STANDARDISED_RANGE = 1e-9


def _mcclish(area: float, min_fpr: float, max_fpr: float) -> float:
    """McClish (1989): 0.5 for the chance diagonal, 1 for a perfect curve.

    Written on the mean TPR over the range, (area / width), so that no
    difference of nearly equal numbers stands in a denominator: the chance
    curve's mean TPR is (min + max) / 2, a perfect curve's is 1.
    """
    width = max_fpr - min_fpr
    if width < _NARROWEST_STANDARDISED_RANGE:
        raise ValueError(
            f"the FPR range [{min_fpr!r}, {max_fpr!r}] is too narrow to standardise (width "
            f"{width:.3g} < {_NARROWEST_STANDARDISED_RANGE:g}): the area over it is lost in rounding; "
            "widen the range, or pass standardized=False for the raw area"
        )
    chance_mean = (min_fpr + max_fpr) / 2
    headroom = ((1 - max_fpr) + (1 - min_fpr)) / 2  # 1 - chance_mean, without cancellation
    return 0.5 * (1 + (area / width - chance_mean) / headroom)


# ------------------------------------------------------------ input checks --
# Labels and scores describe a set of items, not a ranking, so the messages
# name items by index (labels[3]) rather than by rank.


def as_item_values(values: object, name: str) -> np.ndarray:
    """Return a finite 1-D float array with one value per item, or raise."""
    return as_vector(values, name, ranked=False)


def require_classes(labels: np.ndarray, measure: str, *, negatives: bool) -> None:
    """Raise if a class that ``measure`` divides by is missing from ``labels``."""
    if not np.any(labels == 1):
        raise ValueError(
            f"{measure} needs at least one positive (1) in labels, but all {labels.size} labels "
            "are 0: recall = TP / P is undefined when P = 0. Add positive items, or leave this set out"
        )
    if negatives and not np.any(labels == 0):
        raise ValueError(
            f"{measure} needs at least one negative (0) in labels, but all {labels.size} labels "
            "are 1: the false positive rate FP / N is undefined when N = 0. Add negative items, "
            "or use a precision-based measure"
        )


# ------------------------------------------------------------- public API --


class RocCurve(NamedTuple):
    """Points of a ROC curve, highest threshold first.

    ``thresholds[i]`` is the score t such that items with score >= t are called
    positive; the first point (0, 0) has the threshold +inf (nothing called positive).
    """

    fpr: np.ndarray
    tpr: np.ndarray
    thresholds: np.ndarray


def roc_curve_points(labels: ArrayLike, scores: ArrayLike) -> RocCurve:
    r"""The ROC curve: true positive rate against false positive rate at every threshold.

    Calling every item with score :math:`\ge t` positive gives, with P positives
    and N negatives,

    .. math:: \mathrm{TPR}(t) = \frac{\mathrm{TP}(t)}{P}, \qquad
              \mathrm{FPR}(t) = \frac{\mathrm{FP}(t)}{N}

    There is one point per distinct score, plus (0, 0) at the threshold +inf.
    Items with tied scores cross the threshold together, so a tie between
    positives and negatives is one diagonal step. The points are those of
    ``sklearn.metrics.roc_curve(labels, scores, drop_intermediate=False)``.

    Parameters
    ----------
    labels : sequence of 0/1
        1 for a positive (relevant) item, 0 for a negative one.
    scores : sequence of finite numbers
        The score of each item, aligned with ``labels``; higher means more likely positive.

    Returns
    -------
    RocCurve
        A named tuple of arrays ``fpr``, ``tpr`` and ``thresholds``, highest threshold first.

    Raises
    ------
    TypeError
        If ``labels`` or ``scores`` is not a sequence of numbers.
    ValueError
        If ``labels`` holds a value other than 0 and 1, a score is not finite, the
        two differ in length or are empty, or a class the measure divides by is
        missing (a positive and a negative item are both needed).

    Examples
    --------
    >>> curve = roc_curve_points([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.8, 0.6, 0.3, 0.1])
    >>> curve.fpr.round(3).tolist(), curve.tpr.round(3).tolist()
    ([0.0, 0.0, 0.333, 0.333, 0.667, 1.0], [0.0, 0.333, 0.667, 1.0, 1.0, 1.0])
    >>> curve.thresholds.tolist()
    [inf, 0.9, 0.8, 0.6, 0.3, 0.1]

    References
    ----------
    Hanley & McNeil (1982). The meaning and use of the area under a receiver operating
    characteristic (ROC) curve. :cite:p:`hanley1982meaning`

    Davis & Goadrich (2006). The relationship between precision-recall and ROC curves.
    :cite:p:`davis2006relationship`
    """
    labels, scores = labels_and_scores(labels, scores)
    require_classes(labels, "the ROC curve", negatives=True)
    return RocCurve(*_roc_points(confusion_sweep(labels, scores)))


def roc_auc(labels: ArrayLike, scores: ArrayLike) -> float:
    r"""Area under the ROC curve (trapezoid rule over every threshold).

    .. math:: \mathrm{AUC} = \int_0^1 \mathrm{TPR}\; \mathrm{d}\mathrm{FPR}
              = \Pr(s^+ > s^-) + \tfrac12 \Pr(s^+ = s^-)

    The second form reads the area as a probability: draw a positive and a
    negative item at random; AUC is the chance that the positive scores higher,
    a tie counting one half (the Mann-Whitney statistic U / (P N)). It equals
    ``sklearn.metrics.roc_auc_score``.

    Parameters
    ----------
    labels : sequence of 0/1
        1 for a positive (relevant) item, 0 for a negative one.
    scores : sequence of finite numbers
        The score of each item, aligned with ``labels``; higher means more likely positive.

    Returns
    -------
    float
        AUC, in [0, 1].

    Raises
    ------
    TypeError
        If ``labels`` or ``scores`` is not a sequence of numbers.
    ValueError
        If ``labels`` holds a value other than 0 and 1, a score is not finite, the
        two differ in length or are empty, or a class the measure divides by is
        missing (a positive and a negative item are both needed).

    Examples
    --------
    >>> round(roc_auc([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.8, 0.6, 0.3, 0.1]), 4)  # 7.5 of 9 pairs
    0.8333

    References
    ----------
    Hanley & McNeil (1982). The meaning and use of the area under a receiver operating
    characteristic (ROC) curve. :cite:p:`hanley1982meaning`
    """
    labels, scores = labels_and_scores(labels, scores)
    require_classes(labels, "roc_auc", negatives=True)
    fpr, tpr, _ = _roc_points(confusion_sweep(labels, scores))
    return float(cumulative_area(fpr, tpr)[-1])


def partial_auc(
    labels: ArrayLike, scores: ArrayLike, *, max_fpr: float, standardized: bool = False, min_fpr: float = 0.0
) -> float:
    r"""Area under the ROC curve over a range of false positive rates.

    .. math:: \mathrm{pAUC} = \int_{a}^{b} \mathrm{TPR}\; \mathrm{d}\mathrm{FPR},
              \qquad a = \texttt{min\_fpr},\ b = \texttt{max\_fpr}

    The curve is cut at a and b by linear interpolation. The raw area lies in
    [0, b - a]. With ``standardized=True`` it is rescaled by McClish's (1989)
    correction, so that the chance diagonal scores 0.5 and a perfect curve 1:

    .. math:: \mathrm{pAUC}_{s}
              = \frac12\left(1 + \frac{\mathrm{pAUC} - A_{\min}}{A_{\max} - A_{\min}}\right),
              \qquad A_{\min} = \frac{b^2 - a^2}{2},\ A_{\max} = b - a

    For a = 0 this equals ``sklearn.metrics.roc_auc_score(labels, scores,
    max_fpr=b)``. A curve below the diagonal scores below 0.5: never below 0
    when a = 0, but below 0 is possible for the worst curves when (a + b) / 2 > 0.5.

    Parameters
    ----------
    labels : sequence of 0/1
        1 for a positive (relevant) item, 0 for a negative one.
    scores : sequence of finite numbers
        The score of each item, aligned with ``labels``; higher means more likely positive.
    max_fpr : float in (0, 1]
        Right end b of the FPR range; at 1 (and a = 0) the raw area is the AUC.
    standardized : bool
        Apply McClish's correction.
    min_fpr : float in [0, max_fpr)
        Left end a of the FPR range, 0 by default.

    Returns
    -------
    float
        The raw area, in [0, b - a], or the standardised one.

    Raises
    ------
    TypeError
        If ``labels`` or ``scores`` is not a sequence of numbers.
    ValueError
        If ``labels`` holds a value other than 0 and 1, a score is not finite, the
        two differ in length or are empty, or a class the measure divides by is
        missing (a positive and a negative item are both needed).
        Also if ``max_fpr`` or ``min_fpr`` is outside its range (``TypeError`` if
        not a number), ``standardized`` is not a bool (``TypeError``), or the
        range is too narrow to standardise.

    Examples
    --------
    >>> labels, scores = [1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.8, 0.6, 0.3, 0.1]
    >>> round(partial_auc(labels, scores, max_fpr=0.5), 4)  # 1/6 up to FPR 1/3, then 1/6
    0.3333
    >>> round(partial_auc(labels, scores, max_fpr=0.5, standardized=True), 4)
    0.7778

    References
    ----------
    McClish (1989). Analyzing a portion of the ROC curve. :cite:p:`mcclish1989analyzing`

    Hanley & McNeil (1982). The meaning and use of the area under a receiver operating
    characteristic (ROC) curve. :cite:p:`hanley1982meaning`
    """
    max_fpr = as_fraction(max_fpr, "max_fpr", open_low=True)
    min_fpr = as_fraction(
        min_fpr, "min_fpr", high=max_fpr, open_high=True, high_name=f"max_fpr = {max_fpr:g}"
    )
    if not isinstance(standardized, (bool, np.bool_)):
        raise TypeError(f"standardized must be True or False, got {standardized!r}")
    labels, scores = labels_and_scores(labels, scores)
    require_classes(labels, "partial_auc", negatives=True)
    fpr, tpr, _ = _roc_points(confusion_sweep(labels, scores))
    cumulative = cumulative_area(fpr, tpr)
    area = _area_up_to(fpr, tpr, cumulative, max_fpr) - _area_up_to(fpr, tpr, cumulative, min_fpr)
    return _mcclish(area, min_fpr, max_fpr) if standardized else area
