"""Read and write TREC files: qrels (judgements) and runs (ranked results).

The formats are trec_eval's, and so is the reading (its ``get_qrels.c`` and
``get_trec_results.c``, the same in releases 9.0.8 and 10.0 but for comments):

* a line ends at LF; fields are separated by runs of ASCII whitespace (space,
  tab, CR, vertical tab, form feed) and by nothing else: a no-break space or
  any other non-ASCII character belongs to the id it is in. A CR before the LF
  (Windows line ends), tabs, runs of spaces and a last line without a newline
  are read as trec_eval reads them;
* qrels: ``qid iter docno rel``, exactly four columns, ``iter`` ignored, ``rel``
  an integer grade;
* run: ``qid Q0 docno rank sim run_id``, at least six columns; ``Q0``, ``rank``
  and every column after ``run_id`` are ignored (trec_eval ranks by ``sim``);
* numbers: every spelling trec_eval's ``atof`` (scores) and ``atol`` (grades)
  read in full is read to the same value, hexadecimal scores such as
  ``0x1.8p3`` included. A field they would read only in part (``2.5x``,
  ``1.5`` as a grade) or as a non-finite value (``nan``, ``inf``, ``1e999``)
  is refused, since trec_eval would silently misread it.

Where the readers depart from trec_eval, they say so:

* a file compressed with gzip (recognised by its first two bytes, whatever its
  name) is decompressed first; trec_eval reads plain text only (its
  ``trec_eval_compressed`` script decompresses to temporary files);

* comments: a line whose first non-blank character is ``#`` is skipped, in
  both files, for every release. trec_eval 10.0 skips such lines in runs; in
  qrels it skips only a ``#`` in the first column, and only one comment line
  in a row (a second one is read as data), and it crashes when the last line
  of a qrels file is a comment. trec_eval 9.0.8 has no comments at all: give
  it files without them;
* blank lines are skipped; trec_eval skips them in runs but stops with
  "Malformed line" on a blank line in qrels;
* refused, where trec_eval would misread silently: a UTF-8 byte-order mark
  (it would become part of the first query id), a CR that does not end a line
  (CR-only line ends make the whole file one line, of which trec_eval reads
  the first six columns), a NUL byte, and text that is not UTF-8;
* a document listed twice for one query is refused (trec_eval stops with
  "duplicate docs" too);
* a query whose every grade is -2 or lower is read like any other; trec_eval
  (both releases) crashes on it (``form_res_rels.c`` sizes an array by the
  highest grade + 1).

Every error is a ``ValueError`` naming the file, the line and the fix. A file
is first parsed as a whole buffer with numpy (``_trec_buffer``, no Python
object per line); anything that path cannot vouch for is read line by line, so
both read every file alike. :func:`read_trec_run_columns` and
:func:`read_trec_qrels_columns` return the columns themselves
(:class:`~rankmetrics_lite.RunColumns`, :class:`~rankmetrics_lite.QrelsColumns`),
which :func:`~rankmetrics_lite.evaluate` takes without building a dict.
"""

from __future__ import annotations

import io
import math
import numbers
import os
import re
import stat
from collections.abc import Callable, Iterator, Mapping, Sized
from contextlib import contextmanager

import numpy as np

from ._c_numbers import atof_prefix, c_double, c_long
from ._trec_buffer import StreamPieces, parse_buffer, parse_columns, parse_pieces
from ._columns import LongIdColumns, QrelsColumns, RunColumns, handed_over, padding_fits
from ._memory import release_freed_memory
from ._trec_ranking import trec_order
from .validation import repeated_document

PathLike = str | os.PathLike


def read_trec_qrels(path: PathLike) -> dict[str, dict[str, int]]:
    r"""Read a qrels file into ``{qid: {docno: grade}}``.

    Each line is ``qid iter docno rel``: four columns separated by ASCII
    whitespace, ``iter`` ignored, ``rel`` an integer (0 or negative: judged not
    relevant) spelled as C's ``atol`` reads it whole (``2``, ``+1``, ``-1``).
    Lines whose first non-blank character is ``#`` are comments, and blank
    lines are skipped; trec_eval 10.0 skips only a single comment line with
    ``#`` in column 1, and 9.0.8 none (the module docstring lists every
    difference).

    Parameters
    ----------
    path : str or os.PathLike
        The qrels file.

    Returns
    -------
    dict
        ``{qid: {docno: grade}}``, queries and documents in file order.

    Raises
    ------
    TypeError
        If ``path`` is not a str or path-like object.
    ValueError
        If a line is malformed (not 4 columns, a grade that is not an integer, a
        document judged twice for a query), or the file holds a byte-order mark, a CR
        inside a line, a NUL byte, text that is not UTF-8, or no qrels line; the message
        names the file, the line and the fix.
    OSError
        If the file cannot be read.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "qrels.txt"
    >>> _ = path.write_text("# topic 1\n1 0 d1 2\n1 0 d2 0\n2 0 d1 1\n")
    >>> read_trec_qrels(path)
    {'1': {'d1': 2, 'd2': 0}, '2': {'d1': 1}}
    >>> _ = path.write_text("1 0 d1 relevant\n")
    >>> read_trec_qrels(path)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: qrels.txt, line 1: the grade 'relevant' (column 4, rel) is not an integer ...

    References
    ----------
    Voorhees & Harman (2005). *TREC: Experiment and Evaluation in Information Retrieval*.
    :cite:p:`voorhees2005trec`
    """
    name, data = _read_bytes(path, "qrels")
    fast = parse_buffer(data, "qrels")
    return fast if fast is not None else _qrels_from_lines(data, name)


def _qrels_from_lines(data: bytes, name: str) -> dict[str, dict[str, int]]:
    """read_trec_qrels line by line, naming the line of every fault."""
    qrels: dict[str, dict[str, int]] = {}
    first_seen: dict[tuple[str, str], int] = {}
    for qid, docno, value, number, where in _qrels_entries(data, name):
        _refuse_repeat(first_seen, qid, docno, number, where)
        qrels.setdefault(qid, {})[docno] = value
    return _nonempty(qrels, name, "qrels")


def _qrels_entries(data: bytes, name: str) -> Iterator[tuple[str, str, int, int, str]]:
    """(qid, docno, grade, line number, "file, line n") of each qrels line, every fault named."""
    for number, fields, where in _content_lines(data, name, "qrels"):
        if len(fields) != 4:
            raise ValueError(
                f"{where}: expected 4 columns 'qid iter docno rel', got {len(fields)}: "
                f"{_shown(fields)}"
            )
        qid, _, docno, grade = fields
        try:
            value = c_long(grade)
        except ValueError as exc:
            raise ValueError(f"{where}: the grade {_shown([grade])} (column 4, rel) {exc}") from None
        yield qid, docno, value, number, where


def qrels_groups_from_bytes(name: str, data: bytes) -> list[tuple[str, str, str, int]]:
    """The lines ``qid group docno rel`` of a qrels file whose second column names a
    judgement group (trec_eval's ``-R qrels_jg``: one set of judgements per user), read
    as read_trec_qrels reads qrels; a document judged twice in one group is refused."""
    lines = list(_judgements_by_key(
        data, name, "'qid group docno rel'", "the grade {} (column 4, rel)",
        lambda qid, group, docno: f"document {docno!r} is judged twice for query {qid!r} in judgement "
                                  f"group {group!r}"))
    return _nonempty(lines, name, "qrels")


def _judgements_by_key(data: bytes, name: str, columns: str, grade: str,
                       twice: Callable[[str, str, str], str]) -> Iterator[tuple[str, str, str, int]]:
    """(qid, key, docno, grade) of each line of a four-column qrels file whose second column
    is a key (a judgement group, a subtopic); ``columns`` and ``grade`` (``{}``: the field)
    name them in messages, ``twice`` says what a document judged twice under a key is."""
    first_seen: dict[tuple[str, str, str], int] = {}
    for number, fields, where in _content_lines(data, name, "qrels"):
        if len(fields) != 4:
            raise ValueError(f"{where}: expected 4 columns {columns}, got {len(fields)}: {_shown(fields)}")
        qid, key, docno, text = fields
        try:
            value = c_long(text)
        except ValueError as exc:
            raise ValueError(f"{where}: {grade.format(_shown([text]))} {exc}") from None
        previous = first_seen.setdefault((qid, key, docno), number)
        if previous != number:
            raise ValueError(f"{where}: {twice(qid, key, docno)} (first on line {previous}); keep one of the two")
        yield qid, key, docno, value


def preferences_from_bytes(name: str, data: bytes, kind: str) -> list[tuple[str, str, str, str, float]]:
    """Preference judgements as (qid, jg, jsg, docno, level): a prefs file's lines
    ``qid jg jsg docno level`` (``kind="prefs"``), or a qrels file's ``qid jg docno level``
    read as preferences, one sub-group per group (``"qrels_prefs"``); levels are real numbers."""
    columns = 5 if kind == "prefs" else 4
    form = "'qid jg jsg docno level'" if kind == "prefs" else "'qid jg docno level'"
    lines = []
    for number, fields, where in _content_lines(data, name, kind):
        if len(fields) != columns:
            raise ValueError(f"{where}: expected {columns} columns {form}, got {len(fields)}: "
                             f"{_shown(fields)}")
        if kind == "prefs":
            qid, jg, jsg, docno, level = fields
        else:
            (qid, jg, docno, level), jsg = fields, "0"
        try:
            value = c_double(level)
        except ValueError as exc:
            raise ValueError(f"{where}: the level {_shown([level])} (column {columns}) {exc}") from None
        lines.append((qid, jg, jsg, docno, value))
    return _nonempty(lines, name, kind)


def read_trec_subtopic_qrels(path: str | os.PathLike) -> dict[str, dict[str, dict[str, int]]]:
    r"""Read subtopic judgements in ``ndeval``'s format into ``{query: {subtopic: {doc: grade}}}``.

    Each line is ``topic subtopic docno judgement``: four columns separated by
    white space, the judgement an integer (0 or less: not relevant to that
    subtopic). Blank lines and lines starting with ``#`` are skipped. This is
    the mapping :func:`~rankmetrics_lite.evaluate` takes for the diversity
    measures; a subtopic listed with no relevant document is kept (the
    measures ignore it, as ``ndeval`` does).

    Parameters
    ----------
    path : str or os.PathLike
        The qrels file (gzip'd or not).

    Returns
    -------
    dict
        ``{query: {subtopic: {doc: grade}}}``, in file order.

    Raises
    ------
    TypeError
        If ``path`` is not a str or path-like object.
    ValueError
        If a line does not have 4 columns, a judgement is not an integer, or a
        document is judged twice for one subtopic of a query; the message names
        the file and the line.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "qrels.txt"
    >>> _ = path.write_text("1 1 cat-1 1\n1 2 car-1 1\n1 2 cat-1 0\n")
    >>> read_trec_subtopic_qrels(path)
    {'1': {'1': {'cat-1': 1}, '2': {'car-1': 1, 'cat-1': 0}}}

    References
    ----------
    Clarke et al. (2008). Novelty and diversity in information retrieval evaluation.
    :cite:p:`clarke2008novelty`
    """
    name, data = _read_bytes(path, "qrels")
    qrels: dict[str, dict[str, dict[str, int]]] = {}
    for topic, subtopic, docno, value in _judgements_by_key(
            data, name, "'topic subtopic docno judgement' (ndeval's qrels)", "the judgement {} (column 4)",
            lambda topic, subtopic, docno: f"document {docno!r} is judged twice for subtopic {subtopic!r} "
                                           f"of query {topic!r}"):
        qrels.setdefault(topic, {}).setdefault(subtopic, {})[docno] = value
    return _nonempty(qrels, name, "qrels")


def refuse_blank_qrels_lines(name: str, data: bytes) -> None:
    """trec_eval's get_qrels reads every line as 'qid iter docno rel': a blank line (or one of
    blanks only) is malformed, and it stops there; the readers above skip such lines. The
    command line refuses them as trec_eval does (ValueError naming the line)."""
    body = data[:-1] if data.endswith(b"\n") else data
    # A blank line is empty or starts with a blank: looked for only where some line does.
    codes = np.frombuffer(body, dtype=np.uint8)
    if codes.size and codes[0] > 32 and codes[-1] != 10 and not (codes[1:][codes[:-1] == 10] <= 32).any():
        return
    blank = re.search(rb"(?m)^[ \t\r\v\f]*$", body)
    if blank is not None:
        number = body.count(b"\n", 0, blank.start()) + 1
        raise ValueError(f"{name}, line {number}: a blank line; trec_eval reads every qrels line as "
                         "'qid iter docno rel' and stops at a blank one: remove it")


def zscores_from_bytes(name: str, data: bytes) -> list[tuple[bytes, bytes, float, float]]:
    """trec_eval's z-score file (get_zscores.c, ``-Z``): lines ``qid measure mean stddev``,
    as (qid, measure, mean, stddev) sorted by (qid, measure) as bytes; mean and stddev read
    by C's ``atof`` (a prefix of the field)."""
    lines = []
    for number, line in enumerate(data.split(b"\n")[:-1] if data.endswith(b"\n") else data.split(b"\n"), 1):
        fields = line.split()
        if len(fields) != 4:
            raise ValueError(f"{name}, line {number}: expected 4 columns 'qid measure mean "
                             f"stddev', got {len(fields)}")
        qid, measure, mean, stddev = fields
        lines.append((qid, measure, atof_prefix(mean.decode("ascii", "replace")),
                      atof_prefix(stddev.decode("ascii", "replace"))))
    lines.sort(key=lambda line: (line[0], line[1]))
    return lines


def read_trec_run(path: PathLike) -> dict[str, dict[str, float]]:
    r"""Read a run file into ``{qid: {docno: score}}``.

    Each line is ``qid Q0 docno rank sim run_id``, columns separated by ASCII
    whitespace. trec_eval ignores the ``Q0`` and ``rank`` columns and any
    column after ``run_id`` (it ranks by ``sim``), and so does this reader.
    ``sim`` is any number C's ``atof`` reads whole and finite (``2.5``,
    ``-1e-3``, ``.5``, ``0x1p-3``), read to the same double. Lines whose first
    non-blank character is ``#`` are comments (trec_eval 10.0; 9.0.8 has no
    comments), and blank lines are skipped.

    Parameters
    ----------
    path : str or os.PathLike
        The run file.

    Returns
    -------
    dict
        ``{qid: {docno: score}}``, queries and documents in file order.

    Raises
    ------
    TypeError
        If ``path`` is not a str or path-like object.
    ValueError
        If a line is malformed (fewer than 6 columns, a score that is not a finite
        number, a document listed twice for a query: ``validation.RepeatedDocument``,
        a ValueError), or the file holds a byte-order
        mark, a CR inside a line, a NUL byte, text that is not UTF-8, or no run line;
        the message names the file, the line and the fix.
    OSError
        If the file cannot be read.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "run.txt"
    >>> _ = path.write_text("1 Q0 d1 1 2.5 bm25\n1 Q0 d2 2 1.25 bm25\n")
    >>> read_trec_run(path)
    {'1': {'d1': 2.5, 'd2': 1.25}}
    >>> _ = path.write_text("1 Q0 d1 1 2.5 bm25\n1 Q0 d1 2 1.25 bm25\n")
    >>> read_trec_run(path)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rankmetrics_lite.validation.RepeatedDocument: run.txt, line 2: document 'd1' is listed twice for query '1' (first on line 1); ...

    References
    ----------
    Voorhees & Harman (2005). *TREC: Experiment and Evaluation in Information Retrieval*.
    :cite:p:`voorhees2005trec`
    """
    name, data = _read_bytes(path, "run")
    fast = parse_buffer(data, "run")
    return fast if fast is not None else _run_from_lines(data, name)


def _run_from_lines(data: bytes, name: str) -> dict[str, dict[str, float]]:
    """read_trec_run line by line, naming the line of every fault."""
    run: dict[str, dict[str, float]] = {}
    first_seen: dict[tuple[str, str], int] = {}
    for qid, docno, value, number, where in _run_entries(data, name):
        _refuse_repeat(first_seen, qid, docno, number, where)
        run.setdefault(qid, {})[docno] = value
    return _nonempty(run, name, "run")


def _run_entries(data: bytes, name: str) -> Iterator[tuple[str, str, float, int, str]]:
    """(qid, docno, score, line number, "file, line n") of each run line, every fault named."""
    for number, fields, where in _content_lines(data, name, "run"):
        if len(fields) < 6:
            raise ValueError(
                f"{where}: expected 6 columns 'qid Q0 docno rank sim run_id', got {len(fields)}: "
                f"{_shown(fields)}"
            )
        qid, _, docno, _, score, _ = fields[:6]
        try:
            value = c_double(score)
        except ValueError as exc:
            raise ValueError(f"{where}: the score {_shown([score])} (column 5, sim) {exc}") from None
        yield qid, docno, value, number, where


def read_trec_qrels_columns(path: PathLike) -> QrelsColumns:
    r"""Read a qrels file into columns: query ids, document ids and grades, one entry per line.

    The file is read exactly as :func:`read_trec_qrels` reads it (same rules,
    same errors naming the file, the line and the fix), but into three numpy
    arrays instead of a dict of dicts, for :func:`~rankmetrics_lite.evaluate`:
    a plain file is parsed whole with numpy, with no Python object per line.

    Parameters
    ----------
    path : str or os.PathLike
        The qrels file.

    Returns
    -------
    QrelsColumns
        ``query_ids`` and ``doc_ids`` as numpy bytes (UTF-8) or str arrays,
        ``grades`` as int64, in file order (comment and blank lines left out).

    Raises
    ------
    TypeError
        If ``path`` is not a str or path-like object.
    ValueError
        As :func:`read_trec_qrels`: a malformed line, a document judged twice for
        a query, a byte-order mark, a CR inside a line, a NUL byte, text that is
        not UTF-8, or no qrels line; the message names the file, the line and the fix.
    OSError
        If the file cannot be read.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "qrels.txt"
    >>> _ = path.write_text("1 0 d1 2\n1 0 d2 0\n2 0 d1 1\n")
    >>> qrels = read_trec_qrels_columns(path)
    >>> qrels.query_ids.tolist(), qrels.doc_ids.tolist(), qrels.grades.tolist()
    ([b'1', b'1', b'2'], [b'd1', b'd2', b'd1'], [2, 0, 1])

    References
    ----------
    Voorhees & Harman (2005). *TREC: Experiment and Evaluation in Information Retrieval*.
    :cite:p:`voorhees2005trec`
    """
    return _columns_from_path(path, "qrels")


def read_trec_run_columns(path: PathLike) -> RunColumns:
    r"""Read a run file into columns: query ids, document ids and scores, one entry per line.

    The file is read exactly as :func:`read_trec_run` reads it (same rules,
    same errors naming the file, the line and the fix), but into three numpy
    arrays instead of a dict of dicts, for :func:`~rankmetrics_lite.evaluate`:
    a plain file is parsed whole with numpy, with no Python object per line.
    Ten million lines take seconds, not minutes.

    Parameters
    ----------
    path : str or os.PathLike
        The run file.

    Returns
    -------
    RunColumns
        ``query_ids`` and ``doc_ids`` as numpy bytes (UTF-8) or str arrays,
        ``scores`` as float64, in file order (comment and blank lines left out).

    Raises
    ------
    TypeError
        If ``path`` is not a str or path-like object.
    ValueError
        As :func:`read_trec_run`: a malformed line, a document listed twice for
        a query, a byte-order mark, a CR inside a line, a NUL byte, text that is
        not UTF-8, or no run line; the message names the file, the line and the fix.
    OSError
        If the file cannot be read.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "run.txt"
    >>> _ = path.write_text("1 Q0 d1 1 2.5 bm25\n1 Q0 d2 2 1.25 bm25\n")
    >>> run = read_trec_run_columns(path)
    >>> run.query_ids.tolist(), run.doc_ids.tolist(), run.scores.tolist()
    ([b'1', b'1'], [b'd1', b'd2'], [2.5, 1.25])

    References
    ----------
    Voorhees & Harman (2005). *TREC: Experiment and Evaluation in Information Retrieval*.
    :cite:p:`voorhees2005trec`
    """
    return _columns_from_path(path, "run")


def columns_from_bytes(name: str, data: bytes, kind: str, repeats_allowed: bool = False,
                       long_ids: bool = False) -> QrelsColumns | RunColumns | LongIdColumns:
    """read_trec_qrels_columns or read_trec_run_columns (``kind``) on a file's content
    (``name`` for messages; ``repeats_allowed``: a document listed or judged twice for a
    query is kept, as in :func:`streamed_columns`; ``long_ids``: ids too long to pad are
    kept as bytes, in a :class:`~rankmetrics_lite._columns.LongIdColumns`)."""
    fast = parse_columns(data, kind, repeats_allowed, long_ids)
    columns = QrelsColumns if kind == "qrels" else RunColumns
    if fast is not None:
        return _as_columns(fast, kind)
    if repeats_allowed:
        entries = _qrels_entries(data, name) if kind == "qrels" else _run_entries(data, name)
        return _entry_columns(entries, name, kind)
    return columns.from_dict(_qrels_from_lines(data, name) if kind == "qrels" else _run_from_lines(data, name))


def _columns_from_path(path: PathLike, kind: str) -> QrelsColumns | RunColumns:
    streamed = streamed_columns(path, kind, _file_name(path))
    if streamed is not None:
        return streamed[0]
    return columns_from_bytes(*_read_bytes(path, kind), kind)


def _entry_columns(entries: Iterator[tuple], name: str, kind: str) -> QrelsColumns | RunColumns | LongIdColumns:
    """The columns of the line-by-line reader's entries, every line kept; ids that padded
    to the longest would not fit stay bytes (:class:`~rankmetrics_lite._columns.LongIdColumns`)."""
    qids, docnos, values = [], [], []
    for qid, docno, value, *_ in entries:
        qids.append(qid.encode("utf-8"))
        docnos.append(docno.encode("utf-8"))
        values.append(value)
    _nonempty(values, name, kind)
    values = np.array(values, dtype=np.int64 if kind == "qrels" else np.float64)
    ids = [np.array(column) if padding_fits(len(column), max(map(len, column)), sum(map(len, column)))
           else np.array(column, dtype=object) for column in (qids, docnos)]
    return _as_columns((*ids, values), kind)


def _as_columns(columns: tuple[np.ndarray, np.ndarray, np.ndarray], kind: str
                ) -> QrelsColumns | RunColumns | LongIdColumns:
    """A reader's (qids, docnos, values) as the columns of its kind, or as LongIdColumns
    where ids are an object array (too long to pad)."""
    if any(column.dtype == object for column in columns[:2]):
        return LongIdColumns(*columns)
    return (QrelsColumns if kind == "qrels" else RunColumns)(*handed_over(*columns))


def run_tag(data: bytes) -> str | None:
    """The run_id column of a run's last line that is not blank or a comment: the run's
    name as trec_eval reports it (``runid``). None if no line has six columns."""
    end = len(data)
    while end > 0:
        start = data.rfind(b"\n", 0, end - 1) + 1
        fields = data[start:end].split()
        end = start
        if fields and not fields[0].startswith(b"#"):
            return fields[5].decode("utf-8", "replace") if len(fields) >= 6 else None
    return None


def write_trec_run(run: Mapping[str, Mapping[str, float]], path: PathLike, *, tag: str) -> None:
    """Write ``{qid: {docno: score}}`` as a run file, each query in rank order.

    Lines are ``qid Q0 docno rank score tag``, with documents ranked as
    trec_eval 10.0 ranks them (score descending, ties by docno descending) and
    ranks numbered from 1. trec_eval ignores the rank column and ranks by
    score, so 9.0.8 reads the same file by its own rule (scores as float32).
    Scores are written in full (``repr``), so that :func:`read_trec_run` reads
    back exactly the same numbers.

    Parameters
    ----------
    run : dict ``{qid: {docno: score}}``
        String ids without whitespace, finite real scores.
    path : str or os.PathLike
        The file to write (replaced if it exists).
    tag : str
        The run's name, the last column, such as ``"bm25"``.

    Returns
    -------
    None

    Raises
    ------
    TypeError
        If ``run`` is not a dict of dicts, an id or ``tag`` is not a string, or a
        score is not a number.
    ValueError
        If an id or ``tag`` is empty or holds whitespace, a query id starts with
        ``#``, or a score is not finite.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "run.txt"
    >>> write_trec_run({"1": {"a": 0.5, "b": 0.5, "c": 0.9}}, path, tag="demo")
    >>> print(path.read_text(), end="")
    1 Q0 c 1 0.9 demo
    1 Q0 b 2 0.5 demo
    1 Q0 a 3 0.5 demo
    >>> read_trec_run(path) == {"1": {"a": 0.5, "b": 0.5, "c": 0.9}}
    True

    References
    ----------
    Voorhees & Harman (2005). *TREC: Experiment and Evaluation in Information Retrieval*.
    :cite:p:`voorhees2005trec`
    """
    _check_token(tag, "tag", "the run's name, such as 'bm25'")
    if not isinstance(run, Mapping):
        raise TypeError(f"run must be a dict {{query_id: {{doc_id: score}}}}, got {type(run).__name__}")
    lines = []
    for qid, ranking in run.items():
        _check_token(qid, "every query id", "for example '301'")
        if qid.startswith(("#", "\ufeff")):
            raise ValueError(
                f"query id {qid!r} starts with {qid[0]!r}: its lines would read as comments "
                "or as a byte-order mark"
            )
        if not isinstance(ranking, Mapping):
            raise TypeError(f"run[{qid!r}] must be a dict {{doc_id: score}}, got {type(ranking).__name__}")
        for docno, score in ranking.items():
            _check_token(docno, f"every document id of query {qid!r}", "for example 'FT911-3'")
            if isinstance(score, bool) or not isinstance(score, numbers.Real):
                raise TypeError(
                    f"run[{qid!r}][{docno!r}] must be a number (the score), got {score!r} "
                    f"({type(score).__name__})"
                )
            if not math.isfinite(score):
                raise ValueError(
                    f"run[{qid!r}][{docno!r}] must be a finite number (the score), got {score!r}"
                )
        lines.extend(
            f"{qid} Q0 {docno} {rank} {float(ranking[docno])!r} {tag}\n"
            for rank, docno in enumerate(trec_order(list(ranking.items())), start=1)
        )
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.writelines(lines)


# --------------------------------------------------------------- helpers --


def _file_name(path: PathLike) -> str:
    """The file's name, for messages; a path that is not one is refused."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a file path (str or pathlib.Path), got {type(path).__name__}")
    return os.path.basename(os.fspath(path))


def _read_bytes(path: PathLike, kind: str = "TREC") -> tuple[str, bytes]:
    """The file's name (for messages) and its content, decompressed if it is gzip'd."""
    name = _file_name(path)
    return name, read_content(path, name, kind)


def streamed_columns(path: PathLike, kind: str, name: str, repeats_allowed: bool = False,
                     long_ids: bool = False) -> tuple[QrelsColumns | RunColumns | LongIdColumns, bytes] | None:
    """The columns of a qrels or run file read a piece at a time (never the whole file
    at once; gzip'd too), and a piece whose last line is the file's last line (for
    :func:`run_tag`); or None where the fast path does not vouch for the file: then
    the whole file is for the line-by-line reader, which names any fault.
    ``repeats_allowed``: a document listed twice for a query is kept (trec_eval looks
    for them only in the queries it evaluates); ``long_ids``: as in :func:`columns_from_bytes`."""
    with opened(path, name, kind) as read:
        pieces = StreamPieces(read)
        fast = parse_pieces(pieces, kind, repeats_allowed, long_ids)
    if fast is None:
        return None
    columns = _as_columns(fast, kind)
    release_freed_memory()  # what reading freed, before the caller's next phase allocates
    return columns, pieces.last


# ------------------------------------------------------------ opening a file --
# What is not a TREC file is refused from its first bytes, naming the file and what it is:
# a device, a directory, text in UTF-16 or UTF-32, binary data, another compressor's file.
# A gzip'd file is decompressed as it is read, and refused once it has unpacked to more
# than GZIP_MAX_RATIO times what it has read of the packed file (and more than GZIP_FLOOR):
# the TREC files here pack 4 to 8 times (trec_eval's test collection, seeded runs); a gzip
# bomb, 1,000 times.

GZIP_MAX_RATIO = 100
GZIP_FLOOR = 16 << 20
_GZIP_MAGIC = b"\x1f\x8b"
_SNIFFED = 4096  # bytes looked at before reading on


def read_content(source, name: str, kind: str) -> bytes:
    """The whole content of a file (a path, or a binary stream such as standard input),
    decompressed if it is gzip'd; a file that is not text is refused (see above)."""
    with opened(source, name, kind) as read:
        return b"".join(iter(lambda: read(1 << 20), b""))


@contextmanager
def opened(source, name: str, kind: str) -> Iterator[Callable[[int], bytes]]:
    """``read(size)`` of a file's content (a path, or a binary stream), checked and
    decompressed as above. Raises ValueError naming the file and what it is, or OSError."""
    if isinstance(source, (str, os.PathLike)):
        _refuse_special_file(os.stat(source).st_mode, name, kind)
        with open(source, "rb") as handle:
            yield _content_reader(handle, name, kind)
    else:
        try:
            mode = os.fstat(source.fileno()).st_mode
        except (AttributeError, OSError, ValueError):  # a stream without a file (io.BytesIO)
            mode = None
        if mode is not None and not source.isatty():
            _refuse_special_file(mode, name, kind)
        yield _content_reader(source if hasattr(source, "peek") else io.BufferedReader(source), name, kind)


def _refuse_special_file(mode: int, name: str, kind: str) -> None:
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        what = "a character device (such as /dev/zero)" if stat.S_ISCHR(mode) else "a block device (a disk)"
        raise ValueError(f"{name}: {what}, not a file: give the {kind} file itself, lines of text")


def _content_reader(handle, name: str, kind: str) -> Callable[[int], bytes]:
    head = handle.peek(_SNIFFED)[:_SNIFFED]
    if not head.startswith(_GZIP_MAGIC):
        refuse_if_not_text(head, name, kind)
        return handle.read
    read = _Unpacked(handle, name).read
    first = read(_SNIFFED)
    refuse_if_not_text(first, f"{name} (gzip'd)", kind)
    pending = memoryview(first)

    def read_on(size: int) -> bytes:  # what was looked at first, then the rest
        nonlocal pending
        if not pending:
            return read(size)
        given, pending = bytes(pending[:size]), pending[size:]
        return given

    return read_on


class _Unpacked:
    """A gzip'd stream, decompressed as it is read, refused past the ratio above."""

    def __init__(self, handle, name: str):
        import gzip

        self.name = name
        self.packed = 0  # bytes read of the packed file
        self.unpacked = 0
        source = handle

        class Counted(io.RawIOBase):
            def readable(self) -> bool:
                return True

            def readinto(counted, buffer) -> int:
                data = source.read(len(buffer))
                buffer[:len(data)] = data
                self.packed += len(data)
                return len(data)

        self.stream = gzip.GzipFile(fileobj=Counted())

    def read(self, size: int) -> bytes:
        import zlib

        try:
            data = self.stream.read(size)
        except (OSError, EOFError, zlib.error) as exc:
            raise ValueError(f"{self.name}: starts as a gzip file but cannot be decompressed ({exc}); is it "
                             "truncated? Decompress it with gzip -d to see") from None
        self.unpacked += len(data)
        if self.unpacked > max(GZIP_FLOOR, GZIP_MAX_RATIO * self.packed):
            raise ValueError(f"{self.name}: a gzip file that unpacks to more than {GZIP_MAX_RATIO} times its "
                             f"size ({self.unpacked:,} bytes from the first {self.packed:,}), which no qrels or "
                             "run file does: a gzip bomb? If it is a real TREC file, decompress it first")
        return data


# Other compressors' files, by their first bytes: named, since only gzip is read as it is.
_COMPRESSED = {b"BZh": "bzip2 (bunzip2)", b"\xfd7zXZ\x00": "xz (unxz)", b"\x28\xb5\x2f\xfd": "zstd (unzstd)",
               b"PK\x03\x04": "zip (unzip)", b"7z\xbc\xaf\x27\x1c": "7-Zip (7z x)"}
# Byte-order marks of UTF-32 (before UTF-16's, which they begin with) and UTF-16.
_WIDE_BOMS = [(b"\xff\xfe\x00\x00", "UTF-32 LE"), (b"\x00\x00\xfe\xff", "UTF-32 BE"),
              (b"\xff\xfe", "UTF-16 LE"), (b"\xfe\xff", "UTF-16 BE")]
# Bytes no text file holds: C0 controls but tab, LF, VT, FF and CR, and DEL.
_CONTROL = re.compile(rb"[\x00-\x08\x0e-\x1f\x7f]")


def refuse_if_not_text(head: bytes, name: str, kind: str) -> None:
    """Refuse a file whose first bytes show it is not a TREC file of text lines, naming
    the file and what it found; else return."""
    for magic, tool in _COMPRESSED.items():
        if head.startswith(magic):
            raise ValueError(f"{name}: a {tool.split()[0]}-compressed file, not a {kind} file of text: "
                             f"decompress it first {tool.split()[1]} (gzip'd files are read as they are)")
    for bom, encoding in _WIDE_BOMS:
        if head.startswith(bom):
            raise ValueError(f"{name}: {encoding} text (it starts with the byte-order mark "
                             f"{bom.hex(' ').upper()}); trec_eval reads one byte per character: save it as UTF-8")
    controls = [match.start() for match in _CONTROL.finditer(head)]
    # A few control bytes are the line reader's to name (a NUL, or an id holding \x1c);
    # binary data holds them everywhere (about one byte in eight of random data).
    if len(controls) < 8 or len(controls) < 0.05 * len(head):
        return
    wide = _wide_encoding(head)
    if wide is not None:
        raise ValueError(f"{name}: {wide} text without a byte-order mark (a NUL byte beside every "
                         "character); trec_eval reads one byte per character: save it as UTF-8")
    raise ValueError(f"{name}: binary data, not a {kind} file of text lines ({len(controls)} control "
                     f"bytes in its first {len(head):,}, the first 0x{head[controls[0]]:02X} at offset "
                     f"{controls[0]:,})")


def _wide_encoding(head: bytes) -> str | None:
    """UTF-16 or UTF-32 text of ASCII characters without a byte-order mark, from where its
    NUL bytes fall, or None."""
    size = len(head) - len(head) % 4
    if size < 8:
        return None
    nul = np.frombuffer(head[:size], dtype=np.uint8).reshape(-1, 4) == 0
    share = nul.mean(axis=0)
    patterns = {"UTF-32 LE": [0, 1, 1, 1], "UTF-32 BE": [1, 1, 1, 0], "UTF-16 LE": [0, 1, 0, 1],
                "UTF-16 BE": [1, 0, 1, 0]}
    for encoding, pattern in patterns.items():
        if all((share[i] > 0.9) == bool(p) for i, p in enumerate(pattern)):
            return encoding
    return None


def _content_lines(data: bytes, name: str, kind: str) -> Iterator[tuple[int, list[str], str]]:
    """(line number, fields, "file, line n") for each line that is not blank or a comment.

    Line by line, for files the fast path (``_trec_buffer``) does not vouch for: it
    names the line of every fault. Works on bytes, as trec_eval does: lines end
    at LF, and ``bytes.split()`` splits on exactly C's ``isspace`` set.
    """
    if data.startswith(_BOM):
        raise ValueError(
            f"{name}, line 1: the file starts with a UTF-8 byte-order mark, which trec_eval would "
            "read as part of the first query id; save it as UTF-8 without BOM"
        )
    for number, raw in enumerate(data.split(b"\n"), start=1):
        where = f"{name}, line {number}"
        fields = raw.split()
        if not fields:
            continue
        _refuse_bad_bytes(raw, where, kind)
        if fields[0].startswith(b"#"):
            continue
        try:
            yield number, [field.decode("utf-8") for field in fields], where
        except UnicodeDecodeError as exc:
            raise ValueError(
                f"{where}: not UTF-8 text ({exc.reason}); is this a {kind} file? Save it as UTF-8"
            ) from None


_BOM = b"\xef\xbb\xbf"
_ASCII_WHITESPACE = b" \t\r\v\f"


def _refuse_bad_bytes(raw: bytes, where: str, kind: str) -> None:
    """Bytes trec_eval would misread silently: a CR inside a line, a NUL."""
    if b"\r" in raw.rstrip(_ASCII_WHITESPACE):
        raise ValueError(
            f"{where}: a carriage return (CR) inside the line: the file seems to end its lines "
            "with CR alone (classic Mac), which trec_eval reads as one long line; convert the "
            "line ends to LF (or CR LF)"
        )
    if b"\0" in raw:
        raise ValueError(f"{where}: a NUL byte; is this a {kind} file? trec_eval stops reading at it")


def _shown(fields: list[str], most: int = 200) -> str:
    """Fields as a message shows them: quoted, and cut past ``most`` characters (a line of
    megabytes would make a message of megabytes)."""
    text = " ".join(fields)
    return repr(text) if len(text) <= most else f"{text[:most]!r}... ({len(text):,} characters)"


def _refuse_repeat(first_seen: dict, qid: str, docno: str, number: int, where: str) -> None:
    previous = first_seen.setdefault((qid, docno), number)
    if previous != number:
        raise repeated_document(where, docno, qid, first=f"first on line {previous}")


def _nonempty(data: Sized, name: str, kind: str) -> Sized:
    if not data:
        raise ValueError(
            f"{name}: no {kind} line found (the file is empty or "
            "holds only blank and comment lines)"
        )
    return data


def _check_token(value: object, name: str, example: str) -> None:
    """A field of a TREC line: a non-empty string that trec_eval reads back as one field."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string ({example}), got {value!r} ({type(value).__name__})")
    if not value or any(char in _SEPARATORS for char in value):
        raise ValueError(
            f"{name} must be a non-empty string without spaces, tabs or line ends ({example}), "
            f"got {value!r}: TREC files separate columns by whitespace"
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"{name} must be text that UTF-8 can encode, got {value!r}") from None


# What splits a field (C's isspace, and LF) or ends trec_eval's reading (NUL).
_SEPARATORS = frozenset(" \t\n\r\v\f\0")
