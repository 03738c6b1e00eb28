"""The TREC 2012 Web track in the chapter "Diversity and novelty".

* :func:`track`: the track's topics, subtopic judgements and the organisers' four Indri
  baselines (:func:`rankmetrics_course.data.web2012`, read once);
* :func:`baseline_scores`: alpha-nDCG@20, ERR-IA@20, NRBP and S-recall@20 of each baseline,
  per topic, as ``ndeval -traditional`` computes them; :func:`means_table` and
  :func:`per_topic_figure` show them;
* :func:`real_run_facts`: what the baselines hold that an invented run lacks: tied scores,
  fewer than 20 pages, pages judged spam, and a rank column that disagrees with the scores;
* :func:`reranked`: a baseline's top 100 re-ranked, without judgements (one page per ClueWeb09
  file first) or by an oracle that reads them (greedily, each page valued alone at alpha = 0 or
  by what it adds at alpha = 0.5); :func:`rerank_table` and :func:`oracle_gain_figure` compare
  them topic by topic.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course import data
from rankmetrics_course.alt_text import listing
from rankmetrics_course.figures import ShownFigure, show_figure
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT, SECOND
from rankmetrics_lite import evaluate, greedy_ideal_ranking, rank_by_score, read_trec_subtopic_qrels

#: The diversity measures the chapter reports, as ``evaluate`` names them (``ndeval``'s
#: alpha-nDCG@20, ERR-IA@20, NRBP and strec@20).
MEASURES = ("alpha_nDCG@20", "ERR_IA@20", "NRBP", "StRecall@20")
#: The ad hoc measures beside them, on the ad hoc qrels (trec_eval 10.0's P_20, ndcg_cut_20, map).
ADHOC_MEASURES = ("P@20", "nDCG@20", "AP")
#: How the chapter writes each measure.
LABELS = {"alpha_nDCG@20": "α-nDCG@20", "ERR_IA@20": "ERR-IA@20", "NRBP": "NRBP",
          "StRecall@20": "S-recall@20", "P@20": "P@20", "nDCG@20": "nDCG@20", "AP": "AP"}
CUTOFF = 20
#: How deep a re-ranking reaches into a baseline.
DEPTH = 100
SPAM = -2  # the track's grade for spam


@lru_cache(maxsize=1)
def track() -> data.Web2012:
    """The track's topics, judgements and baselines, read once."""
    return data.web2012()


def topic_ids() -> list[str]:
    """The 50 topics, in the judgements' order (151 to 200)."""
    return list(track().subtopic_qrels)


def per_topic(run: Mapping, measures: Sequence[str] = MEASURES, qrels: Mapping | None = None
              ) -> dict[str, np.ndarray]:
    """Each measure of ``run`` on every topic of ``qrels`` (the subtopic qrels by default)."""
    qrels = track().subtopic_qrels if qrels is None else qrels
    values = evaluate(run, qrels, list(measures), per_query=True)
    return {m: np.array([values[q][m] for q in qrels]) for m in measures}


@lru_cache(maxsize=1)
def baseline_scores() -> dict[str, dict[str, np.ndarray]]:
    """``{run: {measure: per-topic values}}`` for the diversity and the ad hoc measures."""
    web = track()
    return {name: {**per_topic(run), **per_topic(run, ADHOC_MEASURES, web.adhoc_qrels)}
            for name, run in web.runs.items()}


def means_table() -> str:
    """Each baseline's mean over the 50 topics, one row per run, four decimals."""
    scores = baseline_scores()
    columns = (*MEASURES, *ADHOC_MEASURES)
    rows = [f"{'':<8}{'diversity (subtopic qrels)':^48}{'ad hoc (ad hoc qrels)':^36}",
            f"{'run':<8}" + "".join(f"{LABELS[c]:>12}" for c in columns)]
    for name, values in scores.items():
        rows.append(f"{name:<8}" + "".join(f"{values[c].mean():>12.4f}" for c in columns))
    return "\n".join(rows)


def per_topic_figure() -> ShownFigure:
    """Four panels, one per diversity measure: every topic's value for each baseline, topics
    ordered by the baselines' mean on that measure."""
    scores = baseline_scores()
    figure = Figure(figsize=(6.4, 5.2))
    axes = figure.subplots(2, 2, sharex=True).ravel()
    markers = dict(zip(scores, ("o", "s", "^", "v")))
    colours = dict(zip(scores, (RELEVANT, SECOND, CURRENT, NOT_RELEVANT)))
    for ax, measure in zip(axes, MEASURES):
        order = np.argsort(np.mean([scores[r][measure] for r in scores], axis=0), kind="stable")
        for name in scores:
            ax.plot(np.arange(1, order.size + 1), scores[name][measure][order], markers[name],
                    color=colours[name], markersize=3, label=name, linestyle="none")
        ax.set_title(LABELS[measure], fontsize=10)
        ax.set(ylim=(-0.03, 1.03))
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
    for ax in axes[2:]:
        ax.set_xlabel("topic, by the mean")
    axes[2].legend(loc="upper left", fontsize=10, frameon=False, handletextpad=0.1, markerscale=1.5)
    figure.tight_layout()
    alpha = np.array([scores[r]["alpha_nDCG@20"] for r in scores])
    spread = alpha.max(axis=0) - alpha.min(axis=0)
    alt = (f"Four panels of per-topic values for the four baselines on the 50 topics. "
           f"alpha-nDCG@20 runs from {alpha.min():.2f} to {alpha.max():.2f} over the topics, while "
           f"on a typical topic the four runs lie within {np.median(spread):.2f} of each other; "
           f"S-recall@20 is 1 on {int((np.array([scores[r]['StRecall@20'] for r in scores]) == 1).sum())} "
           "of the 200 run-topic pairs. The markers of the four runs move up together from topic to topic.")
    return show_figure(figure, alt=alt)


# ------------------------------------------------------- what real runs hold --


def rank_column_run(name: str) -> dict[str, dict[str, float]]:
    """The run as ``ndeval`` ranks it by default, by its rank column: score = minus the rank."""
    run: dict[str, dict[str, float]] = {}
    for line in track().files[name].read_text().splitlines():
        topic, _, doc, rank, *_ = line.split()
        run.setdefault(topic, {})[doc] = -float(rank)
    return run


@lru_cache(maxsize=1)
def diversity_qrels() -> dict:
    """The track's own subtopic judgements, spam (-2) and the eight subtopics with no relevant
    page kept; ``ndeval`` refuses negative grades, so the track also gave the file that
    :func:`track` reads, with spam set to 0 and those subtopics left out."""
    return read_trec_subtopic_qrels(data.data_file("trec-web-2012", "qrels.diversity.txt"))


@dataclass(frozen=True)
class RunFacts:
    """What one baseline holds in its top 20, over the 50 topics."""

    tied_topics: int          # topics whose top 20 holds two equal scores
    short_topics: tuple       # topics with fewer than 20 pages retrieved
    spam_pages: int           # pages judged spam (grade -2) in the top 20s
    rank_order_differs: int   # topics whose top 20 the rank column orders otherwise


def real_run_facts() -> dict[str, RunFacts]:
    """:class:`RunFacts` of each baseline."""
    web = track()
    spam = {(q, d) for q, grades in web.adhoc_qrels.items() for d, g in grades.items() if g == SPAM}
    facts = {}
    for name, run in web.runs.items():
        by_rank = rank_column_run(name)
        tops = {q: rank_by_score(scores)[:CUTOFF] for q, scores in run.items()}  # as ndeval -traditional
        facts[name] = RunFacts(
            tied_topics=sum(len({run[q][d] for d in top}) < len(top) for q, top in tops.items()),
            short_topics=tuple(q for q in run if len(run[q]) < CUTOFF),
            spam_pages=sum((q, d) in spam for q, top in tops.items() for d in top),
            rank_order_differs=sum(rank_by_score(by_rank[q])[:CUTOFF] != top for q, top in tops.items()))
    return facts


def facts_table() -> str:
    """What the track's judgements hold, then :func:`real_run_facts` of each baseline, as text."""
    web = track()
    listed = sum(len(topic.subtopics) for topic in web.topics.values())
    with_relevant = sum(len({s for covers in relevant_subtopics(q).values() for s in covers})
                        for q in topic_ids())
    spam = [q for q, grades in web.adhoc_qrels.items() if SPAM in grades.values()]
    spam_pages = sum(list(grades.values()).count(SPAM) for grades in web.adhoc_qrels.values())
    lines = [f"judgements: {listed} subtopics listed, {with_relevant} with a relevant page; "
             f"{spam_pages} pages judged spam on {len(spam)} topics"]
    for name, f in real_run_facts().items():
        lines.append(f"{name}: ties in the top 20 of {f.tied_topics} topics; fewer than 20 pages on "
                     f"{len(f.short_topics)} ({', '.join(f.short_topics) or 'none'}); {f.spam_pages} "
                     f"pages judged spam in its top 20s; rank column reorders the top 20 of "
                     f"{f.rank_order_differs}")
    return "\n".join(lines)


def qrels_files_difference() -> float:
    """The largest difference, over the baselines, topics and :data:`MEASURES`, between the
    values read from the track's own judgements (spam, empty subtopics) and from ndeval's file."""
    largest = 0.0
    for name, run in track().runs.items():
        from_track_file = per_topic(run, qrels=diversity_qrels())
        largest = max([largest, *(float(np.max(np.abs(from_track_file[m] - baseline_scores()[name][m])))
                                  for m in MEASURES)])
    return largest


def rank_column_effect() -> tuple[int, float, float]:
    """What ranking by the rank column (ndeval's default) instead of by score then id does to
    alpha-nDCG@20: how many of the 200 run-topic values change, the largest change of one, and
    the largest change of a run's mean."""
    changed, largest, mean_change = 0, 0.0, 0.0
    for name in track().runs:
        ours = baseline_scores()[name]["alpha_nDCG@20"]
        by_rank = per_topic(rank_column_run(name), ["alpha_nDCG@20"])["alpha_nDCG@20"]
        changed += int(np.count_nonzero(ours != by_rank))
        largest = max(largest, float(np.max(np.abs(ours - by_rank))))
        mean_change = max(mean_change, abs(float(ours.mean() - by_rank.mean())))
    return changed, largest, mean_change


# ------------------------------------------------------------- re-rankings --


def clueweb_file(doc: str) -> str:
    """The ClueWeb09 file a page is stored in: its id without the record number
    (``clueweb09-en0011-54-30937`` is in ``clueweb09-en0011-54``)."""
    return doc.rsplit("-", 1)[0]


@lru_cache(maxsize=None)
def relevant_subtopics(topic: str) -> dict[str, frozenset]:
    """``{page: subtopics it is relevant to}`` for one topic (grade 1 or more)."""
    covered: dict[str, set] = {}
    for subtopic, grades in track().subtopic_qrels[topic].items():
        for doc, grade in grades.items():
            if grade >= 1:
                covered.setdefault(doc, set()).add(subtopic)
    return {doc: frozenset(s) for doc, s in covered.items()}


def one_per_file_first(ranking: Sequence[str], topic: str) -> list[str]:
    """Without judgements: the pages from a ClueWeb09 file not yet shown, in the run's order,
    then the others, in the run's order (a crude stand-in for "one result per site")."""
    seen, first, later = set(), [], []
    for doc in ranking:
        (later if clueweb_file(doc) in seen else first).append(doc)
        seen.add(clueweb_file(doc))
    return first + later


def oracle(alpha: float) -> Callable[[Sequence[str], str], list[str]]:
    """An oracle re-ranking: it reads the subtopic judgements, which no system has. The pages
    relevant to a subtopic go first, in the greedy order that builds ``ndeval``'s ideal (at
    ``alpha`` = 0 each page is valued alone, by how many subtopics it serves; at 0.5 by the
    novelty it adds to the pages above it); the others follow in the run's order."""
    def rerank(ranking: Sequence[str], topic: str) -> list[str]:
        judged = relevant_subtopics(topic)
        relevant = {doc: judged[doc] for doc in ranking if doc in judged}
        first = greedy_ideal_ranking(relevant, alpha=alpha) if relevant else []
        return first + [doc for doc in ranking if doc not in relevant]
    return rerank


RERANKINGS = {"one page per file first": one_per_file_first,
              "oracle, alpha = 0": oracle(0.0), "oracle, alpha = 0.5": oracle(0.5)}


def reranked(name: str, how: str, depth: int = DEPTH) -> dict[str, dict[str, float]]:
    """The top ``depth`` pages of baseline ``name``, re-ranked by ``how`` (a key of
    :data:`RERANKINGS`, or ``"baseline"`` for the run's own order), as a run."""
    if how != "baseline" and how not in RERANKINGS:
        raise ValueError(f"how must be 'baseline' or one of {sorted(RERANKINGS)}, got {how!r}")
    run = {}
    for topic, scores in track().runs[name].items():
        ranking = rank_by_score(scores)[:depth]
        if how != "baseline":
            ranking = RERANKINGS[how](ranking, topic)
        run[topic] = {doc: float(len(ranking) - i) for i, doc in enumerate(ranking)}
    return run


@lru_cache(maxsize=1)
def rerank_scores() -> dict[str, dict[str, dict[str, np.ndarray]]]:
    """``{run: {re-ranking: {measure: per-topic values}}}`` for alpha-nDCG@20 and S-recall@20
    (a baseline's own values: :func:`baseline_scores`; its top 100 ranks its top 20 alike)."""
    measures, baselines = ("alpha_nDCG@20", "StRecall@20"), baseline_scores()
    return {name: {"baseline": {m: baselines[name][m] for m in measures},
                   **{how: per_topic(reranked(name, how), measures) for how in RERANKINGS}}
            for name in track().runs}


def rerank_table() -> str:
    """Mean alpha-nDCG@20 of each baseline's top 100 under each re-ranking, and on how many
    topics each re-ranking raises (lowers) it."""
    scores = rerank_scores()
    hows = ("baseline", *RERANKINGS)
    lines = [f"{'run':<8}" + "".join(f"{h:>26}" for h in hows)]
    for name, by_how in scores.items():
        base = by_how["baseline"]["alpha_nDCG@20"]
        cells = []
        for how in hows:
            values = by_how[how]["alpha_nDCG@20"]
            moved = "" if how == "baseline" else f" (+{(values > base).sum()}/-{(values < base).sum()})"
            cells.append(f"{values.mean():.4f}{moved}")
        lines.append(f"{name:<8}" + "".join(f"{c:>26}" for c in cells))
    return "\n".join(lines)


def same_file_agreement() -> tuple[float, float]:
    """Over pairs of pages of one topic, each relevant to some subtopic: the share that serve
    exactly the same subtopics, for pairs stored in the same ClueWeb09 file and for the others."""
    same = [0, 0]    # pairs with the same subtopics, all pairs: within one file
    other = [0, 0]   # ... across files
    for topic in topic_ids():
        judged = relevant_subtopics(topic)
        pairs = lambda counts: sum(n * (n - 1) // 2 for n in counts.values())  # noqa: E731
        by_file = Counter(clueweb_file(d) for d in judged)
        by_set = Counter(judged.values())
        by_both = Counter((clueweb_file(d), s) for d, s in judged.items())
        same[0] += pairs(by_both)
        same[1] += pairs(by_file)
        other[0] += pairs(by_set) - pairs(by_both)
        other[1] += len(judged) * (len(judged) - 1) // 2 - pairs(by_file)
    return same[0] / same[1], other[0] / other[1]


def oracle_gain(name: str = "rm-cata") -> np.ndarray:
    """Per topic, alpha-nDCG@20 of the alpha = 0.5 oracle minus that of the alpha = 0 oracle."""
    scores = rerank_scores()[name]
    return scores["oracle, alpha = 0.5"]["alpha_nDCG@20"] - scores["oracle, alpha = 0"]["alpha_nDCG@20"]


def most_helped(name: str = "rm-cata", count: int = 5) -> str:
    """The topics where valuing novelty (alpha = 0.5) helps the oracle most, one line each."""
    web, scores, gain = track(), rerank_scores()[name], oracle_gain(name)
    lines = []
    for i in np.argsort(-gain, kind="stable")[:count]:
        topic = web.topics[topic_ids()[i]]
        recall = [scores[f"oracle, alpha = {a}"]["StRecall@20"][i] for a in ("0", "0.5")]
        lines.append(f"{topic.number} {topic.query!r} ({topic.type}, {len(topic.subtopics)} subtopics): "
                     f"+{gain[i]:.4f}; S-recall@20 {recall[0]:.2f} -> {recall[1]:.2f}")
    return "\n".join(lines)


def oracle_gain_figure(name: str = "rm-cata") -> ShownFigure:
    """Per topic: alpha-nDCG@20 of the baseline, of the oracle at alpha = 0 and at alpha = 0.5,
    topics ordered by the baseline."""
    scores = rerank_scores()[name]
    base = scores["baseline"]["alpha_nDCG@20"]
    order = np.argsort(base, kind="stable")
    x = np.arange(1, base.size + 1)
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    ax.plot(x, base[order], "o", color=NOT_RELEVANT, markersize=3.5, label=f"{name} as ranked")
    ax.plot(x, scores["oracle, alpha = 0"]["alpha_nDCG@20"][order], "s", color=SECOND,
            markersize=3.5, label="oracle, α = 0")
    ax.plot(x, scores["oracle, alpha = 0.5"]["alpha_nDCG@20"][order], "^", color=RELEVANT,
            markersize=3.5, label="oracle, α = 0.5")
    ax.set(xlabel=f"topic, by {name}'s α-nDCG@20", ylabel="α-nDCG@20", ylim=(-0.03, 1.05))
    ax.legend(fontsize=10, frameon=False, loc="lower right", markerscale=1.5)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    figure.tight_layout()
    gain = oracle_gain(name)
    alt = (f"Per topic, alpha-nDCG@20 of {name}'s top 100 as ranked (mean {base.mean():.2f}) and "
           f"re-ranked by two oracles that read the judgements: alpha = 0 (mean "
           f"{scores['oracle, alpha = 0']['alpha_nDCG@20'].mean():.2f}) and alpha = 0.5 (mean "
           f"{scores['oracle, alpha = 0.5']['alpha_nDCG@20'].mean():.2f}). The alpha = 0.5 oracle is "
           f"higher on {int((gain > 0).sum())} topics, by at most {gain.max():.2f}, and lower on "
           f"{int((gain < 0).sum())}; the largest gains are on topics "
           f"{listing(topic_ids()[i] for i in np.argsort(-gain, kind='stable')[:3])}.")
    return show_figure(figure, alt=alt)
