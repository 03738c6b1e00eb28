"""The views of the chapter "Beyond classification": two orders of one set of items."""

from __future__ import annotations

import re

import pytest

from rankmetrics_course.chapters.beyond_classification.view import (
    reading_frame,
    reading_slider,
    relevant_seen,
    two_rankings_figure,
)
from rankmetrics_lite import precision_at_k
from tests.course.stored_faces import stored_frames_of

CHAPTER = "00-beyond-classification"  # whose stored slider the static-face tests read

A = [1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
B = [0, 0, 0, 0, 0, 0, 0, 1, 1, 1]
RANKINGS = {"A": A, "B": B}


def test_relevant_seen_counts_from_the_top():
    assert relevant_seen(A).tolist() == [1, 2, 3, 3, 3, 3, 3, 3, 3, 3]
    assert relevant_seen(B).tolist() == [0] * 7 + [1, 2, 3]
    assert relevant_seen([0, 0]).tolist() == [0, 0]
    assert relevant_seen([]).tolist() == []


def test_frame_numbers_come_from_the_package():
    for k in range(1, 11):
        frame = reading_frame(RANKINGS, k)
        assert frame.numbers["k"] == str(k)
        assert frame.numbers["A: relevant seen"] == str(sum(A[:k]))
        assert frame.numbers["B: relevant seen"] == str(sum(B[:k]))
        assert frame.numbers["A: P@k"] == f"{precision_at_k(A, k):.4f}"
        assert frame.numbers["B: P@k"] == f"{precision_at_k(B, k):.4f}"
        # Its figure is drawn for every k in the chapter's stored face (static-face test).
        assert frame.alt and frame.draw is not None


def test_bad_rankings_fail_at_the_door():
    with pytest.raises(ValueError, match="two relevance vectors"):
        reading_frame({"A": A}, 1)
    with pytest.raises(ValueError, match="same length"):
        two_rankings_figure({"A": A, "B": B[:5]}).figure
    with pytest.raises(ValueError, match="only 0"):
        reading_slider({"A": A, "B": [2] * 10})


def test_live_widget_follows_the_slider():
    slider, shown = reading_slider(RANKINGS, k=3).widget().children
    assert 'data-name="A: relevant seen">3<' in shown.value
    assert 'data-name="B: relevant seen">0<' in shown.value
    slider.value = 9
    assert 'data-name="B: relevant seen">2<' in shown.value
    assert 'data-name="B: P@k">0.2222<' in shown.value
    slider.value = 10
    assert 'data-name="A: P@k">0.3000<' in shown.value
    assert 'data-name="B: P@k">0.3000<' in shown.value


def test_static_face_holds_every_frame_and_no_network():
    """Read in the chapter's stored face of this slider, which nbval keeps equal to what
    the view draws; its first frame is drawn here too and compared (tests/stored_faces.py)."""
    html, frames = stored_frames_of(CHAPTER, reading_slider(RANKINGS, k=3))
    assert frames["values"] == [str(k) for k in range(1, 11)]
    for k, frame in zip(range(1, 11), frames["html"]):
        assert f'data-name="B: relevant seen">{sum(B[:k])}<' in frame
    assert not re.search(r"(src|href)=\"(https?:)?//", html)
    assert repr(reading_slider(RANKINGS, k=3)) == (
        "Slider over k = 1..10; at k = 3: k = 3, A: relevant seen = 3, B: relevant seen = 0, "
        "A: P@k = 1.0000, B: P@k = 0.0000")


def test_figure_alt_text_is_computed_from_the_rankings():
    alt = two_rankings_figure(RANKINGS).alt
    assert "ranking A has its relevant results at ranks 1, 2 and 3 and has seen all 3 at k=3" in alt
    assert "ranking B has its relevant results at ranks 8, 9 and 10 and has seen all 3 at k=10" in alt
