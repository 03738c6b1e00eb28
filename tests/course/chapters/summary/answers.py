"""Answers to the exercises of the chapter "Summary"."""


def _measures(relevance, n_relevant, k):
    found = sum(relevance[:k])
    result = {"P": found / k, "Hit": float(found > 0), "F1": 2 * found / (k + n_relevant)}
    if n_relevant == 0:
        return {**result, "R": None, "Rprec": None}
    return {**result, "R": found / n_relevant,
            "Rprec": sum(relevance[:n_relevant]) / n_relevant}


def _measures_divides_by_returned(relevance, n_relevant, k):  # pitfall 1
    result = _measures(relevance, n_relevant, k)
    top = relevance[:k]
    return {**result, "P": sum(top) / len(top) if top else 0.0}


def _measures_zero_for_empty(relevance, n_relevant, k):  # |R| = 0 scored 0, not None
    if n_relevant == 0:
        found = sum(relevance[:k])
        return {"P": found / k, "Hit": float(found > 0), "R": 0.0, "F1": 0.0, "Rprec": 0.0}
    return _measures(relevance, n_relevant, k)


def _measures_f1_undefined_for_empty(relevance, n_relevant, k):  # F1 None, not 0, at |R| = 0
    result = _measures(relevance, n_relevant, k)
    if n_relevant == 0:
        result["F1"] = None
    return result


def _measures_hit_as_recall(relevance, n_relevant, k):  # pitfall 7
    result = _measures(relevance, n_relevant, k)
    if n_relevant:
        result["R"] = result["Hit"]
    return result


ANSWERS = {
    "summary-spot-pitfalls": {"right": {1, 2, 7, 8},
                              "wrong": [{1, 2}, {1, 2, 4, 7, 8}, [1, 2, 7], "1, 2, 7, 8",
                                        {1, 2, 8, 9}, {1, 2, 7, 9}]},
    "summary-all-measures": {"right": _measures,
                             "wrong": [_measures_divides_by_returned, _measures_zero_for_empty,
                                       _measures_f1_undefined_for_empty,
                                       _measures_hit_as_recall, {"P": 0.6}]},
}
