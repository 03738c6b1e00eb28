"""What the chapter on precision-recall curves shows: curves, areas and two sliders.

Every number comes from :mod:`rankmetrics_lite.pr_curves` and
:mod:`rankmetrics_lite.roc`; this module only draws them. The two sliders of
the chapter are

* the **threshold** slider (:func:`threshold_frame`, :func:`threshold_slider`):
  one operating point of a scored set, its precision, recall and F1, marked on
  the precision-recall curve;
* the **base rate** slider (:func:`imbalance_frame`, :func:`imbalance_slider`):
  the same scorer on more and more negatives, ROC and PR side by side.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from matplotlib.figure import Figure

from ..._checks import check_count
from ...cutoff_metrics import f1_at_k, precision_at_k, recall_at_k
from ..slider import Frame, Slider
from ...pr_curves import (
    OperatingPoint,
    auprc_trapezoid,
    average_precision_from_scores,
    eleven_point_precision,
    interpolated_precision,
    max_f1,
    pr_curve_from_cutoffs,
    pr_curve_from_scores,
    precision_at_recall,
)
from ...roc import as_fraction, labels_and_scores, roc_auc, roc_curve_points
from ..style import CURRENT, NOT_RELEVANT, RELEVANT, SECOND

# The most points a curve is drawn with: a curve of 20,000 thresholds would
# make every slider frame a large SVG, and the eye cannot tell the difference.
MAX_DRAWN_POINTS = 400


def _thin(*arrays: np.ndarray, max_points: int = MAX_DRAWN_POINTS) -> tuple[np.ndarray, ...]:
    """Keep at most ``max_points`` evenly spaced points of a curve, both ends included.

    Only for drawing: every number shown is computed on the full curve.

    >>> [a.tolist() for a in _thin(np.arange(10), np.arange(10) * 2, max_points=4)]
    [[0, 3, 6, 9], [0, 6, 12, 18]]
    """
    n = arrays[0].size
    if n <= max_points:
        return arrays
    keep = np.unique(np.linspace(0, n - 1, max_points).round().astype(int))
    return tuple(array[keep] for array in arrays)


def _tidy(ax, xlabel: str, ylabel: str) -> None:
    ax.set(xlabel=xlabel, ylabel=ylabel, xlim=(-0.02, 1.02), ylim=(-0.02, 1.05))
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)


# ------------------------------------------------------------- static figures --


def pr_curve_figure(labels, scores, title: str = "Precision-recall curve of a scored set",
                    interpolated: bool = True) -> Figure:
    """The threshold curve (dots joined in threshold order) and its interpolated envelope.

    The start point (recall 0, precision 1) is drawn hollow: it is a convention,
    not a threshold that calls anything positive.
    """
    curve = pr_curve_from_scores(labels, scores)
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    ax.plot(curve.recall[1:], curve.precision[1:], marker="o", color=RELEVANT,
            label="one point per threshold")
    ax.plot(curve.recall[:2], curve.precision[:2], color=RELEVANT, linestyle=":")
    ax.plot([0], [1], marker="o", markerfacecolor="white", color=RELEVANT)
    if interpolated:
        levels = np.linspace(0, 1, 201)
        envelope = interpolated_precision(curve.recall[1:], curve.precision[1:], recall_levels=levels)
        ax.plot(levels, envelope, color=CURRENT, linewidth=1.5, linestyle="--",
                label="interpolated: best precision at recall \u2265 r")
    _tidy(ax, "recall", "precision")
    ax.legend(loc="lower left", fontsize=8, frameon=False)
    ax.set_title(title, fontsize=10)
    return figure


def cutoff_and_threshold_figure(relevance, n_relevant: int, labels, scores) -> Figure:
    """The cutoff curve of a ranking beside the threshold curve of the same scored items."""
    cutoff = pr_curve_from_cutoffs(relevance, n_relevant=n_relevant)
    threshold = pr_curve_from_scores(labels, scores)
    figure = Figure(figsize=(6.4, 3.6))
    left, right = figure.subplots(1, 2, sharey=True)
    left.plot(cutoff.recall, cutoff.precision, marker="o", color=SECOND)
    left.set_title(f"cutoff k = 1..{cutoff.k.size}: {cutoff.k.size} points", fontsize=9)
    right.plot(threshold.recall[1:], threshold.precision[1:], marker="o", color=RELEVANT)
    right.set_title(f"distinct scores: {threshold.thresholds.size - 1} points", fontsize=9)
    _tidy(left, "recall R@k", "precision P@k")
    _tidy(right, "recall at threshold t", "")
    return figure


def eleven_point_figure(relevance, n_relevant: int,
                        rules: Sequence[str] = ("trec_eval", "exact")) -> Figure:
    """The saw-tooth of a ranking with the 11-point interpolated precision under each rule."""
    curve = pr_curve_from_cutoffs(relevance, n_relevant=n_relevant)
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    ax.plot(curve.recall, curve.precision, marker=".", color=NOT_RELEVANT,
            label="P@k against R@k (saw-tooth)")
    markers = ("s", "o", "^")
    colours = (CURRENT, SECOND, RELEVANT)
    for index, rule in enumerate(rules):
        result = eleven_point_precision(relevance, n_relevant=n_relevant, recall_rule=rule)
        ax.plot(result.recall_levels, result.precision, marker=markers[index % 3],
                linestyle="none", color=colours[index % 3], markerfacecolor="none",
                markersize=9 - 2 * index, label=f"11 points, rule {rule!r}")
    _tidy(ax, "recall", "precision")
    ax.set_xticks(np.arange(11) / 10)
    ax.legend(loc="lower left", fontsize=8, frameon=False)
    ax.set_title("11-point interpolated precision", fontsize=10)
    return figure


def area_rules_figure(labels, scores) -> Figure:
    """Step area (AP) beside the trapezoid area (straight lines) of one threshold curve."""
    curve = pr_curve_from_scores(labels, scores)
    ap = average_precision_from_scores(labels, scores)
    trapezoid = auprc_trapezoid(labels, scores)
    figure = Figure(figsize=(6.4, 3.6))
    left, right = figure.subplots(1, 2, sharey=True)
    for ax in (left, right):
        ax.plot(curve.recall, curve.precision, marker="o", linestyle="none", color=RELEVANT)
    # AP holds each precision over the recall step that ends at it.
    left.fill_between(curve.recall, curve.precision, step="pre", color=RELEVANT, alpha=0.25)
    left.step(curve.recall, curve.precision, where="pre", color=RELEVANT)
    left.set_title(f"steps (AP) = {ap:.4f}", fontsize=9)
    right.fill_between(curve.recall, curve.precision, color=CURRENT, alpha=0.2)
    right.plot(curve.recall, curve.precision, color=CURRENT)
    right.set_title(f"straight lines (trapezoid) = {trapezoid:.4f}", fontsize=9)
    _tidy(left, "recall", "precision")
    _tidy(right, "recall", "")
    return figure


def f1_figure(labels, scores, min_recall: float) -> Figure:
    """The PR curve on lines of equal F1, with the max-F1 point and the P@R point."""
    curve = pr_curve_from_scores(labels, scores)
    best = max_f1(labels, scores)
    target = precision_at_recall(labels, scores, min_recall=min_recall)
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    grid = np.linspace(0.005, 1, 200)
    recall, precision = np.meshgrid(grid, grid)
    f1 = 2 * precision * recall / (precision + recall)
    lines = ax.contour(recall, precision, f1, levels=[0.2, 0.4, 0.6, 0.8],
                       colors=NOT_RELEVANT, linewidths=0.8, linestyles=":")
    ax.clabel(lines, fmt="F1=%.1f", fontsize=7)
    recall_drawn, precision_drawn = _thin(curve.recall[1:], curve.precision[1:])
    ax.plot(recall_drawn, precision_drawn, color=RELEVANT, label="PR curve")
    ax.plot([best.recall], [best.precision], marker="o", markersize=9, color=CURRENT,
            linestyle="none", label=f"max F1 = {best.f1:.4f}")
    ax.plot([target.recall], [target.precision], marker="s", markersize=8, color=SECOND,
            linestyle="none",
            label=f"best precision at recall \u2265 {min_recall:g}: {target.precision:.4f}")
    ax.axvline(min_recall, color=SECOND, linewidth=0.8, linestyle="--")
    _tidy(ax, "recall", "precision")
    ax.legend(loc="lower left", fontsize=8, frameon=False)
    ax.set_title("Operating points on the precision-recall curve", fontsize=10)
    return figure


def cutoff_choice_figure(ks, mean_recall, mean_precision, target: float, chosen_k: int) -> Figure:
    """Mean R@k and P@k against k, the recall target and the smallest k reaching it."""
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    ax.plot(ks, mean_recall, marker=".", color=SECOND, label="mean R@k")
    ax.plot(ks, mean_precision, marker=".", color=RELEVANT, label="mean P@k")
    ax.axhline(target, color=NOT_RELEVANT, linestyle="--", linewidth=1,
               label=f"recall target {target:g}")
    ax.axvline(chosen_k, color=CURRENT, linewidth=1, label=f"smallest k reaching it: {chosen_k}")
    ax.set(xlabel="cutoff k (passages given to the model)", ylabel="mean over questions",
           ylim=(-0.02, 1.05))
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.legend(loc="center right", fontsize=8, frameon=False)
    ax.set_title("Choosing k on development questions", fontsize=10)
    return figure


# ------------------------------------------------------ the threshold slider --


def point_at_threshold(labels, scores, threshold: float) -> OperatingPoint:
    """Precision, recall and F1 when every item with score >= ``threshold`` is called positive.

    Any threshold works, not only one of the scores. A threshold is a cutoff
    that falls after the last of a run of tied scores, so the values come from
    the cutoff measures of the package at k = (number of items called positive).
    A threshold above every score calls nothing positive: precision is then
    undefined, and that raises ``ValueError``.

    >>> point_at_threshold([1, 1, 0, 1, 0, 0], [0.9, 0.8, 0.8, 0.6, 0.3, 0.1], 0.7)
    OperatingPoint(threshold=0.7, precision=0.6666666666666666, recall=0.6666666666666666, \
f1=0.6666666666666666)
    """
    labels, scores = labels_and_scores(labels, scores)
    threshold = float(threshold)
    called = int(np.sum(scores >= threshold))
    if called == 0:
        raise ValueError(
            f"threshold must not exceed the highest score ({scores.max():g}): at {threshold:g} "
            "no item is called positive and precision is undefined")
    n_positive = int(labels.sum())
    if n_positive == 0:
        raise ValueError("labels must hold at least one positive (1): recall is undefined")
    ranked = labels[np.argsort(-scores, kind="stable")]
    return OperatingPoint(threshold, precision_at_k(ranked, called),
                          recall_at_k(ranked, called, n_relevant=n_positive),
                          f1_at_k(ranked, called, n_relevant=n_positive))


def threshold_frame(labels, scores, threshold: float) -> Frame:
    """The numbers and the figure for one threshold: items with score >= threshold are positive."""
    labels, scores = labels_and_scores(labels, scores)
    curve = pr_curve_from_scores(labels, scores)
    point = point_at_threshold(labels, scores, threshold)
    precision, recall = point.precision, point.recall
    called = int(np.sum(scores >= threshold))
    found = int(np.sum(labels[scores >= threshold]))
    numbers = {"threshold": f"{threshold:.2f}", "called positive": str(called),
               "TP": str(found), "FP": str(called - found),
               "precision": f"{precision:.4f}", "recall": f"{recall:.4f}",
               "F1": f"{point.f1:.4f}"}

    order = np.argsort(-scores, kind="stable")
    figure = Figure(figsize=(6.4, 3.6))
    strip, ax = figure.subplots(1, 2, gridspec_kw={"width_ratios": [1, 2]})
    colours = [RELEVANT if labels[i] else NOT_RELEVANT for i in order]
    strip.barh(np.arange(scores.size), scores[order], color=colours, height=0.8)
    strip.axvline(threshold, color=CURRENT, linewidth=1.5)
    strip.set(xlabel="score", yticks=[], ylim=(scores.size - 0.5, -0.5), xlim=(0, None))
    strip.set_title("items (green: positive)", fontsize=9)
    for side in ("top", "right", "left"):
        strip.spines[side].set_visible(False)
    ax.plot(curve.recall[1:], curve.precision[1:], marker="o", color=RELEVANT, markersize=4)
    ax.plot([recall], [precision], marker="o", markersize=11, color=CURRENT, zorder=3)
    _tidy(ax, "recall", "precision")
    ax.set_title(f"score \u2265 {threshold:.2f}: P = {precision:.2f}, R = {recall:.2f}",
                 fontsize=9)
    alt = (f"Left, the items as bars of their score, positives green, with a red line at the "
           f"threshold {threshold:.2f}; right, the precision-recall curve with the point of "
           f"this threshold marked: {called} items called positive, {found} of them positive, "
           f"precision {precision:.2f} and recall {recall:.2f}.")
    return Frame(numbers, figure, alt)


def threshold_slider(labels, scores, threshold: float | None = None) -> Slider:
    """A slider over every distinct score, highest first: moving right calls more items positive."""
    labels, scores = labels_and_scores(labels, scores)
    values = [float(t) for t in np.unique(scores)[::-1]]
    return Slider(lambda value: threshold_frame(labels, scores, value), values,
                  label="threshold", value=values[0] if threshold is None else float(threshold))


# ----------------------------------------------------- the base-rate slider --


class ScoredSet(NamedTuple):
    """Labels (1 positive, 0 negative) and scores of one simulated set."""

    labels: np.ndarray
    scores: np.ndarray


def simulate_imbalance(base_rate: float, n_positive: int = 200, separation: float = 1.5,
                       seed: int = 11) -> ScoredSet:
    r"""A seeded scorer at a given share of positives: the same positives, more negatives.

    Positive scores are drawn from :math:`N(\text{separation}, 1)`, negative
    scores from :math:`N(0, 1)`; the number of negatives is
    ``round(n_positive * (1 - base_rate) / base_rate)``. With one ``seed`` the
    positives are the same at every base rate and the negatives of a smaller
    set are the first ones of a larger set, so moving the base rate only adds
    negatives: the scorer itself does not change.

    >>> small, large = simulate_imbalance(0.5), simulate_imbalance(0.1)
    >>> int(small.labels.sum()), small.labels.size, large.labels.size
    (200, 400, 2000)
    >>> bool(np.array_equal(small.scores[:300], large.scores[:300]))
    True
    """
    base_rate = as_fraction(base_rate, "base_rate", open_low=True)
    n_positive = check_count(n_positive, "n_positive")
    if n_positive == 0:
        raise ValueError("n_positive must be a positive integer, got 0")
    n_negative = int(round(n_positive * (1 - base_rate) / base_rate))
    positives = np.random.default_rng([seed, 1]).normal(separation, 1.0, n_positive)
    negatives = np.random.default_rng([seed, 0]).normal(0.0, 1.0, n_negative)
    labels = np.concatenate([np.ones(n_positive), np.zeros(n_negative)])
    return ScoredSet(labels, np.concatenate([positives, negatives]))


def roc_pr_figure(labels, scores, title: str = "") -> Figure:
    """The ROC curve (left) and the precision-recall curve (right) of one scored set."""
    labels, scores = labels_and_scores(labels, scores)
    roc = roc_curve_points(labels, scores)
    pr = pr_curve_from_scores(labels, scores)
    base_rate = float(labels.mean())
    figure = Figure(figsize=(6.4, 3.6))
    left, right = figure.subplots(1, 2)
    left.plot([0, 1], [0, 1], color=NOT_RELEVANT, linestyle="--", linewidth=1,
              label="chance")
    left.plot(*_thin(roc.fpr, roc.tpr), color=SECOND, label=f"AUC = {roc_auc(labels, scores):.3f}")
    _tidy(left, "false positive rate", "true positive rate (recall)")
    left.legend(loc="lower right", fontsize=8, frameon=False)
    left.set_title("ROC", fontsize=9)
    right.axhline(base_rate, color=NOT_RELEVANT, linestyle="--", linewidth=1,
                  label=f"base rate {base_rate:.3f}")
    right.plot(*_thin(pr.recall[1:], pr.precision[1:]), color=RELEVANT,
               label=f"AP = {average_precision_from_scores(labels, scores):.3f}")
    _tidy(right, "recall", "precision")
    right.legend(loc="upper right", fontsize=8, frameon=False)
    right.set_title("precision-recall", fontsize=9)
    if title:
        figure.suptitle(title, fontsize=10)
    figure.tight_layout()
    return figure


def imbalance_frame(base_rate: float, n_positive: int = 200, separation: float = 1.5,
                    seed: int = 11) -> Frame:
    """The numbers and the two curves for one base rate of the simulation."""
    labels, scores = simulate_imbalance(base_rate, n_positive, separation, seed)
    n_negative = labels.size - n_positive
    auc = roc_auc(labels, scores)
    ap = average_precision_from_scores(labels, scores)
    numbers = {"base rate": f"{labels.mean():.4f}", "positives": str(n_positive),
               "negatives": str(n_negative), "ROC AUC": f"{auc:.4f}", "AP": f"{ap:.4f}"}
    alt = (f"Left, a ROC curve well above the diagonal, AUC {auc:.3f}; right, the "
           f"precision-recall curve of the same scores with {n_positive} positives and "
           f"{n_negative} negatives, AP {ap:.3f}, above a dashed base-rate line at "
           f"{labels.mean():.3f}.")
    title = f"{n_positive} positives, {n_negative} negatives"
    return Frame(numbers, roc_pr_figure(labels, scores, title), alt)


def imbalance_slider(base_rates: Sequence[float], value: float | None = None,
                     n_positive: int = 200, separation: float = 1.5, seed: int = 11) -> Slider:
    """A slider over base rates (keep it to about 20): ROC AUC stays, AP falls."""
    return Slider(lambda rate: imbalance_frame(rate, n_positive, separation, seed),
                  list(base_rates), label="base rate", value=value)
