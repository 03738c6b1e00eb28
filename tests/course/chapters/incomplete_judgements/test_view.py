"""The incomplete-judgements chapter's simulation, Kendall's tau and pool-depth slider."""

from __future__ import annotations

import pytest

from rankmetrics_course.chapters.incomplete_judgements.view import (
    DEPTHS,
    drift_frame,
    drift_slider,
    drift_table,
    kendall_tau,
    pooled_qrels,
    sampled_qrels,
    three_systems,
)
from rankmetrics_lite import evaluate
from tests.course.stored_faces import stored_frames_of


def test_kendall_tau():
    assert kendall_tau([1, 2, 3], [10, 20, 30]) == 1.0
    assert kendall_tau([1, 2, 3], [3, 2, 1]) == -1.0
    assert kendall_tau([1, 2, 3, 4], [1, 2, 4, 3]) == pytest.approx(4 / 6)
    with pytest.raises(ValueError, match="undefined"):
        kendall_tau([1, 1], [1, 2])


def test_pooling_judges_only_the_top_of_the_pooled_runs():
    grades, runs = three_systems()
    qrels = pooled_qrels(grades, [runs["A"], runs["B"]], 10)
    for qid, judged in qrels.items():
        assert 10 <= len(judged) <= 20
        assert all(grades[qid][doc] == grade for doc, grade in judged.items())
    with pytest.raises(ValueError, match="depth must be a positive integer"):
        pooled_qrels(grades, [runs["A"]], 0)


def test_the_sample_marks_the_rest_of_the_pool():
    grades, runs = three_systems()
    sample = sampled_qrels(grades, list(runs.values()), 20, 0.5, seed=1)
    values = [g for judged in sample.values() for g in judged.values()]
    assert -1 in values and 0 in values and 0.3 < sum(g >= 0 for g in values) / len(values) < 0.7


def test_the_new_system_is_underrated_by_the_shallow_pool():
    grades, runs = three_systems()
    pool = pooled_qrels(grades, [runs["A"], runs["B"]], 10)
    full = {name: evaluate(run, grades, "AP")["AP"] for name, run in runs.items()}
    pooled = {name: evaluate(run, pool, ["AP", "Bpref"]) for name, run in runs.items()}
    assert full["C"] > full["A"] and pooled["C"]["AP"] < pooled["A"]["AP"]
    assert pooled["C"]["Bpref"] > pooled["A"]["Bpref"]


def test_drift_frames_come_from_the_table():
    table = drift_table()
    assert set(table) == set(DEPTHS)
    assert table[100]["AP"] == 1.0 and table[1]["AP"] < table[100]["AP"]
    frame = drift_frame(10)
    assert frame.numbers["depth"] == "10"
    assert frame.numbers["tau AP"] == f"{table[10]['AP']:.3f}"
    assert "depth 10" in frame.alt
    with pytest.raises(ValueError, match="depth must be one of"):
        drift_frame(7)


def test_the_slider_has_both_faces():
    """Read in the chapter's stored face of this slider, which nbval keeps equal to what
    the view draws; its first frame is drawn here too and compared (tests/stored_faces.py)."""
    slider = drift_slider(depth=10)
    html, frames = stored_frames_of("16-incomplete-judgements", slider)
    assert frames["values"] == [str(depth) for depth in DEPTHS] and 'type="range"' in html
    assert all(frame.count("<img") == 1 for frame in frames["html"])  # one figure per frame
    assert "tau bpref" in repr(slider) and "pool depth = 10" in repr(slider)
