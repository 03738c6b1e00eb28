"""What the Precision@k chapter shows: P@k against k, and one cutoff at a time.

``precision_at_k_frame`` is the pure function behind the chapter's k-slider;
``precision_at_k_slider`` wraps it in the two-faced :class:`~rankmetrics_course.slider.Slider`.
"""

from __future__ import annotations

from functools import partial

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.alt_text import listing, number, relevant_ranks
from rankmetrics_course.chapters.pr_curves_and_ap.view import legend_below
from rankmetrics_course.figures import ShownFigure, show_figure
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT, rank_strip
from rankmetrics_lite import precision_at_k
from rankmetrics_lite.validation import as_binary_relevance, check_count, check_k


def precision_curve(relevance) -> tuple[np.ndarray, np.ndarray]:
    """k = 1..n and P@k at each, each value from :func:`precision_at_k`."""
    relevance = as_binary_relevance(relevance)
    ks = np.arange(1, relevance.size + 1)
    return ks, np.array([precision_at_k(relevance, int(k)) for k in ks])


def precision_upper_bound(k: int, n_relevant: int) -> float:
    r"""The best P@k any ranking can reach: :math:`\min(1, |R|/k)`.

    >>> precision_upper_bound(10, 4)
    0.4
    """
    k, n_relevant = check_k(k), check_count(n_relevant, "n_relevant")
    return min(1.0, n_relevant / k)


def _draw_precision_at_k_figure(relevance, k: int | None = None, n_relevant: int | None = None,
                          title: str = "Precision@k against k") -> Figure:
    """Ranks coloured by relevance above the curve of P@k; the cutoff k marked."""
    relevance = as_binary_relevance(relevance)
    ks, precision = precision_curve(relevance)
    figure = Figure(figsize=(6.4, 3.6))
    strip, curve = figure.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": [1, 4]})
    rank_strip(strip, relevance, k)
    curve.plot(ks, precision, marker="o", color=RELEVANT, label="P@k")
    if n_relevant is not None:
        bound = [precision_upper_bound(int(x), n_relevant) for x in ks]
        curve.plot(ks, bound, linestyle="--", color=NOT_RELEVANT, label="upper bound min(1, |R|/k)")
    if k is not None:
        curve.axvline(k, color=CURRENT, linewidth=1)
        curve.plot([k], [precision_at_k(relevance, k)], marker="o", markersize=11,
                   color=CURRENT, zorder=3)
    curve.set(xlabel="cutoff k", ylabel="P@k", ylim=(-0.03, 1.05), xticks=ks)
    legend_below(curve, ncol=2)  # inside the axes, the cutoff's line ran through its text
    strip.set_title(title, fontsize=10)
    return figure


def precision_at_k_frame(relevance, k: int, n_relevant: int | None = None) -> Frame:
    """The numbers and the figure for one position of the k-slider."""
    relevance = as_binary_relevance(relevance)
    k = check_k(k)
    hits = int(relevance[:k].sum())
    numbers = {"k": str(k), "relevant in top k": str(hits),
               "P@k": f"{precision_at_k(relevance, k):.4f}"}
    if n_relevant is not None:
        numbers["upper bound"] = f"{precision_upper_bound(k, n_relevant):.4f}"
    alt = (f"Relevance of each rank above a line of P@k against k; the cutoff k = {k} is marked, "
           f"where {hits} of the top {k} items are relevant.")
    return Frame(numbers, partial(_draw_precision_at_k_figure, relevance, k, n_relevant), alt)


def precision_at_k_slider(relevance, n_relevant: int | None = None, k: int = 1) -> Slider:
    """A k-slider over every rank of ``relevance``, live in Jupyter, static in the book."""
    relevance = as_binary_relevance(relevance)
    ks = range(1, relevance.size + 1)
    return Slider(lambda value: precision_at_k_frame(relevance, value, n_relevant),
                  ks, label="k", value=k)


def precision_at_k_figure(relevance, k: int | None = None, n_relevant: int | None = None,
                          title: str = "Precision@k against k") -> ShownFigure:
    """:func:`_draw_precision_at_k_figure`, shown with an alt text computed from the ranking."""
    figure = _draw_precision_at_k_figure(relevance, k, n_relevant, title)
    relevance = as_binary_relevance(relevance)
    n = relevance.size
    p = [precision_at_k(relevance, i) for i in range(1, n + 1)]
    alt = (f"A strip of {n} ranks, relevant ones green (ranks {listing(relevant_ranks(relevance))}), "
           f"above the line of P@k against k from 1 to {n}: {number(p[0])} at k=1, between "
           f"{number(min(p))} and {number(max(p))} on the way, ending at {number(p[-1])}.")
    if n_relevant:
        alt += (f" A dashed upper bound min(1, |R|/k), |R| = {n_relevant}, stays at 1 up to "
                f"k={min(n_relevant, n)}"
                + (f" and then falls to {number(n_relevant / n)}." if n_relevant < n else "."))
    if k is not None:
        alt += f" The cutoff k={k} is marked: P@{k} = {precision_at_k(relevance, k):.4f}."
    return show_figure(figure, alt=alt)
