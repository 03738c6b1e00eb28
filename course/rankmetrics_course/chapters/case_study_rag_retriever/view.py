"""What the case-study chapter shows: a retriever's chunks, hits and cutoffs.

The inputs are plain data, so every function here is pure and testable
without an index:

* a **chunk row** is the 0/1 relevance of a query's ranked chunks (1 where the
  chunk's page is relevant), as :func:`rankmetrics_course.chapters.case_study_rag_retriever.retrievers.chunk_hits`
  makes it;
* a **new-document row** has a 1 only where a relevant page shows up for the
  first time (:func:`rankmetrics_course.chapters.case_study_rag_retriever.retrievers.new_document_hits`), so that
  ``recall_at_k(row, k, n_relevant)`` is document-level recall.

``cutoff_frame`` / ``cutoff_slider`` show mean P@k and R@k over the queries
for one k; ``ranked_chunks_frame`` / ``query_slider`` show one query's ranked
chunks with its hits marked; ``paired_differences_figure`` shows two systems'
per-query differences. Every number comes from the package's metric functions.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from functools import partial

import numpy as np
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.transforms import ScaledTranslation

from rankmetrics_course.chapters.case_study_rag_retriever.retrievers import chunk_hits, new_document_hits
from rankmetrics_course.figures import ShownFigure
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT, SECOND
from rankmetrics_lite import hit_rate_at_k, precision_at_k, recall_at_k
from rankmetrics_lite.validation import as_binary_relevance, check_k


def _rows(chunk_rows: Sequence, name: str = "chunk_rows") -> list[np.ndarray]:
    rows = [as_binary_relevance(row, f"{name}[{i}]") for i, row in enumerate(chunk_rows)]
    if not rows:
        raise ValueError(f"{name} must hold at least one query's ranking")
    return rows


def _check_same_queries(**named: Sequence) -> None:
    """Every argument holds one entry per query: the lengths must agree."""
    if len({len(value) for value in named.values()}) != 1:
        shown = ", ".join(f"{name} has {len(value)}" for name, value in named.items())
        raise ValueError(f"{', '.join(named)} must hold one entry per query each; {shown}")


def mean_cutoff_curves(chunk_rows, new_doc_rows, n_relevant, depth: int) -> dict[str, np.ndarray]:
    """Mean P@k (chunk level), R@k (document level) and hit rate@k, for k = 1..depth.

    Each query's value comes from ``precision_at_k``, ``recall_at_k`` and
    ``hit_rate_at_k``; the mean is over queries (macro).

    >>> curves = mean_cutoff_curves([[1, 0], [0, 1]], [[1, 0], [0, 1]], [1, 1], depth=2)
    >>> curves["precision"].tolist(), curves["recall"].tolist()
    ([0.5, 0.5], [0.5, 1.0])
    """
    depth = check_k(depth, "depth")
    chunk, new = _rows(chunk_rows), _rows(new_doc_rows, "new_doc_rows")
    _check_same_queries(chunk_rows=chunk, new_doc_rows=new, n_relevant=n_relevant)
    ks = np.arange(1, depth + 1)
    return {
        "k": ks,
        "precision": np.array([np.mean([precision_at_k(r, int(k)) for r in chunk]) for k in ks]),
        "recall": np.array([np.mean([recall_at_k(r, int(k), n_relevant=n) for r, n in zip(new, n_relevant)])
                            for k in ks]),
        "hit_rate": np.array([np.mean([hit_rate_at_k(r, int(k)) for r in chunk]) for k in ks]),
    }


def _padded(rows: list[np.ndarray], depth: int) -> np.ndarray:
    grid = np.zeros((len(rows), depth))
    for i, row in enumerate(rows):
        grid[i, : min(depth, row.size)] = row[:depth]
    return grid


def cutoff_figure(chunk_rows, new_doc_rows, n_relevant, labels: Sequence[str],
                  k: int | None = None, depth: int = 10) -> Figure:
    """Left: each query's chunks by rank (green: from a relevant page), top k shaded.
    Right: mean R@k and P@k against k, the cutoff marked."""
    rows = _rows(chunk_rows)
    curves = mean_cutoff_curves(rows, new_doc_rows, n_relevant, depth)
    figure = Figure(figsize=(6.4, 3.6))
    grid_ax, curve_ax = figure.subplots(1, 2, gridspec_kw={"width_ratios": [1, 1.25]})
    grid = _padded(rows, depth)
    grid_ax.imshow(grid, cmap=ListedColormap([NOT_RELEVANT, RELEVANT]), vmin=0, vmax=1,
                   aspect="auto", extent=(0.5, depth + 0.5, len(rows) + 0.5, 0.5))
    for x in np.arange(1.5, depth, 1):
        grid_ax.axvline(x, color="white", linewidth=1)
    for y in np.arange(1.5, len(rows), 1):
        grid_ax.axhline(y, color="white", linewidth=2)
    if k is not None:
        grid_ax.axvspan(0.5, k + 0.5, facecolor="none", edgecolor=CURRENT, linewidth=3.5,
                        zorder=3)
    # A tick at every rank, a number at a few: ten numbers run together on a phone.
    grid_ax.set_xticks(range(1, depth + 1), [str(r) if r in (1, 5, 10) else ""
                                             for r in range(1, depth + 1)])
    grid_ax.set(yticks=range(1, len(rows) + 1), xlabel="rank")
    grid_ax.set_yticklabels(labels)
    grid_ax.tick_params(labelsize=8)
    grid_ax.set_title("chunks by rank\n(green: relevant page)", fontsize=9)

    ks = curves["k"]
    curve_ax.plot(ks, curves["recall"], marker="s", color=SECOND, label="R@k (documents)")
    curve_ax.plot(ks, curves["precision"], marker="o", color=RELEVANT, label="P@k (chunks)")
    if k is not None:
        curve_ax.axvline(k, color=CURRENT, linewidth=1)
        for key, colour in (("recall", SECOND), ("precision", RELEVANT)):
            curve_ax.plot([k], [curves[key][k - 1]], marker="o", markersize=10,
                          color=CURRENT, zorder=3)
    curve_ax.set(xlabel="cutoff k (chunks)", ylim=(-0.03, 1.05), xticks=ks)
    curve_ax.tick_params(labelsize=8)
    # The key under the x label, off the curves.
    below = curve_ax.transAxes + ScaledTranslation(0, -36 / 72, figure.dpi_scale_trans)
    curve_ax.legend(loc="upper center", bbox_to_anchor=(0.5, 0), bbox_transform=below,
                    fontsize=8, frameon=False, borderaxespad=0)
    curve_ax.set_title("mean over the queries", fontsize=9)
    figure.tight_layout()
    return figure


def cutoff_frame(chunk_rows, new_doc_rows, n_relevant, labels: Sequence[str], k: int,
                 depth: int = 10) -> Frame:
    """The numbers and the figure for one position of the k-slider."""
    k = check_k(k)
    rows = _rows(chunk_rows)
    new = _rows(new_doc_rows, "new_doc_rows")
    _check_same_queries(chunk_rows=rows, new_doc_rows=new, n_relevant=n_relevant,
                        labels=labels)
    if k > depth:
        raise ValueError(f"k must be at most depth={depth}, got {k}")
    precision = np.mean([precision_at_k(r, k) for r in rows])
    recall = np.mean([recall_at_k(r, k, n_relevant=n) for r, n in zip(new, n_relevant)])
    answered = int(sum(hit_rate_at_k(r, k) for r in rows))
    numbers = {
        "k": str(k),
        "mean R@k": f"{recall:.4f}",
        "mean P@k": f"{precision:.4f}",
        "queries with a hit": f"{answered} of {len(rows)}",
    }
    alt = (f"Left, a grid of {len(rows)} queries by {depth} ranks, green where the chunk comes "
           f"from a relevant page, with the first {k} ranks outlined; right, mean recall rising "
           f"and mean precision falling with k, marked at k = {k}: recall {recall:.2f}, "
           f"precision {precision:.2f}.")
    return Frame(numbers, partial(cutoff_figure, rows, new, n_relevant, labels, k, depth), alt)


def cutoff_slider(chunk_rows, new_doc_rows, n_relevant, labels: Sequence[str], k: int = 3,
                  depth: int = 10) -> Slider:
    """A k-slider over 1..depth: the mean table's row for k, and the figure."""
    depth = check_k(depth, "depth")
    rows, new = _rows(chunk_rows), _rows(new_doc_rows, "new_doc_rows")
    _check_same_queries(chunk_rows=rows, new_doc_rows=new, n_relevant=n_relevant,
                        labels=labels)
    return Slider(lambda value: cutoff_frame(rows, new, n_relevant, labels, value, depth),
                  range(1, depth + 1), label="k", value=k)


# ------------------------------------------------------------- one query --


def _relevant_set(relevant_doc_ids) -> frozenset:
    if isinstance(relevant_doc_ids, str):
        raise TypeError(f"relevant_doc_ids must be a collection of doc ids; wrap "
                        f"{relevant_doc_ids!r} in a list")
    return frozenset(relevant_doc_ids)


def ranked_chunks_figure(query: str, results: Sequence, relevant_doc_ids, k: int) -> Figure:
    """One bar per retrieved chunk (length: its score), green when its page is
    relevant; a red line under rank k."""
    k = check_k(k)
    relevant = _relevant_set(relevant_doc_ids)
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    if not results:
        ax.text(0.5, 0.5, "no chunk shares a word with the query", ha="center",
                transform=ax.transAxes)
        ax.set_axis_off()
        return figure
    ranks = np.arange(1, len(results) + 1)
    colours = [RELEVANT if r.doc_id in relevant else NOT_RELEVANT for r in results]
    ax.barh(ranks, [r.score for r in results], color=colours, height=0.75)
    ax.set_yticks(ranks)
    ax.set_yticklabels([f"{r.rank}. {r.chunk_id}" for r in results], fontsize=8)
    ax.invert_yaxis()
    if k < len(results):
        ax.axhline(k + 0.5, color=CURRENT, linewidth=1.5, linestyle="--")
        ax.text(ax.get_xlim()[1], k + 0.45, f"top {k} above ", color=CURRENT, ha="right",
                va="bottom", fontsize=8)
    ax.set_xlabel("BM25 score")
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.set_title("\n".join(textwrap.wrap(query, 70)), fontsize=9)
    figure.tight_layout()
    return figure


def ranked_chunks_frame(query_id: str, query: str, results: Sequence, relevant_doc_ids,
                        k: int) -> Frame:
    """The numbers and the figure for one query: its hits, P@k and R@k at ``k``."""
    k = check_k(k)
    relevant = _relevant_set(relevant_doc_ids)
    hits = chunk_hits(results, relevant)
    first_seen = new_document_hits(results, relevant)
    first_hit = next((r.rank for r, h in zip(results, hits) if h), None)
    numbers = {
        "query": f"{query_id}: {query}",
        "relevant": ", ".join(sorted(relevant)),
        f"hits in top {k}": f"{sum(hits[:k])} of {k}",
        f"P@{k}": f"{precision_at_k(hits, k):.4f}",
        f"R@{k}": f"{recall_at_k(first_seen, k, n_relevant=len(relevant)):.4f}",
        "first hit at rank": "none" if first_hit is None else str(first_hit),
    }
    alt = (f"Bars of the BM25 scores of the {len(results)} chunks retrieved for '{query}', "
           f"best first; {sum(hits)} come from a relevant page (green), {sum(hits[:k])} of "
           f"them in the top {k}.")
    return Frame(numbers, partial(ranked_chunks_figure, query, results, relevant, k), alt)


def query_slider(entries: Sequence[tuple], k: int = 3, value: int = 1) -> Slider:
    """A slider over queries 1..n; ``entries`` holds ``(query_id, query, results, relevant)``."""
    entries = list(entries)
    if not entries:
        raise ValueError("entries must hold at least one (query_id, query, results, relevant)")
    k = check_k(k)
    return Slider(lambda i: ranked_chunks_frame(*entries[i - 1], k=k),
                  range(1, len(entries) + 1), label="query", value=value)


# ------------------------------------------------------- two retrievers --


def paired_differences_figure(a: dict, b: dict, measure: str,
                              names: tuple[str, str] = ("A", "B")) -> ShownFigure:
    """Per-query difference b − a, sorted; the mean difference as a line."""
    if set(a) != set(b) or not a:
        raise ValueError("a and b must score the same, non-empty set of query ids")
    ids = sorted(a)
    diff = np.array([b[q] - a[q] for q in ids])
    order = np.argsort(-diff, kind="stable")
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    colours = [SECOND if d > 0 else CURRENT if d < 0 else NOT_RELEVANT for d in diff[order]]
    ax.bar(np.arange(1, diff.size + 1), diff[order], color=colours, width=0.8)
    ax.axhline(0, color="black", linewidth=0.8)
    ax.axhline(diff.mean(), color=RELEVANT, linestyle="--", linewidth=1.2,
               label=f"mean difference {diff.mean():+.4f}")
    ax.set(xlabel="queries, sorted by difference", ylabel=f"{measure}: {names[1]} − {names[0]}",
           xlim=(0.3, diff.size + 0.7))
    ax.legend(loc="upper right", fontsize=8, frameon=False)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    wins, losses = int((diff > 0).sum()), int((diff < 0).sum())
    ax.set_title(f"{names[1]} better on {wins}, worse on {losses}, tied on "
                 f"{diff.size - wins - losses} queries", fontsize=9)
    figure.tight_layout()
    alt = (f"Bars of the per-query difference in {measure}, {names[1]} minus {names[0]}, sorted "
           f"from the largest gain to the largest loss: {wins} queries gain, {losses} lose and "
           f"{diff.size - wins - losses} are tied at zero; a dashed line marks the mean "
           f"difference, {diff.mean():+.4f}.")
    return ShownFigure(figure, alt)


# ----------------------------------------------------------- choosing k --


def cutoff_choice_figure(ks, mean_recall, mean_precision, target: float,
                         chosen_k: int) -> ShownFigure:
    """Mean R@k and P@k against k, the recall target and the smallest k reaching it."""
    ks, mean_recall, mean_precision = (np.asarray(x, dtype=float)
                                       for x in (ks, mean_recall, mean_precision))
    if not ks.size == mean_recall.size == mean_precision.size:
        raise ValueError(f"ks, mean_recall and mean_precision must hold one value per cutoff each; "
                         f"got {ks.size}, {mean_recall.size} and {mean_precision.size}")
    if chosen_k not in ks:
        raise ValueError(f"chosen_k must be one of ks ({ks.min():g}..{ks.max():g}), got {chosen_k}")
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    ax.plot(ks, mean_recall, marker=".", color=SECOND, label="mean R@k")
    ax.plot(ks, mean_precision, marker=".", color=RELEVANT, label="mean P@k")
    ax.axhline(target, color=NOT_RELEVANT, linestyle="--", linewidth=1,
               label=f"recall target {target:g}")
    ax.axvline(chosen_k, color=CURRENT, linewidth=1, label=f"smallest k reaching it: {chosen_k}")
    ax.set(xlabel="cutoff k (chunks given to the model)", ylabel="mean over questions",
           ylim=(-0.02, 1.05))
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.legend(loc="center right", fontsize=8, frameon=False)
    ax.set_title("Choosing k on development questions", fontsize=10)
    at = int(np.flatnonzero(ks == chosen_k)[0])
    alt = (f"Mean R@k rising and mean P@k falling against k from {ks[0]:g} to {ks[-1]:g}; a "
           f"dashed line marks the recall target {target:g} and a red vertical line k = "
           f"{chosen_k}, where mean R@k is {mean_recall[at]:.4f} and mean P@k "
           f"{mean_precision[at]:.4f}.")
    return ShownFigure(figure, alt)
