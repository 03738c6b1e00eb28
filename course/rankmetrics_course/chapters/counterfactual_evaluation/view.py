"""What the chapter "Counterfactual evaluation from logs" shows.

* :func:`drift_frame` and :func:`drift_slider`: as the new policy drifts from the logging one,
  the exact bias and standard error of the three slate IPS estimators on a log of
  :data:`LOGGED` slates (cascade users), as a two-faced :class:`~rankmetrics_course.slider.Slider`;
* :func:`clipping_table`: the same for clipped whole-slate weights, clip by clip.
"""

from __future__ import annotations

from functools import partial

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, SECOND

from .exact import ASSUMPTIONS, Moments, SlateLaw
from .policies import Candidates, logging_weights, new_weights

LOGGED = 10_000  # slates in the log the slider and the clipping table speak of
DRIFTS = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)
NAMES = {"standard": "whole slate", "independent": "independence", "cascade": "cascade"}


def _draw(moments: dict[str, Moments], drift: float) -> Figure:
    figure = Figure(figsize=(5.2, 2.4))
    ax = figure.subplots()
    rows = np.arange(len(moments))[::-1]
    for row, (assumption, m) in zip(rows, moments.items()):
        half = 1.96 * m.sd / np.sqrt(LOGGED)
        ax.plot([m.bias - half, m.bias + half], [row, row], color=SECOND, linewidth=6, solid_capstyle="butt")
        ax.plot([m.bias], [row], "o", color=CURRENT)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set(xlim=(-0.11, 0.11), ylim=(-0.6, len(moments) - 0.4), yticks=rows, xticks=[-0.1, -0.05, 0, 0.05, 0.1],
           yticklabels=[NAMES[a] for a in moments],
           xlabel=f"estimate - true value; 95% of logs in the bar (drift {drift:.1f})")
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    figure.tight_layout()
    return figure


def drift_frame(c: Candidates, drift: float) -> Frame:
    """One position of the slider: the new policy at ``drift``, cascade users."""
    law = SlateLaw(c, logging_weights(c), new_weights(c, drift), "cascade")
    moments = {a: law.moments(a) for a in ASSUMPTIONS}
    gain = law.true_value() - law.logging_value()
    numbers = {"drift": f"{drift:.1f}", "true gain in clicks per slate": f"{gain:+.4f}"}
    for a, m in moments.items():
        numbers[f"{NAMES[a]}: bias"] = f"{m.bias:+.4f}"
        numbers[f"{NAMES[a]}: standard error"] = f"{m.sd / np.sqrt(LOGGED):.4f}"
    alt = (f"Three horizontal bars, one per estimator, each spanning 95% of the estimates of logs of "
           f"{LOGGED:,} slates around its bias, at drift {drift:.1f}: "
           + "; ".join(f"{NAMES[a]} bias {m.bias:+.4f}, half-width {1.96 * m.sd / np.sqrt(LOGGED):.4f}"
                       for a, m in moments.items()) + ".")
    return Frame(numbers, partial(_draw, moments, drift), alt)


def drift_slider(c: Candidates, *, value: float = 1.0) -> Slider:
    """The slider over the drift of the new policy, live in Jupyter, static in the book."""
    return Slider(partial(drift_frame, c), list(DRIFTS), label="drift", value=value, value_format=".1f")


def clipping_table(c: Candidates, clips, *, drift: float = 1.0) -> list[tuple[float, float, float, float]]:
    """(clip, bias, standard error, root mean squared error) of whole-slate IPS with weights clipped,
    on a log of LOGGED slates, cascade users."""
    law = SlateLaw(c, logging_weights(c), new_weights(c, drift), "cascade")
    rows = []
    for clip in clips:
        m = law.moments("standard", clip)
        error = m.sd / np.sqrt(LOGGED)
        rows.append((clip, m.bias, error, float(np.hypot(m.bias, error))))
    return rows
