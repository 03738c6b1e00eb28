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


def _most_lead_changes(n):
    # X relevant at ranks 1, 4, 5, 8, 9, ...; Y at the others: the lead switches
    # at every odd cutoff after the first, with a tie at every even one.
    x = [int(rank % 4 in (0, 1)) for rank in range(1, n + 1)]
    return x, [1 - v for v in x]


def _alternate_every_rank(n):  # the slip: X's lead never passes to Y (ties in between)
    x = [int(rank % 2 == 1) for rank in range(1, n + 1)]
    return x, [1 - v for v in x]


def _one_crossing(n):  # the chapter's X-then-Y shape: one change at most
    x = [1] * (n // 2) + [0] * (n - n // 2)
    y = [0] * (n // 2) + [1] * (n - n // 2)
    return x, y


ANSWERS = {
    "limitations-same-p10": {"right": 120, "wrong": [0.3, 720, 6, 1000, "120 rankings"]},
    "limitations-winner-every-k": {"right": _winners,
                                   "wrong": [_winners_at_rank_only, _winners_no_ties,
                                             ["X", "X", "X", "tie", "Y"]]},
    "limitations-lead-changes": {
        "right": _most_lead_changes,
        "wrong": [_alternate_every_rank, _one_crossing, lambda n: [1] * n,
                  lambda n: ([1] * n, [2] * n)]},
}
