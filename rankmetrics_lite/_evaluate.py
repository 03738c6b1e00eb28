"""Batch evaluation of a run over many queries, with trec_eval's semantics.

:func:`evaluate` scores ``run = {qid: {docid: score}}`` against
``qrels = {qid: {docid: grade}}``. It reads the two dicts once into flat numpy
arrays, ranks the documents of every query in one numpy sort (document ids are
read only to break tied scores), lays the ranked grades out as a matrix (one
row per query, one column per rank) and hands that matrix to the same private
kernels the single-query functions use: no measure is implemented here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from itertools import chain, compress

import numpy as np

from ._dict_input import as_dicts, check_run, read_qrels, run_scores
from ._kernels import precision_from_hits
from .validation import check_choice, check_count
from ._columnar import JoinedColumns, join_columns
from ._columns import QrelsColumns, RunColumns
from ._dcg import check_gain_fits, gain_function
from ._counts_and_sets import NOT_IN_POOL_VALUE, PAST_END_VALUE, UNJUDGED_VALUE
from ._incomplete_judgements import JUDGED, NOT_IN_POOL, PAST_END, POOL_UNJUDGED
from ._trec_gains import GainTables, gain_tables
from .measures import Measure, describe_measures, parse_measures, summarize, _refuse_undefined
from ._trec_ranking import DEFAULT_TREC_EVAL_VERSION, RankedRun, check_trec_eval_version

EMPTY_QUERY_POLICIES = ("zero", "skip", "raise")
UNJUDGED_POLICIES = ("nonrelevant", "condensed")

# The grade of a ranked document that the qrels do not judge (and of the
# padding after a short ranking): below every relevance_level, and gain 0.
_UNJUDGED = -1


class Rows:
    """What the kernels read, one row per evaluated query; each matrix is built
    once, on first use, and shared by every measure that needs it."""

    def __init__(self, grades: np.ndarray, n_rel: np.ndarray, judged: tuple, relevance_level: int,
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


def evaluate(
    run: Mapping[str, Mapping[str, float]],
    qrels: Mapping[str, Mapping[str, int]],
    measures: str | Iterable[str],
    *,
    per_query: bool = False,
    relevance_level: int = 1,
    empty_queries: str = "zero",
    gain: str = "linear",
    trec_eval_version: str = DEFAULT_TREC_EVAL_VERSION,
    unjudged: str = "nonrelevant",
    max_retrieved: int | None = None,
    collection_size: int = 0,
) -> dict:
    r"""Score a run against relevance judgements, query by query, as trec_eval does.

    Each measure is computed per judged query and averaged over the queries
    (macro average):

    .. math:: \overline{M} = \frac{1}{|Q|} \sum_{q \in Q} M(\pi_q, \mathrm{qrels}_q)

    The semantics are those of ``trec_eval -c`` in the release named by
    ``trec_eval_version``: 10.0 (June 2026) by default, or 9.0.8, the release
    inside pytrec_eval and ir_measures. On the measures ``evaluate`` computes, the
    two differ only in how they keep scores (see the module
    ``rankmetrics_lite._trec_ranking``) and in which queries ``-c -q`` prints (they
    also round recall levels differently, which
    :func:`~rankmetrics_lite.eleven_point_precision` follows):

    * a query's ranking is its documents by score descending, ties broken by
      document id descending in byte order (C's ``strcmp``). trec_eval 10.0
      compares scores as C doubles; 9.0.8 stores them as 32-bit floats, so
      scores that differ only beyond float32 precision tie there;
    * a document is relevant when its grade is ``>= relevance_level``; an
      unjudged document is not relevant;
    * nDCG uses the grade itself as gain (negative grades gain 0) and ignores
      ``relevance_level``; its ideal ranking holds every judged document;
    * Q is every query of ``qrels``: a judged query missing from the run scores 0
      on every measure (``-c``), a run query without judgements is ignored;
    * some measures are undefined on some queries: recall, R-precision and AP
      on a judged query with no relevant document (no grade
      ``>= relevance_level``; also a qrels entry ``{}``), nDCG on a query with
      no positive grade (nDCG does not depend on ``relevance_level``, so it is
      defined on a query whose grades are all 1 at ``relevance_level=2``).
      trec_eval scores an undefined value 0 and counts it in the mean;
      ``empty_queries`` chooses, measure by measure: ``"zero"`` (trec_eval),
      ``"skip"`` (leave the query out of that measure's mean and per-query
      values; its other measures stay) or ``"raise"``.

    Parameters
    ----------
    run : dict ``{query_id: {doc_id: score}}`` or RunColumns
        Ids are strings; scores are finite real numbers. Or the run as
        columns (:class:`~rankmetrics_lite.RunColumns`, one numpy array per
        field, as :func:`~rankmetrics_lite.read_trec_run_columns` returns it):
        then ``qrels`` must be columns too, and no Python object is made per
        entry. Both forms give exactly the same numbers.
    qrels : dict ``{query_id: {doc_id: grade}}`` or QrelsColumns
        Integer grades; 0 or negative means judged not relevant. As columns:
        :class:`~rankmetrics_lite.QrelsColumns` (a query is judged when it
        has at least one entry; a document judged twice for a query is refused).
        For the diversity measures (``alpha_nDCG@k``, ``ERR_IA@k``, ``NRBP``,
        ...): subtopic qrels ``{query_id: {subtopic: {doc_id: grade}}}`` (as
        :func:`~rankmetrics_lite.read_trec_subtopic_qrels` reads ndeval's
        files), scored with ndeval's conventions (``rankmetrics_lite._diversity``);
        they are asked for in a call of their own.
    measures : str or list of str
        Names as in ir_measures, one of each family of the package's catalogue
        (``rankmetrics_lite.measures.CATALOGUE``)::

            {MEASURES}
    per_query : bool
        False: ``{measure: mean}``. True: ``{query_id: {measure: value}}``: in
        10.0 every judged query, as ``trec_eval -c -q`` 10.0 prints them; in
        9.0.8 only the judged queries that the run holds, as 9.0.8 prints them
        (the means count the others as 0 in both).
    relevance_level : int
        The lowest grade that counts as relevant (trec_eval's ``-l``).
    empty_queries : {"zero", "skip", "raise"}
        What to do with a measure's value on a query where it is undefined.
    gain : {"linear", "exponential"}
        nDCG's gain: the grade (trec_eval), or :math:`2^{g} - 1` (Burges et al.).
    trec_eval_version : {"10.0", "9.0.8"}
        The trec_eval release whose numbers to reproduce.
    unjudged : {"nonrelevant", "condensed"}
        What a ranked document without a judgement (absent from the qrels, or
        with a negative grade) is: ``"nonrelevant"`` (trec_eval's default), or
        removed from its ranking before any measure, so that every measure is
        computed on Sakai's condensed list (trec_eval's ``-J``,
        pytrec_eval's ``judged_docs_only_flag``).
    max_retrieved : int or None
        Keep only the first ``max_retrieved`` documents of each ranking, and
        evaluate as if the run held no others (trec_eval's ``-M``). None: all.
    collection_size : int
        The number of documents in the collection, which only ``Utility``'s
        fourth coefficient (true negatives) reads (trec_eval's ``-N``; 0 by default).

    Returns
    -------
    dict
        Mean of each measure, or each query's values with ``per_query=True``
        (queries in the order of ``qrels``, measures in the order given).

    Raises
    ------
    TypeError, ValueError
        At the door, naming the culprit: an id that is not a string, a score
        that is not a finite number, a grade that is not an integer, an unknown
        measure (with the closest names), a run that shares no query id with
        the qrels (every query would score 0: almost always mismatched ids);
        a run given as columns with qrels given as dicts (or the reverse).

    Notes
    -----
    pytrec_eval runs trec_eval's code without ``-c``: a judged query missing
    from the run is absent from its per-query output, and a mean taken over
    that output ignores it. Per query, both agree.

    Examples
    --------
    >>> run = {"q1": {"d1": 0.9, "d2": 0.8, "d3": 0.7}, "q2": {"d4": 0.5, "d5": 0.5}}
    >>> qrels = {"q1": {"d1": 1, "d3": 2, "d9": 1}, "q2": {"d4": 1}, "q3": {"d7": 1}}
    >>> evaluate(run, qrels, ["P@2", "AP"])  # q3 is judged but not in the run: it scores 0
    {'P@2': 0.3333333333333333, 'AP': 0.3518518518518518}
    >>> evaluate(run, qrels, "RR", per_query=True)  # q2: d5 > d4 breaks the tie
    {'q1': {'RR': 1.0}, 'q2': {'RR': 0.5}, 'q3': {'RR': 0.0}}
    >>> tied = {"q1": {"a": 0.1 + 1e-9, "b": 0.1}}
    >>> evaluate(tied, {"q1": {"a": 1}}, "RR")  # 10.0: a scores higher
    {'RR': 1.0}
    >>> evaluate(tied, {"q1": {"a": 1}}, "RR", trec_eval_version="9.0.8")  # a float tie: b > a
    {'RR': 0.5}
    >>> import numpy as np
    >>> from rankmetrics_lite import QrelsColumns, RunColumns
    >>> run_columns = RunColumns(np.array(["q1", "q1", "q1", "q2", "q2"]),
    ...                          np.array(["d1", "d2", "d3", "d4", "d5"]),
    ...                          np.array([0.9, 0.8, 0.7, 0.5, 0.5]))
    >>> qrels_columns = QrelsColumns.from_dict(qrels)
    >>> evaluate(run_columns, qrels_columns, ["P@2", "AP"]) == evaluate(run, qrels, ["P@2", "AP"])
    True

    References
    ----------
    Voorhees & Harman (2005). *TREC: Experiment and Evaluation in Information Retrieval*.
    :cite:p:`voorhees2005trec`

    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`
    """
    parsed = parse_measures(measures)
    if not isinstance(per_query, bool):
        raise TypeError(f"per_query must be True or False, got {per_query!r}")
    relevance_level = check_count(relevance_level, "relevance_level")
    empty_queries = check_choice(empty_queries, "empty_queries", EMPTY_QUERY_POLICIES)
    version = check_trec_eval_version(trec_eval_version)
    unjudged = check_choice(unjudged, "unjudged", UNJUDGED_POLICIES)
    gain_function(gain)  # refuses an unknown gain at the door
    trec_gains_only = [m.name for m in parsed if m.record.linear_gain_only]
    if gain != "linear" and trec_gains_only:
        raise ValueError(f"{', '.join(trec_gains_only)} walk(s) trec_eval's gains (each grade, or a gain "
                         f"map such as G(gains=1:1,2:3)): gain={gain!r} applies to nDCG and DCG only; "
                         "evaluate these with gain='linear'")

    max_retrieved = None if max_retrieved is None else check_count(max_retrieved, "max_retrieved")
    collection_size = check_count(collection_size, "collection_size")
    if _reads_subtopics(parsed, qrels):
        return _evaluate_subtopics(run, qrels, parsed, per_query=per_query, relevance_level=relevance_level,
                                   empty_queries=empty_queries, gain=gain, version=version, unjudged=unjudged,
                                   max_retrieved=max_retrieved, collection_size=collection_size)

    run, rows = prepare_rows(run, qrels, parsed, relevance_level=relevance_level, version=version,
                             condensed=unjudged == "condensed", max_retrieved=max_retrieved,
                             collection_size=collection_size, gain=gain)
    qids = rows.qids
    if not per_query:
        for m in parsed:
            if m.record.aggregate == "none":
                summarize(m, np.zeros(0))  # refuses a text measure before any work
    values, defined = {}, {}
    # 9.0.8 does not evaluate a judged query the run lacks: with -c it counts 0 (10.0 scores it
    # on a ranking of one unjudged document, as an empty ranking scores, YAAP's log(1/(1+|R|))).
    absent = None if version == "10.0" else ~_in_run(run, qids)
    for m in parsed:
        values[m.name], defined[m.name] = _values_by_policy(m, rows, qids, gain, empty_queries,
                                                            relevance_level)
        if absent is not None and absent.any() and values[m.name].dtype != object:
            values[m.name] = np.where(absent, 0.0, values[m.name])
    if not per_query:
        return {m.name: summarize(m, values[m.name][defined[m.name]]) for m in parsed}
    reported = np.ones(len(qids), dtype=bool) if version == "10.0" else ~absent
    names = list(values)
    table = {name: values[name].tolist() for name in names}
    result = {}
    for i, qid in enumerate(qids):
        if reported[i]:
            entry = {name: table[name][i] for name in names if defined[name][i]}
            if entry:
                result[qid] = entry
    return result


def _holds_subtopics(qrels: object) -> bool:
    """Whether qrels look like subtopic qrels: a grade's place holds a dict."""
    if not isinstance(qrels, Mapping):
        return False
    for judged in qrels.values():
        if isinstance(judged, Mapping):
            for value in judged.values():
                return isinstance(value, Mapping)
    return False


def _reads_subtopics(parsed: list[Measure], qrels: object) -> bool:
    """True for the diversity measures (subtopic qrels); refuses a mix, or qrels of the wrong kind."""
    diversity = [m.name for m in parsed if m.record.judgements == "subtopics"]
    documents = [m.name for m in parsed if m.record.judgements != "subtopics"]
    if diversity and documents:
        raise ValueError(f"{', '.join(diversity)} read subtopic qrels {{query: {{subtopic: {{doc: grade}}}}}} "
                         f"and {', '.join(documents)} read qrels {{query: {{doc: grade}}}}: evaluate them "
                         "in two calls")
    if documents and _holds_subtopics(qrels):
        raise ValueError(f"these qrels hold subtopics ({{query: {{subtopic: {{doc: grade}}}}}}), which "
                         f"{', '.join(documents)} cannot read: ask for a diversity measure (alpha_nDCG@k, "
                         "ERR_IA@k, P_IA@k, StRecall@k, NRBP, MAP_IA, ...) or give qrels {query: {doc: grade}}")
    return bool(diversity)


def _evaluate_subtopics(run, qrels, parsed: list[Measure], *, per_query: bool, relevance_level: int,
                        empty_queries: str, gain: str, version: str, unjudged: str,
                        max_retrieved: int | None, collection_size: int) -> dict:
    """evaluate for the diversity measures (ndeval's, in ``._diversity``): the same policies
    for undefined values and the same summaries, on subtopic qrels."""
    from ._diversity import subtopic_rows

    fixed = {"gain": (gain, "linear"), "unjudged": (unjudged, "nonrelevant"),
             "collection_size": (collection_size, 0)}
    for name, (value, default) in fixed.items():
        if value != default:
            raise ValueError(f"{name}={value!r} does not apply to the diversity measures "
                             f"({', '.join(m.name for m in parsed)}): leave it at {default!r}")
    if isinstance(run, RunColumns) or isinstance(qrels, QrelsColumns):
        raise TypeError("the diversity measures read the run as a dict {query_id: {doc_id: score}} and "
                        "subtopic qrels as a dict {query_id: {subtopic: {doc_id: grade}}}, not as columns")
    check_run(run, qrels)
    for qid, ranking in run.items():
        if ranking:
            run_scores([qid], [dict(ranking)])
    rows = subtopic_rows(run, qrels, relevance_level=relevance_level, version=version,
                         max_retrieved=max_retrieved)
    qids = rows.qids
    values, defined = {}, {}
    for m in parsed:
        values[m.name], defined[m.name] = _values_by_policy(m, rows, qids, "linear", empty_queries,
                                                            relevance_level)
    if not per_query:
        return {m.name: summarize(m, values[m.name][defined[m.name]]) for m in parsed}
    result = {}
    for i, qid in enumerate(qids):
        entry = {name: float(values[name][i]) for name in values if defined[name][i]}
        if entry:
            result[qid] = entry
    return result


evaluate.__doc__ = evaluate.__doc__.replace(
    "{MEASURES}", describe_measures().replace("\n", "\n            ")
)


def prepare_rows(run, qrels, measures: list[Measure], *, relevance_level: int, version: str,
                 condensed: bool = False, max_retrieved: int | None = None, collection_size: int = 0,
                 gain: str = "linear") -> tuple[Mapping | JoinedColumns, Rows]:
    """The run (joined and ranked, if given as columns) and the Rows the measures' kernels read.

    Options already checked. Used by :func:`evaluate` and by the command line
    (``rankmetrics_lite._trec_eval_cli``), which then reads each measure's values
    from the rows: one path from the input to every kernel.
    """
    if _columnar(run, qrels):
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


def _values_by_policy(measure: Measure, rows: Rows, qids: list[str], gain: str, policy: str,
                      level: int) -> tuple[np.ndarray, np.ndarray]:
    """The measure's values and which queries enter its summary, by the policy for
    undefined values: under "zero" an undefined value is 0 (trec_eval leaves some of
    them NaN, which evaluate never returns)."""
    values = measure.values(rows, gain)
    undefined = measure.undefined(rows)
    if undefined is not None and policy == "zero" and values.dtype != object:
        values = np.where(undefined, 0.0, values)
    kept = values if undefined is None or policy == "zero" else np.where(undefined, 0.0, values)
    if values.dtype != object and not np.isfinite(kept).all():
        bad = int(np.flatnonzero(~np.isfinite(kept))[0])
        raise ValueError(f"{measure.name} has no finite value on query {qids[bad]!r}: its sum "
                         "overflowed, or its gain map gives documents gains where the ideal ranking "
                         "has none; check the grades and the gains")
    return values, _defined(measure, undefined, qids, policy, level)


def _defined(measure: Measure, undefined: np.ndarray | None, qids: list[str], policy: str,
             level: int) -> np.ndarray:
    """Which queries enter the measure's summary, by the policy for undefined values."""
    everywhere = np.ones(len(qids), dtype=bool)
    if policy == "zero" or undefined is None:
        return everywhere
    if undefined.any():
        _refuse_undefined(measure, [qid for qid, u in zip(qids, undefined) if u], policy=policy,
                         any_defined=not undefined.all(), relevance_level=level)
    return ~undefined


def _columnar(run: object, qrels: object) -> bool:
    """True for columns, False for dicts; a mix of the two is refused."""
    run_columns, qrels_columns = isinstance(run, RunColumns), isinstance(qrels, QrelsColumns)
    if run_columns != qrels_columns:
        given = ("run", "qrels") if run_columns else ("qrels", "run")
        raise TypeError(
            f"{given[0]} is given as columns and {given[1]} as a dict: give both as columns "
            "(RunColumns.from_dict, QrelsColumns.from_dict) or both as dicts"
        )
    return run_columns


def _in_run(run: Mapping | JoinedColumns, qids: list[str]) -> np.ndarray:
    """Which judged queries the run holds (also with no document, as pytrec_eval reports them)."""
    if isinstance(run, JoinedColumns):
        return run.lengths > 0
    return np.fromiter((qid in run for qid in qids), dtype=bool, count=len(qids))


# ------------------------------------------------------------ measures --


def _depth_needed(measures: list[Measure]) -> int | None:
    """How many ranks the measures look at (None: the whole ranking)."""
    cutoffs = [m.cutoff for m in measures]
    if any(k is None for k in cutoffs):
        return None
    return max(cutoffs)


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
    matrix = np.full((n_queries, width), _UNJUDGED, dtype=_narrowest_int(grades))
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
