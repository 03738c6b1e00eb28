"""Checks of the exercises in the chapter "Recall@k"."""

from __future__ import annotations

from ...cutoff_metrics import recall_at_k
from ...evaluate import evaluate
from ..views.choosing_k import min_k_for_recall
from .registry import ExerciseMistake, exercise, expect_callable, expect_number, same_number

# The chapter's worked example: ten results, eight relevant documents in the collection.
_EXAMPLE = [1, 0, 1, 1, 0, 1, 0, 1, 0, 1]


@exercise("recall-at-5")
def _at_5(answer) -> None:
    expect_number(answer, recall_at_k(_EXAMPLE, k=5, n_relevant=8),
                  "count the relevant results among the first five and divide by |R|, the "
                  "number of relevant documents in the whole collection.")


@exercise("recall-hit-rate-size")
def _hit_rate_size(answer) -> None:
    expect_number(answer, 1, "Hit@k is 0 or 1. For which |R| can |R_k| / |R| only be 0 or 1, "
                             "and is recall defined there?")


# (relevance, n_relevant, target): reached early, at the last rank, never, at once.
_TARGET_CASES = [
    (_EXAMPLE, 8, 0.5), (_EXAMPLE, 8, 0.75), (_EXAMPLE, 8, 0.9), (_EXAMPLE, 8, 0.125),
    ([0, 0, 1, 1, 1], 3, 1.0), ([1, 1, 0, 0, 1, 0, 1, 1, 1, 1], 10, 0.7),
    ([0, 0, 0], 2, 0.5), ([1], 1, 1.0), ([0, 1, 0, 1, 0], 5, 0.4),
]


@exercise("recall-smallest-k")
def _smallest_k_check(answer) -> None:
    expect_callable(answer, "smallest_k")
    for relevance, n_relevant, target in _TARGET_CASES:
        want = min_k_for_recall(relevance, n_relevant, target)
        got = answer(list(relevance), n_relevant, target)
        if want is None and got is not None:
            raise ExerciseMistake(
                f"for relevance={relevance}, n_relevant={n_relevant}, target={target} your "
                f"function returned {got!r}, but no cutoff of this ranking reaches the target: "
                "return None then.")
        if got != want:
            raise ExerciseMistake(
                f"for relevance={relevance}, n_relevant={n_relevant}, target={target} your "
                f"function returned {got!r}. Look for the first k where R@k = |R_k|/|R| is at "
                "least the target (reaching it exactly counts).")


# Sets of queries {qid: (relevance, n_relevant)} and cutoffs; "e" queries have |R| = 0.
_QUERY_SETS = [
    ({"a": ([1, 0, 1], 4), "e": ([0, 0, 0], 0), "c": ([0, 1, 0], 1)}, 3),
    ({"a": ([1, 0, 1], 4), "e": ([0, 0, 0], 0), "c": ([0, 1, 0], 1)}, 1),
    ({"x": ([1, 1, 0, 0], 2), "y": ([0, 0, 0, 1], 3)}, 2),
    ({"s": ([1], 3), "e1": ([], 0), "t": ([0, 1], 2), "e2": ([0, 0], 0)}, 5),
]


def _run_and_qrels(queries) -> tuple[dict, dict]:
    """The queries as a TREC run and qrels: unretrieved relevant items fill |R|."""
    run, qrels = {}, {}
    for qid, (relevance, n_relevant) in queries.items():
        docs = [f"{qid}-d{rank:03d}" for rank in range(1, len(relevance) + 1)]
        if docs:
            run[qid] = {doc: float(len(docs) - i) for i, doc in enumerate(docs)}
        judged = dict(zip(docs, relevance))
        missing = n_relevant - sum(relevance)
        judged.update({f"{qid}-missing{j}": 1 for j in range(missing)})
        qrels[qid] = judged or {f"{qid}-judged": 0}  # a judged query needs one judgement
    return run, qrels


@exercise("recall-mean-policies")
def _mean_policies(answer) -> None:
    expect_callable(answer, "mean_recall_at_k")
    for queries, k in _QUERY_SETS:
        run, qrels = _run_and_qrels(queries)
        for policy in ("zero", "skip"):
            want = evaluate(run, qrels, f"R@{k}", empty_queries=policy)[f"R@{k}"]
            got = answer({q: (list(r), n) for q, (r, n) in queries.items()}, k, policy)
            if not same_number(got, want):
                raise ExerciseMistake(
                    f"with empty_queries={policy!r}, k={k} and queries={queries} your function "
                    f"returned {got!r}. Under 'zero' an empty query adds 0 and counts in the "
                    "mean; under 'skip' it is neither added nor counted.")
