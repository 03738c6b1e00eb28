"""The chapter "A/B tests and interleaving": its closed forms, the A/B and interleaving sample sizes
(against statsmodels), and the impressions slider in both faces."""

from __future__ import annotations

import numpy as np
import pytest

from rankmetrics_course.chapters.ab_tests_and_interleaving.online import (
    comparison, cuped, first_click_chances, impressions_for_ab, impressions_for_interleaving, per_topic,
    rollout_order)
from rankmetrics_course.chapters.ab_tests_and_interleaving.users import web_topics
from rankmetrics_course.chapters.ab_tests_and_interleaving.view import impressions_slider
from rankmetrics_lite import click_probabilities, simulate_clicks
from tests.course.stored_faces import stored_frames_of

CHAPTER = "25-ab-tests-and-interleaving"


def test_first_click_chances_are_the_cascade_closed_form_and_the_dbn_first_click():
    alpha = np.array([0.3, 0.6, 0.2, 0.9])
    assert np.allclose(first_click_chances(alpha), click_probabilities(alpha, model="cascade"))
    clicks = simulate_clicks(alpha, model="dbn", satisfaction=[0.2, 0.5, 0.9, 0.3], seed=0, n_impressions=200_000)
    first = np.where(clicks.any(axis=1), clicks.argmax(axis=1), -1)
    seen = np.bincount(first[first >= 0], minlength=4) / first.size
    assert np.abs(seen - first_click_chances(alpha)).max() < 0.005


@pytest.mark.reference
def test_ab_sample_size_matches_statsmodels():
    from statsmodels.stats.power import NormalIndPower

    # equal variances: total = 2 * n per arm, n from statsmodels' effect size d = delta / sigma
    mean_a, mean_b, sd = 0.30, 0.32, 0.35
    ours = impressions_for_ab(mean_a, sd**2 + mean_a**2, mean_b, sd**2 + mean_b**2)
    per_arm = NormalIndPower().solve_power(effect_size=0.02 / sd, alpha=0.05, power=0.8, ratio=1.0)
    # statsmodels also counts the far tail's rejections, so its n is smaller by a hair
    assert ours == pytest.approx(2 * per_arm, rel=1e-4) and ours >= 2 * per_arm
    assert impressions_for_interleaving(0.1, 0.5) == pytest.approx(
        ((1.959963984540054 + 0.8416212335729143) ** 2) * (0.5 - 0.01) / 0.01, rel=1e-9)


def test_cuped_keeps_the_mean_and_removes_what_the_covariate_predicts():
    rng = np.random.default_rng(0)
    x = rng.normal(size=5000)
    y = 0.8 * x + rng.normal(scale=0.6, size=5000)
    adjusted, theta = cuped(x, y)
    assert adjusted.mean() == pytest.approx(y.mean())
    assert adjusted.var() == pytest.approx(y.var() * (1 - np.corrcoef(x, y)[0, 1] ** 2), rel=1e-9)


@pytest.fixture(scope="module")
def chapter_stats():
    topics = web_topics()
    return per_topic(topics), rollout_order(topics)


def test_comparison_grows_harder_as_fewer_topics_change(chapter_stats):
    stats, order = chapter_stats
    full, few = comparison(stats, order, 1.0), comparison(stats, order, 0.25)
    assert full["A/B impressions"] < few["A/B impressions"]
    assert full["RR difference"] == pytest.approx(stats.ab_b[:, 0].mean() - stats.ab_a[:, 0].mean())


def test_static_face_holds_every_position(chapter_stats):
    stats, order = chapter_stats
    html, frames = stored_frames_of(CHAPTER, impressions_slider(stats, order))
    assert frames["values"] == [str(n) for n in range(6, 49, 6)]
    assert "ratio" in frames["html"][-1]


def test_live_widget_follows_the_slider(chapter_stats):
    stats, order = chapter_stats
    control, shown = impressions_slider(stats, order).widget().children
    control.value = 24
    want = comparison(stats, order, 0.5)
    assert f"{int(np.ceil(want['interleaving impressions'])):,}" in shown.value
