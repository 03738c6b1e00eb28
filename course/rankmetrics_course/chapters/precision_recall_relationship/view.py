"""What the chapter "The precision-recall relationship" shows.

Precision and recall at a cutoff share their numerator, the number of
relevant items in the top k:

.. math:: \\mathrm{P@}k \\cdot k = |R_k| = \\mathrm{R@}k \\cdot |R|

The figures draw the two measures against k and against each other (the
ranking's precision-recall curve, one point per cutoff).
``relationship_frame`` is the pure function behind the chapter's k-slider and
``relationship_slider`` wraps it in the two-faced
:class:`~rankmetrics_course.slider.Slider`. Every number comes from
:func:`~rankmetrics_lite.precision_recall_at_all_k`.
"""

from __future__ import annotations

from functools import partial

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.alt_text import listing, number
from rankmetrics_course.figures import ShownFigure, show_figure
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT, SECOND, rank_strip
from rankmetrics_lite import precision_recall_at_all_k
from rankmetrics_lite.validation import as_binary_relevance, check_k, check_n_relevant


def _curves(relevance, n_relevant: int) -> dict[str, np.ndarray]:
    """The relevance vector and P@k, R@k at every k, checked."""
    relevance = as_binary_relevance(relevance)
    check_n_relevant(n_relevant, relevance, "recall")
    curves = precision_recall_at_all_k(relevance, n_relevant=n_relevant)
    return {"relevance": relevance, **curves}


def _check_cutoff(k: int | None, length: int) -> int | None:
    if k is None:
        return None
    k = check_k(k)
    if k > length:
        raise ValueError(f"k must be at most the length of the ranking ({length}), got {k}")
    return k


def draw_against_k(strip, axes, curves: dict, k: int | None = None,
                   max_ticks: int = 12) -> None:
    """Ranks as a strip above P@k (green) and R@k (blue) against k; k marked.

    There is no legend (it would cover the curves at some k): the titles name
    the colours.
    """
    relevance, ks = curves["relevance"], curves["k"]
    rank_strip(strip, relevance, k)
    axes.plot(ks, curves["precision"], marker="o", markersize=3.5, color=RELEVANT, label="P@k")
    axes.plot(ks, curves["recall"], marker="s", markersize=3.5, color=SECOND, label="R@k")
    if k is not None:
        axes.axvline(k, color=CURRENT, linewidth=1)
        for name in ("precision", "recall"):
            axes.plot([k], [curves[name][k - 1]], marker="o", markersize=9, color=CURRENT,
                      zorder=3)
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100) if ks.size <= s * max_ticks)
    axes.set(xlabel="cutoff k", ylim=(-0.03, 1.05), xlim=(0.4, ks.size + 0.6),
             xticks=np.arange(step if step > 1 else 1, ks.size + 1, step))
    strip.tick_params(labelbottom=False)


def draw_pr_curve(axes, curves: dict, k: int | None = None, legend: bool = True) -> None:
    """The ranking's precision-recall curve: one point per k, joined in order of k.

    A relevant item at rank k moves the curve up and to the right (recall gains
    1/|R|, precision rises); a non-relevant one moves it straight down (recall
    stays, precision falls). Points are coloured by the item that produced them;
    with ``legend=False`` the caller places the key of those colours.
    """
    relevance, precision, recall = curves["relevance"], curves["precision"], curves["recall"]
    axes.plot(recall, precision, color=NOT_RELEVANT, linewidth=1, zorder=1)
    hit = relevance == 1
    axes.scatter(recall[hit], precision[hit], s=18, color=RELEVANT, zorder=2,
                 label="rank k relevant")
    axes.scatter(recall[~hit], precision[~hit], s=18, color=NOT_RELEVANT, zorder=2,
                 label="rank k not relevant")
    if k is not None:
        axes.plot([recall[k - 1]], [precision[k - 1]], marker="o", markersize=10,
                  color=CURRENT, zorder=3)
    axes.set(xlabel="recall R@k", ylabel="precision P@k", xlim=(-0.03, 1.05),
             ylim=(-0.03, 1.05))
    if legend:
        axes.legend(loc="lower left", fontsize=8, frameon=False)


def _draw_pr_curve_figure(relevance, n_relevant: int, k: int | None = None,
                    title: str = "The ranking's precision-recall curve") -> Figure:
    """The precision-recall curve of one ranking, k = 1..n; the cutoff k marked.

    >>> figure = _draw_pr_curve_figure([1, 0, 1, 0], n_relevant=3)
    >>> [ax.get_xlabel() for ax in figure.axes]
    ['recall R@k']
    """
    curves = _curves(relevance, n_relevant)
    k = _check_cutoff(k, curves["k"].size)
    figure = Figure(figsize=(6.4, 3.6))
    axes = figure.subplots()
    draw_pr_curve(axes, curves, k)
    axes.set_title(title, fontsize=10)
    return figure


def _draw_against_k_figure(relevance, n_relevant: int, k: int | None = None,
                     title: str = "P@k (green) and R@k (blue) against the cutoff k") -> Figure:
    """Ranks above P@k and R@k against k: the trade-off as k grows.

    >>> figure = _draw_against_k_figure([1, 0, 1, 0], n_relevant=3, k=2)
    >>> figure.axes[1].get_xlabel()
    'cutoff k'
    """
    curves = _curves(relevance, n_relevant)
    k = _check_cutoff(k, curves["k"].size)
    figure = Figure(figsize=(6.4, 3.6))
    strip, axes = figure.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": [1, 5]})
    draw_against_k(strip, axes, curves, k)
    strip.set_title(title, fontsize=10)
    return figure


def relationship_figure(relevance, n_relevant: int, k: int | None = None) -> Figure:
    """Left: ranks, P@k and R@k against k. Right: the precision-recall curve.

    Each panel's title stands above a cell of its own in the top row (the
    rank strip on the left, the key of the dot colours on the right), so the
    two titles never share a line's width, and the right panel's short axis
    labels stay clear of the left panel.

    >>> figure = relationship_figure([1, 0, 1, 0], n_relevant=3, k=2)
    >>> [ax.get_title() for ax in figure.axes if ax.get_title()]
    ['P@k (green), R@k (blue)', 'the PR curve']
    """
    curves = _curves(relevance, n_relevant)
    k = _check_cutoff(k, curves["k"].size)
    figure = Figure(figsize=(6.4, 3.8))
    grid = figure.add_gridspec(2, 2, height_ratios=[1, 4])
    strip = figure.add_subplot(grid[0, 0])
    against_k = figure.add_subplot(grid[1, 0], sharex=strip)
    key = figure.add_subplot(grid[0, 1])
    pr = figure.add_subplot(grid[1, 1])
    draw_against_k(strip, against_k, curves, k, max_ticks=5)
    draw_pr_curve(pr, curves, k, legend=False)
    pr.set(xlabel="R@k", ylabel="P@k")
    key.axis("off")
    key.legend(*pr.get_legend_handles_labels(), loc="center", fontsize=8, frameon=False,
               handletextpad=0.2, borderaxespad=0)
    strip.set_title("P@k (green), R@k (blue)", fontsize=9)
    key.set_title("the PR curve", fontsize=9)
    return figure


def relationship_numbers(relevance, n_relevant: int, k: int) -> dict[str, str]:
    """The numbers shown at cutoff k: |R_k|, P@k, R@k and both sides of the identity.

    >>> numbers = relationship_numbers([1, 0, 1, 1, 0], n_relevant=4, k=5)
    >>> numbers["P@k"], numbers["R@k"], numbers["P@k × k"], numbers["R@k × |R|"]
    ('0.6000', '0.7500', '3.0000', '3.0000')
    """
    curves = _curves(relevance, n_relevant)
    k = _check_cutoff(k, curves["k"].size)
    precision, recall = float(curves["precision"][k - 1]), float(curves["recall"][k - 1])
    return {
        "k": str(k),
        "|R_k|": str(int(curves["hits"][k - 1])),
        "P@k": f"{precision:.4f}",
        "R@k": f"{recall:.4f}",
        "P@k × k": f"{precision * k:.4f}",
        "R@k × |R|": f"{recall * n_relevant:.4f}",
    }


def relationship_frame(relevance, n_relevant: int, k: int) -> Frame:
    """The numbers and the figure for one position of the k-slider."""
    numbers = relationship_numbers(relevance, n_relevant, k)
    alt = (f"Left: a strip of ranks with the top {k} shaded, above P@k and R@k against k, "
           f"the cutoff k = {k} marked. Right: the precision-recall curve with its point "
           f"for k = {k} marked, at recall {numbers['R@k']} and precision {numbers['P@k']}; "
           f"{numbers['|R_k|']} of the top {k} items are relevant.")
    return Frame(numbers, partial(relationship_figure, relevance, n_relevant, k), alt)


def relationship_slider(relevance, n_relevant: int, k: int = 1) -> Slider:
    """A k-slider over every rank, moving a point along the precision-recall curve."""
    curves = _curves(relevance, n_relevant)
    relevance = curves["relevance"]
    return Slider(lambda value: relationship_frame(relevance, n_relevant, value),
                  range(1, relevance.size + 1), label="k", value=k)


def pr_curve_figure(relevance, n_relevant: int, k: int | None = None,
                    title: str = "The ranking's precision-recall curve") -> ShownFigure:
    """:func:`_draw_pr_curve_figure`, shown with an alt text computed from the ranking."""
    figure = _draw_pr_curve_figure(relevance, n_relevant, k, title)
    curves = precision_recall_at_all_k(relevance, n_relevant=n_relevant)
    p, r = curves["precision"], curves["recall"]
    alt = (f"Precision on the vertical axis against recall on the horizontal axis, one dot per "
           f"cutoff k from 1 to {p.size}. The path starts at recall {number(r[0])} and precision "
           f"{number(p[0])}, drops straight down at each non-relevant rank (grey dots) and steps "
           f"to the right at each relevant rank (green dots), ending at recall {number(r[-1])} "
           f"and precision {number(p[-1])}.")
    if k is not None:
        alt += f" The point of k={k} is marked."
    return show_figure(figure, alt=alt)


def against_k_figure(relevance, n_relevant: int, k: int | None = None,
                     title: str = "P@k (green) and R@k (blue) against the cutoff k") -> ShownFigure:
    """:func:`_draw_against_k_figure`, shown with an alt text computed from the ranking."""
    figure = _draw_against_k_figure(relevance, n_relevant, k, title)
    curves = precision_recall_at_all_k(relevance, n_relevant=n_relevant)
    p, r = curves["precision"], curves["recall"]
    alt = (f"A strip of {p.size} ranks, relevant ones green, above two lines against k from 1 to "
           f"{p.size}. Precision starts at {number(p[0])} and ends at {number(p[-1])}; recall "
           f"climbs from {number(r[0])} to {number(r[-1])} and never falls.")
    meet = [i + 1 for i in range(p.size) if p[i] > 0 and abs(p[i] - r[i]) < 1e-12]
    if meet:
        alt += f" The lines meet at k = {listing(meet)}, where both are {number(p[meet[0] - 1])}."
    if k is not None:
        alt += f" The cutoff k={k} is marked."
    return show_figure(figure, alt=alt)
