"""The figure of the chapter "Precision@k": its alt text is computed from the ranking."""

from __future__ import annotations

from matplotlib.figure import Figure

from rankmetrics_course.chapters.precision_at_k.view import precision_at_k_figure

RELEVANCE = [1, 0, 1, 1, 0, 1, 0, 1, 0, 1]


def test_figure_alt_text_is_computed_from_the_ranking():
    shown = precision_at_k_figure(RELEVANCE, n_relevant=8)
    assert isinstance(shown.figure, Figure)
    assert "(ranks 1, 3, 4, 6, 8 and 10)" in shown.alt
    assert "1 at k=1, between 0.5 and 1 on the way, ending at 0.6" in shown.alt
    assert "stays at 1 up to k=8 and then falls to 0.8." in shown.alt
    assert "P@4 = 0.7500" in precision_at_k_figure(RELEVANCE, k=4).alt
