"""What the Recall@k chapter shows: R@k against k, beside P@k, and hit rate against recall.

``recall_at_k_frame`` is the pure function behind the chapter's k-slider;
``recall_at_k_slider`` wraps it in the two-faced
:class:`~rankmetrics_course.slider.Slider`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.alt_text import listing, number, relevant_ranks
from rankmetrics_course.figures import ShownFigure, show_figure
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT, SECOND, rank_strip
from rankmetrics_lite import hit_rate_at_k, precision_at_k, recall_at_k
from rankmetrics_lite.validation import as_binary_relevance, check_k, check_n_relevant


def recall_curve(relevance, n_relevant: int) -> tuple[np.ndarray, np.ndarray]:
    """k = 1..n and R@k at each, each value from :func:`recall_at_k`."""
    relevance = as_binary_relevance(relevance)
    ks = np.arange(1, relevance.size + 1)
    return ks, np.array([recall_at_k(relevance, int(k), n_relevant=n_relevant) for k in ks])


def recall_upper_bound(k: int, n_relevant: int) -> float:
    r"""The best R@k any ranking can reach: :math:`\min(1, k/|R|)`.

    The top k holds at most k items, so at most k of the |R| relevant ones.
    Undefined (``ValueError``) when the query has no relevant item.

    >>> recall_upper_bound(4, 8)
    0.5
    >>> recall_upper_bound(10, 8)
    1.0
    """
    k = check_k(k)
    n_relevant = check_n_relevant(n_relevant, np.zeros(0), "the recall bound")
    return min(1.0, k / n_relevant)


def _draw_recall_at_k_figure(relevance, n_relevant: int, k: int | None = None,
                       show_precision: bool = True,
                       title: str = "Recall@k against k") -> Figure:
    """Ranks coloured by relevance above R@k (and P@k) against k; the cutoff k marked."""
    relevance = as_binary_relevance(relevance)
    ks, recall = recall_curve(relevance, n_relevant)
    figure = Figure(figsize=(6.4, 3.6))
    strip, curve = figure.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": [1, 4]})
    rank_strip(strip, relevance, k)
    bound = [recall_upper_bound(int(x), n_relevant) for x in ks]
    curve.plot(ks, bound, linestyle="--", color=NOT_RELEVANT,
               label="upper bound min(1, k/|R|)")
    if show_precision:
        precision = [precision_at_k(relevance, int(x)) for x in ks]
        curve.plot(ks, precision, marker="o", markersize=4, linewidth=1, color=RELEVANT,
                   alpha=0.7, label="P@k")
    curve.plot(ks, recall, marker="s", color=SECOND, label=f"R@k (|R| = {n_relevant})")
    if k is not None:
        curve.axvline(k, color=CURRENT, linewidth=1)
        curve.plot([k], [recall_at_k(relevance, k, n_relevant=n_relevant)], marker="s", markersize=11,
                   color=CURRENT, zorder=3)
    curve.set(xlabel="cutoff k", ylabel="value", ylim=(-0.03, 1.05), xticks=ks)
    curve.legend(loc="lower right", fontsize=8, frameon=False)
    strip.set_title(title, fontsize=10)
    return figure


def recall_at_k_frame(relevance, n_relevant: int, k: int) -> Frame:
    """The numbers and the figure for one position of the k-slider."""
    relevance = as_binary_relevance(relevance)
    k = check_k(k)
    hits = int(relevance[:k].sum())
    numbers = {
        "k": str(k),
        "relevant in top k": str(hits),
        "R@k": f"{recall_at_k(relevance, k, n_relevant=n_relevant):.4f}",
        "P@k": f"{precision_at_k(relevance, k):.4f}",
        "recall bound": f"{recall_upper_bound(k, n_relevant):.4f}",
    }
    alt = (f"Relevance of each rank above R@k and P@k against k; the cutoff k = {k} is "
           f"marked, where {hits} of the {n_relevant} relevant items are in the top {k}.")
    return Frame(numbers, partial(_draw_recall_at_k_figure, relevance, n_relevant, k), alt)


def recall_at_k_slider(relevance, n_relevant: int, k: int = 1) -> Slider:
    """A k-slider over every rank of ``relevance``, live in Jupyter, static in the book."""
    relevance = as_binary_relevance(relevance)
    check_n_relevant(n_relevant, relevance, "recall")  # fail at the door, not per frame
    return Slider(lambda value: recall_at_k_frame(relevance, n_relevant, value),
                  range(1, relevance.size + 1), label="k", value=k)


def hit_rate_and_recall(queries: Mapping[str, tuple], k: int) -> dict[str, tuple[float, float]]:
    """{query: (Hit@k, R@k)} for queries given as {query: (relevance, n_relevant)}.

    >>> hit_rate_and_recall({"q1": ([0, 1, 0], 1), "q2": ([1, 1, 0], 4)}, k=2)
    {'q1': (1.0, 1.0), 'q2': (1.0, 0.5)}
    """
    k = check_k(k)
    if not isinstance(queries, Mapping) or not queries:
        raise ValueError("queries must map each query name to (relevance, n_relevant), "
                         "for example {'q1': ([0, 1, 0], 1)}")
    return {str(name): (hit_rate_at_k(relevance, k), recall_at_k(relevance, k, n_relevant=n_relevant))
            for name, (relevance, n_relevant) in queries.items()}


def _draw_hit_rate_vs_recall_figure(queries: Mapping[str, tuple], k: int) -> Figure:
    """Bars of Hit@k and R@k per query, with the mean of each over the queries."""
    values = hit_rate_and_recall(queries, k)
    names = list(values)
    hits = np.array([values[name][0] for name in names])
    recalls = np.array([values[name][1] for name in names])
    sizes = [queries[name][1] for name in queries]
    x = np.arange(len(names))
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    ax.bar(x - 0.2, hits, width=0.38, color=RELEVANT, label=f"Hit@{k}")
    ax.bar(x + 0.2, recalls, width=0.38, color=SECOND, label=f"R@{k}")
    ax.axhline(hits.mean(), color=RELEVANT, linestyle="--", linewidth=1,
               label=f"mean Hit@{k} = {hits.mean():.3f}")
    ax.axhline(recalls.mean(), color=SECOND, linestyle=":", linewidth=1.5,
               label=f"mean R@{k} = {recalls.mean():.3f}")
    ax.set_xticks(x, [f"{name}\n|R| = {size}" for name, size in zip(names, sizes)])
    ax.set(ylabel="value", ylim=(0, 1.45), yticks=np.linspace(0, 1, 6),
           title=f"Hit rate is not recall (k = {k})")
    ax.legend(loc="upper center", ncol=2, fontsize=8, frameon=False)
    return figure


def recall_at_k_figure(relevance, n_relevant: int, k: int | None = None,
                       show_precision: bool = True,
                       title: str = "Recall@k against k") -> ShownFigure:
    """:func:`_draw_recall_at_k_figure`, shown with an alt text computed from the ranking."""
    figure = _draw_recall_at_k_figure(relevance, n_relevant, k, show_precision, title)
    relevance = as_binary_relevance(relevance)
    n = relevance.size
    r = [recall_at_k(relevance, i, n_relevant=n_relevant) for i in range(1, n + 1)]
    alt = (f"A strip of {n} ranks, relevant ones green (ranks {listing(relevant_ranks(relevance))}), "
           f"above lines against k from 1 to {n}: recall climbs in steps of 1/{n_relevant} from "
           f"{number(r[0], 3)} to {number(r[-1], 3)} and never falls")
    if show_precision:
        p = [precision_at_k(relevance, i) for i in range(1, n + 1)]
        alt += f"; precision moves between {number(min(p))} and {number(max(p))}"
    alt += (f"; a dashed upper bound min(1, k/|R|) rises from {number(1 / n_relevant, 3)} "
            + (f"to 1 at k={n_relevant} and stays there." if n_relevant <= n
               else f"to {number(n / n_relevant, 3)} at k={n}."))
    if k is not None:
        alt += (f" The cutoff k={k} is marked: "
                f"R@{k} = {recall_at_k(relevance, k, n_relevant=n_relevant):.4f}.")
    return show_figure(figure, alt=alt)


def hit_rate_vs_recall_figure(queries: Mapping[str, tuple], k: int) -> ShownFigure:
    """:func:`_draw_hit_rate_vs_recall_figure`, shown with an alt text computed from the queries."""
    figure = _draw_hit_rate_vs_recall_figure(queries, k)
    values = hit_rate_and_recall(queries, k)
    hits = [hit for hit, _ in values.values()]
    recalls = [recall for _, recall in values.values()]
    sizes = [n_relevant for _, n_relevant in queries.values()]
    alt = (f"Grouped bars for {len(values)} queries with {listing(sizes)} relevant items: "
           f"Hit@{k} is {listing(number(h, 3) for h in hits)}, R@{k} is "
           f"{listing(number(r, 3) for r in recalls)}; dashed lines mark the means, "
           f"{np.mean(hits):.3f} for hit rate and {np.mean(recalls):.3f} for recall.")
    return show_figure(figure, alt=alt)
