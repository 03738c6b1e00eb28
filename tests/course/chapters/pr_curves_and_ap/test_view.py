"""The views of the chapter on precision-recall curves: figures, curve shapes, the threshold slider."""

from __future__ import annotations

import re

import numpy as np
import pytest
from matplotlib.figure import Figure

from rankmetrics_course.chapters.pr_curves_and_ap.view import (
    _thin,
    curve_shapes_figure,
    cutoff_and_threshold_figure,
    eleven_point_figure,
    point_at_threshold,
    pr_curve_figure,
    simulate_curve_shapes,
    threshold_frame,
    threshold_slider,
)
from rankmetrics_course.figures import ShownFigure
from rankmetrics_course.slider import frame_text, static_frames
from rankmetrics_lite import eleven_point_precision, f1_at_k, max_f1, pr_curve_from_scores
from tests.course.stored_faces import drawn_as_the_book, stored_static_face

CHAPTER = "11-pr-curves-and-ap"  # whose stored slider the static-face tests read

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
    """Read in the chapter's stored face of this slider, which nbval keeps equal to what
    the view draws; its first frame is drawn here too and compared, as
    tests/course/stored_faces.py does, the values read as the slider shows them."""
    slider = threshold_slider(LABELS, SCORES, threshold=0.8)
    html = stored_static_face(CHAPTER, slider)
    frames = static_frames(html)
    assert frames["values"] == [slider.shown_value(v) for v in slider.values]
    assert frames["text"] == [frame_text(slider.frame_for(v)) for v in slider.values]
    assert drawn_as_the_book(slider.frame_html_for(slider.values[0]), frames["html"][0])
    assert len(frames["html"]) == 11
    assert 'data-name="precision">1.0000<' in frames["html"][0]
    assert 'data-name="precision">0.5000<' in frames["html"][-1]
    assert not re.search(r"(src|href)=\"(https?:)?//", html)


def test_thin_keeps_ends_and_short_curves():
    x = np.arange(1000.0)
    thin_x, thin_y = _thin(x, 2 * x, max_points=50)
    assert thin_x.size == 50 and thin_x[0] == 0 and thin_x[-1] == 999
    assert np.array_equal(thin_y, 2 * thin_x)
    assert _thin(x[:10], x[:10])[0].size == 10


RELEVANCE = [1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 0]  # the ranking of LABELS by trec_eval's rule


def test_each_figure_carries_alt_text_from_its_own_numbers():
    shown = pr_curve_figure(LABELS, SCORES)
    assert isinstance(shown, ShownFigure) and isinstance(shown.figure, Figure)
    assert shown.alt.endswith("starts at 1 and falls to 0.6667 after recall 0.1667, to 0.5556 "
                              "after recall 0.6667 and to 0.5455 after recall 0.8333.")
    assert "stays there" in pr_curve_figure([1, 1, 0], [0.9, 0.8, 0.1]).alt
    assert "dashed" not in pr_curve_figure(LABELS, SCORES, interpolated=False).alt


def test_cutoff_and_threshold_figure_names_the_point_of_the_broken_tie():
    alt = cutoff_and_threshold_figure(RELEVANCE, 6, LABELS, SCORES).alt
    assert "12 points" in alt and "11 points" in alt
    assert "extra point at recall 0.3333, precision 0.5000, from broken ties" in alt
    no_tie = cutoff_and_threshold_figure([1, 0, 1], 2, [1, 0, 1], [0.9, 0.5, 0.1]).alt
    assert no_tie.endswith("They coincide.")


def test_eleven_point_figure_lists_the_levels_where_the_rules_differ():
    alt = eleven_point_figure(RELEVANCE, 6).alt
    trec = eleven_point_precision(RELEVANCE, n_relevant=6)
    exact = eleven_point_precision(RELEVANCE, n_relevant=6, recall_rule="exact")
    differ = [f"recall {level:.1f}" for level, a, b in
              zip(trec.recall_levels, trec.precision, exact.precision) if a != b]
    assert differ == ["recall 0.2", "recall 0.7", "recall 0.9"]
    assert all(level in alt for level in differ) and "recall 0.5" not in alt
    assert "recall 0.2 (1 against 0.6667)" in alt


def test_curve_shapes_are_the_shapes_they_are_named_after():
    shapes = simulate_curve_shapes()
    assert list(shapes) == ["bulging", "front-loaded", "sagging"]
    negatives = {tuple(s.scores[s.labels == 0]) for s in shapes.values()}
    assert len(negatives) == 1  # one set of negatives: only the positives differ

    def precision_at(name, level):
        curve = pr_curve_from_scores(*shapes[name])
        return max(p for r, p in zip(curve.recall, curve.precision) if r >= level)

    # front-loaded: perfect to recall 0.5, then a tail near the base rate 0.1
    assert precision_at("front-loaded", 0.5) > 0.95 and precision_at("front-loaded", 0.7) < 0.2
    # bulging stays high longer than sagging everywhere
    assert all(precision_at("bulging", r) > precision_at("sagging", r) + 0.3
               for r in (0.25, 0.5, 0.75))
    with pytest.raises(ValueError, match="n_positive must be at least 2"):
        simulate_curve_shapes(n_positive=1)


def test_curve_shapes_figure_marks_each_best_f1():
    shapes = simulate_curve_shapes()
    alt = curve_shapes_figure(shapes).alt
    for name, scored in shapes.items():
        best = max_f1(*scored)
        assert f"{name}: " in alt and f"best F1 {best.f1:.2f} at recall {best.recall:.2f}" in alt
    with pytest.raises(ValueError, match="at least one named scored set"):
        curve_shapes_figure({})


def test_the_slider_shows_the_threshold_as_its_numbers_do():
    slider = threshold_slider(LABELS, SCORES, threshold=0.8)
    for value in slider.values:
        assert slider.shown_value(value) == slider.frame_for(value).numbers["threshold"]
    assert repr(slider).startswith("Slider over threshold = 0.95..0.12; at threshold = 0.80:")
    assert 'aria-valuetext="0.80"' in slider.static_html()


def _extent(artist):
    return artist.get_window_extent()


def test_legends_and_line_names_sit_outside_the_axes():
    from rankmetrics_course.figures import readable

    shapes = curve_shapes_figure(simulate_curve_shapes()).figure
    for figure in (readable(shapes), readable(pr_curve_figure(LABELS, SCORES).figure)):
        figure.draw_without_rendering()
        ax = figure.axes[0]
        assert not _extent(ax.get_legend()).overlaps(ax.get_window_extent())
    names = [t for t in shapes.axes[0].texts if t.get_text().startswith("F1=")]
    assert len(names) == 4 and all(_extent(t).x0 > shapes.axes[0].get_window_extent().x1
                                   for t in names)
