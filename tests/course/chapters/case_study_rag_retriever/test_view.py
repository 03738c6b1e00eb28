"""The case study's views: the k-slider over the anchor table, the query slider, the figures."""

from __future__ import annotations

import re

import numpy as np
import pytest

from rankmetrics_course.chapters.case_study_rag_retriever.corpus import load_anchor_queries
from rankmetrics_course.chapters.case_study_rag_retriever.retrievers import (
    SearchResult,
    chunk_hits,
    new_document_hits,
    search,
)
from rankmetrics_course.chapters.case_study_rag_retriever.view import (
    cutoff_choice_figure,
    cutoff_frame,
    cutoff_slider,
    mean_cutoff_curves,
    paired_differences_figure,
    query_slider,
    ranked_chunks_frame,
)
from rankmetrics_lite import hit_rate_at_k, precision_at_k, recall_at_k
from tests.course.stored_faces import stored_frames_of

CHAPTER = "21-case-study-rag-retriever"  # whose stored slider the static-face tests read

ANCHORS = load_anchor_queries()
RESULTS = {q.query_id: search(q.query, 10) for q in ANCHORS}
ROWS = [chunk_hits(RESULTS[q.query_id], q.relevant) for q in ANCHORS]
NEW = [new_document_hits(RESULTS[q.query_id], q.relevant) for q in ANCHORS]
LABELS = [q.query_id for q in ANCHORS]
ONES = [1] * len(ANCHORS)


def test_curves_are_means_of_the_package_values():
    curves = mean_cutoff_curves(ROWS, NEW, ONES, depth=10)
    for k in range(1, 11):
        assert curves["precision"][k - 1] == pytest.approx(np.mean([precision_at_k(r, k) for r in ROWS]))
        assert curves["recall"][k - 1] == pytest.approx(np.mean([recall_at_k(r, k, n_relevant=1) for r in NEW]))
        # one expected page per query: document recall is the hit rate
        assert curves["recall"][k - 1] == curves["hit_rate"][k - 1]
    assert np.all(np.diff(curves["recall"]) >= 0)


def test_recall_and_hit_rate_differ_with_several_relevant_pages():
    curves = mean_cutoff_curves([[1, 1, 0]], [[1, 0, 0]], [2], depth=3)
    assert curves["hit_rate"].tolist() == [1.0, 1.0, 1.0]
    assert curves["recall"].tolist() == [0.5, 0.5, 0.5]


def test_cutoff_frame_numbers():
    for k in (1, 3, 10):
        frame = cutoff_frame(ROWS, NEW, ONES, LABELS, k)
        assert frame.numbers["mean P@k"] == f"{np.mean([precision_at_k(r, k) for r in ROWS]):.4f}"
        assert frame.numbers["mean R@k"] == f"{np.mean([recall_at_k(r, k, n_relevant=1) for r in NEW]):.4f}"
        hits = int(sum(hit_rate_at_k(r, k) for r in ROWS))
        assert frame.numbers["queries with a hit"] == f"{hits} of 6"
        # Its figure is drawn for every k in the chapter's stored face (static-face test).
        assert frame.draw is not None and f"k = {k}" in frame.alt
    assert cutoff_frame(ROWS, NEW, ONES, LABELS, 3).numbers["mean P@k"] == f"{7 / 18:.4f}"


def test_cutoff_inputs_are_checked():
    with pytest.raises(ValueError, match="one entry per query each; chunk_rows has 6, .*labels has 5"):
        cutoff_frame(ROWS, NEW, ONES, LABELS[:5], 2)
    with pytest.raises(ValueError, match="k must be at most depth=10"):
        cutoff_frame(ROWS, NEW, ONES, LABELS, 11)
    with pytest.raises(ValueError, match="k must be a positive integer"):
        cutoff_frame(ROWS, NEW, ONES, LABELS, 0)
    with pytest.raises(ValueError, match=r"chunk_rows\[0\] must hold only 0"):
        mean_cutoff_curves([[2, 0]], [[1, 0]], [1], depth=2)


def test_k_slider_live_widget_follows():
    box = cutoff_slider(ROWS, NEW, ONES, LABELS, k=3).widget()
    slider, shown = box.children
    assert 'data-name="mean P@k">0.3889<' in shown.value
    slider.value = 1
    assert 'data-name="mean P@k">0.3333<' in shown.value
    assert 'data-name="queries with a hit">2 of 6<' in shown.value
    slider.value = 4
    assert 'data-name="mean R@k">1.0000<' in shown.value


def test_k_slider_static_face_holds_every_k():
    """Read in the chapter's stored face of this slider, which nbval keeps equal to what
    the view draws; its first frame is drawn here too and compared (tests/stored_faces.py)."""
    html, frames = stored_frames_of(CHAPTER, cutoff_slider(ROWS, NEW, ONES, LABELS, k=3))
    assert frames["values"] == [str(k) for k in range(1, 11)]
    for k, frame in zip(range(1, 11), frames["html"]):
        assert f'data-name="mean P@k">{np.mean([precision_at_k(r, k) for r in ROWS]):.4f}<' in frame
    assert not re.search(r"(src|href)=\"(https?:)?//", html)


def test_k_slider_static_face_is_deterministic():
    """A frame drawn in this process is byte for byte the one the chapter stored when
    another process executed it; nbval checks every frame so in a fresh kernel."""
    stored_frames_of(CHAPTER, cutoff_slider(ROWS, NEW, ONES, LABELS, k=3), drawn_now=9)


def entries():
    return [(q.query_id, q.query, RESULTS[q.query_id], list(q.relevant)) for q in ANCHORS]


def test_ranked_chunks_frame_numbers():
    frame = ranked_chunks_frame(*entries()[2], k=3)  # a3: the Nook query
    assert frame.numbers["query"] == "a3: What equipment does a Nook have?"
    assert frame.numbers["hits in top 3"] == "0 of 3"
    assert frame.numbers["P@3"] == "0.0000" and frame.numbers["R@3"] == "0.0000"
    assert frame.numbers["first hit at rank"] == "4"
    frame = ranked_chunks_frame(*entries()[0], k=3)  # a1: two cancellation chunks in the top 3
    assert frame.numbers["hits in top 3"] == "2 of 3"
    assert frame.numbers["P@3"] == "0.6667" and frame.numbers["R@3"] == "1.0000"
    empty = ranked_chunks_frame("x", "nothing", [], ["room-nook"], k=3)
    assert empty.numbers["first hit at rank"] == "none" and empty.numbers["P@3"] == "0.0000"


def test_ranked_chunks_frame_with_several_relevant_pages():
    results = [SearchResult(i, f"{d}-{i:03d}", d, 1.0 / i, "") for i, d in
               enumerate(["a", "a", "x", "b"], start=1)]
    frame = ranked_chunks_frame("q", "two pages", results, ["a", "b"], k=3)
    assert frame.numbers["P@3"] == "0.6667" and frame.numbers["R@3"] == "0.5000"
    with pytest.raises(TypeError, match="wrap 'a' in a list"):
        ranked_chunks_frame("q", "one page", results, "a", k=3)


def test_query_slider_follows_the_chosen_query():
    slider = query_slider(entries(), k=3, value=1)
    box = slider.widget()
    control, shown = box.children
    assert "a1: What is the cancellation policy" in shown.value
    control.value = 3
    assert "a3: What equipment does a Nook have?" in shown.value
    assert 'data-name="first hit at rank">4<' in shown.value
    assert repr(slider).startswith("Slider over query = 1..6; at query = 1: query = a1:")
    with pytest.raises(ValueError, match="at least one"):
        query_slider([])


def test_paired_differences_figure():
    shown = paired_differences_figure({"q1": 0.5, "q2": 0.2, "q3": 0.9},
                                      {"q1": 0.7, "q2": 0.2, "q3": 0.6}, "AP",
                                      ("text", "title+text"))
    assert "better on 1, worse on 1, tied on 1" in shown.figure.axes[0].get_title()
    assert shown.alt == ("Bars of the per-query difference in AP, title+text minus text, sorted "
                         "from the largest gain to the largest loss: 1 queries gain, 1 lose and 1 "
                         "are tied at zero; a dashed line marks the mean difference, -0.0333.")
    with pytest.raises(ValueError, match="same, non-empty set of query ids"):
        paired_differences_figure({"q1": 0.5}, {"q2": 0.5}, "AP")


def test_cutoff_choice_figure_says_what_it_marks():
    shown = cutoff_choice_figure([1, 2, 3], [0.5, 0.8, 0.9], [1.0, 0.7, 0.5], 0.9, 3)
    assert "k = 3, where mean R@k is 0.9000 and mean P@k 0.5000" in shown.alt
    assert "from 1 to 3" in shown.alt and repr(shown).startswith("Figure: Mean R@k rising")
    with pytest.raises(ValueError, match="one value per cutoff"):
        cutoff_choice_figure([1, 2], [0.5], [1.0, 0.7], 0.9, 2)
    with pytest.raises(ValueError, match="chosen_k must be one of ks"):
        cutoff_choice_figure([1, 2], [0.5, 0.9], [1.0, 0.7], 0.9, 5)
