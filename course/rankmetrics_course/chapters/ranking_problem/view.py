"""What the chapter "The ranking problem" shows: the notation on one ranking.

A ranking of item ids, graded judgements and a relevance level give every
symbol of the course: the relevant set R, the relevance rel_i at each rank,
and R_k, the relevant items among the first k. ``notation_frame`` is the pure
function behind the chapter's k-slider; ``notation_slider`` wraps it in the
two-faced :class:`~rankmetrics_course.slider.Slider`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from functools import partial

from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from rankmetrics_course.alt_text import listing
from rankmetrics_course.figures import ShownFigure, show_figure
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT
from rankmetrics_lite import gains_from_ids, relevance_from_ids
from rankmetrics_lite.validation import check_count, check_k

_BOX = 0.84  # width of one item's box, in rank units
_BOX_HEIGHT = 1.0  # its height: room for its two lines of text at the book's smallest size


def relevant_set(grades: Mapping[Hashable, float], relevance_level: int = 1) -> set:
    """R: the judged items whose grade reaches ``relevance_level`` (trec_eval's ``-l``).

    >>> sorted(relevant_set({"d1": 2, "d2": 0, "d3": 1}, relevance_level=1))
    ['d1', 'd3']
    >>> sorted(relevant_set({"d1": 2, "d2": 0, "d3": 1}, relevance_level=2))
    ['d1']
    """
    level = check_count(relevance_level, "relevance_level")
    if level == 0:
        raise ValueError("relevance_level must be at least 1: at 0 every judged item, "
                         "even one judged not relevant, would count as relevant")
    gains_from_ids([], grades=grades)  # the adapter checks the grades at the door
    return {item for item, grade in grades.items() if grade >= level}


def top_k_relevant(ranked_items: Sequence[Hashable], grades: Mapping[Hashable, float],
                   k: int, relevance_level: int = 1) -> list:
    """R_k in rank order: the relevant items among the first k ranks.

    >>> top_k_relevant(["d3", "d2", "d1"], {"d1": 2, "d2": 0, "d3": 1}, k=2)
    ['d3']
    """
    k = check_k(k)
    relevance = relevance_from_ids(ranked_items, relevant_items=relevant_set(grades, relevance_level))
    return [item for item, rel in zip(list(ranked_items)[:k], relevance) if rel]


def _box(ax, x: float, item, grade, relevant: bool, dashed: bool = False) -> None:
    colour = RELEVANT if relevant else NOT_RELEVANT
    ax.add_patch(Rectangle((x - _BOX / 2, 0), _BOX, _BOX_HEIGHT, facecolor=colour,
                           edgecolor="black",
                           linewidth=0.8, linestyle="--" if dashed else "-"))
    ax.text(x, _BOX_HEIGHT * 0.70, str(item), ha="center", va="center", fontsize=10,
            color="white", fontweight="bold")
    ax.text(x, _BOX_HEIGHT * 0.27, f"g={grade:g}", ha="center", va="center", fontsize=8,
            color="white")


def _draw_notation_figure(ranked_items: Sequence[Hashable], grades: Mapping[Hashable, float],
                    k: int | None = None, relevance_level: int = 1) -> Figure:
    """The ranked items as boxes (green: in R), the top k shaded, R's missing items apart."""
    relevant = relevant_set(grades, relevance_level)
    ranked = list(ranked_items)
    relevance = relevance_from_ids(ranked, relevant_items=relevant)
    ranked_grades = gains_from_ids(ranked, grades=grades)
    missing = sorted((item for item in relevant if item not in set(ranked)), key=str)
    figure = Figure(figsize=(6.4, 1.9))
    ax = figure.subplots()
    figure.subplots_adjust(left=0.0, right=1.0, bottom=0.0, top=0.84)
    for rank, (item, grade, rel) in enumerate(zip(ranked, ranked_grades, relevance), start=1):
        _box(ax, rank, item, grade, bool(rel))
        ax.text(rank, -0.18, str(rank), ha="center", va="top", fontsize=9)
    gap = len(ranked) + 1.2
    for offset, item in enumerate(missing):
        _box(ax, gap + offset, item, grades[item], True, dashed=True)
    if missing:
        ax.text(gap + (len(missing) - 1) / 2, -0.18, "in R, never\nretrieved",
                ha="center", va="top", fontsize=8)
    if k is not None:
        k = check_k(k)
        ax.add_patch(Rectangle((0.5, -0.45), min(k, len(ranked)), _BOX_HEIGHT + 0.55,
                               facecolor=CURRENT, alpha=0.18, linewidth=0, zorder=0))
        hits = top_k_relevant(ranked, grades, k, relevance_level)
        ax.set_title(f"k = {k}:  R_k = {{{', '.join(map(str, hits))}}},  "
                     f"|R_k| = {len(hits)},  |R| = {len(relevant)}", fontsize=10)
    ax.text(0.45, -0.18, "rank", ha="right", va="top", fontsize=9)
    ax.set(xlim=(-0.3, gap + max(len(missing), 1) - 0.4), ylim=(-0.75, _BOX_HEIGHT + 0.16))
    ax.set_aspect("equal")
    ax.axis("off")
    return figure


def notation_frame(ranked_items: Sequence[Hashable], grades: Mapping[Hashable, float],
                   k: int, relevance_level: int = 1) -> Frame:
    """The numbers and the figure for one position of the k-slider."""
    k = check_k(k)
    relevant = relevant_set(grades, relevance_level)
    relevance = relevance_from_ids(ranked_items, relevant_items=relevant)
    hits = top_k_relevant(ranked_items, grades, k, relevance_level)
    shown = relevance[:k] + ["-"] * max(0, k - len(relevance))  # ranks past the end
    numbers = {
        "k": str(k),
        "rel_1..rel_k": " ".join(map(str, shown)),
        "R_k": "{" + ", ".join(map(str, hits)) + "}",
        "|R_k|": str(len(hits)),
        "|R|": str(len(relevant)),
    }
    alt = (f"The ranked items as boxes, relevant ones green, with the first {k} ranks "
           f"shaded; {len(hits)} of the {len(relevant)} relevant items are among them.")
    return Frame(numbers, partial(_draw_notation_figure, ranked_items, grades, k,
                                   relevance_level), alt)


def notation_slider(ranked_items: Sequence[Hashable], grades: Mapping[Hashable, float],
                    relevance_level: int = 1, k: int = 1) -> Slider:
    """A k-slider over every rank of ``ranked_items``, live in Jupyter, static in the book."""
    relevance_from_ids(ranked_items, relevant_items=relevant_set(grades, relevance_level))  # checks at the door
    ranked = list(ranked_items)
    return Slider(lambda value: notation_frame(ranked, grades, value, relevance_level),
                  range(1, len(ranked) + 1), label="k", value=k)


def notation_figure(ranked_items: Sequence[Hashable], grades: Mapping[Hashable, float],
                    k: int | None = None, relevance_level: int = 1) -> ShownFigure:
    """:func:`_draw_notation_figure`, shown with an alt text computed from the items."""
    figure = _draw_notation_figure(ranked_items, grades, k, relevance_level)
    relevant = relevant_set(grades, relevance_level)
    ranked = list(ranked_items)
    missing = sorted((item for item in relevant if item not in set(ranked)), key=str)
    alt = (f"{len(ranked)} boxes in rank order: {listing(ranked)}; the relevant ones are green: "
           f"{listing([item for item in ranked if item in relevant])}.")
    if missing:
        alt += f" Relevant but never retrieved, in dashed boxes apart: {listing(missing)}."
    if k is not None:
        hits = top_k_relevant(ranked, grades, k, relevance_level)
        alt += (f" Ranks 1 to {min(k, len(ranked))} are shaded; the title reads "
                f"R_k = {{{', '.join(map(str, hits))}}}, |R_k| = {len(hits)}, |R| = {len(relevant)}.")
    return show_figure(figure, alt=alt)
