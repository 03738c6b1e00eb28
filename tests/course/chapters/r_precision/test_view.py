"""The |R|-slider of the chapter "R-precision": frame, widget, static face."""

from __future__ import annotations

import re

import pytest

from rankmetrics_course.chapters.r_precision.view import (
    r_precision_figure,
    r_precision_frame,
    r_precision_numbers,
    r_precision_slider,
)
from rankmetrics_lite import precision_at_k, r_precision, recall_at_k
from tests.course.stored_faces import stored_frames_of

CHAPTER = "07-r-precision"  # whose stored slider the static-face tests read

RANKING = [1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1]


def test_frame_numbers_come_from_the_package_and_agree():
    for n_rel in range(9, 21):
        frame = r_precision_frame(RANKING, n_rel)
        value = f"{r_precision(RANKING, n_relevant=n_rel):.4f}"
        assert frame.numbers["|R|"] == str(n_rel)
        assert frame.numbers["relevant in top |R|"] == str(sum(RANKING[:n_rel]))
        assert frame.numbers["P@|R|"] == f"{precision_at_k(RANKING, n_rel):.4f}" == value
        assert frame.numbers["R@|R|"] == f"{recall_at_k(RANKING, n_rel, n_relevant=n_rel):.4f}" == value
        assert frame.numbers["R-precision"] == value
        # Its figure is drawn for every |R| in the chapter's stored face (static-face test).
        assert f"k = |R| = {n_rel}" in frame.alt and frame.draw is not None


def test_source_examples():
    assert r_precision_numbers([1, 1, 1, 1, 1, 0, 0, 0, 0, 0], 5)["R-precision"] == "1.0000"
    assert r_precision_numbers([1, 0, 1, 0, 1, 0, 0, 1, 0, 1], 5)["R-precision"] == "0.6000"
    assert r_precision_numbers([0, 0, 0, 1, 1, 1, 0, 0, 0, 0], 3)["R-precision"] == "0.0000"


def test_a_ranking_shorter_than_r_is_padded_with_non_relevant_ranks():
    numbers = r_precision_numbers([1, 1], 5)
    assert numbers["P@|R|"] == numbers["R@|R|"] == numbers["R-precision"] == "0.4000"
    figure = r_precision_figure([1, 1], 5).figure
    assert figure.axes[1].get_xlim()[1] == pytest.approx(5.6)


def test_bad_input_fails_at_the_door():
    with pytest.raises(ValueError, match="R-precision is undefined when n_relevant is 0"):
        r_precision_numbers([0, 0], 0)
    with pytest.raises(ValueError, match="n_relevant must be at least"):
        r_precision_frame(RANKING, 8)
    with pytest.raises(ValueError, match="n_relevant must be between 9 and"):
        r_precision_slider(RANKING, 25)
    with pytest.raises(ValueError, match="relevance must be at least as long"):
        r_precision_slider([0, 0, 0][:0])


def test_slider_runs_from_the_relevant_items_found_to_the_length():
    slider = r_precision_slider(RANKING)
    assert slider.values == list(range(9, 21)) and slider.value == 9
    assert r_precision_slider([0, 0, 0]).values == [1, 2, 3]


def test_live_widget_follows_the_slider():
    box = r_precision_slider(RANKING, n_relevant=10).widget()
    slider, shown = box.children
    assert 'data-name="R-precision">0.6000<' in shown.value
    slider.value = 13
    assert 'data-name="relevant in top |R|">7<' in shown.value
    assert 'data-name="R-precision">0.5385<' in shown.value
    slider.value = 20
    assert 'data-name="R-precision">0.4500<' in shown.value


def test_static_face_holds_every_frame_and_no_network():
    """Read in the chapter's stored face of this slider, which nbval keeps equal to what
    the view draws; its first frame is drawn here too and compared (tests/stored_faces.py)."""
    html, frames = stored_frames_of(CHAPTER, r_precision_slider(RANKING, n_relevant=10))
    assert frames["values"] == [str(n) for n in range(9, 21)]
    for n_rel, frame in zip(range(9, 21), frames["html"]):
        assert f'data-name="R-precision">{r_precision(RANKING, n_relevant=n_rel):.4f}<' in frame
    assert not re.search(r"(src|href)=\"(https?:)?//", html)
    assert 'value="1"' in html  # |R| = 10 is position 1 of the range input
    assert repr(r_precision_slider(RANKING, n_relevant=10)).startswith(
        "Slider over |R| = 9..20; at |R| = 10: |R| = 10, relevant in top |R| = 6")


def test_figure_alt_text_gives_the_meeting_point():
    alt = r_precision_figure(RANKING, 10).alt
    assert "meet at k = 10, marked by a vertical line and a dot at 0.6" in alt
