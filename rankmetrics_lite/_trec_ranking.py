"""trec_eval's ranking rule, in one place, for each release of trec_eval.

trec_eval ignores the rank column of a run: it sorts each query's documents by
score, highest first, and breaks ties by document id, *descending*, comparing
the ids' bytes as C's ``strcmp`` does (for UTF-8 text that is code-point order,
which is Python's string order). The releases differ in how they keep scores:

* trec_eval **10.0** (the default here) keeps each score as a C ``double``, so
  two scores tie only when they are equal as Python floats;
* trec_eval **9.0.8** keeps them as 32-bit C ``float``: scores that differ only
  beyond float32 precision (``0.1`` and ``0.1 + 1e-9``) tie, and are then
  ordered by id. pytrec_eval and ir_measures run 9.0.8's code.

:func:`trec_rule` writes the rule once, as an order of entries; the three ways in
share it: :func:`trec_order` ranks one query (used by
:func:`~rankmetrics_lite.rank_by_score` and :func:`~rankmetrics_lite.write_trec_run`),
:class:`RankedRun` ranks every query of a run given as dicts in one numpy sort, reading
ids only to break ties (used by :func:`~rankmetrics_lite.evaluate`: turning the dicts
into columns at the door took 2.5 times as long and four times the memory), and
:func:`ranks_within_queries` every query of a run given as numpy columns. The tests
check that they agree with each other and with the trec_eval programs.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

import numpy as np

from ._memory import equal_in_order, inverse_order, subtract_taken
from .validation import check_choice

TREC_EVAL_VERSIONS = ("10.0", "9.0.8")
DEFAULT_TREC_EVAL_VERSION = "10.0"


def check_trec_eval_version(version: object) -> str:
    """Return ``version`` if it names a release this package reproduces, or raise ValueError."""
    return check_choice(version, "trec_eval_version", TREC_EVAL_VERSIONS)


def score_as_stored(score: float, version: str) -> float:
    """The score as the given release keeps it: a double, or rounded to float32 (9.0.8)."""
    if version == "9.0.8":
        with np.errstate(over="ignore"):  # beyond float32's range: +-inf, as in C
            return float(np.float32(score)) + 0.0  # + 0.0: -0.0 and 0.0 compare equal
    return float(score) + 0.0


def _id_bytes(item: object) -> bytes:
    """The id as trec_eval sees it: its text, UTF-8 encoded (compared like strcmp)."""
    try:
        return str(item).encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"item id {item!r} cannot be written as UTF-8 text (lone surrogate)") from None


def trec_order(pairs: Sequence[tuple[Hashable, float]], version: str = DEFAULT_TREC_EVAL_VERSION) -> list:
    """The items of ``(item, score)`` pairs in trec_eval's rank order.

    Ids that are not strings are compared by their text, ``str(id)``, as they
    would be once written to a run file; two items with the same text cannot
    be ordered and raise ValueError.

    >>> trec_order([("a", 1.0 + 1e-9), ("b", 1.0)])
    ['a', 'b']
    >>> trec_order([("a", 1.0 + 1e-9), ("b", 1.0)], "9.0.8")  # a tie at float precision
    ['b', 'a']
    """
    version = check_trec_eval_version(version)
    items, ids = [], []
    seen: dict[bytes, object] = {}
    for item, _ in pairs:
        key = _id_bytes(item)
        if key in seen:
            raise ValueError(
                f"items {seen[key]!r} and {item!r} have the same text id {key.decode()!r}, so ties "
                "between them cannot be broken by id: make the ids distinct as text"
            )
        seen[key] = item
        items.append(item)
        ids.append(key)
    if not items:
        return []
    scores = np.array([score_as_stored(score, "10.0") for _, score in pairs])
    keys = _float32_codes(scores).astype(np.uint64)
    return [items[i] for i in trec_rule(keys, scores, _object_array(ids), version).tolist()]


def trec_rule(keys: np.ndarray, scores: np.ndarray, ids: np.ndarray, version: str) -> np.ndarray:
    """The order of entries by trec_eval's rule, the one place it is written: by ``keys``
    ascending (``row << 32 | float32 code``: the query, then the score as 9.0.8 stores it,
    highest first), then, where keys are equal, by the double descending (10.0 alone: 9.0.8
    stores a float, so equal codes tie), then by the id descending (``ids``: numpy str or
    bytes, or an object array of either, compared in byte order as strcmp does)."""
    _, id_order = np.unique(ids, return_inverse=True)
    by = [-id_order.ravel(), keys]  # lexsort: last key first
    if version == "10.0":
        by.insert(1, -scores)
    return np.lexsort(by)


def _object_array(values: list) -> np.ndarray:
    """``values`` as a 1-D object array (numpy would make a 2-D array of equal-length tuples)."""
    array = np.empty(len(values), dtype=object)
    array[:] = values
    return array


class RankedRun:
    """Every query's documents ranked as the given release ranks them, in one numpy sort.

    Each score becomes a 32-bit code whose integer order is the order of the
    score rounded to float32 (descending), and each document the key
    ``row << 32 | code``; one sort of all keys ranks every query at once. The
    rank of a document is then the number of keys before its own in its row,
    plus, among documents with the same key, those that rank above it: in
    9.0.8 the same key is a tie, broken by id descending; in 10.0 the doubles
    decide first (rounding to float32 keeps their order, so only documents
    with the same key need a look), then the id. Ids and doubles are read only
    for documents that share a key.

    ``scores`` holds every score of the run end to end, in the order of
    ``rankings`` (already checked: real and finite).
    """

    def __init__(self, rankings: Sequence[Mapping[str, float]], scores: np.ndarray, version: str):
        self.rankings = rankings
        self.counts = np.fromiter(map(len, rankings), dtype=np.intp, count=len(rankings))
        self.starts = np.concatenate([[0], np.cumsum(self.counts)[:-1]]).astype(np.intp)
        self.doubles = scores if version == "10.0" else None
        self.codes = _float32_codes(scores)
        self.sorted_keys = _keys(np.arange(len(rankings)), self.codes, repeats=self.counts)
        self.sorted_keys.sort()

    def ranks(self, rows: np.ndarray, scores: np.ndarray, docid_at: Callable[[int], str]) -> np.ndarray:
        """0-based rank of documents given by row and score (each must be in the run);
        ``docid_at(i)`` gives the id of the i-th one, needed only if its key is shared."""
        codes = _float32_codes(scores)
        keys = _keys(rows, codes)
        first = np.searchsorted(self.sorted_keys, keys, side="left")
        ranks = first - self.starts[rows]
        shared = np.flatnonzero(np.searchsorted(self.sorted_keys, keys, side="right") - first > 1)
        for i in shared.tolist():
            ranks[i] += self._above_with_code(int(rows[i]), codes[i], float(scores[i]), docid_at(i))
        return ranks

    def _above_with_code(self, row: int, code: np.uint32, score: float, docid: str) -> int:
        """How many documents of the row with this code rank above the given one (trec_rule)."""
        start = self.starts[row]
        same = np.flatnonzero(self.codes[start : start + self.counts[row]] == code)
        ids = self._ids(row)
        members = [ids[i] for i in same.tolist()]
        doubles = self.doubles[start + same] if self.doubles is not None else np.zeros(same.size)
        version = "9.0.8" if self.doubles is None else "10.0"
        order = trec_rule(np.zeros(same.size, dtype=np.uint64), doubles, _object_array(members), version)
        return int(np.flatnonzero(order == members.index(docid))[0])

    def _ids(self, row: int) -> list[str]:
        cache = self.__dict__.setdefault("_id_cache", {})
        if row not in cache:
            cache[row] = list(self.rankings[row])
        return cache[row]


def ranks_within_queries(rows: np.ndarray, docs: np.ndarray, scores: np.ndarray, lengths: np.ndarray,
                         version: str) -> np.ndarray:
    """Each run entry's 0-based rank within its query (``rows``: the query's row; ``docs``:
    numpy ids, bytes or str; ``lengths``: entries per row), by the rule above, for a whole run
    given as columns. Entries are keyed ``row << 32 | float32 code``; only entries that share
    a key are then ordered by the double (10.0) and the id, descending."""
    # Memory: two 8-byte arrays of the run's length at a time (the sorted keys are never copied).
    keys = _keys(rows, _float32_codes(scores))
    # Any sort will do: entries with equal keys are ordered below, by the double and the id.
    order = np.argsort(keys)
    same = equal_in_order(keys, order)
    if same.any():
        tied = np.zeros(keys.size, dtype=bool)
        tied[1:] |= same
        tied[:-1] |= same
        at = np.flatnonzero(tied)
        members = order[at]
        order[at] = members[trec_rule(keys[members], scores[members], docs[members], version)]
    del keys, same
    # An entry's rank: its place in the sorted order, less where its query's block starts.
    ranks = inverse_order(order)
    del order
    subtract_taken(ranks, np.concatenate(([0], np.cumsum(lengths)[:-1])), rows)
    return ranks


def _keys(rows: np.ndarray, codes: np.ndarray, repeats: np.ndarray | None = None) -> np.ndarray:
    """``row << 32 | code`` as uint64; with ``repeats``, row i stands for repeats[i] codes."""
    high = np.asarray(rows, dtype=np.uint64) << np.uint64(32)
    # Counts as numpy.intp, the index type np.repeat takes (32-bit under wasm32: Pyodide).
    keys = high if repeats is None else np.repeat(high, np.asarray(repeats).astype(np.intp))
    return np.bitwise_or(keys, codes, out=keys)  # in place: no second 8-byte array


def _float32_codes(scores: np.ndarray) -> np.ndarray:
    """Codes of scores rounded to float32 (as trec_eval 9.0.8 stores them): higher
    score, lower code. A float's bits, sign-adjusted, sort in the order of its value."""
    with np.errstate(over="ignore"):  # beyond float32's range: +-inf, as in C
        single = np.asarray(scores, dtype=np.float64).astype(np.float32)
    single += np.float32(0.0)  # -0.0 becomes 0.0: they compare equal
    bits = single.view(np.uint32)  # worked on in place, 4 bytes a score
    negative = bits >= np.uint32(0x80000000)
    np.invert(bits, out=bits, where=negative)  # negatives: larger magnitude, smaller code
    np.bitwise_or(bits, np.uint32(0x80000000), out=bits, where=~negative)
    return np.invert(bits, out=bits)  # descending
