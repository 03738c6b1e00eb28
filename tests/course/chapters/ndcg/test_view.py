"""The nDCG chapter's figures and k-slider: frames, live widget, static face."""

from __future__ import annotations

import math
import re

import pytest
from matplotlib.figure import Figure

from rankmetrics_course.chapters.ndcg.view import (
    discount_figure,
    grade_colour,
    jarvelin_kekalainen_discounts,
    ndcg_curves,
    ndcg_figure,
    ndcg_frame,
    ndcg_slider,
    rank_discounts,
)
from rankmetrics_lite import dcg_at_k, ndcg_at_k
from tests.course.stored_faces import stored_frames_of

CHAPTER = "14-ndcg"  # whose stored slider the static-face tests read

GRADES = [2, 3, 0, 1, 2, 0, 0, 3, 0, 1]
JUDGED = GRADES + [3, 2]


def test_discounts():
    assert rank_discounts(4).tolist() == pytest.approx([1 / math.log2(i + 1) for i in range(1, 5)])
    assert jarvelin_kekalainen_discounts(4).tolist() == pytest.approx(
        [1, 1, 1 / math.log2(3), 1 / math.log2(4)])
    with pytest.raises(ValueError, match="depth must be a positive integer"):
        rank_discounts(0)


def test_grade_colours():
    assert grade_colour(0, 3) != grade_colour(1, 3) != grade_colour(3, 3)
    assert grade_colour(3, 3) == grade_colour(5, 3)  # above the top: darkest


def test_frame_numbers_come_from_the_package():
    ideal = sorted(JUDGED, reverse=True)
    for k in range(1, len(GRADES) + 1):
        numbers = ndcg_frame(GRADES, JUDGED, k).numbers
        assert numbers["k"] == str(k)
        for gain, short in (("linear", "lin"), ("exponential", "exp")):
            assert numbers[f"DCG@k ({short})"] == f"{dcg_at_k(GRADES, k, gain=gain):.4f}"
            assert numbers[f"ideal DCG@k ({short})"] == f"{dcg_at_k(ideal, k, gain=gain):.4f}"
            assert numbers[f"nDCG@k ({short})"] == f"{ndcg_at_k(GRADES, k, judged_grades=JUDGED, gain=gain):.4f}"


def test_frame_at_k_1_by_hand():
    numbers = ndcg_frame(GRADES, JUDGED, 1).numbers
    assert numbers["nDCG@k (lin)"] == f"{2 / 3:.4f}"   # grade 2 where the ideal has 3
    assert numbers["nDCG@k (exp)"] == f"{3 / 7:.4f}"   # 2**2 - 1 over 2**3 - 1


def test_curves_use_the_judged_ideal():
    ks, curves = ndcg_curves(GRADES, JUDGED)
    assert ks.tolist() == list(range(1, 11))
    assert curves["linear"][-1] == pytest.approx(ndcg_at_k(GRADES, 10, judged_grades=JUDGED))
    assert curves["linear"][-1] < ndcg_at_k(GRADES, 10, judged_grades=GRADES)  # the returned-list ideal


def test_live_widget_follows_the_slider():
    box = ndcg_slider(GRADES, JUDGED, k=3).widget()
    slider, shown = box.children
    assert 'data-name="nDCG@k (lin)">0.6089<' in shown.value
    slider.value = 1
    assert 'data-name="nDCG@k (lin)">0.6667<' in shown.value
    assert 'data-name="nDCG@k (exp)">0.4286<' in shown.value
    slider.value = 10
    assert f'data-name="nDCG@k (lin)">{ndcg_at_k(GRADES, 10, judged_grades=JUDGED):.4f}<' in shown.value


def test_static_face_holds_every_frame_and_no_network():
    """Read in the chapter's stored face of this slider, which nbval keeps equal to what
    the view draws; its first frame is drawn here too and compared (tests/stored_faces.py)."""
    html, frames = stored_frames_of(CHAPTER, ndcg_slider(GRADES, JUDGED, k=3))
    assert frames["values"] == [str(k) for k in range(1, 11)]
    for k, frame in zip(range(1, 11), frames["html"]):
        for gain, short in (("linear", "lin"), ("exponential", "exp")):
            want = ndcg_at_k(GRADES, k, judged_grades=JUDGED, gain=gain)
            assert f'data-name="nDCG@k ({short})">{want:.4f}<' in frame
    assert not re.search(r"(src|href)=\"(https?:)?//", html)


def test_slider_refuses_impossible_judgements():
    with pytest.raises(ValueError, match="judged_grades"):
        ndcg_slider([3, 3], [3, 0])  # two grade-3 items returned, one judged
    with pytest.raises(ValueError, match="no positive grade"):
        ndcg_slider([0, 0], [0, 0])


def test_static_figures():
    assert isinstance(discount_figure(20).figure, Figure)
    assert isinstance(discount_figure(5).figure, Figure)
    assert isinstance(ndcg_figure(GRADES, JUDGED).figure, Figure)
    assert isinstance(ndcg_figure(GRADES, JUDGED, k=4).figure, Figure)


def test_figure_alt_texts_are_computed():
    alt = discount_figure(20).alt
    assert "falls from 1 to 0.23" in alt and "to 0.05." in alt
    alt = ndcg_figure([3, 0, 1], [3, 2, 1, 0]).alt
    assert "the ranking [3, 0, 1] and the ideal ranking [3, 2, 1]" in alt
    assert "starts at 1.00" in alt


def test_the_grades_are_written_inside_their_strips():
    from rankmetrics_course.figures import readable

    figure = readable(ndcg_frame([2, 3, 0, 1, 2, 0, 0, 3, 0, 1], [3, 3, 3, 2, 2, 2, 1, 1, 0, 0],
                                 8).figure)
    figure.draw_without_rendering()
    ranking, ideal, ax = figure.axes
    for strip in (ranking, ideal):
        inside = strip.get_window_extent()
        assert len(strip.texts) == 10
        for text in strip.texts:
            box = text.get_window_extent()
            assert inside.y0 <= box.y0 and box.y1 <= inside.y1, text.get_text()
    assert ax.get_legend().get_window_extent().y1 < ax.get_window_extent().y0
