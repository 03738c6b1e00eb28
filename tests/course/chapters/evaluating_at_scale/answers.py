"""Answers to the exercises of the chapter "Evaluating at scale"."""


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


ANSWERS = {
    "scale-spark-map-at-k": {"right": _spark_map_at_k,
                             "wrong": [_trec_map_cut, _divides_by_k, lambda r, n, k: None, 0.45]},
}
