"""Answers to the exercises of the chapter "nDCG"."""

import math


def _dcg(grades, k, gain="linear"):
    total = 0.0
    for rank, grade in enumerate(grades[:k], start=1):
        value = grade if gain == "linear" else 2 ** grade - 1
        total += value / math.log2(rank + 1)
    return total


def _dcg_log_of_rank(grades, k, gain="linear"):  # divides by log2(i): rank 1 breaks
    total = 0.0
    for rank, grade in enumerate(grades[:k], start=1):
        value = grade if gain == "linear" else 2 ** grade - 1
        total += value / max(math.log2(rank), 1.0)
    return total


def _dcg_ignores_gain(grades, k, gain="linear"):
    return _dcg(grades, k, "linear")


def _ndcg(grades, k, judged_grades, gain="linear"):
    ideal = sorted(judged_grades, reverse=True)
    return _dcg(grades, k, gain) / _dcg(ideal, k, gain)


def _ndcg_ideal_from_returned(grades, k, judged_grades, gain="linear"):
    return _dcg(grades, k, gain) / _dcg(sorted(grades, reverse=True), k, gain)


def _ndcg_ideal_not_cut(grades, k, judged_grades, gain="linear"):
    ideal = sorted(judged_grades, reverse=True)
    return _dcg(grades, k, gain) / _dcg(ideal, None, gain)


_right_by_hand = (1 + 3 / math.log2(3)) / (3 + 2 / math.log2(3) + 1 / 2)
_wrong_returned_ideal = (1 + 3 / math.log2(3)) / (3 + 1 / math.log2(3))

ANSWERS = {
    "ndcg-by-hand": {"right": _right_by_hand,
                     "wrong": [_wrong_returned_ideal, 0.5, "0.61"]},
    "ndcg-dcg": {"right": _dcg, "wrong": [_dcg_log_of_rank, _dcg_ignores_gain, 3.0]},
    "ndcg-gains-disagree": {"right": ([2, 1, 1], [3, 0, 0]),
                            "wrong": [([3, 0, 0], [2, 1, 1]),   # the other way round
                                      ([2, 2, 1], [3, 0, 0]),   # two 2s: not in the pool
                                      ([2, 1], [3, 0]),         # two items, not three
                                      ([1, 1, 1], [1, 1, 0]),   # agree on both gains
                                      5]},
    "ndcg-full": {"right": _ndcg,
                  "wrong": [_ndcg_ideal_from_returned, _ndcg_ideal_not_cut]},
}
