"""Answers to the exercises of the chapter "Limitations and extensions"."""


def _winners(x, y):
    found_x = found_y = 0
    out = []
    for rel_x, rel_y in zip(x, y):
        found_x, found_y = found_x + rel_x, found_y + rel_y
        out.append("tie" if found_x == found_y else ("X" if found_x > found_y else "Y"))
    return out


def _winners_at_rank_only(x, y):  # the slip: compares rank k alone, not the top k
    return ["tie" if a == b else ("X" if a > b else "Y") for a, b in zip(x, y)]


def _winners_no_ties(x, y):  # the slip: a tie goes to Y
    return ["X" if sum(x[:k]) > sum(y[:k]) else "Y" for k in range(1, len(x) + 1)]


def _ranking_from_precisions(precisions):
    counts = [0] + [round(k * p) for k, p in enumerate(precisions, start=1)]
    return [after - before for before, after in zip(counts, counts[1:])]


def _ranking_from_rising_precision(precisions):  # the slip: "P@k went up" as "rank k is relevant"
    before = [0.0] + list(precisions)
    return [int(after > prev) for prev, after in zip(before, precisions)]


def _ranking_from_nonzero_precision(precisions):  # the slip: any P@k above 0 as relevant
    return [int(p > 0) for p in precisions]


ANSWERS = {
    "limitations-same-p10": {"right": 120, "wrong": [0.3, 720, 6, 1000, "120 rankings"]},
    "limitations-winner-every-k": {"right": _winners,
                                   "wrong": [_winners_at_rank_only, _winners_no_ties,
                                             ["X", "X", "X", "tie", "Y"]]},
    "limitations-ranking-from-precisions": {
        "right": _ranking_from_precisions,
        "wrong": [_ranking_from_rising_precision, _ranking_from_nonzero_precision,
                  lambda precisions: [1] * len(precisions)]},
}
