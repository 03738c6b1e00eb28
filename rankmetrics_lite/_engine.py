"""The engine under every door: from a run and its judgements to the rows the measures read.

:func:`~rankmetrics_lite.evaluate`, the command line (``python -m rankmetrics_lite``)
and :mod:`rankmetrics_lite.spark` all sit on this module:

* :func:`prepare_rows` reads the run and qrels (dicts or columns, options already
  checked), joins them, ranks every query by trec_eval's rule
  (``rankmetrics_lite._trec_ranking``) and returns the :class:`Rows` every
  measure's kernel reads, one row per judged query;
* :func:`query_values` gives each measure's value on each judged query, with the
  rule for a judged query the run lacks, and :func:`defined_by_policy` which queries
  enter a summary under the policy for undefined values (``empty_queries``);
* the summary of those values over queries is ``rankmetrics_lite._summary.summary``.

No measure is implemented here: the kernels are the single-query functions' own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from itertools import chain, compress

import numpy as np

from ._dict_input import as_dicts, check_run, read_qrels, run_scores
from ._kernels import precision_from_hits
from ._columnar import JoinedColumns, join_columns
from ._columns import QrelsColumns, RunColumns
from ._dcg import check_gain_fits
from ._counts_and_sets import NOT_IN_POOL_VALUE, PAST_END_VALUE, UNJUDGED_VALUE
from ._incomplete_judgements import JUDGED, NOT_IN_POOL, PAST_END, POOL_UNJUDGED
from ._trec_gains import GainTables, gain_tables
from .measures import Measure, _refuse_undefined
from ._trec_ranking import DEFAULT_TREC_EVAL_VERSION, RankedRun



# The grade of a ranked document that the qrels do not judge (and of the
# padding after a short ranking): below every relevance_level, and gain 0.
_UNJUDGED = -1


class Rows:
    """What the kernels read, one row per evaluated query; each matrix is built
    once, on first use, and shared by every measure that needs it."""

    def __init__(self, grades: np.ndarray, n_rel: np.ndarray, judged: tuple[np.ndarray, np.ndarray],
                 relevance_level: int,
                 depth: int | None, status: Callable[[], np.ndarray] | None = None, *,
                 n_ret: np.ndarray | None = None, qids: list[str] | None = None,
                 version: str = DEFAULT_TREC_EVAL_VERSION, collection_size: int = 0):
        self.grades = grades  # grade at each rank; _UNJUDGED where unjudged or past the end
        self.n_rel = n_rel  # |R|: judged documents with grade >= relevance_level
        # Documents in each ranking (after max_retrieved and the condensed list), which
        # may be more than the matrix's width when every measure has a cutoff.
        self.n_ret = (np.zeros(n_rel.size) if n_ret is None else np.asarray(n_ret)).astype(float)
        self.qids = qids
        self.relevance_level = relevance_level
        self.version = version  # the trec_eval release whose rules the kernels follow
        self.collection_size = collection_size  # trec_eval's -N, for Utility
        self._judged = judged  # (judgements per query, their grades end to end)
        self._relevance_level = relevance_level
        self._depth = depth
        self._status = status  # builds the judgement matrix (see `status`) when first asked

    def block(self, start: int, stop: int) -> Rows:
        """The rows of queries start..stop-1 alone, as Rows of their own (a query's values do
        not depend on the queries beside it, so measures may be computed block by block, with
        temporaries the size of a block)."""
        counts, grades = self._judged
        first, last = int(counts[:start].sum()), int(counts[:stop].sum())
        status = None if self._status is None else (lambda: self.status[start:stop])
        return Rows(self.grades[start:stop], self.n_rel[start:stop], (counts[start:stop], grades[first:last]),
                    self._relevance_level, self._depth, status, n_ret=self.n_ret[start:stop],
                    qids=None if self.qids is None else self.qids[start:stop], version=self.version,
                    collection_size=self.collection_size)

    def with_levels_of(self, rows: np.ndarray, sources: np.ndarray) -> Rows:
        """Rows ``rows`` alone, each reading the judgements of row ``sources[i]`` where the
        gain tables, the ideal ranking and the top grade are read (the ranking, |R| and
        the counts stay its own): trec_eval's form_res_rels keeps the previous query's
        grade levels for a query with no grade of 0 or more."""
        counts, grades = self._judged
        starts = np.concatenate(([0], np.cumsum(counts)))[sources]
        taken = np.repeat(starts - np.cumsum(counts[sources]) + counts[sources], counts[sources])
        status = None if self._status is None else (lambda: self.status[rows])
        return Rows(self.grades[rows], self.n_rel[rows],
                    (counts[sources], grades[taken + np.arange(taken.size)]), self._relevance_level,
                    self._depth, status, n_ret=self.n_ret[rows],
                    qids=None if self.qids is None else [self.qids[i] for i in rows.tolist()],
                    version=self.version, collection_size=self.collection_size)

    @cached_property
    def binary(self) -> np.ndarray:
        """1 where the document at that rank is relevant, else 0."""
        return (self.grades >= self._relevance_level).astype(float)

    @cached_property
    def gains(self) -> np.ndarray:
        """The grade at each rank; trec_eval: a negative grade (or none) gains nothing."""
        return np.maximum(self.grades, 0).astype(float)

    @cached_property
    def ideal(self) -> np.ndarray:
        """Every positive judged grade, sorted descending, padded with 0."""
        return _ideal_rows(*self._judged, self._depth)

    # Only the measures for incomplete judgements read what follows: it costs a
    # second look-up of every judged document, so it is built only for them.

    @cached_property
    def status(self) -> np.ndarray:
        """Per rank: judged, in the pool but unjudged (grade < 0), not in the qrels,
        or past the end of the ranking (the codes of .incomplete_judgements)."""
        if self._status is None:
            raise ValueError("these rows were made without the judgement matrix (status)")
        return self._status()

    @cached_property
    def nonrelevant(self) -> np.ndarray:
        """True where the document is judged and below relevance_level."""
        return (self.status == JUDGED) & (self.binary == 0)

    @cached_property
    def pool_unjudged(self) -> np.ndarray:
        return self.status == POOL_UNJUDGED

    @cached_property
    def unjudged(self) -> np.ndarray:
        """True where the ranked document has no judgement (pool-unjudged or not in the qrels)."""
        return (self.status == POOL_UNJUDGED) | (self.status == NOT_IN_POOL)

    @cached_property
    def n_ranked(self) -> np.ndarray:
        """How many documents each ranking holds (within the matrix)."""
        return (self.status != PAST_END).sum(axis=1)

    @cached_property
    def n_nonrel(self) -> np.ndarray:
        """N: judged documents with 0 <= grade < relevance_level."""
        counts, grades = self._judged
        row_of = np.repeat(np.arange(counts.size), counts)
        judged_nonrel = (grades >= 0) & (grades < self._relevance_level)
        return np.bincount(row_of[judged_nonrel], minlength=counts.size).astype(float)

    @cached_property
    def values(self) -> np.ndarray:
        """trec_eval's value at each rank: the grade of a judged document, -1 for a
        document the qrels do not hold, -2 for one judged with a negative grade (in
        the pool, unjudged), -3 past the end of the ranking."""
        status = self.status
        return np.where(status == JUDGED, np.maximum(self.grades, 0),
                        np.select([status == POOL_UNJUDGED, status == NOT_IN_POOL],
                                  [UNJUDGED_VALUE, NOT_IN_POOL_VALUE], PAST_END_VALUE))

    def gain_tables(self, pairs: tuple | None) -> GainTables:
        """The gain at each rank and the ideal gains under a gain map (None: each grade
        is its own gain, trec_eval's default), shared by the measures that ask."""
        cache = self.__dict__.setdefault("_gain_tables", {})
        if pairs not in cache:
            if not pairs:
                cache[pairs] = GainTables(self.gains, self.ideal, self.max_grade)
            else:
                cache[pairs] = gain_tables(self.values, *self._judged, pairs)
        return cache[pairs]

    @cached_property
    def hits(self) -> np.ndarray:
        """Relevant documents at or above each rank (cumulative), shared by AP, IPrec, RprecMult."""
        return np.cumsum(self.binary, axis=1)

    @cached_property
    def precision(self) -> np.ndarray:
        """P@i at each rank i."""
        return precision_from_hits(self.hits, np.arange(1, self.binary.shape[1] + 1))

    @cached_property
    def n_rel_ret(self) -> np.ndarray:
        """Relevant documents retrieved (in the whole ranking: measures that read it take no cutoff)."""
        return self.binary.sum(axis=1)

    @cached_property
    def max_grade(self) -> np.ndarray:
        """The highest judged grade of each query (0 if none is positive)."""
        counts, grades = self._judged
        top = np.zeros(counts.size)
        np.maximum.at(top, np.repeat(np.arange(counts.size), counts), grades.astype(float))
        return top


def prepare_rows(run, qrels, measures: list[Measure], *, relevance_level: int, version: str,
                 condensed: bool = False, max_retrieved: int | None = None, collection_size: int = 0,
                 gain: str = "linear") -> tuple[Mapping | JoinedColumns, Rows]:
    """The run (joined and ranked, if given as columns) and the Rows the measures' kernels read.

    Options already checked. Used by :func:`evaluate` and by the command line
    (``rankmetrics_lite._trec_eval_cli``), which then reads each measure's values
    from the rows: one path from the input to every kernel.
    """
    if is_columnar(run, qrels):
        run = join_columns(run, qrels, version)  # replaces the run: ranked and joined
        qids, counts, grades = run.qids, run.counts, run.grades
    else:
        qids, counts, grades = read_qrels(qrels)
        check_run(run, qrels)
    if gain != "linear" and any(m.family in ("nDCG", "DCG", "IdealDCG") for m in measures):
        check_gain_fits(grades, gain, "qrels")
    depth = _depth_needed(measures)
    matrix, status, lengths = _ranked_grades(
        run, qrels, qids, counts, grades, relevance_level, depth, version, condensed, max_retrieved
    )
    rows = Rows(matrix, _n_relevant(counts, grades, relevance_level), (counts, grades),
                relevance_level, depth, status, n_ret=lengths, qids=qids, version=version,
                collection_size=collection_size)
    return run, rows


def query_values(rows: Rows, measures: list[Measure], *, gain: str, absent: np.ndarray | None = None
                 ) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray | None]]:
    """Each measure's value on each judged query (row order, 0 where it is undefined: trec_eval
    leaves some such values NaN, which no door returns), and where it is undefined (None:
    nowhere). Text measures' values are their strings, as they are.

    ``absent``: the judged queries the run lacks (:func:`in_run`). trec_eval 9.0.8 does not
    evaluate them, and with ``-c`` each counts 0 in every mean: their values are 0 here (and
    the command line's summary counts them with ``absent=``). 10.0 scores such a query on a
    ranking of one unjudged document, as an empty ranking scores (YAAP's log(1/(1+|R|))).
    """
    values, undefined = {}, {}
    for m in measures:
        value, nowhere = m.values(rows, gain), m.undefined(rows)
        if value.dtype != object:
            if nowhere is not None:
                value = np.where(nowhere, 0.0, value)
            if not np.isfinite(value).all():
                bad = int(np.flatnonzero(~np.isfinite(value))[0])
                where = rows.qids[bad] if rows.qids is not None else bad
                raise ValueError(f"{m.name} has no finite value on query {where!r}: its sum "
                                 "overflowed, or its gain map gives documents gains where the ideal "
                                 "ranking has none; check the grades and the gains")
            if absent is not None and rows.version != "10.0" and absent.any():
                value = np.where(absent, 0.0, value)
        values[m.name], undefined[m.name] = value, nowhere
    return values, undefined


def defined_by_policy(measure: Measure, undefined: np.ndarray | None, qids: list[str], policy: str,
                      relevance_level: int) -> np.ndarray:
    """Which queries enter the measure's summary and per-query values, by the policy for
    undefined values (``empty_queries``): under "zero" (trec_eval) all; under "skip" those
    where it is defined; "raise", or "skip" with none left, raises naming the queries."""
    everywhere = np.ones(len(qids), dtype=bool)
    if policy == "zero" or undefined is None:
        return everywhere
    if undefined.any():
        _refuse_undefined(measure, [qid for qid, u in zip(qids, undefined) if u], policy=policy,
                         any_defined=not undefined.all(), relevance_level=relevance_level)
    return ~undefined


def is_columnar(run: object, qrels: object) -> bool:
    """True for columns, False for dicts; a mix of the two is refused."""
    run_columns, qrels_columns = isinstance(run, RunColumns), isinstance(qrels, QrelsColumns)
    if run_columns != qrels_columns:
        given = ("run", "qrels") if run_columns else ("qrels", "run")
        raise TypeError(
            f"{given[0]} is given as columns and {given[1]} as a dict: give both as columns "
            "(RunColumns.from_dict, QrelsColumns.from_dict) or both as dicts"
        )
    return run_columns


def in_run(run: Mapping | JoinedColumns, qids: list[str]) -> np.ndarray:
    """Which judged queries the run holds (also with no document, as pytrec_eval reports them)."""
    if isinstance(run, JoinedColumns):
        return run.lengths > 0
    return np.fromiter((qid in run for qid in qids), dtype=bool, count=len(qids))


# ------------------------------------------------------------ measures --


def _depth_needed(measures: list[Measure]) -> int | None:
    """How many ranks the measures look at (None: the whole ranking)."""
    cutoffs = [m.cutoff for m in measures]
    known = [k for k in cutoffs if k is not None]
    return max(known) if len(known) == len(cutoffs) else None


# -------------------------------------------------------------- qrels --


def _n_relevant(counts: np.ndarray, grades: np.ndarray, relevance_level: int) -> np.ndarray:
    row_of = np.repeat(np.arange(counts.size), counts)
    return np.bincount(row_of[grades >= relevance_level], minlength=counts.size).astype(float)


def _ideal_rows(counts: np.ndarray, grades: np.ndarray, depth: int | None) -> np.ndarray:
    """Every positive judged grade of each row, sorted descending, padded with 0."""
    row_of = np.repeat(np.arange(counts.size), counts)
    positive = grades > 0
    rows, values = row_of[positive], grades[positive]
    order = np.lexsort((-values, rows))
    positive_counts = np.bincount(rows, minlength=counts.size)
    width = int(positive_counts.max(initial=0))
    if depth is not None:
        width = min(width, depth)
    starts = np.concatenate([[0], np.cumsum(positive_counts)[:-1]])
    rank = np.arange(rows.size) - starts[rows]  # rows are sorted, so rows[order] == rows
    inside = rank < width
    ideal = np.zeros((counts.size, width))
    ideal[rows[inside], rank[inside]] = values[order][inside]
    return ideal


# ---------------------------------------------------------------- run --


def _ranked_grades(
    run: Mapping,
    qrels: Mapping,
    qids: list[str],
    counts: np.ndarray,
    grades: np.ndarray,
    relevance_level: int,
    depth: int | None,
    version: str,
    condensed: bool = False,
    max_retrieved: int | None = None,
) -> tuple[np.ndarray, Callable[[], np.ndarray], np.ndarray]:
    """The grade at each rank of each query's ranking, as a (len(qids), width) matrix,
    a function that builds the judgement matrix of the same shape (Rows.status), and
    the number of documents each ranking holds.

    Only the judged documents that some measure can see (relevant, or with a
    positive gain) are placed; every other cell holds _UNJUDGED, which all
    measures treat like a judged non-relevant document. ``condensed`` first
    removes every unjudged document from each ranking (Sakai's condensed list);
    ``max_retrieved`` first cuts each ranking after that many documents (trec_eval's -M).
    """
    if isinstance(run, JoinedColumns):
        retrieved, lengths = run.retrieved, run.lengths
    else:
        retrieved, lengths = _retrieval_from_dicts(run, qrels, qids, counts, grades, version)
    if max_retrieved is not None:
        retrieved, lengths = _first_ranks(retrieved, max_retrieved), np.minimum(lengths, max_retrieved)
    return _grade_matrix(retrieved, lengths, len(qids), grades, relevance_level, depth, condensed)


def _first_ranks(retrieved: Callable, limit: int) -> Callable:
    """``retrieved`` as if each ranking ended after ``limit`` documents."""
    def first(select: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        rows, kept, ranks = retrieved(select)
        inside = ranks < limit
        return rows[inside], kept[inside], ranks[inside]

    return first


def _retrieval_from_dicts(run: Mapping, qrels: Mapping, qids: list[str], counts: np.ndarray,
                          grades: np.ndarray, version: str) -> tuple[Callable, np.ndarray]:
    """``retrieved(select)``: row, grade and 0-based rank of the selected judgements
    that the run holds; and the length of each query's ranking."""
    empty: dict = {}
    rankings = [run.get(qid, empty) for qid in qids]
    rankings = as_dicts(rankings)
    ranked = RankedRun(rankings, run_scores(qids, rankings), version)
    row_of = np.repeat(np.arange(len(qids)), counts)

    def retrieved(select: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Row, grade and 0-based rank of the selected judgements that the run holds."""
        docids = list(compress(chain.from_iterable(map(qrels.__getitem__, qids)), select.tolist()))
        rows = row_of[select]
        # One dict lookup each, in C: its score in the run, or NaN if not retrieved.
        in_run = np.array(rankings, dtype=object)[rows]
        scores = np.fromiter(map(dict.get, in_run, docids), dtype=float, count=len(docids))
        found = np.flatnonzero(~np.isnan(scores))
        ranks = ranked.ranks(rows[found], scores[found], lambda i: docids[found[i]])
        return rows[found], grades[select][found], ranks

    return retrieved, ranked.counts


def _grade_matrix(retrieved: Callable, lengths: np.ndarray, n_queries: int, grades: np.ndarray,
                  relevance_level: int, depth: int | None,
                  condensed: bool) -> tuple[np.ndarray, Callable[[], np.ndarray], np.ndarray]:
    """The matrix and status builder of _ranked_grades, from ``retrieved`` and the
    rankings' lengths (however the run was given)."""
    # The judged documents a measure can see: relevant, or with a positive gain.
    visible = (grades >= relevance_level) | (grades > 0)
    if condensed:
        rows, kept, ranks = retrieved(grades >= 0)
        lengths = np.bincount(rows, minlength=n_queries)
        ranks = _rank_within_rows(rows, ranks)
        seen = (kept >= relevance_level) | (kept > 0)
        rows, kept, ranks = rows[seen], kept[seen], ranks[seen]
    else:
        rows, kept, ranks = retrieved(visible)

    width = int(lengths.max(initial=0))
    if depth is not None:
        width = min(width, depth)
    matrix: np.ndarray = np.full((n_queries, width), _UNJUDGED, dtype=_narrowest_int(grades))
    inside = ranks < width
    matrix[rows[inside], ranks[inside]] = kept[inside]

    def status() -> np.ndarray:
        codes = np.where(np.arange(width) < lengths[:, None], NOT_IN_POOL, PAST_END).astype(np.int8)
        if condensed:
            return np.where(codes == NOT_IN_POOL, JUDGED, codes).astype(np.int8)
        rows, kept, ranks = retrieved(np.ones(grades.size, dtype=bool))
        inside = ranks < width
        codes[rows[inside], ranks[inside]] = np.where(kept[inside] < 0, POOL_UNJUDGED, JUDGED)
        return codes

    return matrix, status, lengths


def _rank_within_rows(rows: np.ndarray, ranks: np.ndarray) -> np.ndarray:
    """Each document's rank among the selected documents of its row (0-based)."""
    order = np.lexsort((ranks, rows))
    starts = np.concatenate([[0], np.cumsum(np.bincount(rows))[:-1]]) if rows.size else rows
    position = np.empty_like(ranks)
    position[order] = np.arange(rows.size) - starts[rows[order]]
    return position


def _narrowest_int(values: np.ndarray) -> type:
    """The smallest signed integer type that holds ``values`` (int8 for usual grades)."""
    low, high = int(values.min(initial=0)), int(values.max(initial=0))
    for candidate in (np.int8, np.int16, np.int32):
        limits = np.iinfo(candidate)
        if limits.min <= low and high <= limits.max:
            return candidate
    return np.int64
