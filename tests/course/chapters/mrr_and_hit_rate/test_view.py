"""The MRR and hit rate chapter's figures and first-relevant-rank slider."""

from __future__ import annotations

import re

import pytest
from matplotlib.figure import Figure

from rankmetrics_course.chapters.mrr_and_hit_rate.view import (
    first_relevant_figure,
    first_relevant_frame,
    first_relevant_ranking,
    first_relevant_slider,
    reciprocal_rank_curve,
    rr_scale_figure,
)
from rankmetrics_lite import average_precision, hit_rate_at_k, reciprocal_rank
from tests.course.stored_faces import stored_frames_of

CHAPTER = "15-mrr-and-hit-rate"  # whose stored slider the static-face tests read


def test_first_relevant_ranking():
    assert first_relevant_ranking(1, 3) == [1, 0, 0]
    assert first_relevant_ranking(3, 3) == [0, 0, 1]
    with pytest.raises(ValueError, match="rank must be at most depth"):
        first_relevant_ranking(4, 3)
    with pytest.raises(ValueError, match="rank must be a positive integer"):
        first_relevant_ranking(0, 3)


def test_curve_is_one_over_rank():
    ranks, rr = reciprocal_rank_curve(20)
    assert ranks.tolist() == list(range(1, 21))
    assert rr.tolist() == pytest.approx([1 / r for r in range(1, 21)])


def test_frame_numbers_come_from_the_package():
    for rank in range(1, 21):
        ranking = first_relevant_ranking(rank, 20)
        numbers = first_relevant_frame(rank).numbers
        assert numbers["first relevant rank"] == str(rank)
        assert numbers["RR"] == f"{reciprocal_rank(ranking):.4f}"
        for k in (1, 5, 10):
            assert numbers[f"hit@{k}"] == f"{hit_rate_at_k(ranking, k):.0f}"
            assert numbers[f"hit@{k}"] == ("1" if rank <= k else "0")
        assert numbers["AP (|R| = 1)"] == numbers["RR"]
        assert numbers["AP (|R| = 1)"] == f"{average_precision(ranking, n_relevant=1):.4f}"


def test_frame_alt_names_the_hits():
    assert "k = 5, k = 10" in first_relevant_frame(4).alt
    assert "none of the cutoffs" in first_relevant_frame(12).alt


def test_live_widget_follows_the_slider():
    box = first_relevant_slider(rank=3).widget()
    slider, shown = box.children
    assert 'data-name="RR">0.3333<' in shown.value
    slider.value = 1
    assert 'data-name="RR">1.0000<' in shown.value and 'data-name="hit@1">1<' in shown.value
    slider.value = 11
    assert 'data-name="RR">0.0909<' in shown.value and 'data-name="hit@10">0<' in shown.value


def test_static_face_holds_every_frame_and_no_network():
    """Read in the chapter's stored face of this slider, which nbval keeps equal to what
    the view draws; its first frame is drawn here too and compared (tests/stored_faces.py)."""
    html, frames = stored_frames_of(CHAPTER, first_relevant_slider(rank=3))
    assert frames["values"] == [str(r) for r in range(1, 21)]
    for rank, frame in zip(range(1, 21), frames["html"]):
        assert f'data-name="RR">{1 / rank:.4f}<' in frame
    assert not re.search(r"(src|href)=\"(https?:)?//", html)


def test_mime_bundle_text():
    assert repr(first_relevant_slider(rank=2)).startswith("Slider over r = 1..20; at r = 2:")


def test_static_figures():
    assert isinstance(rr_scale_figure(1000).figure, Figure)
    assert isinstance(rr_scale_figure(50, moves=((1, 2), (10, 50))).figure, Figure)
    assert isinstance(first_relevant_figure(7), Figure)


def test_figure_alt_text_gives_the_cost_of_each_move():
    alt = rr_scale_figure(1000).alt
    assert "from rank 1 to 2 costs 0.500, from rank 2 to 3 costs 0.167 and from rank 100 to 1000 costs 0.009" in alt


def test_the_cutoff_labels_stay_between_their_lines():
    from rankmetrics_course.figures import readable

    figure = readable(first_relevant_figure(3))
    figure.draw_without_rendering()
    ax = figure.axes[1]
    labels = [t for t in ax.texts if t.get_text().startswith("hit@")]
    lines = [ax.transData.transform((k + 0.5, 0))[0] for k in (1, 5, 10)]
    assert [t.get_text() for t in labels] == ["hit@1", "hit@5", "hit@10"]
    for label, line, following in zip(labels, lines, lines[1:] + [ax.get_window_extent().x1]):
        box = label.get_window_extent()
        assert line < box.x0 and box.x1 < following, label.get_text()
