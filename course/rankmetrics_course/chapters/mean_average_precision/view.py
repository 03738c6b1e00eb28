"""What the Mean Average Precision chapter shows: AP's terms, MAP against GMAP, AP@k.

``ap_terms_figure`` draws AP as the mean height of one bar per relevant item;
``map_gmap_figure`` compares two systems query by query on a log scale;
``ap_at_k_frame`` is the pure function behind the chapter's k-slider, which
shows AP@k under the three denominators in use, and ``ap_at_k_slider`` wraps
it in the two-faced :class:`~rankmetrics_course.slider.Slider`. Every
number comes from :func:`rankmetrics_lite.average_precision`.
"""

from __future__ import annotations

from functools import partial

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.alt_text import listing, number
from rankmetrics_course.chapters.pr_curves_and_ap.view import legend_below
from rankmetrics_course.figures import ShownFigure, show_figure
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT, SECOND, rank_strip
from rankmetrics_lite import average_precision, gmap, precision_at_k
from rankmetrics_lite.validation import as_binary_relevance, check_k, check_n_relevant

# The three denominators of AP@k, in the package's names, with a short label.
NORMALISATIONS = {
    "n_relevant": "AP@k / |R|",
    "min_k_n_relevant": "AP@k / min(k, |R|)",
    "retrieved_relevant": "AP@k / |R_k|",
}
_COLOURS = {"n_relevant": RELEVANT, "min_k_n_relevant": SECOND,
            "retrieved_relevant": CURRENT}


def precision_at_relevant_ranks(relevance) -> tuple[np.ndarray, np.ndarray]:
    """The ranks that hold a relevant item, and P@i at each of them.

    >>> ranks, precisions = precision_at_relevant_ranks([1, 0, 1])
    >>> ranks.tolist(), [round(float(p), 4) for p in precisions]
    ([1, 3], [1.0, 0.6667])
    """
    relevance = as_binary_relevance(relevance)
    ranks = np.flatnonzero(relevance) + 1
    return ranks, np.array([precision_at_k(relevance, int(i)) for i in ranks])


def _draw_ap_terms_figure(relevance, n_relevant: int) -> Figure:
    """One bar per relevant item: P@i where it was found, 0 if it never was.

    AP is the mean height of the |R| bars (solid line); the mean over the
    retrieved relevant items only (dashed line) is what a tool that cannot see
    the missed items reports.
    """
    relevance = as_binary_relevance(relevance)
    n_rel = check_n_relevant(n_relevant, relevance, "average precision")
    ranks, precisions = precision_at_relevant_ranks(relevance)
    n_missed = n_rel - ranks.size
    heights = np.concatenate([precisions, np.zeros(n_missed)])
    labels = [f"rank {i}" for i in ranks] + ["missed"] * n_missed
    positions = np.arange(1, n_rel + 1)

    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    ax.bar(positions, heights, width=0.6, color=RELEVANT)
    for x in positions[ranks.size:]:
        ax.plot([x], [0.0], marker="x", markersize=10, color=CURRENT)
    ap = average_precision(relevance, n_relevant=n_rel)
    ax.axhline(ap, color=RELEVANT, linewidth=1.5,
               label=f"AP = mean of all {n_rel} bars = {ap:.4f}")
    if ranks.size:
        found_only = average_precision(relevance, n_relevant=n_rel,
                                       normalisation="retrieved_relevant")
        ax.axhline(found_only, color=NOT_RELEVANT, linestyle="--", linewidth=1.5,
                   label=f"mean of the {ranks.size} found only = {found_only:.4f}")
    for x, height in zip(positions, heights):
        # above the bar, or above the cross of a missed item
        ax.annotate(f"{height:.3f}", (x, height), textcoords="offset points",
                    xytext=(0, 3 if height else 8), ha="center", fontsize=8)
    ax.set(xticks=positions, xticklabels=labels, ylim=(0, 1.15),
           xlabel="relevant item, in the order the ranking finds it",
           ylabel="precision where found")
    ax.legend(loc="upper right", fontsize=8, frameon=False)
    ax.set_title("Average precision: one term per relevant item", fontsize=10)
    return figure


def _draw_map_gmap_figure(ap_a, ap_b, names: tuple[str, str] = ("A", "B")) -> Figure:
    """Per-query AP of two systems on a log scale, with each one's MAP and GMAP.

    On a log axis the geometric mean sits at the arithmetic mean of the bar
    heights, which is why a query near 0 weighs so much in GMAP.
    """
    a = np.asarray(ap_a, dtype=float)
    b = np.asarray(ap_b, dtype=float)
    if a.shape != b.shape or a.ndim != 1 or a.size == 0:
        raise ValueError("ap_a and ap_b must hold one AP per query, for the same queries")
    queries = np.arange(1, a.size + 1)
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    for values, name, colour, shift in ((a, names[0], SECOND, -0.18),
                                        (b, names[1], RELEVANT, 0.18)):
        ax.bar(queries + shift, values, width=0.34, color=colour,
               label=f"{name}: MAP {np.mean(values):.4f}, GMAP {gmap(list(values)):.4f}")
        ax.axhline(gmap(list(values)), color=colour, linestyle="--", linewidth=1)
    ax.set_yscale("log")
    # plain decimals: the superscripts of 10^-2 are drawn at 7/10 of the text size
    ax.set_yticks([0.01, 0.1, 1], ["0.01", "0.1", "1"])
    ax.minorticks_off()
    ax.set(xticks=queries, xticklabels=[f"q{q}" for q in queries], ylim=(0.005, 6),
           xlabel="query", ylabel="AP (log scale)")
    ax.legend(loc="upper right", fontsize=8, frameon=False)
    ax.set_title("Per-query AP; dashed lines: GMAP", fontsize=10)
    return figure


def ap_at_k_curves(relevance, n_relevant: int) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """k = 1..n and AP@k under each of the three normalisations."""
    relevance = as_binary_relevance(relevance)
    ks = np.arange(1, relevance.size + 1)
    curves = {name: np.array([average_precision(relevance, n_relevant=n_relevant, k=int(k), normalisation=name)
                              for k in ks])
              for name in NORMALISATIONS}
    return ks, curves


def ap_at_k_figure(relevance, n_relevant: int, k: int | None = None) -> Figure:
    """Ranks coloured by relevance above AP@k against k, one line per denominator."""
    relevance = as_binary_relevance(relevance)
    ks, curves = ap_at_k_curves(relevance, n_relevant)
    figure = Figure(figsize=(6.4, 3.6))
    strip, ax = figure.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": [1, 4]})
    rank_strip(strip, relevance, k)
    for name, label in NORMALISATIONS.items():
        ax.plot(ks, curves[name], marker="o", markersize=4, color=_COLOURS[name],
                label=label)
        if k is not None:
            ax.plot([k], [curves[name][k - 1]], marker="o", markersize=9,
                    color=_COLOURS[name], zorder=3)
    if k is not None:
        ax.axvline(k, color=NOT_RELEVANT, linewidth=1)
    ax.set(xlabel="cutoff k", ylabel="AP@k", ylim=(-0.03, 1.05), xticks=ks)
    legend_below(ax, ncol=2)  # off the lines and the cutoff's marker
    strip.set_title(f"AP@k under three denominators (|R| = {n_relevant})", fontsize=10)
    return figure


def ap_at_k_frame(relevance, n_relevant: int, k: int) -> Frame:
    """The numbers and the figure for one position of the k-slider."""
    relevance = as_binary_relevance(relevance)
    n_rel = check_n_relevant(n_relevant, relevance, "average precision")
    k = check_k(k)
    hits = int(relevance[:k].sum())
    numerator = average_precision(relevance, n_relevant=n_rel, k=k) * n_rel  # the sum of P@i terms
    numbers = {"k": str(k), "|R_k|": str(hits), "sum of P@i": f"{numerator:.4f}"}
    for name, label in NORMALISATIONS.items():
        numbers[label] = f"{average_precision(relevance, n_relevant=n_rel, k=k, normalisation=name):.4f}"
    alt = (f"Relevance of each rank above three lines of AP@k against k, one per "
           f"denominator; the cutoff k = {k} is marked, where {hits} of the {n_rel} "
           f"relevant items are in the top {k}.")
    return Frame(numbers, partial(ap_at_k_figure, relevance, n_rel, k), alt)


def ap_at_k_slider(relevance, n_relevant: int, k: int = 1) -> Slider:
    """A k-slider over every rank of ``relevance``, live in Jupyter, static in the book."""
    relevance = as_binary_relevance(relevance)
    n_rel = check_n_relevant(n_relevant, relevance, "average precision")
    return Slider(lambda value: ap_at_k_frame(relevance, n_rel, value),
                  range(1, relevance.size + 1), label="k", value=k)


def ap_terms_figure(relevance, n_relevant: int) -> ShownFigure:
    """:func:`_draw_ap_terms_figure`, shown with an alt text computed from the ranking."""
    figure = _draw_ap_terms_figure(relevance, n_relevant)
    ranks, precisions = precision_at_relevant_ranks(relevance)
    n_missed = n_relevant - ranks.size
    bars = [f"{p:.3f} (found at rank {r})" for r, p in zip(ranks, precisions)]
    if n_missed:
        bars.append(f"0 for the {n_missed} never found" if n_missed > 1 else "0 for the one never found")
    ap = average_precision(relevance, n_relevant=n_relevant)
    alt = (f"{n_relevant} bars, one per relevant item: {listing(bars)}. A solid line marks their "
           f"mean, AP = {ap:.4f}")
    if ranks.size:
        found_only = average_precision(relevance, n_relevant=n_relevant,
                                       normalisation="retrieved_relevant")
        alt += f"; a dashed line at {found_only:.4f} marks the mean of the {ranks.size} found only"
    return show_figure(figure, alt=alt + ".")


def map_gmap_figure(ap_a, ap_b, names: tuple[str, str] = ("A", "B")) -> ShownFigure:
    """:func:`_draw_map_gmap_figure`, shown with an alt text computed from the values."""
    figure = _draw_map_gmap_figure(ap_a, ap_b, names)
    parts, lines = [], []
    for name, values in zip(names, (ap_a, ap_b)):
        parts.append(f"{name} {listing(number(v, 4) for v in values)}")
        lines.append(f"{name} MAP {np.mean(values):.4f}, GMAP {gmap(list(values)):.4f}")
    alt = (f"Bars of AP per query, q1 to q{len(ap_a)}, for systems {names[0]} and {names[1]} on a "
           f"log scale: {'; '.join(parts)}. Dashed lines mark each system's GMAP; the legend "
           f"gives {'; '.join(lines)}.")
    return show_figure(figure, alt=alt)
