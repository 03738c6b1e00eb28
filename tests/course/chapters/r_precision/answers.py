"""Answers to the exercises of the chapter "R-precision"."""


def _r_precision(relevance, n_relevant):
    if n_relevant == 0:
        raise ValueError("R-precision is undefined when n_relevant is 0")
    return sum(relevance[:n_relevant]) / n_relevant


def _r_precision_zero_when_empty(relevance, n_relevant):  # the source's policy
    if n_relevant == 0:
        return 0.0
    return sum(relevance[:n_relevant]) / n_relevant


def _r_precision_divides_by_shown(relevance, n_relevant):  # short lists look perfect
    if n_relevant == 0:
        raise ValueError("undefined")
    top = relevance[:n_relevant]
    return sum(top) / len(top)


def _r_precision_no_check(relevance, n_relevant):  # ZeroDivisionError on |R| = 0
    return sum(relevance[:n_relevant]) / n_relevant


def _equal_cutoffs(relevance, n_relevant):
    hits, out = 0, []
    for k, rel in enumerate(relevance, start=1):
        hits += rel
        if hits == 0 or k == n_relevant:
            out.append(k)
    return out


def _only_at_r(relevance, n_relevant):  # forgets the prefix where both are 0
    return [n_relevant]


def _at_r_and_zeros_past_end(relevance, n_relevant):  # |R| beyond the ranking still listed
    hits, out = 0, []
    for k, rel in enumerate(relevance, start=1):
        hits += rel
        if hits == 0 and k != n_relevant:
            out.append(k)
    return sorted(out + [n_relevant])


ANSWERS = {
    "rprec-by-hand": {"right": 0.5, "wrong": [0.375, 0.25, 1.0, "half"]},
    "rprec-short-list": {
        "right": _r_precision,
        "wrong": [_r_precision_zero_when_empty, _r_precision_divides_by_shown,
                  _r_precision_no_check, 0.6],
    },
    "rprec-break-even": {
        "right": _equal_cutoffs,
        "wrong": [_only_at_r, _at_r_and_zeros_past_end, [10]],
    },
}
