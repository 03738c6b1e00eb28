"""Answers to the exercises of the chapter "One run, several tools"."""

import numpy as np

from rankmetrics_lite import rank_by_score


def _complete_mean(per_query, qrels, name):
    return sum(per_query.get(qid, {}).get(name, 0.0) for qid in qrels) / len(qrels)


def _mean_over_output(per_query, qrels, name):  # pytrec_eval's mean: missing queries ignored
    return sum(values[name] for values in per_query.values()) / len(per_query)


def _trec_ap(ranking, judged):
    relevant = {d for d, g in judged.items() if g >= 1}
    order = rank_by_score(ranking)
    labels = np.array([d in relevant for d in order])
    if not labels.any():
        return 0.0
    from sklearn.metrics import average_precision_score

    return average_precision_score(labels, -np.arange(len(order))) * labels.sum() / len(relevant)


def _ap_without_tie_fix(ranking, judged):  # scikit-learn groups the ties
    relevant = {d for d, g in judged.items() if g >= 1}
    docs = list(ranking)
    labels = np.array([d in relevant for d in docs])
    if not labels.any():
        return 0.0
    scores = np.array([ranking[d] for d in docs])
    from sklearn.metrics import average_precision_score

    return average_precision_score(labels, scores) * labels.sum() / len(relevant)


def _ap_without_rescaling(ranking, judged):  # divides by the relevant documents retrieved
    relevant = {d for d, g in judged.items() if g >= 1}
    order = rank_by_score(ranking)
    labels = np.array([d in relevant for d in order])
    if not labels.any():
        return 0.0
    from sklearn.metrics import average_precision_score

    return average_precision_score(labels, -np.arange(len(order)))


# Labels whose answers call scikit-learn (imported in the answer, as a learner's would be): their
# tests are marked reference, so that the quick loop runs without it.
NEEDS_REFERENCE_TOOL = {"tools-sklearn-like-trec"}

ANSWERS = {
    "tools-lrap-tie": {"right": (1 / 3, 1.0, (1 + 1 / 2 + 1 / 3) / 3),
                       "wrong": [(1.0, 1.0, 11 / 18),  # LRAP read as trec_eval's RR
                                 (1 / 3, 1 / 3, 11 / 18),  # trec_eval's tie rule reversed
                                 (1 / 3, 1.0, 1 / 2),  # mean of the first and last rank
                                 (1 / 3, 1.0), 0.5, "0.33x"]},
    "tools-complete-mean": {"right": _complete_mean,
                            "wrong": [_mean_over_output, lambda p, q, n: 0.0, 0.5]},
    "tools-sklearn-like-trec": {"right": _trec_ap,
                                "wrong": [_ap_without_tie_fix, _ap_without_rescaling,
                                          lambda r, j: None]},
}
