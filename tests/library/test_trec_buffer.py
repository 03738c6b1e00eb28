"""The readers' fast path (whole buffers) reads every file as the line-by-line path does.

parse_buffer either returns exactly what the line-by-line reader returns, or
None (and the line-by-line reader then reads the file, naming the line of any
fault); it must never return something else, nor accept what the other refuses.
"""

from __future__ import annotations

import gzip
import io
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankmetrics_lite import _trec_buffer
from rankmetrics_lite._trec_buffer import parse_buffer
from rankmetrics_lite._trec_io import (_qrels_from_lines, _run_from_lines, run_tag, streamed_columns,
                                       write_trec_run)
from tests.library.trec_collections import random_collection, write_collection
from tests.library.trec_eval_programs import TEST_COLLECTION

SLOW = {"qrels": _qrels_from_lines, "run": _run_from_lines}


def _same_as_line_by_line(data: bytes, kind: str) -> dict | None:
    fast = parse_buffer(data, kind)
    try:
        slow = SLOW[kind](data, "file")
    except ValueError:
        assert fast is None, "the fast path accepted a file the line-by-line reader refuses"
        return None
    assert fast is None or fast == slow
    return fast


@pytest.mark.parametrize("seed", range(20))
def test_the_adversarial_collections_read_alike(tmp_path, seed):
    collection = random_collection(seed)
    for comments in (False, True):
        qrels_file, run_file = write_collection(collection, tmp_path, seed, comments)
        _same_as_line_by_line(qrels_file.read_bytes(), "qrels")
        _same_as_line_by_line(run_file.read_bytes(), "run")


def test_trec_eval_test_files_read_alike():
    if not TEST_COLLECTION.is_dir():
        pytest.skip("trec_eval's test collection is not beside the repository")
    for path in sorted(TEST_COLLECTION.glob("qrels.*")):
        _same_as_line_by_line(path.read_bytes(), "qrels")
    for path in sorted(TEST_COLLECTION.glob("results.*")):
        _same_as_line_by_line(path.read_bytes(), "run")


def test_plain_files_take_the_fast_path(tmp_path, monkeypatch):
    monkeypatch.setattr(_trec_buffer, "_CHUNK", 200)  # several chunks, a query across two
    rng = random.Random(1)
    run = {f"q{q}": {f"d{d}é": rng.uniform(-5, 5) for d in range(30)} for q in range(20)}
    write_trec_run(run, tmp_path / "run", tag="fast")
    assert _same_as_line_by_line((tmp_path / "run").read_bytes(), "run") == run
    lines = "".join(f"q{q}\t0\td{d}\t{d % 3}\r\n" for q in range(20) for d in range(0, 30, 4))
    expected = {f"q{q}": {f"d{d}": d % 3 for d in range(0, 30, 4)} for q in range(20)}
    assert _same_as_line_by_line(lines.encode(), "qrels") == expected
    extra = b"q1 Q0 a 1 2.5 r more\nq1 Q0 b 2 1 r\n\nq2 Q0 a 1 -1e-3 r x y\n"
    assert _same_as_line_by_line(extra, "run") == {"q1": {"a": 2.5, "b": 1.0}, "q2": {"a": -0.001}}


@pytest.mark.parametrize("seed", range(12))
def test_a_file_read_a_piece_at_a_time_reads_as_the_whole_file(tmp_path, monkeypatch, seed):
    # Pieces of 64 bytes: every file is many pieces, lines and queries cut across them.
    monkeypatch.setattr(_trec_buffer, "_CHUNK", 64)
    files = write_collection(random_collection(seed), tmp_path, seed, comments=seed % 3 == 0)
    long_line = tmp_path / "long"  # a line longer than two pieces: the fast path gives up
    long_line.write_bytes(b"q1 Q0 " + b"d" * 200 + b" 1 2.5 r\n")
    for path, kind in [(files[0], "qrels"), (files[1], "run"), (long_line, "run")]:
        data = path.read_bytes()
        zipped = tmp_path / f"{path.name}.gz"
        zipped.write_bytes(gzip.compress(data))
        whole = _trec_buffer.parse_columns(data, kind)
        for source in (path, zipped):
            streamed = streamed_columns(source, kind, source.name)
            if whole is None:
                assert streamed is None, f"{source.name}: pieces took a file the whole-file path leaves"
                continue
            columns, last = streamed
            read = (columns.query_ids, columns.doc_ids, columns.grades if kind == "qrels" else columns.scores)
            for ours, expected in zip(read, whole):
                np.testing.assert_array_equal(ours, expected)
            assert run_tag(last) == run_tag(data)


def test_the_command_line_never_holds_a_plain_run_file_whole(tmp_path, monkeypatch):
    from rankmetrics_lite import _trec_eval_cli
    from rankmetrics_lite._trec_eval_cli import inputs

    monkeypatch.setattr(_trec_buffer, "_CHUNK", 64)
    run = {f"q{q}": {f"d{d}": float(d) for d in range(30)} for q in range(5)}
    write_trec_run(run, tmp_path / "run", tag="pieces")
    (tmp_path / "qrels").write_text("".join(f"q{q} 0 d{d} 1\n" for q in range(5) for d in range(0, 30, 7)))
    whole_reads = []
    real = inputs.read_input

    def counted(path, stdin, kind, *code):
        whole_reads.append(kind)
        return real(path, stdin, kind, *code)

    for module in (_trec_eval_cli, inputs):  # the qrels are read in one, the runs in the other
        monkeypatch.setattr(module, "read_input", counted)
    out = io.BytesIO()
    code = _trec_eval_cli.run_command(["-m", "runid", "-m", "map", str(tmp_path / "qrels"), str(tmp_path / "run")],
                                      io.BytesIO(), out, io.StringIO())
    assert code == 0 and whole_reads == ["qrels"]
    assert out.getvalue().startswith(b"runid                 \tall\tpieces\nmap ")


PERTURBATIONS = ["", "  ", " ", "\n", "\n\n", "x", "\t", "\r"]


@pytest.mark.parametrize("kind", ["qrels", "run"])
@pytest.mark.parametrize("extra", PERTURBATIONS)
def test_a_file_one_blank_apart_and_its_near_misses_read_alike(kind, extra):
    # The usual file (every line its fields one blank apart) takes a path of its own; one
    # blank, line end or field more, anywhere, must read as the line-by-line reader reads it.
    row = "q{} 0 d{} {}" if kind == "qrels" else "q{} Q0 d{} 1 {}.5 tag"
    text = "".join(row.format(i % 3, i, i % 4) + "\n" for i in range(9))
    assert _same_as_line_by_line(text.encode(), kind) is not None
    assert _same_as_line_by_line(text[:-1].encode(), kind) is not None  # no final line feed
    for at in range(len(text) + 1):
        _same_as_line_by_line((text[:at] + extra + text[at:]).encode(), kind)
        _same_as_line_by_line((text[:at] + extra + text[at:]).rstrip("\n").encode(), kind)
    # A field moved from one line to another: as many blanks in all, not on every line.
    lines = text.splitlines()
    for i in range(len(lines)):
        for j in range(len(lines)):
            moved = list(lines)
            moved[i], moved[j] = moved[i] + " x", moved[j].rsplit(" ", 1)[0] if i != j else moved[j]
            _same_as_line_by_line(("\n".join(moved) + "\n").encode(), kind)


TOKENS = ["q1", "q2", "#", "#q", "Q0", "0", "d1", "d2", "d1", "1", "-1", "+2", "007", "1.5", ".5", "1e3",
          "0x1p3", "nan", "inf", "1e999", "1_0", "١", "x", "é", "a\u00a0b", "a\x1cb", "\ufeff", "\x00", "run"]
SEPARATORS = [" ", "\t", "  ", "\n", "\r\n", "\r", "\n\n", "\v", "\f"]


@pytest.mark.slow  # hundreds of generated collections
@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(TOKENS), st.sampled_from(SEPARATORS)), max_size=40),
       st.sampled_from(["qrels", "run"]))
def test_any_text_reads_alike_or_falls_back(pieces, kind):
    data = "".join(token + separator for token, separator in pieces).encode("utf-8")
    _same_as_line_by_line(data, kind)


ODD_FIELDS = ["#q", "\u00a0d", "d\u00a0", "\x1cd", "d\x1e", "\u2028d", "d\u00a01", "d\u30001", "d\x1c1", "d\x1f1", "d\x851", "1_0", "\u0663", "\uff14", "nan", "inf",
              "-Infinity", "1e999", "0x1p3", "99999999999999999999", "2.5x", "", "\ufeffq"]


@pytest.mark.parametrize("kind, width", [("qrels", 4), ("run", 6), ("run", 8)])
@pytest.mark.parametrize("odd", ODD_FIELDS)
def test_one_odd_field_anywhere_reads_alike(kind, width, odd):
    # A clean file, then the same file with one field replaced, in every column of every line.
    row = ["q1", "0", "d{}", "1"] if kind == "qrels" else ["q1", "Q0", "d{}", "1", "2.5", "r", "x", "y"][:width]
    rows = [[field.format(i) for field in row] for i in range(3)]
    assert _same_as_line_by_line("\n".join(map(" ".join, rows)).encode(), kind) is not None
    for line in range(3):
        for column in range(width):
            changed = [list(r) for r in rows]
            changed[line][column] = odd
            _same_as_line_by_line("\n".join(map(" ".join, changed)).encode(), kind)
