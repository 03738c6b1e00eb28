"""The TREC 2012 Web track: topics with subtopics, their judgements, and the organisers' baselines."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from pathlib import Path

from rankmetrics_lite import read_trec_qrels, read_trec_run, read_trec_subtopic_qrels

from .sources import SOURCES, Source
from .store import data_file

# The organisers' Indri baselines, spam-filtered: query likelihood and relevance model, on
# ClueWeb09 category A (the whole collection) and category B (its first 50 million pages).
BASELINES = {
    "ql-cata": "ql-results-cata-filtered.txt",
    "rm-cata": "rm-results-cata-filtered.txt",
    "ql-catb": "ql-results-catb-filtered.txt",
    "rm-catb": "rm-results-catb-filtered.txt",
}


@dataclass(frozen=True)
class WebTopic:
    """One topic: its query, its description (its ad hoc meaning), its type, its subtopics.

    ``subtopics`` maps each subtopic's number (a string, as in the qrels) to ``(type, text)``,
    the type being ``"inf"`` (informational) or ``"nav"`` (navigational).
    """

    number: str
    query: str
    description: str
    type: str
    subtopics: dict[str, tuple[str, str]]


@dataclass(frozen=True, eq=False)
class Web2012:
    """The TREC 2012 Web track's topics, judgements and baseline runs, in the library's forms.

    ``subtopic_qrels`` is ``{query: {subtopic: {doc: grade}}}`` (for the diversity measures of
    :func:`rankmetrics_lite.evaluate`), ``adhoc_qrels`` ``{query: {doc: grade}}`` (grade -2
    marks spam), ``runs`` ``{name: {query: {doc: score}}}``; ``files`` gives the checked local
    path of each file, for programs that read files (trec_eval, ndeval).
    """

    topics: dict[str, WebTopic] = field(repr=False)
    subtopic_qrels: dict = field(repr=False)
    adhoc_qrels: dict = field(repr=False)
    runs: dict = field(repr=False)
    files: dict[str, Path] = field(repr=False)
    sources: tuple[Source, ...] = field(repr=False)

    def __repr__(self) -> str:
        return (f"Web2012({len(self.topics)} topics, "
                f"{sum(len(t.subtopics) for t in self.topics.values())} subtopics, "
                f"runs: {', '.join(self.runs)})")


def _text(element) -> str:
    return " ".join((element.text or "").split())


def read_topics(path: Path) -> dict[str, WebTopic]:
    """The topics of the track's ``full-topics.xml``."""
    root = ElementTree.parse(path).getroot()
    return {
        topic.get("number"): WebTopic(
            topic.get("number"), _text(topic.find("query")), _text(topic.find("description")),
            topic.get("type"),
            {sub.get("number"): (sub.get("type"), _text(sub)) for sub in topic.findall("subtopic")})
        for topic in root.findall("topic")
    }


def web2012(*, folder: str | os.PathLike | None = None) -> Web2012:
    """The TREC 2012 Web track's 50 topics, ad hoc and subtopic qrels, and the four baselines."""
    files = {
        "topics": data_file("trec-web-2012", "full-topics.xml", folder=folder),
        "subtopic_qrels": data_file("trec-web-2012", "qrels-for-ndeval.txt", folder=folder),
        "adhoc_qrels": data_file("trec-web-2012", "qrels.adhoc.txt", folder=folder),
        **{name: data_file("trec-web-2012-baselines", file, folder=folder)
           for name, file in BASELINES.items()},
    }
    return Web2012(
        topics=read_topics(files["topics"]),
        subtopic_qrels=read_trec_subtopic_qrels(files["subtopic_qrels"]),
        adhoc_qrels=read_trec_qrels(files["adhoc_qrels"]),
        runs={name: read_trec_run(files[name]) for name in BASELINES},
        files=files,
        sources=(SOURCES["trec-web-2012"], SOURCES["trec-web-2012-baselines"]),
    )
