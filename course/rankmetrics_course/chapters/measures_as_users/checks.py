"""Checks of the exercises in the chapter "Measures as users".

Every expected value is computed here when an answer is first checked: by the library's
C/W/L kernel, or from the real TREC per-topic scores; none is written out.
"""

from __future__ import annotations

import numpy as np

from rankmetrics_course.chapters.measures_as_users.view import order_changes
from rankmetrics_course.exercises.registry import (
    ExerciseMistake,
    answer_number,
    check_function_on_cases,
    exercise,
)
from rankmetrics_lite import cwl_measure

INST_GAINS = [0, 1, 0, 0, 1, 1, 0, 0, 0, 0]
# Rankings (gains in [0, 1]) and continuation vectors that catch the usual slips.
_CASES = [([1, 0, 1], [1, 1, 0]), ([0, 0, 1, 1], [1, 0.5, 0.5, 0]), ([0.5], [0]),
          ([1, 1, 1, 1, 1], [0.9, 0.9, 0.9, 0.9, 0.9]), ([0, 1, 0, 1, 0, 1], [1, 1, 0.2, 1, 1, 0])]


def reference_rate_of_gain(gains, continuation) -> float:
    """The expected rate of gain of the user who goes on from rank i with probability C(i)."""
    c = np.asarray(continuation, dtype=float)
    reach = np.cumprod(np.concatenate([[1.0], c[:-1]]))
    return float(reach @ np.asarray(gains, dtype=float) / reach.sum())


@exercise("cwl-inst-total")
def _inst_total(answer) -> None:
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__len__") or len(answer) != 2:
        raise ExerciseMistake("expected a pair (expected total gain, expected depth).")
    got = [answer_number(a, "a number") for a in answer]
    user = cwl_measure(INST_GAINS, "INST(T=2)")
    if abs(got[1] - user.depth) > 5e-4:
        raise ExerciseMistake("the expected depth is the sum over ranks of the chance of reaching each "
                              "rank, 1 / W(1), not the rank of the last relevant document.")
    if abs(got[0] - user.total_gain) > 5e-4:
        raise ExerciseMistake("the expected total gain weights the gain gathered up to each rank by "
                              "L(i), the chance of stopping there; it is not ERG times 10.")


@exercise("cwl-own-continuation")
def _own_continuation(answer) -> None:
    check_function_on_cases(
        answer, "rate_of_gain",
        [{"gains": gains, "continuation": continuation} for gains, continuation in _CASES],
        reference_rate_of_gain,
        "Rank 1 is always reached; rank i is reached with the product of C(1)..C(i-1); W "
        "divides by the sum of those chances.")


@exercise("cwl-real-flips")
def _real_flips(answer) -> None:
    from rankmetrics_course import data

    value = answer_number(answer, "a count of run pairs")
    first, second = data.trec_per_topic("web2011", "P@20"), data.trec_per_topic("web2011", "RR")
    changed, _ = order_changes(first.scores, second.scores)
    if value != changed:
        raise ExerciseMistake("order the runs by their mean over topics under each measure and count "
                              "the pairs whose order differs (each unordered pair once; a tie is no change).")
