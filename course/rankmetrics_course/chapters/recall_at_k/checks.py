"""Checks of the exercises in the chapter "Recall@k"."""

from __future__ import annotations

from rankmetrics_course.exercises.registry import (
    ExerciseMistake,
    exercise,
    expect_callable,
    expect_number,
    returned_number,
    same_number,
)
from rankmetrics_lite import recall_at_k

# The chapter's worked example: ten results, eight relevant documents in the collection.
_EXAMPLE = [1, 0, 1, 1, 0, 1, 0, 1, 0, 1]


@exercise("recall-at-5")
def _at_5(answer) -> None:
    # The worked example after four more relevant documents were found: |R| = 12.
    expect_number(answer, recall_at_k(_EXAMPLE, k=5, n_relevant=12),
                  "the ranking's first five results are what they were; |R| counts every "
                  "relevant document the judgements now know of, retrieved or not.")


@exercise("recall-reported-recall")
def _reported_recall(answer) -> None:
    # Four users, |R| = 2 hidden items each, 2, 1, 1 and 0 of them in the top 10.
    users = [[1] * found + [0] * (10 - found) for found in (2, 1, 1, 0)]
    expect_number(answer, sum(recall_at_k(top, 10, n_relevant=2) for top in users) / 4,
                  "the paper's 0.75 only asks whether anything hidden was found. R@10 divides "
                  "each user's count by |R| = 2 before the mean over users is taken.")


# The worked example with grades: the ten results, then the two relevant documents that were
# never retrieved. Level 1 gives the binary example of the chapter.
_GRADES = [2, 0, 1, 2, 0, 1, 0, 2, 0, 1]
_MISSED_GRADES = [1, 1]


def _recall_at_level(k: int, level: int) -> float:
    found = sum(grade >= level for grade in _GRADES[:k])
    total = sum(grade >= level for grade in _GRADES + _MISSED_GRADES)
    return found / total


@exercise("recall-stricter-level")
def _stricter_level(answer) -> None:
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__len__") or len(answer) != 2:
        raise ExerciseMistake("give a pair of two numbers: (R@5 at level 1, R@5 at level 2).")
    lenient, strict = (returned_number(value, "in your pair") for value in answer)
    want_lenient, want_strict = _recall_at_level(5, 1), _recall_at_level(5, 2)
    if abs(lenient - want_lenient) > 5e-4:
        raise ExerciseMistake("the first number is the chapter's R@5: the relevant results among "
                              "the first five over all eight relevant documents.")
    if abs(strict - want_strict) > 5e-4:
        raise ExerciseMistake("at level 2 both counts change: the top five hold fewer relevant "
                              "documents, and |R| counts only the documents graded 2 or more, "
                              "retrieved or not.")


def _pooled_reference(runs, relevant, depth, k):
    pool = {item for ranking in runs.values() for item in ranking[:depth]}
    known = pool & set(relevant)
    if not known:
        return {name: None for name in runs}
    return {name: len(set(ranking[:k]) & known) / len(known) for name, ranking in runs.items()}


# (runs, truly relevant ids, pool depth, k): k deeper than the pool, k inside it, a relevant
# item no system returns, one found only below the pool, and a pool without relevant items.
_POOL_CASES = [
    ({"A": ["d1", "d2", "d3", "d4", "d5", "d6"], "B": ["d2", "d7", "d8", "d1", "d9", "d3"]},
     {"d1", "d3", "d5", "d9", "d10"}, 2, 6),
    ({"A": ["d1", "d2", "d3", "d4", "d5", "d6"], "B": ["d2", "d7", "d8", "d1", "d9", "d3"]},
     {"d1", "d3", "d5", "d9", "d10"}, 3, 2),
    ({"X": ["a", "b", "c"], "Y": ["c", "d", "e"], "Z": ["f", "a", "g"]},
     {"a", "e", "g", "h"}, 1, 3),
    ({"X": ["a", "b", "c", "d"]}, {"d"}, 2, 4),
    ({"X": ["a", "b"], "Y": ["b", "c"]}, {"a", "c"}, 2, 1),
]


@exercise("recall-pooled")
def _pooled(answer) -> None:
    expect_callable(answer, "pooled_recall")
    for runs, relevant, depth, k in _POOL_CASES:
        want = _pooled_reference(runs, relevant, depth, k)
        got = answer({name: list(ranking) for name, ranking in runs.items()}, set(relevant),
                     depth, k)
        if not isinstance(got, dict) or set(got) != set(want):
            raise ExerciseMistake(f"return a dict with one value per run, keys {sorted(want)}; "
                                  f"your function returned {got!r}.")
        for name, value in want.items():
            if value is None:
                if got[name] is not None:
                    raise ExerciseMistake(
                        f"for runs={runs}, relevant={sorted(relevant)}, depth={depth}: the pool "
                        "holds no relevant document, so recall is undefined: return None.")
                continue
            if not same_number(got[name], value):
                raise ExerciseMistake(
                    f"for runs={runs}, relevant={sorted(relevant)}, depth={depth}, k={k} your "
                    f"value for {name!r} is {got[name]!r}. Only the pool (every run's top "
                    "`depth`) is judged: |R| counts the relevant documents in the pool, and a "
                    "relevant document outside the pool counts as not relevant.")
