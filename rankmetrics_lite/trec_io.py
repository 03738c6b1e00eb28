"""Read and write TREC files: qrels (judgements) and runs (ranked results).

The formats are trec_eval's (whitespace-separated columns):

* qrels: ``qid iter docno rel``, with ``iter`` ignored and ``rel`` an integer grade;
* run: ``qid Q0 docno rank sim run_id``, with ``Q0`` and ``rank`` ignored
  (trec_eval ranks by ``sim``), and anything after ``run_id`` ignored too.

Lines that start with ``#`` are comments (trec_eval 10), and blank lines are
skipped. Otherwise the parsers are strict: a short line, a grade that is not an
integer, a score that is not a finite number, or a document listed twice for
one query raises ``ValueError`` naming the file, the line and what is wrong.
"""

from __future__ import annotations

import math
import numbers
import os
import re
from collections.abc import Iterator, Mapping

from .trec_ranking import trec_order

# A C-style decimal number, as trec_eval's atof reads it, but whole: "2.5x",
# "nan", "inf" and Python-only forms such as "1_000" are refused.
_NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_INTEGER = re.compile(r"[+-]?[0-9]+")

PathLike = str | os.PathLike


def read_trec_qrels(path: PathLike) -> dict[str, dict[str, int]]:
    r"""Read a qrels file into ``{qid: {docno: grade}}``.

    Each line is ``qid iter docno rel``: four columns, ``iter`` ignored, ``rel``
    an integer (0 or negative: judged not relevant).

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
        If a line is malformed (not 4 columns, a grade that is not an integer, a document judged twice for a query), the file is not UTF-8, or it holds no
        qrels line; the message names the file and the line.
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
    ValueError: qrels.txt, line 1: the grade 'relevant' is not an integer; ...

    References
    ----------
    Voorhees & Harman (2005). *TREC: Experiment and Evaluation in Information Retrieval*.
    :cite:p:`voorhees2005trec`
    """
    qrels: dict[str, dict[str, int]] = {}
    first_seen: dict[tuple[str, str], int] = {}
    for number, fields, where in _content_lines(path, "qrels"):
        if len(fields) != 4:
            raise ValueError(
                f"{where}: expected 4 columns 'qid iter docno rel', got {len(fields)}: "
                f"{' '.join(fields)!r}"
            )
        qid, _, docno, grade = fields
        if not _INTEGER.fullmatch(grade):
            raise ValueError(
                f"{where}: the grade {grade!r} is not an integer; qrels grades are whole "
                "numbers such as 0, 1, 2 (or -1)"
            )
        _refuse_repeat(first_seen, qid, docno, number, where)
        qrels.setdefault(qid, {})[docno] = int(grade)
    return _nonempty(qrels, path, "qrels")


def read_trec_run(path: PathLike) -> dict[str, dict[str, float]]:
    r"""Read a run file into ``{qid: {docno: score}}``.

    Each line is ``qid Q0 docno rank sim run_id``. trec_eval ignores the
    ``Q0`` and ``rank`` columns and any column after ``run_id`` (it ranks by
    ``sim``), and so does this reader; ``sim`` must be a finite decimal number.

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
        If a line is malformed (fewer than 6 columns, a score that is not a finite decimal number, a document listed twice for a query), the file is not UTF-8, or it holds no
        run line; the message names the file and the line.
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
    ValueError: run.txt, line 2: document 'd1' is listed twice for query '1' (first on line 1); ...

    References
    ----------
    Voorhees & Harman (2005). *TREC: Experiment and Evaluation in Information Retrieval*.
    :cite:p:`voorhees2005trec`
    """
    run: dict[str, dict[str, float]] = {}
    first_seen: dict[tuple[str, str], int] = {}
    for number, fields, where in _content_lines(path, "run"):
        if len(fields) < 6:
            raise ValueError(
                f"{where}: expected 6 columns 'qid Q0 docno rank sim run_id', got {len(fields)}: "
                f"{' '.join(fields)!r}"
            )
        qid, _, docno, _, score, _ = fields[:6]
        if not _NUMBER.fullmatch(score):
            raise ValueError(
                f"{where}: the score {score!r} (column 5, sim) is not a finite decimal number"
            )
        value = float(score)
        if not math.isfinite(value):  # "1e999" matches the pattern but overflows
            raise ValueError(f"{where}: the score {score!r} is too large for a float")
        _refuse_repeat(first_seen, qid, docno, number, where)
        run.setdefault(qid, {})[docno] = value
    return _nonempty(run, path, "run")


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
        if qid.startswith("#"):
            raise ValueError(f"query id {qid!r} starts with '#': its lines would read as comments")
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


def _content_lines(path: PathLike, kind: str) -> Iterator[tuple[int, list[str], str]]:
    """(line number, fields, "file, line n") for each line that is not blank or a comment."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a file path (str or pathlib.Path), got {type(path).__name__}")
    name = os.path.basename(os.fspath(path))
    with open(path, "rb") as handle:
        for number, raw in enumerate(handle, start=1):
            where = f"{name}, line {number}"
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise ValueError(f"{where}: not UTF-8 text ({exc.reason}); is this a {kind} file?") from None
            fields = line.split()
            if not fields or fields[0].startswith("#"):
                continue
            yield number, fields, where


def _refuse_repeat(first_seen: dict, qid: str, docno: str, number: int, where: str) -> None:
    previous = first_seen.setdefault((qid, docno), number)
    if previous != number:
        raise ValueError(
            f"{where}: document {docno!r} is listed twice for query {qid!r} (first on line "
            f"{previous}); each document may appear once per query"
        )


def _nonempty(data: dict, path: PathLike, kind: str) -> dict:
    if not data:
        raise ValueError(
            f"{os.path.basename(os.fspath(path))}: no {kind} line found (the file is empty or "
            "holds only blank and comment lines)"
        )
    return data


def _check_token(value: object, name: str, example: str) -> None:
    """A field of a TREC line: a non-empty string without whitespace."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string ({example}), got {value!r} ({type(value).__name__})")
    if not value or len(value.split()) != 1 or value.strip() != value:
        raise ValueError(
            f"{name} must be a non-empty string without spaces ({example}), got {value!r}: "
            "TREC files separate columns by whitespace"
        )
