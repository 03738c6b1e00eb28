"""Answers to the exercises of the chapter "The precision-recall relationship"."""


def _from_precisions(precisions):
    hits = [round(k * p) for k, p in enumerate(precisions, start=1)]
    return [h - before for h, before in zip(hits, [0] + hits[:-1])]


def _from_precisions_truncating(precisions):  # the slip: int() instead of round()
    hits = [int(k * p) for k, p in enumerate(precisions, start=1)]
    return [h - before for h, before in zip(hits, [0] + hits[:-1])]


def _from_precisions_cumulative(precisions):  # returns |R_k|, not rel_k
    return [round(k * p) for k, p in enumerate(precisions, start=1)]


def _best_recall(relevance, n_relevant, min_precision):
    best, found = 0.0, 0
    for k, rel in enumerate(relevance, start=1):
        found += rel
        if found / k >= min_precision:
            best = max(best, found / n_relevant)
    return best


def _best_recall_greedy(relevance, n_relevant, min_precision):  # stops at the first dip
    best, found = 0.0, 0
    for k, rel in enumerate(relevance, start=1):
        found += rel
        if found / k < min_precision:
            break
        best = found / n_relevant
    return best


def _best_recall_at_last_k(relevance, n_relevant, min_precision):  # ignores the target
    return sum(relevance) / n_relevant


ANSWERS = {
    "relationship-recall-from-precision": {"right": 0.5, "wrong": [0.35, 0.7, 0.245, "half"]},
    "relationship-ranking-from-precisions": {
        "right": _from_precisions,
        "wrong": [_from_precisions_truncating, _from_precisions_cumulative, [1, 0, 1]],
    },
    "relationship-best-recall": {
        "right": _best_recall,
        "wrong": [_best_recall_greedy, _best_recall_at_last_k, 0.6],
    },
}
