"""One run evaluated as trec_eval evaluates it: the queries it evaluates (and where it
stops), the rows of the join (``prepare_rows``), and each marked value on them, with
trec_eval's slips that change what it prints."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._columnar import group_codes
from .._columns import LongIdColumns, QrelsColumns, RunColumns, compact_ids, handed_over
from .._engine import prepare_rows
from .._trec_buffer import repeated_documents
from ..measures import Measure
from ..validation import RepeatedDocument
from .errors import PROGRAM, TrecEvalExit
from .judgements import Groups, Preferences
from .options import Options
from .table import PREFERENCE, Marked, TrecEvalMeasure


_BOGUS_DOCNO = b"ceci_nest_pas_un_docno"  # trec_eval 10.0's stand-in ranking for a missing query


def distinct_ids(ids: np.ndarray) -> list[bytes]:
    _, distinct = group_codes(ids)
    return [bytes(q) if isinstance(q, bytes) else q.encode("utf-8") for q in distinct.tolist()]


@dataclass
class Text:
    """Query and document ids as the user wrote them, from the ids the evaluation holds
    (the same, or their codes where they were too long to pad: _columns.compact_ids)."""

    queries: object = None  # CompactIds of the query ids, or None
    documents: object = None

    def query(self, qid: bytes) -> str:
        return (qid if self.queries is None else self.queries.decode(qid)).decode("utf-8")

    def document(self, docno: bytes) -> str:
        return (docno if self.documents is None else self.documents.decode(docno)).decode("utf-8")

    def query_code(self, qid: bytes) -> bytes:
        if self.queries is None:
            return qid
        return self.queries.encode([qid])[0] if qid in self.queries.code_of else b"\0"  # (matches none)

    def document_codes(self, docnos: list[bytes]) -> np.ndarray:
        return np.array(docnos) if self.documents is None else self.documents.encode(docnos)


def _stop_at_repeats(stop, stop_message, evaluated: list[bytes], run, qrels, text: Text, judgements: bool) -> tuple:
    """trec_eval looks for a document listed twice in a run, or judged twice in the qrels, only
    in the queries it evaluates, in order, and stops at the first (exit 4) after the queries
    before it: that query becomes the stop; every query with a repeat is left out of the
    join, which would refuse it. Returns (stop, its message, evaluated, run, qrels). The qrels
    are looked at only with ``judgements`` (groups and preferences refuse their own repeats)."""
    found = {"listed": repeated_documents(run.query_ids, run.doc_ids),
             "judged": repeated_documents(qrels.query_ids, qrels.doc_ids) if judgements else {}}
    first = next((q for q in evaluated if any(q in repeats for repeats in found.values())), None)
    if first is not None:
        how, doc = next((how, repeats[first]) for how, repeats in found.items() if first in repeats)
        stop, evaluated = first, evaluated[:evaluated.index(first)]
        stop_message = (f"document '{text.document(doc)}' is {how} twice for query '{text.query(first)}'"
                        ": trec_eval stops at this query (exit 4), after the queries before it; keep "
                        "one of the two")
    # (where no line would be left, no query is evaluated: nothing is joined)
    kept = ~np.isin(run.query_ids, list(found["listed"])) if found["listed"] else None
    if kept is not None and kept.any():
        run = RunColumns(*handed_over(run.query_ids[kept], run.doc_ids[kept], run.scores[kept]))
    kept = ~np.isin(qrels.query_ids, list(found["judged"])) if found["judged"] else None
    if kept is not None and kept.any():
        qrels = QrelsColumns(*handed_over(qrels.query_ids[kept], qrels.doc_ids[kept], qrels.grades[kept]))
    return stop, stop_message, evaluated, run, qrels


@dataclass
class Evaluation:
    """One run's values, as trec_eval prints them: the queries evaluated (ids as written, in
    trec_eval's order), each printed value's per-query values by its name, the run's tag,
    the number of judged queries and the qrels (for the summary with -c), and ``stop``: why
    trec_eval stops after printing these queries (exit 4), or None."""

    queries: list[str]
    values: dict[str, np.ndarray]
    run_tag: str | None
    n_judged: int
    qrels: object
    stop: str | None = None


def evaluate_run(options: Options, marked: list[Marked], qrels, pending: list,
                 groups: Groups | Preferences | None = None) -> Evaluation:
    """Evaluate one run, ``pending``'s one ``(columns, run tag)``; raise TrecEvalExit where
    trec_eval stops before printing anything. The run is taken out of ``pending`` so that,
    once joined, its columns (the largest arrays here) are let go before the measures are
    computed."""
    run, run_tag = pending.pop()
    version = options.version
    codes = (None, None)  # ids replaced by short codes, and how to read them back (_columns.compact_ids)
    if groups is None:
        qrels, run, *codes = compact_ids(qrels, run, (_BOGUS_DOCNO,))
    elif isinstance(run, LongIdColumns):
        raise TrecEvalExit(2, f"the run's ids are too long to pad to one width beside each other (a few "
                              f"of thousands of bytes among short ones): -R {options.rel_format} keeps them "
                              "so; shorten them, or evaluate with -R qrels")
    text = Text(*codes)
    judged = sorted(groups.of_query) if groups is not None else sorted(distinct_ids(qrels.query_ids))
    preferences = groups if isinstance(groups, Preferences) else None
    in_run = set(distinct_ids(run.query_ids))
    debug = None if options.debug_query is None else text.query_code(options.debug_query.encode("utf-8"))
    if version == "10.0":
        evaluated = [q for q in judged if debug is None or q == debug]
        missing = [q for q in evaluated if q not in in_run]
        stop = None
        if missing and not options.complete:
            stop = missing[0]
            evaluated = evaluated[:evaluated.index(stop)]
        elif missing:  # -c: trec_eval scores the query on a one-document stand-in ranking
            if run.query_ids.dtype.kind == "S":
                extra_qids, extra_docs = np.array(missing), text.document_codes([_BOGUS_DOCNO] * len(missing))
            else:
                extra_qids = np.array([q.decode("utf-8") for q in missing])
                extra_docs = np.array([_BOGUS_DOCNO.decode("ascii")] * len(missing))
            qids = np.concatenate([run.query_ids, extra_qids])
            docs = np.concatenate([run.doc_ids, extra_docs])
            scores = np.concatenate([run.scores, np.ones(len(missing))])
            run = RunColumns(*handed_over(qids, docs, scores))
    else:
        evaluated = [q for q in judged if q in in_run and (debug is None or q == debug)]
        missing, stop = [], None
    stop_message = None if stop is None else (
        f"query '{text.query(stop)}' is judged in the qrels but absent from the run: trec_eval "
        "10.0 stops here (exit 4); give -c to score it 0, or remove its judgements")
    if groups is not None:  # with plain qrels, the join finds any repeat (below)
        stop, stop_message, evaluated, run, _ = _stop_at_repeats(stop, stop_message, evaluated, run, qrels, text,
                                                                 judgements=False)
    if not evaluated and stop is None:
        raise TrecEvalExit(7, "no queries with both results and relevance info: the run and the "
                              "qrels share no query id (compare their first columns)")
    top_grades = _top_grades(qrels, evaluated) if evaluated and groups is None and _reads_grades(marked) else None
    if top_grades is not None and top_grades[0] < 0:
        # form_res_rels.c sizes its grade counts by the highest grade + 1: for the first query
        # it reads, none (te_chk_and_malloc returns NULL), and trec_eval stops (exit 4).
        stop, evaluated, top_grades = evaluated[0], [], None
        stop_message = (f"Can't calculate measures on query '{text.query(stop)}': every grade in its "
                        "judgements is below 0, and trec_eval stops (exit 4) when the first query it "
                        "evaluates has no grade of 0 or more; judge a document 0 or more, or remove the query")

    measures = [value.measure for m in marked for value in m.values
                if value.measure is not None and value.measure is not PREFERENCE]
    values_of: dict[str, np.ndarray] = {}
    rows = None
    if evaluated:
        form = "qrels" if groups is None else ("prefs" if preferences is not None else "qrels_jg")
        for m in marked:
            if m.spec.reads not in ("any", form):
                raise TrecEvalExit(4, f"Can't calculate measure '{m.spec.name}': it reads "
                                      f"{m.spec.reads} judgements, and -R gives {options.rel_format}")
    if evaluated and preferences is not None:
        values_of = preferences.values(marked, evaluated, run, options)
        for m in marked:
            if m.error is not None:
                raise TrecEvalExit(4, m.error)
    elif evaluated:
        def rows_of(run, judgements):
            return prepare_rows(run, judgements, measures or [_placeholder()], relevance_level=options.level,
                                version=version, condensed=options.judged_only,
                                max_retrieved=options.max_retrieved,
                                collection_size=options.collection_size)[1]

        if groups is not None:
            rows = rows_of(groups.run_for_pairs(run), groups.qrels)
        else:
            try:
                rows = rows_of(run, qrels)
            except RepeatedDocument:  # trec_eval stops there if it evaluates that query
                # (the summary's num_rel with -c counts every line of the qrels as read: they stay whole)
                stop, stop_message, evaluated, run, joined = _stop_at_repeats(stop, stop_message, evaluated,
                                                                              run, qrels, text, judgements=True)
                rows = rows_of(run, joined) if evaluated else None
    del run  # joined: what the measures read is in the rows
    if top_grades is not None:
        top_grades = top_grades[:len(evaluated)]
        _refuse_crashing_grades([text.query(q) for q in evaluated], top_grades, version)
    if rows is not None:
        position = {q.encode("utf-8"): i for i, q in enumerate(rows.qids)}
        if groups is None:
            order = np.array([position[q] for q in evaluated], dtype=np.int64)
        else:  # each query's groups, side by side; -1 where a query has fewer groups
            width = max(len(groups.of_query[q]) for q in evaluated)
            order = np.full((len(evaluated), width), -1, dtype=np.int64)
            for i, q in enumerate(evaluated):
                order[i, :len(groups.of_query[q])] = [position[p] for p in groups.pairs(q)]
        bogus = np.array([q in set(missing) for q in evaluated], dtype=bool)
        stale = _stale_levels(rows, order, top_grades)
        for m in marked:
            if m.error is not None:
                raise TrecEvalExit(4, m.error)
        computations = [value.measure if value.listed is None else value.listed[0] for m in marked
                        for value in m.values if value.measure is not None and value.measure is not PREFERENCE]
        by_row = _in_blocks(rows, computations)
        for m in marked:
            for value in m.values:
                if value.measure is None or value.measure is PREFERENCE:
                    continue
                computed = by_row[value.measure] if value.listed is None else by_row[value.listed[0]][:, value.listed[1]]
                computed = computed[order] if groups is None else _over_groups(computed, order)
                if bogus.any() and _zeroed_on_stand_in(m.spec, value.name):
                    computed = computed.copy()
                    computed[bogus] = "" if computed.dtype == object else 0.0
                if stale is not None and value.measure.family in _READS_GRADE_LEVELS:
                    computed = computed.copy()
                    computed[stale[0]] = value.on(stale[1])
                values_of[value.name] = computed
    return Evaluation([text.query(q) for q in evaluated], values_of, run_tag, len(judged), qrels,
                      None if stop is None else stop_message)


_BLOCK_CELLS = 1 << 18  # queries x ranks per block: a float matrix of 2 MiB


def _in_blocks(rows, measures: list) -> dict:
    """Each measure's value on every row, computed block of queries by block of queries."""
    size = max(1, _BLOCK_CELLS // max(rows.grades.shape[1], 1))
    parts: dict = {m: [] for m in dict.fromkeys(measures)}
    for start in range(0, rows.n_rel.size, size):
        block = rows.block(start, min(start + size, rows.n_rel.size)) if rows.n_rel.size > size else rows
        for m in parts:
            parts[m].append(m.values(block, "linear"))
    return {m: (np.concatenate(p) if len(p) > 1 else p[0]) if p else np.zeros(0) for m, p in parts.items()}


def _over_groups(values: np.ndarray, order: np.ndarray) -> np.ndarray:
    """Each query's value averaged over its judgement groups, as trec_eval's *_avgjg
    measures add them up (in group order, from 0) and divide when there are several."""
    total = np.zeros(order.shape[0])
    for j in range(order.shape[1]):
        present = order[:, j] >= 0
        total = np.where(present, total + values[np.maximum(order[:, j], 0)], total)
    n_groups = (order >= 0).sum(axis=1)
    return np.where(n_groups > 1, total / np.maximum(n_groups, 1), total)


# The families whose values read a query's grade levels (trec_eval's setup_gains and rel_levels).
_READS_GRADE_LEVELS = frozenset({"DCG", "IdealDCG", "nDCG", "nDCG_rel", "G", "RnDCG", "RBP"})


def _reads_grades(marked: list[Marked]) -> bool:
    """Whether a marked measure calls trec_eval's form_res_rels (all but runid and num_q)."""
    return any(m.spec.kind not in ("runid", "count") for m in marked)


def _top_grades(qrels, evaluated: list[bytes]) -> np.ndarray:
    """The highest grade judged for each evaluated query (trec_eval's max_rel)."""
    codes, distinct = group_codes(qrels.query_ids)
    top = np.full(distinct.size, np.iinfo(np.int64).min, dtype=np.int64)
    np.maximum.at(top, codes, qrels.grades)
    ids = [bytes(q) if isinstance(q, bytes) else q.encode("utf-8") for q in distinct.tolist()]
    of_query = dict(zip(ids, top.tolist()))
    return np.array([of_query[q] for q in evaluated], dtype=np.int64)


def _refuse_crashing_grades(evaluated: list[str], top_grades: np.ndarray, version: str) -> None:
    """A query whose every grade is -2 or lower, evaluated after the first: trec_eval's
    form_res_rels.c clears its grade counts with memset((max_rel + 1) * sizeof(long)), a
    negative size, and crashes. Refused before anything is printed."""
    crashing = np.flatnonzero(top_grades[1:] <= -2)
    if crashing.size:
        qid = evaluated[int(crashing[0]) + 1]
        raise TrecEvalExit(2, f"query '{qid}': every grade in its judgements is -2 or lower "
                              f"(highest {int(top_grades[crashing[0] + 1])}); trec_eval {version} crashes on "
                              "such a query (form_res_rels.c clears an array of negative size) unless it is "
                              "the first it evaluates: give it a grade of -1 or more, or remove it")


def _stale_levels(rows, order: np.ndarray, top_grades: np.ndarray | None) -> tuple | None:
    """trec_eval's form_res_rels.c counts judged documents per grade into an array it keeps
    from query to query and sets the number of grades only when some grade is counted: a
    query with no grade of 0 or more (every grade -1) reads the grade levels of the last
    query evaluated before it that had some. Returns (positions of such queries in the
    evaluation order, their rows reading those levels), or None."""
    if top_grades is None or not (top_grades < 0).any():
        return None
    positions = np.flatnonzero(top_grades < 0)
    leveled = np.flatnonzero(top_grades >= 0)  # the first evaluated query is one of them
    sources = leveled[np.searchsorted(leveled, positions) - 1]
    return positions, rows.with_levels_of(order[positions], order[sources])


def _placeholder() -> Measure:
    """A measure for prepare_rows when only runid and num_q are asked for."""
    return Measure("P", 1)


def _zeroed_on_stand_in(spec: TrecEvalMeasure, name: str) -> bool:
    """What trec_eval 10.0 resets after scoring a missing query on its stand-in ranking."""
    return name in ("num_ret", "utility", "relstring", "rbp_resid") or name.startswith("unj")


def note_rbp(options: Options, marked: list[Marked], stderr) -> None:
    """trec_eval 10.0's rbp reads two variables it never sets (min and max, m_rbp.c), which
    hold what the measure computed before it left there: what it prints then depends on
    that measure. Here they start harmless (gains above 1 are scaled by the top grade), as
    they are when rbp comes first or after num_nonrel_judged_ret (-m all_trec); a note says
    so where another measure comes before it."""
    names = [m.spec.name for m in marked if m.spec.kind not in ("runid", "count")]
    if options.version != "10.0" or "rbp" not in names:
        return
    before = names[:names.index("rbp")]
    if before and before[-1] != "num_nonrel_judged_ret":
        stderr.write(f"{PROGRAM}: note: trec_eval 10.0's rbp reads two variables it never sets "
                     f"(min and max in m_rbp.c) after {before[-1]}: its values may differ from these, "
                     "which are those it prints when rbp comes first or after num_nonrel_judged_ret "
                     "(-m all_trec)\n")
