"""The views of the chapter "The ranking problem": the notation on one ranking."""

from __future__ import annotations

import re

import pytest

from rankmetrics_course.chapters.ranking_problem.view import (
    notation_figure,
    notation_frame,
    notation_slider,
    relevant_set,
    top_k_relevant,
)
from rankmetrics_lite import rank_by_score, relevance_from_ids
from tests.course.stored_faces import stored_frames_of

CHAPTER = "01-ranking-problem"  # whose stored slider the static-face tests read

JUDGEMENTS = {"d1": 2, "d2": 0, "d3": 1, "d4": 0, "d5": 2, "d6": 0, "d7": 1, "d8": 0, "d9": 1}
SCORES = {"d3": 0.91, "d8": 0.85, "d1": 0.77, "d6": 0.77, "d5": 0.64, "d2": 0.40, "d7": 0.33}
RANKED = rank_by_score(SCORES)


def test_the_example_ranking_follows_trec_ties():
    assert RANKED == ["d3", "d8", "d6", "d1", "d5", "d2", "d7"]


def test_relevant_set_and_levels():
    assert relevant_set(JUDGEMENTS) == {"d1", "d3", "d5", "d7", "d9"}
    assert relevant_set(JUDGEMENTS, relevance_level=2) == {"d1", "d5"}
    assert relevant_set(JUDGEMENTS, relevance_level=3) == set()
    with pytest.raises(ValueError, match="relevance_level must be at least 1"):
        relevant_set(JUDGEMENTS, relevance_level=0)
    with pytest.raises(ValueError, match="non-negative"):
        relevant_set({"d1": -1})
    with pytest.raises(TypeError, match="mapping"):
        relevant_set(["d1"])


def test_top_k_relevant_is_in_rank_order_and_grows_with_k():
    assert top_k_relevant(RANKED, JUDGEMENTS, 4) == ["d3", "d1"]
    assert top_k_relevant(RANKED, JUDGEMENTS, 7) == ["d3", "d1", "d5", "d7"]
    assert top_k_relevant(RANKED, JUDGEMENTS, 20) == ["d3", "d1", "d5", "d7"]
    previous: list = []
    for k in range(1, 8):
        current = top_k_relevant(RANKED, JUDGEMENTS, k)
        assert current[: len(previous)] == previous
        previous = current


def test_frame_numbers():
    relevance = relevance_from_ids(RANKED, relevant_items=relevant_set(JUDGEMENTS))
    for k in range(1, len(RANKED) + 1):
        frame = notation_frame(RANKED, JUDGEMENTS, k)
        assert frame.numbers["rel_1..rel_k"] == " ".join(map(str, relevance[:k]))
        assert frame.numbers["|R_k|"] == str(sum(relevance[:k]))
        assert frame.numbers["|R|"] == "5"
        # Its figure is drawn for every k in the chapter's stored face (static-face test).
        assert frame.alt and frame.draw is not None
    assert notation_frame(RANKED, JUDGEMENTS, 4).numbers["R_k"] == "{d3, d1}"
    assert notation_frame(RANKED, JUDGEMENTS, 9).numbers["rel_1..rel_k"] == "1 0 0 1 1 0 1 - -"
    assert notation_frame(RANKED, JUDGEMENTS, 4, relevance_level=2).numbers["R_k"] == "{d1}"


def test_live_widget_follows_the_slider():
    slider, shown = notation_slider(RANKED, JUDGEMENTS, k=4).widget().children
    assert 'data-name="R_k">{d3, d1}<' in shown.value
    slider.value = 5
    assert 'data-name="R_k">{d3, d1, d5}<' in shown.value
    assert 'data-name="|R_k|">3<' in shown.value
    slider.value = 1
    assert 'data-name="rel_1..rel_k">1<' in shown.value


def test_static_face_holds_every_frame_and_no_network():
    """Read in the chapter's stored face of this slider, which nbval keeps equal to what
    the view draws; its first frame is drawn here too and compared (tests/stored_faces.py)."""
    html, frames = stored_frames_of(CHAPTER, notation_slider(RANKED, JUDGEMENTS, k=4))
    assert frames["values"] == [str(k) for k in range(1, 8)]
    assert 'data-name="|R_k|">4<' in frames["html"][-1]
    assert not re.search(r"(src|href)=\"(https?:)?//", html)


def test_bad_input_fails_at_the_door():
    with pytest.raises(ValueError, match="twice"):
        notation_slider(["d1", "d1"], JUDGEMENTS)
    with pytest.raises(TypeError, match="no rank order"):
        notation_slider({"d1", "d2"}, JUDGEMENTS)
    with pytest.raises(ValueError, match="k must be a positive integer"):
        notation_figure(RANKED, JUDGEMENTS, k=0).figure


def test_figure_alt_text_names_the_boxes_and_the_top_k():
    alt = notation_figure(RANKED, JUDGEMENTS, k=4).alt
    assert alt.startswith("7 boxes in rank order: d3, d8, d6, d1, d5, d2 and d7;")
    assert "never retrieved, in dashed boxes apart: d9." in alt
    assert "|R_k| = 2, |R| = 5." in alt
