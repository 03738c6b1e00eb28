"""Simulated users on real queries: the TREC 2012 Web track's topics, judgements and baselines.

Two of the organisers' baselines are compared: query likelihood (``ql-cata``, system A) and
the relevance model (``rm-cata``, system B), each's top ten per topic. A user's chance of
clicking a document and of being satisfied by it follow its NIST grade, as in the
"navigational" user of Hofmann, Whiteson and de Rijke (2013): 0.05, 0.3, 0.5, 0.7, 0.95 to
click and 0.2, 0.3, 0.5, 0.7, 0.9 to stop, for grades 0 to 4 (spam, -2, and unjudged
documents read as 0). The position-based user examines rank k with chance 1/k.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from rankmetrics_course import data
from rankmetrics_lite import rank_by_score

SYSTEMS = {"A": "ql-cata", "B": "rm-cata"}
CLICK = np.array([0.05, 0.3, 0.5, 0.7, 0.95])  # by grade 0..4
STOP = np.array([0.2, 0.3, 0.5, 0.7, 0.9])
DEPTH = 10


@dataclass(frozen=True, eq=False)
class Topics:
    """Each topic's top ten of each system, and the grade of every document shown."""

    ids: tuple[str, ...]
    rankings: dict  # {system: {topic: [doc, ...]}}
    grades: dict  # {topic: {doc: grade 0..4}}

    def attractiveness(self, topic: str, ranking) -> np.ndarray:
        return CLICK[[self.grades[topic].get(d, 0) for d in ranking]]

    def satisfaction(self, topic: str, ranking) -> np.ndarray:
        return STOP[[self.grades[topic].get(d, 0) for d in ranking]]


@lru_cache(maxsize=1)
def web_topics() -> Topics:
    """The 50 topics with both systems' top ten (topics where either returns fewer are left out)."""
    web = data.web2012()
    rankings = {s: {} for s in SYSTEMS}
    for system, run_name in SYSTEMS.items():
        for topic, scores in web.runs[run_name].items():
            rankings[system][topic] = list(rank_by_score(scores))[:DEPTH]
    ids = tuple(t for t in sorted(web.adhoc_qrels, key=int)
                if all(len(rankings[s].get(t, [])) == DEPTH for s in SYSTEMS))
    grades = {t: {d: max(int(g), 0) for d, g in web.adhoc_qrels[t].items()} for t in ids}
    return Topics(ids, rankings, grades)
