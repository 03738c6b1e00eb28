"""The views of the chapter "Statistics of P@k and R@k": frames, slider, figures."""

from __future__ import annotations

import re

import numpy as np
import pytest
from matplotlib.figure import Figure

from rankmetrics_course.chapters.statistics.view import (
    binomial_precision_pmf,
    paired_scores_figure,
    precision_distribution_figure,
    precision_per_query,
    random_precision_frame,
    random_precision_slider,
)
from rankmetrics_lite import precision_at_k
from rankmetrics_lite._random_baseline import random_precision_at_k, simulate_random_precision
from tests.course.stored_faces import stored_frames_of

CHAPTER = "06-statistics"  # whose stored slider the static-face tests read

KS = [1, 2, 3, 5, 8, 10, 15, 20, 25, 30, 35, 40, 45, 48, 50]


def test_frame_numbers_come_from_the_package():
    for k in (1, 20, 49, 50):
        frame = random_precision_frame(50, 10, k)
        exact = random_precision_at_k(n_items=50, n_relevant=10, k=k)
        assert frame.numbers["k"] == str(k)
        assert frame.numbers["E[P@k]"] == "0.2000"
        assert frame.numbers["exact Var"] == f"{exact.variance:.5f}"
        assert frame.numbers["binomial Var"] == f"{0.2 * 0.8 / k:.5f}"
        assert frame.numbers["(N-k)/(N-1)"] == f"{(50 - k) / 49:.4f}"
        assert isinstance(frame.figure, Figure) and str(k) in frame.alt


def test_frame_without_spread():
    frame = random_precision_frame(50, 0, 10)  # no relevant item: no variance at all
    assert frame.numbers["exact Var"] == "0.00000" and frame.numbers["(N-k)/(N-1)"] == "1.0000"


def test_binomial_pmf_sums_to_one_and_checks_its_input():
    pmf = binomial_precision_pmf(50, 10, 20)
    assert pmf.shape == (21,) and abs(pmf.sum() - 1) < 1e-12
    with pytest.raises(ValueError, match="k must be at most n_items"):
        binomial_precision_pmf(10, 3, 11)


def test_precision_per_query_equals_precision_at_k():
    rows = np.random.default_rng(0).integers(0, 2, size=(7, 12))
    out = precision_per_query(rows, ks=[1, 5, 12, 15])
    for k, values in out.items():
        assert values.tolist() == [precision_at_k(row, k) for row in rows]
    with pytest.raises(ValueError, match="relevance_rows must hold only 0"):
        precision_per_query([[0, 2]], ks=[1])
    with pytest.raises(ValueError, match="one ranking per row"):
        precision_per_query([1, 0], ks=[1])


def test_figures_are_figures():
    draws = simulate_random_precision(n_items=50, n_relevant=10, k=20, n_draws=500, seed=0)
    assert isinstance(precision_distribution_figure(50, 10, 20, simulated=draws).figure, Figure)
    assert isinstance(paired_scores_figure([0.1, 0.5, 0.9], [0.2, 0.5, 0.7]).figure, Figure)
    with pytest.raises(ValueError, match="same length"):
        paired_scores_figure([0.1, 0.5], [0.2]).figure


def test_live_widget_follows_the_slider():
    box = random_precision_slider(50, 10, KS, k=20).widget()
    slider, shown = box.children
    assert 'data-name="exact Var">0.00490<' in shown.value
    slider.value = 50
    assert 'data-name="k">50<' in shown.value and 'data-name="exact Var">0.00000<' in shown.value
    slider.value = 1
    assert 'data-name="exact Var">0.16000<' in shown.value
    assert 'data-name="binomial Var">0.16000<' in shown.value


def test_static_face_holds_every_frame():
    """Read in the chapter's stored face of this slider, which nbval keeps equal to what
    the view draws; its first frame is drawn here too and compared (tests/stored_faces.py)."""
    html, frames = stored_frames_of(CHAPTER, random_precision_slider(50, 10, KS, k=20))
    assert frames["values"] == [str(k) for k in KS]
    for k, frame in zip(KS, frames["html"]):
        exact = random_precision_at_k(n_items=50, n_relevant=10, k=k)
        assert f'data-name="exact Var">{exact.variance:.5f}<' in frame
    assert not re.search(r"(src|href)=\"(https?:)?//", html)
    assert f'value="{KS.index(20)}"' in html


def test_slider_rejects_bad_cutoffs():
    with pytest.raises(ValueError, match="k must be a positive integer"):
        random_precision_slider(50, 10, [0, 1])


def test_figure_alt_texts_are_computed_from_the_data():
    alt = precision_distribution_figure(50, 10, 20, simulated=np.zeros(300)).alt
    assert "peaking at 0.2" in alt and "300 simulated shuffles" in alt
    assert "variance 0.00800 against the exact 0.00490" in alt
    alt = paired_scores_figure([0.1, 0.5, 0.9], [0.2, 0.5, 0.7]).alt
    assert "1 above the diagonal, 1 below, 1 on it" in alt and "mean line at -0.033" in alt
