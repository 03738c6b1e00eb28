"""What the chapter "Beyond classification" shows: one set of items, two orders.

Two rankings hold the same items, so a classifier's view (which items were
returned) cannot tell them apart; a reader who goes down the list from the
top meets the relevant items at very different depths.
``reading_frame`` is the pure function behind the chapter's k-slider (how
many relevant items a reader has seen after the first k results of each
ranking); ``reading_slider`` wraps it in the two-faced
:class:`~rankmetrics_course.slider.Slider`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.alt_text import listing, relevant_ranks
from rankmetrics_course.figures import ShownFigure, show_figure
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT, SECOND, rank_strip
from rankmetrics_lite import precision_at_k, precision_recall_at_all_k
from rankmetrics_lite.validation import as_binary_relevance, check_k

# One colour per ranking, in the order the rankings are given.
_LINE_COLOURS = (RELEVANT, SECOND)


def _check_rankings(rankings: Mapping) -> dict[str, np.ndarray]:
    """``rankings`` as {name: 0/1 vector}: two of them, of the same length."""
    if not isinstance(rankings, Mapping) or len(rankings) != 2:
        raise ValueError("rankings must map two names to two relevance vectors, "
                         "for example {'A': [1, 0], 'B': [0, 1]}")
    checked = {str(name): as_binary_relevance(relevance, f"rankings[{name!r}]")
               for name, relevance in rankings.items()}
    sizes = {vector.size for vector in checked.values()}
    if len(sizes) != 1:
        raise ValueError("the two rankings must have the same length, got "
                         f"{sorted(sizes)}: they are two orders of the same items")
    return checked


def relevant_seen(relevance) -> np.ndarray:
    """|R_k| for k = 1..n: relevant items a top-down reader has seen after k results.

    >>> relevant_seen([0, 1, 1, 0]).tolist()
    [0, 1, 2, 2]
    """
    relevance = as_binary_relevance(relevance)
    # |R| only scales recall, which is not used here; any valid |R| gives the same hits.
    n_relevant = max(int(relevance.sum()), 1)
    return precision_recall_at_all_k(relevance, n_relevant=n_relevant)["hits"]


def _draw_two_rankings_figure(rankings: Mapping, k: int | None = None) -> Figure:
    """One rank strip per ranking above the count of relevant items seen after k results."""
    checked = _check_rankings(rankings)
    n = next(iter(checked.values())).size
    ks = np.arange(1, n + 1)
    figure = Figure(figsize=(6.4, 3.6))
    strip_a, strip_b, curve = figure.subplots(
        3, 1, sharex=True, gridspec_kw={"height_ratios": [1, 1, 5]})
    for ax, (name, relevance) in zip((strip_a, strip_b), checked.items()):
        rank_strip(ax, relevance, k)
        ax.set_ylabel(name, rotation=0, ha="right", va="center", fontsize=9)
    for (name, relevance), colour, marker in zip(checked.items(), _LINE_COLOURS, "os"):
        curve.step(ks, relevant_seen(relevance), where="post", color=colour)
        curve.plot(ks, relevant_seen(relevance), linestyle="none", marker=marker,
                   color=colour, label=name)
    if k is not None:
        curve.axvline(k, color=CURRENT, linewidth=1)
    top = int(max(v.sum() for v in checked.values()))
    curve.set(xlabel="results read from the top (k)",
              ylabel="relevant results seen", xticks=ks,
              yticks=range(top + 1), ylim=(-0.2, top + 0.4))
    curve.grid(axis="y", color=NOT_RELEVANT, alpha=0.3)
    curve.legend(loc="upper left", fontsize=8, frameon=False)
    strip_a.set_title("Same items, two orders", fontsize=10)
    return figure


def reading_frame(rankings: Mapping, k: int) -> Frame:
    """The numbers and the figure for one position of the k-slider."""
    checked = _check_rankings(rankings)
    k = check_k(k)
    numbers = {"k": str(k)}
    for name, relevance in checked.items():
        numbers[f"{name}: relevant seen"] = str(int(relevance[:k].sum()))
    for name, relevance in checked.items():
        numbers[f"{name}: P@k"] = f"{precision_at_k(relevance, k):.4f}"
    seen = ", ".join(f"{numbers[f'{name}: relevant seen']} in ranking {name}"
                     for name in checked)
    alt = (f"Two rank strips above two step lines of relevant results seen "
           f"against k; the first {k} results are shaded: {seen}.")
    return Frame(numbers, partial(_draw_two_rankings_figure, checked, k), alt)


def reading_slider(rankings: Mapping, k: int = 1) -> Slider:
    """A k-slider over both rankings, live in Jupyter, static in the book."""
    checked = _check_rankings(rankings)
    n = next(iter(checked.values())).size
    return Slider(lambda value: reading_frame(checked, value), range(1, n + 1),
                  label="k", value=k)


def two_rankings_figure(rankings: Mapping, k: int | None = None) -> ShownFigure:
    """:func:`_draw_two_rankings_figure`, shown with an alt text computed from the rankings."""
    figure = _draw_two_rankings_figure(rankings, k)
    checked = _check_rankings(rankings)
    parts = []
    for name, relevance in checked.items():
        ranks = relevant_ranks(relevance)
        parts.append(f"ranking {name} has its relevant results at ranks {listing(ranks)}"
                     + (f" and has seen all {len(ranks)} at k={ranks[-1]}" if ranks else ""))
    n = next(iter(checked.values())).size
    alt = (f"{len(checked)} strips of {n} ranks, relevant ones green, above step lines of the "
           f"relevant results seen against k: {'; '.join(parts)}.")
    return show_figure(figure, alt=alt)
