"""Answers to the exercises of the chapter "Statistics of P@k and R@k"."""

from itertools import product

from rankmetrics_lite import recall_at_k


def _exact_variance(n_items, n_relevant, k):
    rho = n_relevant / n_items
    return rho * (1 - rho) / k * (n_items - k) / (n_items - 1)


def _binomial_variance(n_items, n_relevant, k):  # the source's approximation
    rho = n_relevant / n_items
    return rho * (1 - rho) / k


def _variance_over_n(n_items, n_relevant, k):  # a near miss: (N - k)/N
    rho = n_relevant / n_items
    return rho * (1 - rho) / k * (n_items - k) / n_items


def _macro_recall(queries, k):
    scores = [recall_at_k(rel, k, n_relevant=n) for rel, n in queries]
    return sum(scores) / len(scores)


def _pooled_recall(queries, k):  # the pitfall: pool the counts over queries
    found = sum(sum(rel[:k]) for rel, n in queries)
    return found / sum(n for rel, n in queries)


def _randomization(a, b, strict=False, two_sided=True):
    d = [x - y for x, y in zip(a, b)]
    observed = sum(d) / len(d)
    count = 0
    patterns = list(product((1, -1), repeat=len(d)))
    for signs in patterns:
        mean = sum(s * x for s, x in zip(signs, d)) / len(d)
        if two_sided:
            mean, target = abs(mean), abs(observed)
        else:
            target = observed
        count += mean > target + 1e-12 if strict else mean >= target - 1e-12
    return count / len(patterns)


ANSWERS = {
    "statistics-lift": {"right": 17.5, "wrong": [35.0, 0.35, 7.0, "17.5x"]},
    "statistics-exact-variance": {
        "right": _exact_variance,
        "wrong": [_binomial_variance, _variance_over_n, lambda n, r, k: None],
    },
    "statistics-macro-recall": {
        "right": _macro_recall,
        "wrong": [_pooled_recall, 0.5333],
    },
    "statistics-randomization": {
        "right": _randomization,
        "wrong": [
            lambda a, b: _randomization(a, b, strict=True),
            lambda a, b: _randomization(a, b, two_sided=False),
            0.25,
        ],
    },
}
