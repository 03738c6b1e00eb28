"""What the chapter "A/B tests and interleaving" shows.

* :func:`impressions_frame` and :func:`impressions_slider`: the impressions an A/B test and
  team-draft interleaving need to detect the difference between system A and a system that
  uses B on a given number of topics, as a two-faced :class:`~rankmetrics_course.slider.Slider`;
* :func:`short_id`: a ClueWeb09 document id shortened for a table.
"""

from __future__ import annotations

from functools import partial

import numpy as np
from matplotlib.figure import Figure
from matplotlib.ticker import FixedFormatter, FixedLocator, NullLocator

from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, SECOND

from .online import PerTopic, comparison


DECADES = [10.0**e for e in range(2, 11)]
DECADE_NAMES = ["100", "1k", "10k", "100k", "1M", "10M", "100M", "1bn", "10bn"]


def short_id(doc: str) -> str:
    """``clueweb09-en0011-54-30937`` -> ``en0011-54-30937``."""
    return doc.removeprefix("clueweb09-")


def _count(n: float) -> str:
    return "more than 10^9" if not np.isfinite(n) or n > 1e9 else f"{int(np.ceil(n)):,}"


def _draw(needed: dict[str, float], changed: int) -> Figure:
    figure = Figure(figsize=(5.2, 2.2))
    ax = figure.subplots()
    names = ["A/B test", "interleaving"]
    values = [min(needed[n], 1e9) for n in names]
    ax.barh([1, 0], values, color=[SECOND, CURRENT], height=0.55)
    for row, value in zip([1, 0], values):
        ax.annotate(_count(value), (value, row), xytext=(6, 0), textcoords="offset points", va="center")
    ax.set_xscale("log")
    # plain labels and no minor ticks: mathtext powers of ten and 64 minor ticks made each frame slow to lay out
    ax.xaxis.set_major_locator(FixedLocator(DECADES))
    ax.xaxis.set_major_formatter(FixedFormatter(DECADE_NAMES))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.set(xlim=(100, 1e10), yticks=[1, 0], yticklabels=names,
           xlabel=f"impressions needed (log scale), B on {changed} topics")
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    figure.tight_layout()
    return figure


def impressions_frame(stats: PerTopic, order: np.ndarray, changed: int) -> Frame:
    """One position of the slider: B used on ``changed`` topics (the first in ``order``)."""
    c = comparison(stats, order, changed / len(order))
    needed = {"A/B test": c["A/B impressions"], "interleaving": c["interleaving impressions"]}
    ratio = needed["A/B test"] / needed["interleaving"]
    numbers = {"topics changed": str(changed), "RR of first click, B - A": f"{c['RR difference']:+.4f}",
               "team-draft outcome for B": f"{c['interleaving outcome']:+.4f}",
               "A/B impressions": _count(needed["A/B test"]),
               "interleaving impressions": _count(needed["interleaving"]), "ratio": f"{ratio:.1f}"}
    alt = (f"Two horizontal bars on a log scale: with B's ranking on {changed} of {len(order)} topics, an "
           f"A/B test needs {_count(needed['A/B test'])} impressions and team-draft interleaving "
           f"{_count(needed['interleaving'])}, {ratio:.1f} times fewer.")
    return Frame(numbers, partial(_draw, needed, changed), alt)


def impressions_slider(stats: PerTopic, order: np.ndarray, *, value: int | None = None) -> Slider:
    """The slider over how many topics B changes, live in Jupyter, static in the book."""
    n = len(order)
    values = list(range(6, n + 1, 6)) if n % 6 == 0 else list(range(1, n + 1))
    return Slider(lambda changed: impressions_frame(stats, order, changed), values, label="topics changed",
                  value=values[-1] if value is None else value)
