"""Figures as self-contained, deterministic HTML with alt text.

A figure is rendered once to SVG (byte-identical on every run, so nbval can
compare it) and embedded as a data URI: the page loads nothing from elsewhere.
"""

from __future__ import annotations

import base64
import html
import io

import matplotlib
from matplotlib.figure import Figure

# Byte-identical SVG on every run: no date, fixed ids, text kept as text.
_SVG_RC = {"svg.hashsalt": "rankmetrics-lite", "svg.fonttype": "none"}


def figure_to_svg(figure: Figure) -> str:
    """Render a matplotlib figure to a deterministic SVG string."""
    buffer = io.StringIO()
    with matplotlib.rc_context(_SVG_RC):
        figure.savefig(buffer, format="svg", metadata={"Date": None}, bbox_inches="tight")
    return buffer.getvalue()


def figure_img_tag(figure: Figure, alt: str) -> str:
    """An ``<img>`` holding the figure as an SVG data URI, with its alt text."""
    if not alt:
        raise ValueError("alt must describe the figure for readers who cannot see it")
    svg = base64.b64encode(figure_to_svg(figure).encode()).decode()
    return (f'<img class="rml-figure" alt="{html.escape(alt)}" '
            f'src="data:image/svg+xml;base64,{svg}" style="max-width:100%"/>')


class ShownFigure:
    """A figure for a notebook cell: HTML with alt text in Jupyter and in the book."""

    def __init__(self, figure: Figure, alt: str, caption: str = ""):
        self.figure, self.alt, self.caption = figure, alt, caption

    def __repr__(self) -> str:
        return f"Figure: {self.alt}"

    def _repr_html_(self) -> str:
        caption = f"<figcaption>{html.escape(self.caption)}</figcaption>" if self.caption else ""
        return f'<figure class="rml-figure">{figure_img_tag(self.figure, self.alt)}{caption}</figure>'


def show_figure(figure: Figure, alt: str, caption: str = "") -> ShownFigure:
    """Wrap ``figure`` for display; ``alt`` describes it for screen readers."""
    return ShownFigure(figure, alt, caption)
