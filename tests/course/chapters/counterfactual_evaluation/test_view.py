"""The chapter "Counterfactual evaluation from logs": its Plackett-Luce policies (laws summing to 1,
draws following them), the exact bias and spread of the slate estimators against the library's
estimates on simulated logs, the propensities the estimators are given, and the drift slider in
both faces."""

from __future__ import annotations

import numpy as np
import pytest

from rankmetrics_course.chapters.counterfactual_evaluation.estimators import repeated, reward_model, setting
from rankmetrics_course.chapters.counterfactual_evaluation.exact import ASSUMPTIONS, SlateLaw
from rankmetrics_course.chapters.counterfactual_evaluation.logs import logged, next_document_chances, propensities
from rankmetrics_course.chapters.counterfactual_evaluation.policies import (
    SLATE, candidates, draw_rankings, every_slate, logging_weights, new_weights, position_marginals,
    slate_probabilities)
from rankmetrics_course.chapters.counterfactual_evaluation.view import DRIFTS, clipping_table, drift_slider
from tests.course.stored_faces import stored_frames_of

CHAPTER = "26-counterfactual-evaluation"


@pytest.fixture(scope="module")
def c():
    return candidates()


@pytest.fixture(scope="module")
def far(c):
    return setting(c, 1.0, reward_model(c))


def test_each_policy_is_a_law_over_slates(c):
    for weights in (logging_weights(c), new_weights(c, 0.6)):
        law = slate_probabilities(weights)
        assert np.allclose(law[:, :, -1].sum(axis=1), 1.0)
        assert (np.diff(law, axis=2) <= 1e-15).all()  # a longer prefix is no likelier
        marginals = position_marginals(law[:, :, -1])
        assert np.allclose(marginals.sum(axis=2), 1.0) and (marginals.sum(axis=1) <= 1 + 1e-12).all()


def test_the_new_policy_starts_at_the_logging_one(c):
    assert np.allclose(new_weights(c, 0.0), logging_weights(c))


def test_drawn_slates_follow_the_law(c):
    rng = np.random.default_rng(0)
    n, topic = 200_000, 5
    drawn = draw_rankings(new_weights(c, 0.5), np.full(n, topic), SLATE, rng)
    first = np.bincount(drawn[:, 0], minlength=10) / n
    want = position_marginals(slate_probabilities(new_weights(c, 0.5))[:, :, -1])[topic, 0]
    assert np.abs(first - want).max() < 5 * np.sqrt(want.max() / n)
    index = {tuple(s): i for i, s in enumerate(every_slate())}
    top = index[tuple(drawn[0])]
    share = (drawn == drawn[0]).all(axis=1).mean()
    p = slate_probabilities(new_weights(c, 0.5))[topic, top, -1]
    assert abs(share - p) < 5 * np.sqrt(p / n)


def test_propensities_are_those_of_the_law(c, far):
    log = logged(c, 500, depth=SLATE, model="cascade", seed=4)
    prefix = propensities(log, far.new, far.new_marginals, "cascade")
    assert np.allclose(prefix[:, -1], propensities(log, far.new, far.new_marginals, "standard"))
    law = slate_probabilities(far.new)
    index = {tuple(s): i for i, s in enumerate(every_slate())}
    rows = [index[tuple(s)] for s in log.shown]
    assert np.allclose(prefix, law[log.topic, rows])
    single = propensities(log, far.new, far.new_marginals, "independent")
    assert np.allclose(single[:, 0], prefix[:, 0])  # at the top, the document is the prefix


def test_next_document_chances_leave_out_what_is_above(c, far):
    log = logged(c, 300, depth=SLATE, model="cascade", seed=5)
    chances = next_document_chances(log, far.new)
    assert np.allclose(chances.sum(axis=2), 1.0)
    for k in range(1, SLATE):
        assert (np.take_along_axis(chances[:, k], log.shown[:, :k], axis=1) == 0).all()
    assert np.allclose(chances[:, 0], position_marginals(slate_probabilities(far.new)[:, :, -1])[log.topic, 0])


@pytest.mark.parametrize("model", ["pbm", "cascade"])
def test_exact_moments_match_the_library_on_simulated_logs(c, far, model):
    law = SlateLaw(c, far.old, far.new, model)
    logs, size = 60, 2_000
    runs = repeated(c, far, model=model, logs=logs, size=size, seed=500)
    for assumption in ASSUMPTIONS:
        m, got = law.moments(assumption), runs[f"IPS, {assumption}"]
        spread = m.sd / np.sqrt(size)
        assert abs(got.mean() - (law.true_value() + m.bias)) < 4 * spread / np.sqrt(logs), assumption
        assert got.std(ddof=1) == pytest.approx(spread, rel=0.3), assumption


@pytest.mark.parametrize("model", ["pbm", "cascade"])
def test_exact_second_moment_of_one_row_matches_a_long_log(c, far, model):
    # what the spread rests on: E[(sum_k w_k c_k)^2], with the cross terms of position-based clicks
    law, log = SlateLaw(c, far.old, far.new, model), logged(c, 300_000, depth=SLATE, model=model, seed=6)
    for assumption in ("independent", "cascade"):
        w = propensities(log, far.new, far.new_marginals, assumption) / propensities(
            log, far.old, far.old_marginals, assumption)
        square = ((w * log.clicks).sum(axis=1)) ** 2
        m = law.moments(assumption)
        want = m.sd**2 + (law.true_value() + m.bias) ** 2
        assert abs(square.mean() - want) < 5 * square.std() / np.sqrt(square.size), (model, assumption)


def test_only_the_independence_estimator_is_biased_and_only_for_cascade_users(c, far):
    for model in ("pbm", "cascade"):
        law = SlateLaw(c, far.old, far.new, model)
        biases = {a: law.moments(a).bias for a in ASSUMPTIONS}
        assert biases["standard"] == biases["cascade"] == 0.0
        assert (biases["independent"] > 0.005) == (model == "cascade")


def test_clipping_trades_bias_for_spread(c):
    rows = clipping_table(c, [5, 50, 500, np.inf])
    biases, errors = [r[1] for r in rows], [r[2] for r in rows]
    assert biases[-1] == 0.0 and all(b < 0 for b in biases[:-1])
    assert biases == sorted(biases) and errors == sorted(errors)


def test_static_face_holds_every_drift(c):
    html, frames = stored_frames_of(CHAPTER, drift_slider(c))
    assert frames["values"] == [f"{d:.1f}" for d in DRIFTS]
    assert "cascade: standard error" in frames["text"][0]


def test_live_widget_follows_the_slider(c):
    control, shown = drift_slider(c).widget().children
    control.value = 0.4
    law = SlateLaw(c, logging_weights(c), new_weights(c, 0.4), "cascade")
    assert f"{law.moments('independent').bias:+.4f}" in shown.value
