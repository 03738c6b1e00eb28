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


# A rank's square in a strip: from SQUARE_BOTTOM, SQUARE_HEIGHT tall, in a strip 1 tall, so that
# the top k's band (shade_top_k) shows above and below the squares, behind them.
SQUARE_BOTTOM, SQUARE_HEIGHT = 0.14, 0.72


def shade_top_k(ax, k: int) -> None:
    """Mark ranks 1..k of a strip by a band behind its squares: drawn over them, the band
    tinted the squares' colours, which say relevant or not (or the grade)."""
    ax.axvspan(0.5, k + 0.5, color=CURRENT, alpha=0.18, linewidth=0, zorder=0)


def rank_strip(ax, relevance: np.ndarray, k: int | None = None) -> None:
    """Draw one square per rank, green if relevant, grey if not; shade the top k."""
    ranks = np.arange(1, relevance.size + 1)
    colours = [RELEVANT if r else NOT_RELEVANT for r in relevance]
    ax.bar(ranks, SQUARE_HEIGHT, bottom=SQUARE_BOTTOM, width=0.85, color=colours, zorder=1)
    if k is not None:
        shade_top_k(ax, k)
    ax.set(ylim=(0, 1), yticks=[], xlim=(0.4, relevance.size + 0.6))
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
