"""One computation, two faces: sliders that work in Jupyter and in the static book.

A chapter describes an interaction by a pure function ``frame_for(value) -> Frame``
(the numbers and the figure shown for one slider position). :class:`Slider`
turns it into one display object whose MIME bundle carries both faces:

* ``application/vnd.jupyter.widget-view+json``: a live widget, which Jupyter
  prefers when a kernel runs: the static face's range input (:mod:`.live_range`)
  and the frame it selects; it calls ``frame_for`` on every move;
* ``text/html``: a self-contained page fragment with every frame precomputed and
  a few lines of inline JavaScript that swap them as the range input moves. The
  online book shows this face (``nb_mime_priority_overrides`` in ``_config.yml``);
  it loads nothing from the network.

nbval compares the ``text/plain`` and ``text/html`` parts like any other output
(it skips the widget view, whose model id is random), so the static face is a
checked promise too. A live session of ``make lab`` never shows the static face,
so there it is not built (``RANKMETRICS_LIVE_ONLY=1``); and each frame is
computed once per slider, whichever faces use it. A frame carries the function
that draws its figure, not the figure: it is drawn (once per slider) only for a
face that shows it, so a text face, the numbers alone or a live session's first
view cost no drawing of the positions they do not show.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from matplotlib.figure import Figure

from rankmetrics_course.figures import figure_img_tag


@dataclass(frozen=True)
class Frame:
    """What one slider position shows: labelled numbers and, drawn only when
    shown, an optional figure.

    ``draw`` is a function of no arguments that returns the figure, such as
    ``functools.partial(some_figure, relevance, k)``: computing a frame draws
    nothing, so its numbers and its text cost no matplotlib figure.
    """

    numbers: dict[str, str]
    draw: Callable[[], Figure] | None = None
    alt: str = ""
    caption: str = ""

    def __post_init__(self):
        if self.draw is not None and not callable(self.draw):
            raise TypeError("draw must be a function that returns the figure (for example "
                            f"functools.partial(some_figure, k)), got {type(self.draw).__name__}")

    @property
    def figure(self) -> Figure | None:
        """The frame's figure, drawn now (a new one on each call); None when it has none."""
        return None if self.draw is None else self.draw()


def frame_html(frame: Frame) -> str:
    """The HTML of one frame: a row of labelled numbers, then the figure (drawn now)."""
    cells = "".join(
        f'<span class="rml-number"><span class="rml-label">{html.escape(label)}</span> '
        f'<span class="rml-num" data-name="{html.escape(label)}">{html.escape(value)}</span></span>'
        for label, value in frame.numbers.items()
    )
    parts = [f'<div class="rml-numbers">{cells}</div>']
    if frame.draw is not None:
        parts.append(figure_img_tag(frame.draw(), frame.alt))
    if frame.caption:
        parts.append(f'<p class="rml-caption">{html.escape(frame.caption)}</p>')
    return "".join(parts)


def frame_text(frame: Frame) -> str:
    """The plain-text line of one frame, for text front ends, nbval and screen readers."""
    return ", ".join(f"{label} = {value}" for label, value in frame.numbers.items())


# The label and the value share the first row; the range input has the whole
# width of the second to itself, on a phone as on a desktop, so nothing the
# value shows can move the track under the reader's finger.
STYLE = (
    ".rml-slider{border:1px solid #ccc;border-radius:6px;padding:.6em .8em;margin:.5em 0}"
    ".rml-control{display:grid;grid-template-columns:1fr auto;align-items:center;gap:.2em .6em}"
    ".rml-control input[type=range]{grid-column:1/3;grid-row:2;width:100%;margin:0;height:2em}"
    ".rml-value{font-family:monospace;font-weight:bold;text-align:right}"
    ".rml-numbers{display:flex;flex-wrap:wrap;gap:.4em 1.4em;margin:.4em 0;font-family:monospace}"
    ".rml-label{color:#555}.rml-label::after{content:':'}"
    ".rml-announce{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);"
    "white-space:nowrap}"
)

# Swap the precomputed frames as the range input moves; the shown frame's HTML
# is in the page, not in the JSON. The value is the input's aria-valuetext, and
# one live region, updated in place, says the new numbers once per move. The
# frame's box is as tall as the tallest frame at the column's width (each is laid
# out once, hidden, at load and when the width changes: figures carry their size),
# so that moving the slider never moves the text below it.
_SCRIPT = """(function(){
var root=document.getElementById(%(id)s);
var data=JSON.parse(root.querySelector('script.rml-frames').textContent);
var input=root.querySelector('input[type=range]');
var shown=root.querySelector('.rml-value');
var target=root.querySelector('.rml-frame');
var live=root.querySelector('.rml-announce');
data.html[Number(input.value)]=target.innerHTML;
var width=0;
function reserve(){if(!target.clientWidth||target.clientWidth===width)return;width=target.clientWidth;
var probe=document.createElement('div');probe.className='rml-frame';
probe.style.cssText='position:absolute;visibility:hidden;left:-99999px;top:0;width:'+width+'px';
document.body.appendChild(probe);var tallest=0;
data.html.forEach(function(h){probe.innerHTML=h;tallest=Math.max(tallest,probe.offsetHeight);});
probe.remove();target.style.minHeight=tallest+'px';}
reserve();addEventListener('resize',reserve);
if(window.ResizeObserver)new ResizeObserver(reserve).observe(root);
input.addEventListener('input',function(){var i=Number(input.value);
shown.textContent=data.values[i];input.setAttribute('aria-valuetext',data.values[i]);
target.innerHTML=data.html[i];live.textContent=data.text[i];});
})();"""


def static_frames(static_html: str) -> dict[str, list[str]]:
    """Read a static face back: its values and every frame's HTML and text, in order."""
    payload = re.search(r'<script type="application/json" class="rml-frames">(.*?)</script>',
                        static_html, re.S).group(1)
    data = json.loads(payload)
    shown = re.search(r'<div class="rml-frame">(.*?)</div><div class="rml-announce"',
                      static_html, re.S).group(1)
    data["html"] = [shown if frame is None else frame for frame in data["html"]]
    return data


LIVE_ONLY_ENV = "RANKMETRICS_LIVE_ONLY"


def static_faces_wanted() -> bool:
    """Whether displays carry the static face. A live session started by
    ``make lab`` sets RANKMETRICS_LIVE_ONLY=1: it shows the widget, and the static
    face would cost a figure per position. Everywhere else (``make notebooks``,
    nbval, any other front end) the static face is stored and checked."""
    return os.environ.get(LIVE_ONLY_ENV) != "1"


class Slider:
    """A slider over ``values`` that shows ``frame_for(value)``, live or static.

    Parameters
    ----------
    frame_for : callable
        Pure function from a slider value to the :class:`Frame` to show.
    values : sequence of int
        The positions of the slider, in order.
    label : str
        The name of the moving quantity, shown beside the slider (``"k"``).
    value : int, optional
        The position shown first; by default the first value.
    value_format : str or callable, optional
        How the slider shows a value: a format specification (``".2f"`` shows
        0.8 as ``0.80``) or a function from a value to its text. Give the one
        the frame's numbers use, so that the value beside the slider reads as
        it does among them. By default ``str(value)``. The shown text is the
        same in both faces, and it is the range input's ``aria-valuetext``.
    """

    def __init__(self, frame_for: Callable[[int], Frame], values: Sequence[int], *,
                 label: str, value: int | None = None,
                 value_format: str | Callable[[object], str] | None = None):
        self.values = list(values)
        if not self.values:
            raise ValueError("values must hold at least one slider position")
        if value is None:
            value = self.values[0]
        if value not in self.values:
            raise ValueError(f"value must be one of the slider's values, got {value!r}")
        if value_format is not None and not isinstance(value_format, str) \
                and not callable(value_format):
            raise TypeError("value_format must be a format specification such as '.2f' or a "
                            f"function from a value to its text, got {type(value_format).__name__}")
        self._frame_for = frame_for
        self._frames: dict[int, Frame] = {}
        self._html: dict[int, str] = {}
        self._value_format = value_format
        self.label = label
        self.value = value

    def shown_value(self, value) -> str:
        """The text the slider shows for ``value`` (and its ``aria-valuetext``)."""
        if self._value_format is None:
            return str(value)
        if isinstance(self._value_format, str):
            return format(value, self._value_format)
        return str(self._value_format(value))

    def frame_for(self, value) -> Frame:
        """The frame at ``value``, computed once per slider."""
        index = self.values.index(value)
        if index not in self._frames:
            self._frames[index] = self._frame_for(value)
        return self._frames[index]

    def frame_html_for(self, value) -> str:
        """The HTML of the frame at ``value``, its figure drawn once per slider."""
        index = self.values.index(value)
        if index not in self._html:
            self._html[index] = frame_html(self.frame_for(value))
        return self._html[index]

    # ------------------------------------------------------------ static face
    def static_html(self) -> str:
        """Self-contained HTML: range input, frames precomputed, inline script."""
        start = self.values.index(self.value)
        pieces = [self.frame_html_for(v) if i != start else None
                  for i, v in enumerate(self.values)]
        values = [self.shown_value(v) for v in self.values]
        payload = json.dumps({"values": values,
                              "text": [frame_text(self.frame_for(v)) for v in self.values],
                              "html": pieces})
        payload = payload.replace("</", "<\\/")  # keep the JSON inside its <script>
        shown = self.frame_html_for(self.value)
        ident = "rml-" + hashlib.sha1((payload + shown).encode()).hexdigest()[:12]
        label, value = html.escape(self.label), html.escape(values[start])
        width = max(len(v) for v in values)
        return (
            f'<div class="rml-slider" id="{ident}"><style>{STYLE}</style>'
            f'<div class="rml-control"><label for="{ident}-input">{label}</label>'
            f'<input id="{ident}-input" type="range" min="0" max="{len(values) - 1}" step="1" '
            f'value="{start}" aria-valuetext="{value}"/>'
            f'<span class="rml-value" aria-hidden="true" style="min-width:{width}ch">{value}</span>'
            f'</div><div class="rml-frame">{shown}</div>'
            f'<div class="rml-announce" aria-live="polite"></div>'
            f'<script type="application/json" class="rml-frames">{payload}</script>'
            f"<script>{_SCRIPT % {'id': json.dumps(ident)}}</script></div>"
        )

    # -------------------------------------------------------------- live face
    def widget(self):
        """A live box: the static face's range input (named by its value) and the
        frame it selects, styled as online."""
        import ipywidgets as widgets

        from rankmetrics_course.live_range import LiveRange

        def shown_html(value) -> str:
            return f"<style>{STYLE}</style>{self.frame_html_for(value)}"

        control = LiveRange(self.values, self.value, self.label, css=STYLE)
        control.labels = [self.shown_value(v) for v in self.values]  # as the static face shows them
        shown = widgets.HTML(value=shown_html(self.value))
        control.observe(lambda change: setattr(shown, "value", shown_html(change["new"])),
                        names="value")
        return widgets.VBox([control, shown], layout=widgets.Layout(width="100%"))

    # ------------------------------------------------------------ both faces
    def __repr__(self) -> str:
        first, last, value = (self.shown_value(v) for v in
                              (self.values[0], self.values[-1], self.value))
        return (f"Slider over {self.label} = {first}..{last}; at {self.label} = {value}: "
                f"{frame_text(self.frame_for(self.value))}")

    def _repr_mimebundle_(self, include=None, exclude=None):
        bundle = {"text/plain": repr(self)}
        if static_faces_wanted():
            bundle["text/html"] = self.static_html()
        try:
            live = self.widget()._repr_mimebundle_()
        except ImportError:  # ipywidgets or anywidget missing: show the static face
            bundle.setdefault("text/html", self.static_html())
            return bundle
        bundle["application/vnd.jupyter.widget-view+json"] = live[
            "application/vnd.jupyter.widget-view+json"]
        return bundle
