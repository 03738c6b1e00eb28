"""Answers to the exercises of the chapter "Beyond classification: the ranking paradigm"."""

from math import comb


def _reading_cost(relevance, wanted):
    seen = 0
    for rank, rel in enumerate(relevance, start=1):
        seen += rel
        if seen >= wanted:
            return rank
    return None


def _useless_results_only(relevance, wanted):  # Cooper's search length, not the reading cost
    cost = _reading_cost(relevance, wanted)
    return None if cost is None else cost - wanted


def _never_none(relevance, wanted):  # reads the whole list when the count is never reached
    cost = _reading_cost(relevance, wanted)
    return len(relevance) if cost is None else cost


ANSWERS = {
    # 3 of D's 5 documents are relevant. The slips: A's precision, recall (3 of 4 relevant),
    # accuracy over the twenty documents (17/20).
    "beyond-short-list-precision": {"right": 0.6, "wrong": [0.3, 0.75, 0.85, "3/5"]},
    "beyond-reading-cost": {"right": _reading_cost,
                            "wrong": [_useless_results_only, _never_none, 9]},
    "beyond-random-top-3": {"right": comb(7, 3) / comb(10, 3),
                            # 0.7 ** 3: draws with replacement; 1 - 3/10: only rank 1 matters
                            "wrong": [0.7 ** 3, 0.7, 1 - comb(7, 3) / comb(10, 3)]},
}
