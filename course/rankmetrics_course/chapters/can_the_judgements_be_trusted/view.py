"""What the chapter "Can the judgements be trusted?" shows.

* :func:`lexical_judge` and :func:`judge_thresholds`: the chapter's automatic judge
  (:class:`~rankmetrics_course.chapters.can_the_judgements_be_trusted.judges.LexicalJudge`)
  and the thresholds it takes from the calibration questions;
* :func:`case_study_runs` and :func:`system_means`: the case study's five retrievers
  (chapter 20's family) ranking pages, scored by ``evaluate`` under any labels;
* :func:`noise_row`, :func:`noise_frame` and :func:`noise_slider`: twelve simulated
  systems judged by the simulated assessor at an error rate, against the true
  labels: kappa, the mean P@10 under each, Kendall's tau and tau_AP between the two
  orderings, and a slope chart of every system's P@10, as a two-faced
  :class:`~rankmetrics_course.slider.Slider`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, partial

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.alt_text import listing
from rankmetrics_course.chapters.can_the_judgements_be_trusted.judges import (
    LexicalJudge,
    calibrate,
    calibration_split,
    course_grades,
    questions,
    simulated_collection_of_twelve,
    simulated_judgements,
)
from rankmetrics_course.chapters.case_study_rag_retriever.corpus import load_corpus
from rankmetrics_course.chapters.case_study_rag_retriever.retrievers import document_ranking
from rankmetrics_course.chapters.how_many_queries.view import case_study_retrievers
from rankmetrics_course.chapters.incomplete_judgements.view import system_mean
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, NOT_RELEVANT
from rankmetrics_lite import cohen_kappa, kendall_tau, tau_ap

#: The slider's error rates, 0 to 0.5.
RATES = tuple(round(0.05 * i, 2) for i in range(11))
#: The measure of the noise experiment, and the seed of its simulated collection.
NOISE_MEASURE, NOISE_SEED = "P@10", 2000


# ------------------------------------------------------- lexical judge --


@lru_cache(maxsize=1)
def lexical_judge() -> LexicalJudge:
    """The chapter's automatic judge over the case study's 48 questions and 22 pages."""
    return LexicalJudge()


@lru_cache(maxsize=1)
def judge_thresholds() -> tuple[float, float]:
    """The (low, high) thresholds calibrated on the chapter's 16 calibration questions."""
    return calibrate(lexical_judge(), course_grades(), calibration_split()[0])


@lru_cache(maxsize=1)
def _runs() -> dict[str, dict[str, dict[str, float]]]:
    every_chunk = len(load_corpus())
    return {name: {q.query_id: dict(document_ranking(retriever.search(q.query, k=every_chunk)))
                   for q in questions()}
            for name, retriever in case_study_retrievers().items()}


def case_study_runs() -> dict[str, dict[str, dict[str, float]]]:
    """``{system: run}``: each of the five retrievers' page rankings for the 48 questions
    (every page at its best chunk's score, as in chapter 21)."""
    return {name: {qid: dict(row) for qid, row in run.items()} for name, run in _runs().items()}


def system_means(runs: dict, qrels: dict, measure: str) -> dict[str, float]:
    """``{system: mean of measure}`` for each run, scored by ``evaluate`` against ``qrels``
    (to chapter 16's twelve decimals, so that equal means tie)."""
    return {name: system_mean(run, qrels, measure) for name, run in runs.items()}


# --------------------------------------------------------- noise slider --


@dataclass(frozen=True)
class NoiseRow:
    """The noise experiment at one error rate: agreement, means, and the two orderings."""

    rate: float
    kappa: float
    true_mean: float
    judged_mean: float
    tau: float
    tau_ap: float
    true: dict
    judged: dict

    @property
    def moved(self) -> list[str]:
        """The systems whose place in the ordering differs between the two label sets."""
        def places(scores):
            return {name: sorted(scores, key=scores.get, reverse=True).index(name) for name in scores}
        true, judged = places(self.true), places(self.judged)
        return [name for name in self.true if true[name] != judged[name]]


@lru_cache(maxsize=32)
def noise_row(rate: float, seed: int = NOISE_SEED) -> NoiseRow:
    """Twelve simulated systems' P@10 under the true pool and under the simulated assessor
    at error rate ``rate`` (one assessor, seed 0): kappa of its labels (linear weights),
    both means over the systems, and Kendall's tau and tau_AP between the orderings."""
    if rate not in RATES:
        raise ValueError(f"rate must be one of {RATES}, got {rate!r}")
    collection = simulated_collection_of_twelve(seed)
    judged = simulated_judgements(collection, rate)
    names = [f"S{i + 1}" for i in range(len(collection.runs))]
    runs = dict(zip(names, collection.runs))
    true = system_means(runs, collection.pool, NOISE_MEASURE)
    noisy = system_means(runs, judged, NOISE_MEASURE)
    pairs = [(qid, doc) for qid in sorted(collection.pool) for doc in sorted(collection.pool[qid])]
    kappa = cohen_kappa([collection.pool[q][d] for q, d in pairs], [judged[q][d] for q, d in pairs],
                        weights="linear", categories=[0, 1, 2])
    return NoiseRow(rate, kappa, float(np.mean(list(true.values()))), float(np.mean(list(noisy.values()))),
                    kendall_tau(true, noisy), tau_ap(true, noisy), true, noisy)


def noise_figure(rate: float, seed: int = NOISE_SEED) -> Figure:
    """A slope chart: each system's P@10 under the true labels (left) and the simulated
    judge's (right); red where the system's place changed."""
    row = noise_row(rate, seed)
    moved = set(row.moved)
    figure = Figure(figsize=(6.4, 4.2))
    ax = figure.subplots()
    for name in row.true:
        colour, width = (CURRENT, 1.8) if name in moved else (NOT_RELEVANT, 1.0)
        ax.plot([0, 1], [row.true[name], row.judged[name]], color=colour, linewidth=width, marker="o",
                markersize=4)
    ax.set(xlim=(-0.15, 1.15), ylim=(0.2, 1.0), xticks=[0, 1], ylabel=f"mean {NOISE_MEASURE}")
    ax.set_xticklabels(["true labels", f"judge, error rate {rate:.2f}"])
    ax.set_title(f"12 systems: {len(moved)} change place (red)", fontsize=10)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    figure.tight_layout()
    return figure


def noise_frame(rate: float, seed: int = NOISE_SEED) -> Frame:
    """One position of the error-rate slider: the numbers and the slope chart."""
    row = noise_row(rate, seed)
    numbers = {"error rate": f"{rate:.2f}", "kappa": f"{row.kappa:.3f}",
               f"mean {NOISE_MEASURE}, true": f"{row.true_mean:.3f}",
               f"mean {NOISE_MEASURE}, judged": f"{row.judged_mean:.3f}",
               "tau": f"{row.tau:.3f}", "tau_AP": f"{row.tau_ap:.3f}"}
    moved = row.moved
    alt = (f"A slope chart of twelve systems' mean {NOISE_MEASURE}: on the left under the true "
           f"labels, from {min(row.true.values()):.2f} to {max(row.true.values()):.2f}; on the right "
           f"under a simulated judge with error rate {rate:.2f}, from {min(row.judged.values()):.2f} "
           f"to {max(row.judged.values()):.2f}. "
           + (f"{listing(moved)} change place (red lines)." if moved else "Every system keeps its place."))
    return Frame(numbers, partial(noise_figure, rate, seed), alt)


def noise_slider(value: float = 0.2, seed: int = NOISE_SEED) -> Slider:
    """The error-rate slider, live in Jupyter, static in the book."""
    return Slider(lambda rate: noise_frame(rate, seed), list(RATES), label="error rate", value=value,
                  value_format=".2f")
