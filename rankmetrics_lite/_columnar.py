"""evaluate's reading of a run and qrels given as columns, with numpy sorts only.

:func:`join_columns` turns :class:`~rankmetrics_lite.RunColumns` and
:class:`~rankmetrics_lite.QrelsColumns` into what ``evaluate`` reads from
dicts: the judged queries in qrels order, their grades, and for every judged
document its 0-based rank in its query's ranking (or none). No Python object is
made per entry:

* queries: equal neighbours are one block, so only the blocks' ids are sorted
  (a file lists a query's lines together; any order works);
* run and qrels meet on 64-bit keys ``query row | hash of the document id``:
  one stable sort puts a retrieved judged document beside its run entry, and
  every such pair is then checked byte for byte; a hash collision (or a
  repeated document) sends the join to exact keys (document ids numbered by
  one sort of the ids), which name any repeated document;
* ranks: trec_eval's rule, applied to the columns by
  ``rankmetrics_lite._trec_ranking.ranks_within_queries``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._columns import QrelsColumns, RunColumns
from ._memory import equal_in_order, release_freed_memory
from ._trec_ranking import ranks_within_queries
from .validation import no_shared_query, repeated_document


@dataclass
class JoinedColumns:
    """Run and qrels joined: everything evaluate needs, one row per judged query."""

    qids: list[str]  # judged queries, in order of first appearance in the qrels
    counts: np.ndarray  # judgements per query
    grades: np.ndarray  # every grade, grouped by query (row order)
    rows: np.ndarray  # the row of each judgement
    run_index: np.ndarray  # each judgement's entry among the run's kept entries, or -1
    entry_ranks: np.ndarray  # 0-based rank of each kept run entry within its query
    lengths: np.ndarray  # documents each query's ranking holds

    def retrieved(self, select: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Row, grade and 0-based rank of the selected judgements that the run holds."""
        index = self.run_index[select]
        found = index >= 0
        return self.rows[select][found], self.grades[select][found], self.entry_ranks[index[found]]


def join_columns(run: RunColumns, qrels: QrelsColumns, version: str) -> JoinedColumns:
    """Group, join and rank (see the module docstring)."""
    run_qids, run_docs, q_qids, q_docs = _same_kind(run.query_ids, run.doc_ids, qrels.query_ids, qrels.doc_ids)

    # Judged queries, numbered in order of first appearance; judgements grouped by query.
    q_codes, distinct = group_codes(q_qids)
    grades = qrels.grades
    if q_codes.size > 1 and (np.diff(q_codes) < 0).any():
        order = np.argsort(q_codes, kind="stable")
        q_codes, q_docs, grades = q_codes[order], q_docs[order], grades[order]
    counts = np.bincount(q_codes, minlength=distinct.size)

    # Each run entry's row (its query's number in the qrels), or -1: not judged, ignored.
    run_codes, run_distinct = group_codes(run_qids)
    sorted_ids = np.argsort(distinct)
    at = np.minimum(np.searchsorted(distinct, run_distinct, sorter=sorted_ids), distinct.size - 1)
    found = distinct[sorted_ids[at]] == run_distinct
    row_of_code = np.where(found, sorted_ids[at], -1)
    if not found.any():
        raise no_shared_query(_as_text(run_distinct[:3]), _as_text(distinct[:3]))
    # 4 bytes an entry where the rows fit (they always do: a qrels of 2**31 queries is not read)
    row_type = np.int32 if distinct.size < 2**31 else np.int64
    rows = row_of_code.astype(row_type)[run_codes]
    del run_codes
    scores = run.scores
    if not found.all():
        kept = rows >= 0
        rows, run_docs, scores = rows[kept], run_docs[kept], scores[kept]

    lengths = np.bincount(rows, minlength=distinct.size)
    run_index = _join(rows, run_docs, q_codes, q_docs, distinct)
    release_freed_memory()  # the join's keys, before the ranking allocates its own
    entry_ranks = ranks_within_queries(rows, run_docs, scores, lengths, version)
    return JoinedColumns(_as_text(distinct), counts, grades, q_codes, run_index, entry_ranks, lengths)


# ---------------------------------------------------------------- queries --


def group_codes(ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A number for each entry's id (0, 1, ... in order of first appearance) and the
    distinct ids in that order. Only the first id of each block of equal
    neighbours is sorted."""
    starts = np.concatenate(([0], np.flatnonzero(ids[1:] != ids[:-1]) + 1))
    heads = ids[starts]
    distinct, first, inverse = np.unique(heads, return_index=True, return_inverse=True)
    appearance = np.argsort(first, kind="stable")
    # numpy.intp: the codes index and count (np.bincount, np.repeat), 32-bit under wasm32.
    code_of_sorted = np.empty(distinct.size, dtype=np.intp)
    code_of_sorted[appearance] = np.arange(distinct.size)
    codes = np.repeat(code_of_sorted[inverse.ravel()], np.diff(np.append(starts, ids.size)))
    return codes, distinct[appearance]


def _same_kind(*columns: np.ndarray) -> list[np.ndarray]:
    """Id columns all bytes (S) or all str (U), so that they compare with each other."""
    if len({column.dtype.kind for column in columns}) == 1:
        return list(columns)
    return [np.char.decode(c, "utf-8") if c.dtype.kind == "S" else c for c in columns]


def _as_text(ids: np.ndarray) -> list[str]:
    values = ids.tolist()
    if ids.dtype.kind == "S":
        try:
            return [value.decode("utf-8") for value in values]
        except UnicodeDecodeError:
            raise ValueError("a query id (bytes) is not UTF-8 text; decode the ids first") from None
    return values


# ------------------------------------------------------------------- join --


def _join(run_rows, run_docs, q_rows, q_docs, qids) -> np.ndarray:
    """For each judgement, the index of the run entry with its query and document, or -1."""
    itemsize = max(run_docs.dtype.itemsize, q_docs.dtype.itemsize)
    kind = run_docs.dtype.kind
    dtype = np.dtype(f"{kind}{itemsize // (4 if kind == 'U' else 1)}")
    run_docs, q_docs = run_docs.astype(dtype, copy=False), q_docs.astype(dtype, copy=False)
    n_rows = qids.size
    bits = max(1, int(n_rows).bit_length())
    keys = np.empty(run_rows.size + q_rows.size, dtype=np.uint64)
    hashed_keys(run_rows, run_docs, bits, out=keys[: run_rows.size])
    hashed_keys(q_rows, q_docs, bits, out=keys[run_rows.size :])
    result = _matches(keys, run_rows.size, run_docs, q_docs)
    if result is not None:
        return result
    # A hash collision or a repeated document: exact keys, document ids numbered by a sort.
    _, numbers = np.unique(np.concatenate((run_docs, q_docs)), return_inverse=True)
    n_docs = int(numbers.max()) + 1
    rows = np.concatenate((run_rows, q_rows)).astype(np.uint64)
    keys = rows * np.uint64(n_docs) + numbers.ravel().astype(np.uint64)
    _refuse_repeats(keys, rows, run_rows.size, run_docs, q_docs, qids)
    result = _matches(keys, run_rows.size, run_docs, q_docs)
    assert result is not None, "exact keys cannot collide"
    return result


_MIX = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB))


def hashed_keys(rows: np.ndarray, docs: np.ndarray, bits: int, out: np.ndarray | None = None) -> np.ndarray:
    """``row`` in the top ``bits`` bits, a 64-bit hash of the id's bytes below (into ``out``
    if given). Computed a block at a time: its temporaries stay small whatever the run."""
    keys = np.empty(docs.size, dtype=np.uint64) if out is None else out
    for start in range(0, docs.size, _HASH_BLOCK):
        stop = start + _HASH_BLOCK
        keys[start:stop] = _hashed_block(rows[start:stop], docs[start:stop], bits)
    return keys


_HASH_BLOCK = 1 << 18


def _hashed_block(rows: np.ndarray, docs: np.ndarray, bits: int) -> np.ndarray:
    n, size = docs.size, docs.dtype.itemsize
    raw = np.ascontiguousarray(docs).view(np.uint8).reshape(n, size)
    width = -(-size // 8) * 8
    if width != size:
        padded = np.zeros((n, width), dtype=np.uint8)
        padded[:, :size] = raw
        raw = padded
    words = raw.view(np.uint64)  # (n, width // 8), the id's bytes 8 at a time
    h = np.full(n, _MIX[0], dtype=np.uint64)
    for j in range(words.shape[1]):
        h ^= words[:, j]
        h *= _MIX[1]
        h ^= h >> np.uint64(31)
    h *= _MIX[2]
    h ^= h >> np.uint64(29)
    return (rows.astype(np.uint64) << np.uint64(64 - bits)) | (h >> np.uint64(bits))


def _matches(keys: np.ndarray, n_run: int, run_docs, q_docs) -> np.ndarray | None:
    """Judgement -> run entry, from keys (run entries first); None unless every
    group of equal keys is one run entry and one judgement with the same id."""
    # Not a stable sort (numpy's quicksort is several times faster on random keys, and needs
    # no buffer): the two entries of a pair of equal keys are put in index order below.
    order = np.argsort(keys)
    pairs = np.flatnonzero(equal_in_order(keys, order))
    if pairs.size > 1 and (np.diff(pairs) == 1).any():
        return None  # three or more equal keys
    first, second = order[pairs], order[pairs + 1]
    del order, pairs  # the run's length in 8 bytes: let go before the pairs are checked
    first, second = np.minimum(first, second), np.maximum(first, second)
    if (first >= n_run).any() or (second < n_run).any():
        return None  # two run entries, or two judgements, with one key
    judgement = second - n_run
    if (run_docs[first] != q_docs[judgement]).any():
        return None  # a hash collision
    index = np.full(keys.size - n_run, -1, dtype=np.int64)
    index[judgement] = first
    return index


def _refuse_repeats(keys, rows, n_run: int, run_docs, q_docs, qids) -> None:
    """A document listed twice for a query in the run, or judged twice in the qrels."""
    for name, part, docs, offset in (("run", keys[:n_run], run_docs, 0), ("qrels", keys[n_run:], q_docs, n_run)):
        order = np.argsort(part, kind="stable")
        repeated = np.flatnonzero(part[order[1:]] == part[order[:-1]])
        if repeated.size:
            i = int(order[repeated[0] + 1])
            doc = _as_text(docs[i : i + 1])[0]
            row = int(rows[offset + i])  # a Python int: numpy < 2 makes uint64 + 1 a float
            qid = _as_text(qids[row : row + 1])[0]
            raise repeated_document(name, doc, qid)
