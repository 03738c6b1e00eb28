"""Answers to the exercises of the chapter "Computing the metrics"."""

from rankmetrics_lite import precision_at_k, rank_by_score, relevance_from_ids


def _rank(scores):
    return sorted(scores, key=lambda item: (scores[item], item), reverse=True)


def _rank_stable(scores):  # ties keep the dict's insertion order
    return sorted(scores, key=scores.get, reverse=True)


def _rank_ids_ascending(scores):  # ties by id ascending
    return sorted(scores, key=lambda item: (-scores[item], item))


def _rank_numeric_ids(scores):  # compares ids as numbers where it can
    def key(item):
        return (scores[item], int(item) if item.isdigit() else item)
    try:
        return sorted(scores, key=key, reverse=True)
    except TypeError:
        return _rank(scores)


def _mean_precision(run, qrels, k):
    values = []
    for qid, judged in qrels.items():
        relevant = {d for d, grade in judged.items() if grade >= 1}
        ranking = rank_by_score(run.get(qid, {}))
        values.append(precision_at_k(relevance_from_ids(ranking, relevant_items=relevant), k))
    return sum(values) / len(values)


def _mean_over_run_queries(run, qrels, k):  # averages the run's queries, not the judged ones
    values = []
    for qid, ranking in run.items():
        relevant = {d for d, grade in qrels.get(qid, {}).items() if grade >= 1}
        values.append(precision_at_k(relevance_from_ids(rank_by_score(ranking), relevant_items=relevant), k))
    return sum(values) / len(values)


def _mean_skipping_missing(run, qrels, k):  # leaves out judged queries missing from the run
    values = []
    for qid, judged in qrels.items():
        if qid not in run:
            continue
        relevant = {d for d, grade in judged.items() if grade >= 1}
        values.append(precision_at_k(relevance_from_ids(rank_by_score(run[qid]), relevant_items=relevant), k))
    return sum(values) / len(values)


def _mean_judged_is_relevant(run, qrels, k):  # counts every judged item as relevant
    values = []
    for qid, judged in qrels.items():
        ranking = rank_by_score(run.get(qid, {}))
        values.append(precision_at_k(relevance_from_ids(ranking, relevant_items=set(judged)), k))
    return sum(values) / len(values)


ANSWERS = {
    "computing-trec-tie-break": {"right": 0.0, "wrong": [0.5, 0.25, 1.0]},
    "computing-rank-like-trec": {
        "right": _rank,
        "wrong": [_rank_stable, _rank_ids_ascending, _rank_numeric_ids, ["d1", "d3"]],
    },
    "computing-mean-precision": {
        "right": _mean_precision,
        "wrong": [_mean_over_run_queries, _mean_skipping_missing, _mean_judged_is_relevant,
                  0.25],
    },
}
