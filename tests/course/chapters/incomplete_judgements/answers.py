"""Answers to the exercises of the chapter "When judgements run out"."""


def _judged_share(grades, k):
    unjudged = sum(1 for g in grades[:k] if g is None or g < 0)
    return 1 - unjudged / k


def _judged_share_of_returned(grades, k):  # divides by the ranking's length (ir_measures)
    top = grades[:k]
    return sum(1 for g in top if g is not None and g >= 0) / len(top)


def _judged_share_counts_minus_one(grades, k):  # a -1 grade is in the qrels, but unjudged
    return 1 - sum(1 for g in grades[:k] if g is None) / k


def _rbp_bounds(grades, p):
    low = sum((1 - p) * p ** i for i, g in enumerate(grades) if g is not None and g > 0)
    unknown = sum((1 - p) * p ** i for i, g in enumerate(grades) if g is None or g < 0)
    return low, low + unknown + p ** len(grades)


def _rbp_bounds_without_tail(grades, p):  # forgets the ranks past the end
    low, high = _rbp_bounds(grades, p)
    return low, high - p ** len(grades)


ANSWERS = {
    "judged-bpref-by-hand": {"right": 5 / 9,  # (1 + (1 - 1/3)) / 3
                             "wrong": [5 / 6, (1 + 3 / 4) / 3, "0.56"]},
    "judged-share": {"right": _judged_share,
                     "wrong": [_judged_share_of_returned, _judged_share_counts_minus_one, 0.5]},
    "judged-rbp-bounds": {"right": _rbp_bounds, "wrong": [_rbp_bounds_without_tail, 0.5]},
}
