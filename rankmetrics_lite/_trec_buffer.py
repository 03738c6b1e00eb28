"""Fast path of the TREC readers: a file parsed with numpy, no Python object per line.

:func:`parse_columns` returns the columns ``(query ids, doc ids, values)`` of a
qrels or run file (ids as numpy ``bytes`` arrays, values as int64 grades or
float64 scores) only for a file it can vouch for: no byte-order mark, NUL,
lone CR or comment line, UTF-8 text, every line with the right number of
columns, every number read exactly as C's ``atof``/``atol`` read it whole and
no document repeated within a query. For anything else it returns None, and the
line-by-line reader, which names the file and line of every fault, reads the
file instead. So both paths read every file alike; only the time differs.
:func:`parse_pieces` does the same for a file given a piece at a time
(:class:`StreamPieces` reads them from disk: the whole file is never held).
:func:`parse_buffer` gives the same as ``{qid: {docno: value}}``.

How (one chunk of about ``_CHUNK`` bytes at a time, each ending at a line end):
bytes are marked as ASCII whitespace (C's ``isspace``, what trec_eval splits
on); fields start and end where that mark changes; a line's first field is the
first field after a line feed (one binary search per line), so each line's
fields are counted and the wanted ones picked. Ids are gathered 8 bytes at a
time (unaligned 64-bit reads, masked at the field's end) into fixed-width byte
arrays. Numbers of the usual form (sign, at most 15 digits, one point, no
exponent) are computed from their digits: the mantissa is an exact integer
below 2**53 and the power of ten exact, so one division rounds them as
``strtod`` does; any other spelling is read by ``c_double``/``c_long`` field by
field. Repeated documents are found by one stable sort of 64-bit keys (query,
hash of the id), equal keys then compared byte for byte.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

import numpy as np

from ._c_numbers import c_double, c_long
from ._columnar import group_codes, hashed_keys
from ._memory import release_freed_memory

# C's isspace in the C locale, plus LF: what trec_eval splits fields on.
_WHITESPACE = np.zeros(256, dtype=bool)
_WHITESPACE[list(b" \t\n\r\v\f")] = True
_LONE_CR = re.compile(rb"\r[ \t\r\v\f]*[^\s]")
_CHUNK = 1 << 20  # bytes parsed at a time: bounds the memory of the per-byte arrays
_COLUMNS = {"qrels": (4, 3), "run": (6, 4)}
_VALUE_TYPE = {"qrels": np.int64, "run": np.float64}  # (columns per line, column of the value)
_MAX_DIGITS = 15  # a mantissa of at most 15 digits is an exact double, < 2**53
_POWERS = 10.0 ** np.arange(_MAX_DIGITS + 1)  # exact doubles
# Ids are gathered into fixed-width arrays, every id padded to the longest: past these
# (an id longer than _MAX_FAST_ID bytes, or padding more than _MAX_PADDING times the ids'
# own bytes), the line-by-line reader, linear in the file whatever its longest field, reads it.
_MAX_FAST_ID = 1024
_MAX_PADDING = 4


def parse_columns(data: bytes, kind: str, repeats_allowed: bool = False, long_ids: bool = False
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """``(qids, docnos, values)`` of a whole qrels or run file, or None (see above;
    ``repeats_allowed``: a document listed twice for a query is kept, for the caller to judge;
    ``long_ids``: ids too long to pad to one width are kept as an object array of bytes)."""
    return parse_pieces(_buffer_pieces(data), kind, repeats_allowed, long_ids)


def parse_pieces(pieces: Iterable, kind: str, repeats_allowed: bool = False, long_ids: bool = False
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """:func:`parse_columns` of a file given as consecutive pieces (bytes-like), each
    ending at a line end but the last: only the columns and one piece are held at once."""
    parts = []
    for number, piece in enumerate(pieces):
        if len(piece) > 2 * _CHUNK:  # a line of megabytes: no id of it fits the fast path
            return None
        if number == 0 and bytes(piece[:3]) == b"\xef\xbb\xbf":
            return None
        columns = _chunk_columns(piece, kind, long_ids)
        if columns is None:
            return None
        parts.append(columns)
    if not parts:
        return None
    by_column = [list(column) for column in zip(*parts)]
    del parts
    for i in (0, 1):
        if not _padding_fits(by_column[i]):
            if not long_ids:
                return None
            by_column[i] = [_objects_of(part) for part in by_column[i]]
    # Each column joined and its pieces let go before the next: a piece of every column
    # and the joined columns are never all held at once.
    qids, docnos, values = (_joined(by_column.pop(0)) for _ in range(3))
    if qids.size == 0 or (not repeats_allowed and repeated_documents(qids, docnos)):
        return None
    return qids, docnos, values


def _objects_of(ids: np.ndarray) -> np.ndarray:
    """Ids as an object array of bytes (as they are, if they are one already)."""
    return ids if ids.dtype == object else np.array(ids.tolist() or [], dtype=object)


class StreamPieces:
    """Pieces of about ``_CHUNK`` bytes of a stream, each ending at a line end but the
    last, read with ``read(size)`` (b"" at the end). ``last`` is the last piece that
    holds a field, once iterated (a run's tag is on its last line)."""

    def __init__(self, read: Callable[[int], bytes]):
        self._read = read
        self.last = b""

    def __iter__(self) -> Iterator[bytes]:
        carry = b""
        while True:
            block = self._read(_CHUNK)
            if not block:
                break
            block = carry + block if carry else block
            cut = block.rfind(b"\n") + 1
            if cut == 0 and len(block) <= 2 * _CHUNK:  # no line end yet: read on
                carry = block
                continue
            cut = cut or len(block)  # a line of megabytes: handed over whole, and refused
            piece, carry = block[:cut], block[cut:]
            yield self._keep(piece)
        if carry:
            yield self._keep(carry)

    def _keep(self, piece: bytes) -> bytes:
        if piece and not piece.isspace():
            self.last = piece
        return piece


def parse_buffer(data: bytes, kind: str) -> dict | None:
    """``{qid: {docno: grade or score}}`` from a whole qrels or run file, or None (see above)."""
    columns = parse_columns(data, kind)
    if columns is None:
        return None
    qids, docnos, values = columns
    codes, distinct = group_codes(qids)
    names = [qid.decode("utf-8") for qid in distinct.tolist()]
    grouped: dict[str, dict] = {name: {} for name in names}
    docs = [doc.decode("utf-8") for doc in docnos.tolist()]
    values = values.tolist()
    # Blocks of lines of one query: one dict update each.
    starts = np.concatenate(([0], np.flatnonzero(codes[1:] != codes[:-1]) + 1)).tolist()
    for begin, end in zip(starts, [*starts[1:], len(docs)]):
        grouped[names[codes[begin]]].update(zip(docs[begin:end], values[begin:end]))
    return grouped


def _buffer_pieces(data: bytes) -> Iterator[memoryview]:
    """Consecutive pieces of about _CHUNK bytes of ``data``, each ending at a line end."""
    view, start = memoryview(data), 0
    while start < len(data):
        end = data.find(b"\n", min(start + _CHUNK, len(data)) - 1)
        end = len(data) if end < 0 else end + 1
        yield view[start:end]
        start = end


def _chunk_columns(piece, kind: str, long_ids: bool = False):
    """(qids, docnos, values) of the lines of one piece (bytes-like), or None; with
    ``long_ids``, ids too long to pad are an object array of bytes."""
    size = len(piece)
    # A copy with 16 bytes after it, so that 8-byte reads past a field's end stay inside.
    buffer = np.empty(size + 16, dtype=np.uint8)
    buffer[:size] = np.frombuffer(piece, dtype=np.uint8)
    buffer[size:] = 0
    codes = buffer[:size]
    words = np.ndarray((size + 9,), dtype="<u8", buffer=buffer, strides=(1,))
    if not codes.all():  # a NUL byte
        return None
    if (codes == 13).any() and _LONE_CR.search(piece):
        return None
    if codes.max() >= 128:
        try:
            str(piece, "utf-8")
        except UnicodeDecodeError:
            return None
    # Whitespace: every byte <= 0x20 when the only control byte is LF (the usual
    # file); else (tabs, CR, or control bytes that are data to trec_eval) the exact table.
    n_feeds = np.count_nonzero(codes == 10)
    plain = np.count_nonzero(codes < 32) == n_feeds
    value_at = _COLUMNS[kind][1]
    fields = _one_space_apart(codes, n_feeds, kind) if plain else None
    if fields is None:
        fields = _fields_of_lines(codes, plain, kind)
    if fields is None:
        return None
    if not fields[0][0].size:  # blank lines only
        return np.array([], dtype="S1"), np.array([], dtype="S1"), np.array([], dtype=_VALUE_TYPE[kind])
    if (codes[fields[0][0]] == ord("#")).any():
        return None  # a comment line: the line-by-line reader skips it
    ids = []
    for column in (0, 2):
        lengths = fields[column][1] - fields[column][0]
        if lengths.max() <= _MAX_FAST_ID and lengths.max() * lengths.size <= _MAX_PADDING * lengths.sum() + (1 << 20):
            ids.append(_strings(words, *fields[column]))
        elif long_ids:  # one Python bytes per id: memory as the file's, not the longest id's
            text = bytes(piece)
            ids.append(np.array([text[a:b] for a, b in zip(*(f.tolist() for f in fields[column]))], dtype=object))
        else:
            return None
    qids, docnos = ids
    values = _numbers(words, codes, *fields[value_at], kind)
    if values is None:
        return None
    return qids, docnos, values


def _one_space_apart(codes: np.ndarray, n_feeds: int, kind: str) -> dict | None:
    """{column: (starts, ends)} of columns 0, 2 and the value's, where every line holds exactly
    the kind's fields one blank apart (the file a program writes); else None. ``codes``: a
    piece whose only control byte is LF, so that every byte <= 0x20 separates fields."""
    wanted, value_at = _COLUMNS[kind]
    separators = np.flatnonzero(codes <= 32)
    open_end = codes[-1] != 10  # a last line without its line feed
    n_lines = n_feeds + open_end
    if separators.size != wanted * n_lines - open_end or not separators.size or separators[0] == 0:
        return None
    if open_end:
        separators = np.append(separators, codes.size)
    if (np.diff(separators) == 1).any():
        return None  # two blanks in a row: an empty field, or a blank line
    grid = separators.reshape(n_lines, wanted)
    if not (codes[grid[:n_feeds, -1]] == 10).all():
        return None  # some line has more or fewer fields
    line_starts = np.concatenate(([0], grid[:-1, -1] + 1))
    return {column: (line_starts if column == 0 else grid[:, column - 1] + 1, grid[:, column])
            for column in (0, 2, value_at)}


def _fields_of_lines(codes: np.ndarray, plain: bool, kind: str) -> dict | None:
    """{column: (starts, ends)} of columns 0, 2 and the value's, for any spacing, or None if
    a line has too few fields (or a qrels line too many)."""
    space = codes <= 32 if plain else _WHITESPACE[codes]
    edges = np.flatnonzero(space[1:] != space[:-1]) + 1  # field starts and ends, alternating
    if not space[0]:
        edges = np.concatenate(([0], edges))
    if not space[-1]:
        edges = np.append(edges, codes.size)
    field_starts, field_ends = edges[0::2], edges[1::2]
    wanted, value_at = _COLUMNS[kind]
    if field_starts.size == 0:  # blank lines only
        return {column: (field_starts, field_ends) for column in (0, 2, value_at)}
    # A line's first field is the first field after a line feed (or the chunk's first).
    after_feed = np.searchsorted(field_starts, np.flatnonzero(codes == 10))
    first = np.concatenate(([0], after_feed))
    first = first[np.concatenate(([True], first[1:] != first[:-1]))]
    first = first[first < field_starts.size]
    counts = np.diff(np.append(first, field_starts.size))
    if counts.min() < wanted or (kind == "qrels" and counts.max() > wanted):
        return None
    return {column: (field_starts[first + column], field_ends[first + column]) for column in (0, 2, value_at)}


def _padding_fits(parts: list[np.ndarray]) -> bool:
    """Whether the chunks' id arrays, joined at the widest one's width, stay within the padding
    allowed (each chunk is within it already)."""
    width = max(part.dtype.itemsize for part in parts)
    return width * sum(part.size for part in parts) <= _MAX_PADDING * sum(part.nbytes for part in parts) + (1 << 20)


def _joined(parts: list) -> np.ndarray:
    """One column from its pieces' parts; the parts' pages are handed back at once, so
    that the next column's do not stack on them."""
    if len(parts) == 1:
        return parts[0]
    if any(part.dtype == object for part in parts):
        parts[:] = [_objects_of(part) for part in parts]
    column = np.concatenate(parts)
    parts.clear()
    release_freed_memory()
    return column


# Keep the first i bytes of a little-endian 8-byte word.
_BYTE_MASKS = np.array([(1 << (8 * i)) - 1 for i in range(9)], dtype=np.uint64)


def _field_words(words: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """(n, k) little-endian words holding each field's bytes, zero-padded."""
    lengths = ends - starts
    n_words = -(-int(lengths.max()) // 8)
    out = np.empty((starts.size, n_words), dtype="<u8")
    last = words.size - 1  # a word past a short field's end is masked to 0 anyway
    for k in range(n_words):  # 8 bytes of every field at a time
        at = starts + 8 * k if k == 0 else np.minimum(starts + 8 * k, last)
        out[:, k] = words[at] & _BYTE_MASKS[np.clip(lengths - 8 * k, 0, 8)]
    return out


def _strings(words: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """The fields data[starts[i]:ends[i]] as a fixed-width bytes array (trailing NULs pad)."""
    out = _field_words(words, starts, ends)
    return out.view(f"S{8 * out.shape[1]}").ravel()


def _numbers(words, codes, starts, ends, kind: str) -> np.ndarray | None:
    """The value fields as C reads them whole (grades: int64, scores: float64), or None."""
    lengths = ends - starts
    n = starts.size
    usual = lengths <= _MAX_DIGITS + 2
    short = np.where(usual, ends, starts + 1)  # long fields: read below, one by one
    chars = _field_words(words, starts, short).view(np.uint8).reshape(n, -1)
    digits_seen = np.zeros(n, dtype=np.int64)
    after_point = np.zeros(n, dtype=np.int64)
    points = np.zeros(n, dtype=np.int64)
    mantissa = np.zeros(n, dtype=np.int64)
    negative = chars[:, 0] == ord("-")
    signed = negative | (chars[:, 0] == ord("+"))
    for j in range(chars.shape[1]):
        c = chars[:, j]
        digit = (c - np.uint8(48)) < np.uint8(10)
        point = c == 46
        inside = c != 0  # padding is 0, and a NUL never reaches here
        usual &= ~inside | digit | point | ((j == 0) & signed)
        mantissa = np.where(digit, mantissa * 10 + (c.astype(np.int64) - 48), mantissa)
        after_point += digit & (points > 0)
        digits_seen += digit
        points += point
    usual &= (digits_seen >= 1) & (digits_seen <= _MAX_DIGITS)
    if kind == "qrels":
        usual &= points == 0
        values = np.where(negative, -mantissa, mantissa)
    else:
        usual &= points <= 1
        values = mantissa.astype(np.float64) / _POWERS[np.minimum(after_point, _MAX_DIGITS)]
        values = np.where(negative, -values, values)  # "-0" is -0.0, as strtod reads it
    unusual = np.flatnonzero(~usual)
    if unusual.size:
        read = c_long if kind == "qrels" else c_double
        try:
            for i in unusual.tolist():
                field = bytes(codes[starts[i] : ends[i]]).decode("ascii")
                values[i] = read(field)
        except (ValueError, UnicodeDecodeError, OverflowError):
            return None  # the line-by-line reader names the line and the fix
    return values


def repeated_documents(qids: np.ndarray, docnos: np.ndarray) -> dict[bytes, bytes]:
    """{query id: a document listed twice for it}, in order of first appearance (hashed keys
    sorted in place show the usual file has none; equal keys are then compared byte for byte)."""
    keys = _query_doc_keys(qids, docnos)
    keys.sort()  # in place: the usual file, with no equal keys, needs no more memory than this
    if not (keys[1:] == keys[:-1]).any():
        return {}
    del keys
    rows, distinct = group_codes(qids)
    order = np.lexsort((docnos, rows))
    rows, docnos = rows[order], docnos[order]
    twice = np.flatnonzero((rows[1:] == rows[:-1]) & (docnos[1:] == docnos[:-1]))
    found: dict[bytes, bytes] = {}
    for i in twice.tolist():  # rows ascending: queries in order of first appearance
        found.setdefault(bytes(distinct[rows[i]]), bytes(docnos[i]))
    return found


def _query_doc_keys(qids: np.ndarray, docnos: np.ndarray) -> np.ndarray:
    rows, distinct = group_codes(qids)
    return hashed_keys(rows, docnos, max(1, int(distinct.size).bit_length()))
