"""Answers to the exercises of the chapter "MRR and hit rate"."""


def _rr(relevance, k=None):
    for rank, rel in enumerate(relevance[:k], start=1):
        if rel:
            return 1 / rank
    return 0.0


def _mrr(rankings, k=None):
    return sum(_rr(r, k) for r in rankings) / len(rankings)


def _one_over_mean_rank(rankings, k=None):  # the slip: invert the mean rank
    ranks = [1 / _rr(r, k) for r in rankings if _rr(r, k) > 0]
    return len(ranks) / sum(ranks) if ranks else 0.0


def _mrr_skips_misses(rankings, k=None):  # drops the queries without a hit
    values = [_rr(r, k) for r in rankings if _rr(r, k) > 0]
    return sum(values) / len(values) if values else 0.0


def _err(grades, max_grade):
    total, reach = 0.0, 1.0
    for rank, grade in enumerate(grades, start=1):
        stop = (2 ** grade - 1) / 2 ** max_grade
        total += reach * stop / rank
        reach *= 1 - stop
    return total


def _err_linear_stop(grades, max_grade):  # stop probability g / g_max
    total, reach = 0.0, 1.0
    for rank, grade in enumerate(grades, start=1):
        stop = grade / max_grade
        total += reach * stop / rank
        reach *= 1 - stop
    return total


def _err_no_cascade(grades, max_grade):  # forgets that earlier stops end the scan
    return sum((2 ** g - 1) / 2 ** max_grade / rank for rank, g in enumerate(grades, 1))


ANSWERS = {
    "mrr-by-hand": {"right": (1 + 1 / 4 + 1 / 2 + 0) / 4,
                    "wrong": [3 / (1 + 4 + 2), (1 + 1 / 4 + 1 / 2) / 3, "0.44"]},
    "mrr-mean-reciprocal-rank": {"right": _mrr,
                                 "wrong": [_one_over_mean_rank, _mrr_skips_misses, 0.5]},
    "mrr-hit1-bounds": {
        "right": {"low": 2 * 0.45 - 0.70, "high": (10 * 0.45 - 0.70) / 9},
        # hit@1 <= MRR only; the trivial low end; the bounds swapped; one key; a pair
        "wrong": [{"low": 0.20, "high": 0.45}, {"low": 0.0, "high": 0.4222},
                  {"low": 0.4222, "high": 0.20}, {"low": 0.20}, (0.20, 0.4222)],
    },
    "mrr-err": {"right": _err, "wrong": [_err_linear_stop, _err_no_cascade]},
}
