"""Team draft for many impressions at once: every list it builds, and how often, against an exact
enumeration of the method (every order of the rankers in every round), and against the one-list
function; its checks at the door."""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict

import numpy as np
import pytest

from rankmetrics_lite import team_draft_many, team_draft_multileave

A = ["a", "b", "c", "d"]
B = ["b", "e", "a", "f"]
CASES = {
    # the hand-worked case of test_interleaving.py: four lists, a quarter each
    "two rankings": ([A, B], 4),
    # an odd length: the last round stops after its first pick
    "two rankings, odd length": ([A, B], 5),
    # three rankers of different lengths; six documents shown, so the short one runs out
    "three rankings, one runs out": ([["a", "b"], ["c", "a", "d", "e"], ["d", "b", "f", "c"]], 6),
}


def exact_lists(rankings, length):
    """{(documents shown, teams): probability}, by following every order of every round."""
    out = defaultdict(float)

    def go(shown, teams, chance):
        if len(shown) == length:
            out[tuple(shown), tuple(teams)] += chance
            return
        orders = list(itertools.permutations(range(len(rankings))))
        for order in orders:
            s, t = list(shown), list(teams)
            for ranker in order:
                left = [d for d in rankings[ranker] if d not in s]
                if left and len(s) < length:
                    s.append(left[0])
                    t.append(ranker)
            go(s, t, chance / len(orders))

    go([], [], 1.0)
    return dict(out)


def frequencies(many) -> Counter:
    return Counter((tuple(r), tuple(t)) for r, t in zip(many.rankings.tolist(), many.teams.tolist()))


@pytest.mark.parametrize("case", CASES)
def test_lists_and_their_chances_are_the_methods(case):
    rankings, length = CASES[case]
    want = exact_lists(rankings, length)
    n = 40_000
    seen = frequencies(team_draft_many(rankings, n_impressions=n, seed=3, length=length))
    assert set(seen) == set(want)
    for key, p in want.items():
        assert abs(seen[key] / n - p) < 5 * np.sqrt(p * (1 - p) / n), key


@pytest.mark.parametrize("case", CASES)
def test_the_same_lists_as_one_list_at_a_time(case):
    rankings, length = CASES[case]
    one_by_one = {(s.ranking, s.teams) for s in (team_draft_multileave(rankings, seed=seed, length=length)
                                                 for seed in range(400))}
    assert set(exact_lists(rankings, length)) == one_by_one


def test_identical_rankings_alternate_and_show_the_ranking():
    many = team_draft_many([A, A], n_impressions=500, seed=0)
    assert (many.rankings == np.array(A, dtype=object)).all()
    assert (many.teams.sum(axis=1) == 2).all()  # two documents each
    assert many.documents == tuple(A) and many.shown.shape == many.teams.shape == (500, 4)


def test_seeded_and_a_generator_is_accepted():
    first = team_draft_many([A, B], n_impressions=50, seed=9)
    again = team_draft_many([A, B], n_impressions=50, seed=np.random.default_rng(9))
    assert (first.shown == again.shown).all() and (first.teams == again.teams).all()


@pytest.mark.parametrize("rankings, kwargs, error, message", [
    ([A], {}, ValueError, "at least two rankings"),
    ("ab", {}, ValueError, "at least two rankings"),
    ([A, ["b", "b"]], {}, ValueError, "rankings\\[1\\] repeats document 'b'"),
    ([A, []], {}, ValueError, "rankings\\[1\\] must hold at least one document"),
    ([A, B], {"n_impressions": 0}, ValueError, "n_impressions must be a positive integer"),
    ([A, B], {"n_impressions": 2.0}, TypeError, "n_impressions must be a positive integer"),
    ([A, B], {"length": 7}, ValueError, "length must be at most 6"),
    ([A, B], {"seed": None}, TypeError, "seed must be a non-negative integer"),
])
def test_bad_input_is_refused_by_name(rankings, kwargs, error, message):
    with pytest.raises(error, match=message):
        team_draft_many(rankings, **{"n_impressions": 10, "seed": 0, **kwargs})
