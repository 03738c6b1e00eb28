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


def _random_r_precision(n_items, n_relevant):
    rho = n_relevant / n_items
    return rho, (1 - rho) ** 2 / (n_items - 1)


def _random_binomial(n_items, n_relevant):  # the binomial variance rho(1 - rho)/|R|
    rho = n_relevant / n_items
    return rho, rho * (1 - rho) / n_relevant


def _random_as_p1(n_items, n_relevant):  # the variance of P@1, rho(1 - rho)
    rho = n_relevant / n_items
    return rho, rho * (1 - rho)


ANSWERS = {
    "rprec-by-hand": {"right": 0.5, "wrong": [0.375, 0.25, 1.0, "half"]},
    "rprec-short-list": {
        "right": _r_precision,
        "wrong": [_r_precision_zero_when_empty, _r_precision_divides_by_shown,
                  _r_precision_no_check, 0.6],
    },
    "rprec-random": {
        "right": _random_r_precision,
        "wrong": [_random_binomial, _random_as_p1, lambda n, r: (0.5, 0.0),
                  lambda n, r: (1 - r / n) ** 2 / (n - 1)],
    },
}
