"""Checks of the exercises in the chapter "The ranking problem"."""

from __future__ import annotations

from collections.abc import Iterable

from ...adapters import rank_by_score, relevance_from_ids
from .registry import ExerciseMistake, exercise, expect_callable

# The chapter's example: graded judgements of one query and the system's ranking.
_JUDGEMENTS = {"d1": 2, "d2": 0, "d3": 1, "d4": 0, "d5": 2, "d6": 0, "d7": 1, "d8": 0, "d9": 1}
_SCORES = {"d3": 0.91, "d8": 0.85, "d1": 0.77, "d6": 0.77, "d5": 0.64, "d2": 0.40, "d7": 0.33}


def _relevant(grades, level: int = 1) -> set:
    return {item for item, grade in grades.items() if grade >= level}


@exercise("ranking-top-k-set")
def _top_k_set(answer) -> None:
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        raise ExerciseMistake(f"expected a set of ids such as {{'d1', 'd2'}}, "
                              f"got {type(answer).__name__}.")
    ranked = rank_by_score(_SCORES)
    relevance = relevance_from_ids(ranked, relevant_items=_relevant(_JUDGEMENTS))
    want = {item for item, rel in zip(ranked[:5], relevance) if rel}
    got = set(answer)
    if got != want:
        if got - set(ranked[:5]):
            raise ExerciseMistake("R_5 only holds items ranked in the top five; some of yours "
                                  "are ranked lower or were never returned.")
        raise ExerciseMistake("R_5 holds exactly the top-five items whose grade is at least 1: "
                              "check each of the first five ranks (mind the tie at ranks 3 "
                              "and 4).")


# (ranked ids, grades, level): unjudged items, level 2, an empty ranking, integer ids.
_BINARISE_CASES = [
    (rank_by_score(_SCORES), _JUDGEMENTS, 1),
    (rank_by_score(_SCORES), _JUDGEMENTS, 2),
    (["d10", "d9", "d4", "d1"], _JUDGEMENTS, 1),
    (["a", "b", "c"], {"a": 3, "b": 1, "c": 2}, 2),
    ([], _JUDGEMENTS, 1),
    ([7, 3, 5], {3: 1, 5: 0}, 1),
]


@exercise("ranking-binarise")
def _binarise(answer) -> None:
    expect_callable(answer, "binary_relevance")
    for ranked, grades, level in _BINARISE_CASES:
        want = relevance_from_ids(ranked, relevant_items=_relevant(grades, level))
        try:
            got = answer(list(ranked), dict(grades), level)
        except KeyError as error:
            raise ExerciseMistake(f"your function raised KeyError {error} for an item that has "
                                  "no grade: an unjudged item counts as not relevant.") from None
        if got is None or [int(x) for x in got] != want:
            raise ExerciseMistake(
                f"for ranked_items={ranked}, grades={grades} and level={level} your function "
                f"returned {got!r}. An item is relevant when its grade is at least the level "
                "(a grade equal to the level counts).")


_ORDER_CASES = [
    _SCORES,
    {"d9": 0.5, "d10": 0.5, "d2": 0.7, "d1": 0.5},
    {"a": 1.0, "B": 1.0, "c": 0.0, "A": 1.0},
    {"x": -1.0, "y": 2.0, "z": 0.5},
    {"doc-3": 0.2, "doc-1": 0.2, "doc-2": 0.2},
    {},
]


@exercise("ranking-trec-order")
def _trec_order(answer) -> None:
    expect_callable(answer, "trec_order")
    for scores in _ORDER_CASES:
        want = rank_by_score(scores)
        got = answer(dict(scores))
        if got is None or list(got) != want:
            raise ExerciseMistake(
                f"for scores={scores} your function returned {got!r}. Higher scores come first; "
                "among equal scores the larger id, compared as text, comes first.")
