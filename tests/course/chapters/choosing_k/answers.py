"""Answers to the exercises of the chapter "Choosing k in practice"."""

from math import ceil, floor

from rankmetrics_course.chapters.choosing_k.view import k_for_mean_recall, min_k_for_recall


def _smallest_k(relevance, n_relevant, target):
    found = 0
    for k, rel in enumerate(relevance, start=1):
        found += rel
        if found / n_relevant >= target:
            return k
    return None


def _smallest_k_zero_based(relevance, n_relevant, target):  # off by one
    k = _smallest_k(relevance, n_relevant, target)
    return None if k is None else k - 1


def _smallest_k_length_when_unreachable(relevance, n_relevant, target):
    k = _smallest_k(relevance, n_relevant, target)
    return len(relevance) if k is None else k


def _depth_for_share(queries, target, share):
    needed = ceil(share * len(queries))
    ks = sorted(k for k in (min_k_for_recall(r, n, target) for r, n in queries)
                if k is not None)
    return ks[needed - 1] if len(ks) >= needed else None


def _depth_for_share_strict(queries, target, share):  # "more than" the share
    needed = floor(share * len(queries)) + 1
    ks = sorted(k for k in (min_k_for_recall(r, n, target) for r, n in queries)
                if k is not None)
    return ks[needed - 1] if len(ks) >= needed else None


def _depth_for_mean(queries, target, share):  # answers the other question
    return k_for_mean_recall(queries, target)


ANSWERS = {
    "choosing-k-hit-rate": {"right": 4 / 6, "wrong": [5 / 18, 0.5, 1.0]},
    "choosing-k-min-k": {
        "right": _smallest_k,
        "wrong": [_smallest_k_zero_based, _smallest_k_length_when_unreachable, 6],
    },
    "choosing-k-share": {
        "right": _depth_for_share,
        "wrong": [_depth_for_share_strict, _depth_for_mean, 9],
    },
}
