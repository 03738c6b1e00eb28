"""Answers to the exercises of the chapter "Evaluating at scale"."""

import math


def _spark_map_at_k(relevance, n_relevant, k):
    hits, total = 0, 0.0
    for rank, relevant in enumerate(relevance[:k], start=1):
        if relevant:
            hits += 1
            total += hits / rank
    return total / min(n_relevant, k)


def _trec_map_cut(relevance, n_relevant, k):  # divides by |R|
    return _spark_map_at_k(relevance, n_relevant, k) * min(n_relevant, k) / n_relevant


def _divides_by_k(relevance, n_relevant, k):
    return _spark_map_at_k(relevance, n_relevant, k) * min(n_relevant, k) / k


_SCALA = (7 + 1 / math.log2(3) + 3 / 2) / (1 + 3 / math.log2(3) + 7 / 2)
_EXPONENTIAL = (7 + 1 / math.log2(3) + 3 / 2) / (7 + 3 / math.log2(3) + 1 / 2)

ANSWERS = {
    "scale-spark-map-at-k": {"right": _spark_map_at_k,
                             "wrong": [_trec_map_cut, _divides_by_k, lambda r, n, k: None, 0.45]},
    "scale-map-cut-ceiling": {"right": (5 / 8, 1.0),
                              "wrong": [(1.0, 1.0),  # trec_eval read as dividing by min(|R|, k)
                                        (5 / 8, 5 / 8),  # Spark read as dividing by |R|
                                        (5 / 8,), 0.625, "x"]},
    "scale-scala-ndcg-order": {"right": (_SCALA, _EXPONENTIAL),
                               "wrong": [(_EXPONENTIAL, _EXPONENTIAL),  # Scala read as sorting
                                         (_SCALA, _SCALA),
                                         (1.0, _EXPONENTIAL), _SCALA, "x"]},
}
