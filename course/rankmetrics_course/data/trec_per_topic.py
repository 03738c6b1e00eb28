"""Per-topic scores of real TREC runs: one matrix of topics by runs per track and measure."""

from __future__ import annotations

import csv
import io
import os
from dataclasses import dataclass, field

import numpy as np

from .sources import Source
from .store import data_file, source

_ADHOC = {"AP": "ap", "P@10": "p10", "RR": "rr"}
_WEB = {"AP": "ap", "nDCG@20": "ndcg20", "ERR@20": "err20", "P@10": "p10", "P@20": "p20", "RR": "rr"}

# track: (source, file stem, {measure: file suffix}, what the track was)
TRACKS: dict[str, tuple[str, str, dict[str, str], str]] = {
    **{f"adhoc{n}": ("urbano-sigir2019", f"adhoc{n}", _ADHOC, f"TREC-{n} ad hoc")
       for n in (5, 6, 7, 8)},
    "robust2004": ("urbano-sigir2018", "robust2004", {"AP": "ap", "P@10": "p10"}, "TREC 2004 Robust"),
    **{f"web{year}": ("urbano-sigir2018", f"web{year}", _WEB, f"TREC {year} Web")
       for year in (2010, 2011, 2012, 2013, 2014)},
}


@dataclass(frozen=True, eq=False)
class PerTopicScores:
    """The scores of every run of one track on every topic, for one measure.

    ``scores[i, j]`` is run ``runs[j]``'s score on topic ``topics[i]``. Where the file names its
    topics (Robust 2004) ``topics`` holds their ids; otherwise they are numbered in file order
    (``"1"``, ``"2"``, ...). Run names are anonymised upstream.
    """

    track: str
    measure: str
    topics: tuple[str, ...]
    runs: tuple[str, ...]
    scores: np.ndarray = field(repr=False)
    source: Source = field(repr=False)

    def by_run(self) -> dict[str, np.ndarray]:
        """``{run: its scores on every topic}``, the form the package's paired tests and
        topic-set-size functions read (each column a read-only view, topics in order).

        >>> table = trec_per_topic("adhoc8", "AP")
        >>> by_run = table.by_run()
        >>> len(by_run), by_run["run1"].shape, bool(by_run["run1"][0] == table.scores[0, 0])
        (129, (50,), True)
        """
        return {run: self.scores[:, j] for j, run in enumerate(self.runs)}

    def __repr__(self) -> str:
        n_topics, n_runs = self.scores.shape
        return (f"PerTopicScores({self.track!r}, {self.measure!r}: {n_topics} topics x "
                f"{n_runs} runs, from {self.source.key})")


def trec_tracks() -> dict[str, tuple[str, ...]]:
    """Every track :func:`trec_per_topic` knows, with the measures it holds."""
    return {track: tuple(measures) for track, (_, _, measures, _) in TRACKS.items()}


def trec_per_topic(track: str, measure: str, *, folder: str | os.PathLike | None = None) -> PerTopicScores:
    """The per-topic scores of every run submitted to ``track``, under ``measure``.

    ``track`` is one of ``adhoc5`` ... ``adhoc8`` (TREC-5 to 8 ad hoc: AP, P@10, RR),
    ``robust2004`` (AP, P@10) or ``web2010`` ... ``web2014`` (AP, nDCG@20, ERR@20, P@10,
    P@20, RR). ``folder`` names a data folder (see :mod:`rankmetrics_course.data.store`).

    >>> scores = trec_per_topic("robust2004", "AP")
    >>> scores.scores.shape, scores.topics[:2], scores.runs[:2]
    ((249, 110), ('301', '302'), ('sys1', 'sys2'))
    """
    if track not in TRACKS:
        raise ValueError(f"track must be one of {', '.join(TRACKS)}; got {track!r}")
    key, stem, measures, _ = TRACKS[track]
    if measure not in measures:
        raise ValueError(f"measure must be one of {', '.join(measures)} for {track}; got {measure!r}")
    path = data_file(key, f"data/{stem}_{measures[measure]}.csv", folder=folder)
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    header, body = rows[0], rows[1:]
    if header[0] == "topic":
        topics = tuple(row[0] for row in body)
        header, body = header[1:], [row[1:] for row in body]
    else:
        topics = tuple(str(i) for i in range(1, len(body) + 1))
    scores = np.array(body, dtype=float)
    scores.setflags(write=False)
    return PerTopicScores(track, measure, topics, tuple(header), scores, source(key))
