"""The k-slider of the chapter "The precision-recall relationship": frame, widget, static face."""

from __future__ import annotations

import re
from itertools import combinations

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text

from rankmetrics_course.chapters.precision_recall_relationship.view import (
    against_k_figure,
    pr_curve_figure,
    relationship_frame,
    relationship_numbers,
    relationship_slider,
)
from rankmetrics_course.figures import readable
from rankmetrics_lite import precision_at_k, recall_at_k
from tests.course.stored_faces import stored_frames_of

CHAPTER = "04-precision-recall-relationship"  # whose stored slider the static-face tests read

RANKING = [1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1]
N_RELEVANT = 10


def test_frame_numbers_come_from_the_package_and_keep_the_identity():
    for k in range(1, len(RANKING) + 1):
        frame = relationship_frame(RANKING, N_RELEVANT, k)
        p, r = precision_at_k(RANKING, k), recall_at_k(RANKING, k, n_relevant=N_RELEVANT)
        assert frame.numbers["k"] == str(k)
        assert frame.numbers["|R_k|"] == str(sum(RANKING[:k]))
        assert frame.numbers["P@k"] == f"{p:.4f}"
        assert frame.numbers["R@k"] == f"{r:.4f}"
        assert frame.numbers["P@k × k"] == frame.numbers["R@k × |R|"] == f"{sum(RANKING[:k]):.4f}"
        # Its figure is drawn for every k in the chapter's stored face (static-face test).
        assert f"k = {k}" in frame.alt and frame.draw is not None


def test_figures_have_the_expected_axes():
    assert [ax.get_xlabel() for ax in pr_curve_figure(RANKING, N_RELEVANT, k=3).figure.axes] == ["recall R@k"]
    assert against_k_figure(RANKING, N_RELEVANT).figure.axes[1].get_xlabel() == "cutoff k"
    # the rank strip, P@k and R@k against k, the key of the dot colours, the PR curve
    assert len(relationship_frame(RANKING, N_RELEVANT, 4).figure.axes) == 4


def _drawn_texts(figure):
    """Every piece of text the renderer draws, with the renderer (for its extent)."""
    renderer = FigureCanvasAgg(figure).get_renderer()
    drawn, draw_text = [], renderer.draw_text

    def record(gc, x, y, s, prop, angle, ismath=False, mtext=None):
        if mtext is not None and s.strip():
            drawn.append(mtext)
        return draw_text(gc, x, y, s, prop, angle, ismath, mtext)

    renderer.draw_text = record
    figure.draw(renderer)
    return drawn, renderer


@pytest.mark.parametrize("k", [1, 7, 20])
def test_slider_figure_keeps_its_text_apart(k):
    """Laid out as the book shows it (the book's width, its smallest text), no text of
    the slider's figure overlaps other text or lies over a panel it does not belong to:
    the two panel titles once ran into each other, and the right panel's axis label
    lay over the left panel."""
    figure = readable(relationship_frame(RANKING, N_RELEVANT, k).figure)
    texts, renderer = _drawn_texts(figure)
    owner = {id(text): ax for ax in figure.axes for text in ax.findobj(Text)}
    boxes = [(text, text.get_window_extent(renderer)) for text in texts]
    clashes = [(a.get_text(), b.get_text()) for (a, box_a), (b, box_b) in combinations(boxes, 2)
               if box_a.overlaps(box_b)]
    clashes += [(text.get_text(), "another panel") for text, box in boxes for ax in figure.axes
                if ax.axison and ax is not owner.get(id(text)) and box.overlaps(ax.bbox)]
    assert not clashes, clashes


def test_bad_input_fails_at_the_door():
    with pytest.raises(ValueError, match="k must be at most the length of the ranking"):
        relationship_numbers(RANKING, N_RELEVANT, 21)
    with pytest.raises(ValueError, match="recall is undefined when n_relevant is 0"):
        relationship_numbers([0, 0], 0, 1)
    with pytest.raises(ValueError, match="n_relevant must be at least"):
        relationship_slider(RANKING, 5)


def test_live_widget_follows_the_slider():
    box = relationship_slider(RANKING, N_RELEVANT, k=7).widget()
    slider, shown = box.children
    assert 'data-name="P@k">0.5714<' in shown.value
    slider.value = 10
    assert 'data-name="P@k">0.6000<' in shown.value and 'data-name="R@k">0.6000<' in shown.value
    slider.value = 20
    assert 'data-name="|R_k|">9<' in shown.value and 'data-name="R@k">0.9000<' in shown.value


def test_static_face_holds_every_frame_and_no_network():
    """Read in the chapter's stored face of this slider, which nbval keeps equal to what
    the view draws; its first frame is drawn here too and compared (tests/stored_faces.py)."""
    html, frames = stored_frames_of(CHAPTER, relationship_slider(RANKING, N_RELEVANT, k=7))
    assert frames["values"] == [str(k) for k in range(1, 21)]
    for k, frame in zip(range(1, 21), frames["html"]):
        assert f'data-name="R@k">{recall_at_k(RANKING, k, n_relevant=N_RELEVANT):.4f}<' in frame
    assert not re.search(r"(src|href)=\"(https?:)?//", html)
    assert 'value="6"' in html  # k = 7 is position 6 of the range input


def test_text_face():
    text = repr(relationship_slider(RANKING, N_RELEVANT, k=7))
    assert text.startswith("Slider over k = 1..20; at k = 7: k = 7, |R_k| = 4, P@k = 0.5714")


def test_figure_alt_texts_are_computed_from_the_ranking():
    alt = against_k_figure(RANKING, N_RELEVANT).alt
    assert "Precision starts at 1 and ends at 0.45" in alt
    assert "The lines meet at k = 10, where both are 0.6." in alt
    alt = pr_curve_figure(RANKING, N_RELEVANT).alt
    assert "starts at recall 0.1 and precision 1" in alt and "recall 0.9 and precision 0.45." in alt
