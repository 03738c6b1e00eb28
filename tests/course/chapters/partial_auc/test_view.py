"""The views of the chapter on partial AUC: the constructed systems, frames, slider, figures."""

from __future__ import annotations

import re

import numpy as np
import pytest
from matplotlib.figure import Figure

from rankmetrics_course.chapters.partial_auc.view import (
    DEFAULT_MAX_FPRS,
    pair_matrix_figure,
    partial_auc_figure,
    partial_auc_frame,
    partial_auc_slider,
    ranking_with_negatives_above,
    roc_figure,
)
from rankmetrics_course.slider import static_frames
from rankmetrics_lite import partial_auc, roc_auc

ABOVE_A = [0, 0, 0, 0, 0, 0, 30, 40, 60, 70]
ABOVE_B = [1, 3, 5, 8, 12, 18, 25, 35, 43, 50]


def systems():
    return {"A": ranking_with_negatives_above(ABOVE_A, 100),
            "B": ranking_with_negatives_above(ABOVE_B, 100)}


def test_construction_places_the_negatives_as_asked():
    labels, scores = ranking_with_negatives_above([2, 0, 5], n_negatives=5)
    order = np.argsort(-scores)
    ranked = labels[order].tolist()
    assert ranked == [1, 0, 0, 1, 0, 0, 0, 1]
    assert np.all(np.diff(scores) < 0)  # already in rank order, no ties


@pytest.mark.parametrize("above", [ABOVE_A, ABOVE_B, [0], [100], [50, 50, 7]])
def test_auc_follows_from_the_negatives_above(above):
    labels, scores = ranking_with_negatives_above(above, 100)
    assert roc_auc(labels, scores) == pytest.approx(1 - sum(above) / (len(above) * 100))


def test_construction_rejects_bad_input():
    with pytest.raises(ValueError, match="at least one positive"):
        ranking_with_negatives_above([], 3)
    with pytest.raises(ValueError, match="cannot exceed n_negatives = 3"):
        ranking_with_negatives_above([4], 3)
    with pytest.raises(ValueError, match="non-negative integer"):
        ranking_with_negatives_above([-1], 3)


def test_frame_numbers_come_from_the_package():
    both = systems()
    for bound in (0.05, 0.1, 0.5, 1.0):
        frame = partial_auc_frame(both, bound)
        for name, (labels, scores) in both.items():
            assert frame.numbers[f"pAUC {name}"] == f"{partial_auc(labels, scores, max_fpr=bound):.4f}"
            standard = partial_auc(labels, scores, max_fpr=bound, standardized=True)
            assert frame.numbers[f"standardised {name}"] == f"{standard:.4f}"
        assert frame.numbers["best possible"] == f"{bound:.4f}"
        assert frame.numbers["chance"] == f"{bound * bound / 2:.4f}"
        assert isinstance(frame.figure, Figure) and f"{bound:.2f}" in frame.alt


def test_equal_auc_different_partial_auc():
    frame = partial_auc_frame(systems(), 0.1)
    assert frame.numbers["standardised A"] == "0.7895"
    assert frame.numbers["standardised B"] == "0.5947"
    full = partial_auc_frame(systems(), 1.0)
    assert full.numbers["standardised A"] == full.numbers["standardised B"] == "0.8000"


def test_slider_positions_and_live_widget():
    slider = partial_auc_slider(systems(), value=0.1)
    assert slider.values == list(DEFAULT_MAX_FPRS) and len(slider.values) == 20
    assert slider.values[0] == 0.05 and slider.values[-1] == 1.0
    control, shown = slider.widget().children
    assert 'data-name="pAUC A">0.0600<' in shown.value
    control.value = 0.05
    assert 'data-name="pAUC B">0.0060<' in shown.value
    control.value = 1.0
    assert 'data-name="standardised B">0.8000<' in shown.value


def test_static_face_holds_every_frame_and_no_network():
    html = partial_auc_slider(systems(), max_fprs=[0.1, 0.5, 1.0], value=0.5).static_html()
    frames = static_frames(html)
    assert frames["values"] == ["0.10", "0.50", "1.00"]  # as the numbers write the bound
    assert 'data-name="pAUC A">0.3300<' in frames["html"][1]
    assert 'value="1"' in html
    assert not re.search(r"(src|href)=\"(https?:)?//", html)


def test_figures_build_and_systems_are_checked():
    labels = [1, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0]
    scores = [0.92, 0.85, 0.85, 0.77, 0.70, 0.64, 0.58, 0.51, 0.45, 0.33, 0.27, 0.15]
    for figure in (roc_figure(labels, scores).figure, pair_matrix_figure(labels, scores).figure,
                   partial_auc_figure(systems()).figure,
                   partial_auc_figure(systems(), 0.3, min_fpr=0.1).figure):
        assert isinstance(figure, Figure)
    with pytest.raises(TypeError, match="non-empty mapping"):
        partial_auc_figure({}).figure
    with pytest.raises(ValueError, match="at most 3 systems"):
        partial_auc_figure({str(i): (labels, scores) for i in range(4)}).figure


def test_figure_alt_texts_are_computed():
    labels, scores = [1, 0, 1, 0], [0.9, 0.9, 0.5, 0.1]
    alt = roc_figure(labels, scores).alt
    assert "the 2 positives, right at each of the 2 negatives" in alt
    assert "share the score 0.9" in alt and "AUC 0.6250." in alt
    alt = pair_matrix_figure(labels, scores).alt
    assert "2 cells marked won in green, 1 marked tie in orange and 1 marked lost" in alt
    alt = partial_auc_figure({"A": (labels, scores)}, 0.5).alt
    assert ", pAUC 0.1250." in alt and "between false positive rates 0 and 0.5" in alt


def test_equal_auc_alt_text_says_where_one_curve_overtakes_the_other():
    alt = partial_auc_figure(systems()).alt
    assert "A, AUC 0.8000, true positive rate 0.6 at false positive rate 0" in alt
    assert "B rises above A at false positive rate 0.25." in alt


def test_the_slider_shows_the_bound_as_its_numbers_do():
    slider = partial_auc_slider(systems(), value=0.1)
    for bound in slider.values:
        assert slider.shown_value(bound) == slider.frame_for(bound).numbers["max FPR"]
    assert repr(slider).startswith("Slider over max FPR = 0.05..1.00; at max FPR = 0.10:")


def test_legends_sit_off_the_curves():
    from rankmetrics_course.figures import readable

    for figure in (partial_auc_frame(systems(), 0.1).figure, partial_auc_figure(systems()).figure,
                   roc_figure([1, 0, 1, 0], [0.9, 0.8, 0.5, 0.1]).figure):
        readable(figure).draw_without_rendering()
        legends = [ax.get_legend() for ax in figure.axes if ax.get_legend()]
        plots = [ax for ax in figure.axes if ax.axison]
        assert len(legends) == 1 and plots
        for ax in plots:
            assert not legends[0].get_window_extent().overlaps(ax.get_window_extent())
