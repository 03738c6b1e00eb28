"""Answers to the exercises of the chapter "Statistics of P@k and R@k"."""

import math
from itertools import product

from rankmetrics_lite import random_precision_at_k


def _random_mean_sd(queries, k):
    variances = [random_precision_at_k(n_items=n, n_relevant=r, k=k).variance for n, r in queries]
    return math.sqrt(sum(variances)) / len(variances)


def _mean_of_sds_over_root(queries, k):  # the slip: average the sds, then divide by sqrt|Q|
    sds = [random_precision_at_k(n_items=n, n_relevant=r, k=k).std for n, r in queries]
    return sum(sds) / len(sds) / math.sqrt(len(sds))


def _no_shrinking(queries, k):  # the slip: one query's spread, as if averaging did nothing
    variances = [random_precision_at_k(n_items=n, n_relevant=r, k=k).variance for n, r in queries]
    return math.sqrt(sum(variances) / len(variances))


def _binomial_sd(queries, k):  # the binomial variance rho(1 - rho)/k
    variances = [r / n * (1 - r / n) / k for n, r in queries]
    return math.sqrt(sum(variances)) / len(variances)


def _variance_not_sd(queries, k):  # returns the variance of the mean
    return _random_mean_sd(queries, k) ** 2


def _pooled_weights(n_relevants):
    total = sum(n_relevants)
    return [n / total for n in n_relevants]


def _equal_weights(n_relevants):  # the macro mean's weights
    return [1 / len(n_relevants)] * len(n_relevants)


def _inverse_weights(n_relevants):  # weights by 1/|R|: small queries count most
    total = sum(1 / n for n in n_relevants)
    return [1 / n / total for n in n_relevants]


def _unnormalised(n_relevants):  # |R| itself: the weights do not sum to 1
    return list(n_relevants)


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
    "statistics-spread-of-mean": {
        "right": _random_mean_sd,
        "wrong": [_mean_of_sds_over_root, _no_shrinking, _binomial_sd, _variance_not_sd,
                  lambda queries, k: None],
    },
    "statistics-pooled-weights": {
        "right": _pooled_weights,
        "wrong": [_equal_weights, _inverse_weights, _unnormalised, [2 / 44, 2 / 44, 40 / 44]],
    },
    # TREC-7 ad hoc AP, 5,253 pairs: paired t-test 0.7318, unpaired 0.5469 (Wilcoxon 0.7337)
    "statistics-paired-on-real-runs": {
        "right": (0.7318, 0.5469),
        "wrong": [(0.5469, 0.7318), (3844, 2873), (0.7337, 0.5469), (0.7318, 0.52), 0.7318],
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
