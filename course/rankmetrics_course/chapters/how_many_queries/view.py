"""What the chapter "How many queries, and how sure" shows.

* :func:`case_study_scores`: the per-question scores of the case study's retrievers
  (chapter 21), computed as the case study computes them, in the shape of
  ``evaluate(..., per_query=True)``: ``{system: {question: {measure: value}}}``;
* :func:`power_curves_figure`: the power of the paired t-test against the number of
  queries, for a few effect sizes;
* :func:`queries_needed_frame` and :func:`queries_needed_slider`: the topic-set-size
  calculator, minimum detectable difference times variance to queries needed, as a
  two-faced :class:`~rankmetrics_course.slider.Slider`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache, partial

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.alt_text import listing
from rankmetrics_course.chapters.case_study_rag_retriever.corpus import (
    chunk_qrels,
    document_qrels,
    load_corpus,
    load_eval_queries,
)
from rankmetrics_course.chapters.case_study_rag_retriever.retrievers import (
    BM25Retriever,
    document_ranking,
    new_document_hits,
    text_retriever,
    title_text_retriever,
)
from rankmetrics_course.figures import ShownFigure, show_figure
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT, SECOND
from rankmetrics_lite import evaluate, paired_t_test_power, recall_at_k, topic_set_size
from rankmetrics_lite.validation import check_open_unit

#: The case study's measures: AP, RR and nDCG@5 on pages; P@5 and Success@5 on chunks;
#: R@5 on pages with k counted in chunks.
MEASURES = ("AP", "RR", "nDCG@5", "P@5", "R@5", "Success@5")
PAGE_MEASURES, CHUNK_MEASURES = ("AP", "RR", "nDCG@5"), ("P@5", "Success@5")
#: The slider's minimum detectable differences, from 0.02 to 0.20.
DIFFERENCES = (0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.1, 0.12, 0.15, 0.2)


@lru_cache(maxsize=1)
def case_study_retrievers() -> dict[str, BM25Retriever]:
    """The case study's two retrievers and two more BM25 settings, and a weak fifth one.

    "text" and "title+text" are the case study's; "text, b=0.3" normalises chunk length
    less, "title+text, k1=0.9 b=0.4" uses Anserini's usual parameters; "title" indexes
    page titles only (every chunk of a page looks the same to it).
    """
    corpus = load_corpus()
    return {"text": text_retriever(), "title+text": title_text_retriever(),
            "text, b=0.3": BM25Retriever(corpus, b=0.3, fields=("text",), name="text, b=0.3"),
            "title+text, k1=0.9 b=0.4": BM25Retriever(corpus, k1=0.9, b=0.4, fields=("title", "text"),
                                                       name="title+text, k1=0.9 b=0.4"),
            "title": BM25Retriever(corpus, fields=("title",), name="title")}


@lru_cache(maxsize=None)
def _scores_of(name: str) -> dict[str, dict[str, float]]:
    retriever = case_study_retrievers()[name]
    corpus, queries = load_corpus(), load_eval_queries()
    found = {q.query_id: retriever.search(q.query, k=len(corpus)) for q in queries}
    pages = evaluate({qid: dict(document_ranking(f)) for qid, f in found.items()},
                     document_qrels(queries), list(PAGE_MEASURES), per_query=True)
    chunks = evaluate({qid: {r.chunk_id: r.score for r in f} for qid, f in found.items()},
                      chunk_qrels(queries, corpus), list(CHUNK_MEASURES), per_query=True)
    recall = {q.query_id: recall_at_k(new_document_hits(found[q.query_id], q.relevant), 5,
                                      n_relevant=len(q.relevant)) for q in queries}
    return {q.query_id: {m: {**pages[q.query_id], **chunks[q.query_id], "R@5": recall[q.query_id]}[m]
                         for m in MEASURES} for q in queries}


def case_study_scores(systems: Sequence[str] = ("text", "title+text")) -> dict:
    """``{system: {question: {measure: value}}}`` for the 48 questions of the case study.

    Each system's rows are what ``evaluate(..., per_query=True)`` returns, AP, RR and
    nDCG@5 scored on page rankings (each page at its best chunk) and P@5 and Success@5
    on chunk rankings, with document-level R@5 beside them, as chapter 21 scores them.

    >>> scores = case_study_scores()
    >>> round(sum(row["AP"] for row in scores["text"].values()) / 48, 4)
    0.7442
    """
    known = case_study_retrievers()
    unknown = [name for name in systems if name not in known]
    if isinstance(systems, str) or unknown or not systems:
        raise ValueError(f"systems must name some of {list(known)}, got {systems!r}")
    return {name: {qid: dict(row) for qid, row in _scores_of(name).items()} for name in systems}


# ------------------------------------------------------------------ power --


def _draw_power_curves(effect_sizes: Sequence[float], max_queries: int, available: int,
                       alpha: float) -> Figure:
    figure = Figure(figsize=(6.4, 3.8))
    ax = figure.subplots()
    n = np.arange(2, max_queries + 1)
    for effect, colour in zip(effect_sizes, (CURRENT, SECOND, RELEVANT, NOT_RELEVANT)):
        power = [paired_t_test_power(effect, int(k), alpha=alpha) for k in n]
        ax.plot(n, power, color=colour, label=f"ES = {effect:g}")
    ax.axhline(0.8, color=NOT_RELEVANT, linestyle="--", linewidth=1)
    ax.axvline(available, color=NOT_RELEVANT, linestyle=":", linewidth=1)
    ax.annotate(f"{available} queries", (available, 0.02), xytext=(4, 0), textcoords="offset points",
                fontsize=10, color="#444444")
    ax.set(xlabel="queries |Q|", ylabel="power", ylim=(0, 1.02), xlim=(0, max_queries),
           yticks=[0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax.set_title(f"Paired t-test, two-sided, α = {alpha:g}", fontsize=10)
    ax.legend(loc="lower right", fontsize=10, frameon=False)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    figure.tight_layout()
    return figure


def power_curves_figure(effect_sizes: Sequence[float] = (0.2, 0.4, 0.6), max_queries: int = 200,
                        available: int = 48, alpha: float = 0.05) -> ShownFigure:
    """The power of the paired t-test against |Q| for each effect size; its alt text says
    the power each reaches at ``available`` queries and where each crosses 0.8."""
    effect_sizes = [float(e) for e in effect_sizes]
    if not 1 <= len(effect_sizes) <= 4 or any(e <= 0 for e in effect_sizes):
        raise ValueError(f"effect_sizes must hold one to four positive effect sizes, got {effect_sizes}")
    if not 2 <= available <= max_queries:
        raise ValueError(f"available must lie between 2 and max_queries={max_queries}, got {available}")
    alpha = check_open_unit(alpha, "alpha")
    figure = _draw_power_curves(effect_sizes, max_queries, available, alpha)
    at = [f"{paired_t_test_power(e, available, alpha=alpha):.2f} for ES = {e:g}" for e in effect_sizes]
    crossings = []
    for e in effect_sizes:
        needed = next((k for k in range(2, max_queries + 1) if paired_t_test_power(e, k, alpha=alpha) >= 0.8),
                      None)
        crossings.append(f"ES = {e:g} at {needed} queries" if needed else f"ES = {e:g} beyond {max_queries}")
    alt = (f"Curves of the power of the two-sided paired t-test against the number of queries, from "
           f"2 to {max_queries}, one per effect size; each rises towards 1, the larger effects "
           f"sooner. At {available} queries (dotted line) the power is {listing(at)}. The dashed "
           f"line at 0.8 is crossed by {listing(crossings)}.")
    return show_figure(figure, alt=alt)


# ------------------------------------------------------ topic-set size --


def _check_variances(variances: Mapping[str, float]) -> dict[str, float]:
    if not isinstance(variances, Mapping) or not variances:
        raise TypeError("variances must be a non-empty dict {measure: variance}, "
                        f"got {type(variances).__name__}")
    checked = {}
    for name, value in variances.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < np.inf:
            raise ValueError(f"variances[{name!r}] must be a positive number, got {value!r}")
        checked[str(name)] = float(value)
    return checked


def queries_needed(minimum_difference: float, variances: Mapping[str, float], *,
                   alpha: float = 0.05, beta: float = 0.2) -> dict[str, int]:
    """Sakai's paired-t design for each measure: ``{measure: queries needed}``, each from its
    within-system variance (``variance_from_scores``'s default).

    >>> queries_needed(0.05, {"AP": 0.02})
    {'AP': 128}
    """
    variances = _check_variances(variances)
    return {name: topic_set_size(minimum_difference, v, alpha=alpha, beta=beta).n_queries
            for name, v in variances.items()}


def _draw_queries_needed(minimum_difference: float, variances: dict[str, float],
                         needed: dict[str, int], available: int, alpha: float, beta: float) -> Figure:
    """One bar per measure: the queries it needs (log scale), the questions at hand as a line."""
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    names = list(needed)[::-1]  # the first measure on top
    counts = [needed[name] for name in names]
    colours = [RELEVANT if n <= available else SECOND for n in counts]
    ax.barh(range(len(names)), counts, color=colours, height=0.6)
    for row, n in enumerate(counts):
        ax.annotate(str(n), (n, row), xytext=(3, 0), textcoords="offset points", va="center",
                    fontsize=10)
    ax.axvline(available, color=CURRENT, linewidth=1.2)
    ax.annotate(f"{available} questions", (available, len(names) - 0.45), xytext=(-3, 0),
                textcoords="offset points", ha="right", va="bottom", fontsize=10, color=CURRENT)
    ax.set_yticks(range(len(names)), [f"{name} (σ² {variances[name]:.4f})" for name in names])
    ax.set_xscale("log")
    # plain numbers: the exponent of 10^4 is drawn at 7/10 of the text size
    ax.set_xticks([1, 10, 100, 1000, 10_000], ["1", "10", "100", "1000", "10000"])
    ax.set(xlim=(1, 30_000), ylim=(-0.6, len(names) - 0.1), xlabel="queries needed (log scale)")
    ax.set_title(f"Detect minD = {minimum_difference:.2f}: power {1 - beta:g}, α = {alpha:g}",
                 fontsize=10)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    figure.tight_layout()
    return figure


def queries_needed_frame(minimum_difference: float, variances: Mapping[str, float], *,
                         available: int = 48, alpha: float = 0.05, beta: float = 0.2) -> Frame:
    """One position of the calculator: the queries each measure needs to detect minD."""
    variances = _check_variances(variances)
    needed = queries_needed(minimum_difference, variances, alpha=alpha, beta=beta)
    numbers = {"minD": f"{minimum_difference:.2f}",
               **{f"queries for {name}": str(n) for name, n in needed.items()}}
    enough = [name for name, n in needed.items() if n <= available]
    alt = (f"Horizontal bars on a log scale, one per measure, of the queries a paired t-test "
           f"needs to detect a difference of {minimum_difference:.2f} with power {1 - beta:g}: "
           f"{listing(f'{name} {n}' for name, n in needed.items())}. A red line marks "
           f"{available} questions; " + (f"{listing(enough)} {'needs' if len(enough) == 1 else 'need'} "
                                          "no more." if enough else "every measure needs more."))
    return Frame(numbers, partial(_draw_queries_needed, minimum_difference, variances, needed,
                                  available, alpha, beta), alt)


def queries_needed_slider(variances: Mapping[str, float], *, value: float = 0.05,
                          differences: Sequence[float] = DIFFERENCES, available: int = 48) -> Slider:
    """The topic-set-size calculator: a slider over minD, live in Jupyter, static in the book."""
    variances = _check_variances(variances)
    return Slider(lambda d: queries_needed_frame(d, variances, available=available),
                  list(differences), label="minD", value=value, value_format=".2f")
