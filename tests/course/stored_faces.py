"""The static faces of the chapters' sliders, as the chapters store them.

`make test` runs nbval over every chapter: it re-executes the chapter in a fresh
kernel and compares each stored output, a slider's static face included, byte for
byte with what the code draws today. A stored face is therefore what its view
produces, and a test of a view may read every frame there instead of drawing every
figure a second time. The test still ties the stored face to the code itself: it
finds the face by the slider's text face, compares every frame's numbers with the
frames computed now, and draws one frame now to compare it byte for byte.
"""

from __future__ import annotations

import json
import re

import matplotlib

from rankmetrics_course.slider import Slider, frame_text, static_frames
from tests.paths import BOOK, ROOT

# The chapters' stored figures are drawn by the matplotlib requirements.txt pins. Another one
# (Pyodide's 3.8.4, tests/pyodide) draws the same figure in other SVG bytes: there a frame is
# compared by its numbers and by holding a figure, not byte for byte.
BOOK_MATPLOTLIB = re.search(r"^matplotlib==(\S+)$", (ROOT / "requirements.txt").read_text(), re.M).group(1)


def drawn_as_the_book(now: str, stored: str) -> bool:
    """A frame drawn now equals its stored bytes (with another matplotlib: it holds a figure
    exactly where the stored one does, and the same text outside the figure)."""
    if matplotlib.__version__ == BOOK_MATPLOTLIB:
        return now == stored
    figure = re.compile(r'<img class="rml-figure"(?:[^">]|"[^"]*")*>')  # quoted values may hold '>'
    return figure.sub("<img>", now) == figure.sub("<img>", stored)

_NOT_COMPARED = ("nbval-ignore-output", "nbval-skip")


def stored_static_face(chapter: str, slider: Slider) -> str:
    """The stored static face (text/html) of ``slider`` in ``book/<chapter>.ipynb``.

    The output is found by its text face, ``repr(slider)``; a cell whose output
    nbval does not compare is refused, since nothing would then keep it current.
    """
    text = repr(slider)
    notebook = json.loads((BOOK / f"{chapter}.ipynb").read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "".join(data.get("text/plain", "")) != text or "text/html" not in data:
                continue
            source = "".join(cell["source"])
            tags = set(cell.get("metadata", {}).get("tags", []))
            assert not tags & set(_NOT_COMPARED) and "NBVAL" not in source, (
                f"{chapter} stores {text!r} in a cell that nbval does not compare")
            return "".join(data["text/html"])
    raise LookupError(f"book/{chapter}.ipynb stores no output whose text face is {text!r}: "
                      "give the test the chapter's own slider, or re-execute the chapter")


def stored_frames_of(chapter: str, slider: Slider,
                     drawn_now: int = 0) -> tuple[str, dict[str, list[str]]]:
    """The stored static face of ``slider`` and its frames (see :func:`static_frames`),
    checked against the code: every frame's text equals the frame computed now, each
    frame holds a figure exactly when the frame computed now has one, and the frame at
    position ``drawn_now`` is drawn now and equals the stored one byte for byte (see
    :func:`drawn_as_the_book`)."""
    html = stored_static_face(chapter, slider)
    frames = static_frames(html)
    computed = [slider.frame_for(v) for v in slider.values]
    assert frames["values"] == [slider.shown_value(v) for v in slider.values]
    assert frames["text"] == [frame_text(frame) for frame in computed]
    assert [piece.count('<img class="rml-figure"') for piece in frames["html"]] == [
        int(frame.draw is not None) for frame in computed]
    value = slider.values[drawn_now]
    assert drawn_as_the_book(slider.frame_html_for(value), frames["html"][drawn_now]), (
        f"the frame at {slider.label} = {value} drawn now differs from the one "
        f"book/{chapter}.ipynb stores: re-execute the chapter")
    return html, frames
