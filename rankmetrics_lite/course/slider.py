"""One computation, two faces: sliders that work in Jupyter and in the static book.

A chapter describes an interaction by a pure function ``frame_for(value) -> Frame``
(the numbers and the figure shown for one slider position). :class:`Slider`
turns it into one display object whose MIME bundle carries both faces:

* ``application/vnd.jupyter.widget-view+json``: a live ipywidgets slider, which
  Jupyter prefers when a kernel runs; it calls ``frame_for`` on every move;
* ``text/html``: a self-contained page fragment with every frame precomputed and
  a few lines of inline JavaScript that swap them as the range input moves. The
  online book shows this face (``nb_mime_priority_overrides`` in ``_config.yml``);
  it loads nothing from the network.

nbval compares the ``text/plain`` and ``text/html`` parts like any other output
(it skips the widget view, whose model id is random), so the static face is a
checked promise too.
"""

from __future__ import annotations

import hashlib
import html
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from matplotlib.figure import Figure

from .figures import figure_img_tag


@dataclass(frozen=True)
class Frame:
    """What one slider position shows: labelled numbers and an optional figure."""

    numbers: dict[str, str]
    figure: Figure | None = None
    alt: str = ""
    caption: str = ""


def frame_html(frame: Frame) -> str:
    """The HTML of one frame: a row of labelled numbers, then the figure."""
    cells = "".join(
        f'<span class="rml-number"><span class="rml-label">{html.escape(label)}</span> '
        f'<output data-name="{html.escape(label)}">{html.escape(value)}</output></span>'
        for label, value in frame.numbers.items()
    )
    parts = [f'<div class="rml-numbers">{cells}</div>']
    if frame.figure is not None:
        parts.append(figure_img_tag(frame.figure, frame.alt))
    if frame.caption:
        parts.append(f'<p class="rml-caption">{html.escape(frame.caption)}</p>')
    return "".join(parts)


def frame_text(frame: Frame) -> str:
    """The plain-text line of one frame, for text front ends and nbval."""
    return ", ".join(f"{label} = {value}" for label, value in frame.numbers.items())


_STYLE = (
    ".rml-slider{border:1px solid #ccc;border-radius:6px;padding:.6em .8em;margin:.5em 0}"
    ".rml-slider input[type=range]{width:min(420px,70%);vertical-align:middle}"
    ".rml-numbers{display:flex;flex-wrap:wrap;gap:.4em 1.4em;margin:.4em 0;font-family:monospace}"
    ".rml-label{color:#555}"
)

# Swap the precomputed frames as the range input moves. No network, no globals.
_SCRIPT = """(function(){
var root=document.getElementById(%(id)s);
var frames=JSON.parse(root.querySelector('script.rml-frames').textContent);
var input=root.querySelector('input[type=range]');
var shown=root.querySelector('.rml-value');
var target=root.querySelector('.rml-frame');
function show(){var i=Number(input.value);shown.textContent=frames.values[i];target.innerHTML=frames.html[i];}
input.addEventListener('input',show);
})();"""


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
    """

    def __init__(self, frame_for: Callable[[int], Frame], values: Sequence[int], *,
                 label: str, value: int | None = None):
        self.values = list(values)
        if not self.values:
            raise ValueError("values must hold at least one slider position")
        if value is None:
            value = self.values[0]
        if value not in self.values:
            raise ValueError(f"value must be one of the slider's values, got {value!r}")
        self.frame_for = frame_for
        self.label = label
        self.value = value

    # ------------------------------------------------------------ static face
    def static_html(self) -> str:
        """Self-contained HTML: range input, frames precomputed, inline script."""
        frames = [frame_html(self.frame_for(v)) for v in self.values]
        payload = json.dumps({"values": [str(v) for v in self.values], "html": frames})
        payload = payload.replace("</", "<\\/")  # keep the JSON inside its <script>
        ident = "rml-" + hashlib.sha1(payload.encode()).hexdigest()[:12]
        start = self.values.index(self.value)
        label = html.escape(self.label)
        return (
            f'<div class="rml-slider" id="{ident}"><style>{_STYLE}</style>'
            f'<label>{label} = <span class="rml-value">{html.escape(str(self.value))}</span> '
            f'<input type="range" min="0" max="{len(self.values) - 1}" step="1" value="{start}" '
            f'aria-label="{label}"/></label>'
            f'<div class="rml-frame">{frames[start]}</div>'
            f'<script type="application/json" class="rml-frames">{payload}</script>'
            f"<script>{_SCRIPT % {'id': json.dumps(ident)}}</script></div>"
        )

    # -------------------------------------------------------------- live face
    def widget(self):
        """A live ipywidgets box: the slider and the frame it selects."""
        import ipywidgets as widgets

        slider = widgets.SelectionSlider(
            options=self.values, value=self.value, description=self.label,
            continuous_update=True, layout=widgets.Layout(width="420px"),
        )
        shown = widgets.HTML(value=frame_html(self.frame_for(self.value)))
        slider.observe(lambda change: setattr(shown, "value", frame_html(self.frame_for(change["new"]))),
                       names="value")
        return widgets.VBox([slider, shown])

    # ------------------------------------------------------------ both faces
    def __repr__(self) -> str:
        first, last = self.values[0], self.values[-1]
        return (f"Slider over {self.label} = {first}..{last}; at {self.label} = {self.value}: "
                f"{frame_text(self.frame_for(self.value))}")

    def _repr_mimebundle_(self, include=None, exclude=None):
        bundle = {"text/plain": repr(self), "text/html": self.static_html()}
        try:
            live = self.widget()._repr_mimebundle_()
        except ImportError:  # ipywidgets missing: the static face still works
            return bundle
        bundle["application/vnd.jupyter.widget-view+json"] = live[
            "application/vnd.jupyter.widget-view+json"]
        return bundle
