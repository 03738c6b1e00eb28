"""What the chapter "R-precision" shows: P@k and R@k meeting at k = |R|.

R-precision is precision at the cutoff k = |R|, where precision and recall
have the same denominator and so the same value:

.. math:: \\mathrm{R\\text{-}Prec} = \\mathrm{P@}|R| = \\mathrm{R@}|R| = \\frac{|R_{|R|}|}{|R|}

Everywhere else :math:`\\mathrm{P@}k / \\mathrm{R@}k = |R| / k`, so the two
curves meet only at k = |R| (and wherever both are 0): the break-even point.
``r_precision_frame`` is the pure function behind the chapter's |R|-slider,
``r_precision_slider`` wraps it in the two-faced
:class:`~rankmetrics_course.slider.Slider`. Every number comes from
:func:`~rankmetrics_lite.r_precision` and
:func:`~rankmetrics_lite.precision_recall_at_all_k`.
"""

from __future__ import annotations

from functools import partial

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.alt_text import number
from rankmetrics_course.chapters.precision_recall_relationship.view import draw_against_k
from rankmetrics_course.figures import ShownFigure, show_figure
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT
from rankmetrics_lite import precision_recall_at_all_k, r_precision
from rankmetrics_lite.validation import as_binary_relevance, check_n_relevant


def _checked(relevance, n_relevant: int) -> tuple[np.ndarray, int]:
    relevance = as_binary_relevance(relevance)
    return relevance, check_n_relevant(n_relevant, relevance, "R-precision")


def r_precision_numbers(relevance, n_relevant: int) -> dict[str, str]:
    """The numbers shown for one |R|: the cutoff, the hits there, P@|R|, R@|R|, R-precision.

    A ranking shorter than |R| counts its missing ranks as not relevant.

    >>> r_precision_numbers([1, 0, 1, 0, 1, 0, 0, 1, 0, 1], n_relevant=5)["R-precision"]
    '0.6000'
    """
    relevance, n_relevant = _checked(relevance, n_relevant)
    padded = np.concatenate([relevance, np.zeros(max(0, n_relevant - relevance.size))])
    curves = precision_recall_at_all_k(padded, n_relevant=n_relevant)
    at = n_relevant - 1
    return {
        "|R|": str(n_relevant),
        "relevant in top |R|": str(int(curves["hits"][at])),
        "P@|R|": f"{curves['precision'][at]:.4f}",
        "R@|R|": f"{curves['recall'][at]:.4f}",
        "R-precision": f"{r_precision(relevance, n_relevant=n_relevant):.4f}",
    }


def _draw_r_precision_figure(relevance, n_relevant: int,
                       title: str = "P@k (green) and R@k (blue) meet at k = |R|") -> Figure:
    """Ranks (top |R| shaded) above P@k and R@k against k; the meeting point at k = |R| marked.

    A ranking shorter than |R| is drawn padded with non-relevant ranks up to |R|,
    which is how every measure of the package counts missing ranks.

    >>> figure = _draw_r_precision_figure([0, 0, 0, 1, 1, 1, 0, 0, 0, 0], n_relevant=3)
    >>> figure.axes[1].get_xlabel()
    'cutoff k'
    """
    relevance, n_relevant = _checked(relevance, n_relevant)
    padded = np.concatenate([relevance, np.zeros(max(0, n_relevant - relevance.size))])
    curves = {"relevance": padded, **precision_recall_at_all_k(padded, n_relevant=n_relevant)}
    figure = Figure(figsize=(6.4, 3.6))
    strip, axes = figure.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": [1, 5]})
    draw_against_k(strip, axes, curves, n_relevant)
    value = r_precision(relevance, n_relevant=n_relevant)
    right_side = n_relevant <= 0.6 * padded.size  # keep the label inside the axes
    axes.annotate(f"k = |R| = {n_relevant}\nR-precision = {value:.4f}",
                  xy=(n_relevant, 0.12 if value > 0.4 else 0.8),
                  xytext=(6 if right_side else -6, 0), textcoords="offset points",
                  ha="left" if right_side else "right", va="center", fontsize=8,
                  color=CURRENT, bbox={"facecolor": "white", "edgecolor": "none",
                                       "alpha": 0.85, "pad": 1.5})
    strip.set_title(title, fontsize=10)
    return figure


def r_precision_frame(relevance, n_relevant: int) -> Frame:
    """The numbers and the figure for one position of the |R|-slider."""
    numbers = r_precision_numbers(relevance, n_relevant)
    alt = (f"A strip of ranks with the top {numbers['|R|']} shaded, above P@k and R@k "
           f"against k. A vertical line at k = |R| = {numbers['|R|']} passes through the "
           f"point where the two lines meet, at R-precision {numbers['R-precision']}.")
    return Frame(numbers, partial(_draw_r_precision_figure, relevance, n_relevant), alt)


def r_precision_slider(relevance, n_relevant: int | None = None) -> Slider:
    """An |R|-slider: the same ranking judged against collections with more relevant items.

    |R| runs from the number of relevant items in the ranking (at least 1) to
    the length of the ranking; ``n_relevant`` is the position shown first.
    """
    relevance = as_binary_relevance(relevance)
    lowest = max(1, int(relevance.sum()))
    if relevance.size < lowest:
        raise ValueError("relevance must be at least as long as its number of relevant items "
                         f"(at least 1), got a ranking of length {relevance.size}")
    values = range(lowest, relevance.size + 1)
    start = lowest if n_relevant is None else _checked(relevance, n_relevant)[1]
    if start not in values:
        raise ValueError(f"n_relevant must be between {lowest} and the length of the ranking "
                         f"({relevance.size}) for the slider, got {start}")
    return Slider(lambda value: r_precision_frame(relevance, value), values, label="|R|",
                  value=start)


def r_precision_figure(relevance, n_relevant: int,
                       title: str = "P@k (green) and R@k (blue) meet at k = |R|") -> ShownFigure:
    """:func:`_draw_r_precision_figure`, shown with an alt text computed from the ranking."""
    figure = _draw_r_precision_figure(relevance, n_relevant, title)
    relevance = as_binary_relevance(relevance)
    value = r_precision(relevance, n_relevant=n_relevant)
    alt = (f"A strip of {relevance.size} ranks with the top {n_relevant} shaded, above P@k (green) "
           f"and R@k (blue) against k. The two lines meet at k = {n_relevant}, marked by a "
           f"vertical line and a dot at {number(value)}, the R-precision.")
    return show_figure(figure, alt=alt)
