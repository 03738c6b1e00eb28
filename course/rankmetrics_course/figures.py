"""Figures as self-contained, deterministic HTML with alt text.

A figure is rendered once to SVG (byte-identical on every run, so nbval can
compare it) and embedded as a data URI: the page loads nothing from elsewhere.
The SVG is kept small, since a slider stores one per position: text stays text
in a short font stack, coordinates carry two decimals (1/100 pt), no metadata,
and the data URI is percent-encoded UTF-8 rather than base64 (a third larger).

Every figure is made readable on a phone as it is rendered (:func:`readable`):
whatever size a chapter's view drew it at, it is laid out again at the book's
one figure width with no text under the book's smallest size, and saved no
wider than a phone shows it at one CSS px per point.
"""

from __future__ import annotations

import html
import io
import re
import warnings
from urllib.parse import quote

import matplotlib
from matplotlib.figure import Figure
from matplotlib.text import Text

from rankmetrics_course.style import FIGURE_WIDTH, PHONE_FIGURE_PX, SMALLEST_TEXT

# Byte-identical SVG on every run: no date, fixed ids, text kept as text, and
# one short font stack written into every text element.
_SVG_RC = {"svg.hashsalt": "rankmetrics-lite", "svg.fonttype": "none",
           "font.family": "sans-serif", "font.sans-serif": ["DejaVu Sans", "Arial"]}

_PREAMBLE = re.compile(r"\A.*?(?=<svg )", re.S)        # XML declaration, DOCTYPE
_METADATA = re.compile(r"\s*<metadata>.*?</metadata>", re.S)
_LONG_DECIMALS = re.compile(r"(\d\.\d\d)\d+")
_TEXT_CONTENT = re.compile(r"(<text\b[^>]*>)(.*?)(</text>)", re.S)
_LINE_BREAKS = re.compile(r"\s*\n\s*")
_FONT_NAME = re.compile(r"'([A-Za-z ]+)'")            # 'DejaVu Sans' -> DejaVu Sans
_ATTRIBUTE = re.compile(r'(\s[\w:-]+)="([^"\']*)"')  # x="1" -> x='1'
_NO_ROTATION = re.compile(r" transform='rotate\(-0 [^']*\)'")
_ID = re.compile(r" id='([^']*)'")


def _drop_unused_ids(svg: str) -> str:
    used = set(re.findall(r"#([\w.-]+)", svg))
    return _ID.sub(lambda m: m.group(0) if m.group(1) in used else "", svg)


def _coordinates_rounded(svg: str) -> str:
    """Every number of the drawing to two decimals, but the texts it shows as written (a
    title's "AP = 0.5857" is not cut to "0.58")."""
    pieces, last = [], 0
    for text in _TEXT_CONTENT.finditer(svg):
        pieces += [_LONG_DECIMALS.sub(r"\1", svg[last:text.start(2)]), text.group(2)]
        last = text.end(2)
    return "".join(pieces) + _LONG_DECIMALS.sub(r"\1", svg[last:])


def compact_svg(svg: str) -> str:
    """The same drawing in fewer bytes: no preamble or metadata, two decimals,
    one line, attributes in single quotes (a data URI in an HTML attribute then
    needs few characters escaped)."""
    svg = _METADATA.sub("", _PREAMBLE.sub("", svg, count=1), count=1)
    svg = _LINE_BREAKS.sub(" ", _coordinates_rounded(svg)).strip()
    svg = re.sub(r"font-family:[^;\"]*", lambda m: _FONT_NAME.sub(r"\1", m.group(0)), svg)
    return _drop_unused_ids(_NO_ROTATION.sub("", _ATTRIBUTE.sub(r"\1='\2'", svg)))


# The blank margin (inches) a figure is saved with around what it draws.
SAVED_MARGIN = 0.1


def saved_width(figure: Figure) -> float:
    """How wide (inches) ``figure`` is saved: its tight bounding box and the margins."""
    return figure.get_tightbbox().width + 2 * SAVED_MARGIN


def smallest_text(figure: Figure) -> float:
    """The size (points) of the smallest text ``figure`` shows."""
    return min((text.get_fontsize() for text in figure.findobj(Text)
                if text.get_text() and text.get_visible()), default=SMALLEST_TEXT)


def phone_text_px(figure: Figure) -> float:
    """The smallest text of ``figure`` in CSS px, saved and shown on a phone at
    :data:`~rankmetrics_course.style.PHONE_FIGURE_PX`."""
    return smallest_text(figure) * PHONE_FIGURE_PX / (72 * saved_width(figure))


def _lay_out(figure: Figure) -> None:
    with warnings.catch_warnings():  # panels tight_layout cannot place keep their place
        warnings.simplefilter("ignore", UserWarning)
        figure.tight_layout()


def readable(figure: Figure) -> Figure:
    """Lay ``figure`` out again at :data:`FIGURE_WIDTH` inches with every text at
    least :data:`SMALLEST_TEXT` points, saved narrow enough for its smallest text
    to show at least :data:`SMALLEST_TEXT` CSS px on a phone; returns it.

    A narrower figure is scaled less on a phone, so its text stays legible
    there; the height shrinks by the square root of the width's ratio, which
    keeps stacked panels room for their larger labels. A tight layout fits the
    larger labels in; what still sticks out (a long title, long tick labels, a
    legend beside the axes) is kept by saving the figure's tight bounding box,
    so the figure is narrowed by as much, to keep the saved width. Then, while
    the saved figure is wider than a phone shows it at one CSS px per point
    (:data:`~rankmetrics_course.style.PHONE_FIGURE_PX`), it is narrowed by the
    difference; a drawing that cannot be narrowed so far gets larger text instead.
    """
    if getattr(figure, "_rml_readable", False):  # once: a second pass would narrow it again
        return figure
    for text in figure.findobj(Text):
        if text.get_text() and text.get_fontsize() < SMALLEST_TEXT:
            text.set_fontsize(SMALLEST_TEXT)
    width, height = figure.get_size_inches()
    if width > FIGURE_WIDTH:
        figure.set_size_inches(FIGURE_WIDTH, height * (FIGURE_WIDTH / width) ** 0.5)
    _lay_out(figure)
    outside = figure.get_tightbbox().width - figure.get_figwidth()
    narrower = figure.get_figwidth() - outside
    # (a drawing mostly outside its axes is left as it is, not squeezed to nothing)
    if outside > 0.05 and narrower >= FIGURE_WIDTH / 2:
        figure.set_size_inches(narrower, figure.get_figheight())
        _lay_out(figure)
    for _ in range(8):  # each step fits all but a sliver; a few are enough
        widest = smallest_text(figure) / SMALLEST_TEXT * PHONE_FIGURE_PX / 72
        excess = saved_width(figure) - widest
        if excess <= 0:
            break
        narrower = figure.get_figwidth() - excess - 0.01  # (a hundredth to spare)
        if narrower >= FIGURE_WIDTH / 2:
            figure.set_size_inches(narrower, figure.get_figheight())
        else:
            scale = saved_width(figure) / widest + 0.01
            for text in figure.findobj(Text):
                if text.get_text():
                    text.set_fontsize(text.get_fontsize() * scale)
        _lay_out(figure)
    figure._rml_readable = True
    return figure


def figure_to_svg(figure: Figure) -> str:
    """Render a matplotlib figure, made :func:`readable`, to a deterministic SVG string."""
    buffer = io.StringIO()
    readable(figure)
    with matplotlib.rc_context(_SVG_RC):
        figure.savefig(buffer, format="svg", metadata={"Date": None}, bbox_inches="tight",
                       pad_inches=SAVED_MARGIN)
    return compact_svg(buffer.getvalue())


# A figure is centred and uses the column, up to this width (its text grows with it).
WIDEST_FIGURE = "40rem"
_SVG_SIZE = re.compile(r"<svg [^>]*?width='([\d.]+)pt' height='([\d.]+)pt'")


def figure_img_tag(figure: Figure, alt: str) -> str:
    """An ``<img>`` holding the figure as an SVG data URI, with its alt text.

    The tag carries the figure's size, so that a page reserves its room before the
    image is decoded (nothing below it moves), and it is centred, as wide as the
    column up to :data:`WIDEST_FIGURE`.
    """
    if not alt:
        raise ValueError("alt must describe the figure for readers who cannot see it")
    drawing = figure_to_svg(figure)
    width, height = (round(float(size) * 4 / 3) for size in _SVG_SIZE.search(drawing).groups())
    # Percent-encode only what the URI or its double-quoted HTML attribute cannot
    # hold as is: % # & " and non-ASCII text.
    svg = quote(drawing, safe=" !$'()*+,-./:;=?@_~<>[]{}|^`")
    return (f'<img class="rml-figure" alt="{html.escape(alt)}" width="{width}" height="{height}" '
            f'src="data:image/svg+xml,{svg}" style="display:block;margin:0 auto;width:100%;'
            f'max-width:{WIDEST_FIGURE};height:auto"/>')


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
