"""Batch evaluation of a run over many queries, with trec_eval's semantics.

:func:`evaluate` scores ``run = {qid: {docid: score}}`` against
``qrels = {qid: {docid: grade}}``. It reads the two dicts once into flat numpy
arrays, ranks the documents of every query in one numpy sort (document ids are
read only to break tied scores), lays the ranked grades out as a matrix (one
row per query, one column per rank) and hands that matrix to the same private
kernels the single-query functions use: no measure is implemented here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

from ._dict_input import check_run, run_scores
from .validation import Boolean, Count, OneOf, Optional, validate_options
from ._columns import QrelsColumns, RunColumns
from ._dcg import GAIN_NAMES
from ._engine import defined_by_policy, in_run, prepare_rows, query_values
from .measures import Measure, describe_measures, parse_measures, summarize
from ._trec_ranking import DEFAULT_TREC_EVAL_VERSION, TREC_EVAL_VERSIONS

EMPTY_QUERY_POLICIES = ("zero", "skip", "raise")
UNJUDGED_POLICIES = ("nonrelevant", "condensed")

# evaluate's options, each with its constraint; rankmetrics_lite.spark.evaluate takes a part of
# them and checks them here too (check_options).
OPTIONS = {
    "per_query": Boolean(),
    "relevance_level": Count(),
    "empty_queries": OneOf(*EMPTY_QUERY_POLICIES),
    "trec_eval_version": OneOf(*TREC_EVAL_VERSIONS),
    "unjudged": OneOf(*UNJUDGED_POLICIES),
    "gain": OneOf(*GAIN_NAMES),
    "max_retrieved": Optional(Count()),
    "collection_size": Count(),
}


def check_options(measures: list[Measure], **options: object) -> dict[str, object]:
    """``options`` (any of :data:`OPTIONS`) checked for ``measures``, normalised, or a TypeError or
    ValueError naming the option and the fix; used by evaluate and spark.evaluate alike."""
    options = validate_options(options, OPTIONS)
    trec_gains_only = [m.name for m in measures if m.record.linear_gain_only]
    if options.get("gain", "linear") != "linear" and trec_gains_only:
        raise ValueError(f"{', '.join(trec_gains_only)} walk(s) trec_eval's gains (each grade, or a gain "
                         f"map such as G(gains=1:1,2:3)): gain={options['gain']!r} applies to nDCG and DCG "
                         "only; evaluate these with gain='linear'")
    return options


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
    options = check_options(parsed, per_query=per_query, relevance_level=relevance_level,
                            empty_queries=empty_queries, trec_eval_version=trec_eval_version,
                            unjudged=unjudged, gain=gain, max_retrieved=max_retrieved,
                            collection_size=collection_size)
    relevance_level, empty_queries, version, max_retrieved, collection_size = (options[name] for name in (
        "relevance_level", "empty_queries", "trec_eval_version", "max_retrieved", "collection_size"))
    if _reads_subtopics(parsed, qrels):
        return _evaluate_subtopics(run, qrels, parsed, per_query=per_query, relevance_level=relevance_level,
                                   empty_queries=empty_queries, gain=gain, version=version, unjudged=unjudged,
                                   max_retrieved=max_retrieved, collection_size=collection_size)

    run, rows = prepare_rows(run, qrels, parsed, relevance_level=relevance_level, version=version,
                             condensed=unjudged == "condensed", max_retrieved=max_retrieved,
                             collection_size=collection_size, gain=gain)
    if not per_query:
        for m in parsed:
            if m.record.aggregate == "none":
                summarize(m, np.zeros(0))  # refuses a text measure before any work
    absent = ~in_run(run, rows.qids)
    values, undefined = query_values(rows, parsed, gain=gain, absent=absent)
    defined = {m.name: defined_by_policy(m, undefined[m.name], rows.qids, empty_queries, relevance_level)
               for m in parsed}
    if not per_query:
        return {m.name: summarize(m, values[m.name][defined[m.name]]) for m in parsed}
    reported = np.ones(len(rows.qids), dtype=bool) if version == "10.0" else ~absent
    return _by_query(rows.qids, values, defined, reported)


def _by_query(qids: list[str], values: dict[str, np.ndarray], defined: dict[str, np.ndarray],
              reported: np.ndarray | None = None) -> dict:
    """``{qid: {measure: value}}``: the reported queries' defined values (a query with none is left out)."""
    table = {name: values[name].tolist() for name in values}
    result = {}
    for i, qid in enumerate(qids):
        if reported is None or reported[i]:
            entry = {name: table[name][i] for name in table if defined[name][i]}
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
    values, undefined = query_values(rows, parsed, gain="linear")
    defined = {m.name: defined_by_policy(m, undefined[m.name], rows.qids, empty_queries, relevance_level)
               for m in parsed}
    if not per_query:
        return {m.name: summarize(m, values[m.name][defined[m.name]]) for m in parsed}
    return _by_query(rows.qids, values, defined)


evaluate.__doc__ = evaluate.__doc__.replace(
    "{MEASURES}", describe_measures().replace("\n", "\n            ")
)
