"""Human and LLM relevance labels of TREC Deep Learning 2023, and system scores under each.

Three collections (their terms and citations are in :mod:`.sources`):

* LLMJudge: NIST's graded labels (0-3) of 4,423 query-passage pairs, and 33 LLM judges' labels
  of exactly those pairs (LLMJudge-benchmark), with the prompts the judges used;
* NIST's and GPT-4's labels of the same 22,327 pairs (Synthetic Test Collections);
* nDCG@10 per topic of every TREC DL 2019-2023 passage run, under NIST's qrels and under
  GPT-4's (SynDL).
"""

from __future__ import annotations

import csv
import gzip
import io
import os
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .sources import SOURCES, Source
from .store import configured_folder, data_file, source
from .syndl import SYNDL_TABLE, derived_syndl_table
from .trec_per_topic import PerTopicScores

_LLMJUDGE_QRELS = "data/llmjudge_test_qrel_idx.txt"
_SCORES = "submissions/scores/"
_PROMPTS = "submissions/prompts/"


@dataclass(frozen=True, eq=False)
class JudgedPairs:
    """Labels of the same query-passage pairs by NIST's assessors and by automatic judges.

    Entry ``i`` of ``nist`` and of every array in ``judges`` labels the pair
    (``query_ids[i]``, ``passage_ids[i]``). Labels are kept exactly as each judge wrote them
    (a few LLM labels lie outside NIST's 0-3 scale).
    """

    query_ids: tuple[str, ...]
    passage_ids: tuple[str, ...]
    nist: np.ndarray = field(repr=False)
    judges: dict[str, np.ndarray] = field(repr=False)
    queries: dict[str, str] = field(repr=False)
    prompts: dict[str, str] = field(repr=False)
    sources: tuple[Source, ...] = field(repr=False)

    def __repr__(self) -> str:
        return (f"JudgedPairs({len(self.nist)} pairs of {len(set(self.query_ids))} queries, "
                f"NIST and {len(self.judges)} judges: {', '.join(self.judges)})")


def _labels(path: Path) -> dict[tuple[str, str], int]:
    """``{(query, passage): label}`` from a qrels-style file (query, iteration, passage, label)."""
    labels = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fields = line.split()
        if not fields:
            continue
        if len(fields) != 4:
            raise ValueError(f"{path}, line {number}: expected 4 fields, found {len(fields)}")
        labels[fields[0], fields[2]] = int(fields[3])
    return labels


def _aligned(labels: dict, pairs: list[tuple[str, str]], name: str) -> np.ndarray:
    missing = [pair for pair in pairs if pair not in labels]
    if missing or len(labels) != len(pairs):
        raise ValueError(f"judge {name} does not label exactly NIST's pairs "
                         f"({len(missing)} missing, {len(labels)} labelled)")
    return np.array([labels[pair] for pair in pairs], dtype=np.int64)


def llm_judges(*, folder: str | os.PathLike | None = None) -> JudgedPairs:
    """NIST's labels and 33 LLM judges' labels of the 4,423 LLMJudge test pairs (TREC DL 2023).

    Judges are named after their score files (``"Olz-exp"``, ``"RMITIR-GPT4o"``, ...);
    ``prompts`` maps each prompt file's name to its text (a prompt may serve several judges).
    """
    main, bench = SOURCES["llmjudge"], SOURCES["llmjudge-benchmark"]
    nist = _labels(data_file("llmjudge", _LLMJUDGE_QRELS, folder=folder))
    pairs = list(nist)
    judges = {}
    for path in sorted(p for p in bench.files if p.startswith(_SCORES)):
        name = path[len(_SCORES):-len(".txt")]
        judges[name] = _aligned(_labels(data_file("llmjudge-benchmark", path, folder=folder)), pairs, name)
    prompts = {path[len(_PROMPTS):-len(".txt")]:
               data_file("llmjudge-benchmark", path, folder=folder).read_text(encoding="utf-8")
               for path in sorted(p for p in bench.files if p.startswith(_PROMPTS))}
    queries = dict(line.split("\t", 1) for line in data_file(
        "llmjudge", "data/llm4eval_query_2024.txt", folder=folder).read_text(encoding="utf-8").splitlines() if line)
    return JudgedPairs(tuple(q for q, _ in pairs), tuple(p for _, p in pairs),
                       np.array(list(nist.values()), dtype=np.int64), judges,
                       {q: text.strip() for q, text in queries.items()}, prompts, (main, bench))


def gpt4_judged_pairs(*, folder: str | os.PathLike | None = None) -> JudgedPairs:
    """NIST's and GPT-4's labels of the same 22,327 TREC DL 2023 passage pairs (82 queries).

    The one judge is called ``"GPT-4"``; ``prompts`` is empty (the prompt is in the paper).
    """
    key = "synthetic-test-collections"
    nist = _labels(data_file(key, "2023.qrels.pass.withDupes.txt", folder=folder))
    pairs = list(nist)
    gpt4 = _aligned(_labels(data_file(key, "2023.qrels.pass.gpt4.txt", folder=folder)), pairs, "GPT-4")
    queries = dict(line.split("\t", 1) for line in data_file(
        key, "2023_queries.tsv", folder=folder).read_text(encoding="utf-8").splitlines() if line)
    return JudgedPairs(tuple(q for q, _ in pairs), tuple(p for _, p in pairs),
                       np.array(list(nist.values()), dtype=np.int64), {"GPT-4": gpt4},
                       {q: text.strip() for q, text in queries.items()}, {}, (SOURCES[key],))


def _syndl_rows(folder) -> list[list[str]]:
    chosen = configured_folder(folder)
    if chosen is not None or os.environ.get("RANKMETRICS_DATA_URL"):
        text = gzip.decompress(data_file("syndl", SYNDL_TABLE, folder=folder).read_bytes())
    else:
        text = derived_syndl_table().read_bytes()
    return list(csv.reader(io.StringIO(text.decode("utf-8"))))[1:]


def dl_ndcg10(year: int, *, folder: str | os.PathLike | None = None) -> dict[str, PerTopicScores]:
    """nDCG@10 per topic of every TREC DL ``year`` passage run, under NIST's and GPT-4's qrels.

    Returns ``{"nist": ..., "gpt4": ...}``, two :class:`PerTopicScores` over the same runs (in
    the same order); their topics differ (GPT-4 labelled more queries than NIST did).
    """
    if year not in (2019, 2020, 2021, 2022, 2023):
        raise ValueError(f"year must be one of 2019 to 2023 (TREC Deep Learning); got {year!r}")
    cells: dict[str, dict[tuple[str, str], float]] = defaultdict(dict)
    for row_year, qrels, run, topic, value in _syndl_rows(folder):
        if int(row_year) == year:
            cells["nist" if qrels == "nist" else "gpt4"][topic, run] = float(value)
    result = {}
    for qrels, table in cells.items():
        runs = tuple(dict.fromkeys(run for _, run in table))
        topics = tuple(sorted({topic for topic, _ in table}, key=int))
        scores = np.array([[table[topic, run] for run in runs] for topic in topics])
        scores.setflags(write=False)
        result[qrels] = PerTopicScores(f"dl{year}", "nDCG@10", topics, runs, scores, source("syndl"))
    if result["nist"].runs != result["gpt4"].runs:
        raise ValueError(f"DL {year}: the runs under NIST's and GPT-4's qrels differ")
    return result
