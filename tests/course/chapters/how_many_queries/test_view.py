"""The views of the chapter "How many queries, and how sure": the case study's scores, the
power curves, and the topic-set-size calculator (its frames, live widget and stored static face)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from matplotlib.figure import Figure

from rankmetrics_course.chapters.how_many_queries.view import (
    DIFFERENCES,
    MEASURES,
    case_study_retrievers,
    case_study_scores,
    power_curves_figure,
    queries_needed,
    queries_needed_frame,
    queries_needed_slider,
)
from rankmetrics_lite import paired_t_test_power, topic_set_size, variance_from_scores
from tests.course.stored_faces import stored_frames_of

CHAPTER = "20-how-many-queries"  # whose stored slider the static-face tests read

SCORES = case_study_scores()
VARIANCES = {m: variance_from_scores(SCORES, measure=m) for m in MEASURES}  # Sakai's, within systems

# The case study's table of means (chapter 21, "Two retrievers"): text, then title+text.
CASE_STUDY_MEANS = {"AP": (0.7442, 0.8481), "RR": (0.7997, 0.9122), "nDCG@5": (0.7984, 0.8908),
                    "P@5": (0.3542, 0.4458), "R@5": (0.8750, 0.9167), "Success@5": (0.9375, 0.9792)}


def test_scores_are_the_case_studys():
    assert list(SCORES) == ["text", "title+text"]
    for measure, means in CASE_STUDY_MEANS.items():
        got = tuple(round(float(np.mean([row[measure] for row in SCORES[name].values()])), 4)
                    for name in SCORES)
        assert got == means, measure
    assert len(SCORES["text"]) == 48 and list(SCORES["text"]["q01"]) == list(MEASURES)


def test_scores_have_evaluates_per_query_shape_and_are_copies():
    scores = case_study_scores(["text"])
    scores["text"]["q01"]["AP"] = -1.0
    assert case_study_scores(["text"])["text"]["q01"]["AP"] != -1.0
    five = case_study_scores(list(case_study_retrievers()))
    assert list(five) == ["text", "title+text", "text, b=0.3", "title+text, k1=0.9 b=0.4", "title"]
    with pytest.raises(ValueError, match="systems must name some of"):
        case_study_scores(["bm25"])
    with pytest.raises(ValueError, match="systems must name some of"):
        case_study_scores("text")


def test_queries_needed_is_the_paired_t_design():
    needed = queries_needed(0.05, VARIANCES)
    assert needed == {m: topic_set_size(0.05, v).n_queries for m, v in VARIANCES.items()}
    assert needed["R@5"] == 398  # the worked design of the chapter
    with pytest.raises(ValueError, match=r"variances\['AP'\] must be a positive number"):
        queries_needed(0.05, {"AP": 0.0})
    with pytest.raises(TypeError, match="non-empty dict"):
        queries_needed(0.05, {})


def test_frame_numbers_and_alt_text():
    frame = queries_needed_frame(0.05, VARIANCES)
    assert frame.numbers["minD"] == "0.05"
    assert frame.numbers["queries for P@5"] == str(topic_set_size(0.05, VARIANCES["P@5"]).n_queries)
    assert "A red line marks 48 questions; every measure needs more." in frame.alt
    wide = queries_needed_frame(0.2, VARIANCES)
    assert "AP, RR, nDCG@5, P@5, R@5 and Success@5 need no more" in wide.alt
    assert isinstance(frame.figure, Figure)
    bars = frame.figure.axes[0].patches
    assert sorted(round(bar.get_width()) for bar in bars) == sorted(
        int(v) for k, v in frame.numbers.items() if k != "minD")


def test_live_widget_follows_the_slider():
    box = queries_needed_slider(VARIANCES).widget()
    control, shown = box.children
    assert 'data-name="queries for R@5">398<' in shown.value
    control.value = 0.1
    assert f'data-name="queries for R@5">{topic_set_size(0.1, VARIANCES["R@5"]).n_queries}<' in shown.value
    assert repr(queries_needed_slider(VARIANCES)).startswith(
        "Slider over minD = 0.02..0.20; at minD = 0.05: minD = 0.05, queries for AP = ")


def test_static_face_holds_every_difference():
    """Read in the chapter's stored face of this slider, which nbval keeps equal to what the
    view draws; its first frame is drawn here too and compared (tests/stored_faces.py)."""
    html, frames = stored_frames_of(CHAPTER, queries_needed_slider(VARIANCES, value=0.05))
    assert frames["values"] == [f"{d:.2f}" for d in DIFFERENCES]
    for difference, frame in zip(DIFFERENCES, frames["html"]):
        want = topic_set_size(difference, VARIANCES["AP"]).n_queries
        assert f'data-name="queries for AP">{want}<' in frame
    assert not re.search(r"(src|href)=\"(https?:)?//", html)


def test_power_curves_figure_says_what_it_shows():
    shown = power_curves_figure((0.2, 0.4, 0.6), max_queries=200)
    at = paired_t_test_power(0.4, 48)
    assert f"{at:.2f} for ES = 0.4" in shown.alt
    assert "ES = 0.4 at 52 queries" in shown.alt and "ES = 0.2 at 199 queries" in shown.alt
    assert isinstance(shown.figure, Figure) and len(shown.figure.axes[0].lines) == 5
    beyond = power_curves_figure((0.1,), max_queries=100, available=48)
    assert "ES = 0.1 beyond 100" in beyond.alt
    with pytest.raises(ValueError, match="one to four positive effect sizes"):
        power_curves_figure((0.0,))
    with pytest.raises(ValueError, match="available must lie between"):
        power_curves_figure(available=500)


def test_the_log_axis_writes_plain_numbers():
    # 10^4 draws its exponent at 7/10 of the text size: under 10 px on a phone
    figure = queries_needed_frame(0.05, VARIANCES).figure
    labels = [t.get_text() for t in figure.axes[0].get_xticklabels()]
    assert labels == ["1", "10", "100", "1000", "10000"]
