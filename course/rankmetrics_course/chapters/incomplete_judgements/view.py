"""What the chapter on incomplete judgements shows: pooling, a new system, and drifting rankings.

A seeded simulated collection: every document has a true grade, and systems
rank documents by a noisy view of it. Two "old" systems form the judgement
pool; a "new" system, as good, prefers documents the old ones rank low, so
most of what it finds was never judged. :func:`verdicts` scores the three
under complete and pooled judgements; :func:`drift_frame` and
:func:`drift_slider` show, for each measure, Kendall's tau between its ranking
of twelve systems under complete judgements and under a pool of the given
depth. Every number comes from :func:`rankmetrics_lite.evaluate`.
"""

from __future__ import annotations

from functools import lru_cache, partial

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.chapters.pr_curves_and_ap.view import legend_beside
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT, SECOND
from rankmetrics_lite import evaluate, kendall_tau
from rankmetrics_lite.validation import as_rng, check_k

DEPTHS = (1, 2, 3, 5, 10, 20, 50, 100)
RUN_DEPTH = 100
# (name, evaluate's measure, options): the measures whose rankings drift.
DRIFT_MEASURES = (
    ("P@10", "P@10", {}),
    ("AP", "AP", {}),
    ("bpref", "Bpref", {}),
    ("condensed AP", "AP", {"unjudged": "condensed"}),
    ("RBP(p=0.8)", "RBP(p=0.8)", {}),
)
_COLOURS = {"P@10": NOT_RELEVANT, "AP": CURRENT, "bpref": SECOND, "condensed AP": RELEVANT,
            "RBP(p=0.8)": "#762a83"}


def simulated_collection(seed: int = 2004, n_queries: int = 30, n_docs: int = 400):
    """True grades ``{qid: {doc: grade}}`` and each document's side (0 or 1) per query.

    About 6% of the documents are relevant (grade 1 or 2); side says which
    kind of system finds a document easily (think: lexical or semantic match).
    """
    rng = as_rng(seed)
    grades, sides = {}, {}
    for q in range(check_k(n_queries, "n_queries")):
        qid = f"q{q:02d}"
        grade = rng.choice([0, 1, 2], size=n_docs, p=[0.94, 0.04, 0.02])
        grades[qid] = {f"d{i:03d}": int(g) for i, g in enumerate(grade)}
        sides[qid] = rng.integers(0, 2, size=n_docs)
    return grades, sides


def system_run(grades: dict, sides: dict, *, skill: float, side: int, seed: int) -> dict:
    """A run of ``RUN_DEPTH`` documents per query: a noisy view of the grade, plus a
    bonus for documents on the system's side."""
    rng = as_rng(seed)
    run = {}
    for qid, judged in grades.items():
        truth = np.fromiter(judged.values(), dtype=float)
        score = skill * truth + rng.normal(size=truth.size) + 1.5 * (sides[qid] == side)
        top = np.argsort(-score, kind="stable")[:RUN_DEPTH]
        docs = list(judged)
        run[qid] = {docs[i]: float(RUN_DEPTH - r) for r, i in enumerate(top)}
    return run


def pooled_qrels(grades: dict, runs: list[dict], depth: int) -> dict:
    """The judgements a pool of the top ``depth`` of ``runs`` yields (the rest: unjudged)."""
    depth = check_k(depth, "depth")
    qrels = {}
    for qid, judged in grades.items():
        pool = set()
        for run in runs:
            ranked = sorted(run[qid], key=run[qid].get, reverse=True)
            pool.update(ranked[:depth])
        qrels[qid] = {doc: judged[doc] for doc in sorted(pool)}
    return qrels


def sampled_qrels(grades: dict, runs: list[dict], depth: int, share: float, seed: int) -> dict:
    """A pool of every run to ``depth``, of which a random ``share`` is judged; the rest
    stays in the qrels with grade -1 (in the pool, unjudged), as infAP expects."""
    rng = as_rng(seed)
    qrels = pooled_qrels(grades, runs, depth)
    return {qid: {doc: g if rng.random() < share else -1 for doc, g in judged.items()}
            for qid, judged in qrels.items()}


@lru_cache(maxsize=4)
def three_systems(seed: int = 2004):
    """(true grades, runs A, B, C): A and B on side 0, C on side 1, C the most skilled."""
    grades, sides = simulated_collection(seed)
    runs = {"A": system_run(grades, sides, skill=2.0, side=0, seed=seed + 1),
            "B": system_run(grades, sides, skill=1.8, side=0, seed=seed + 2),
            "C": system_run(grades, sides, skill=2.2, side=1, seed=seed + 3)}
    return grades, runs


# Means to twelve decimals before systems are ranked by them: two means equal as fractions
# (P@10 of 0.1 and 0.2 on two queries against 0.3 and 0.0) can differ in their last bit once
# summed, and a ranking would then split a true tie one way or the other.
TIE_DECIMALS = 12


def system_mean(run: dict, qrels: dict, measure: str, **options) -> float:
    """``evaluate``'s mean of ``measure`` for ``run``, rounded to :data:`TIE_DECIMALS` so
    that systems whose means are equal compare equal when they are ranked."""
    return round(evaluate(run, qrels, measure, **options)[measure], TIE_DECIMALS)


@lru_cache(maxsize=4)
def twelve_systems(seed: int = 1998):
    """(true grades, twelve runs): six old systems (side 0) that form the pool, six new (side 1)."""
    grades, sides = simulated_collection(seed)
    rng = as_rng(seed)
    skills = rng.uniform(0.8, 2.6, size=12)
    runs = [system_run(grades, sides, skill=float(s), side=int(i >= 6), seed=seed + 10 + i)
            for i, s in enumerate(skills)]
    return grades, runs


@lru_cache(maxsize=4)
def drift_table(seed: int = 1998) -> dict[int, dict[str, float]]:
    """Kendall's tau per pool depth and measure: each measure's ranking of the twelve systems
    with the old systems pooled to that depth, against its ranking with every grade known."""
    grades, runs = twelve_systems(seed)
    def scores(qrels):
        return {name: [system_mean(run, qrels, measure, **options) for run in runs]
                for name, measure, options in DRIFT_MEASURES}
    full = scores(grades)
    table = {}
    for depth in DEPTHS:
        pooled = scores(pooled_qrels(grades, runs[:6], depth))
        table[depth] = {name: kendall_tau(full[name], pooled[name]) for name in full}
    return table


def drift_figure(depth: int, seed: int = 1998) -> Figure:
    """Kendall's tau against pool depth, one line per measure, the chosen depth marked."""
    table = drift_table(seed)
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    for name, _, _ in DRIFT_MEASURES:
        ax.plot(DEPTHS, [table[d][name] for d in DEPTHS], marker="o", markersize=4,
                color=_COLOURS[name], label=name)
    ax.axvline(depth, color=NOT_RELEVANT, linewidth=1)
    ax.set(xscale="log", xticks=DEPTHS, xticklabels=[str(d) for d in DEPTHS],
           xlabel="pool depth (top documents of each old system judged)",
           ylabel="Kendall's tau vs complete", ylim=(-0.05, 1.05))
    legend_beside(ax)  # off the lines and the depth's marker
    ax.set_title("How far each measure's ranking of 12 systems drifts", fontsize=10)
    return figure


def drift_frame(depth: int, seed: int = 1998) -> Frame:
    """The numbers and the figure for one position of the pool-depth slider."""
    if depth not in DEPTHS:
        raise ValueError(f"depth must be one of {DEPTHS}, got {depth!r}")
    row = drift_table(seed)[depth]
    numbers = {"depth": str(depth), **{f"tau {name}": f"{tau:.3f}" for name, tau in row.items()}}
    shown = ", ".join(f"{name} {tau:.2f}" for name, tau in row.items())
    alt = (f"Kendall's tau between each measure's ranking of twelve systems with complete "
           f"judgements and with the six old systems pooled to depth d, on a log axis of d from "
           f"1 to 100; at depth {depth}: {shown}.")
    return Frame(numbers, partial(drift_figure, depth, seed), alt)


def drift_slider(depth: int = 10, seed: int = 1998) -> Slider:
    """A pool-depth slider, live in Jupyter, static in the book."""
    drift_table(seed)  # compute every position once, up front
    return Slider(lambda value: drift_frame(value, seed), DEPTHS, label="pool depth", value=depth)
