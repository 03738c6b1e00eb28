"""What the chapter "Computing the metrics" shows: one cumulative sum, and ties.

* :func:`cumulative_count_figure` draws the running count :math:`|R_k|` that
  gives P@k (divide by k) and R@k (divide by |R|) at every cutoff;
* :func:`tie_orders` and :func:`tie_orders_figure` list P@k over every order
  of the tied items of a scored ranking, beside trec_eval's tie-break and the
  tie-aware expected value of McSherry & Najork (2008).

Every value comes from the package: :func:`~rankmetrics_lite.precision_recall_at_all_k`,
:func:`~rankmetrics_lite.precision_at_k`, :func:`~rankmetrics_lite.rank_by_score`
and :func:`~rankmetrics_lite.expected_precision_at_k`.
"""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from fractions import Fraction

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.alt_text import listing, relevant_ranks
from rankmetrics_course.figures import ShownFigure, show_figure
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT, SECOND, rank_strip
from rankmetrics_lite import (
    expected_precision_at_k,
    precision_at_k,
    precision_recall_at_all_k,
    rank_by_score,
    relevance_from_ids,
)
from rankmetrics_lite.validation import as_binary_relevance, check_k, check_n_relevant

# Enumerating the orders of the tied items is for teaching: keep it small.
MAX_ORDERS = 40_320  # 8!


def _draw_cumulative_count_figure(relevance, n_relevant: int,
                            title: str = "One running count gives every cutoff") -> Figure:
    """Ranks above the running count |R_k|, with the two denominators k and |R| drawn.

    P@k is the height of the count over the diagonal k; R@k is its height over
    the horizontal line |R|.

    >>> figure = _draw_cumulative_count_figure([1, 0, 1, 1], n_relevant=5)
    >>> figure.axes[1].get_ylabel()
    'count'
    """
    relevance = as_binary_relevance(relevance)
    n_relevant = check_n_relevant(n_relevant, relevance, "recall")
    curves = precision_recall_at_all_k(relevance, n_relevant=n_relevant)
    ks = curves["k"]
    figure = Figure(figsize=(6.4, 3.6))
    strip, axes = figure.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": [1, 5]})
    rank_strip(strip, relevance)
    axes.step(ks, curves["hits"], where="mid", color=RELEVANT, linewidth=2,
              label="|R_k| = cumulative sum (numerator)")
    axes.plot(ks, ks, linestyle="--", color=NOT_RELEVANT, label="k (denominator of P@k)")
    axes.axhline(n_relevant, linestyle=":", color=SECOND, label="|R| (denominator of R@k)")
    top = max(n_relevant, int(ks.size * 0.75)) + 1
    axes.set(xlabel="cutoff k", ylabel="count", ylim=(0, top), xlim=(0.4, ks.size + 0.6))
    axes.legend(loc="upper left", fontsize=8, frameon=False)
    strip.set_title(title, fontsize=10)
    return figure


def _tie_group_orders(ranking: list, scores: Mapping) -> Iterable[list]:
    """Every ranking obtained by reordering items with equal scores (and nothing else)."""
    groups = [list(group) for _, group in itertools.groupby(ranking, key=scores.__getitem__)]
    n_orders = math.prod(math.factorial(len(group)) for group in groups)
    if n_orders > MAX_ORDERS:
        raise ValueError(f"scores has {n_orders} orders of its tied items, more than "
                         f"{MAX_ORDERS} to enumerate: use expected_precision_at_k instead")
    for choice in itertools.product(*(itertools.permutations(group) for group in groups)):
        yield [item for group in choice for item in group]


def tie_orders(scores: Mapping[Hashable, float], relevant_items: Iterable[Hashable],
               k: int) -> dict:
    """P@k over every order of the tied items, trec_eval's P@k, and the expected P@k.

    Returns a dict with ``counts`` (a :class:`~collections.Counter` from each P@k
    value, as a :class:`~fractions.Fraction`, to the number of orders that give
    it), ``n_orders``, ``mean`` (the mean over the orders), ``trec`` (P@k of
    trec_eval's order: score descending, id descending) and ``expected``
    (:func:`~rankmetrics_lite.expected_precision_at_k`).

    >>> result = tie_orders({"a": 2, "b": 1, "c": 1}, relevant_items={"c"}, k=2)
    >>> sorted(result["counts"].items()), result["trec"], result["expected"]
    ([(Fraction(0, 1), 1), (Fraction(1, 2), 1)], 0.5, 0.25)
    """
    k = check_k(k)
    relevant = set(relevant_items)
    ranking = rank_by_score(scores)
    counts: Counter = Counter()
    for order in _tie_group_orders(ranking, scores):
        value = precision_at_k(relevance_from_ids(order, relevant_items=relevant), k)
        counts[Fraction(value).limit_denominator(k)] += 1
    n_orders = sum(counts.values())
    relevance = relevance_from_ids(ranking, relevant_items=relevant)
    return {
        "counts": counts,
        "n_orders": n_orders,
        "mean": float(sum(value * n for value, n in counts.items()) / n_orders),
        "trec": precision_at_k(relevance, k),
        "expected": expected_precision_at_k(relevance, [scores[i] for i in ranking], k),
    }


def _draw_tie_orders_figure(scores: Mapping[Hashable, float], relevant_items: Iterable[Hashable],
                      k: int) -> Figure:
    """Bars: the share of tie orders giving each P@k; lines: trec_eval's P@k and E[P@k].

    >>> figure = _draw_tie_orders_figure({"a": 2, "b": 1, "c": 1}, relevant_items={"c"}, k=2)
    >>> figure.axes[0].get_xlabel()
    'P@2'
    """
    result = tie_orders(scores, relevant_items, k)
    values = sorted(result["counts"])
    shares = [result["counts"][v] / result["n_orders"] for v in values]
    figure = Figure(figsize=(6.4, 3.6))
    axes = figure.subplots()
    axes.bar([float(v) for v in values], shares, width=0.6 / k, color=NOT_RELEVANT,
             label="share of tie orders")
    axes.axvline(result["trec"], color=CURRENT, linewidth=2,
                 label=f"trec_eval's order: {result['trec']:.4f}")
    axes.axvline(result["expected"], color=RELEVANT, linewidth=2, linestyle="--",
                 label=f"tie-aware E[P@{k}]: {result['expected']:.4f}")
    ticks = np.arange(k + 1) / k
    axes.set(xlabel=f"P@{k}", ylabel="share of orders", xlim=(-0.6 / k, 1 + 0.6 / k),
             ylim=(0, 1.05), xticks=ticks, xticklabels=[f"{t:.2f}" for t in ticks])
    axes.legend(loc="upper right", fontsize=8, frameon=False)
    axes.set_title(f"P@{k} over all {result['n_orders']} orders of the tied items", fontsize=10)
    return figure


def best_time(function, repeats: int = 3) -> tuple[float, object]:
    """The shortest of ``repeats`` wall-clock times of ``function()``, and its result.

    The minimum, not the mean: other work on the machine only ever adds time.
    """
    if not isinstance(repeats, int) or repeats < 1:
        raise ValueError(f"repeats must be a positive integer, got {repeats!r}")
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return min(times), result


def cumulative_count_figure(relevance, n_relevant: int,
                            title: str = "One running count gives every cutoff") -> ShownFigure:
    """:func:`_draw_cumulative_count_figure`, shown with an alt text computed from the ranking."""
    figure = _draw_cumulative_count_figure(relevance, n_relevant, title)
    ranks = relevant_ranks(as_binary_relevance(relevance))
    alt = (f"A strip of {len(as_binary_relevance(relevance))} ranks, relevant ones green at ranks "
           f"{listing(ranks)}, above a staircase of the running count of relevant items, rising by "
           f"one at each of those ranks to {len(ranks)}. A dashed diagonal shows k and a dotted "
           f"horizontal line |R| = {n_relevant}.")
    return show_figure(figure, alt=alt)


def tie_orders_figure(scores: Mapping[Hashable, float], relevant_items: Iterable[Hashable],
                      k: int) -> ShownFigure:
    """:func:`_draw_tie_orders_figure`, shown with an alt text computed from the tie orders."""
    relevant_items = list(relevant_items)
    figure = _draw_tie_orders_figure(scores, relevant_items, k)
    result = tie_orders(scores, relevant_items, k)
    shares = listing(f"{count} give {value}" for value, count in sorted(result["counts"].items()))
    alt = (f"Bars over P@{k} values for the {result['n_orders']} orders of the tied items: {shares}. "
           f"A solid line at {result['trec']:.4f} marks the value of trec_eval's order and a dashed "
           f"line at {result['expected']:.4f} the tie-aware expected value.")
    return show_figure(figure, alt=alt)
