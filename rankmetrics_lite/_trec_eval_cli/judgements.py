"""Judgements beyond plain qrels: preferences (``-R prefs``, ``-R qrels_prefs``) and
judgement groups (``-R qrels_jg``), from the lines the readers return."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._columns import QrelsColumns, RunColumns, handed_over, padding_fits
from .._trec_io import preferences_from_bytes, qrels_groups_from_bytes
from .._trec_prefs import PREFERENCE_MEASURES, PreferenceError, RankPool, preference_counts
from .._trec_ranking import score_as_stored
from .errors import TrecEvalExit
from .options import Options
from .table import PREFERENCE, Marked


@dataclass
class Preferences:
    """Preference judgements (-R prefs, -R qrels_prefs): each query's (jg, jsg, level, docno)."""

    of_query: dict[bytes, list[tuple[bytes, bytes, float, bytes]]]

    @classmethod
    def read(cls, name: str, data: bytes, kind: str, version: str) -> Preferences:
        try:
            lines = preferences_from_bytes(name, data, kind)
        except ValueError as exc:
            raise TrecEvalExit(2, str(exc)) from None
        of_query: dict[bytes, list] = {}
        for qid, jg, jsg, docno, level in lines:
            if version == "9.0.8":  # 9.0.8 keeps levels as 32-bit floats
                level = float(np.float32(level))
            of_query.setdefault(qid.encode("utf-8"), []).append(
                (jg.encode("utf-8"), jsg.encode("utf-8"), level, docno.encode("utf-8")))
        return cls(of_query)

    def values(self, marked: list[Marked], evaluated: list[bytes], run, options: Options) -> dict:
        """Each prefs_* value of each evaluated query, from its ranking."""
        qids = run.query_ids if run.query_ids.dtype.kind == "S" else np.char.encode(run.query_ids, "utf-8")
        docs = run.doc_ids if run.doc_ids.dtype.kind == "S" else np.char.encode(run.doc_ids, "utf-8")
        wanted = set(evaluated)
        rankings: dict[bytes, list] = {}
        for q, d, score in zip(qids.tolist(), docs.tolist(), run.scores.tolist()):
            if q in wanted:
                rankings.setdefault(q, []).append((d, score))
        names = [v.name for m in marked for v in m.values if v.measure is PREFERENCE]
        out = {name: np.zeros(len(evaluated)) for name in names}
        pool = RankPool()
        for i, q in enumerate(evaluated):
            # form_prefs_counts.c breaks ties by document id *ascending* (form_res_rels.c: descending)
            ranked = [d for d, _ in sorted(rankings.get(q, []),
                                           key=lambda e: (-score_as_stored(e[1], options.version), e[0]))]
            if options.max_retrieved is not None:
                ranked = ranked[:options.max_retrieved]
            try:
                counts = preference_counts(self.of_query[q], ranked, pool)
            except PreferenceError as exc:
                raise TrecEvalExit(4, f"query '{q.decode('utf-8')}': {exc}") from None
            for name in names:
                out[name][i] = PREFERENCE_MEASURES[name][1](counts)
        return out


@dataclass
class Groups:
    """Judgements in groups (``-R qrels_jg``): the qrels of every (query, group) pair as
    columns whose query id is ``'qid group'`` (ids hold no space), and each query's groups
    in trec_eval's order (bytes)."""

    qrels: object  # QrelsColumns
    of_query: dict[bytes, list[bytes]]

    @classmethod
    def read(cls, name: str, data: bytes) -> Groups:
        try:
            lines = qrels_groups_from_bytes(name, data)
        except ValueError as exc:
            raise TrecEvalExit(2, str(exc)) from None
        of_query: dict[bytes, set[bytes]] = {}
        for qid, group, _, _ in lines:
            of_query.setdefault(qid.encode("utf-8"), set()).add(group.encode("utf-8"))
        pairs = [f"{q} {g}".encode("utf-8") for q, g, _, _ in lines]
        docs = [d.encode("utf-8") for _, _, d, _ in lines]
        for ids in (pairs, docs):
            if not padding_fits(len(ids), max(map(len, ids)), sum(map(len, ids))):
                raise TrecEvalExit(2, f"{name}: an id of {max(map(len, ids)):,} bytes among short ones: "
                                      "judgement groups (-R qrels_jg) are kept in columns of one width, "
                                      "which it would make too large; shorten it")
        qrels = QrelsColumns(np.array(pairs), np.array(docs), np.array([v for _, _, _, v in lines], dtype=np.int64))
        return cls(qrels, {q: sorted(g) for q, g in of_query.items()})

    def pairs(self, qid: bytes) -> list[bytes]:
        return [qid + b" " + group for group in self.of_query[qid]]

    def run_for_pairs(self, run):
        """The run with each entry repeated for every group of its query (others dropped)."""
        qids = run.query_ids if run.query_ids.dtype.kind == "S" else np.char.encode(run.query_ids, "utf-8")
        distinct, inverse = np.unique(qids, return_inverse=True)
        pairs_of = [self.pairs(q) if q in self.of_query else [] for q in distinct.tolist()]
        # numpy.intp: np.repeat takes counts of its index type (32-bit under wasm32).
        repeats = np.array([len(p) for p in pairs_of], dtype=np.intp)[inverse.ravel()]
        entry = np.repeat(np.arange(qids.size), repeats)
        flat = np.array([p for ps in pairs_of for p in ps] or [b""])
        starts = np.concatenate(([0], np.cumsum([len(p) for p in pairs_of])[:-1])).astype(np.intp)
        within = np.arange(entry.size) - np.repeat(np.cumsum(repeats) - repeats, repeats)
        pair_ids = flat[starts[inverse.ravel()[entry]] + within]
        docs = run.doc_ids if run.doc_ids.dtype.kind == "S" else np.char.encode(run.doc_ids, "utf-8")
        return RunColumns(*handed_over(pair_ids, docs[entry], run.scores[entry]))
