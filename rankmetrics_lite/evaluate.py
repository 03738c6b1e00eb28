"""Batch evaluation of a run over many queries, with trec_eval's semantics.

:func:`evaluate` scores ``run = {qid: {docid: score}}`` against
``qrels = {qid: {docid: grade}}``. It reads the two dicts once into flat numpy
arrays, ranks the documents of every query in one numpy sort (document ids are
read only to break tied scores), lays the ranked grades out as a matrix (one
row per query, one column per rank) and hands that matrix to the same private
kernels the single-query functions use: no measure is implemented here.
"""

from __future__ import annotations

import numbers
from array import array
from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from itertools import chain, compress

import numpy as np

from ._checks import check_count
from .average_precision import average_precision_rows
from .cutoff_metrics import (
    f1_rows,
    hit_rows,
    precision_rows,
    r_precision_rows,
    recall_rows,
)
from .dcg import check_gain_fits, gain_function, ndcg_rows
from .measures import Measure, parse_measures
from .reciprocal_rank import reciprocal_rank_rows

EMPTY_QUERY_POLICIES = ("zero", "skip", "raise")
SCORE_PRECISIONS = ("float32", "float64")

# The grade of a ranked document that the qrels do not judge (and of the
# padding after a short ranking): below every relevance_level, and gain 0.
_UNJUDGED = -1


class _Rows:
    """What the kernels read, one row per evaluated query; each matrix is built
    once, on first use, and shared by every measure that needs it."""

    def __init__(self, grades: np.ndarray, n_rel: np.ndarray, judged: tuple, relevance_level: int,
                 depth: int | None):
        self.grades = grades  # grade at each rank; _UNJUDGED where unjudged or past the end
        self.n_rel = n_rel  # |R|: judged documents with grade >= relevance_level
        self._judged = judged  # (judgements per query, their grades end to end)
        self._relevance_level = relevance_level
        self._depth = depth

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


# One entry per measure family: (rows, cutoff k or None, gain name) -> one value
# per query, from the family's kernel.
_KERNELS: dict[str, Callable[[_Rows, int | None, str], np.ndarray]] = {
    "P": lambda rows, k, gain: precision_rows(rows.binary, k),
    "R": lambda rows, k, gain: recall_rows(rows.binary, k, rows.n_rel),
    "F1": lambda rows, k, gain: f1_rows(rows.binary, k, rows.n_rel),
    "Rprec": lambda rows, k, gain: r_precision_rows(rows.binary, rows.n_rel),
    "AP": lambda rows, k, gain: average_precision_rows(rows.binary, rows.n_rel, k),
    "RR": lambda rows, k, gain: reciprocal_rank_rows(rows.binary, k),
    "nDCG": lambda rows, k, gain: ndcg_rows(rows.gains, rows.ideal, k, gain),
    "Success": lambda rows, k, gain: hit_rows(rows.binary, k),
}


def evaluate(
    run: Mapping[str, Mapping[str, float]],
    qrels: Mapping[str, Mapping[str, int]],
    measures: str | Iterable[str],
    *,
    per_query: bool = False,
    relevance_level: int = 1,
    empty_queries: str = "zero",
    gain: str = "linear",
    score_precision: str = "float32",
) -> dict:
    r"""Score a run against relevance judgements, query by query, as trec_eval does.

    Each measure is computed per judged query and averaged over the queries
    (macro average):

    .. math:: \overline{M} = \frac{1}{|Q|} \sum_{q \in Q} M(\pi_q, \mathrm{qrels}_q)

    By default the semantics are those of ``trec_eval -c`` (version 10):

    * a query's ranking is its documents by score descending, ties broken by
      document id descending in byte order (C's ``strcmp``). trec_eval stores
      each score as a 32-bit C ``float``, so scores that differ only beyond
      float32 precision tie; ``score_precision="float64"`` keeps them apart;
    * a document is relevant when its grade is ``>= relevance_level``; an
      unjudged document is not relevant;
    * nDCG uses the grade itself as gain (negative grades gain 0) and ignores
      ``relevance_level``; its ideal ranking holds every judged document;
    * Q is every query of ``qrels``: a judged query missing from the run scores 0
      on every measure (``-c``), a run query without judgements is ignored;
    * a judged query with no relevant document (no grade ``>= relevance_level``;
      also a qrels entry ``{}``) has undefined recall, AP and nDCG. trec_eval
      scores it 0 on every measure and counts it in the mean; ``empty_queries``
      chooses: ``"zero"`` (trec_eval), ``"skip"`` (leave it out of the mean and
      of the per-query output, for every measure) or ``"raise"``.

    Parameters
    ----------
    run : dict ``{query_id: {doc_id: score}}``
        Ids are strings; scores are finite real numbers.
    qrels : dict ``{query_id: {doc_id: grade}}``
        Integer grades; 0 or negative means judged not relevant.
    measures : str or list of str
        Names as in ir_measures: ``P@k``, ``R@k``, ``F1@k``, ``Rprec``, ``AP``,
        ``AP@k``, ``RR``, ``RR@k``, ``nDCG``, ``nDCG@k``, ``Success@k``.
    per_query : bool
        False: ``{measure: mean}``. True: ``{query_id: {measure: value}}``.
    relevance_level : int
        The lowest grade that counts as relevant (trec_eval's ``-l``).
    empty_queries : {"zero", "skip", "raise"}
        What to do with a judged query that has no relevant document.
    gain : {"linear", "exponential"}
        nDCG's gain: the grade (trec_eval), or :math:`2^{g} - 1` (Burges et al.).
    score_precision : {"float32", "float64"}
        Precision at which scores are compared; "float32" is trec_eval's.

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
        the qrels (every query would score 0: almost always mismatched ids).

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
    """
    parsed = parse_measures(measures)
    if not isinstance(per_query, bool):
        raise TypeError(f"per_query must be True or False, got {per_query!r}")
    relevance_level = check_count(relevance_level, "relevance_level")
    empty_queries = _check_choice(empty_queries, "empty_queries", EMPTY_QUERY_POLICIES)
    score_precision = _check_choice(score_precision, "score_precision", SCORE_PRECISIONS)
    gain_function(gain)  # refuses an unknown gain at the door

    qids, judged_counts, judged_grades = _read_qrels(qrels)
    if gain != "linear" and any(m.family == "nDCG" for m in parsed):
        check_gain_fits(judged_grades, gain, "qrels")
    _check_run_shape(run, qrels)

    n_rel = _n_relevant(judged_counts, judged_grades, relevance_level)
    keep = _apply_empty_policy(qids, n_rel, empty_queries, relevance_level)
    kept_qids = [qid for qid, kept in zip(qids, keep) if kept]
    if not kept_qids:
        raise ValueError(
            "no query is left to evaluate: every judged query has no relevant document and "
            "empty_queries='skip' left them all out; use empty_queries='zero' to score them 0"
        )
    depth = _depth_needed(parsed)
    counts, grades = judged_counts[keep], judged_grades[np.repeat(keep, judged_counts)]
    rows = _Rows(
        _ranked_grades(run, qrels, kept_qids, counts, grades, relevance_level, depth, score_precision),
        n_rel[keep],
        (counts, grades),
        relevance_level,
        depth,
    )
    values = {m.name: _KERNELS[m.family](rows, m.cutoff, gain) for m in parsed}
    if not per_query:
        return {name: float(np.mean(column)) for name, column in values.items()}
    names = list(values)
    table = np.column_stack([values[name] for name in names]).tolist()
    return {qid: dict(zip(names, row)) for qid, row in zip(kept_qids, table)}


# ------------------------------------------------------------ measures --


def _depth_needed(measures: list[Measure]) -> int | None:
    """How many ranks the measures look at (None: the whole ranking)."""
    cutoffs = [m.cutoff for m in measures]
    if any(k is None for k in cutoffs):
        return None
    return max(cutoffs)


# -------------------------------------------------------------- qrels --


def _read_qrels(qrels: object) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Query ids, judgements per query and all grades (flat, in query order), checked."""
    _check_nested(qrels, "qrels", "{doc_id: grade}")
    if not qrels:
        raise ValueError("qrels is empty: evaluation needs at least one judged query")
    qids = list(qrels)
    judgements = _as_dicts(qrels.values())
    if not _only(chain.from_iterable(judgements), str):
        for qid, judged in zip(qids, judgements):
            for docid in judged:
                _check_doc_id(docid, "qrels", qid)
    counts = np.fromiter(map(len, judgements), dtype=np.int64, count=len(qids))
    try:
        # array('q') takes ints only: a float or a string grade fails here, at C speed.
        grades = np.frombuffer(array("q", chain.from_iterable(map(dict.values, judgements))), np.int64)
    except (TypeError, OverflowError):
        qid, docid, grade = _first_entry(qrels, lambda g: not _is_integer(g))
        raise TypeError(
            f"qrels[{qid!r}][{docid!r}] must be an integer grade (as in a qrels file), "
            f"got {grade!r} ({type(grade).__name__})"
        ) from None
    return qids, counts, grades


def _is_integer(value: object) -> bool:
    return isinstance(value, numbers.Integral) and -(2**63) <= value < 2**63


def _n_relevant(counts: np.ndarray, grades: np.ndarray, relevance_level: int) -> np.ndarray:
    row_of = np.repeat(np.arange(counts.size), counts)
    return np.bincount(row_of[grades >= relevance_level], minlength=counts.size).astype(float)


def _apply_empty_policy(qids: list[str], n_rel: np.ndarray, policy: str, level: int) -> np.ndarray:
    """Which queries to evaluate, by the policy for queries with no relevant document."""
    empty = n_rel == 0
    if policy == "raise" and empty.any():
        names = [qid for qid, e in zip(qids, empty) if e]
        shown = ", ".join(map(repr, names[:5])) + (", ..." if len(names) > 5 else "")
        raise ValueError(
            f"{len(names)} judged quer{'y has' if len(names) == 1 else 'ies have'} no relevant "
            f"document (grade >= relevance_level={level}): {shown}. Their recall, AP and nDCG "
            "are undefined: pass empty_queries='zero' to score them 0 (trec_eval) or "
            "empty_queries='skip' to leave them out"
        )
    if policy == "skip":
        return ~empty
    return np.ones(len(qids), dtype=bool)


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


def _check_run_shape(run: object, qrels: Mapping) -> None:
    _check_nested(run, "run", "{doc_id: score}")
    # The first document id of each query only: checking all ten million ids of a
    # large run would cost a good part of the evaluation, and a run with integer
    # ids (which would silently match no judgement) has them throughout.
    for qid, ranking in run.items():
        for docid in ranking:
            if type(docid) is not str:
                _check_doc_id(docid, "run", qid)
            break
    if not any(qid in run for qid in qrels):
        run_ids = ", ".join(map(repr, list(run)[:3])) or "none"
        qrels_ids = ", ".join(map(repr, list(qrels)[:3]))
        raise ValueError(
            f"run and qrels share no query id (run: {run_ids}; qrels: {qrels_ids}): every "
            "query would score 0. Check that both use the same query ids, as strings"
        )


def _ranked_grades(
    run: Mapping,
    qrels: Mapping,
    qids: list[str],
    counts: np.ndarray,
    grades: np.ndarray,
    relevance_level: int,
    depth: int | None,
    score_precision: str,
) -> np.ndarray:
    """The grade at each rank of each query's ranking, as a (len(qids), width) matrix.

    Only the judged documents that some measure can see (relevant, or with a
    positive gain) are placed; every other cell holds _UNJUDGED, which all
    measures treat like a judged non-relevant document.
    """
    empty: dict = {}
    rankings = [run.get(qid, empty) for qid in qids]
    rankings = _as_dicts(rankings)
    ranked = _RankedRun(qids, rankings, score_precision)

    # The judged documents a measure can see: relevant, or with a positive gain.
    visible = (grades >= relevance_level) | (grades > 0)
    docids = list(compress(chain.from_iterable(map(qrels.__getitem__, qids)), visible.tolist()))
    rows = np.repeat(np.arange(len(qids)), counts)[visible]
    grades = grades[visible]
    # One dict lookup each, in C: its score in the run, or NaN if not retrieved.
    in_run = np.array(rankings, dtype=object)[rows]
    scores = np.fromiter(map(dict.get, in_run, docids), dtype=float, count=len(docids))
    retrieved = np.flatnonzero(~np.isnan(scores))
    ranks = ranked.ranks(rows[retrieved], scores[retrieved], lambda i: docids[retrieved[i]])

    width = int(ranked.counts.max(initial=0))
    if depth is not None:
        width = min(width, depth)
    matrix = np.full((len(qids), width), _UNJUDGED, dtype=_narrowest_int(grades))
    inside = ranks < width
    matrix[rows[retrieved][inside], ranks[inside]] = grades[retrieved][inside]
    return matrix


def _narrowest_int(values: np.ndarray) -> type:
    """The smallest signed integer type that holds ``values`` (int8 for usual grades)."""
    low, high = int(values.min(initial=0)), int(values.max(initial=0))
    for candidate in (np.int8, np.int16, np.int32):
        limits = np.iinfo(candidate)
        if limits.min <= low and high <= limits.max:
            return candidate
    return np.int64


class _RankedRun:
    """Every query's documents ranked as trec_eval ranks them, in one numpy sort.

    Each score becomes a 32-bit code whose integer order is the score order
    (descending), and each document the key ``row << 32 | code``; one sort of all
    keys ranks every query at once. The rank of a document is then the number
    of keys before its own in its row, plus, among documents with the same score
    (the same key), those whose id is greater: trec_eval breaks ties by docid
    descending in ``strcmp`` order, which for UTF-8 text is code-point order,
    Python's string order. Ids are read only for tied scores.
    """

    def __init__(self, qids: list[str], rankings: list[Mapping], score_precision: str):
        self.qids = qids
        self.rankings = rankings
        self.counts = np.fromiter(map(len, rankings), dtype=np.int64, count=len(rankings))
        self.starts = np.concatenate([[0], np.cumsum(self.counts)[:-1]]).astype(np.int64)
        values = self._scores()
        self.code_of = _float32_codes if score_precision == "float32" else _Float64Codes(values)
        self.codes = self.code_of(values)
        del values  # ten million scores are 80 MB: free them before the sort
        self.sorted_keys = _keys(np.arange(len(rankings)), self.codes, repeats=self.counts)
        self.sorted_keys.sort()

    def ranks(self, rows: np.ndarray, scores: np.ndarray, docid_at: Callable[[int], str]) -> np.ndarray:
        """0-based rank of documents given by row and score (each must be in the run);
        ``docid_at(i)`` gives the id of the i-th one, needed only if its score is tied."""
        codes = self.code_of(scores)
        keys = _keys(rows, codes)
        first = np.searchsorted(self.sorted_keys, keys, side="left")
        ranks = first - self.starts[rows]
        tied = np.flatnonzero(np.searchsorted(self.sorted_keys, keys, side="right") - first > 1)
        for i in tied.tolist():
            ranks[i] += self._greater_ids_with_code(int(rows[i]), codes[i], docid_at(i))
        return ranks

    def _greater_ids_with_code(self, row: int, code: np.uint32, docid: str) -> int:
        start = self.starts[row]
        same = np.flatnonzero(self.codes[start : start + self.counts[row]] == code)
        ids = self._ids(row)
        return sum(ids[i] > docid for i in same.tolist())

    def _ids(self, row: int) -> list[str]:
        cache = self.__dict__.setdefault("_id_cache", {})
        if row not in cache:
            cache[row] = list(self.rankings[row])
        return cache[row]

    def _scores(self) -> np.ndarray:
        """All scores, end to end, checked: real and finite."""
        try:
            # array('d') takes real numbers only (no strings, no None), at C speed.
            values = np.frombuffer(array("d", chain.from_iterable(map(dict.values, self.rankings))))
        except (TypeError, ValueError, OverflowError):
            qid, docid, score = _first_entry(
                dict(zip(self.qids, self.rankings)), lambda s: not isinstance(s, numbers.Real)
            )
            raise TypeError(
                f"run[{qid!r}][{docid!r}] must be a number (the document's score), "
                f"got {score!r} ({type(score).__name__})"
            ) from None
        if not np.all(np.isfinite(values)):
            qid, docid, score = _first_entry(
                dict(zip(self.qids, self.rankings)), lambda s: not np.isfinite(s)
            )
            raise ValueError(
                f"run[{qid!r}][{docid!r}] is {score!r}: scores must be finite numbers; "
                "give the document a real score or drop it from the run"
            )
        return values


def _trec_ranking(qid: str, ranking: Mapping[str, float]) -> list[str]:
    """One query's document ids in trec_eval's rank order (scores at full precision)."""
    ids = list(ranking)
    ranked = _RankedRun([qid], [ranking], "float64")
    scores = np.fromiter(ranking.values(), dtype=float, count=len(ids))
    ranks = ranked.ranks(np.zeros(len(ids), dtype=np.int64), scores, ids.__getitem__)
    in_order = [""] * len(ids)
    for docid, rank in zip(ids, ranks.tolist()):
        in_order[rank] = docid
    return in_order


def _keys(rows: np.ndarray, codes: np.ndarray, repeats: np.ndarray | None = None) -> np.ndarray:
    """``row << 32 | code`` as uint64; with ``repeats``, row i stands for repeats[i] codes."""
    high = np.asarray(rows, dtype=np.uint64) << np.uint64(32)
    keys = high if repeats is None else np.repeat(high, repeats)
    return np.bitwise_or(keys, codes, out=keys)  # in place: no second 8-byte array


def _float32_codes(scores: np.ndarray) -> np.ndarray:
    """Codes of scores rounded to float32, as trec_eval stores them: higher score,
    lower code. A float's bits, sign-adjusted, sort in the order of its value."""
    with np.errstate(over="ignore"):  # beyond float32's range: +-inf, as in C
        single = np.asarray(scores, dtype=np.float64).astype(np.float32)
    single += np.float32(0.0)  # -0.0 becomes 0.0: they compare equal
    bits = single.view(np.uint32)  # worked on in place, 4 bytes a score
    negative = bits >= np.uint32(0x80000000)
    np.invert(bits, out=bits, where=negative)  # negatives: larger magnitude, smaller code
    np.bitwise_or(bits, np.uint32(0x80000000), out=bits, where=~negative)
    return np.invert(bits, out=bits)  # descending


class _Float64Codes:
    """Codes of scores at full precision: the position among the distinct scores
    of the run, highest first."""

    def __init__(self, values: np.ndarray):
        self.levels = np.unique(values)  # also merges -0.0 and 0.0, which compare equal

    def __call__(self, scores: np.ndarray) -> np.ndarray:
        position = np.searchsorted(self.levels, np.asarray(scores, dtype=np.float64))
        return (self.levels.size - 1 - position).astype(np.uint32)


# -------------------------------------------------------------- checks --


def _check_choice(value: object, name: str, choices: tuple[str, ...]) -> str:
    valid = ", ".join(map(repr, choices))
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{name} must be one of {valid}; got {value!r}")
    return value


def _check_nested(nested: object, name: str, inner_shape: str) -> None:
    """``nested`` must be a mapping from string query ids to mappings. The usual
    case (a dict of dicts with str keys) is confirmed by C-speed passes; the
    slow, item-by-item pass runs only to name a culprit (or admit subclasses)."""
    if not isinstance(nested, Mapping):
        raise TypeError(
            f"{name} must be a dict {{query_id: {inner_shape}}}, got {type(nested).__name__}"
        )
    if not _only(nested.keys(), str):
        for qid in nested:
            if not isinstance(qid, str):
                raise TypeError(
                    f"{name} query ids must be strings (as in TREC files), got {qid!r} "
                    f"({type(qid).__name__}): convert them with str()"
                )
    if not _only(nested.values(), dict):
        for qid, inner in nested.items():
            if not isinstance(inner, Mapping):
                raise TypeError(f"{name}[{qid!r}] must be a dict {inner_shape}, got {type(inner).__name__}")


def _check_doc_id(docid: object, name: str, qid: str) -> None:
    if not isinstance(docid, str):
        raise TypeError(
            f"{name}[{qid!r}] has the document id {docid!r} ({type(docid).__name__}): document "
            "ids must be strings (as in TREC files), convert them with str()"
        )


def _as_dicts(mappings: Iterable[Mapping]) -> list[dict]:
    """The mappings as a list of dicts (copying only those that are not), so that
    C-level helpers such as ``dict.get`` and ``dict.values`` apply to all."""
    mappings = list(mappings)
    if _only(mappings, dict):
        return mappings
    return [m if isinstance(m, dict) else dict(m) for m in mappings]


def _only(values: Iterable, kind: type) -> bool:
    """Whether every value is exactly of type ``kind``, in one C-speed pass."""
    return set(map(type, values)) <= {kind}


def _first_entry(nested: Mapping, is_bad: Callable[[object], bool]) -> tuple[str, str, object]:
    for qid, inner in nested.items():
        for docid, value in inner.items():
            if is_bad(value):
                return qid, docid, value
    raise AssertionError("unreachable: a bad entry was detected but not found")
