"""Answers to the exercises of the chapter "A/B tests and interleaving".

The right numbers are written out from the chapter's simulations on the TREC 2012 Web track,
so that a change in the data, the simulation or the package that moves them makes this test
fail.
"""

ANSWERS = {
    # abandonment, B on every topic: impressions of both arms (first-click RR needs 4,337)
    "ab-interleaving-abandonment": {"right": 7_081_697, "wrong": [4337, 3_540_849, 1e9, "x"]},
    # users per arm for a difference of 0.01: (without CUPED, with CUPED)
    "ab-interleaving-cuped-users": {"right": (6418, 3539), "wrong": [(3539, 6418), (3209, 1770), (6418, 6418), 6418]},
    # a random single click on A = d1 d2 d3, B = d2 d3 d1: (balanced, team draft)
    "ab-interleaving-balanced-bias": {"right": (-1 / 3, 0.0), "wrong": [(1 / 3, 0.0), (0.0, 0.0), (-1 / 3, 1 / 3), 0]},
}
