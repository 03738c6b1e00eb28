"""The view of the chapter "Diversity and novelty": the jaguar judgements, the novelty
gains, and the alpha slider (its frames, live widget and stored static face)."""

from __future__ import annotations

import math
import re

import pytest
from matplotlib.figure import Figure

from rankmetrics_course.chapters.diversity_and_novelty.view import (
    ALPHAS,
    DIVERSE,
    JAGUAR,
    REDUNDANT,
    alpha_frame,
    alpha_slider,
    novelty_gains,
    subtopic_qrels,
    subtopics_by_rank,
)
from rankmetrics_lite import alpha_ndcg_at_k, evaluate
from tests.course.stored_faces import stored_frames_of

CHAPTER = "23-diversity-and-novelty"


def test_novelty_gains_halve_with_each_repeat():
    assert novelty_gains(REDUNDANT, 0.5).tolist() == [1.0, 0.5, 0.25, 0.125, 1.0]
    assert novelty_gains(REDUNDANT, 0.0).tolist() == [1.0] * 5
    assert novelty_gains(DIVERSE, 1.0).tolist() == [1.0, 1.0, 1.0, 1.0, 0.0]
    assert novelty_gains(["guitar", "cat-car-logo"], 0.5).tolist() == [0.0, 2.0]
    with pytest.raises(ValueError, match="alpha must be a number from 0 to 1"):
        novelty_gains(REDUNDANT, 2)


def test_the_qrels_form_scores_as_the_judged_sets():
    qrels = {"jaguar": subtopic_qrels()}
    assert sorted(qrels["jaguar"]) == ["car", "cat", "os", "team"]
    run = {"jaguar": {doc: 5.0 - rank for rank, doc in enumerate(DIVERSE)}}
    assert evaluate(run, qrels, "alpha_nDCG@5") == {
        "alpha_nDCG@5": alpha_ndcg_at_k(subtopics_by_rank(DIVERSE), 5, judged=JAGUAR)}


def test_frame_numbers_and_alt_text():
    frame = alpha_frame(0.5)
    assert frame.numbers["α"] == "0.5"
    want = alpha_ndcg_at_k(subtopics_by_rank(REDUNDANT), 5, judged=JAGUAR, alpha=0.5)
    assert frame.numbers["α-nDCG@5 redundant"] == f"{want:.4f}"
    assert "the redundant ranking gains 1.00, 0.50, 0.25, 0.12 and 1.00" in frame.alt
    assert alpha_frame(0.0).numbers["α-nDCG@5 redundant"] == alpha_frame(0.0).numbers["α-nDCG@5 diverse"]
    figure = frame.figure
    assert isinstance(figure, Figure)
    heights = [bar.get_height() for bar in figure.axes[0].patches]
    assert heights[:5] == [1.0, 0.5, 0.25, 0.125, 1.0] and len(heights) == 10


def test_live_widget_follows_the_slider():
    box = alpha_slider().widget()
    control, shown = box.children
    assert 'data-name="α">0.5<' in shown.value
    control.value = 1.0
    want = alpha_ndcg_at_k(subtopics_by_rank(REDUNDANT), 5, judged=JAGUAR, alpha=1.0)
    assert f'data-name="α-nDCG@5 redundant">{want:.4f}<' in shown.value
    assert repr(alpha_slider()).startswith("Slider over α = 0.0..1.0; at α = 0.5: α = 0.5, ")


def test_static_face_holds_every_alpha():
    html, frames = stored_frames_of(CHAPTER, alpha_slider(value=0.5))
    assert frames["values"] == [f"{a:.1f}" for a in ALPHAS]
    for alpha, frame in zip(ALPHAS, frames["html"]):
        want = alpha_ndcg_at_k(subtopics_by_rank(DIVERSE), 5, judged=JAGUAR, alpha=alpha)
        assert f'data-name="α-nDCG@5 diverse">{want:.4f}<' in frame
    assert not re.search(r"(src|href)=\"(https?:)?//", html)
    assert math.isclose(ALPHAS[-1], 1.0)


def test_moving_the_car_page_up_changes_alpha_ndcg_not_ndcg():
    from rankmetrics_course.chapters.diversity_and_novelty.view import position_frame, with_car_at

    assert with_car_at(5) == REDUNDANT and with_car_at(1)[0] == "car-maker"
    frames = [position_frame(p) for p in range(1, 6)]
    assert {f.numbers["nDCG@5"] for f in frames} == {"1.0000"}
    values = [float(f.numbers["α-nDCG@5"]) for f in frames]
    assert values[0] == values[1] and values[1] > values[2] > values[3] > values[4]
    assert "when the car page sits at rank 3" in frames[2].alt
    with pytest.raises(ValueError, match="position must be a rank from 1 to 5"):
        with_car_at(6)


def test_position_slider_live_and_static():
    from rankmetrics_course.chapters.diversity_and_novelty.view import position_slider

    box = position_slider().widget()
    control, shown = box.children
    control.value = 1
    assert 'data-name="car at rank">1<' in shown.value
    html, frames = stored_frames_of(CHAPTER, position_slider(value=5))
    assert frames["values"] == ["1", "2", "3", "4", "5"]
    assert all('data-name="nDCG@5">1.0000<' in frame for frame in frames["html"])
