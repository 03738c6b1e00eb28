"""Checks of the exercises in the chapter "The ranking problem"."""

from __future__ import annotations

import math
from collections.abc import Iterable

from rankmetrics_course.exercises.registry import ExerciseMistake, exercise, expect_callable
from rankmetrics_lite import rank_by_score, relevance_from_ids

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


# (scores, relevant ids): the chapter's example (one tie of a relevant and a non-relevant
# item), a three-way tie, a tie of relevant items only, two tie groups, no tie, no items.
_TIE_CASES = [
    (_SCORES, {"d1", "d3", "d5", "d7", "d9"}),
    ({"d9": 0.5, "d10": 0.5, "d2": 0.7, "d1": 0.5}, {"d9", "d2"}),
    ({"a": 1.0, "b": 1.0, "c": 1.0}, {"a", "b", "c"}),
    ({"a": 1.0, "b": 1.0, "c": 1.0, "d": 1.0, "e": 0.2, "f": 0.2, "g": 0.2}, {"a", "b", "f"}),
    ({"x": -1.0, "y": 2.0, "z": 0.5}, {"x"}),
    ({}, set()),
]


def _tie_vectors_reference(scores, relevant) -> int:
    groups: dict[float, list[int]] = {}
    for item, score in scores.items():
        groups.setdefault(score, []).append(item in relevant)
    return math.prod(math.comb(len(group), sum(group)) for group in groups.values())


@exercise("ranking-tie-vectors")
def _tie_vectors(answer) -> None:
    expect_callable(answer, "tie_vectors")
    for scores, relevant in _TIE_CASES:
        want = _tie_vectors_reference(scores, relevant)
        got = answer(dict(scores), set(relevant))
        if isinstance(got, bool) or got != want:
            raise ExerciseMistake(
                f"for scores={scores} and relevant={sorted(relevant)} your function returned "
                f"{got!r}. Count relevance vectors, not orders: swapping two relevant items (or "
                "two non-relevant ones) inside a tie gives the same vector.")
