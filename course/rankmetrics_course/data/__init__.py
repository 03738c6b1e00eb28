"""The course's real evaluation data: one loader per collection, each file checked before use.

The files are never part of the course. A loader reads them from the folder named by its
``folder=`` argument or the ``RANKMETRICS_DATA`` environment variable, or else downloads them
once from their upstream source into the reader's cache (:mod:`.store` says where, and how a
mirror can stand in for upstream). Every file is checked against the SHA-256 pinned in
:mod:`.sources`, which also gives each source's terms and citation: :func:`cite` shows them.

>>> from rankmetrics_course import data
>>> data.trec_per_topic("robust2004", "AP").scores.shape
(249, 110)
>>> print(data.cite("urbano-sigir2018").text.splitlines()[0])
Data: Per-topic scores of the runs submitted to TREC Robust 2004 and Web 2010-14.
"""

from __future__ import annotations

from dataclasses import dataclass

from .judges import JudgedPairs, dl_ndcg10, gpt4_judged_pairs, llm_judges
from .movielens import Ratings, movielens_small
from .sources import SOURCES, Source
from .store import DataUnavailable, data_file, source
from .trec_per_topic import PerTopicScores, trec_per_topic, trec_tracks
from .web2012 import Web2012, WebTopic, web2012

__all__ = [
    "SOURCES", "Source", "DataUnavailable", "data_file", "source", "cite",
    "PerTopicScores", "trec_per_topic", "trec_tracks",
    "JudgedPairs", "llm_judges", "gpt4_judged_pairs", "dl_ndcg10",
    "Web2012", "WebTopic", "web2012",
    "Ratings", "movielens_small",
]


@dataclass(frozen=True)
class Citation:
    """A source's title, citation, terms and origin, shown as a note where its data is used."""

    text: str

    def __repr__(self) -> str:
        return self.text

    def _repr_markdown_(self) -> str:
        return "\n".join(f"> {line}  " for line in self.text.splitlines())


def cite(*keys: str) -> Citation:
    """The title, citation, terms and upstream of each source in ``keys``, for a reader."""
    blocks = []
    for key in keys:
        src = source(key)
        blocks.append(f"Data: {src.title}.\nCite: {src.citation}\nTerms: {src.terms}\n"
                      f"From: {src.homepage}")
    return Citation("\n".join(blocks))
