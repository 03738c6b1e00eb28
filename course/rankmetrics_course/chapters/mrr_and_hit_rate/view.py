"""What the MRR and hit rate chapter shows: RR against the rank of the first relevant item.

``first_relevant_frame`` is the pure function behind the chapter's slider over
the rank of the first relevant item: it gives RR, hit rate at a few cutoffs and
AP with one relevant item, all from the package; ``first_relevant_slider``
wraps it in the two-faced :class:`~rankmetrics_course.slider.Slider`.
``rr_scale_figure`` shows why RR is not an interval scale.
"""

from __future__ import annotations

from functools import partial

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.alt_text import listing
from rankmetrics_course.figures import ShownFigure, show_figure
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT, SECOND, rank_strip
from rankmetrics_lite import average_precision, hit_rate_at_k, reciprocal_rank
from rankmetrics_lite.validation import check_k

DEFAULT_CUTOFFS = (1, 5, 10)


def first_relevant_ranking(rank: int, depth: int) -> list[int]:
    """A ranking of ``depth`` items whose only relevant item sits at ``rank``.

    >>> first_relevant_ranking(3, 5)
    [0, 0, 1, 0, 0]
    """
    rank, depth = check_k(rank, "rank"), check_k(depth, "depth")
    if rank > depth:
        raise ValueError(f"rank must be at most depth ({depth}), got {rank}")
    return [int(i == rank) for i in range(1, depth + 1)]


def reciprocal_rank_curve(depth: int) -> tuple[np.ndarray, np.ndarray]:
    """Ranks 1..depth and the RR of a ranking whose first relevant item is at each."""
    depth = check_k(depth, "depth")
    ranks = np.arange(1, depth + 1)
    return ranks, np.array([reciprocal_rank(first_relevant_ranking(int(r), depth))
                            for r in ranks])


def _draw_rr_scale_figure(max_rank: int = 1000,
                    moves: tuple[tuple[int, int], ...] = ((1, 2), (2, 3), (100, 1000))) -> Figure:
    """RR against the rank of the first relevant item (log axis), with the cost of some moves.

    Each move (a, b) is drawn as the drop in RR when the first relevant item
    slides from rank a to rank b: equal-looking moves cost very different amounts.
    """
    ranks = np.unique(np.round(np.logspace(0, np.log10(check_k(max_rank, "max_rank")),
                                           200)).astype(int))
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    ax.plot(ranks, 1.0 / ranks, color=RELEVANT, label="RR = 1 / rank")
    for (a, b), colour in zip(moves, (CURRENT, SECOND, NOT_RELEVANT, RELEVANT)):
        rr_a = reciprocal_rank(first_relevant_ranking(a, b))
        rr_b = reciprocal_rank(first_relevant_ranking(b, b))
        ax.plot([a, b], [rr_a, rr_b], marker="o", color=colour, linewidth=2.5,
                label=f"rank {a} -> {b}: RR falls by {rr_a - rr_b:.3f}")
    ax.set_xscale("log")
    ticks = [t for t in (1, 2, 3, 5, 10, 20, 50, 100, 200, 500, 1000, 10000) if t <= max_rank]
    ax.set_xticks(ticks, [str(t) for t in ticks])
    ax.minorticks_off()
    ax.set(xlabel="rank of the first relevant item (log scale)", ylabel="reciprocal rank",
           ylim=(-0.03, 1.05), xlim=(0.8, max_rank * 1.25))
    ax.legend(loc="upper right", fontsize=8, frameon=False)
    ax.set_title("What moving the first relevant item costs in RR", fontsize=10)
    return figure


def first_relevant_figure(rank: int, depth: int = 20,
                          cutoffs: tuple[int, ...] = DEFAULT_CUTOFFS) -> Figure:
    """The ranking (one relevant item, at ``rank``) above RR against that rank.

    A dashed line, labelled hit@k, marks the end of the top k for each cutoff.
    """
    relevance = np.array(first_relevant_ranking(rank, depth))
    ranks, rr = reciprocal_rank_curve(depth)
    figure = Figure(figsize=(6.4, 3.6))
    strip, ax = figure.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": [1, 4]})
    rank_strip(strip, relevance)
    ax.plot(ranks, rr, marker="o", markersize=4, color=RELEVANT, label="RR")
    ax.plot([rank], [rr[rank - 1]], marker="o", markersize=11, color=CURRENT, zorder=3)
    for k in cutoffs:
        ax.axvline(k + 0.5, color=NOT_RELEVANT, linestyle="--", linewidth=1)
        # a short label: a longer one ("hit@1 ends") reaches the next line on a phone
        ax.text(k + 0.6, 0.97, f"hit@{k}", fontsize=7, color=NOT_RELEVANT, va="top")
    ax.set(xlabel="rank of the first relevant item", ylabel="reciprocal rank",
           ylim=(-0.03, 1.05), xticks=ranks)
    strip.set_title(f"One relevant item, at rank {rank}", fontsize=10)
    return figure


def first_relevant_frame(rank: int, depth: int = 20,
                         cutoffs: tuple[int, ...] = DEFAULT_CUTOFFS) -> Frame:
    """The numbers and the figure for one position of the first-relevant-rank slider."""
    relevance = first_relevant_ranking(rank, depth)
    rr = reciprocal_rank(relevance)
    numbers = {"first relevant rank": str(rank), "RR": f"{rr:.4f}"}
    for k in cutoffs:
        numbers[f"hit@{k}"] = f"{hit_rate_at_k(relevance, k):.0f}"
    numbers["AP (|R| = 1)"] = f"{average_precision(relevance, n_relevant=1):.4f}"
    hits = [k for k in cutoffs if k >= rank]
    alt = (f"A ranking of {depth} items with its only relevant item at rank {rank}, above "
           f"the curve of reciprocal rank against that rank; the point for rank {rank} is "
           f"marked at RR = {rr:.4f}. It counts as a hit at "
           + (", ".join(f"k = {k}" for k in hits) if hits else "none of the cutoffs")
           + ".")
    return Frame(numbers, partial(first_relevant_figure, rank, depth, cutoffs), alt)


def first_relevant_slider(depth: int = 20, cutoffs: tuple[int, ...] = DEFAULT_CUTOFFS,
                          rank: int = 1) -> Slider:
    """A slider over r, the rank of the first relevant item (1..depth), live or static."""
    depth = check_k(depth, "depth")
    return Slider(lambda value: first_relevant_frame(value, depth, cutoffs),
                  range(1, depth + 1), label="r", value=rank)


def rr_scale_figure(max_rank: int = 1000,
                    moves: tuple[tuple[int, int], ...] = ((1, 2), (2, 3), (100, 1000))) -> ShownFigure:
    """:func:`_draw_rr_scale_figure`, shown with an alt text computed from the moves."""
    figure = _draw_rr_scale_figure(max_rank, moves)
    costs = listing(f"from rank {a} to {b} costs {1 / a - 1 / b:.3f}" for a, b in moves)
    alt = (f"Reciprocal rank against the rank of the first relevant item on a log axis from 1 to "
           f"{max_rank}: 1 at rank 1, 0.5 at rank 2, {1 / max_rank:.3g} at rank {max_rank}. "
           f"Highlighted segments show what some moves cost: {costs}.")
    return show_figure(figure, alt=alt)
