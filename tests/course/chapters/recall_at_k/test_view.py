"""The Recall@k chapter's views: the frame function, the live widget, the static face."""

from __future__ import annotations

import re

import pytest

from rankmetrics_course.chapters.recall_at_k.view import (
    hit_rate_and_recall,
    hit_rate_vs_recall_figure,
    recall_at_k_figure,
    recall_at_k_frame,
    recall_at_k_slider,
    recall_curve,
    recall_upper_bound,
)
from rankmetrics_lite import hit_rate_at_k, precision_at_k, recall_at_k
from tests.course.stored_faces import stored_frames_of

CHAPTER = "03-recall-at-k"  # whose stored slider the static-face tests read

RELEVANCE = [1, 0, 1, 1, 0, 1, 0, 1, 0, 1]


def test_frame_numbers_come_from_the_package():
    for k in range(1, len(RELEVANCE) + 1):
        frame = recall_at_k_frame(RELEVANCE, 8, k)
        assert frame.numbers["R@k"] == f"{recall_at_k(RELEVANCE, k, n_relevant=8):.4f}"
        assert frame.numbers["P@k"] == f"{precision_at_k(RELEVANCE, k):.4f}"
        assert frame.numbers["relevant in top k"] == str(sum(RELEVANCE[:k]))
        assert frame.numbers["recall bound"] == f"{min(1, k / 8):.4f}"
        # Its figure is drawn for every k in the chapter's stored face (static-face test).
        assert frame.alt and frame.draw is not None


def test_recall_curve_is_monotonic_and_matches_the_table():
    ks, recall = recall_curve(RELEVANCE, 8)
    assert ks.tolist() == list(range(1, 11))
    assert recall.tolist() == [1 / 8, 1 / 8, 2 / 8, 3 / 8, 3 / 8, 4 / 8, 4 / 8, 5 / 8, 5 / 8,
                               6 / 8]
    assert all(b >= a for a, b in zip(recall, recall[1:]))


def test_upper_bound():
    assert recall_upper_bound(4, 8) == 0.5
    assert recall_upper_bound(8, 8) == recall_upper_bound(20, 8) == 1.0
    with pytest.raises(ValueError, match="undefined when n_relevant is 0"):
        recall_upper_bound(3, 0)
    with pytest.raises(ValueError, match="k must be a positive integer"):
        recall_upper_bound(0, 4)


def test_slider_refuses_an_empty_query_at_the_door():
    with pytest.raises(ValueError, match="recall is undefined when n_relevant is 0"):
        recall_at_k_slider([0, 0, 0], 0)


def test_live_widget_follows_the_slider():
    box = recall_at_k_slider(RELEVANCE, 8, k=4).widget()
    slider, shown = box.children
    assert 'data-name="R@k">0.3750<' in shown.value
    assert 'data-name="P@k">0.7500<' in shown.value
    slider.value = 6
    assert 'data-name="R@k">0.5000<' in shown.value
    slider.value = 10
    assert 'data-name="k">10<' in shown.value and 'data-name="R@k">0.7500<' in shown.value
    assert 'data-name="recall bound">1.0000<' in shown.value


def test_static_face_holds_every_frame_and_no_network():
    """Read in the chapter's stored face of this slider, which nbval keeps equal to what
    the view draws; its first frame is drawn here too and compared (tests/stored_faces.py)."""
    html, frames = stored_frames_of(CHAPTER, recall_at_k_slider(RELEVANCE, 8, k=4))
    assert frames["values"] == [str(k) for k in range(1, 11)]
    for k, frame in zip(range(1, 11), frames["html"]):
        assert f'data-name="R@k">{recall_at_k(RELEVANCE, k, n_relevant=8):.4f}<' in frame
    assert not re.search(r"(src|href)=\"(https?:)?//", html)


def test_text_face():
    text = repr(recall_at_k_slider(RELEVANCE, 8, k=4))
    assert text == ("Slider over k = 1..10; at k = 4: k = 4, relevant in top k = 3, "
                    "R@k = 0.3750, P@k = 0.7500, recall bound = 0.5000")


def test_hit_rate_and_recall():
    queries = {"q1": ([0, 0, 1, 0, 0], 1), "q2": ([1, 0, 1, 0, 0], 4),
               "q3": ([0, 1, 0, 0, 0], 10)}
    values = hit_rate_and_recall(queries, 5)
    assert values == {"q1": (1.0, 1.0), "q2": (1.0, 0.5), "q3": (1.0, 0.1)}
    for name, (relevance, n_relevant) in queries.items():
        hit, recall = values[name]
        assert hit == hit_rate_at_k(relevance, 5) >= recall
    with pytest.raises(ValueError, match="queries must map"):
        hit_rate_and_recall({}, 5)


def test_figures_build():
    assert recall_at_k_figure(RELEVANCE, 8).figure.axes
    assert recall_at_k_figure(RELEVANCE, 8, k=3, show_precision=False).figure.axes
    assert hit_rate_vs_recall_figure({"q": ([1, 0], 2)}, 2).figure.axes


def test_figure_alt_texts_are_computed_from_the_data():
    alt = recall_at_k_figure(RELEVANCE, 8).alt
    assert "recall climbs in steps of 1/8 from 0.125 to 0.75 and never falls" in alt
    assert "precision moves between 0.5 and 1" in alt
    assert "rises from 0.125 to 1 at k=8 and stays there." in alt
    alt = hit_rate_vs_recall_figure({"q1": ([1, 0], 1), "q2": ([1, 0], 4)}, 2).alt
    assert "Hit@2 is 1 and 1, R@2 is 1 and 0.25" in alt and "0.625 for recall" in alt
