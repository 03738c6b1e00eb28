"""The command line's files, read by the package's readers (``rankmetrics_lite._trec_io``);
what they refuse stops the command with trec_eval's exit code (2; 255 for z-scores)."""

from __future__ import annotations

from .._trec_io import (
    columns_from_bytes,
    read_content,
    refuse_blank_qrels_lines,
    run_tag,
    streamed_columns,
    zscores_from_bytes,
)
from .errors import TrecEvalExit


def _cannot_read(kind: str, path: str, exc: OSError, code: int = 2) -> TrecEvalExit:
    return TrecEvalExit(code, f"cannot read the {kind} file '{path}': {exc.strerror or exc}")


def read_input(path: str, stdin, kind: str, code: int = 2) -> tuple[str, bytes]:
    """(name for messages, content) of a file argument; '-' is standard input. What is not
    a TREC file (a device, binary data, UTF-16, a gzip bomb) is refused by the reader,
    which names the file and what it found."""
    from_stdin = path == "-" and stdin is not None  # (a zscores file named '-' is a file)
    name = "standard input" if from_stdin else path
    try:
        data = read_content(stdin if from_stdin else path, name, kind)
    except OSError as exc:
        raise _cannot_read(kind, path, exc, code) from None
    except ValueError as exc:
        raise TrecEvalExit(code, str(exc)) from None
    if not data:
        raise TrecEvalExit(code, f"the {kind} file '{name}' is empty")
    return name, data


def read_columns(name: str, data: bytes, kind: str):
    """A qrels or run file's content as columns (exit 2 where the reader refuses it)."""
    try:
        if kind == "qrels":  # trec_eval stops at a blank qrels line (exit 2)
            refuse_blank_qrels_lines(name, data)
        # a document listed or judged twice stops trec_eval only in a query it evaluates
        return columns_from_bytes(name, data, kind, repeats_allowed=True, long_ids=True)
    except ValueError as exc:
        raise TrecEvalExit(2, f"{exc}") from None


def read_run(path: str, stdin) -> tuple:
    """(columns, run tag) of a run file argument. A file is read a piece at a time, never
    whole (its bytes are as large as its columns); standard input, and any file the fast
    path does not vouch for (the line-by-line reader then names the fault), whole."""
    if path != "-":
        try:
            streamed = streamed_columns(path, "run", path, repeats_allowed=True, long_ids=True)
        except OSError as exc:
            raise _cannot_read("run", path, exc) from None
        except ValueError as exc:  # not a TREC file (see read_input)
            raise TrecEvalExit(2, str(exc)) from None
        if streamed is not None:
            return streamed[0], run_tag(streamed[1])
    name, data = read_input(path, stdin, "run")
    return read_columns(name, data, "run"), run_tag(data)


def read_zscores(path: str) -> list[tuple[bytes, bytes, float, float]]:
    """The lines of a z-score file (``-Z``); a fault stops the command with exit 255, as
    trec_eval's get_zscores does."""
    _, data = read_input(path, None, "zscores", code=255)
    try:
        return zscores_from_bytes(path, data)
    except ValueError as exc:
        raise TrecEvalExit(255, str(exc)) from None
