"""The views of the "Limitations and extensions" chapter: pure functions and the k-slider."""

from __future__ import annotations

import re

import pytest

from rankmetrics_course.chapters.limitations.view import (
    k_winner_frame,
    k_winner_slider,
    rank_value_figure,
    single_item_scores,
    two_systems_figure,
    winner_at_k,
)
from rankmetrics_lite import precision_at_k
from tests.course.stored_faces import stored_frames_of

CHAPTER = "09-limitations"  # whose stored slider the static-face tests read

X = [1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
Y = [0, 0, 1, 1, 1, 0, 0, 0, 0, 0]
# The chapter's claim, from the source: X wins at k = 2, 3; Y at 5, 10; a tie at 4.
EXPECTED_WINNERS = ["X", "X", "X", "tie", "Y", "Y", "Y", "Y", "Y", "Y"]


def test_winner_follows_precision_at_every_k():
    assert [winner_at_k(X, Y, k) for k in range(1, 11)] == EXPECTED_WINNERS
    assert winner_at_k(X, Y, 2, names=("first", "second")) == "first"
    assert winner_at_k(X, X, 3) == "tie"


def test_frame_numbers_come_from_the_package():
    for k, winner in zip(range(1, 11), EXPECTED_WINNERS):
        frame = k_winner_frame(X, Y, k)
        assert frame.numbers == {"k": str(k), "P@k of X": f"{precision_at_k(X, k):.4f}",
                                 "P@k of Y": f"{precision_at_k(Y, k):.4f}", "winner": winner}
        # Its figure is drawn for every k in the chapter's stored face (static-face test).
        assert frame.draw is not None and f"k = {k}" in frame.alt


def test_frame_rejects_bad_input():
    with pytest.raises(ValueError, match="same number of items"):
        k_winner_frame(X, Y[:5], 2)
    with pytest.raises(ValueError, match="k must be a positive integer"):
        k_winner_frame(X, Y, 0)


def test_single_item_scores_are_the_package_measures():
    for rank in range(1, 16):
        relevance = [0] * 15
        relevance[rank - 1] = 1
        assert single_item_scores(rank, ks=(3, 5, 10), depth=15) == {
            f"P@{k}": precision_at_k(relevance, k) for k in (3, 5, 10)}
    # the weight 1/k inside the top k, nothing below it
    assert single_item_scores(4, ks=(3, 5)) == {"P@3": 0.0, "P@5": 0.2}
    with pytest.raises(ValueError, match="depth must be at least rank"):
        single_item_scores(12, depth=5)
    with pytest.raises(ValueError, match="ks must hold at least one cutoff"):
        single_item_scores(1, ks=())


def test_figures_are_built_without_pyplot():
    assert len(rank_value_figure().figure.axes) == 1
    assert len(two_systems_figure(X, Y, k=4).figure.axes) == 3


def test_live_widget_follows_the_slider():
    box = k_winner_slider(X, Y, k=4).widget()
    slider, shown = box.children
    assert 'data-name="winner">tie<' in shown.value
    slider.value = 2
    assert 'data-name="P@k of X">1.0000<' in shown.value
    assert 'data-name="winner">X<' in shown.value
    slider.value = 5
    assert 'data-name="P@k of Y">0.6000<' in shown.value
    assert 'data-name="winner">Y<' in shown.value


def test_static_face_holds_every_frame_and_no_network():
    """Read in the chapter's stored face of this slider, which nbval keeps equal to what
    the view draws; its first frame is drawn here too and compared (tests/stored_faces.py)."""
    html, frames = stored_frames_of(CHAPTER, k_winner_slider(X, Y, k=4))
    assert frames["values"] == [str(k) for k in range(1, 11)]
    for frame, winner in zip(frames["html"], EXPECTED_WINNERS):
        assert f'data-name="winner">{winner}<' in frame
    assert not re.search(r"(src|href)=\"(https?:)?//", html)


def test_text_face():
    assert repr(k_winner_slider(X, Y, k=4)) == (
        "Slider over k = 1..10; at k = 4: k = 4, P@k of X = 0.5000, "
        "P@k of Y = 0.5000, winner = tie")


def test_figure_alt_texts_are_computed():
    alt = rank_value_figure(ks=(3, 5, 10), last_rank=15).alt
    assert "P@3 is 0.33 for ranks 1 to 3; P@5 is 0.2 for ranks 1 to 5; P@10 is 0.1" in alt
    assert "each drops to 0 below its cutoff" in alt
    alt = two_systems_figure(X, Y).alt
    assert "X's curve starts at 1, peaks at 1 at k=1 and ends at 0.2" in alt
    assert "Y's curve starts at 0, peaks at 0.6 at k=5 and ends at 0.3" in alt
    assert "The curves meet at k = 4." in alt
