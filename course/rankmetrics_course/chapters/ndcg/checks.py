"""Checks of the exercises in the chapter "nDCG".

>>> from rankmetrics_course.exercises import check
>>> check("ndcg-gains-disagree", ([2, 1, 1], [3, 0, 0]))
ndcg-gains-disagree: correct.
"""

from __future__ import annotations

from collections import Counter

from rankmetrics_course.exercises.registry import (
    ExerciseMistake,
    check_function_on_cases,
    exercise,
    expect_number,
)
from rankmetrics_lite import dcg_at_k, ndcg_at_k

# The easy exercise: three results returned, four items judged.
BY_HAND_GRADES = [1, 3, 0]
BY_HAND_JUDGED = [3, 2, 1, 0]
# The gains exercise: rankings of three items drawn from this pool of judged grades.
GAINS_POOL = [3, 2, 1, 1, 1, 0, 0, 0]

# (grades, judged grades) pairs: missed relevant items, nothing relevant returned,
# a perfect ranking, ties in grade, a ranking longer than the judged relevant set.
_CASES = [
    ([2, 3, 0, 1, 2, 0, 0, 3, 0, 1], [2, 3, 0, 1, 2, 0, 0, 3, 0, 1, 3, 2]),
    ([1, 3, 0], [3, 2, 1, 0]),
    ([0, 0, 0], [2, 1, 0, 0, 0]),
    ([3, 2, 1], [1, 2, 3]),
    ([0, 1, 0, 1], [1, 1, 0, 0]),
    ([2], [2, 2, 2, 1]),
]


@exercise("ndcg-by-hand")
def _by_hand(answer) -> None:
    expect_number(answer, ndcg_at_k(BY_HAND_GRADES, 3, judged_grades=BY_HAND_JUDGED),
                  "Use the linear gain and the discount 1/log2(i + 1). The ideal "
                  "ranking sorts every judged item of the query, not only the three "
                  "returned, and is cut at the same k.")


@exercise("ndcg-dcg")
def _dcg(answer) -> None:
    check_function_on_cases(
        answer, "dcg_by_hand",
        [{"grades": grades, "k": k, "gain": gain}
         for grades, _ in _CASES for k in (1, 2, 3, 5, 12) for gain in ("linear", "exponential")],
        lambda grades, k, gain: dcg_at_k(grades, k, gain=gain),
        "Rank 1 is divided by log2(2) = 1; check the gain (the grade, or 2**grade - 1) and "
        "that only the first k ranks count.")


@exercise("ndcg-gains-disagree")
def _gains_disagree(answer) -> None:
    try:
        first, second = answer
        first, second = list(first), list(second)
    except (TypeError, ValueError):
        raise ExerciseMistake("answer with a pair of rankings, (a, b), each a list of "
                              "three grades.") from None
    pool = Counter(GAINS_POOL)
    for name, ranking in (("a", first), ("b", second)):
        if len(ranking) != 3:
            raise ExerciseMistake(f"ranking {name} holds {len(ranking)} grades; "
                                  "each ranking shows three items.")
        if Counter(ranking) - pool:
            raise ExerciseMistake(f"ranking {name} = {ranking} uses grades the pool "
                                  f"{GAINS_POOL} does not have (each item once).")
    linear = [ndcg_at_k(r, 3, judged_grades=GAINS_POOL, gain="linear") for r in (first, second)]
    exponential = [ndcg_at_k(r, 3, judged_grades=GAINS_POOL, gain="exponential") for r in (first, second)]
    if not linear[0] > linear[1]:
        raise ExerciseMistake("with the linear gain, a must score higher than b; here it "
                              "does not. Several middling items can outweigh one top item "
                              "when the gain is the grade.")
    if not exponential[0] < exponential[1]:
        raise ExerciseMistake("with the exponential gain, b must score higher than a; here "
                              "it does not. Under 2**g - 1 the top grade is worth far more "
                              "than the grades below it.")


@exercise("ndcg-full")
def _full(answer) -> None:
    check_function_on_cases(
        answer, "ndcg_by_hand",
        [{"grades": grades, "k": k, "judged_grades": judged, "gain": gain}
         for grades, judged in _CASES for k in (1, 2, 3, 6, None)
         for gain in ("linear", "exponential")],
        lambda grades, k, judged_grades, gain: ndcg_at_k(grades, k, judged_grades=judged_grades,
                                                         gain=gain),
        "The ideal ranking sorts all judged grades, descending, and is cut at the same k as "
        "the ranking (k=None: no cut on either).")
