"""Click models: each closed form against an enumeration of the model's story, and the simulation
against both (marginals and the joint law of the clicks), on seeded parameters.

The enumerations below walk every path of a user through the ranks (examined or not,
attracted or not, satisfied or not, going on or not) and add up the chance of each path:
they share no code with the library's products and recursions.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from rankmetrics_lite import click_probabilities, simulate_clicks


def user_paths(alpha, sigma, gamma):
    """Every path of a DBN user through the ranks: (chance, clicks) pairs (cascade: sigma = gamma = 1)."""
    paths = []

    def walk(k, chance, clicks):
        if k == len(alpha) or chance == 0:
            paths.append((chance, tuple(clicks + [0] * (len(alpha) - len(clicks)))))
            return
        # attracted: click; satisfied: stop; else go on with gamma
        clicked = clicks + [1]
        if k + 1 == len(alpha):
            paths.append((chance * alpha[k], tuple(clicked)))
        else:
            stop_after_click = sigma[k] + (1 - sigma[k]) * (1 - gamma)
            paths.append((chance * alpha[k] * stop_after_click, tuple(clicked + [0] * (len(alpha) - k - 1))))
            walk(k + 1, chance * alpha[k] * (1 - sigma[k]) * gamma, clicked)
        # not attracted: no click, go on with gamma
        skipped = clicks + [0]
        if k + 1 == len(alpha):
            paths.append((chance * (1 - alpha[k]), tuple(skipped)))
        else:
            paths.append((chance * (1 - alpha[k]) * (1 - gamma), tuple(skipped + [0] * (len(alpha) - k - 1))))
            walk(k + 1, chance * (1 - alpha[k]) * gamma, skipped)

    walk(0, 1.0, [])
    return paths


def pbm_paths(alpha, examination):
    """Every (examined, attracted) pattern of a position-based user, as (chance, clicks)."""
    paths = []
    for pattern in itertools.product((0, 1), repeat=2 * len(alpha)):
        e, a = pattern[::2], pattern[1::2]
        chance = np.prod([g if x else 1 - g for g, x in zip(examination, e)]) * \
            np.prod([p if x else 1 - p for p, x in zip(alpha, a)])
        paths.append((chance, tuple(x * y for x, y in zip(e, a))))
    return paths


def law(paths):
    """The joint law of the click vector: {clicks: chance}."""
    out: dict = {}
    for chance, clicks in paths:
        out[clicks] = out.get(clicks, 0.0) + chance
    return out


def marginals(paths, n):
    return np.array([sum(chance for chance, clicks in paths if clicks[k]) for k in range(n)])


RNG = np.random.default_rng(20240)
CASES = [RNG.uniform(0.05, 0.95, size=5) for _ in range(4)]


@pytest.mark.parametrize("alpha", CASES, ids=range(len(CASES)))
def test_closed_forms_equal_the_enumerated_stories(alpha):
    sigma = np.linspace(0.2, 0.9, alpha.size)
    examination = 1 / np.arange(1, alpha.size + 1)
    paths = {"pbm": pbm_paths(alpha, examination),
             "cascade": user_paths(alpha, np.ones_like(alpha), 1.0),
             "dbn": user_paths(alpha, sigma, 0.85)}
    for model, found in paths.items():
        assert sum(chance for chance, _ in found) == pytest.approx(1.0, abs=1e-12)
        kwargs = {"pbm": {"examination": examination}, "cascade": {},
                  "dbn": {"satisfaction": sigma, "continuation": 0.85}}[model]
        closed = click_probabilities(alpha, model=model, **kwargs)
        assert np.abs(closed - marginals(found, alpha.size)).max() < 1e-14, model


def test_rows_are_impressions():
    alpha = np.vstack(CASES)
    rows = click_probabilities(alpha, model="cascade")
    assert rows.shape == alpha.shape
    assert np.array_equal(rows[2], click_probabilities(alpha[2], model="cascade"))


@pytest.mark.parametrize("model", ["pbm", "cascade", "dbn"])
def test_simulated_clicks_follow_the_joint_law(model):
    alpha = np.array([0.7, 0.4, 0.6])
    sigma, gamma, examination = np.array([0.5, 0.3, 0.8]), 0.9, np.array([1.0, 0.6, 0.3])
    kwargs = {"pbm": {"examination": examination}, "cascade": {},
              "dbn": {"satisfaction": sigma, "continuation": gamma}}[model]
    paths = {"pbm": pbm_paths(alpha, examination), "cascade": user_paths(alpha, np.ones(3), 1.0),
             "dbn": user_paths(alpha, sigma, gamma)}[model]
    n = 200_000
    clicks = simulate_clicks(alpha, model=model, seed=11, n_impressions=n, **kwargs)
    patterns, counts = np.unique(clicks, axis=0, return_counts=True)
    seen = {tuple(p): c / n for p, c in zip(patterns.tolist(), counts)}
    for pattern, chance in law(paths).items():
        error = np.sqrt(max(chance * (1 - chance), 1e-9) / n)
        assert abs(seen.get(pattern, 0.0) - chance) < 5 * error + 1e-12, (pattern, chance)
    assert set(seen) <= {p for p, c in law(paths).items() if c > 0}


def test_simulation_is_seeded_and_keeps_the_shape():
    alpha = np.vstack(CASES)
    one = simulate_clicks(alpha, model="dbn", satisfaction=alpha / 2, continuation=0.9, seed=3)
    two = simulate_clicks(alpha, model="dbn", satisfaction=alpha / 2, continuation=0.9, seed=3)
    assert np.array_equal(one, two) and one.shape == alpha.shape and one.dtype == np.int8
    assert simulate_clicks(CASES[0], model="cascade", seed=1).shape == (5,)
    cascade = simulate_clicks(CASES[0], model="cascade", seed=2, n_impressions=1000)
    assert cascade.shape == (1000, 5) and cascade.sum(axis=1).max() <= 1


@pytest.mark.parametrize("call, message", [
    (lambda: click_probabilities([0.5, 1.2], model="cascade"), r"attractiveness must hold probabilities in \[0, 1\]"),
    (lambda: click_probabilities([0.5, float("nan")], model="cascade"), "attractiveness must be finite"),
    (lambda: click_probabilities([0.5], model="ubm"), "model must be one of"),
    (lambda: click_probabilities([0.5, 0.5], model="pbm"), "needs examination"),
    (lambda: click_probabilities([0.5, 0.5], model="pbm", examination=[1.0]), "one probability per rank"),
    (lambda: click_probabilities([0.5], model="cascade", examination=[1.0]), "examination belongs to model='pbm'"),
    (lambda: click_probabilities([0.5], model="dbn"), "needs satisfaction"),
    (lambda: click_probabilities([0.5], model="dbn", satisfaction=[0.5], continuation=1.5), "continuation must"),
    (lambda: click_probabilities([[0.5, 0.5], [0.5, 0.5]], model="dbn", satisfaction=[[0.5, 0.5]]),
     "satisfaction and attractiveness must have the same shape"),
    (lambda: simulate_clicks([0.5], model="cascade", seed=None), "seed must be a non-negative integer"),
    (lambda: simulate_clicks([[0.5], [0.4]], model="cascade", seed=0, n_impressions=3), "n_impressions repeats"),
    (lambda: simulate_clicks(["0.5"], model="cascade", seed=0), "attractiveness must contain only numbers"),
])
def test_bad_input_is_refused_by_name(call, message):
    with pytest.raises((ValueError, TypeError), match=message):
        call()
