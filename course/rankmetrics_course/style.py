"""Colours and small drawing pieces that every chapter's figures share."""

from __future__ import annotations

import numpy as np

RELEVANT = "#1b7837"      # green: a relevant item, and the main curve
NOT_RELEVANT = "#767676"  # grey: a non-relevant item, and reference lines (4.5:1 on white)
CURRENT = "#b2182b"       # red: the position the slider points at (6.9:1 on white)
SECOND = "#2166ac"        # blue: a second curve (recall, another system)

# Every figure is laid out this wide (inches) with no text under this size (points).
FIGURE_WIDTH = 4.8
SMALLEST_TEXT = 10
# The narrowest a figure shows on a 390 px phone, in CSS px: the column is 342 px
# wide, a slider's frame inside it 330 px. A figure saved at most this many points
# wide shows each point as at least one CSS px there, so its smallest text at least
# SMALLEST_TEXT CSS px (the phone page checks ask 10); on a desktop the figure
# grows with the column, up to 40rem.
PHONE_FIGURE_PX = 330


def rank_strip(ax, relevance: np.ndarray, k: int | None = None) -> None:
    """Draw one square per rank, green if relevant, grey if not; shade the top k."""
    ranks = np.arange(1, relevance.size + 1)
    colours = [RELEVANT if r else NOT_RELEVANT for r in relevance]
    ax.bar(ranks, np.ones_like(ranks), width=0.85, color=colours)
    if k is not None:
        ax.axvspan(0.5, k + 0.5, color=CURRENT, alpha=0.18, linewidth=0)
    ax.set(ylim=(0, 1), yticks=[], xlim=(0.4, relevance.size + 0.6))
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
