"""Answers to the exercises of the chapter "Precision-recall curves and interpolation"."""

import math


def _eleven_point(relevance, n_relevant, needed_for=lambda x: math.floor(x + 0.5), divide_by=None):
    """The 11-point average: level L asks for needed_for(L |R|) relevant items."""
    found, precision_at = 0, []
    for rank, rel in enumerate(relevance, start=1):
        found += rel
        if rel:
            precision_at.append(found / rank)
    n = divide_by(relevance, n_relevant) if divide_by else n_relevant
    total = 0.0
    for level in range(11):
        needed = needed_for(level / 10 * n)
        if needed <= found and precision_at:
            total += max(precision_at[max(needed, 1) - 1:])
    return total / 11


def _eleven_point_half_to_even(relevance, n_relevant):  # Python's round(2.5) is 2
    return _eleven_point(relevance, n_relevant, needed_for=round)


def _eleven_point_found_only(relevance, n_relevant):  # recall over the relevant items found
    return _eleven_point(relevance, n_relevant, divide_by=lambda r, n: max(sum(r), 1))


def _eleven_point_exact(relevance, n_relevant):  # the textbook rule: recall at least L
    return _eleven_point(relevance, n_relevant, needed_for=lambda x: math.ceil(x - 1e-9))


ANSWERS = {
    "pr-interpolated-half": {"right": 4 / 7, "wrong": [0.5, 0.6, 0.75, "4/7"]},
    "pr-curve-shape": {
        "right": {"front": 86 / 110, "even": 80 / 110},
        # the textbook rule; the two swapped; one missing; a list instead of a dict
        "wrong": [{"front": 80 / 110, "even": 74 / 110}, {"front": 80 / 110, "even": 86 / 110},
                  {"front": 86 / 110}, [86 / 110, 80 / 110]],
    },
    "pr-eleven-point-short": {
        "right": _eleven_point,
        "wrong": [_eleven_point_half_to_even, _eleven_point_found_only, _eleven_point_exact,
                  13 / 33],
    },
}
