"""Checks of the exercises in the chapter "Beyond classification: the ranking paradigm"."""

from __future__ import annotations

from itertools import combinations

from rankmetrics_course.exercises.registry import ExerciseMistake, exercise, expect_callable, expect_number
from rankmetrics_lite import hit_rate_at_k, precision_recall_at_all_k

# The chapter's ranking B: the three relevant documents at ranks 8 to 10.
_RANKING_B = [0, 0, 0, 0, 0, 0, 0, 1, 1, 1]


@exercise("beyond-short-list-precision")
def _short_list_precision(answer) -> None:
    # System D returns ranking A's first five documents: d05, d02, d11 (relevant), d03, d08.
    expect_number(answer, 3 / 5,
                  "a classifier's precision divides the relevant documents returned by the "
                  "documents returned, here D's five, not the ten of A.")


def _reading_cost(relevance, wanted):
    if not relevance:
        return None
    hits = precision_recall_at_all_k(relevance, n_relevant=max(sum(relevance), 1))["hits"]
    reached = [k for k, seen in enumerate(hits, start=1) if seen >= wanted]
    return reached[0] if reached else None


# (relevance, wanted): at once, at the end, never, an empty ranking.
_COST_CASES = [
    (_RANKING_B, 1), (_RANKING_B, 2), (_RANKING_B, 3), (_RANKING_B, 4),
    ([1, 1, 1, 0, 0, 0, 0, 0, 0, 0], 2), ([1], 1), ([0, 0], 1), ([], 1),
    ([0, 1, 0, 0, 1, 1, 0, 1], 3),
]


@exercise("beyond-reading-cost")
def _reading_cost_check(answer) -> None:
    expect_callable(answer, "reading_cost")
    for relevance, wanted in _COST_CASES:
        want = _reading_cost(relevance, wanted)
        got = answer(list(relevance), wanted)
        if got != want:
            if want is None:
                hint = "this ranking never holds that many relevant results: return None."
            else:
                hint = ("return the rank at which the count of relevant results seen reaches "
                        "`wanted`, counting every result read, relevant or not.")
            raise ExerciseMistake(f"for relevance={relevance} and wanted={wanted} your function "
                                  f"returned {got!r}; {hint}")


def _no_hit_in_top_3() -> float:
    """P(no relevant item in the top 3) for 3 relevant among 10, in a uniform random order."""
    placements = list(combinations(range(10), 3))
    misses = sum(hit_rate_at_k([int(i in ranks) for i in range(10)], 3) == 0
                 for ranks in placements)
    return misses / len(placements)


@exercise("beyond-random-top-3")
def _random_top_3(answer) -> None:
    expect_number(answer, _no_hit_in_top_3(),
                  "all three relevant documents must land among the last seven ranks; every "
                  "set of three ranks out of ten is equally likely.")
