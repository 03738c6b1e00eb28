"""Answers to the exercises of the chapter "Case study: evaluating a RAG retriever".

The right answers are written out from the chapter's tables (text-only BM25
on the shipped corpus), so that a change in the data or the retriever that
moves them makes this test fail.
"""

from rankmetrics_lite import hit_rate_at_k, precision_at_k

# The larger set at k = 1: 33 of 48 first chunks are hits; on 13 of them the question has
# two or three relevant pages (11 with two, 2 with three), so R@1 sums to 20 + 11/2 + 2/3.
_P1_R1_LARGER = (13, 33 / 48, (20 + 11 / 2 + 2 / 3) / 48)


def _precision_among_hits(rankings, k):
    kept = [r for r in rankings if hit_rate_at_k(r, k) == 1.0]
    if not kept:
        return None
    return sum(precision_at_k(r, k) for r in kept) / len(kept)


def _divides_by_hits(rankings, k):  # the slip: P over the found items, always 1
    kept = [r for r in rankings if any(r[:k])]
    return None if not kept else sum(sum(r[:k]) / sum(r[:k]) for r in kept) / len(kept)


def _counts_beyond_k(rankings, k):  # the source's helper: hits anywhere, over k
    kept = [r for r in rankings if any(r[:k])]
    return None if not kept else sum(sum(r) / k for r in kept) / len(kept)


def _keeps_every_query(rankings, k):  # no conditioning at all
    return sum(precision_at_k(r, k) for r in rankings) / len(rankings)


def _zero_when_empty(rankings, k):  # 0 instead of None when no ranking hits
    kept = [r for r in rankings if any(r[:k])]
    return 0.0 if not kept else sum(precision_at_k(r, k) for r in kept) / len(kept)


ANSWERS = {
    "case-study-p1-r1-larger-set": {
        "right": _P1_R1_LARGER,
        "wrong": [(0, 33 / 48, 33 / 48),  # P@1 = R@1 taken for granted
                  (13, 33 / 48, 33 / 48),  # R@1 divided by 1, not by |R|
                  (16, 33 / 48, _P1_R1_LARGER[2]),  # every question with several pages
                  (13, _P1_R1_LARGER[2], 33 / 48),  # the two means swapped
                  (13, 33 / 48), "13"]},
    "case-study-best-k": {"right": (3, 7 / 18, 5 / 6),
                          "wrong": [(1, 1 / 3, 1 / 3), (3, 7 / 18, 1.0), (3, 0.5, 5 / 6),
                                    (4, 1 / 3, 1.0), 3]},
    "case-study-precision-given-hit": {
        "right": _precision_among_hits,
        "wrong": [_divides_by_hits, _counts_beyond_k, _keeps_every_query, _zero_when_empty,
                  7 / 15],
    },
    "case-study-context-precision": {"right": 0.7342,
                                     "wrong": [0.2851, 0.3542, 0.8354, "0.73"]},
}
