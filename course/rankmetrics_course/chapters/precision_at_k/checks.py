"""Checks of the exercises in the chapter "Precision@k"."""

from __future__ import annotations

from rankmetrics_course.exercises.registry import ExerciseMistake, exercise, expect_callable, expect_number
from rankmetrics_lite import precision_at_k, precision_recall_at_all_k

# Rankings that catch the usual slips: empty, all relevant, none relevant, zig-zag.
_RANKINGS = [[1], [0], [1, 0, 1, 1, 0, 1, 0, 1, 0, 1], [0, 0, 1, 1], [1, 1, 1], [0, 1, 0, 0, 0, 1]]
# (relevance, |R|) pairs for the bound exercise.
_BOUND_CASES = [([1, 1, 0, 1, 1, 0], 4), ([0, 1, 1], 2), ([1, 1, 1, 0, 0], 3), ([1, 0, 1, 0], 5),
                ([0, 0, 0], 1)]


@exercise("precision-short-list")
def _short_list(answer) -> None:
    # Seven results graded [2, 1, 0, 2, 0, 2, 1]; at relevance level 2 three are relevant.
    expect_number(answer, precision_at_k([1, 0, 0, 1, 0, 1, 0], k=10),
                  "P@k divides by k, the cutoff, even when fewer than k results came back; "
                  "and at relevance level 2 a result graded 1 is not relevant.")


@exercise("precision-every-k")
def _every_k(answer) -> None:
    expect_callable(answer, "precision_at_every_k")
    for relevance in _RANKINGS:
        got = answer(list(relevance))
        want = precision_recall_at_all_k(relevance, n_relevant=max(1, sum(relevance)))["precision"]
        try:
            values = [float(x) for x in got]
        except TypeError:
            raise ExerciseMistake(f"for {relevance} your function returned {got!r}, "
                                  "not a list of numbers.") from None
        if len(values) != len(want):
            raise ExerciseMistake(f"for a ranking of length {len(relevance)} your function returned "
                                  f"{len(values)} values; there is one P@k per rank.")
        if any(abs(v - w) > 1e-9 for v, w in zip(values, want)):
            raise ExerciseMistake(f"for {relevance} some values differ from P@k. Divide the running "
                                  "count at rank k by k, not by the number of relevant items.")


@exercise("precision-at-bound")
def _at_bound(answer) -> None:
    expect_callable(answer, "cutoffs_at_bound")
    for relevance, n_relevant in _BOUND_CASES:
        want = [k for k in range(1, len(relevance) + 1)
                if abs(precision_at_k(relevance, k) - min(1.0, n_relevant / k)) < 1e-12]
        got = answer(list(relevance), n_relevant)
        if list(got) != want:
            raise ExerciseMistake(
                f"for relevance={relevance} and n_relevant={n_relevant} your function returned "
                f"{list(got)!r}. When k > |R| the bound is |R|/k, not 1: check both cases.")
