"""What the chapter on precision-recall curves shows: curves, their shapes, one slider.

Every number comes from :mod:`rankmetrics_lite`'s precision-recall curves; this
module only draws them. Each figure function returns a
:class:`~rankmetrics_course.figures.ShownFigure` whose alt text is
computed from the same numbers as the drawing, so a chapter cell shows it with
one call. The **threshold** slider (:func:`threshold_frame`,
:func:`threshold_slider`) shows one operating point of a scored set, its
precision, recall and F1, marked on the precision-recall curve.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import NamedTuple

import numpy as np
from matplotlib.figure import Figure
from matplotlib.transforms import ScaledTranslation

from rankmetrics_course.figures import ShownFigure
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT, SECOND
from rankmetrics_lite import (
    OperatingPoint,
    eleven_point_precision,
    f1_at_k,
    interpolated_precision,
    max_f1,
    pr_curve_from_cutoffs,
    pr_curve_from_scores,
    precision_at_k,
    recall_at_k,
)
from rankmetrics_lite.validation import check_count, labels_and_scores

# The most points a curve is drawn with: a curve of 20,000 thresholds would
# make every slider frame a large SVG, and the eye cannot tell the difference.
MAX_DRAWN_POINTS = 400
# How the threshold slider writes a threshold, beside the slider and among its numbers.
THRESHOLD_FORMAT = ".2f"


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


def legend_below(ax, ncol: int = 1, drop: float = 36) -> None:
    """The axes' legend under its x label, ``drop`` points below the axes, off the data.

    Part II's views share it (and :func:`legend_beside`): a legend inside the axes
    covers a curve on a phone, or the marker a slider moves.
    """
    below = ax.transAxes + ScaledTranslation(0, -drop / 72, ax.figure.dpi_scale_trans)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, 0), bbox_transform=below, ncol=ncol,
              fontsize=8, frameon=False, borderaxespad=0)


def legend_beside(ax) -> None:
    """The axes' legend to the right of the axes, off the data."""
    ax.legend(loc="upper left", bbox_to_anchor=(1.03, 1.0), borderaxespad=0, fontsize=8,
              frameon=False)


def equal_f1_lines(ax, levels: Sequence[float]) -> None:
    """Dotted lines of equal F1 on a precision-recall plane, each named beside the axes.

    A line of level f meets recall 1 at precision f / (2 - f); its name is written
    there, outside the axes, where no curve runs.
    """
    grid = np.linspace(0.005, 1, 200)
    recall, precision = np.meshgrid(grid, grid)
    ax.contour(recall, precision, 2 * precision * recall / (precision + recall),
               levels=list(levels), colors=NOT_RELEVANT, linewidths=0.8, linestyles=":")
    for level in levels:
        ax.text(1.04, level / (2 - level), f"F1={level:g}", fontsize=7, color=NOT_RELEVANT,
                ha="left", va="center", clip_on=False)


# ------------------------------------------------------------- static figures --


def _number(x: float) -> str:
    """A value for alt text: 1 and 0 without decimals, anything else to 4 places."""
    return f"{x:g}" if float(x) in (0.0, 1.0) else f"{x:.4f}"


def _listed(parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``: a list for a sentence."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _envelope_steps(recall: np.ndarray, precision: np.ndarray) -> list[tuple[float, float]]:
    """Where the interpolated precision changes: (last recall at the old value, new value)."""
    lifted = interpolated_precision(recall, precision, recall_levels=recall)
    return [(float(recall[i]), float(lifted[i + 1])) for i in range(lifted.size - 1)
            if lifted[i + 1] < lifted[i] - 1e-12]


def pr_curve_figure(labels, scores, title: str = "Precision-recall curve of a scored set",
                    interpolated: bool = True) -> ShownFigure:
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
    alt = (f"The threshold curve of the {len(curve.recall) - 1} distinct scores as dots joined "
           "in order, dropping at each negative and moving right at each positive.")
    if interpolated:
        levels = np.linspace(0, 1, 201)
        envelope = interpolated_precision(curve.recall[1:], curve.precision[1:], recall_levels=levels)
        ax.plot(levels, envelope, color=CURRENT, linewidth=1.5, linestyle="--",
                label="interpolated: best precision at recall \u2265 r")
        steps = _envelope_steps(curve.recall[1:], curve.precision[1:])
        falls = [f"to {_number(p)} after recall {_number(r)}" for r, p in steps]
        alt += (f" A dashed step line above it, the interpolated precision, starts at "
                f"{_number(envelope[0])} and "
                + (f"falls {_listed(falls)}." if falls else "stays there."))
    _tidy(ax, "recall", "precision")
    legend_below(ax)
    ax.set_title(title, fontsize=10)
    return ShownFigure(figure, alt)


def cutoff_and_threshold_figure(relevance, n_relevant: int, labels, scores) -> ShownFigure:
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
    shared = {(round(r, 9), round(p, 9)) for r, p in zip(threshold.recall, threshold.precision)}
    extra = [(r, p) for r, p in zip(cutoff.recall, cutoff.precision)
             if (round(r, 9), round(p, 9)) not in shared]
    where = ("They coincide." if not extra else
             "They coincide except for the cutoff curve's extra "
             + ("point" if len(extra) == 1 else "points") + " at "
             + "; ".join(f"recall {_number(r)}, precision {_number(p)}" for r, p in extra)
             + ", from broken ties.")
    alt = (f"Two precision-recall curves side by side. Left, the cutoff curve of the ranking, "
           f"{cutoff.k.size} points; right, the threshold curve of the scores, "
           f"{threshold.thresholds.size - 1} points. {where}")
    return ShownFigure(figure, alt)


def eleven_point_figure(relevance, n_relevant: int,
                        rules: Sequence[str] = ("trec_eval", "exact")) -> ShownFigure:
    """The saw-tooth of a ranking with the 11-point interpolated precision under each rule."""
    curve = pr_curve_from_cutoffs(relevance, n_relevant=n_relevant)
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    ax.plot(curve.recall, curve.precision, marker=".", color=NOT_RELEVANT,
            label="P@k against R@k (saw-tooth)")
    markers, shapes = ("s", "o", "^"), ("squares", "circles", "triangles")
    colours = (CURRENT, SECOND, RELEVANT)
    results = []
    for index, rule in enumerate(rules):
        result = eleven_point_precision(relevance, n_relevant=n_relevant, recall_rule=rule)
        results.append(result)
        ax.plot(result.recall_levels, result.precision, marker=markers[index % 3],
                linestyle="none", color=colours[index % 3], markerfacecolor="none",
                markersize=9 - 2 * index, label=f"11 points, rule {rule!r}")
    _tidy(ax, "recall", "precision")
    ax.set_xticks(np.arange(11) / 10)
    legend_below(ax)
    ax.set_title("11-point interpolated precision", fontsize=10)
    named = ", ".join(f"{shapes[i % 3]} (rule {rule!r})" for i, rule in enumerate(rules))
    alt = f"The saw-tooth of the ranking in grey with eleven markers per rule: {named}."
    if len(results) > 1:
        first, others = results[0], results[1:]
        differ = [i for i in range(first.precision.size)
                  if any(abs(o.precision[i] - first.precision[i]) > 1e-12 for o in others)]
        alt += (" They coincide at every level." if not differ else
                " They differ at " + _listed([
                    f"recall {first.recall_levels[i]:.1f} ("
                    + " against ".join(_number(r.precision[i]) for r in results) + ")"
                    for i in differ]) + ", and coincide elsewhere.")
    return ShownFigure(figure, alt)


# ----------------------------------------------------------- curve shapes --


class ScoredSet(NamedTuple):
    """Labels (1 positive, 0 negative) and scores of one simulated set."""

    labels: np.ndarray
    scores: np.ndarray


def simulate_curve_shapes(n_positive: int = 100, n_negative: int = 900,
                          seed: int = 3) -> dict[str, ScoredSet]:
    r"""Three seeded scorers of one set, one per typical shape of a precision-recall curve.

    The negatives are the same for all three, scores drawn from :math:`\mathcal{N}(0, 1)`:

    * ``"bulging"``: positives from :math:`\mathcal{N}(2.5, 1)`, well separated everywhere;
    * ``"front-loaded"``: half the positives easy, from :math:`\mathcal{N}(4.5, 0.5)`, the
      other half hard, from :math:`\mathcal{N}(0.3, 1)`, almost mixed with the negatives;
    * ``"sagging"``: positives from :math:`\mathcal{N}(0.8, 1)`, weakly separated everywhere.

    >>> shapes = simulate_curve_shapes()
    >>> sorted(shapes), int(shapes["sagging"].labels.sum()), shapes["sagging"].labels.size
    (['bulging', 'front-loaded', 'sagging'], 100, 1000)
    """
    n_positive, n_negative = check_count(n_positive, "n_positive"), check_count(n_negative, "n_negative")
    if n_positive < 2 or n_negative == 0:
        raise ValueError(f"n_positive must be at least 2 and n_negative at least 1, got "
                         f"{n_positive} and {n_negative}")
    negatives = np.random.default_rng([seed, 0]).normal(0.0, 1.0, n_negative)
    easy = n_positive // 2
    positives = {
        "bulging": np.random.default_rng([seed, 1]).normal(2.5, 1.0, n_positive),
        "front-loaded": np.concatenate([
            np.random.default_rng([seed, 2]).normal(4.5, 0.5, easy),
            np.random.default_rng([seed, 3]).normal(0.3, 1.0, n_positive - easy)]),
        "sagging": np.random.default_rng([seed, 1]).normal(0.8, 1.0, n_positive),
    }
    labels = np.concatenate([np.ones(n_positive), np.zeros(n_negative)])
    return {name: ScoredSet(labels, np.concatenate([scores, negatives]))
            for name, scores in positives.items()}


def curve_shapes_figure(shapes: dict[str, ScoredSet],
                        f1_levels: Sequence[float] = (0.2, 0.4, 0.6, 0.8)) -> ShownFigure:
    """Several scorers' precision-recall curves on lines of equal F1, each with its best-F1 point."""
    if not shapes:
        raise ValueError("shapes must hold at least one named scored set")
    figure = Figure(figsize=(6.4, 3.8))
    ax = figure.subplots()
    equal_f1_lines(ax, f1_levels)
    colours, described = (RELEVANT, SECOND, CURRENT), []
    for index, (name, (labels, scores)) in enumerate(shapes.items()):
        curve = pr_curve_from_scores(labels, scores)
        best = max_f1(labels, scores)
        colour = colours[index % 3]
        ax.plot(*_thin(curve.recall[1:], curve.precision[1:]), color=colour, label=name)
        ax.plot([best.recall], [best.precision], marker="o", color=colour, markersize=8)
        at = interpolated_precision(curve.recall, curve.precision, recall_levels=[0.25, 0.5, 0.75])
        described.append(f"{name}: interpolated precision {at[0]:.2f}, {at[1]:.2f} and "
                         f"{at[2]:.2f} at recall 0.25, 0.5 and 0.75, best F1 {best.f1:.2f} at "
                         f"recall {best.recall:.2f}")
    base_rate = float(next(iter(shapes.values())).labels.mean())
    ax.axhline(base_rate, color=NOT_RELEVANT, linestyle="--", linewidth=1,
               label=f"base rate {base_rate:.2f}")
    _tidy(ax, "recall", "precision")
    legend_below(ax, ncol=2)
    ax.set_title("Shapes of precision-recall curves; dots: best F1", fontsize=10)
    alt = ("Precision-recall curves of three scorers on dotted lines of equal F1, each with a "
           f"dot where it touches its highest F1 line, above a dashed base-rate line at "
           f"{base_rate:.2f}. " + "; ".join(described) + ".")
    return ShownFigure(figure, alt)


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


def _draw_threshold_figure(labels: np.ndarray, scores: np.ndarray, threshold: float,
                           point: OperatingPoint) -> Figure:
    """The items as bars of their score, cut at ``threshold``, beside the PR curve with
    the threshold's ``point`` marked."""
    curve = pr_curve_from_scores(labels, scores)
    precision, recall = point.precision, point.recall
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
    ax.set_title(f"score \u2265 {threshold:.2f}\nprecision {precision:.2f}, recall {recall:.2f}",
                 fontsize=9)
    return figure


def threshold_frame(labels, scores, threshold: float) -> Frame:
    """The numbers and the figure for one threshold: items with score >= threshold are positive."""
    labels, scores = labels_and_scores(labels, scores)
    point = point_at_threshold(labels, scores, threshold)
    precision, recall = point.precision, point.recall
    called = int(np.sum(scores >= threshold))
    found = int(np.sum(labels[scores >= threshold]))
    numbers = {"threshold": format(threshold, THRESHOLD_FORMAT), "called positive": str(called),
               "TP": str(found), "FP": str(called - found),
               "precision": f"{precision:.4f}", "recall": f"{recall:.4f}",
               "F1": f"{point.f1:.4f}"}
    alt = (f"Left, the items as bars of their score, positives green, with a red line at the "
           f"threshold {threshold:.2f}; right, the precision-recall curve with the point of "
           f"this threshold marked: {called} items called positive, {found} of them positive, "
           f"precision {precision:.2f} and recall {recall:.2f}.")
    return Frame(numbers, partial(_draw_threshold_figure, labels, scores, threshold, point), alt)


def threshold_slider(labels, scores, threshold: float | None = None) -> Slider:
    """A slider over every distinct score, highest first: moving right calls more items positive.

    The slider shows the threshold as the frame's numbers do, to two decimals.
    """
    labels, scores = labels_and_scores(labels, scores)
    values = [float(t) for t in np.unique(scores)[::-1]]
    return Slider(lambda value: threshold_frame(labels, scores, value), values,
                  label="threshold", value=values[0] if threshold is None else float(threshold),
                  value_format=THRESHOLD_FORMAT)
