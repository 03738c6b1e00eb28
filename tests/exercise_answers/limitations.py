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


def _ap_bounds(k, hits, n_relevant):
    lowest = sum(j / (k - hits + j) for j in range(1, hits + 1))
    return lowest / n_relevant, hits / n_relevant


def _ap_bounds_over_hits(k, hits, n_relevant):  # the slip: divides by the hits, not |R|
    if hits == 0:
        return 0.0, 0.0
    lowest = sum(j / (k - hits + j) for j in range(1, hits + 1))
    return lowest / hits, 1.0


def _ap_bounds_swapped(k, hits, n_relevant):  # the slip: (highest, lowest)
    low, high = _ap_bounds(k, hits, n_relevant)
    return high, low


ANSWERS = {
    "limitations-same-p10": {"right": 120, "wrong": [0.3, 720, 6, 1000, "120 rankings"]},
    "limitations-winner-every-k": {"right": _winners,
                                   "wrong": [_winners_at_rank_only, _winners_no_ties,
                                             ["X", "X", "X", "tie", "Y"]]},
    "limitations-ap-bounds": {"right": _ap_bounds,
                              "wrong": [_ap_bounds_over_hits, _ap_bounds_swapped,
                                        lambda k, h, n: h / k]},
}
