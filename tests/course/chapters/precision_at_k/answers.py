"""Answers to the exercises of the chapter "Precision@k"."""


def _every_k(relevance):
    found, out = 0, []
    for k, rel in enumerate(relevance, start=1):
        found += rel
        out.append(found / k)
    return out


def _every_k_divides_by_relevant(relevance):  # the slip: divide by |R| instead of k
    total = max(1, sum(relevance))
    found, out = 0, []
    for rel in relevance:
        found += rel
        out.append(found / total)
    return out


def _at_bound(relevance, n_relevant):
    return [k for k in range(1, len(relevance) + 1) if sum(relevance[:k]) == min(k, n_relevant)]


def _at_bound_only_when_all_relevant(relevance, n_relevant):  # forgets the k > |R| case
    return [k for k in range(1, len(relevance) + 1) if sum(relevance[:k]) == k]


ANSWERS = {
    # Three grade-2 results in ten slots. The slips: level 1 (five relevant), dividing by the
    # seven returned (3/7), both (5/7).
    "precision-short-list": {"right": 0.3, "wrong": [0.5, 3 / 7, 5 / 7, 0.75, 3, "0.3x"]},
    "precision-every-k": {"right": _every_k,
                          "wrong": [_every_k_divides_by_relevant, [1.0, 0.5], lambda r: None]},
    "precision-at-bound": {"right": _at_bound,
                           "wrong": [_at_bound_only_when_all_relevant, lambda r, n: []]},
}
