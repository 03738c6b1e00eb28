"""Answers to the exercises of the chapter "Mean Average Precision"."""

from rankmetrics_lite import average_precision


def _ap(relevance, n_relevant):
    found, total = 0, 0.0
    for rank, rel in enumerate(relevance, start=1):
        if rel:
            found += 1
            total += found / rank
    return total / n_relevant


def _ap_divides_by_found(relevance, n_relevant):  # the sklearn slip
    found = sum(relevance)
    return _ap(relevance, n_relevant) * n_relevant / found if found else 0.0


def _ap_mean_precision_over_all_ranks(relevance, n_relevant):  # averages every P@i
    found, precisions = 0, []
    for rank, rel in enumerate(relevance, start=1):
        found += rel
        precisions.append(found / rank)
    return sum(precisions) / len(precisions)


def _ap_at_k(relevance, n_relevant, k, normalisation):
    top = relevance[:k]
    total = _ap(top, 1)  # the sum of P@i over relevant ranks i <= k
    denominator = {"n_relevant": n_relevant,
                   "min_k_n_relevant": min(k, n_relevant),
                   "retrieved_relevant": sum(top)}[normalisation]
    return total / denominator if denominator else 0.0


def _ap_at_k_always_min(relevance, n_relevant, k, normalisation):  # ignores the choice
    return _ap_at_k(relevance, n_relevant, k, "min_k_n_relevant")


def _ap_at_k_no_cutoff(relevance, n_relevant, k, normalisation):  # forgets to cut at k
    return _ap_at_k(relevance, n_relevant, len(relevance), normalisation)


_SKLEARN_RELEVANCE = [1, 0, 1, 1, 0, 0, 0, 0]
# What scikit-learn's average_precision_score gives on the passages it was shown (|R| = the
# relevant among them), and on the list with the three missed ones appended at the bottom:
# test_view.py checks both against scikit-learn itself.
SKLEARN_SHOWN = _SKLEARN_RELEVANCE
SKLEARN_PADDED = _SKLEARN_RELEVANCE + [1, 1, 1]
_sklearn_value = average_precision(SKLEARN_SHOWN, n_relevant=sum(SKLEARN_SHOWN))
_padded_value = average_precision(SKLEARN_PADDED, n_relevant=sum(SKLEARN_PADDED))

ANSWERS = {
    "map-ap-by-hand": {"right": (1 / 2 + 2 / 3 + 3 / 5) / 4,
                       "wrong": [(1 / 2 + 2 / 3 + 3 / 5) / 3, 0.6, "0.44"]},
    "map-average-precision": {"right": _ap,
                              "wrong": [_ap_divides_by_found,
                                        _ap_mean_precision_over_all_ranks, 0.5]},
    "map-sklearn-correction": {"right": _sklearn_value * 3 / 6,
                               "wrong": [_sklearn_value, _padded_value]},
    "map-ap-at-k": {"right": _ap_at_k,
                    "wrong": [_ap_at_k_always_min, _ap_at_k_no_cutoff,
                              lambda r, n, k, name: None]},
}
