"""Checks of the exercises in the chapter "When judgements run out".

>>> from rankmetrics_course.exercises import check
>>> check("judged-bpref-by-hand", 5 / 9)
judged-bpref-by-hand: correct.
"""

from __future__ import annotations

from rankmetrics_course.exercises.registry import (
    ExerciseMistake,
    check_function_on_cases,
    exercise,
    expect_callable,
    expect_number,
)
from rankmetrics_lite import bpref, judged_at_k, rank_biased_precision, rank_biased_precision_residual

# The easy exercise: None = never judged. |R| = 3, |J^-| = 4 judged non-relevant.
BY_HAND_GRADES = [1, None, 0, 1, 0, None, 0]
BY_HAND_RELEVANT, BY_HAND_NONRELEVANT = 3, 4

# Rankings with documents outside the pool (None), in the pool but unjudged (-1),
# graded and zero grades, and rankings shorter than the cutoff.
_CASES = [
    [1, None, 0, -1, 2],
    [None, None, None],
    [0, 0, 1, 1, 0, None, 1, 0, 0, 0, 1, None],
    [2, 1],
    [-1],
    [None, 1, None, 0, None, 1, 0, 0],
]


@exercise("judged-bpref-by-hand")
def _bpref_by_hand(answer) -> None:
    expect_number(answer, bpref(BY_HAND_GRADES, n_relevant=BY_HAND_RELEVANT,
                                n_nonrelevant=BY_HAND_NONRELEVANT),
                  "Skip the unjudged documents. For each retrieved relevant document count "
                  "the judged non-relevant ones above it, at most |R|, divide by "
                  "min(|R|, |J-|), |J-| the judged non-relevant documents, subtract from 1; "
                  "add these up and divide by |R| (the "
                  "relevant document never retrieved adds 0).")


@exercise("judged-share")
def _judged_share(answer) -> None:
    check_function_on_cases(
        answer, "judged_share",
        [{"grades": grades, "k": k} for grades in _CASES for k in (1, 3, 5, 10)],
        lambda grades, k: judged_at_k(grades, k=k),
        "Divide by k, always. None and negative grades are unjudged; ranks past the end of a "
        "short ranking count as judged, as trec_eval's unj_k assumes.")


def _bounds(grades, p):
    low = rank_biased_precision(grades, p=p)
    return low, low + rank_biased_precision_residual(grades, p=p)


@exercise("judged-rbp-bounds")
def _rbp_bounds(answer) -> None:
    expect_callable(answer, "rbp_bounds")
    for grades in _CASES:
        grades = [None if g is None else min(g, 1) for g in grades]  # binary, as the exercise says
        if None not in grades and -1 not in grades:
            continue
        for p in (0.5, 0.8, 0.95):
            try:
                low, high = answer(list(grades), p)
                low, high = float(low), float(high)
            except (TypeError, ValueError):
                raise ExerciseMistake("return a pair of numbers, (low, high).") from None
            want = _bounds(grades, p)
            if abs(low - want[0]) > 1e-9 or abs(high - want[1]) > 1e-9:
                raise ExerciseMistake(
                    f"for grades={grades}, p={p} you returned ({low!r}, {high!r}). The low "
                    "end counts every unknown document as not relevant; the high end adds "
                    "(1 - p) p^(i-1) for each unknown rank i and p^n for all the ranks past "
                    "the end of a ranking of n documents.")
