"""Checks of the exercises in the chapter "Computing the metrics"."""

from __future__ import annotations

from rankmetrics_course.exercises.registry import (
    ExerciseMistake,
    check_function_on_cases,
    exercise,
    expect_callable,
    expect_number,
)
from rankmetrics_lite import evaluate, precision_at_k, rank_by_score, relevance_from_ids


@exercise("computing-trec-tie-break")
def _trec_tie_break(answer) -> None:
    ranking = rank_by_score({"d1": 0.9, "d2": 0.7, "d3": 0.7, "d4": 0.2})
    expect_number(answer, precision_at_k(relevance_from_ids(ranking, relevant_items={"d2"}), 2),
                  "d2 and d3 have the same score: trec_eval puts the larger id first. "
                  "Write down its ranking, then count the relevant items in the top 2.")


# Score dicts whose insertion order is not the tie order, and ids whose byte order
# differs from their numeric order ("9" > "10").
_SCORE_CASES = [
    {"d1": 0.9, "d2": 0.7, "d3": 0.7, "d4": 0.2},
    {"a": 1.0, "c": 1.0, "b": 1.0},
    {"10": 0.5, "9": 0.5, "100": 0.5, "2": 0.7},
    {"x": 0.1, "y": 0.3, "z": 0.2},
    {"doc-B": 2.0, "doc-a": 2.0, "doc-A": 2.0, "doc-b": 1.0},
    {},
]


@exercise("computing-rank-like-trec")
def _rank_like_trec(answer) -> None:
    expect_callable(answer, "rank_like_trec_eval")
    for scores in _SCORE_CASES:
        got = answer(dict(scores))
        want = rank_by_score(scores)
        try:
            got = list(got)
        except TypeError:
            raise ExerciseMistake(f"for {scores} your function returned {got!r}, "
                                  "not a list of ids.") from None
        if got != want:
            raise ExerciseMistake(
                f"for scores={scores} your function returned {got}. Highest score first; "
                "among equal scores, the larger id (as a string) first.")


_RUN = {
    "q1": {"d1": 0.9, "d2": 0.8, "d3": 0.7},
    "q2": {"d4": 0.5, "d5": 0.5, "d6": 0.1},
    "q4": {"d8": 0.3, "d9": 0.2},
    "q9": {"d1": 1.0, "d2": 0.5},
}
_QRELS = {
    "q1": {"d1": 1, "d3": 2, "d9": 1},
    "q2": {"d4": 1, "d6": 0},
    "q3": {"d7": 1},
    "q4": {"d8": 0},
}
_CASES = [
    (_RUN, _QRELS, 1), (_RUN, _QRELS, 2), (_RUN, _QRELS, 5),
    ({"a": {"x": 1.0, "y": 1.0, "z": 0.5}}, {"a": {"x": 1, "z": 1}}, 1),
    ({"a": {"x": 0.2}, "b": {"p": 0.3, "q": 0.4}}, {"a": {"x": 2}, "b": {"p": 1}, "c": {"r": 1}}, 1),
    ({"a": {"x": 0.2, "w": 0.9}}, {"a": {"x": 1, "w": -1}}, 1),
]


@exercise("computing-mean-precision")
def _mean_precision(answer) -> None:
    check_function_on_cases(
        answer, "mean_precision_at_k",
        [{"run": run, "qrels": qrels, "k": k} for run, qrels, k in _CASES],
        lambda run, qrels, k: evaluate(run, qrels, f"P@{k}")[f"P@{k}"],
        "Average over the judged queries (a judged query missing from the run scores 0, a run "
        "query without judgements does not count), count a grade >= 1 as relevant, and break "
        "ties by id descending.")
