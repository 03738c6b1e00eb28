"""Checks of the exercises in the chapter "Case study: evaluating a RAG retriever".

Every expected value is computed here from the shipped corpus, the shipped
evaluation sets and the package's retriever and metric functions.

>>> from rankmetrics_course.exercises import check
>>> check("case-study-best-k", (3, 7 / 18, 5 / 6))
case-study-best-k: correct.
"""

from __future__ import annotations

import math
from functools import lru_cache

from rankmetrics_course.chapters.case_study_rag_retriever.corpus import (
    load_anchor_queries,
    load_corpus,
    load_eval_queries,
)
from rankmetrics_course.chapters.case_study_rag_retriever.retrievers import (
    chunk_hits,
    new_document_hits,
    text_retriever,
)
from rankmetrics_course.exercises.registry import ExerciseMistake, exercise, expect_callable, expect_number
from rankmetrics_lite import average_precision, hit_rate_at_k, precision_at_k, recall_at_k

DEPTH = 10  # the anchor table runs over k = 1..10
CONTEXT_K = 5  # chunks handed to the generator in the context-precision exercise


@lru_cache(maxsize=1)
def _anchor_rows() -> tuple[tuple[list[int], list[int]], ...]:
    """(chunk hits, new-document hits) of each anchor query's top 10 chunks."""
    retriever = text_retriever()
    rows = []
    for q in load_anchor_queries():
        results = retriever.search(q.query, DEPTH)
        rows.append((chunk_hits(results, q.relevant), new_document_hits(results, q.relevant)))
    return tuple(rows)


def _mean(values) -> float:
    values = list(values)
    return sum(values) / len(values)


def _anchor_means(k: int) -> tuple[float, float]:
    """Mean P@k (chunks) and mean R@k (documents) over the anchor queries."""
    rows = _anchor_rows()
    return (_mean(precision_at_k(hits, k) for hits, _ in rows),
            _mean(recall_at_k(new, k, n_relevant=1) for _, new in rows))


def _as_tuple(answer, length: int, what: str) -> tuple:
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__len__"):
        raise ExerciseMistake(f"expected {what}, got {type(answer).__name__}.")
    if len(answer) != length:
        raise ExerciseMistake(f"expected {what}: {length} entries, got {len(answer)}.")
    return tuple(answer)


def _number(value, where: str) -> float:
    if isinstance(value, bool):
        raise ExerciseMistake(f"{where} holds {value!r}; give a number (for example 0.0 or 1.0).")
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ExerciseMistake(f"{where} holds {value!r}, not a number.") from None
    if math.isnan(number):
        raise ExerciseMistake(f"{where} is NaN; every value here is defined.")
    return number


@lru_cache(maxsize=1)
def _first_chunk_pairs() -> tuple[tuple[float, float], ...]:
    """(P@1, R@1) of each question of the larger set, from its first chunk."""
    retriever = text_retriever()
    pairs = []
    for q in load_eval_queries():
        top = retriever.search(q.query, 1)
        pairs.append((precision_at_k(chunk_hits(top, q.relevant), 1),
                      recall_at_k(new_document_hits(top, q.relevant), 1, n_relevant=len(q.relevant))))
    return tuple(pairs)


@exercise("case-study-p1-r1-larger-set")
def _p1_r1_larger_set(answer) -> None:
    count, p1, r1 = _as_tuple(answer, 3, "a tuple (questions where P@1 and R@1 differ, mean P@1, "
                                         "mean R@1)")
    pairs = _first_chunk_pairs()
    differ = sum(p != r for p, r in pairs)
    if isinstance(count, bool) or _number(count, "the count") != differ:
        raise ExerciseMistake("the number of questions where P@1 and R@1 differ is off. R@1 "
                              "divides by the question's relevant pages: how many have more than one, "
                              "and a hit at rank 1?")
    expect_number(_number(p1, "mean P@1"), _mean(p for p, _ in pairs),
                  "the count is right but mean P@1 is off: is the first chunk's page relevant "
                  "to the question, any grade?")
    expect_number(_number(r1, "mean R@1"), _mean(r for _, r in pairs),
                  "the count and P@1 are right but mean R@1 is off: divide by the number of the "
                  "question's relevant pages, not by 1.")


@exercise("case-study-best-k")
def _best_k(answer) -> None:
    k, precision, recall = _as_tuple(answer, 3, "a tuple (k, mean P@k, mean R@k)")
    means = {j: _anchor_means(j) for j in range(1, DEPTH + 1)}
    best = max(means[j][0] for j in means)
    best_k = min(j for j in means if abs(means[j][0] - best) < 1e-12)
    if not isinstance(k, int) or isinstance(k, bool) or k != best_k:
        if isinstance(k, int) and k in means and abs(means[k][0] - best) < 1e-12:
            raise ExerciseMistake("several k may share the best precision; report the smallest.")
        raise ExerciseMistake("that k does not give the highest mean P@k. Compute the mean over "
                              "the six queries for every k from 1 to 10 and compare.")
    expect_number(precision, means[best_k][0],
                  "the k is right but its mean P@k is off: divide the hits in the top k by k.")
    expect_number(recall, means[best_k][1],
                  "the k and P@k are right but R@k is off: the share of queries whose expected "
                  "page appears in the top k.")


def _reference_precision_among_hits(rankings, k):
    kept = [r for r in rankings if hit_rate_at_k(r, k) == 1.0]
    return None if not kept else _mean(precision_at_k(r, k) for r in kept)


_HIT_CASES = [
    ([[0, 1, 1], [0, 0, 0], [1, 0, 0]], 3),
    ([[0, 1, 1], [0, 0, 0], [1, 0, 0]], 1),
    ([[0, 0, 0, 1], [0, 0, 0, 0]], 3),  # a hit only after k: no query counts
    ([[1, 1], [0, 1]], 4),  # rankings shorter than k: still divide by k
    ([[1, 0, 1, 0, 1], [0, 0, 1, 1, 0], [0, 0, 0, 0, 0], [0, 1, 0, 0, 0]], 2),
    ([[1, 1, 1]], 3),
]


@exercise("case-study-precision-given-hit")
def _precision_given_hit(answer) -> None:
    expect_callable(answer, "precision_among_hits")
    for rankings, k in _HIT_CASES:
        got = answer([list(r) for r in rankings], k)
        want = _reference_precision_among_hits(rankings, k)
        if want is None:
            if got is not None:
                raise ExerciseMistake(
                    f"for rankings={rankings} and k={k} no ranking has a hit in the top k, so the "
                    f"mean is over no query: return None, not {got!r}.")
            continue
        value = _number(got, f"for rankings={rankings} and k={k}, your result")
        if abs(value - want) > 1e-9:
            raise ExerciseMistake(
                f"for rankings={rankings} and k={k} your function returned {got!r}. Keep only the "
                "rankings with a relevant item among their first k, and divide each one's hits "
                "in the top k by k (not by its length, not by the hits).")


def context_precision_at(k: int) -> float:
    """Mean over the 48 queries of AP@k normalised by the relevant chunks retrieved."""
    corpus, retriever = load_corpus(), text_retriever()
    values = []
    for q in load_eval_queries():
        hits = chunk_hits(retriever.search(q.query, k), q.relevant)
        n_relevant_chunks = sum(len(corpus.chunks_of(d)) for d in q.relevant)
        values.append(average_precision(hits, n_relevant=n_relevant_chunks, k=k,
                                        normalisation="retrieved_relevant"))
    return _mean(values)


@exercise("case-study-context-precision")
def _context_precision(answer) -> None:
    expect_number(answer, context_precision_at(CONTEXT_K),
                  "add P@i at each rank i <= 5 that holds a relevant chunk, divide by the number "
                  "of relevant chunks in the top 5 (0 when there is none), then average over the "
                  "48 queries.")
