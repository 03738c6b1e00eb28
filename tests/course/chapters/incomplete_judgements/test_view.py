"""The incomplete-judgements chapter's simulation, Kendall's tau and pool-depth slider."""

from __future__ import annotations

import pytest

from rankmetrics_course.chapters.incomplete_judgements.view import (
    DEPTHS,
    drift_frame,
    drift_slider,
    drift_table,
    pooled_qrels,
    sampled_qrels,
    system_mean,
    three_systems,
)
from rankmetrics_lite import evaluate
from tests.course.stored_faces import stored_frames_of


def test_equal_means_tie_after_summing():
    # P@10 of 0.1 and 0.2 against 0.3 and 0.0: both mean 0.15, but 0.1 + 0.2 is not 0.3 in floats
    qrels = {q: {f"d{i}": 1 for i in range(10)} for q in ("q1", "q2")}
    def run(hits_q1, hits_q2):
        return {q: {f"{'d' if i < hits else 'x'}{i}": 10.0 - i for i in range(10)}
                for q, hits in (("q1", hits_q1), ("q2", hits_q2))}
    a, b = run(1, 2), run(3, 0)
    assert evaluate(a, qrels, "P@10")["P@10"] != evaluate(b, qrels, "P@10")["P@10"]
    assert system_mean(a, qrels, "P@10") == system_mean(b, qrels, "P@10") == 0.15


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
