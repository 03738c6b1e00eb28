"""What the "Limitations and extensions" chapter shows.

Two questions, each a pure function of its inputs:

* what one relevant item is worth at each rank, under P@k at a few cutoffs
  (:func:`rank_value_figure`);
* which of two systems P@k prefers, cutoff by cutoff
  (:func:`winner_at_k`, :func:`two_systems_figure`), with a k-slider whose
  frame is :func:`k_winner_frame`.

Every number comes from the package's measures; nothing is recomputed here.
"""

from __future__ import annotations

from functools import partial

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.alt_text import listing, number
from rankmetrics_course.figures import ShownFigure, show_figure
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, RELEVANT, SECOND, rank_strip
from rankmetrics_lite import precision_at_k
from rankmetrics_lite.validation import as_binary_relevance, check_k


def single_item_scores(rank: int, ks: tuple[int, ...] = (3, 5, 10),
                       depth: int | None = None) -> dict[str, float]:
    """P@k at each cutoff in ``ks`` of a query whose only relevant item sits at ``rank``.

    With one relevant item (|R| = 1) each value is the weight the cutoff gives
    a relevant item at that rank: 1/k inside the top k, 0 below it.

    >>> single_item_scores(1)
    {'P@3': 0.3333333333333333, 'P@5': 0.2, 'P@10': 0.1}
    >>> single_item_scores(4)
    {'P@3': 0.0, 'P@5': 0.2, 'P@10': 0.1}
    """
    rank = check_k(rank, "rank")
    ks = tuple(check_k(k) for k in ks)
    if not ks:
        raise ValueError("ks must hold at least one cutoff")
    depth = max(rank, *ks) if depth is None else check_k(depth, "depth")
    if depth < rank:
        raise ValueError(f"depth must be at least rank ({rank}), got {depth}")
    relevance = np.zeros(depth, dtype=int)
    relevance[rank - 1] = 1
    return {f"P@{k}": precision_at_k(relevance, k) for k in ks}


_LINES = (("-", "o"), ("--", "s"), (":", "^"))


def _draw_rank_value_figure(ks: tuple[int, ...] = (3, 5, 10), last_rank: int = 15) -> Figure:
    """P@k of a query whose single relevant item is placed at rank 1..last_rank.

    Each cutoff is a flat step: the same weight 1/k for every rank of its top k
    (position blind), nothing below it.
    """
    ks, last_rank = tuple(check_k(k) for k in ks), check_k(last_rank, "last_rank")
    ranks = np.arange(1, last_rank + 1)
    rows = [single_item_scores(int(r), ks, depth=max(last_rank, *ks)) for r in ranks]
    colours = (RELEVANT, SECOND, CURRENT)
    figure = Figure(figsize=(6.4, 3.6))
    axes = figure.subplots()
    for i, name in enumerate(rows[0]):
        line, marker = _LINES[i % len(_LINES)]
        axes.plot(ranks, [row[name] for row in rows], color=colours[i % len(colours)],
                  linestyle=line, marker=marker, markersize=5, label=name, drawstyle="steps-mid")
    axes.set(xlabel="rank of the only relevant item", ylabel="score of the ranking",
             xticks=ranks, ylim=(-0.02, 0.5))
    axes.set_title("What one relevant item is worth at each rank", fontsize=10)
    axes.legend(loc="upper right", fontsize=8, frameon=False)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    return figure


def winner_at_k(x, y, k: int, names: tuple[str, str] = ("X", "Y")) -> str:
    """The name of the system with the higher P@k, or ``"tie"``.

    >>> winner_at_k([1, 1, 0, 0], [0, 0, 1, 1], k=2)
    'X'
    >>> winner_at_k([1, 1, 0, 0], [0, 0, 1, 1], k=4)
    'tie'
    """
    p_x, p_y = precision_at_k(x, k), precision_at_k(y, k)
    if p_x == p_y:
        return "tie"
    return names[0] if p_x > p_y else names[1]


def _two_rankings(x, y) -> tuple[np.ndarray, np.ndarray]:
    x, y = as_binary_relevance(x, "x"), as_binary_relevance(y, "y")
    if x.size != y.size:
        raise ValueError(f"x and y must rank the same number of items, got {x.size} and {y.size}")
    if x.size == 0:
        raise ValueError("x and y must hold at least one rank")
    return x, y


def _draw_two_systems_figure(x, y, k: int | None = None,
                       names: tuple[str, str] = ("X", "Y")) -> Figure:
    """Both rankings as strips above their P@k curves against k; the cutoff k marked."""
    x, y = _two_rankings(x, y)
    ks = np.arange(1, x.size + 1)
    figure = Figure(figsize=(6.4, 3.6))
    strip_x, strip_y, curve = figure.subplots(
        3, 1, sharex=True, gridspec_kw={"height_ratios": [0.7, 0.7, 4]})
    for strip, ranking, name in ((strip_x, x, names[0]), (strip_y, y, names[1])):
        rank_strip(strip, ranking, k)
        strip.set_ylabel(name, rotation=0, ha="right", va="center", fontsize=9)
    for ranking, name, colour, line, marker in ((x, names[0], RELEVANT, "-", "o"),
                                                (y, names[1], SECOND, "--", "s")):
        curve.plot(ks, [precision_at_k(ranking, int(c)) for c in ks], color=colour,
                   linestyle=line, marker=marker, markersize=5, label=f"P@k of {name}")
    if k is not None:
        k = check_k(k)
        curve.axvline(k, color=CURRENT, linewidth=1)
        for ranking in (x, y):
            curve.plot([k], [precision_at_k(ranking, k)], marker="o", markersize=10,
                       color=CURRENT, zorder=3, alpha=0.6)
    curve.set(xlabel="cutoff k", ylabel="P@k", ylim=(-0.03, 1.05), xticks=ks)
    curve.legend(loc="upper right", fontsize=8, frameon=False)
    strip_x.set_title(f"P@k of two systems: {names[0]} and {names[1]}", fontsize=10)
    return figure


def k_winner_frame(x, y, k: int, names: tuple[str, str] = ("X", "Y")) -> Frame:
    """The numbers and the figure for one position of the two-system k-slider."""
    x, y = _two_rankings(x, y)
    k = check_k(k)
    winner = winner_at_k(x, y, k, names)
    numbers = {"k": str(k), f"P@k of {names[0]}": f"{precision_at_k(x, k):.4f}",
               f"P@k of {names[1]}": f"{precision_at_k(y, k):.4f}", "winner": winner}
    verdict = "the two systems tie" if winner == "tie" else f"{winner} has the higher P@k"
    alt = (f"Two rankings of {x.size} items shown as strips above their P@k curves against k; "
           f"the cutoff k = {k} is marked, where {verdict}.")
    return Frame(numbers, partial(_draw_two_systems_figure, x, y, k, names), alt)


def k_winner_slider(x, y, k: int = 1, names: tuple[str, str] = ("X", "Y")) -> Slider:
    """A k-slider over every rank: both systems' P@k and the winner, live or static."""
    x, y = _two_rankings(x, y)
    return Slider(lambda value: k_winner_frame(x, y, value, names),
                  range(1, x.size + 1), label="k", value=k)


def rank_value_figure(ks: tuple[int, ...] = (3, 5, 10), last_rank: int = 15) -> ShownFigure:
    """:func:`_draw_rank_value_figure`, shown with an alt text computed from the scores."""
    figure = _draw_rank_value_figure(ks, last_rank)
    steps = [f"P@{k} is {number(single_item_scores(1, (k,))[f'P@{k}'])} for ranks 1 to {k}"
             for k in ks]
    alt = (f"Score of a query's only relevant item placed at ranks 1 to {last_rank}, as flat "
           f"steps: {'; '.join(steps)}; each drops to 0 below its cutoff.")
    return show_figure(figure, alt=alt)


def two_systems_figure(x, y, k: int | None = None,
                       names: tuple[str, str] = ("X", "Y")) -> ShownFigure:
    """:func:`_draw_two_systems_figure`, shown with an alt text computed from the rankings."""
    figure = _draw_two_systems_figure(x, y, k, names)
    x, y = _two_rankings(x, y)
    ks = range(1, x.size + 1)
    parts = []
    for name, ranking in zip(names, (x, y)):
        p = [precision_at_k(ranking, i) for i in ks]
        best = int(np.argmax(p))
        parts.append(f"{name}'s curve starts at {number(p[0])}, peaks at {number(p[best])} at "
                     f"k={best + 1} and ends at {number(p[-1])}")
    meet = [i for i in ks if winner_at_k(x, y, i, names) == "tie"]
    alt = (f"Rankings {names[0]} and {names[1]} as strips of {x.size} ranks above their P@k curves. "
           f"{'; '.join(parts)}. "
           + (f"The curves meet at k = {listing(meet)}." if meet else "The curves never meet."))
    return show_figure(figure, alt=alt)
