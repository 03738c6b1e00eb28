"""The views of the chapter on areas and operating points: figures and the base-rate slider."""

from __future__ import annotations

import re

import numpy as np
import pytest

from rankmetrics_course.chapters.areas_and_operating_points.view import (
    area_rules_figure,
    f1_figure,
    imbalance_frame,
    imbalance_slider,
    roc_pr_figure,
    simulate_imbalance,
)
from rankmetrics_lite import (
    auprc_trapezoid,
    average_precision_from_scores,
    max_f1,
    precision_at_recall,
    roc_auc,
)

GRADES = [3] * 4 + [2] * 8 + [1] * 8
JUDGED = [1, 1, 1, 0] + [1, 1, 1, 0, 0, 0, 0, 0] + [1] + [0] * 7


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


def test_area_rules_figure_states_both_areas():
    alt = area_rules_figure(JUDGED, GRADES).alt
    assert "(0, 1), (0.4286, 0.7500), (0.8571, 0.5000), (1, 0.3500)" in alt
    assert f"step area of AP, {average_precision_from_scores(JUDGED, GRADES):.4f}" in alt
    assert f"points, {auprc_trapezoid(JUDGED, GRADES):.4f}, which adds a triangle" in alt
    rising = area_rules_figure([0, 1, 1], [0.9, 0.5, 0.1]).alt  # precision climbs: trapezoid below
    assert "cuts a triangle off" in rising


def test_f1_figure_alt_names_both_operating_points():
    sample = simulate_imbalance(0.1)
    alt = f1_figure(*sample, min_recall=0.8).alt
    best, target = max_f1(*sample), precision_at_recall(*sample, min_recall=0.8)
    assert f"max F1 {best.f1:.4f} at precision {best.precision:.4f}" in alt
    assert f"precision {target.precision:.4f} marks the best precision with recall of at least 0.8" in alt


def test_roc_pr_figure_and_slider_frame_share_the_alt_text():
    sample = simulate_imbalance(0.01)
    shown = roc_pr_figure(*sample, title="t")
    assert f"AUC {roc_auc(*sample):.3f}" in shown.alt and "19800 negatives" in shown.alt
    assert imbalance_frame(0.01).alt == shown.alt


def test_the_slider_shows_each_base_rate_as_its_numbers_do():
    rates = [0.5, 0.3, 0.2, 0.1, 0.05, 0.03, 0.02, 0.01]  # the chapter's slider
    slider = imbalance_slider(rates, value=0.1)
    for rate in rates:  # the shown rate is the nominal one; the number, the share drawn
        assert slider.shown_value(rate) == slider.frame_for(rate).numbers["base rate"]
    assert repr(slider).startswith("Slider over base rate = 0.50..0.01; at base rate = 0.10:")


def test_the_legends_sit_under_the_panels():
    from rankmetrics_course.figures import readable

    figure = readable(imbalance_frame(0.5).figure)
    figure.draw_without_rendering()
    for ax in figure.axes:
        assert ax.get_legend().get_window_extent().y1 < ax.get_window_extent().y0
