"""Answers to the exercises of the chapter "The ranking problem"."""


def _binary_relevance(ranked_items, grades, level):
    return [int(grades.get(item, 0) >= level) for item in ranked_items]


def _binary_relevance_strict(ranked_items, grades, level):  # the slip: > instead of >=
    return [int(grades.get(item, 0) > level) for item in ranked_items]


def _binary_relevance_unjudged_fails(ranked_items, grades, level):  # KeyError on unjudged
    return [int(grades[item] >= level) for item in ranked_items]


def _trec_order(scores):
    return [item for score, item in sorted(((s, i) for i, s in scores.items()), reverse=True)]


def _stable_order(scores):  # ties kept in the order given
    return sorted(scores, key=scores.get, reverse=True)


def _id_ascending_order(scores):  # ties broken the other way
    return [item for score, item in sorted((-s, i) for i, s in scores.items())]


ANSWERS = {
    "ranking-top-k-set": {"right": {"d3", "d1", "d5"},
                          "wrong": [{"d3", "d8", "d6", "d1", "d5"}, {"d1", "d3", "d5", "d7", "d9"},
                                    {"d3", "d1"}, "d3 d1 d5", 3]},
    "ranking-binarise": {"right": _binary_relevance,
                         "wrong": [_binary_relevance_strict, _binary_relevance_unjudged_fails,
                                   [1, 0, 0, 1, 1, 0, 1]]},
    "ranking-trec-order": {"right": _trec_order,
                           "wrong": [_stable_order, _id_ascending_order, sorted]},
}
