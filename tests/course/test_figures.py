"""Figures made readable on a phone as they are rendered (figures.readable)."""

from __future__ import annotations

import re

import numpy as np

from matplotlib.figure import Figure
from matplotlib.text import Text

from rankmetrics_course.figures import figure_to_svg, readable
from rankmetrics_course.style import FIGURE_WIDTH, SMALLEST_TEXT


def _small_print_figure() -> Figure:
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    ax.plot([1, 2, 3], [3, 1, 2], label="a curve")
    ax.legend(fontsize=7)
    ax.set_title("a title", fontsize=8)
    ax.set_ylabel("a long label on the left of the axes")
    figure.text(1.0, 0.5, "a note beyond the right edge")  # no layout moves it in
    return figure


def test_text_is_raised_to_the_smallest_size_and_the_figure_narrowed():
    figure = readable(_small_print_figure())
    sizes = [t.get_fontsize() for t in figure.findobj(Text) if t.get_text()]
    assert min(sizes) >= SMALLEST_TEXT
    # What sticks out of the figure is paid for by a narrower figure.
    assert figure.get_figwidth() < FIGURE_WIDTH
    assert figure.get_tightbbox().width <= FIGURE_WIDTH + 0.05


def test_the_svg_keeps_the_book_width_and_its_fonts():
    svg = figure_to_svg(_small_print_figure())
    width = float(re.search(r"width='([\d.]+)pt'", svg).group(1))
    assert width <= (FIGURE_WIDTH + 0.3) * 72  # plus the saved box's small margin
    # matplotlib 3.8 (Pyodide's) writes the size in a font shorthand, later ones as font-size.
    assert min(float(s) for s in re.findall(r"font(?:-size)?: ([\d.]+)px", svg)) >= SMALLEST_TEXT


def test_a_drawing_mostly_outside_its_axes_is_not_squeezed_to_nothing():
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    ax.set_xlim(0, 1)
    ax.text(12, 0.5, "far to the right", clip_on=False)
    readable(figure)
    assert figure.get_figwidth() >= FIGURE_WIDTH / 2


def test_a_figure_rendered_twice_is_the_same_figure():
    figure = _small_print_figure()
    assert figure_to_svg(figure) == figure_to_svg(figure)


def _pixel(figure, ax, x: float, y: float) -> str:
    """The colour drawn at data point (x, y) of ``ax``, as #rrggbb."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    pixels = np.asarray(canvas.buffer_rgba())
    column, row = ax.transData.transform((x, y))
    r, g, b, _ = pixels[int(round(pixels.shape[0] - row)), int(round(column))]
    return f"#{r:02x}{g:02x}{b:02x}"


def test_the_top_k_band_lies_behind_the_strips_squares_not_over_them():
    """Each square keeps the colour that says what it is, inside the top k too; the band shows
    around the squares (chapter 2's rank strip, chapter 14's grade strips)."""
    from matplotlib.figure import Figure

    from rankmetrics_course.chapters.ndcg.view import grade_colour, grade_strip
    from rankmetrics_course.style import NOT_RELEVANT, RELEVANT, SQUARE_BOTTOM, rank_strip

    figure = Figure(figsize=(4, 1.2), dpi=100)
    ranks, grades = figure.subplots(2, 1)
    rank_strip(ranks, np.array([1, 0, 1, 0]), k=2)
    grade_strip(grades, [3, 1, 0, 2], 3, k=2)
    assert [_pixel(figure, ranks, rank, 0.5) for rank in (1, 2, 3)] == [RELEVANT, NOT_RELEVANT, RELEVANT]
    # Beside the grade written in the middle of each square.
    assert [_pixel(figure, grades, rank + 0.3, 0.25) for rank in (1, 2)] == [grade_colour(3, 3), grade_colour(1, 3)]
    band, outside = _pixel(figure, ranks, 1, SQUARE_BOTTOM / 2), _pixel(figure, ranks, 3, SQUARE_BOTTOM / 2)
    assert outside == "#ffffff" and band not in ("#ffffff", RELEVANT), (band, outside)
