"""The chapter "Risk and fairness": the baseline, the risk slider, Plackett-Luce policies."""

from __future__ import annotations

import numpy as np

from rankmetrics_course.chapters.risk_and_fairness.view import (
    median_run, plackett_luce, risk_against, risk_frame, risk_slider)
from rankmetrics_lite import trisk, urisk
from tests.course.stored_faces import stored_frames_of

SCORES = np.random.default_rng(0).random((20, 7))


def test_the_baseline_is_the_median_run():
    means = SCORES.mean(axis=0)
    assert means[median_run(SCORES)] == np.sort(means)[3]


def test_the_frame_counts_runs_from_the_library():
    base = median_run(SCORES)
    u, t = risk_against(SCORES, base, 2)
    others = [j for j in range(7) if j != base]
    assert u.tolist() == [urisk(SCORES[:, j], SCORES[:, base], alpha=2) for j in others]
    assert t[0] == trisk(SCORES[:, others[0]], SCORES[:, base], alpha=2).trisk
    assert risk_frame(SCORES, base, 2).numbers["URisk > 0"] == str(int((u > 0).sum()))


def test_plackett_luce_at_zero_is_the_ranking_and_spreads_when_hot():
    scores = np.array([3.0, 2.0, 1.0, -np.inf])
    rng = np.random.default_rng(1)
    assert plackett_luce(scores, 3, 0, 4, rng).tolist() == [[0, 1, 2]] * 4
    drawn = plackett_luce(scores, 3, 100.0, 400, rng)
    assert 3 not in drawn  # a movie seen in training is never recommended
    assert 0.2 < np.mean(drawn[:, 0] == 0) < 0.5  # nearly uniform over the three


def test_the_stored_slider_is_what_the_view_computes():
    from rankmetrics_course import data

    scores = data.trec_per_topic("web2012", "ERR@20").scores
    stored_frames_of("28-risk-and-fairness", risk_slider(scores, median_run(scores), alpha=1))
