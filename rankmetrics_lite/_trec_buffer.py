"""Fast path of the TREC readers: a whole buffer parsed with bytes and numpy operations.

:func:`parse_buffer` returns ``{qid: {docno: value}}`` only for a buffer it can
vouch for: UTF-8, no byte-order mark, NUL, lone CR, comment line, non-ASCII or
\\x1c-\\x1f separator lookalike, and every line with the right number of columns,
numbers that Python's ``float``/``int`` read exactly as C's ``atof``/``atol`` and
no repeated document. For anything else it returns None, and the line-by-line
reader, which names the file and line of every fault, reads the file instead.
So the two paths read every file alike; only the time differs.
"""

from __future__ import annotations

import re

import numpy as np

# C's isspace in the C locale, plus LF: what trec_eval splits fields on.
_WHITESPACE = np.zeros(256, dtype=bool)
_WHITESPACE[list(b" \t\n\r\v\f")] = True
# Characters str.split() splits on but trec_eval does not (trec_eval: only ASCII whitespace).
_OTHER_SPACES = re.compile("[\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")
_CONTROL_SEPARATORS = (b"\x1c", b"\x1d", b"\x1e", b"\x1f")
_LONE_CR = re.compile(rb"\r[ \t\r\v\f]*[^\s]")
_CHUNK = 1 << 22  # bytes parsed at a time: bounds the memory of the split fields


def parse_buffer(data: bytes, kind: str) -> dict | None:
    """``{qid: {docno: grade or score}}`` from a whole qrels or run file, or None (see above)."""
    if not data or data.startswith(b"\xef\xbb\xbf") or b"\0" in data:
        return None
    if b"\r" in data and _LONE_CR.search(data):
        return None
    grouped: dict[str, dict] = {}
    for start, end in _chunks(data):  # one chunk's fields at a time: they cost far more than the dicts
        columns = _columns(data[start:end], kind)
        if columns is None:
            return None
        qids, docnos, texts = columns
        values = _numbers(texts, kind)
        if values is None or not _grouped(qids, docnos, values, grouped):
            return None
    return grouped or None


def _chunks(data: bytes):
    """(start, end) of consecutive pieces of about _CHUNK bytes, each ending at a line end."""
    start = 0
    while start < len(data):
        end = data.find(b"\n", min(start + _CHUNK, len(data)) - 1)
        end = len(data) if end < 0 else end + 1
        yield start, end
        start = end


def _columns(chunk: bytes, kind: str) -> tuple[tuple, tuple, tuple] | None:
    """(qids, docnos, values as text) of the lines of a chunk, or None."""
    codes = np.frombuffer(chunk, dtype=np.uint8)
    space = _WHITESPACE[codes]
    starts = ~space
    starts[1:] &= space[:-1]  # a field starts where a non-space follows a space
    line_starts = np.concatenate(([0], np.flatnonzero(codes == 10) + 1))
    line_starts = line_starts[line_starts < codes.size]
    # Fields per line: field starts between one line start and the next.
    bounds = np.append(line_starts, codes.size)
    counts = np.diff(np.searchsorted(np.flatnonzero(starts), bounds))
    counts = counts[counts > 0]  # blank lines are skipped
    wanted = 4 if kind == "qrels" else 6
    if counts.size == 0 or (counts.min() < wanted) or (kind == "qrels" and counts.max() > wanted):
        return None
    try:
        text = chunk.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if any(control in chunk for control in _CONTROL_SEPARATORS):
        return None
    if not text.isascii() and _OTHER_SPACES.search(text):
        return None
    fields = text.split()
    if len(fields) != counts.sum():  # str.split() saw a separator that trec_eval does not
        return None
    value_at = 3 if kind == "qrels" else 4
    if counts.min() == counts.max():  # the usual file: as many columns on every line
        width = int(counts[0])
        qids, docnos, values = fields[0::width], fields[2::width], fields[value_at::width]
    else:  # extra run columns on some lines
        first = np.concatenate(([0], np.cumsum(counts)[:-1])).tolist()
        qids, docnos, values = ([fields[i + offset] for i in first] for offset in (0, 2, value_at))
    if any(qid.startswith("#") for qid in set(qids)):
        return None  # a comment line: the line-by-line reader skips it
    return qids, docnos, values


def _numbers(texts: list[str], kind: str) -> list | None:
    """The values, where Python reads each field exactly as C reads it whole; else None."""
    joined = "".join(texts)
    # float()/int() also take '_', non-ASCII digits and whitespace; C does not.
    if "_" in joined or not joined.isascii():
        return None
    try:
        if kind == "qrels":
            values = list(map(int, texts))
            if values and not -(2**63) <= min(values) <= max(values) <= 2**63 - 1:
                return None
            return values
        values = np.fromiter(map(float, texts), dtype=np.float64, count=len(texts))
    except ValueError:  # hexadecimal, among others: left to the line-by-line reader
        return None
    if not np.isfinite(values).all():
        return None  # nan, inf, 1e999 (infinity): refused by the line-by-line reader
    return values.tolist()


def _grouped(qids: list[str], docnos: list[str], values: list, grouped: dict[str, dict]) -> bool:
    """Add the lines to ``grouped`` ({qid: {docno: value}}), the lines of one query
    in a row at once; False if a document repeats within a query."""
    column = np.array(qids, dtype=object)
    changes = (np.flatnonzero(column[1:] != column[:-1]) + 1).tolist()  # str == str, in C
    for start, end in zip([0, *changes], [*changes, len(qids)]):
        block = dict(zip(docnos[start:end], values[start:end]))
        if len(block) != end - start:
            return False
        existing = grouped.setdefault(qids[start], block)
        if existing is not block:
            if existing.keys() & block.keys():
                return False
            existing.update(block)
    return True
