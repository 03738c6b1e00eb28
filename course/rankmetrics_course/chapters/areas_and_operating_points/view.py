"""What the chapter on areas and operating points shows: AP against the trapezoid,
operating points on lines of equal F1, and ROC against PR as positives get rare.

Every number comes from :mod:`rankmetrics_lite`'s curves and areas; this module
only draws them. Each figure function
returns a :class:`~rankmetrics_course.figures.ShownFigure` whose alt text
is computed from the same numbers as the drawing. The **base rate** slider
(:func:`imbalance_frame`, :func:`imbalance_slider`) shows the same scorer on
more and more negatives, ROC and PR side by side.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.chapters.pr_curves_and_ap.view import (
    ScoredSet,
    _number,
    _thin,
    _tidy,
    equal_f1_lines,
    legend_below,
)
from rankmetrics_course.figures import ShownFigure
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT, SECOND
from rankmetrics_lite import (
    auprc_trapezoid,
    average_precision_from_scores,
    max_f1,
    pr_curve_from_scores,
    precision_at_recall,
    roc_auc,
    roc_curve_points,
)
from rankmetrics_lite.validation import as_fraction, check_count, labels_and_scores

# How the base-rate slider writes a base rate, beside the slider and among its numbers.
BASE_RATE_FORMAT = ".2f"


def area_rules_figure(labels, scores) -> ShownFigure:
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
    # short titles: the two side by side must fit the phone's width at full size
    right.set_title(f"trapezoid = {trapezoid:.4f}", fontsize=9)
    _tidy(left, "recall", "precision")
    _tidy(right, "recall", "")
    points = ", ".join(f"({_number(r)}, {_number(p)})" for r, p in zip(curve.recall, curve.precision))
    relation = ("adds a triangle above each step where precision falls" if trapezoid > ap
                else "cuts a triangle off each step where precision rises")
    alt = (f"Two panels with the same {curve.recall.size} points (recall, precision): {points}. "
           f"Left, the step area of AP, {ap:.4f}; right, the area under straight lines joining "
           f"the points, {trapezoid:.4f}, which {relation}.")
    return ShownFigure(figure, alt)


def f1_figure(labels, scores, min_recall: float) -> ShownFigure:
    """The PR curve on lines of equal F1, with the max-F1 point and the P@R point."""
    curve = pr_curve_from_scores(labels, scores)
    best = max_f1(labels, scores)
    target = precision_at_recall(labels, scores, min_recall=min_recall)
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    equal_f1_lines(ax, [0.2, 0.4, 0.6, 0.8])
    recall_drawn, precision_drawn = _thin(curve.recall[1:], curve.precision[1:])
    ax.plot(recall_drawn, precision_drawn, color=RELEVANT, label="PR curve")
    ax.plot([best.recall], [best.precision], marker="o", markersize=9, color=CURRENT,
            linestyle="none", label=f"max F1 = {best.f1:.4f}")
    ax.plot([target.recall], [target.precision], marker="s", markersize=8, color=SECOND,
            linestyle="none",
            label=f"best precision at recall \u2265 {min_recall:g}: {target.precision:.4f}")
    ax.axvline(min_recall, color=SECOND, linewidth=0.8, linestyle="--")
    _tidy(ax, "recall", "precision")
    legend_below(ax)
    ax.set_title("Operating points on the precision-recall curve", fontsize=10)
    alt = (f"A precision-recall curve on dotted lines of equal F1 (0.2 to 0.8). A red dot marks "
           f"max F1 {best.f1:.4f} at precision {best.precision:.4f} and recall "
           f"{best.recall:.4f}; a blue square at recall {target.recall:.4f} and precision "
           f"{target.precision:.4f} marks the best precision with recall of at least "
           f"{min_recall:g}.")
    return ShownFigure(figure, alt)


# ----------------------------------------------------- the base-rate slider --


def simulate_imbalance(base_rate: float, n_positive: int = 200, separation: float = 1.5,
                       seed: int = 11) -> ScoredSet:
    r"""A seeded scorer at a given share of positives: the same positives, more negatives.

    Positive scores are drawn from :math:`\mathcal{N}(\text{separation}, 1)`, negative
    scores from :math:`\mathcal{N}(0, 1)`; the number of negatives is
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


def _draw_roc_pr_figure(labels: np.ndarray, scores: np.ndarray, title: str) -> Figure:
    """The ROC curve (left) and the precision-recall curve (right)."""
    roc = roc_curve_points(labels, scores)
    pr = pr_curve_from_scores(labels, scores)
    base_rate = float(labels.mean())
    auc, ap = roc_auc(labels, scores), average_precision_from_scores(labels, scores)
    figure = Figure(figsize=(6.4, 3.6))
    left, right = figure.subplots(1, 2)
    left.plot([0, 1], [0, 1], color=NOT_RELEVANT, linestyle="--", linewidth=1,
              label="chance")
    left.plot(*_thin(roc.fpr, roc.tpr), color=SECOND, label=f"AUC = {auc:.3f}")
    _tidy(left, "false positive rate", "true positive rate (recall)")
    legend_below(left)
    left.set_title("ROC", fontsize=9)
    right.axhline(base_rate, color=NOT_RELEVANT, linestyle="--", linewidth=1,
                  label=f"base rate {base_rate:.3f}")
    right.plot(*_thin(pr.recall[1:], pr.precision[1:]), color=RELEVANT, label=f"AP = {ap:.3f}")
    _tidy(right, "recall", "precision")
    legend_below(right)
    right.set_title("precision-recall", fontsize=9)
    if title:
        figure.suptitle(title, fontsize=10)
    figure.tight_layout()
    return figure


def _roc_pr_alt(labels: np.ndarray, scores: np.ndarray) -> str:
    """The alt text of :func:`_draw_roc_pr_figure`, from the same numbers."""
    base_rate = float(labels.mean())
    auc, ap = roc_auc(labels, scores), average_precision_from_scores(labels, scores)
    n_positive = int(labels.sum())
    return (f"Left, a ROC curve with AUC {auc:.3f} against the dashed diagonal of chance; right, "
            f"the precision-recall curve of the same scores with {n_positive} positives and "
            f"{labels.size - n_positive} negatives, AP {ap:.3f}, ending on a dashed base-rate "
            f"line at {base_rate:.3f}.")


def roc_pr_figure(labels, scores, title: str = "") -> ShownFigure:
    """The ROC curve (left) and the precision-recall curve (right) of one scored set."""
    labels, scores = labels_and_scores(labels, scores)
    return ShownFigure(_draw_roc_pr_figure(labels, scores, title), _roc_pr_alt(labels, scores))


def imbalance_frame(base_rate: float, n_positive: int = 200, separation: float = 1.5,
                    seed: int = 11) -> Frame:
    """The numbers and the two curves for one base rate of the simulation."""
    labels, scores = simulate_imbalance(base_rate, n_positive, separation, seed)
    n_negative = labels.size - n_positive
    numbers = {"base rate": format(labels.mean(), BASE_RATE_FORMAT), "positives": str(n_positive),
               "negatives": str(n_negative),
               "ROC AUC": f"{roc_auc(labels, scores):.4f}",
               "AP": f"{average_precision_from_scores(labels, scores):.4f}"}
    title = f"{n_positive} positives, {n_negative} negatives"
    return Frame(numbers, partial(_draw_roc_pr_figure, labels, scores, title),
                 _roc_pr_alt(labels, scores))


def imbalance_slider(base_rates: Sequence[float], value: float | None = None,
                     n_positive: int = 200, separation: float = 1.5, seed: int = 11) -> Slider:
    """A slider over base rates (keep it to about 20): ROC AUC stays, AP falls.

    The slider shows each base rate as the frame's numbers do, to two decimals;
    the frame's is the share of positives the simulation drew, which the
    rounding of the number of negatives can move in the third decimal.
    """
    return Slider(lambda rate: imbalance_frame(rate, n_positive, separation, seed),
                  list(base_rates), label="base rate", value=value,
                  value_format=BASE_RATE_FORMAT)
