"""What the chapter "Diversity and novelty" shows.

* :data:`JAGUAR`: the ambiguous query "jaguar", its four subtopics and the judged
  pages, with a redundant and a diverse ranking of them;
* :func:`novelty_gains`: what each rank of a ranking adds under alpha-nDCG's
  novelty discount (:func:`rankmetrics_lite.novelty_gains`);
* :func:`alpha_frame` and :func:`alpha_slider`: alpha-nDCG@5 of both rankings as
  alpha moves from 0 to 1, with their novelty gains rank by rank, as a two-faced
  :class:`~rankmetrics_course.slider.Slider`;
* :func:`position_frame` and :func:`position_slider`: the car page moved up through
  the cat pages of the redundant ranking, nDCG@5 beside alpha-nDCG@5.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.alt_text import listing
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT
from rankmetrics_lite import alpha_ndcg_at_k, ndcg_at_k
from rankmetrics_lite import novelty_gains as library_novelty_gains

#: The judged pages of the query "jaguar" and the subtopics each is relevant to.
JAGUAR = {
    "cat-wiki": {"cat"}, "cat-zoo": {"cat"}, "cat-video": {"cat"}, "cat-range": {"cat"},
    "car-maker": {"car"}, "car-review": {"car"}, "os-apple": {"os"}, "team-nfl": {"team"},
    "cat-car-logo": {"cat", "car"},
}
#: A ranking that answers one reading of the query five times over, and one that covers four.
REDUNDANT = ["cat-wiki", "cat-zoo", "cat-video", "cat-range", "car-maker"]
DIVERSE = ["cat-wiki", "car-maker", "os-apple", "team-nfl", "cat-zoo"]
#: The slider's novelty discounts.
ALPHAS = tuple(round(a, 1) for a in np.linspace(0, 1, 11))


def subtopics_by_rank(ranking: Sequence[str], judged=None) -> list[set]:
    """The subtopics of each ranked page (an empty set for a page nobody judged relevant)."""
    judged = JAGUAR if judged is None else judged
    return [set(judged.get(doc, ())) for doc in ranking]


def subtopic_qrels(judged=None) -> dict[str, dict[str, int]]:
    """The judgements as ``{subtopic: {doc: 1}}``, one query of ndeval's qrels."""
    judged = JAGUAR if judged is None else judged
    qrels: dict[str, dict[str, int]] = {}
    for doc, covered in judged.items():
        for subtopic in sorted(covered):
            qrels.setdefault(subtopic, {})[doc] = 1
    return qrels


def novelty_gains(ranking: Sequence[str], alpha: float, judged=None) -> np.ndarray:
    r"""The novelty gain :math:`\sum_s J_s(i)(1-\alpha)^{c_s(i)}` at each rank of ``ranking``.

    >>> novelty_gains(["cat-wiki", "cat-zoo", "car-maker"], 0.5).tolist()
    [1.0, 0.5, 1.0]
    """
    judged = JAGUAR if judged is None else judged
    return library_novelty_gains(subtopics_by_rank(ranking, judged), judged=judged, alpha=alpha)


def _draw_gains(alpha: float, k: int) -> Figure:
    figure = Figure(figsize=(6.4, 3.4))
    ax = figure.subplots()
    ranks = np.arange(1, k + 1)
    for shift, ranking, colour, name in ((-0.2, REDUNDANT, NOT_RELEVANT, "redundant"),
                                        (0.2, DIVERSE, RELEVANT, "diverse")):
        ax.bar(ranks + shift, novelty_gains(ranking[:k], alpha), width=0.38, color=colour, label=name)
    ax.set(xlabel="rank", ylabel="novelty gain", xticks=ranks, ylim=(0, 1.15))
    ax.set_title(f"What each rank adds at α = {alpha:.1f}", fontsize=10)
    ax.legend(loc="upper right", fontsize=10, frameon=False, ncol=2)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    figure.tight_layout()
    return figure


def alpha_frame(alpha: float, k: int = 5) -> Frame:
    """One position of the alpha slider: alpha-nDCG@k of both rankings and their gains."""
    values = {name: alpha_ndcg_at_k(subtopics_by_rank(ranking), k, judged=JAGUAR, alpha=alpha)
              for name, ranking in (("redundant", REDUNDANT), ("diverse", DIVERSE))}
    numbers = {"α": f"{alpha:.1f}", **{f"α-nDCG@{k} {name}": f"{v:.4f}" for name, v in values.items()}}
    gains = {name: listing(f"{g:.2f}" for g in novelty_gains(r[:k], alpha))
             for name, r in (("redundant", REDUNDANT), ("diverse", DIVERSE))}
    alt = (f"Paired bars of the novelty gain at ranks 1 to {k} at alpha {alpha:.1f}: the redundant "
           f"ranking gains {gains['redundant']}; the diverse ranking gains {gains['diverse']}.")
    return Frame(numbers, partial(_draw_gains, alpha, k), alt)


def alpha_slider(value: float = 0.5, alphas: Sequence[float] = ALPHAS) -> Slider:
    """A slider over alpha, live in Jupyter, static in the book."""
    return Slider(alpha_frame, list(alphas), label="α", value=value, value_format=".1f")


def with_car_at(position: int) -> list[str]:
    """The redundant ranking's five pages with the car page moved to rank ``position``."""
    if isinstance(position, bool) or position not in range(1, len(REDUNDANT) + 1):
        raise ValueError(f"position must be a rank from 1 to {len(REDUNDANT)}, got {position!r}")
    cats = [doc for doc in REDUNDANT if doc != "car-maker"]
    return cats[:position - 1] + ["car-maker"] + cats[position - 1:]


def _draw_position(position: int, alpha: float) -> Figure:
    ranking = with_car_at(position)
    figure = Figure(figsize=(6.4, 3.4))
    ax = figure.subplots()
    ranks = np.arange(1, len(ranking) + 1)
    colours = [CURRENT if doc == "car-maker" else NOT_RELEVANT for doc in ranking]
    ax.bar(ranks, novelty_gains(ranking, alpha), width=0.6, color=colours)
    ax.annotate("car", (position, 1.0), xytext=(0, 3), textcoords="offset points", ha="center",
                fontsize=10, color=CURRENT)
    ax.set(xlabel="rank (grey: a cat page)", ylabel="novelty gain", xticks=ranks, ylim=(0, 1.2))
    ax.set_title(f"The car page at rank {position}, α = {alpha:.1f}", fontsize=10)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    figure.tight_layout()
    return figure


def position_frame(position: int, alpha: float = 0.5) -> Frame:
    """One position of the second slider: the car page at rank ``position`` among cat pages."""
    ranking = with_car_at(position)
    relevant = [1 if JAGUAR.get(doc) else 0 for doc in ranking]
    numbers = {"car at rank": str(position),
               "nDCG@5": f"{ndcg_at_k(relevant, 5, judged_grades=[1] * len(JAGUAR)):.4f}",
               "α-nDCG@5": f"{alpha_ndcg_at_k(subtopics_by_rank(ranking), 5, judged=JAGUAR, alpha=alpha):.4f}"}
    gains = listing(f"{g:.2f}" for g in novelty_gains(ranking, alpha))
    alt = (f"Bars of the novelty gain at ranks 1 to 5 when the car page sits at rank {position} "
           f"among four cat pages, at alpha {alpha:.1f}: {gains}.")
    return Frame(numbers, partial(_draw_position, position, alpha), alt)


def position_slider(value: int = 5, alpha: float = 0.5) -> Slider:
    """A slider over the car page's rank, live in Jupyter, static in the book."""
    return Slider(lambda p: position_frame(p, alpha), list(range(1, len(REDUNDANT) + 1)),
                  label="car at rank", value=value)


# ------------------------------------------------------------- exercises --
#: "Easy: alpha-nDCG of a new ranking": this ranking, at alpha = 0.25.
EASY_RANKING = ["car-review", "cat-car-logo", "car-maker", "os-apple", "cat-wiki"]
#: "Medium: the true ideal": a pool of five documents (subtopics numbered), k = 4, alpha = 0.5.
POOL = {"a": {1, 5}, "b": {2, 3}, "c": {1}, "d": {3, 6}, "e": {1, 3}}
#: "Hard: where two rankings tie": a page about the guitar, judged relevant to nothing.
MANY_CATS = ["cat-wiki", "cat-zoo", "cat-video", "car-maker", "cat-range"]
FEWER_NEEDS = ["cat-wiki", "car-maker", "guitar", "os-apple", "team-nfl"]
