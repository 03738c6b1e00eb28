r"""Real judges against NIST's: labels of TREC DL 2023 pairs, and DL 2019-23 system rankings.

Two questions, on the data of :mod:`rankmetrics_course.data`:

* **Labels.** How well do 33 LLM judges (LLMJudge) and GPT-4 agree with NIST's assessors
  on the same passages? :func:`judge_agreements` gives each judge's Cohen's kappa against
  NIST, graded (the four grades 0-3 as categories, unweighted) and binary (relevant from
  grade :data:`RELEVANT_FROM`, TREC DL's threshold for its binary measures). A judge's
  *team* is the prefix of its name; its *prompt* is the prompt file it used, and judges
  whose prompt files hold the same text form a :func:`prompt_groups` group.
* **Rankings.** Do TREC DL's runs keep their order when GPT-4's qrels (SynDL) replace
  NIST's? :func:`compare_rankings` gives Kendall's tau-b and tau_AP between the two orderings
  by mean nDCG@10, and where near the top they differ.

Three labels lie off the 0-3 scale the prompts asked for (two 5s and a 10, all on passages
NIST graded 0): :func:`on_scale` reads a label above 3 as 3, the top of the scale, a
judge's strongest claim.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from rankmetrics_course import data
from rankmetrics_lite import cohen_kappa, kendall_tau, tau_ap

#: NIST's grades: 0 irrelevant, 1 related, 2 highly relevant, 3 perfectly relevant.
GRADES = (0, 1, 2, 3)
#: TREC DL counts a passage relevant from grade 2 for its binary measures (MAP, MRR).
RELEVANT_FROM = 2
#: The prompt file of each judge whose score file is named otherwise.
PROMPT_FILES = {
    "TREMA-4prompts": "TREMA-4prompt",
    **{f"prophet-setting{i}": "Prophet-llama38B" for i in (1, 2, 4)},
    **{f"willia-umbrela{i}": f"william-umbrela{i}" for i in (1, 2, 3)},
}
#: The DL years whose runs SynDL scored under both qrels.
YEARS = (2019, 2020, 2021, 2022, 2023)


# ------------------------------------------------------------------ labels --


@lru_cache(maxsize=1)
def llm_judges() -> data.JudgedPairs:
    """LLMJudge's pairs: NIST's labels and the 33 judges' (as written), read once."""
    return data.llm_judges()


@lru_cache(maxsize=1)
def gpt4_pairs() -> data.JudgedPairs:
    """NIST's and GPT-4's labels of the 22,327 DL 2023 pairs, read once."""
    return data.gpt4_judged_pairs()


def on_scale(labels: np.ndarray) -> np.ndarray:
    """The labels with every label above 3 read as 3 (the top of NIST's scale).

    >>> on_scale(np.array([0, 3, 5, 10])).tolist()
    [0, 3, 3, 3]
    """
    labels = np.asarray(labels)
    if labels.size and labels.min() < GRADES[0]:
        raise ValueError(f"labels must not lie below grade 0, got {int(labels.min())}")
    return np.minimum(labels, GRADES[-1])


def off_scale(pairs: data.JudgedPairs) -> list[tuple[str, int, int, int]]:
    """``(judge, pair index, label, NIST's label)`` for every label outside 0-3."""
    return [(name, int(i), int(labels[i]), int(pairs.nist[i]))
            for name, labels in pairs.judges.items() for i in np.flatnonzero(labels > GRADES[-1])]


def graded_kappa(truth: np.ndarray, labels: np.ndarray) -> float:
    """Cohen's kappa over the four grades, unweighted (a label above 3 read as 3)."""
    return cohen_kappa(truth, on_scale(labels), categories=list(GRADES))


def binary_kappa(truth: np.ndarray, labels: np.ndarray) -> float:
    """Cohen's kappa of relevant (grade >= RELEVANT_FROM) against not."""
    return cohen_kappa(np.asarray(truth) >= RELEVANT_FROM, on_scale(labels) >= RELEVANT_FROM)


def team_of(judge: str) -> str:
    """The team that submitted a judge: its name up to the first hyphen."""
    return judge.split("-", 1)[0]


def prompt_of(judge: str, pairs: data.JudgedPairs | None = None) -> str:
    """The name of the prompt file a judge used."""
    pairs = pairs or llm_judges()
    name = PROMPT_FILES.get(judge, judge)
    if judge not in pairs.judges or name not in pairs.prompts:
        raise ValueError(f"judge must be one of LLMJudge's {len(pairs.judges)} judges, got {judge!r}")
    return name


def prompt_groups(pairs: data.JudgedPairs | None = None) -> dict[str, tuple[str, ...]]:
    """``{first prompt file: judges}``: judges whose prompt files hold the same text."""
    pairs = pairs or llm_judges()
    groups: dict[str, list[str]] = {}
    first_file: dict[str, str] = {}
    for judge in pairs.judges:
        text = pairs.prompts[prompt_of(judge, pairs)]
        first_file.setdefault(text, prompt_of(judge, pairs))
        groups.setdefault(first_file[text], []).append(judge)
    return {name: tuple(judges) for name, judges in groups.items()}


@dataclass(frozen=True)
class JudgeAgreement:
    """One judge against NIST: its team, its prompt group, and its graded and binary kappa."""

    judge: str
    team: str
    prompt: str
    graded: float
    binary: float


def judge_agreements(pairs: data.JudgedPairs | None = None) -> list[JudgeAgreement]:
    """Every judge's agreement with NIST, best graded kappa first (names break ties)."""
    pairs = pairs or llm_judges()
    group_of = {judge: name for name, judges in prompt_groups(pairs).items() for judge in judges}
    rows = [JudgeAgreement(judge, team_of(judge), group_of[judge], graded_kappa(pairs.nist, labels),
                           binary_kappa(pairs.nist, labels))
            for judge, labels in pairs.judges.items()]
    return sorted(rows, key=lambda row: (-row.graded, row.judge))


def median_judge(pairs: data.JudgedPairs | None = None) -> np.ndarray:
    """The median of the judges' labels (on the scale) for every pair; an odd panel gives a grade."""
    pairs = pairs or llm_judges()
    if len(pairs.judges) % 2 == 0:
        raise ValueError(f"the median of an even number of judges ({len(pairs.judges)}) may fall between grades")
    return np.median(on_scale(np.stack(list(pairs.judges.values()))), axis=0).astype(np.int64)


# ---------------------------------------------------------------- rankings --


@lru_cache(maxsize=len(YEARS))
def dl_tables(year: int) -> dict[str, data.PerTopicScores]:
    """SynDL's nDCG@10 per topic of DL ``year``'s runs under ``"nist"`` and ``"gpt4"`` qrels, read once."""
    return data.dl_ndcg10(year)


def dl_system_means(year: int) -> tuple[dict[str, float], dict[str, float]]:
    """Each DL ``year`` run's mean nDCG@10 over its topics, under NIST's and under GPT-4's qrels."""
    tables = dl_tables(year)
    return tuple({run: float(mean) for run, mean in zip(table.runs, table.scores.mean(axis=0))}
                 for table in (tables["nist"], tables["gpt4"]))


def tau_ap_over_truth_ties(truth: dict[str, float], estimate: dict[str, float]) -> float:
    """tau_AP with the truth's tied systems taken in every order with equal chance (the mean
    over those orders), as :func:`~rankmetrics_lite.tau_ap` takes the estimate's ties."""
    groups = [[name for name in truth if truth[name] == value] for value in sorted(set(truth.values()))]
    tied = [group for group in groups if len(group) > 1]
    if math.prod(math.factorial(len(group)) for group in tied) > 720:
        raise ValueError("truth ties too many systems to average over every order (more than 720 orders)")
    values = []
    for orders in itertools.product(*(itertools.permutations(group) for group in tied)):
        place = {name: i for order in orders for i, name in enumerate(order)}  # 0: the first, best
        worst_first = sorted(truth, key=lambda name: (truth[name], -place.get(name, 0)))
        values.append(tau_ap({name: i for i, name in enumerate(worst_first)}, estimate))
    return float(np.mean(values))


@dataclass(frozen=True)
class RankingComparison:
    """One DL year's runs ordered by mean nDCG@10 under NIST's qrels and under GPT-4's.

    ``top_ranks`` gives the place under GPT-4's qrels of NIST's best ``len(top_ranks)`` runs;
    ``overlap`` counts the runs both put in their top ``top``, and ``tau_top`` is Kendall's
    tau between the two qrels' scores of NIST's top ``top`` runs.
    """

    year: int
    runs: int
    nist_topics: int
    gpt4_topics: int
    shared_topics: int
    tau: float
    tau_ap: float
    top_ranks: tuple[int, ...]
    top: int
    overlap: int
    tau_top: float


def _order(scores: dict[str, float]) -> list[str]:
    return sorted(scores, key=lambda name: (-scores[name], name))


def compare_rankings(year: int, *, top: int = 10, shown: int = 5) -> RankingComparison:
    """Kendall's tau-b and tau_AP (NIST's order as the truth) between the two orderings of DL
    ``year``'s runs, and where near the top they differ (NIST's ties broken by run name)."""
    tables = dl_tables(year)
    scored = [{topic for topic, row in zip(t.topics, t.scores) if row.max() > 0}
              for t in (tables["nist"], tables["gpt4"])]
    nist, gpt4 = dl_system_means(year)
    by_nist, by_gpt4 = _order(nist), _order(gpt4)
    place = {name: i for i, name in enumerate(by_gpt4, start=1)}
    best = by_nist[:top]
    return RankingComparison(
        year, len(nist), len(scored[0]), len(scored[1]), len(scored[0] & scored[1]),
        kendall_tau(nist, gpt4), tau_ap_over_truth_ties(nist, gpt4),
        tuple(place[name] for name in by_nist[:shown]), top, len(set(best) & set(by_gpt4[:top])),
        kendall_tau({n: nist[n] for n in best}, {n: gpt4[n] for n in best}))
