"""The views of the chapter "Choosing k in practice": recall targets, frames, slider."""

from __future__ import annotations

import re

import numpy as np
import pytest
from matplotlib.figure import Figure

from rankmetrics_course.chapters.choosing_k.view import (
    cutoff_curves_figure,
    k_for_mean_recall,
    k_for_share_of_queries,
    min_k_for_recall,
    recall_at_each_k,
    recall_target_figure,
    recall_target_frame,
    recall_target_slider,
    share_reaching_target,
)
from rankmetrics_course.slider import static_frames
from rankmetrics_lite import recall_at_k

EXAMPLE = [1, 0, 1, 1, 0, 1, 0, 1, 0, 1]


def _queries(seed=0, n_queries=12, depth=30):
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n_queries):
        relevance = (rng.random(depth) < rng.uniform(0.05, 0.5)).astype(int).tolist()
        out.append((relevance, sum(relevance) + int(rng.integers(0, 3))))
    return out


def _brute_min_k(relevance, n_relevant, target):
    for k in range(1, len(relevance) + 1):
        if recall_at_k(relevance, k, n_relevant=n_relevant) >= target:
            return k
    return None


def test_min_k_for_recall_on_the_example():
    assert min_k_for_recall(EXAMPLE, 8, 0.25) == 3
    assert min_k_for_recall(EXAMPLE, 8, 0.5) == 6
    assert min_k_for_recall(EXAMPLE, 8, 0.75) == 10
    assert min_k_for_recall(EXAMPLE, 8, 0.9) is None
    assert min_k_for_recall([0, 0, 0], 2, 0.5) is None
    assert min_k_for_recall([1], 1, 1.0) == 1


def test_min_k_for_recall_agrees_with_recall_at_k():
    for relevance, n_relevant in _queries():
        for target in (0.1, 0.3, 0.5, 0.7, 0.9, 1.0):
            assert min_k_for_recall(relevance, n_relevant, target) == _brute_min_k(
                relevance, n_relevant, target)


def test_exact_targets_count_as_reached():
    relevance = [1] * 7 + [0] * 3
    assert min_k_for_recall(relevance, 10, 0.7) == 7  # 7/10 >= 0.7
    assert min_k_for_recall(relevance, 10, 0.3) == 3


def test_bad_targets_fail_at_the_door():
    with pytest.raises(ValueError, match=r"target must be in \(0, 1\]"):
        min_k_for_recall(EXAMPLE, 8, 90)
    with pytest.raises(ValueError, match=r"target must be in \(0, 1\]"):
        min_k_for_recall(EXAMPLE, 8, 0)
    with pytest.raises(TypeError, match="target must be a number"):
        min_k_for_recall(EXAMPLE, 8, "0.9")
    with pytest.raises(ValueError, match="n_relevant"):
        min_k_for_recall(EXAMPLE, 0, 0.5)
    with pytest.raises(ValueError, match=r"share must be in \(0, 1\]"):
        k_for_share_of_queries(_queries(), 0.5, 1.5)
    with pytest.raises(ValueError, match="non-empty list"):
        recall_at_each_k([])


def test_recall_matrix_pads_short_rankings():
    matrix = recall_at_each_k([([1, 0], 2), ([0, 1, 1, 0], 4)])
    assert matrix.shape == (2, 4)
    assert matrix[0].tolist() == [0.5, 0.5, 0.5, 0.5]
    assert recall_at_each_k([([1, 0, 1], 2)], depth=2).tolist() == [[0.5, 0.5]]


def test_set_answers_against_brute_force():
    queries = _queries(seed=3)
    depth = len(queries[0][0])
    for target in (0.3, 0.5, 0.8, 1.0):
        recall = np.array([[recall_at_k(r, k, n_relevant=n) for k in range(1, depth + 1)]
                           for r, n in queries])
        mean_ok = np.flatnonzero(recall.mean(axis=0) >= target)
        assert k_for_mean_recall(queries, target) == (int(mean_ok[0]) + 1 if mean_ok.size
                                                      else None)
        own = [_brute_min_k(r, n, target) for r, n in queries]
        for share in (0.25, 0.5, 0.75, 1.0):
            count = [sum(k is not None and k <= d for k in own) for d in range(1, depth + 1)]
            ok = [d for d, c in zip(range(1, depth + 1), count) if c >= share * len(queries)]
            assert k_for_share_of_queries(queries, target, share) == (ok[0] if ok else None)
        assert share_reaching_target(queries, target).tolist() == [
            c / len(queries) for c in count]


def test_share_counts_an_exact_share_as_reached():
    queries = [([0] * i + [1] + [0] * (9 - i), 1) for i in range(10)]
    assert k_for_share_of_queries(queries, 1.0, 0.7) == 7
    assert k_for_share_of_queries(queries, 1.0, 1.0) == 10


def test_frame_and_figures():
    queries = _queries(seed=1)
    frame = recall_target_frame(queries, 80, share=0.9)
    assert frame.numbers["target"] == "0.80"
    k_mean = k_for_mean_recall(queries, 0.8)
    assert frame.numbers["k for mean R@k"] == ("not reached" if k_mean is None else str(k_mean))
    k_most = k_for_share_of_queries(queries, 0.8, 0.9)
    assert frame.numbers["k for 90% of queries"] == (
        "not reached" if k_most is None else str(k_most))
    never = sum(min_k_for_recall(r, n, 0.8) is None for r, n in queries)
    assert frame.numbers["queries never reaching it"] == str(never)
    assert isinstance(frame.figure, Figure) and frame.alt
    assert isinstance(recall_target_figure(queries, 0.5).figure, Figure)
    assert isinstance(cutoff_curves_figure(queries, max_k=15, page_size=10).figure, Figure)


def test_live_widget_follows_the_slider():
    queries = _queries(seed=2)
    box = recall_target_slider(queries, range(50, 101, 5), target_percent=80).widget()
    slider, shown = box.children
    assert 'data-name="target">0.80<' in shown.value
    slider.value = 50
    expected = k_for_mean_recall(queries, 0.5)
    assert 'data-name="target">0.50<' in shown.value
    assert f'data-name="k for mean R@k">{expected}<' in shown.value


def test_static_face_holds_every_frame():
    """Three targets, one on each side of the last the mean reaches (80 % at k = 30; 85 %
    and more never): the chapter's eleven are drawn by the same code, and nbval keeps
    them as the chapter stores them."""
    queries = _queries(seed=2)
    targets = [50, 80, 100]
    html = recall_target_slider(queries, targets, target_percent=80).static_html()
    frames = static_frames(html)
    assert frames["values"] == [str(t) for t in targets]
    for t, frame in zip(targets, frames["html"]):
        k = k_for_mean_recall(queries, t / 100)
        shown = "not reached" if k is None else str(k)
        assert f'data-name="k for mean R@k">{shown}<' in frame
    assert not re.search(r"(src|href)=\"(https?:)?//", html)
    with pytest.raises(ValueError, match="between 1 and 100"):
        recall_target_slider(queries, [50, 120])


def test_figure_alt_texts_are_computed_from_the_queries():
    queries = [([1, 0, 0, 0], 1), ([0, 0, 1, 1], 2)]
    alt = cutoff_curves_figure(queries, max_k=4, page_size=2).alt
    assert "hit rate@k rises from 0.50 to 1.00" in alt and "R@k rises from 0.50 to 1.00" in alt
    assert "P@k goes from 0.50 to 0.38" in alt and "line at k = 2" in alt
    alt = recall_target_figure(queries, 0.5, share=1.0).alt
    assert "crosses a dashed target line at 0.50 at k = 1" in alt
    assert "reaches 1.00 at k = 3" in alt
