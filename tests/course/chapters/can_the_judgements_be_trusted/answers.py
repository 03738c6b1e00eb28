"""Answers to the exercises of the chapter "Can the judgements be trusted?".

The right numbers are written out from the chapter's data (the exercise's table, the
simulated collection and its assessors), so that a change in the data, the simulator or
the package that moves them makes this test fail.
"""

import math


def _bounds(a, b, p):
    k = len(a)
    overlap = [len(set(a[:d]) & set(b[:d])) for d in range(1, k + 1)]
    seen = sum(x / d * p**d for d, x in enumerate(overlap, start=1))
    x_k = overlap[-1]
    low = (1 - p) / p * (seen + x_k * (-math.log(1 - p) - sum(p**d / d for d in range(1, k + 1))))
    f = 2 * k - x_k
    rise = sum((x_k + 2 * (d - k)) / d * p**d for d in range(k + 1, f + 1))
    return low, (1 - p) / p * (seen + rise + p ** (f + 1) / (1 - p))


def _bounds_one_per_depth(a, b, p):
    # the slip: the overlap grows by 1 per depth below k (only one ranking's new item matches)
    k = len(a)
    overlap = [len(set(a[:d]) & set(b[:d])) for d in range(1, k + 1)]
    seen = sum(x / d * p**d for d, x in enumerate(overlap, start=1))
    x_k = overlap[-1]
    low = (1 - p) / p * (seen + x_k * (-math.log(1 - p) - sum(p**d / d for d in range(1, k + 1))))
    return low, (1 - p) / p * (seen + sum(p**d for d in range(k + 1, 4000)))


def _bounds_truncated(a, b, p):
    # the slip: the lower bound stops at depth k (the rbo package's rbo() without its tail)
    low, high = _bounds(a, b, p)
    k, x_k = len(a), len(set(a) & set(b))
    return low - (1 - p) / p * x_k * (-math.log(1 - p) - sum(p**d / d for d in range(1, k + 1))), high


ANSWERS = {
    # 200 documents: 15 both, 10 first only, 5 second only, 170 neither: p_o 0.925, p_e 0.8
    "judgements-kappa-from-table": {"right": 0.625, "wrong": [0.925, 0.85, 0.6, "0.625x"]},
    # 100 simulated assessors at e = 0.3, P@10 of twelve systems
    "judgements-many-judges": {"right": (0.9348, 0.8821), "wrong": [(0.8821, 0.9348), (0.97, 0.818), 0.9348]},
    # the median of the 33 LLMJudge labels of each pair against NIST's, graded kappa
    "judgements-median-judge": {"right": 0.2600, "wrong": [0.2863, 0.2157, 0.3817, "0.26x"]},
    "judgements-rbo-bounds": {"right": _bounds, "wrong": [_bounds_one_per_depth, _bounds_truncated, 0.5]},
}
