"""What the nDCG chapter shows: graded rankings, the log discount, nDCG@k under two gains.

``ndcg_frame`` is the pure function behind the chapter's k-slider: for one
cutoff it gives DCG@k, the ideal DCG@k and nDCG@k under the linear gain
(trec_eval) and the exponential gain (Burges et al.) side by side, and
``ndcg_slider`` wraps it in the two-faced
:class:`~rankmetrics_course.slider.Slider`. Every number comes from
:func:`rankmetrics_lite.dcg_at_k` and :func:`rankmetrics_lite.ndcg_at_k`.
"""

from __future__ import annotations

from functools import partial

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.alt_text import number
from rankmetrics_course.chapters.pr_curves_and_ap.view import legend_below
from rankmetrics_course.figures import ShownFigure, show_figure
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import (
    NOT_RELEVANT,
    RELEVANT,
    SECOND,
    SQUARE_BOTTOM,
    SQUARE_HEIGHT,
    shade_top_k,
)
from rankmetrics_lite import dcg_at_k, ndcg_at_k
from rankmetrics_lite.validation import as_gains, check_k

GAINS = ("linear", "exponential")
_GAIN_COLOURS = {"linear": RELEVANT, "exponential": SECOND}
# Grade 0 is grey; positive grades go from light to dark green.
_GREENS = ["#a6dba0", "#5aae61", RELEVANT]


def grade_colour(grade: float, top_grade: float) -> str:
    """The colour of a grade: grey for 0, light to dark green up to ``top_grade``."""
    if grade <= 0:
        return NOT_RELEVANT
    position = int(np.ceil(grade / max(top_grade, 1) * len(_GREENS))) - 1
    return _GREENS[min(max(position, 0), len(_GREENS) - 1)]


def grade_strip(ax, grades, top_grade: float, k: int | None = None, label: str = "") -> None:
    """One square per rank, coloured by its grade, the grade written inside; shade the top k.

    The grade is written in the square, not above it, so that the strip needs
    no room above its squares: a number above the tallest bar ran into the
    title on a phone.
    """
    grades = np.asarray(grades, dtype=float)
    ranks = np.arange(1, grades.size + 1)
    colours = [grade_colour(g, top_grade) for g in grades]
    ax.bar(ranks, SQUARE_HEIGHT, bottom=SQUARE_BOTTOM, width=0.85, color=colours, zorder=1)
    for rank, grade, colour in zip(ranks, grades, colours):
        ax.text(rank, 0.5, f"{grade:g}", ha="center", va="center", fontsize=7,
                color="white" if colour in (RELEVANT, NOT_RELEVANT) else "black")
    if k is not None:
        shade_top_k(ax, k)
    ax.set(ylim=(0, 1), yticks=[], xlim=(0.4, grades.size + 0.6))
    ax.set_ylabel(label, rotation=0, ha="right", va="center", fontsize=8)
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)


def rank_discounts(depth: int) -> np.ndarray:
    """1 / log2(i + 1) for i = 1..depth, read off :func:`dcg_at_k` of a unit gain at rank i.

    >>> [round(float(d), 4) for d in rank_discounts(3)]
    [1.0, 0.6309, 0.5]
    """
    depth = check_k(depth, "depth")
    return np.array([dcg_at_k([0] * (i - 1) + [1], k=None) for i in range(1, depth + 1)])


def jarvelin_kekalainen_discounts(depth: int, base: float = 2.0) -> np.ndarray:
    r"""The discount of the original DCG paper: none before rank b, then 1/log_b(i).

    Järvelin & Kekäläinen (2002) add the gain at rank i < b undiscounted and
    divide it by :math:`\log_b i` from rank b on; trec_eval and most libraries
    use :math:`\log_2(i + 1)` instead. Shown for comparison only.

    >>> [round(float(d), 4) for d in jarvelin_kekalainen_discounts(3)]
    [1.0, 1.0, 0.6309]
    """
    depth = check_k(depth, "depth")
    ranks = np.arange(1, depth + 1, dtype=float)
    return np.where(ranks < base, 1.0, 1.0 / np.log(np.maximum(ranks, base)) * np.log(base))


def _draw_discount_figure(depth: int = 20) -> Figure:
    """The weight of each rank under the log2(i + 1) discount, J&K's b = 2, and 1/i."""
    ranks = np.arange(1, check_k(depth, "depth") + 1)
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    ax.plot(ranks, rank_discounts(depth), marker="o", markersize=4, color=RELEVANT,
            label="1 / log2(i + 1): trec_eval, Burges et al.")
    ax.plot(ranks, jarvelin_kekalainen_discounts(depth), marker="s", markersize=3,
            color=SECOND, label="Järvelin & Kekäläinen, b = 2")
    ax.plot(ranks, 1.0 / ranks, linestyle="--", color=NOT_RELEVANT,
            label="1 / i (reciprocal rank, chapter 15)")
    ax.set(xlabel="rank i", ylabel="weight of a gain at rank i", ylim=(0, 1.05),
           xticks=ranks[::2] if depth > 12 else ranks)
    ax.legend(loc="upper right", fontsize=8, frameon=False)
    ax.set_title("How much a gain at rank i counts", fontsize=10)
    return figure


def _ideal(judged_grades) -> np.ndarray:
    return np.sort(as_gains(judged_grades, "judged_grades"))[::-1]


def ndcg_curves(grades, judged_grades) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """k = 1..n and nDCG@k under each gain, from :func:`ndcg_at_k`."""
    grades = as_gains(grades)
    ks = np.arange(1, grades.size + 1)
    curves = {gain: np.array([ndcg_at_k(grades, int(k), judged_grades=judged_grades, gain=gain) for k in ks])
              for gain in GAINS}
    return ks, curves


def _draw_ndcg_figure(grades, judged_grades, k: int | None = None) -> Figure:
    """The ranking's grades, the ideal ranking's grades, and nDCG@k under both gains."""
    grades = as_gains(grades)
    ideal = _ideal(judged_grades)[:grades.size]
    top = float(max(grades.max(initial=0), ideal.max(initial=0)))
    ks, curves = ndcg_curves(grades, judged_grades)
    figure = Figure(figsize=(6.4, 3.6))
    ranking_ax, ideal_ax, ax = figure.subplots(
        3, 1, sharex=True, gridspec_kw={"height_ratios": [1, 1, 4]})
    grade_strip(ranking_ax, grades, top, k, "ranking")
    grade_strip(ideal_ax, ideal, top, k, "ideal")
    for gain in GAINS:
        ax.plot(ks, curves[gain], marker="o", markersize=4, color=_GAIN_COLOURS[gain],
                label=f"{gain} gain")
        if k is not None:
            ax.plot([k], [curves[gain][k - 1]], marker="o", markersize=9,
                    color=_GAIN_COLOURS[gain], zorder=3)
    if k is not None:
        ax.axvline(k, color=NOT_RELEVANT, linewidth=1)
    ax.set(xlabel="cutoff k", ylabel="nDCG@k", ylim=(-0.03, 1.05), xticks=ks)
    legend_below(ax, ncol=2)  # off the lines and the cutoff's marker
    ranking_ax.set_title("Grades by rank, the ideal ranking, and nDCG@k", fontsize=10)
    return figure


def ndcg_frame(grades, judged_grades, k: int) -> Frame:
    """The numbers and the figure for one position of the k-slider, both gains side by side."""
    grades = as_gains(grades)
    k = check_k(k)
    ideal = _ideal(judged_grades)
    numbers = {"k": str(k)}
    for gain, short in (("linear", "lin"), ("exponential", "exp")):
        numbers[f"DCG@k ({short})"] = f"{dcg_at_k(grades, k, gain=gain):.4f}"
        numbers[f"ideal DCG@k ({short})"] = f"{dcg_at_k(ideal, k, gain=gain):.4f}"
        numbers[f"nDCG@k ({short})"] = f"{ndcg_at_k(grades, k, judged_grades=judged_grades, gain=gain):.4f}"
    shown = ", ".join(f"{g:g}" for g in grades[:k])
    alt = (f"Grades of the ranking and of the ideal ranking above two lines of nDCG@k "
           f"against k, one per gain; the cutoff k = {k} is marked, where the top {k} "
           f"grades are {shown}.")
    return Frame(numbers, partial(_draw_ndcg_figure, grades, judged_grades, k), alt)


def ndcg_slider(grades, judged_grades, k: int = 1) -> Slider:
    """A k-slider over every rank of ``grades``, live in Jupyter, static in the book."""
    grades = as_gains(grades)
    ndcg_at_k(grades, None, judged_grades=judged_grades)  # refuse impossible judgements at the door
    return Slider(lambda value: ndcg_frame(grades, judged_grades, value),
                  range(1, grades.size + 1), label="k", value=k)


def discount_figure(depth: int = 20) -> ShownFigure:
    """:func:`_draw_discount_figure`, shown with an alt text computed from the discounts."""
    figure = _draw_discount_figure(depth)
    log_last = rank_discounts(depth)[-1]
    jk_last = jarvelin_kekalainen_discounts(depth)[-1]
    alt = (f"Three curves of the weight of a gain against rank, ranks 1 to {depth}. The "
           f"log2(i+1) discount falls from 1 to {log_last:.2f}; the Jarvelin-Kekalainen discount "
           f"with b=2 stays at 1 for ranks 1 and 2 and then falls to {jk_last:.2f}; the 1/i "
           f"weight of reciprocal rank falls fastest, to {1 / depth:.2f}.")
    return show_figure(figure, alt=alt)


def ndcg_figure(grades, judged_grades, k: int | None = None) -> ShownFigure:
    """:func:`_draw_ndcg_figure`, shown with an alt text computed from the grades."""
    figure = _draw_ndcg_figure(grades, judged_grades, k)
    ks, curves = ndcg_curves(grades, judged_grades)
    linear, exponential = curves["linear"], curves["exponential"]
    shown = as_gains(grades)
    ideal = _ideal(judged_grades)[:shown.size]
    peak = int(np.argmax(linear))
    alt = (f"Two strips of grades, the ranking [{', '.join(number(g) for g in shown)}] and the "
           f"ideal ranking [{', '.join(number(g) for g in ideal)}], above two lines of nDCG@k "
           f"for k = 1 to {ks[-1]}. The linear-gain line starts at {linear[0]:.2f}, peaks at "
           f"{linear[peak]:.2f} at k = {peak + 1} and ends at {linear[-1]:.2f}; the "
           f"exponential-gain line "
           + ("runs at or below it throughout" if np.all(exponential <= linear + 1e-12)
              else f"starts at {exponential[0]:.2f} and ends at {exponential[-1]:.2f}")
           + (f". The cutoff k = {k} is marked." if k is not None else "."))
    return show_figure(figure, alt=alt)
