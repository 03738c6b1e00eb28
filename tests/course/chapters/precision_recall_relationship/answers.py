"""Answers to the exercises of the chapter "The precision-recall relationship"."""


def _from_precisions(precisions):
    hits = [round(k * p) for k, p in enumerate(precisions, start=1)]
    return [h - before for h, before in zip(hits, [0] + hits[:-1])]


def _from_precisions_truncating(precisions):  # the slip: int() instead of round()
    hits = [int(k * p) for k, p in enumerate(precisions, start=1)]
    return [h - before for h, before in zip(hits, [0] + hits[:-1])]


def _from_precisions_cumulative(precisions):  # returns |R_k|, not rel_k
    return [round(k * p) for k, p in enumerate(precisions, start=1)]


def _fill(found, k, order):
    left, total = found, 0.0
    for n_rel in order:
        take = min(left, k, n_rel)
        left, total = left - take, total + take / n_rel
    return total / len(order)


def _mean_recall_range(mean_precision, k, n_relevants):
    found = round(mean_precision * k * len(n_relevants))
    return (_fill(found, k, sorted(n_relevants, reverse=True)),
            _fill(found, k, sorted(n_relevants)))


def _identity_on_means(mean_precision, k, n_relevants):  # the slip: R@k = k P@k / mean |R|
    value = k * mean_precision * len(n_relevants) / sum(n_relevants)
    return value, value


def _swapped(mean_precision, k, n_relevants):  # highest first
    low, high = _mean_recall_range(mean_precision, k, n_relevants)
    return high, low


def _no_cutoff_limit(mean_precision, k, n_relevants):  # a query's top k holds at most k
    found = round(mean_precision * k * len(n_relevants))
    return (_fill(found, 10 ** 6, sorted(n_relevants, reverse=True)),
            _fill(found, 10 ** 6, sorted(n_relevants)))


ANSWERS = {
    "relationship-recall-from-precision": {"right": 0.5, "wrong": [0.35, 0.7, 0.245, "half"]},
    "relationship-ranking-from-precisions": {
        "right": _from_precisions,
        "wrong": [_from_precisions_truncating, _from_precisions_cumulative, [1, 0, 1]],
    },
    "relationship-mean-recall-range": {
        "right": _mean_recall_range,
        "wrong": [_identity_on_means, _swapped, _no_cutoff_limit, (0.15, 0.6)],
    },
}
