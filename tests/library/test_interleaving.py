"""Interleaving: the lists each method can build and their outcomes, against cases worked by hand
from the methods' definitions, and probabilistic interleaving against its generative process.

Hand-worked case (A = a b c d, B = b e a f, four documents shown):

* team draft, one coin per round (who picks first): AA -> a b c e (teams A B A B),
  AB -> a b e c (A B B A), BA -> b a c e (B A A B), BB -> b a e c (B A B A);
* balanced, A leading -> a b e c; B leading -> b a e c;
* balanced outcome on a b e c: a click on e alone (lowest clicked e, k = 2: B's top 2 holds
  it, A's does not) prefers B; clicks on a and c (k = 3: A's top 3 holds both, B's only a)
  prefer A; a click on b alone (k = 1) prefers B.
"""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest

from rankmetrics_lite import (
    Interleaving,
    balanced_interleave,
    balanced_outcome,
    multileaving_preferences,
    probabilistic_interleave,
    probabilistic_outcome,
    team_draft_interleave,
    team_draft_multileave,
    team_draft_outcome,
)

A = ["a", "b", "c", "d"]
B = ["b", "e", "a", "f"]


def test_team_draft_builds_the_four_hand_worked_lists_equally_often():
    lists = Counter(team_draft_interleave(A, B, seed=seed, length=4) for seed in range(4000))
    assert set(lists) == {
        Interleaving(("a", "b", "c", "e"), (0, 1, 0, 1)),
        Interleaving(("a", "b", "e", "c"), (0, 1, 1, 0)),
        Interleaving(("b", "a", "c", "e"), (1, 0, 0, 1)),
        Interleaving(("b", "a", "e", "c"), (1, 0, 1, 0)),
    }
    for count in lists.values():
        assert abs(count / 4000 - 0.25) < 5 * np.sqrt(0.25 * 0.75 / 4000)


def test_balanced_builds_the_two_hand_worked_lists():
    lists = Counter(balanced_interleave(A, B, seed=seed).ranking for seed in range(2000))
    assert set(lists) == {("a", "b", "e", "c"), ("b", "a", "e", "c")}
    assert abs(lists[("a", "b", "e", "c")] / 2000 - 0.5) < 5 * np.sqrt(0.25 / 2000)


@pytest.mark.parametrize("clicks, outcome", [([0, 0, 1, 0], -1), ([1, 0, 0, 1], 1), ([0, 1, 0, 0], -1),
                                             ([0, 0, 0, 0], 0), ([1, 1, 0, 0], 0)])
def test_balanced_outcome_of_the_hand_worked_clicks(clicks, outcome):
    # a and b clicked: lowest clicked b has k = min(2, 1) = 1; A's top 1 {a} and B's {b} hold one each
    assert balanced_outcome(A, B, ["a", "b", "e", "c"], clicks) == outcome


def test_team_draft_outcome_counts_clicks_per_team():
    teams = [0, 1, 1, 0]
    assert team_draft_outcome(teams, [1, 0, 0, 0]) == 1
    assert team_draft_outcome(teams, [1, 1, 1, 0]) == -1
    assert team_draft_outcome(teams, [1, 1, 0, 0]) == 0
    rows = team_draft_outcome([teams, teams], [[1, 0, 0, 0], [0, 1, 0, 0]])
    assert rows.tolist() == [1, -1]


def test_multileaving_with_two_rankings_is_team_draft():
    assert [team_draft_multileave([A, B], seed=s, length=4) for s in range(50)] == \
        [team_draft_interleave(A, B, seed=s, length=4) for s in range(50)]


def test_multileaving_teams_stay_balanced_and_pick_their_best_left():
    rankings = [["a", "b", "c", "d"], ["c", "d", "e", "a"], ["e", "a", "f", "g"]]
    for seed in range(200):
        shown = team_draft_multileave(rankings, seed=seed, length=6)
        sizes = np.bincount(shown.teams, minlength=3)
        assert sizes.tolist() == [2, 2, 2]
        for i, (doc, team) in enumerate(zip(shown.ranking, shown.teams)):
            best_left = next(d for d in rankings[team] if d not in shown.ranking[:i])
            assert doc == best_left


def test_multileaving_preferences_are_antisymmetric_and_match_team_draft():
    rng = np.random.default_rng(4)
    teams = rng.integers(0, 2, size=(300, 6))
    clicks = rng.integers(0, 2, size=(300, 6))
    p = multileaving_preferences(teams, clicks, n_rankers=2)
    assert np.array_equal(p, -p.T)
    assert p[0, 1] == pytest.approx(team_draft_outcome(teams, clicks).mean())


def generative_outcome(a, b, shown, clicks, tau=3.0):
    """Probabilistic interleaving's outcome from its story: every assignment's joint chance with
    the list, P(L, a) = prod_k 1/2 P_{a_k}(L_k | documents left), normalised over assignments."""
    total = expected = 0.0
    for assignment in itertools.product((0, 1), repeat=len(shown)):
        left = [{d: 1 / r**tau for r, d in enumerate(x, 1)} for x in (a, b)]
        chance = 1.0
        for side, doc in zip(assignment, shown):
            weights = left[side]
            chance *= 0.5 * weights.get(doc, 0.0) / sum(weights.values())
            for w in left:
                w.pop(doc, None)
        credit = sum(c if s == 0 else -c for s, c in zip(assignment, clicks))
        total += chance
        expected += chance * np.sign(credit)
    return expected / total


@pytest.mark.parametrize("seed", range(6))
def test_probabilistic_outcome_equals_the_generative_enumeration(seed):
    rng = np.random.default_rng(seed)
    docs = [f"d{i}" for i in range(7)]
    a, b = list(rng.permutation(docs)[:6]), list(rng.permutation(docs)[:6])
    shown = probabilistic_interleave(a, b, seed=seed, length=6)
    clicks = rng.integers(0, 2, size=6)
    assert probabilistic_outcome(a, b, shown.ranking, clicks) == pytest.approx(
        generative_outcome(a, b, shown.ranking, clicks), abs=1e-12)


@pytest.mark.slow
def test_probabilistic_lists_follow_their_law():
    a, b = ["a", "b", "c"], ["c", "b", "a"]
    n = 20_000
    seen = Counter(probabilistic_interleave(a, b, seed=s).ranking for s in range(n))
    for shown, count in seen.items():
        chance = sum(np.prod([0.5 * w for w in weights])
                     for weights in _chances(a, b, shown))
        assert abs(count / n - chance) < 5 * np.sqrt(chance * (1 - chance) / n) + 1e-9, shown


def _chances(a, b, shown, tau=3.0):
    """For each assignment, the chance of drawing each shown document from its side."""
    for assignment in itertools.product((0, 1), repeat=len(shown)):
        left = [{d: 1 / r**tau for r, d in enumerate(x, 1)} for x in (a, b)]
        chances = []
        for side, doc in zip(assignment, shown):
            chances.append(left[side].get(doc, 0.0) / sum(left[side].values()))
            for w in left:
                w.pop(doc, None)
        yield chances


def test_probabilistic_outcome_of_a_single_click_is_its_posterior():
    # a is A's top and B's second: drawn from A with chance (1/1.125) / (1/1.125 + 0.125/1.125)
    assert probabilistic_outcome(["a", "b"], ["b", "a"], ["a", "b"], [1, 0]) == pytest.approx(7 / 9)
    assert probabilistic_outcome(["a", "b"], ["b", "a"], ["a", "b"], [0, 0]) == 0.0


@pytest.mark.parametrize("call, message", [
    (lambda: team_draft_interleave(["a", "b", "a"], B, seed=0), "ranking_a repeats document 'a'"),
    (lambda: team_draft_interleave("abc", B, seed=0), "ranking_a must be a sequence of document ids"),
    (lambda: team_draft_interleave([], B, seed=0), "ranking_a must hold at least one document"),
    (lambda: team_draft_interleave(A, B, seed=0, length=7), "length must be at most 6"),
    (lambda: team_draft_interleave(A, [1.5], seed=0), "ranking_b must hold document ids"),
    (lambda: balanced_interleave(A, B, seed=0, length=5), "length must be at most 4"),
    (lambda: balanced_outcome(A, B, ["a", "z"], [1, 0]), "interleaved shows 'z', which no ranking holds"),
    (lambda: balanced_outcome(A, B, ["a", "b"], [1, 0, 0]), "clicks must hold one 0/1 value per document"),
    (lambda: balanced_outcome(A, B, ["a", "b"], [1, 2]), "clicks must hold only 0"),
    (lambda: team_draft_outcome([0, 1], [1]), "teams and clicks must have the same shape"),
    (lambda: team_draft_outcome([0, 2], [1, 1]), "teams must hold ranker indices from 0 to 1"),
    (lambda: team_draft_multileave([A], seed=0), "at least two rankings"),
    (lambda: multileaving_preferences([0, 1], [1, 0], n_rankers=1), "n_rankers must be at least 2"),
    (lambda: probabilistic_interleave(A, B, seed=0, tau=0), "tau must be a positive number"),
    (lambda: probabilistic_outcome(A, B, ["a", "a"], [1, 0]), "interleaved repeats document 'a'"),
])
def test_bad_input_is_refused_by_name(call, message):
    with pytest.raises((ValueError, TypeError), match=message):
        call()
