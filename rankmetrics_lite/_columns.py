"""Runs and qrels as columns: one numpy array per field, one entry per line of a TREC file.

A run of ten million lines held as ``{qid: {docid: score}}`` costs ten million
Python strings and floats. As columns it costs three arrays, and
:func:`~rankmetrics_lite.evaluate` ranks and joins them with numpy sorts,
without building a Python object per entry. :class:`RunColumns` and
:class:`QrelsColumns` hold the arrays, checked once, when they are made; the
readers :func:`~rankmetrics_lite.read_trec_run_columns` and
:func:`~rankmetrics_lite.read_trec_qrels_columns` return them.

Ids are numpy strings: ``bytes`` (dtype ``S``, as the readers return them,
UTF-8 encoded) or ``str`` (dtype ``U``); both compare as trec_eval compares
ids (byte order of the UTF-8 text). Integer ids are taken as their decimal
text, as they would be written to a file (so ``"10" < "9"`` when ties are
broken). Entries of one query need not be contiguous, nor in rank order.

The columns keep read-only arrays of their own: what was checked when they were
made cannot change after (a caller's array is copied unless it is already
read-only and owns its data).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import chain

import numpy as np

from ._dict_input import as_dicts, check_run, read_qrels, run_scores


def handed_over(*arrays: np.ndarray) -> tuple[np.ndarray, ...]:
    """Arrays a reader has just made, frozen in place, so that the columns take them without a
    copy (nothing else holds them)."""
    for array in arrays:
        if array.flags.owndata:
            array.flags.writeable = False
    return arrays


def _frozen(array: np.ndarray) -> np.ndarray:
    """``array`` as the columns' own read-only array."""
    if array.flags.writeable or not array.flags.owndata:
        array = array.copy()
    array.flags.writeable = False
    return array


def _id_column(values: object, name: str) -> np.ndarray:
    """``values`` as a 1-D numpy string array (S or U), or raise naming ``name``."""
    array = np.asarray(values)
    if array.ndim != 1:
        raise ValueError(f"{name} must be a 1-D array (one id per entry), got {array.ndim} dimensions")
    if array.dtype.kind == "S":
        _check_utf8(array, name)
        return array
    if array.dtype.kind == "U":
        return array
    if array.dtype.kind in "iu":  # integer ids: their text, as in a TREC file
        return array.astype(str)
    if array.dtype.kind == "O" and all(isinstance(v, str) for v in array.tolist()):
        return array.astype(str)
    raise TypeError(
        f"{name} must hold string ids (numpy dtype str or bytes, as in TREC files), got dtype "
        f"{array.dtype}: convert them with numpy.asarray(ids, dtype=str)"
    )


def _check_utf8(ids: np.ndarray, name: str) -> None:
    """Byte ids must be UTF-8 text (trec_eval compares them as bytes; messages show them).
    Checked a block of about 4 MiB at a time: no copy of the whole column is made."""
    width = ids.dtype.itemsize
    step = max(1, (1 << 22) // max(1, width))
    for start in range(0, ids.size, step):
        block = ids[start : start + step]
        raw = block.tobytes()
        if raw.isascii():
            continue
        try:
            raw.decode("utf-8")  # items are padded with NULs: a sequence cannot span two...
            for i in np.flatnonzero(np.char.str_len(block) == width):  # ... unless the first fills its width
                block[i].decode("utf-8")
        except UnicodeDecodeError:
            bad = next(i for i, item in enumerate(ids.tolist()) if not _is_utf8(item))
            raise ValueError(f"{name}[{bad}] is {ids[bad].item()!r}, which is not UTF-8 text: decode the "
                             "ids with the file's encoding and give them as str (or re-encode them as "
                             "UTF-8)") from None


def _is_utf8(item: bytes) -> bool:
    try:
        item.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _number_column(values: object, name: str, integers: bool) -> np.ndarray:
    array = np.asarray(values)
    if array.ndim != 1:
        raise ValueError(f"{name} must be a 1-D array (one number per entry), got {array.ndim} dimensions")
    allowed = "iu" if integers else "iuf"
    what = "integer grades (as in a qrels file)" if integers else "real scores"
    if array.dtype.kind not in allowed:
        fix = "convert them with .astype(int)" if integers else "convert them with .astype(float)"
        raise TypeError(f"{name} must hold {what}, got dtype {array.dtype}: {fix}")
    if integers:
        # Compared as uint64: numpy < 2 compares uint64 with a Python int as floats, where 2**63 - 1
        # rounds up to 2**63.
        if array.dtype == np.uint64 and array.size and array.max() > np.uint64(np.iinfo(np.int64).max):
            raise ValueError(f"{name} holds a grade beyond the 64-bit range of trec_eval's grades")
        return array.astype(np.int64, copy=False)
    return array.astype(np.float64, copy=False)


def _check_lengths(name: str, **columns: np.ndarray) -> None:
    sizes = {key: column.size for key, column in columns.items()}
    if len(set(sizes.values())) != 1:
        raise ValueError(f"{name}'s columns must have one entry per line each, got lengths {sizes}")
    if not next(iter(sizes.values())):
        raise ValueError(f"{name} is empty: give at least one entry")


@dataclass(frozen=True, eq=False)
class RunColumns:
    """A run as three columns, one entry per line of a run file.

    Entry ``i`` is document ``doc_ids[i]`` with score ``scores[i]`` for query
    ``query_ids[i]``. The arrays are checked when the object is made.

    Attributes
    ----------
    query_ids, doc_ids : array-like of str or bytes
        One id per entry (integers are taken as their decimal text).
    scores : array-like of float
        Finite real numbers, one per entry.

    Raises
    ------
    TypeError
        If ids are not strings (or integers) or scores are not numbers.
    ValueError
        If the columns differ in length, are empty, are not 1-D, or a score is
        not finite (the message names the first such entry).

    Examples
    --------
    >>> import numpy as np
    >>> run = RunColumns(np.array(["q1", "q1", "q2"]), np.array(["d1", "d2", "d1"]),
    ...                  np.array([0.9, 0.4, 0.7]))
    >>> len(run)
    3
    >>> RunColumns.from_dict({"q1": {"d1": 0.9}}).doc_ids
    array(['d1'], dtype='<U2')

    References
    ----------
    Voorhees & Harman (2005). *TREC: Experiment and Evaluation in Information Retrieval*.
    :cite:p:`voorhees2005trec`
    """

    query_ids: np.ndarray
    doc_ids: np.ndarray
    scores: np.ndarray

    def __post_init__(self) -> None:
        query_ids = _id_column(self.query_ids, "run.query_ids")
        doc_ids = _id_column(self.doc_ids, "run.doc_ids")
        scores = _number_column(self.scores, "run.scores", integers=False)
        _check_lengths("run", query_ids=query_ids, doc_ids=doc_ids, scores=scores)
        finite = np.isfinite(scores)
        if not finite.all():
            i = int(np.argmin(finite))
            raise ValueError(
                f"run.scores[{i}] (query {query_ids[i].item()!r}, document {doc_ids[i].item()!r}) is "
                f"{scores[i].item()!r}: "
                "scores must be finite numbers; give the document a real score or drop it"
            )
        object.__setattr__(self, "query_ids", _frozen(query_ids))
        object.__setattr__(self, "doc_ids", _frozen(doc_ids))
        object.__setattr__(self, "scores", _frozen(scores))

    def __len__(self) -> int:
        return int(self.scores.size)

    @classmethod
    def from_dict(cls, run: Mapping[str, Mapping[str, float]]) -> RunColumns:
        """The columns of ``{qid: {docid: score}}`` (a convenience for small runs).

        Parameters
        ----------
        run : dict ``{query_id: {doc_id: score}}``

        Returns
        -------
        RunColumns

        Raises
        ------
        TypeError, ValueError
            As the constructor.

        Examples
        --------
        >>> RunColumns.from_dict({"q1": {"d1": 0.5, "d2": 0.25}}).scores
        array([0.5 , 0.25])

        References
        ----------
        Voorhees & Harman (2005). :cite:p:`voorhees2005trec`
        """
        check_run(run)  # the checks evaluate runs on dicts: both forms accept the same values
        rankings = as_dicts(run.values())
        return cls(*_flatten(list(run), rankings), run_scores(list(run), rankings))


@dataclass(frozen=True, eq=False)
class QrelsColumns:
    """Relevance judgements as three columns, one entry per line of a qrels file.

    Entry ``i`` judges document ``doc_ids[i]`` for query ``query_ids[i]`` with
    grade ``grades[i]``. The arrays are checked when the object is made.

    Attributes
    ----------
    query_ids, doc_ids : array-like of str or bytes
        One id per entry (integers are taken as their decimal text).
    grades : array-like of int
        Integer grades; 0 or negative means judged not relevant.

    Raises
    ------
    TypeError
        If ids are not strings (or integers) or grades are not integers.
    ValueError
        If the columns differ in length, are empty or are not 1-D.

    Examples
    --------
    >>> import numpy as np
    >>> qrels = QrelsColumns(np.array(["q1", "q1"]), np.array(["d1", "d9"]), np.array([2, 0]))
    >>> qrels.grades.tolist()
    [2, 0]

    References
    ----------
    Voorhees & Harman (2005). *TREC: Experiment and Evaluation in Information Retrieval*.
    :cite:p:`voorhees2005trec`
    """

    query_ids: np.ndarray
    doc_ids: np.ndarray
    grades: np.ndarray

    def __post_init__(self) -> None:
        query_ids = _id_column(self.query_ids, "qrels.query_ids")
        doc_ids = _id_column(self.doc_ids, "qrels.doc_ids")
        grades = _number_column(self.grades, "qrels.grades", integers=True)
        _check_lengths("qrels", query_ids=query_ids, doc_ids=doc_ids, grades=grades)
        object.__setattr__(self, "query_ids", _frozen(query_ids))
        object.__setattr__(self, "doc_ids", _frozen(doc_ids))
        object.__setattr__(self, "grades", _frozen(grades))

    def __len__(self) -> int:
        return int(self.grades.size)

    @classmethod
    def from_dict(cls, qrels: Mapping[str, Mapping[str, int]]) -> QrelsColumns:
        """The columns of ``{qid: {docid: grade}}``.

        Parameters
        ----------
        qrels : dict ``{query_id: {doc_id: grade}}``

        Returns
        -------
        QrelsColumns

        Raises
        ------
        TypeError, ValueError
            As the constructor.

        Examples
        --------
        >>> QrelsColumns.from_dict({"q1": {"d1": 1, "d2": 0}}).doc_ids
        array(['d1', 'd2'], dtype='<U2')

        References
        ----------
        Voorhees & Harman (2005). :cite:p:`voorhees2005trec`
        """
        qids, _, grades = read_qrels(qrels)  # as evaluate reads them: integer grades only
        return cls(*_flatten(qids, as_dicts(qrels.values())), grades)


def _flatten(qids: list[str], inner: list[dict]) -> tuple[np.ndarray, np.ndarray]:
    """The query-id and document-id columns of ``{qid: {docid: ...}}`` (checked dicts)."""
    counts = [len(entries) for entries in inner]
    docs = list(chain.from_iterable(inner))
    return np.repeat(_fixed_width(qids, "query", counts), counts), _fixed_width(docs, "document")


# A column of ids is a fixed-width array: every id takes the room of the longest, 4 bytes a
# character. Past this many bytes of padding, columns are the wrong form for the ids.
_MAX_PADDING_BYTES = 256 * 2**20


def _fixed_width(ids: list[str], what: str, repeats: list[int] | None = None) -> np.ndarray:
    """``ids`` as a numpy str array, unless padding them to the longest would take more than
    _MAX_PADDING_BYTES: then a ValueError naming the longest id and the fix."""
    lengths = [len(i) for i in ids]
    count = sum(repeats) if repeats is not None else len(ids)
    longest = max(lengths, default=0)
    if 4 * longest * count > _MAX_PADDING_BYTES + 4 * 4 * sum(lengths):
        raise ValueError(
            f"a {what} id is {longest:,} characters long: as columns every one of the {count:,} "
            f"entries would take its room ({4 * longest * count / 2**30:.1f} GiB); read this run as "
            "dicts (read_trec_run, read_trec_qrels), whose memory grows with the file, or shorten the ids")
    return np.array(ids, dtype=str)


# -------------------------------------------------------- ids too long to pad --
# The readers hold ids in fixed-width arrays, every id padded to the longest: one long id
# among many short ones would make memory grow with the longest id times the number of
# lines. Past the padding allowed, a file's ids stay Python bytes (LongIdColumns), and the
# command line gives every id of the run and the qrels a short code of the same order
# (compact_ids): the join, the ranking's ties and the order of queries see what they would
# see of the ids themselves.

_PADDING_ALLOWED = 4  # times the ids' own bytes, and a MiB


def padding_fits(count: int, longest: int, total: int) -> bool:
    """Whether ``count`` ids of ``total`` bytes fit a fixed-width array of the ``longest``."""
    return longest * count <= _PADDING_ALLOWED * total + (1 << 20)


@dataclass(frozen=True)
class LongIdColumns:
    """A qrels or run file's columns whose ids, padded, would not fit: ids as object arrays
    of bytes (UTF-8, checked by the reader), values as int64 grades or float64 scores."""

    query_ids: np.ndarray
    doc_ids: np.ndarray
    values: np.ndarray


class CompactIds:
    """Codes for the ids of a qrels and a run together: ``"0-9A-Za-z"`` digits of one width
    whose byte order is that of the ids (C's strcmp), so that equal ids meet and ties and
    queries sort as they would; and the ids back from their codes."""

    _DIGITS = np.frombuffer(b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", dtype=np.uint8)

    def __init__(self, ids: set[bytes]):
        self.table = sorted(ids)
        self.code_of = {value: i for i, value in enumerate(self.table)}
        self.width = 1
        while len(self._DIGITS) ** self.width < len(self.table):
            self.width += 1

    def encode(self, ids) -> np.ndarray:
        codes = np.fromiter(map(self.code_of.__getitem__, ids), dtype=np.int64, count=len(ids))
        digits = np.empty((codes.size, self.width), dtype=np.uint8)
        for j in range(self.width - 1, -1, -1):
            codes, digit = np.divmod(codes, len(self._DIGITS))
            digits[:, j] = self._DIGITS[digit]
        return digits.view(f"S{self.width}").ravel()

    def decode(self, code: bytes) -> bytes:
        value = 0
        for char in code:
            value = value * len(self._DIGITS) + int(np.flatnonzero(self._DIGITS == char)[0])
        return self.table[value]


def compact_ids(qrels, run, extra_docs: tuple[bytes, ...] = ()) -> tuple:
    """``(qrels, run, query ids, document ids)``: the columns as given with None, None when
    their ids fit a fixed-width join (both the width of the wider); else the columns with
    every id replaced by its code (:class:`CompactIds`, ``extra_docs`` included in the
    documents' table), and the two tables to read ids back."""
    if not isinstance(qrels, LongIdColumns) and not isinstance(run, LongIdColumns):
        columns = (qrels.query_ids, qrels.doc_ids, run.query_ids, run.doc_ids)
        count = sum(c.size for c in columns)
        if all(padding_fits(count, max(c.dtype.itemsize for c in pair), sum(c.nbytes for c in pair))
               for pair in (columns[0::2], columns[1::2])):
            return qrels, run, None, None
    q_qids, q_docs, r_qids, r_docs = (_bytes_of(c) for c in (qrels.query_ids, qrels.doc_ids,
                                                              run.query_ids, run.doc_ids))
    qids = CompactIds(set(q_qids) | set(r_qids))
    docs = CompactIds(set(q_docs) | set(r_docs) | set(extra_docs))
    q_values = qrels.values if isinstance(qrels, LongIdColumns) else qrels.grades
    r_values = run.values if isinstance(run, LongIdColumns) else run.scores
    return (QrelsColumns(*handed_over(qids.encode(q_qids), docs.encode(q_docs), q_values)),
            RunColumns(*handed_over(qids.encode(r_qids), docs.encode(r_docs), r_values)), qids, docs)


def _bytes_of(ids: np.ndarray) -> list[bytes]:
    return ids.tolist() if ids.dtype.kind == "S" else [i if isinstance(i, bytes) else i.encode("utf-8")
                                                       for i in ids.tolist()]
