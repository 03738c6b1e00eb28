"""Answers to the exercises of the chapter "The ranking problem"."""

import math
from itertools import permutations


def _binary_relevance(ranked_items, grades, level):
    return [int(grades.get(item, 0) >= level) for item in ranked_items]


def _binary_relevance_strict(ranked_items, grades, level):  # the slip: > instead of >=
    return [int(grades.get(item, 0) > level) for item in ranked_items]


def _binary_relevance_unjudged_fails(ranked_items, grades, level):  # KeyError on unjudged
    return [int(grades[item] >= level) for item in ranked_items]


def _tie_vectors(scores, relevant):  # by brute force: every order the scores allow
    groups = {}
    for item, score in scores.items():
        groups.setdefault(score, []).append(item)
    vectors = {()}
    for score in sorted(groups, reverse=True):
        group_vectors = {tuple(int(i in relevant) for i in order)
                         for order in permutations(groups[score])}
        vectors = {v + g for v in vectors for g in group_vectors}
    return len(vectors)


def _tie_orders(scores, relevant):  # the slip: counts orders, not vectors
    counts = {}
    for score in scores.values():
        counts[score] = counts.get(score, 0) + 1
    return math.prod(math.factorial(n) for n in counts.values())


def _tie_groups(scores, relevant):  # the slip: counts the tied groups
    return len(set(scores.values()))


ANSWERS = {
    "ranking-top-k-set": {"right": {"d3", "d1", "d5"},
                          "wrong": [{"d3", "d8", "d6", "d1", "d5"}, {"d1", "d3", "d5", "d7", "d9"},
                                    {"d3", "d1"}, "d3 d1 d5", 3]},
    "ranking-binarise": {"right": _binary_relevance,
                         "wrong": [_binary_relevance_strict, _binary_relevance_unjudged_fails,
                                   [1, 0, 0, 1, 1, 0, 1]]},
    "ranking-tie-vectors": {"right": _tie_vectors,
                            "wrong": [_tie_orders, _tie_groups, lambda scores, relevant: 1, 2]},
}
