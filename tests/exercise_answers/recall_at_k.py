"""Answers to the exercises of the chapter "Recall@k"."""

from rankmetrics_lite import precision_at_k, recall_at_k


def _smallest_k(relevance, n_relevant, target):
    found = 0
    for k, rel in enumerate(relevance, start=1):
        found += rel
        if found / n_relevant >= target:
            return k
    return None


def _smallest_k_strict(relevance, n_relevant, target):  # the slip: > instead of >=
    found = 0
    for k, rel in enumerate(relevance, start=1):
        found += rel
        if found / n_relevant > target:
            return k
    return None


def _smallest_k_never_none(relevance, n_relevant, target):  # forgets "never reached"
    return _smallest_k(relevance, n_relevant, target) or len(relevance)


def _smallest_k_precision(relevance, n_relevant, target):  # uses P@k, not R@k
    for k in range(1, len(relevance) + 1):
        if precision_at_k(relevance, k) >= target:
            return k
    return None


def _mean_recall(queries, k, empty_queries):
    scores = []
    for relevance, n_relevant in queries.values():
        if n_relevant == 0:
            if empty_queries == "zero":
                scores.append(0.0)
            continue
        scores.append(recall_at_k(relevance, k, n_relevant=n_relevant))
    return sum(scores) / len(scores)


def _mean_recall_always_skip(queries, k, empty_queries):  # ignores the policy
    return _mean_recall(queries, k, "skip")


def _mean_recall_skip_counts_all(queries, k, empty_queries):  # skips, divides by all
    scores = [recall_at_k(r, k, n_relevant=n) for r, n in queries.values() if n > 0]
    return sum(scores) / len(queries)


ANSWERS = {
    "recall-at-5": {"right": 0.375, "wrong": [0.6, 0.5, 3]},
    "recall-hit-rate-size": {"right": 1, "wrong": [0, 2, "one"]},
    "recall-smallest-k": {"right": _smallest_k,
                          "wrong": [_smallest_k_strict, _smallest_k_never_none,
                                    _smallest_k_precision, 6]},
    "recall-mean-policies": {"right": _mean_recall,
                             "wrong": [_mean_recall_always_skip, _mean_recall_skip_counts_all,
                                       0.5]},
}
