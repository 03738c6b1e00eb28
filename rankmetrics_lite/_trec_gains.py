"""trec_eval's gains: what each grade earns, and the ideal ranking's gains, with gain maps.

By default a document's gain is its grade (negative grades and unjudged
documents gain 0) and the ideal ranking holds every positive judged grade,
highest first: :class:`~rankmetrics_lite._evaluate.Rows` keeps both
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
discount is the package's (:func:`rankmetrics_lite._dcg._discount`), the one
DCG and nDCG use.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._c_qsort import c_int_of_double, c_qsort
from ._counts_and_sets import PAST_END_VALUE
from ._dcg import _discount
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


def gain_order(n_levels: int, pairs: tuple[tuple[int, float], ...]) -> list[tuple[int, float, int]]:
    """setup_gains for a query whose judged grades go up to ``n_levels - 1``:
    (grade, gain, grade whose judged documents it counts, or -1) in trec_eval's sorted order."""
    entries = [[level, float(gain), -1] for level, gain in pairs]
    for level in range(n_levels):
        first = next((e for e in entries if e[0] == level), None)
        if first is not None:
            first[2] = level  # a listed grade: the first entry for it counts its documents
        else:
            entries.append([level, float(level), level])
    ordered = c_qsort(entries, lambda a, b: c_int_of_double(a[1] - b[1]))  # comp_rel_gain
    return [tuple(e) for e in ordered]


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
    for size in np.unique(n_levels).tolist():
        members = np.flatnonzero(n_levels == size)
        order = gain_order(size, pairs)
        table_levels = np.array([e[0] for e in order], dtype=np.int64)
        table_gains = np.array([e[1] for e in order])
        top[members] = table_gains[-1] if table_gains.size else 0.0
        # A document's gain: the first entry (in sorted order) with its value.
        lookup = {}
        for level, gain in zip(table_levels.tolist(), table_gains.tolist()):
            lookup.setdefault(level, gain)
        block = values[members]
        mapped = np.zeros(block.shape)
        for level, gain in lookup.items():
            if gain != 0.0:
                mapped[block == level] = gain
        mapped[block == PAST_END_VALUE] = 0.0
        gains[members] = mapped
        # Entries' judged counts, per member query.
        per_level = _level_counts(members, row_of, grades, size)
        entry_counts = np.zeros((members.size, len(order)), dtype=np.int64)
        for j, entry in enumerate(order):
            if entry[2] >= 0:
                entry_counts[:, j] = per_level[:, entry[2]]
        sequences_of = _ideal_sequences(table_gains, entry_counts)
        for i, sequence in zip(members.tolist(), sequences_of):
            sequences[i] = sequence
    width = max((s.size for s in sequences), default=0)
    ideal = np.zeros((n_queries, width))
    for i, sequence in enumerate(sequences):
        ideal[i, :sequence.size] = sequence
    return GainTables(gains, ideal, top)


def _level_counts(members: np.ndarray, row_of: np.ndarray, grades: np.ndarray, size: int) -> np.ndarray:
    """(len(members), size): judged documents of each grade 0 .. size - 1, per member query."""
    position = np.full(row_of.max(initial=-1) + 1, -1, dtype=np.int64)
    position[members] = np.arange(members.size)
    where = position[row_of] if row_of.size else row_of
    keep = (where >= 0) & (grades >= 0) & (grades < size)
    table = np.zeros((members.size, max(size, 0)), dtype=np.int64)
    np.add.at(table, (where[keep], grades[keep].astype(np.int64)), 1)
    return table


def _ideal_sequences(table_gains: np.ndarray, entry_counts: np.ndarray) -> list[np.ndarray]:
    """The ideal gains of each query: entries from the last (highest gain) down, each
    as often as it counts documents, until the first gain that is not positive; none at
    all when the top entry's gain is not positive (trec_eval's loops never start)."""
    n = table_gains.size
    if n == 0 or table_gains[-1] <= 0:
        return [np.zeros(0)] * entry_counts.shape[0]
    down = table_gains[::-1]
    counts_down = entry_counts[:, ::-1]
    result = []
    for row in counts_down:
        present = np.flatnonzero(row > 0)
        stop = next((j for j in present.tolist() if down[j] <= 0), n)
        result.append(np.repeat(down[:stop], row[:stop]))
    return result


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
    return np.cumsum(gains * _discount(width), axis=1)


def g_rows(gains: np.ndarray, ideal: np.ndarray, n_ret: np.ndarray) -> np.ndarray:
    r"""trec_eval's ``G``: a gain-and-cost measure; each retrieved gain is divided by
    :math:`\log_2(2 + \mathrm{cost} - \mathrm{gain\ so\ far})`, where the cost is what
    the ideal ranking has earned by then (at least 1 per rank), and the sum by the
    ideal ranking's total gain (0 when that is 0)."""
    width = max(gains.shape[1], 1)
    gains = _widen(gains, width)
    ideal_now = _widen(ideal, width)[:, :width]
    cost = np.cumsum(np.maximum(ideal_now, 1.0), axis=1)
    earned = np.cumsum(gains, axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(gains != 0, gains / np.log2(2 + cost - earned), 0.0)
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
