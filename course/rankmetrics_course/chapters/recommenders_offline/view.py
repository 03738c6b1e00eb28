"""What the chapter "Evaluating recommenders offline" shows.

* :func:`held_out_test`: a split's test, one held-out interaction per tested user (the
  user's earliest test interaction), with the training matrix and what each user may
  not be recommended (the items they trained on), for the synthetic log or MovieLens;
* :func:`fit_and_rank`: fit each recommender on a split and rank each user's
  held-out item among all candidates (:func:`rankmetrics_lite.full_ranks`);
* :func:`top_k_by_score` and :func:`top_k_lists`: each tested user's top-k;
* :func:`true_hit_chances` and :func:`true_hit_rate`: what the synthetic model says a
  top-k would really catch: the chance, from the known choice probabilities, that the
  user's next pick lands in it;
* :func:`mean_and_error`: a mean over users and its standard error;
* :func:`order_text` and :func:`reversed_pairs`: the order of the recommenders, ties
  printed as ties, and the pairs one metric orders against another;
* :func:`sampled_frame` and :func:`sampled_slider`: the expected sampled HR@k of each
  recommender as the number of sampled negatives moves, beside its full HR@k, as a
  two-faced :class:`~rankmetrics_course.slider.Slider`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial

import numpy as np
from matplotlib.figure import Figure
from scipy import sparse

from rankmetrics_course.alt_text import listing
from rankmetrics_course.chapters.recommenders_offline.data import SyntheticInteractions
from rankmetrics_course.chapters.recommenders_offline.recommenders import ALS, ItemKNN, MostPopular
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT, SECOND
from rankmetrics_lite import Split, expected_sampled_metric, full_ranks, metric_of_rank

#: The slider's numbers of sampled negatives ("all" ranks against every candidate).
NEGATIVES = (5, 10, 20, 50, 100, 200, 500, "all")
COLOURS = {"most popular": NOT_RELEVANT, "item-kNN": SECOND, "ALS": CURRENT}


def recommenders() -> list:
    """The chapter's three recommenders, with their default settings."""
    return [MostPopular(), ItemKNN(), ALS()]


@dataclass(frozen=True)
class HeldOut:
    """One held-out interaction per tested user, and what the recommenders train on.

    ``rows`` index the interactions held out (one per user, the user's earliest test
    interaction); ``users`` and ``items`` are theirs; ``train`` is the sparse 0/1 training
    matrix; ``exclude`` marks, per tested user, the items they trained on.
    """

    rows: np.ndarray
    users: np.ndarray
    items: np.ndarray
    train: sparse.csr_matrix
    exclude: np.ndarray

    @property
    def n_candidates(self) -> np.ndarray:
        """How many items each user's held-out item is ranked among, itself included."""
        return (~self.exclude).sum(axis=1)


def held_out_test(data, split: Split, *, with_history: bool = False) -> HeldOut:
    """Each tested user's earliest test interaction, and the training matrix of ``split``.

    ``data`` is a log (:class:`.SyntheticInteractions` or :class:`.RatingLog`). With
    ``with_history``, only users with at least one training interaction are tested. A
    test item the user also trained on (it cannot happen in either log: a user picks or
    rates an item once) would be refused by :func:`rankmetrics_lite.full_ranks`' exclusion.
    """
    test = np.asarray(split.test)
    order = test[np.lexsort((test, data.timestamps[test], data.users[test]))]
    first = order[np.r_[True, data.users[order][1:] != data.users[order][:-1]]]
    train = data.matrix(split.train)
    if with_history:
        first = first[np.diff(train.indptr)[data.users[first]] > 0]
    users = data.users[first]
    exclude = train[users].toarray().astype(bool)
    exclude[np.arange(first.size), data.items[first]] = False
    return HeldOut(first, users, data.items[first], train, exclude)


def fit_and_rank(held: HeldOut, models: Sequence | None = None) -> dict[str, np.ndarray]:
    """``{recommender: full rank of each held-out item}``, each fitted on ``held.train``."""
    ranks = {}
    for model in models or recommenders():
        scores = model.fit(held.train).scores(held.users)
        ranks[model.name] = full_ranks(scores, held.items, exclude=held.exclude)
    return ranks


def top_k_by_score(scores: np.ndarray, exclude: np.ndarray, k: int = 10) -> np.ndarray:
    """Each row's k best items (indices) by score, the ``exclude``-d ones left out; of equal
    scores the larger index first (trec_eval's order)."""
    scores = np.where(exclude, -np.inf, scores)
    index = np.broadcast_to(np.arange(scores.shape[1]), scores.shape)
    return np.lexsort((-index, -scores), axis=1)[:, :k]


def top_k_lists(model, held: HeldOut, k: int = 10) -> np.ndarray:
    """Each tested user's top-k (item indices) from a fitted ``model``, training items left out."""
    return top_k_by_score(model.scores(held.users), held.exclude, k)


def true_hit_chances(data: SyntheticInteractions, held: HeldOut, lists: np.ndarray) -> np.ndarray:
    """For each tested user, the true chance that the pick at the held-out time lands in the
    user's list: the sum of its items' choice probabilities
    (:meth:`SyntheticInteractions.choice_probabilities`), given the items the user trained on."""
    return np.array([data.choice_probabilities(u, data.timestamps[row], np.flatnonzero(seen))[top].sum()
                     for u, row, seen, top in zip(held.users, held.rows, held.exclude, lists)])


def mean_and_error(values) -> tuple[float, float]:
    """The mean of per-user values and its standard error (standard deviation over the square
    root of the number of users)."""
    values = np.asarray(values, dtype=float)
    return float(values.mean()), float(values.std(ddof=1) / np.sqrt(values.size))


def true_hit_rate(data: SyntheticInteractions, held: HeldOut, model, k: int = 10) -> float:
    """The true chance that each user's next pick, at the time of the held-out interaction,
    falls in the fitted ``model``'s top-k, averaged over the tested users."""
    return float(true_hit_chances(data, held, top_k_lists(model, held, k)).mean())


# ---------------------------------------------------------- sampled metrics --


def _negatives_label(n) -> str:
    return "all" if n == "all" else str(n)


def order_text(values: Mapping[str, float], digits: int = 4) -> str:
    """The recommenders from best to worst, as shown at ``digits`` decimals: ``"a > b = c"``
    (equal shown values are tied, in the order given)."""
    shown = {name: round(value, digits) for name, value in values.items()}
    levels = sorted(set(shown.values()), reverse=True)
    return " > ".join(" = ".join(name for name in shown if shown[name] == level) for level in levels)


def reversed_pairs(full: Mapping[str, float], other: Mapping[str, float], digits: int = 4) -> list[str]:
    """The pairs that ``other`` orders strictly against the strict order of ``full``, at
    ``digits`` decimals: ``"b > a"`` where the full metric says a > b."""
    full = {name: round(value, digits) for name, value in full.items()}
    other = {name: round(value, digits) for name, value in other.items()}
    return [f"{b} > {a}" for a in full for b in full if full[a] > full[b] and other[b] > other[a]]


def sampled_values(ranks: Mapping[str, np.ndarray], n_candidates: np.ndarray, n,
                   k: int = 10) -> dict[str, float]:
    """Each recommender's expected sampled HR@k with ``n`` negatives (``"all"``: the full HR@k)."""
    measure = f"HR@{k}"
    if n == "all":
        return {name: float(metric_of_rank(r, measure).mean()) for name, r in ranks.items()}
    return {name: expected_sampled_metric(r, n_candidates, n, measure) for name, r in ranks.items()}


def _draw_sampled(n, sampled: dict[str, float], full: dict[str, float], k: int) -> Figure:
    figure = Figure(figsize=(4.8, 2.6))
    ax = figure.subplots()
    names = list(sampled)[::-1]
    for row, name in enumerate(names):
        ax.barh(row, sampled[name], color=COLOURS.get(name, RELEVANT), height=0.55)
        ax.annotate(f"{sampled[name]:.3f}", (max(sampled[name], full[name]), row), xytext=(6, 0),
                    textcoords="offset points", va="center", fontsize=10)
        ax.plot([full[name]] * 2, [row - 0.38, row + 0.38], color="#000000", linewidth=2)
    ax.set_yticks(range(len(names)), names)
    ax.set_xticks([0, 0.5, 1], ["0", "0.5", "1"])
    where = "all candidates" if n == "all" else f"{n} negatives"
    ax.set(xlim=(0, 1.25), ylim=(-0.6, len(names) - 0.4),
           xlabel=f"HR@{k} among {where} (bars); full (ticks)")
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    figure.tight_layout()
    return figure


def sampled_frame(ranks: Mapping[str, np.ndarray], n_candidates: np.ndarray, n, k: int = 10) -> Frame:
    """One position of the slider: each recommender's expected sampled HR@k with ``n``
    negatives, its full HR@k, and the order each gives."""
    sampled = sampled_values(ranks, n_candidates, n, k)
    full = sampled_values(ranks, n_candidates, "all", k)
    order = order_text(sampled)
    numbers = {"negatives": _negatives_label(n),
               **{f"sampled HR@{k} {name}": f"{value:.4f}" for name, value in sampled.items()},
               "order": order}
    agrees = "the same order as" if order == order_text(full) else "a different order from"
    alt = (f"Horizontal bars, one per recommender, of the expected HR@{k} when each held-out item "
           f"is ranked among {'every candidate' if n == 'all' else f'{n} sampled negatives'}: "
           f"{listing(f'{name} {value:.3f}' for name, value in sampled.items())}; black ticks mark "
           f"the full HR@{k}: {listing(f'{name} {value:.3f}' for name, value in full.items())}. "
           f"The bars give {agrees} the full metric.")
    return Frame(numbers, partial(_draw_sampled, n, sampled, full, k), alt)


def sampled_slider(ranks: Mapping[str, np.ndarray], n_candidates: np.ndarray, *, value=100,
                   negatives: Sequence = NEGATIVES, k: int = 10) -> Slider:
    """The sampled metrics' slider over the number of negatives, live in Jupyter, static in the book."""
    ranks = {name: np.asarray(r) for name, r in ranks.items()}
    counts = np.asarray(n_candidates)
    return Slider(lambda n: sampled_frame(ranks, counts, n, k), list(negatives), label="negatives",
                  value=value, value_format=_negatives_label)
