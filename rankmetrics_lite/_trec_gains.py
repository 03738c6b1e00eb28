"""trec_eval's gains: what each grade earns, and the ideal ranking's gains, with gain maps.

By default a document's gain is its grade (negative grades and unjudged
documents gain 0) and the ideal ranking holds every positive judged grade,
highest first: :class:`~rankmetrics_lite._engine.Rows` keeps both
(``gains``, ``ideal``). trec_eval's ``ndcg``, ``dcg``, ``ideal_dcg``,
``ndcg_rel``, ``Rndcg`` and ``G`` also take a gain map, ``-m ndcg.1=3,2=9``
(``nDCG(gains=1:3,2:9)`` here): a grade listed earns the gain given, the others
their grade. :func:`gain_tables` builds, per query, what trec_eval's
``setup_gains`` (``gain_init.c``) builds: the list of (grade, gain, number of
judged documents) sorted by gain, from which it reads a document's gain (the
first entry with its grade) and the ideal ranking (entries from the highest
gain down, each repeated as often as it was judged, until a gain that is not
positive). Its sort compares gains through a C ``int`` (gains less than 1 apart
compare equal), which :func:`~rankmetrics_lite._c_qsort.c_qsort`
reproduces.

The kernels below compute trec_eval's graded measures that walk the ranking
and the ideal ranking side by side (G, nDCG_rel, Rndcg) and binG. Their
discount is the package's (:func:`rankmetrics_lite._dcg.log2_ranks`), the one
DCG and nDCG use.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._c_qsort import c_int_of_double, c_qsort
from ._counts_and_sets import PAST_END_VALUE
from ._dcg import log2_ranks
from ._kernels import row_sums, safe_divide


@dataclass
class GainTables:
    """Per query: the gain earned at each rank and the ideal ranking's gains.

    ``gains``: (n_queries, width) gain of the document at each rank, 0 past
    the ranking's end; ``ideal``: (n_queries, depth) the ideal gains while
    positive, padded with 0; ``top``: the highest gain of each query's table
    (trec_eval walks the ideal ranking only if it is positive).
    """

    gains: np.ndarray
    ideal: np.ndarray
    top: np.ndarray


def gain_order(n_levels: int, pairs: tuple[tuple[int, float], ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """setup_gains for a query whose judged grades go up to ``n_levels - 1``, in trec_eval's
    sorted order: each entry's grade, gain, and the grade whose judged documents it counts
    (-1: none). Linear in the number of levels and pairs, but for the sort (n log n)."""
    listed = np.array([level for level, _ in pairs], dtype=np.int64)
    gains = np.array([gain for _, gain in pairs], dtype=float)
    counted = np.full(listed.size, -1, dtype=np.int64)
    levels = np.arange(max(n_levels, 0), dtype=np.int64)
    # A listed grade: its first entry counts its documents; every other grade is an entry of its own.
    first_listed, first_at = np.unique(listed, return_index=True)
    inside = (first_listed >= 0) & (first_listed < levels.size)
    counted[first_at[inside]] = first_listed[inside]
    unlisted = levels[~np.isin(levels, first_listed)]
    entry_levels = np.concatenate([listed, unlisted])
    entry_gains = np.concatenate([gains, unlisted.astype(float)])
    entry_counted = np.concatenate([counted, unlisted])
    order = _comp_rel_gain_order(entry_gains)
    return entry_levels[order], entry_gains[order], entry_counted[order]


def _comp_rel_gain_order(gains: np.ndarray) -> np.ndarray:
    """The order glibc's qsort gives with trec_eval's comp_rel_gain, ``(int) (a - b)``. That
    comparator is an order only where gains are whole numbers less than 2**31 apart (the
    usual case): then the merge sort is a stable sort by gain; otherwise it runs step by step."""
    finite = np.isfinite(gains).all()
    if finite and (gains == np.trunc(gains)).all() and (gains.size == 0 or np.ptp(gains) < 2.0**31):
        return np.argsort(gains, kind="stable")
    values = gains.tolist()
    return np.array(c_qsort(range(len(values)), lambda a, b: c_int_of_double(values[a] - values[b])),
                    dtype=np.int64)


def gain_tables(values: np.ndarray, counts: np.ndarray, grades: np.ndarray,
                pairs: tuple[tuple[int, float], ...]) -> GainTables:
    """trec_eval's gains at each rank and ideal gains, per query.

    ``values``: trec_eval's value at each rank (a grade, -1 not in the qrels, -2
    pooled but unjudged, -3 past the end); ``counts`` and ``grades``: each query's
    judgements end to end; ``pairs``: the gain map, (grade, gain) in the order given.
    """
    n_queries = counts.size
    row_of = np.repeat(np.arange(n_queries), counts)
    judged = grades >= 0
    top_grade = np.full(n_queries, -1, dtype=np.int64)
    np.maximum.at(top_grade, row_of[judged], grades[judged].astype(np.int64))
    n_levels = top_grade + 1  # trec_eval's num_rel_levels: grades 0 .. highest judged
    gains = np.zeros(values.shape)
    top = np.zeros(n_queries)
    sequences: list[np.ndarray] = [np.zeros(0)] * n_queries
    # The judgements of grade 0 or more, by query (counts are end to end, queries in row order).
    judged_rows, judged_grades = row_of[judged], grades[judged].astype(np.int64)
    offsets = np.concatenate(([0], np.cumsum(np.bincount(judged_rows, minlength=n_queries))))
    for size in np.unique(n_levels).tolist():
        members = np.flatnonzero(n_levels == size)
        table_levels, table_gains, table_counted = gain_order(size, pairs)
        top[members] = table_gains[-1] if table_gains.size else 0.0
        gains[members] = _document_gains(values[members], table_levels, table_gains)
        lengths = offsets[members + 1] - offsets[members]
        mine = np.repeat(offsets[members] - np.cumsum(lengths) + lengths, lengths) + np.arange(lengths.sum())
        sequences_of = _ideal_sequences(table_gains, table_counted, judged_rows[mine], judged_grades[mine], members)
        for i, sequence in zip(members.tolist(), sequences_of):
            sequences[i] = sequence
    width = max((s.size for s in sequences), default=0)
    ideal = np.zeros((n_queries, width))
    for i, sequence in enumerate(sequences):
        ideal[i, :sequence.size] = sequence
    return GainTables(gains, ideal, top)


def _document_gains(block: np.ndarray, table_levels: np.ndarray, table_gains: np.ndarray) -> np.ndarray:
    """get_gain at each rank: the gain of the first entry (in sorted order) with the rank's
    value, 0 where none has it (and past the end)."""
    keys, first = np.unique(table_levels, return_index=True)
    if not keys.size:
        return np.zeros(block.shape)
    at = np.minimum(np.searchsorted(keys, block), keys.size - 1)
    gain = table_gains[first[at]]
    return np.where((keys[at] == block) & (gain != 0.0) & (block != PAST_END_VALUE), gain, 0.0)


def _ideal_sequences(table_gains: np.ndarray, table_counted: np.ndarray, rows: np.ndarray,
                     grades: np.ndarray, members: np.ndarray) -> list[np.ndarray]:
    """The ideal gains of each member query (``rows``, ``grades``: their judgements of grade
    0 or more): entries from the last (highest gain) down, each as often as it counts
    documents, until the first gain that is not positive; none at all when the top
    entry's gain is not positive (trec_eval's loops never start)."""
    if table_gains.size == 0 or not table_gains[-1] > 0:  # (NaN is not positive either)
        return [np.zeros(0)] * members.size
    entry_of_grade = np.full(int(table_counted.max(initial=-1)) + 1, -1, dtype=np.int64)
    counting = np.flatnonzero(table_counted >= 0)
    entry_of_grade[table_counted[counting]] = counting
    entries = entry_of_grade[grades] if grades.size else grades.astype(np.int64)
    # Each judgement is one step of the walk down its entry: by query, then entry descending.
    order = np.lexsort((-entries, rows))
    rows, entries = rows[order], entries[order]
    walked = table_gains[entries]
    # A query's walk stops at its first entry whose gain is not positive.
    stopped = np.cumsum(~(walked > 0))
    starts = np.searchsorted(rows, members)
    ends = np.searchsorted(rows, members, side="right")
    before = np.concatenate(([0], stopped))[starts]
    return [walked[a:b][stopped[a:b] == before[k]] for k, (a, b) in enumerate(zip(starts.tolist(), ends.tolist()))]


def c_log2(values: np.ndarray) -> np.ndarray:
    """log2 as C's libm computes it, also below 0: glibc returns a NaN with its sign bit set
    there (printed ``-nan``), numpy one without."""
    with np.errstate(invalid="ignore", divide="ignore"):
        result = np.log2(values)
    return np.where(values < 0, -np.abs(result), result)


# ----------------------------------------------------------------- kernels --
# gains: (n_queries, width) gain at each rank, 0 past the end; ideal: (n_queries, depth)
# ideal gains, positive, padded with 0. Both sums run in rank order (cumsum is sequential).


def _widen(matrix: np.ndarray, width: int) -> np.ndarray:
    if matrix.shape[1] >= width:
        return matrix
    return np.concatenate([matrix, np.zeros((matrix.shape[0], width - matrix.shape[1]))], axis=1)


def _cumulative_dcg(gains: np.ndarray, width: int) -> np.ndarray:
    """DCG after each rank 1..width (n_queries, width)."""
    gains = _widen(gains, width)[:, :width]
    return np.cumsum(gains / log2_ranks(width), axis=1)


def g_rows(gains: np.ndarray, ideal: np.ndarray, n_ret: np.ndarray) -> np.ndarray:
    r"""trec_eval's ``G``: a gain-and-cost measure; each retrieved gain is divided by
    :math:`\log_2(2 + \mathrm{cost} - \mathrm{gain\ so\ far})`, where the cost is what
    the ideal ranking has earned by then (at least 1 per rank), and the sum by the
    ideal ranking's total gain (0 when that is 0)."""
    width = max(gains.shape[1], 1)
    gains = _widen(gains, width)
    ideal_now = _widen(ideal, width)[:, :width]
    cost = np.cumsum(np.where(ideal_now >= 1.0, ideal_now, 1.0), axis=1)
    earned = np.cumsum(gains, axis=1)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        terms = np.where(gains != 0, gains / c_log2(2 + cost - earned), 0.0)
    terms[np.arange(width)[None, :] >= np.asarray(n_ret)[:, None]] = 0.0
    return safe_divide(row_sums(terms), row_sums(ideal))


def ndcg_rel_rows(gains: np.ndarray, ideal: np.ndarray, n_ret: np.ndarray) -> np.ndarray:
    """trec_eval's ``ndcg_rel``: nDCG averaged over the ranks of the relevant documents
    (those with a positive gain), each relevant document never retrieved counting the
    final nDCG; 0 when that average is not positive."""
    n_ideal = (ideal > 0).sum(axis=1)
    width = max(gains.shape[1], ideal.shape[1], 1)
    results = _cumulative_dcg(gains, width)
    ideal_so_far = _cumulative_dcg(ideal, width)
    gains = _widen(gains, width)
    with np.errstate(divide="ignore", invalid="ignore"):
        at_relevant = np.where(gains > 0, results / ideal_so_far, 0.0)
        found = (gains > 0).sum(axis=1)
        final = (n_ideal - found).astype(float) * results[:, -1] / ideal_so_far[:, -1]
        total = row_sums(at_relevant) + final
        return np.where(total > 0, total / n_ideal, 0.0)


def rndcg_rows(gains: np.ndarray, ideal: np.ndarray, n_ret: np.ndarray, n_rel: np.ndarray,
               top_gain: np.ndarray) -> np.ndarray:
    """trec_eval's ``Rndcg``: nDCG read where the ideal ranking's gain changes (the end of
    each grade's block), averaged; 0 without a relevant document. ``top_gain``: the
    highest gain of each query's table (the ideal walk starts only if it is positive)."""
    n_ideal = (ideal > 0).sum(axis=1)
    n_ret = np.asarray(n_ret, dtype=np.int64)
    width = int(max(gains.shape[1], ideal.shape[1] + 1, 1))
    results = _cumulative_dcg(gains, width)
    ideal_cum = _cumulative_dcg(ideal, width)
    ideal_now = _widen(ideal, width)
    before = np.concatenate([np.asarray(top_gain, dtype=float)[:, None], ideal_now[:, :-1]], axis=1)
    steps = np.arange(width)[None, :]
    walked = np.asarray(top_gain)[:, None] > 0
    # Steps 0 .. n_ideal (the last one reaches a gain that is not positive): a change of gain
    # reads the DCG of the ranks before it over the ideal DCG before it.
    change = walked & (steps <= n_ideal[:, None]) & (ideal_now != before)
    results_before = np.concatenate([np.zeros((gains.shape[0], 1)), results], axis=1)
    taken = np.minimum(steps, n_ret[:, None])
    dcg_then = np.take_along_axis(results_before, taken, axis=1)
    ideal_then = np.concatenate([np.zeros((gains.shape[0], 1)), ideal_cum[:, :-1]], axis=1)
    counted = change & (ideal_then > 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(counted, dcg_then / ideal_then, 0.0)
        total = row_sums(terms)
        n_terms = counted.sum(axis=1)
        # The ranking goes on past the ideal walk's end: one more reading, of the whole ranking.
        tail = walked[:, 0] & (n_ret > n_ideal + 1)
        whole = results_before[np.arange(gains.shape[0]), np.minimum(n_ret, width)]
        ideal_total = ideal_cum[:, -1]
        tail_counted = tail & (ideal_total > 0)
        total = np.where(tail_counted, total + whole / ideal_total, total)
        n_terms = n_terms + tail_counted
        value = total / n_terms
    return np.where(np.asarray(n_rel) > 0, value, 0.0)


def bing_rows(rows: np.ndarray, n_rel: np.ndarray) -> np.ndarray:
    r"""trec_eval's ``binG``: each relevant document gains
    :math:`1 / \log_2(2 + \text{non-relevant documents above it})`; the sum over :math:`|R|`."""
    rows = np.asarray(rows, dtype=float)
    ranks = np.arange(1, rows.shape[1] + 1)
    above = ranks - np.cumsum(rows, axis=1)  # non-relevant documents at or above each rank
    with np.errstate(divide="ignore"):
        terms = np.where(rows > 0, 1.0 / np.log2(2.0 + above), 0.0)
    return safe_divide(row_sums(terms), n_rel)
