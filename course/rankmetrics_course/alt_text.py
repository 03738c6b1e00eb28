"""Small phrases for figures' alt texts, so every alt text is computed from the data drawn.

>>> listing([1, 2, 3]), listing(["q1"]), listing([])
('1, 2 and 3', 'q1', 'none')
>>> relevant_ranks([0, 1, 1, 0, 1])
[2, 3, 5]
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np


def listing(items: Iterable) -> str:
    """``a, b and c``; ``none`` for no item."""
    items = [str(item) for item in items]
    if not items:
        return "none"
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def relevant_ranks(relevance) -> list[int]:
    """The 1-based ranks of the relevant items of a binary ranking."""
    return [int(i) + 1 for i in np.flatnonzero(np.asarray(relevance) > 0)]


def number(value: float, decimals: int = 2) -> str:
    """A value as the figure's axes show it: 0.5 rather than 0.50, 1 rather than 1.00."""
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return text if text not in ("", "-0") else "0"
