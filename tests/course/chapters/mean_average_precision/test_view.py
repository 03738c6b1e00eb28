"""The Mean Average Precision chapter's figures and k-slider: frames, live widget, static face."""

from __future__ import annotations

import re

import pytest
from matplotlib.figure import Figure

from rankmetrics_course.chapters.mean_average_precision.view import (
    NORMALISATIONS,
    ap_at_k_curves,
    ap_at_k_frame,
    ap_at_k_slider,
    ap_terms_figure,
    map_gmap_figure,
    precision_at_relevant_ranks,
)
from rankmetrics_lite import average_precision
from tests.course.stored_faces import stored_frames_of

CHAPTER = "13-mean-average-precision"  # whose stored slider the static-face tests read

RELEVANCE = [1, 0, 1, 0, 0, 1, 0, 0, 1, 0]
N_RELEVANT = 5


def test_precision_at_relevant_ranks():
    ranks, precisions = precision_at_relevant_ranks(RELEVANCE)
    assert ranks.tolist() == [1, 3, 6, 9]
    assert precisions.tolist() == pytest.approx([1, 2 / 3, 3 / 6, 4 / 9])
    assert sum(precisions) / N_RELEVANT == pytest.approx(average_precision(RELEVANCE, n_relevant=N_RELEVANT))


def test_frame_numbers_come_from_the_package():
    for k in range(1, len(RELEVANCE) + 1):
        frame = ap_at_k_frame(RELEVANCE, N_RELEVANT, k)
        assert frame.numbers["k"] == str(k)
        assert frame.numbers["|R_k|"] == str(sum(RELEVANCE[:k]))
        for name, label in NORMALISATIONS.items():
            want = average_precision(RELEVANCE, n_relevant=N_RELEVANT, k=k, normalisation=name)
            assert frame.numbers[label] == f"{want:.4f}"
        total = average_precision(RELEVANCE, n_relevant=N_RELEVANT, k=k) * N_RELEVANT
        assert frame.numbers["sum of P@i"] == f"{total:.4f}"
        # Its figure is drawn for every k in the chapter's stored face (static-face test).
        assert frame.alt and frame.draw is not None


def test_worked_values_at_k_3():
    numbers = ap_at_k_frame(RELEVANCE, N_RELEVANT, 3).numbers
    assert numbers["AP@k / |R|"] == "0.3333"          # (1 + 2/3) / 5
    assert numbers["AP@k / min(k, |R|)"] == "0.5556"  # (1 + 2/3) / 3
    assert numbers["AP@k / |R_k|"] == "0.8333"        # (1 + 2/3) / 2


def test_curves_have_one_value_per_cutoff():
    ks, curves = ap_at_k_curves(RELEVANCE, N_RELEVANT)
    assert ks.tolist() == list(range(1, 11))
    assert set(curves) == set(NORMALISATIONS)
    assert all(len(values) == 10 for values in curves.values())


def test_live_widget_follows_the_slider():
    box = ap_at_k_slider(RELEVANCE, N_RELEVANT, k=3).widget()
    slider, shown = box.children
    assert 'data-name="AP@k / |R_k|">0.8333<' in shown.value
    slider.value = 9
    assert 'data-name="AP@k / |R|">0.5222<' in shown.value
    assert 'data-name="AP@k / |R_k|">0.6528<' in shown.value
    slider.value = 1
    assert 'data-name="k">1<' in shown.value and 'data-name="AP@k / |R|">0.2000<' in shown.value


def test_static_face_holds_every_frame_and_no_network():
    """Read in the chapter's stored face of this slider, which nbval keeps equal to what
    the view draws; its first frame is drawn here too and compared (tests/stored_faces.py)."""
    html, frames = stored_frames_of(CHAPTER, ap_at_k_slider(RELEVANCE, N_RELEVANT, k=3))
    assert frames["values"] == [str(k) for k in range(1, 11)]
    for k, frame in zip(range(1, 11), frames["html"]):
        want = average_precision(RELEVANCE, n_relevant=N_RELEVANT, k=k)
        assert f'data-name="AP@k / |R|">{want:.4f}<' in frame
        assert 'alt="' in frame
    assert not re.search(r"(src|href)=\"(https?:)?//", html)


def test_slider_rejects_bad_input():
    with pytest.raises(ValueError, match="n_relevant must be at least"):
        ap_at_k_slider(RELEVANCE, 3)
    with pytest.raises(ValueError, match="k must be a positive integer"):
        ap_at_k_frame(RELEVANCE, N_RELEVANT, 0)


def test_static_figures():
    assert isinstance(ap_terms_figure(RELEVANCE, N_RELEVANT).figure, Figure)
    assert isinstance(ap_terms_figure([0, 0], 2).figure, Figure)  # nothing found: no dashed line
    assert isinstance(map_gmap_figure([0.8, 0.01], [0.5, 0.2]).figure, Figure)
    with pytest.raises(ValueError, match="one AP per query"):
        map_gmap_figure([0.8, 0.01], [0.5]).figure


def test_figure_alt_texts_are_computed():
    alt = ap_terms_figure(RELEVANCE, N_RELEVANT).alt
    assert alt.startswith("5 bars, one per relevant item: 1.000 (found at rank 1), 0.667 (found at rank 3)")
    assert "0 for the one never found" in alt
    alt = map_gmap_figure([0.8, 0.01], [0.5, 0.2]).alt
    assert "A 0.8 and 0.01; B 0.5 and 0.2" in alt and "A MAP 0.4050, GMAP 0.0894" in alt


def test_the_log_axis_writes_plain_decimals():
    # 10^-2 draws its exponent at 7/10 of the text size: under 10 px on a phone
    figure = map_gmap_figure([0.8, 0.6, 0.4, 0.01], [0.7, 0.5, 0.35, 0.21]).figure
    labels = [t.get_text() for t in figure.axes[0].get_yticklabels()]
    assert labels == ["0.01", "0.1", "1"]


def test_the_slider_legend_sits_under_the_axes():
    from rankmetrics_course.figures import readable

    figure = readable(ap_at_k_frame([1, 0, 1, 0, 0, 1, 0, 0, 1, 0], 5, 8).figure)
    figure.draw_without_rendering()
    ax = figure.axes[1]
    assert ax.get_legend().get_window_extent().y1 < ax.get_window_extent().y0
