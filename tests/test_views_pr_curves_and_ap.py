"""The views of the chapter on precision-recall curves: frames, sliders and figures."""

from __future__ import annotations

import re

import numpy as np
import pytest
from matplotlib.figure import Figure

from rankmetrics_lite.course.slider import static_frames
from rankmetrics_lite import (
    average_precision_from_scores,
    f1_at_k,
    pr_curve_from_scores,
    roc_auc,
)
from rankmetrics_lite.course.views.pr_curves_and_ap import (
    _thin,
    area_rules_figure,
    cutoff_and_threshold_figure,
    cutoff_choice_figure,
    eleven_point_figure,
    f1_figure,
    imbalance_frame,
    imbalance_slider,
    point_at_threshold,
    pr_curve_figure,
    roc_pr_figure,
    simulate_imbalance,
    threshold_frame,
    threshold_slider,
)

SCORES = [0.95, 0.91, 0.88, 0.80, 0.80, 0.74, 0.66, 0.61, 0.55, 0.42, 0.30, 0.12]
LABELS = [1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 0]


def test_point_at_threshold_matches_the_curve_at_every_score():
    curve = pr_curve_from_scores(LABELS, SCORES)
    for threshold, precision, recall in zip(curve.thresholds[1:], curve.precision[1:],
                                            curve.recall[1:]):
        point = point_at_threshold(LABELS, SCORES, threshold)
        assert point.precision == pytest.approx(precision)
        assert point.recall == pytest.approx(recall)
        called = sum(s >= threshold for s in SCORES)
        ranked = [y for _, y in sorted(zip(SCORES, LABELS), key=lambda p: -p[0])]
        assert point.f1 == pytest.approx(f1_at_k(ranked, called, n_relevant=sum(LABELS)))


def test_point_at_threshold_between_scores_and_out_of_range():
    between = point_at_threshold(LABELS, SCORES, 0.85)  # same items as the score 0.88
    assert between == point_at_threshold(LABELS, SCORES, 0.88)._replace(threshold=0.85)
    assert point_at_threshold(LABELS, SCORES, -5.0).recall == 1.0
    with pytest.raises(ValueError, match="no item is called positive"):
        point_at_threshold(LABELS, SCORES, 0.99)
    with pytest.raises(ValueError, match="at least one positive"):
        point_at_threshold([0, 0], [0.3, 0.2], 0.1)


def test_threshold_frame_numbers():
    frame = threshold_frame(LABELS, SCORES, 0.80)
    assert frame.numbers == {"threshold": "0.80", "called positive": "5", "TP": "3", "FP": "2",
                             "precision": "0.6000", "recall": "0.5000", "F1": "0.5455"}
    assert isinstance(frame.figure, Figure) and "threshold 0.80" in frame.alt


def test_threshold_slider_positions_and_live_widget():
    slider = threshold_slider(LABELS, SCORES, threshold=0.8)
    assert slider.values == sorted(set(SCORES), reverse=True)  # one position per distinct score
    box = slider.widget()
    control, shown = box.children
    assert 'data-name="precision">0.6000<' in shown.value
    control.value = 0.74
    assert 'data-name="called positive">6<' in shown.value
    assert 'data-name="recall">0.6667<' in shown.value
    control.value = 0.12
    assert 'data-name="recall">1.0000<' in shown.value and 'data-name="FP">6<' in shown.value


def test_threshold_slider_static_face_holds_every_frame():
    html = threshold_slider(LABELS, SCORES).static_html()
    frames = static_frames(html)
    assert len(frames["html"]) == 11
    assert 'data-name="precision">1.0000<' in frames["html"][0]
    assert 'data-name="precision">0.5000<' in frames["html"][-1]
    assert not re.search(r"(src|href)=\"(https?:)?//", html)


def test_simulation_adds_only_negatives():
    half, rare = simulate_imbalance(0.5), simulate_imbalance(0.01)
    assert int(half.labels.sum()) == int(rare.labels.sum()) == 200
    assert rare.labels.size == 200 + 19_800
    assert np.array_equal(half.scores, rare.scores[:400])
    assert np.array_equal(simulate_imbalance(0.1).scores, simulate_imbalance(0.1).scores)
    assert not np.array_equal(simulate_imbalance(0.1, seed=12).scores,
                              simulate_imbalance(0.1).scores)
    with pytest.raises(ValueError, match="base_rate must be a number in"):
        simulate_imbalance(0.0)
    with pytest.raises(ValueError, match="n_positive must be a positive integer"):
        simulate_imbalance(0.5, n_positive=0)


def test_imbalance_frame_numbers_come_from_the_package():
    frame = imbalance_frame(0.1)
    sample = simulate_imbalance(0.1)
    assert frame.numbers["negatives"] == "1800"
    assert frame.numbers["ROC AUC"] == f"{roc_auc(sample.labels, sample.scores):.4f}"
    assert frame.numbers["AP"] == f"{average_precision_from_scores(*sample):.4f}"


def test_imbalance_slider_auc_stays_while_ap_falls():
    rates = [0.5, 0.1, 0.01]
    box = imbalance_slider(rates, value=0.5).widget()
    control, shown = box.children

    def shown_number(name):
        return float(re.search(rf'data-name="{name}">([0-9.]+)<', shown.value).group(1))

    seen = []
    for rate in rates:
        control.value = rate
        seen.append((shown_number("ROC AUC"), shown_number("AP")))
    aucs, aps = zip(*seen)
    assert max(aucs) - min(aucs) < 0.02
    assert aps[0] > 0.8 > 0.2 > aps[2]


def test_thin_keeps_ends_and_short_curves():
    x = np.arange(1000.0)
    thin_x, thin_y = _thin(x, 2 * x, max_points=50)
    assert thin_x.size == 50 and thin_x[0] == 0 and thin_x[-1] == 999
    assert np.array_equal(thin_y, 2 * thin_x)
    assert _thin(x[:10], x[:10])[0].size == 10


def test_static_figures_build():
    grades = [3] * 4 + [2] * 8 + [1] * 8
    judged = [1, 1, 1, 0] + [1, 1, 1, 0, 0, 0, 0, 0] + [1] + [0] * 7
    relevance = [1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 0]
    sample = simulate_imbalance(0.1)
    figures = [
        pr_curve_figure(LABELS, SCORES),
        cutoff_and_threshold_figure(relevance, 6, LABELS, SCORES),
        eleven_point_figure(relevance, 6),
        area_rules_figure(judged, grades),
        f1_figure(*sample, min_recall=0.8),
        roc_pr_figure(*sample, title="t"),
        cutoff_choice_figure(np.arange(1, 4), [0.5, 0.8, 0.9], [1.0, 0.7, 0.5], 0.9, 3),
    ]
    assert all(isinstance(f, Figure) for f in figures)
