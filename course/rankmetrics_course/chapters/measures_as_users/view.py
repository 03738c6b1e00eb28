"""What the chapter "Measures as users" shows: the weight W(i) that C/W/L users of the same
expected depth give each rank, and how two user models order real TREC runs.

``same_depth_models`` picks, for an expected depth D, the parameter of each model that makes
its user read D documents on average; ``weights_frame`` is the pure function behind the
chapter's slider over D, and ``weights_slider`` shows it in both faces.
"""

from __future__ import annotations

from functools import partial

import numpy as np
from matplotlib.figure import Figure
from scipy.optimize import brentq

from rankmetrics_course.slider import Frame, Slider
from rankmetrics_lite import cwl_measure

DEPTHS = (2, 3, 4, 5, 6, 8, 10, 15, 20)  # the slider's expected depths
SHOWN = 25  # ranks drawn


def _spelled(value: float) -> str:
    """A parameter as measure names write it: 0.75, 3 (not 3.0)."""
    value = float(value)
    return str(int(value)) if value.is_integer() else repr(value)


def insq_target(depth: float) -> float:
    """INSQ's T, to 4 decimals, whose user reads ``depth`` documents on average (INSQ ignores gains)."""
    exact = brentq(lambda t: cwl_measure([0], f"INSQ(T={_spelled(t)})").depth - depth, 0.5, 1000.0)
    return round(exact, 4)


def same_depth_models(depth: int) -> dict[str, str]:
    """Three users who each read ``depth`` documents on average: P@k, RBP and INSQ."""
    return {"P@k": f"CWL_P@{depth}", "RBP": f"CWL_RBP(p={_spelled(1 - 1 / depth)})",
            "INSQ": f"INSQ(T={_spelled(insq_target(depth))})"}


def _draw(weights: dict[str, np.ndarray], depth: int) -> Figure:
    figure = Figure(figsize=(4.8, 3.0))
    axes = figure.subplots()
    ranks = np.arange(1, SHOWN + 1)
    for (label, w), style in zip(weights.items(), ("-o", "-s", "-^")):
        axes.plot(ranks, w[:SHOWN], style, markersize=3, label=label)
    axes.set(xlabel="rank i", ylabel="weight W(i)", ylim=(0, None))
    axes.legend(frameon=False, fontsize=8)
    figure.tight_layout()
    return figure


def weights_frame(gains, depth: int) -> Frame:
    """The weights of three users of expected depth ``depth``, and each one's rate of gain on ``gains``."""
    users = {label: cwl_measure(gains, name) for label, name in same_depth_models(depth).items()}
    numbers = {"expected depth": str(depth)}
    for label, user in users.items():
        numbers[f"{label} W(1)"] = f"{user.weights[0]:.4f}"
        numbers[f"{label} ERG"] = f"{user.rate_of_gain:.4f}"
    alt = (f"Weight of each rank from 1 to {SHOWN} for three users who read {depth} documents on "
           f"average: P@{depth} flat up to rank {depth}, RBP falling geometrically, INSQ falling slowly "
           "with a long tail.")
    return Frame(numbers, partial(_draw, {k: u.weights for k, u in users.items()}, depth), alt)


def weights_slider(gains, depth: int = 5) -> Slider:
    """A slider over the expected depth, live in Jupyter, static in the book."""
    return Slider(lambda d: weights_frame(gains, d), DEPTHS, label="expected depth", value=depth)


def order_changes(first: np.ndarray, second: np.ndarray) -> tuple[int, int]:
    """How many pairs of runs two measures order differently (by mean over topics), of how many.

    ``first`` and ``second`` are (topics, runs) score matrices of the same runs. A pair tied
    under either measure is not counted as a change.
    """
    a, b = np.asarray(first).mean(axis=0), np.asarray(second).mean(axis=0)
    i, j = np.triu_indices(a.size, k=1)
    return int(((a[i] - a[j]) * (b[i] - b[j]) < 0).sum()), int(i.size)
