"""Answers to the exercises of the chapter "Recall@k"."""


def _pooled_recall(runs, relevant, depth, k):
    pool = set()
    for ranking in runs.values():
        pool.update(ranking[:depth])
    known = pool & relevant
    result = {}
    for name, ranking in runs.items():
        found = sum(item in known for item in ranking[:k])
        result[name] = found / len(known) if known else None
    return result


def _pooled_true_recall(runs, relevant, depth, k):  # the slip: |R| from every relevant item
    return {name: len(set(r[:k]) & relevant) / len(relevant) for name, r in runs.items()}


def _pooled_unjudged_count(runs, relevant, depth, k):  # counts relevant items outside the pool
    pool = {item for ranking in runs.values() for item in ranking[:depth]}
    known = pool & relevant
    if not known:
        return {name: None for name in runs}
    return {name: len(set(r[:k]) & relevant) / len(known) for name, r in runs.items()}


def _pooled_depth_k(runs, relevant, depth, k):  # the slip: pools at k instead of depth
    return _pooled_recall(runs, relevant, k, k)


ANSWERS = {
    # 3 of |R| = 12. The slips: the old |R| = 8, P@5, four added to the numerator (7/12).
    "recall-at-5": {"right": 0.25, "wrong": [0.375, 0.6, 7 / 12, 3]},
    # The mean of 1, 1/2, 1/2 and 0. The slips: the hit rate itself, the users with both
    # found, each count over k instead of |R|.
    "recall-reported-recall": {"right": 0.5, "wrong": [0.75, 0.25, 0.1, "half"]},
    "recall-stricter-level": {"right": (0.375, 2 / 3),
                              "wrong": [(0.375, 0.25), (0.375, 0.4), (0.6, 2 / 3), 0.375,
                                        "0.375, 0.6667"]},
    "recall-pooled": {"right": _pooled_recall,
                      "wrong": [_pooled_true_recall, _pooled_unjudged_count, _pooled_depth_k,
                                {"A": 0.5}]},
}
