r"""What the chapter "Choosing k in practice" shows: the cutoff a recall target needs.

For one query, :func:`min_k_for_recall` is the smallest k with
:math:`\mathrm{R@}k \ge t` for a recall target t (or None when the ranking
never gets there). For a set of queries there are two different questions,
and they have different answers:

* :func:`k_for_mean_recall`: the smallest k at which the *mean* R@k over the
  queries reaches t;
* :func:`k_for_share_of_queries`: the smallest k at which *at least a share s
  of the queries* each reach R@k >= t.

Every R@k comes from
:func:`~rankmetrics_lite.precision_recall_at_all_k`.
``recall_target_frame`` is the pure function behind the chapter's slider over
the target; ``recall_target_slider`` wraps it in the two-faced
:class:`~rankmetrics_course.slider.Slider`.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from functools import partial

import numpy as np
from matplotlib.figure import Figure
from matplotlib.transforms import ScaledTranslation

from rankmetrics_course.figures import ShownFigure, show_figure
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT, SECOND
from rankmetrics_lite import hit_rate_at_k, precision_recall_at_all_k
from rankmetrics_lite.validation import as_binary_relevance, check_k

Query = tuple  # (relevance in rank order, n_relevant)


def _check_fraction(value: object, name: str) -> float:
    """A number in (0, 1], or raise: a recall target or a share of queries."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number in (0, 1], got {value!r} "
                        f"({type(value).__name__})")
    if not 0 < value <= 1:
        raise ValueError(f"{name} must be in (0, 1], got {value}: "
                         "write 90% as 0.9")
    return float(value)


def min_k_for_recall(relevance, n_relevant: int, target: float) -> int | None:
    r"""The smallest cutoff k with :math:`\mathrm{R@}k \ge` ``target``, or None.

    .. math:: k^\ast = \min\{\,k : |R_k| / |R| \ge t\,\}

    None means the ranking ends before it holds enough relevant items: no
    cutoff within it reaches the target (the missing relevant items were
    never retrieved).

    Parameters
    ----------
    relevance : sequence of 0/1
        Relevance of the item at each rank, rank 1 first.
    n_relevant : int
        |R|, all relevant items of the query, retrieved or not (positive).
    target : float
        The recall target t, in (0, 1].

    Examples
    --------
    >>> min_k_for_recall([1, 0, 1, 1, 0, 1], n_relevant=4, target=0.75)
    4
    >>> min_k_for_recall([1, 0, 1, 1, 0, 1], n_relevant=8, target=0.9) is None
    True
    """
    target = _check_fraction(target, "target")
    curve = precision_recall_at_all_k(relevance, n_relevant=n_relevant)
    reached = np.flatnonzero(curve["recall"] >= target)
    return int(curve["k"][reached[0]]) if reached.size else None


def recall_at_each_k(queries: Sequence[Query], depth: int | None = None) -> np.ndarray:
    """R@k for k = 1..depth, one row per query, from ``precision_recall_at_all_k``.

    ``queries`` holds one ``(relevance, n_relevant)`` pair per query. A ranking
    shorter than ``depth`` (by default the longest ranking) is padded with
    non-relevant ranks, so its recall stays at its last value.

    >>> recall_at_each_k([([1, 0], 2), ([0, 1, 1], 4)]).tolist()
    [[0.5, 0.5, 0.5], [0.0, 0.25, 0.5]]
    """
    if isinstance(queries, (str, bytes)) or not isinstance(queries, Sequence) or not queries:
        raise ValueError("queries must be a non-empty list of (relevance, n_relevant) pairs")
    rankings = [as_binary_relevance(relevance) for relevance, _ in queries]
    depth = max(r.size for r in rankings) if depth is None else check_k(depth, "depth")
    rows = []
    for ranking, (_, n_relevant) in zip(rankings, queries):
        padded = np.zeros(depth)
        padded[:min(depth, ranking.size)] = ranking[:depth]
        rows.append(precision_recall_at_all_k(padded, n_relevant=n_relevant)["recall"])
    return np.vstack(rows)


def k_for_mean_recall(queries: Sequence[Query], target: float,
                      depth: int | None = None) -> int | None:
    r"""The smallest k at which the mean R@k over the queries reaches ``target``.

    .. math:: \min\Big\{\,k : \tfrac{1}{|Q|}\textstyle\sum_q \mathrm{R@}k(q) \ge t\,\Big\}

    None if the mean stays below the target down to ``depth``.

    >>> k_for_mean_recall([([1, 0, 0], 1), ([0, 0, 1], 1)], target=0.5)
    1
    """
    target = _check_fraction(target, "target")
    mean = recall_at_each_k(queries, depth).mean(axis=0)
    reached = np.flatnonzero(mean >= target)
    return int(reached[0]) + 1 if reached.size else None


def share_reaching_target(queries: Sequence[Query], target: float,
                          depth: int | None = None) -> np.ndarray:
    """For k = 1..depth, the share of queries whose own R@k is at least ``target``.

    >>> share_reaching_target([([1, 0, 0], 1), ([0, 0, 1], 1)], target=1.0).tolist()
    [0.5, 0.5, 1.0]
    """
    target = _check_fraction(target, "target")
    return (recall_at_each_k(queries, depth) >= target).mean(axis=0)


def k_for_share_of_queries(queries: Sequence[Query], target: float, share: float,
                           depth: int | None = None) -> int | None:
    r"""The smallest k at which at least ``share`` of the queries have R@k >= ``target``.

    .. math:: \min\Big\{\,k : \tfrac{1}{|Q|}\,\big|\{q : \mathrm{R@}k(q) \ge t\}\big| \ge s\,\Big\}

    None if fewer than that share of queries ever reach the target within ``depth``.

    >>> queries = [([1, 0, 0], 1), ([0, 0, 1], 1), ([0, 0, 0], 1)]
    >>> k_for_share_of_queries(queries, target=1.0, share=0.6)
    3
    >>> k_for_share_of_queries(queries, target=1.0, share=0.9) is None
    True
    """
    share = _check_fraction(share, "share")
    reaching = share_reaching_target(queries, target, depth)
    # A share computed as count / n may differ from s in its last bit: compare counts.
    n_queries = len(queries)
    reached = np.flatnonzero(np.rint(reaching * n_queries) >= share * n_queries - 1e-9)
    return int(reached[0]) + 1 if reached.size else None


def mean_cutoff_curves(queries: Sequence[Query], max_k: int = 20) -> dict[str, np.ndarray]:
    """Mean hit rate@k, P@k and R@k over the queries, for k = 1..max_k.

    A ranking shorter than ``max_k`` is padded with non-relevant items (P@k
    divides by k). Each value comes from the package (``precision_recall_at_all_k``,
    ``hit_rate_at_k``, :func:`recall_at_each_k`).

    >>> curves = mean_cutoff_curves([([1, 0], 1), ([0, 1], 2)], max_k=2)
    >>> {name: values.tolist() for name, values in curves.items()}
    {'hit rate': [0.5, 1.0], 'precision': [0.5, 0.5], 'recall': [0.5, 0.75]}
    """
    max_k = check_k(max_k, "max_k")
    rankings = [as_binary_relevance(relevance) for relevance, _ in queries]
    ks = np.arange(1, max_k + 1)
    precision = np.zeros(max_k)
    hit_rate = np.zeros(max_k)
    for ranking, (_, n_relevant) in zip(rankings, queries):
        padded = np.zeros(max_k)
        padded[:min(max_k, ranking.size)] = ranking[:max_k]
        precision += precision_recall_at_all_k(padded, n_relevant=n_relevant)["precision"]
        hit_rate += [hit_rate_at_k(padded, int(k)) for k in ks]
    return {"hit rate": hit_rate / len(rankings), "precision": precision / len(rankings),
            "recall": recall_at_each_k(queries, max_k).mean(axis=0)}


def _draw_cutoff_curves_figure(queries: Sequence[Query], max_k: int = 20,
                         page_size: int | None = None) -> Figure:
    """Mean P@k, mean R@k and mean hit rate@k over the queries, for k = 1..max_k.

    Each value comes from the package (``precision_recall_at_all_k`` and
    ``hit_rate_at_k``); ``page_size`` marks the cutoff a results page shows.
    """
    max_k = check_k(max_k, "max_k")
    ks = np.arange(1, max_k + 1)
    curves = mean_cutoff_curves(queries, max_k)
    hit_rate, precision, recall = curves["hit rate"], curves["precision"], curves["recall"]
    n_queries = len(queries)
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    ax.plot(ks, hit_rate, marker=".", color=SECOND, label="hit rate@k")
    ax.plot(ks, precision, marker="o", markersize=4, color=RELEVANT, label="P@k")
    ax.plot(ks, recall, marker="s", markersize=4, color=CURRENT, label="R@k")
    if page_size is not None:
        ax.axvline(page_size, color=NOT_RELEVANT, linewidth=1, linestyle="--")
        ax.annotate(f"one page = {page_size} results", (page_size, 0.03),
                    xytext=(4, 0), textcoords="offset points", fontsize=8,
                    color=NOT_RELEVANT)
    ax.set(xlabel="cutoff k", ylabel="mean over queries", ylim=(0, 1.02),
           xticks=ks[::2] if max_k > 12 else ks)
    # The key in one row under the x label, off the curves and the page's note.
    below = ax.transAxes + ScaledTranslation(0, -36 / 72, figure.dpi_scale_trans)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, 0), bbox_transform=below, ncol=3,
              fontsize=8, frameon=False, borderaxespad=0)
    ax.set_title(f"Three measures at every cutoff, mean over {n_queries} queries",
                 fontsize=10)
    return figure


def _draw_recall_target_figure(queries: Sequence[Query], target: float, share: float = 0.9,
                         depth: int | None = None) -> Figure:
    """Mean R@k and the share of queries at the target, against k, with both answers marked."""
    recall = recall_at_each_k(queries, depth)
    ks = np.arange(1, recall.shape[1] + 1)
    reaching = share_reaching_target(queries, target, depth)
    k_mean = k_for_mean_recall(queries, target, depth)
    k_share = k_for_share_of_queries(queries, target, share, depth)
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    for row in recall:
        ax.plot(ks, row, color=NOT_RELEVANT, linewidth=0.5, alpha=0.35)
    ax.plot(ks, recall.mean(axis=0), color=RELEVANT, linewidth=2, label="mean R@k")
    ax.plot(ks, reaching, color=SECOND, linewidth=2, drawstyle="steps-post",
            label=f"share of queries with R@k ≥ {target:.2f}")
    ax.axhline(target, color=CURRENT, linewidth=1, linestyle="--", label=f"target {target:.2f}")
    ax.axhline(share, color=SECOND, linewidth=1, linestyle=":",
               label=f"{share:.0%} of the queries")
    if k_mean is not None:
        ax.axvline(k_mean, color=RELEVANT, linewidth=1, linestyle=":")
    if k_share is not None:
        ax.axvline(k_share, color=SECOND, linewidth=1, linestyle=":")
    ax.set(xlabel="cutoff k", ylabel="recall / share of queries", ylim=(-0.02, 1.02),
           xlim=(1, ks[-1]))
    ax.legend(loc="lower right", fontsize=8, frameon=False)
    ax.set_title("Thin grey lines: R@k of each query", fontsize=10)
    return figure


def _shown(k: int | None) -> str:
    return "not reached" if k is None else str(k)


def recall_target_frame(queries: Sequence[Query], target_percent: int, share: float = 0.9,
                        depth: int | None = None) -> Frame:
    """The numbers and the figure for one position of the slider over the recall target."""
    target_percent = check_k(target_percent, "target_percent")
    target = target_percent / 100
    k_mean = k_for_mean_recall(queries, target, depth)
    k_share = k_for_share_of_queries(queries, target, share, depth)
    reaching = share_reaching_target(queries, target, depth)
    numbers = {
        "target": f"{target:.2f}",
        "k for mean R@k": _shown(k_mean),
        f"k for {share:.0%} of queries": _shown(k_share),
        "queries never reaching it": str(int(round((1 - reaching[-1]) * len(queries)))),
    }
    alt = (f"Curves of R@k against k for each query (grey), their mean (green) and the share "
           f"of queries with R@k at least {target:.2f} (blue, a step line), with the target "
           f"as a dashed line; the mean reaches it at k = {_shown(k_mean)}, "
           f"{share:.0%} of the queries at k = {_shown(k_share)}.")
    return Frame(numbers, partial(_draw_recall_target_figure, queries, target, share, depth),
                 alt)


def recall_target_slider(queries: Sequence[Query], targets_percent: Sequence[int],
                         share: float = 0.9, target_percent: int | None = None,
                         depth: int | None = None) -> Slider:
    """A slider over recall targets given in percent (``[50, 55, ..., 100]``)."""
    targets_percent = [check_k(t, "target_percent") for t in targets_percent]
    if any(t > 100 for t in targets_percent):
        raise ValueError("targets_percent must lie between 1 and 100")
    return Slider(lambda value: recall_target_frame(queries, value, share, depth),
                  targets_percent, label="recall target (%)", value=target_percent)


def cutoff_curves_figure(queries: Sequence[Query], max_k: int = 20,
                         page_size: int | None = None) -> ShownFigure:
    """:func:`_draw_cutoff_curves_figure`, shown with an alt text computed from the curves."""
    figure = _draw_cutoff_curves_figure(queries, max_k, page_size)
    curves = mean_cutoff_curves(queries, max_k)
    ends = {name: f"from {values[0]:.2f} to {values[-1]:.2f}" for name, values in curves.items()}
    alt = (f"Three lines over k from 1 to {max_k}, means over {len(queries)} queries: hit rate@k "
           f"rises {ends['hit rate']}, P@k goes {ends['precision']}, R@k rises {ends['recall']}")
    if page_size is not None:
        alt += f"; a dashed vertical line at k = {page_size} marks one page of results"
    return show_figure(figure, alt=alt + ".")


def recall_target_figure(queries: Sequence[Query], target: float, share: float = 0.9,
                         depth: int | None = None) -> ShownFigure:
    """:func:`_draw_recall_target_figure`, shown with an alt text computed from the queries."""
    figure = _draw_recall_target_figure(queries, target, share, depth)
    last = recall_at_each_k(queries, depth).shape[1]
    k_mean = k_for_mean_recall(queries, target, depth)
    k_share = k_for_share_of_queries(queries, target, share, depth)
    alt = (f"{len(queries)} grey recall curves rising with k from 1 to {last}; their green mean "
           f"{_crossing(k_mean, f'crosses a dashed target line at {target:.2f}')}; a blue step "
           f"line for the share of queries at the target "
           f"{_crossing(k_share, f'reaches {share:.2f}')}.")
    return show_figure(figure, alt=alt)


def _crossing(k: int | None, what: str) -> str:
    return f"{what} at k = {k}" if k is not None else f"never {what.split(' ', 1)[0].rstrip('es')}es it"
