"""Reading and writing TREC qrels and run files: strict parsers, exact round trips."""

from __future__ import annotations

import ctypes
import math
import string
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rankmetrics_lite._c_numbers import c_double, c_long
from rankmetrics_lite._trec_io import (
    read_trec_qrels,
    read_trec_qrels_columns,
    read_trec_run,
    read_trec_run_columns,
    write_trec_run,
)
from tests.library.trec_eval_programs import TEST_COLLECTION, missing
from tests.platform_limits import needs_64_bit_long

DATA = TEST_COLLECTION


def _file(tmp_path: Path, text: str, name: str = "input.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ----------------------------------------------------------------- qrels --


def test_qrels_are_read_per_query_with_integer_grades(tmp_path):
    path = _file(tmp_path, "301 0 d1 2\n301 0 d2 0\n302 0 d1 -1\n302\t1\td3\t1\n")
    assert read_trec_qrels(path) == {"301": {"d1": 2, "d2": 0}, "302": {"d1": -1, "d3": 1}}


def test_qrels_skip_comment_and_blank_lines(tmp_path):
    path = _file(tmp_path, "# judged by two assessors\n\n301 0 d1 1\n   \n#301 0 d2 1\n")
    assert read_trec_qrels(path) == {"301": {"d1": 1}}


@pytest.mark.parametrize(
    "line, message",
    [
        ("301 0 d1", r"qrels\.txt, line 2: expected 4 columns 'qid iter docno rel', got 3"),
        ("301 0 d1 1 extra", r"qrels\.txt, line 2: expected 4 columns .*got 5"),
        ("301 0 d1 1.5", r"qrels\.txt, line 2: the grade '1\.5' \(column 4, rel\) is not an integer"),
        ("301 0 d1 yes", r"qrels\.txt, line 2: the grade 'yes' \(column 4, rel\) is not an integer"),
        ("301 0 d1 2x", r"qrels\.txt, line 2: the grade '2x' .*atol would read only a prefix"),
        ("301 0 d1 0x1", r"qrels\.txt, line 2: the grade '0x1' .*is not an integer"),
        ("301 0 d1 99999999999999999999", r"qrels\.txt, line 2: the grade .* beyond the range"),
        ("301 0 d0 1", r"qrels\.txt, line 2: document 'd0' is listed twice for query '301' \(first on line 1\)"),
    ],
)
@pytest.mark.parametrize("reader", [read_trec_qrels, read_trec_qrels_columns])
def test_a_malformed_qrels_line_names_file_line_and_fault(tmp_path, line, message, reader):
    path = _file(tmp_path, f"301 0 d0 0\n{line}\n", "qrels.txt")
    with pytest.raises(ValueError, match=message):
        reader(path)


@pytest.mark.parametrize("reader", [read_trec_qrels, read_trec_qrels_columns])
def test_an_empty_qrels_file_is_refused(tmp_path, reader):
    with pytest.raises(ValueError, match=r"empty\.txt: no qrels line found"):
        reader(_file(tmp_path, "# nothing judged yet\n\n", "empty.txt"))


@pytest.mark.parametrize("reader", [read_trec_qrels, read_trec_qrels_columns])
def test_a_binary_file_is_refused_with_its_line(tmp_path, reader):
    path = tmp_path / "qrels.bin"
    path.write_bytes(b"301 0 d1 1\n\xff\xfe 0 d2 1\n")
    with pytest.raises(ValueError, match=r"qrels\.bin, line 2: not UTF-8 text"):
        reader(path)


def test_a_path_must_be_a_path():
    with pytest.raises(TypeError, match="path must be a file path"):
        read_trec_qrels(42)


# ------------------------------------------------------------------- run --


def test_a_run_is_read_by_score_ignoring_q0_rank_and_trailing_columns(tmp_path):
    path = _file(tmp_path, "301 Q0 d1 7 2.5 bm25\n301 X d2 1 -1e-3 bm25 more junk\n302 Q0 d#1 1 3 bm25\n")
    assert read_trec_run(path) == {"301": {"d1": 2.5, "d2": -0.001}, "302": {"d#1": 3.0}}


def test_a_run_skips_comment_lines(tmp_path):
    path = _file(tmp_path, "# run bm25, k1=0.9\n  # indented comment\n301 Q0 d1 1 2.5 bm25\n")
    assert read_trec_run(path) == {"301": {"d1": 2.5}}


@pytest.mark.parametrize(
    "line, message",
    [
        ("301 Q0 d1 1 2.5", r"run\.txt, line 2: expected 6 columns 'qid Q0 docno rank sim run_id', got 5"),
        ("301 Q0 d1 1 abc bm25", r"run\.txt, line 2: the score 'abc' \(column 5, sim\) is not a number"),
        ("301 Q0 d1 1 1e bm25", r"run\.txt, line 2: the score '1e' .*atof would read only a prefix"),
        ("301 Q0 d1 1 0x bm25", r"run\.txt, line 2: the score '0x'"),
        ("301 Q0 d1 1 . bm25", r"run\.txt, line 2: the score '\.'"),
        ("301 Q0 d1 1 1,5 bm25", r"run\.txt, line 2: the score '1,5'"),
        ("301 Q0 d1 1 ４ bm25", r"run\.txt, line 2: the score '４'"),
        ("301 Q0 d1 1 infinity bm25", r"run\.txt, line 2: the score 'infinity'"),
        ("301 Q0 d1 1 0x1p99999 bm25", r"run\.txt, line 2: the score '0x1p99999' \(column 5, sim\) is too large"),
        ("301 Q0 d1 1 nan bm25", r"run\.txt, line 2: the score 'nan'"),
        ("301 Q0 d1 1 inf bm25", r"run\.txt, line 2: the score 'inf'"),
        ("301 Q0 d1 1 2.5x bm25", r"run\.txt, line 2: the score '2\.5x'"),
        ("301 Q0 d1 1 1_000 bm25", r"run\.txt, line 2: the score '1_000'"),
        ("301 Q0 d1 1 1e999 bm25", r"run\.txt, line 2: the score '1e999' \(column 5, sim\) is too large"),
        ("301 Q0 d0 2 1.0 bm25", r"run\.txt, line 2: document 'd0' is listed twice for query '301' \(first on line 1\)"),
    ],
)
@pytest.mark.parametrize("reader", [read_trec_run, read_trec_run_columns])
def test_a_malformed_run_line_names_file_line_and_fault(tmp_path, line, message, reader):
    path = _file(tmp_path, f"301 Q0 d0 1 9.5 bm25\n{line}\n", "run.txt")
    with pytest.raises(ValueError, match=message):
        reader(path)


def test_the_same_document_under_two_queries_is_fine(tmp_path):
    path = _file(tmp_path, "301 Q0 d1 1 1.0 r\n302 Q0 d1 1 1.0 r\n")
    assert read_trec_run(path) == {"301": {"d1": 1.0}, "302": {"d1": 1.0}}


# ------------------------------------------ bytes, as trec_eval reads them --
# trec_eval splits fields with C's isspace (space, \t, \n, \r, \v, \f) in the
# C locale and lines at LF (get_qrels.c, get_trec_results.c, 9.0.8 and 10.0).


def test_only_ascii_whitespace_separates_fields(tmp_path):
    # A no-break space, an ideographic space and the separators \x1c-\x1f are
    # parts of an id to trec_eval: Python's str.split() would cut there.
    ids = ["a\u00a0b", "c\u3000d", "e\x1cf", "g\x1fh"]
    text = "".join(f"q1 Q0 {docno} {rank} {rank}.5 r\n" for rank, docno in enumerate(ids))
    assert read_trec_run(_file(tmp_path, text)) == {"q1": {docno: rank + 0.5 for rank, docno in enumerate(ids)}}


def test_tabs_runs_of_spaces_crlf_vertical_tab_and_no_final_newline(tmp_path):
    path = tmp_path / "run.txt"
    path.write_bytes(b"q1\tQ0  d1 \t1\v 2.5\fr\r\n  q1 Q0 d2 2 1.5 r extra columns\r\n\r\nq2 Q0 d1 1 -3 r")
    assert read_trec_run(path) == {"q1": {"d1": 2.5, "d2": 1.5}, "q2": {"d1": -3.0}}
    path.write_bytes(b"q1 0 d1 1\r\n\tq1\t0\td2\t0 \r\nq2   0   d1   2")
    assert read_trec_qrels(path) == {"q1": {"d1": 1, "d2": 0}, "q2": {"d1": 2}}


@pytest.mark.parametrize("reader", [read_trec_run, read_trec_qrels, read_trec_run_columns,
                                    read_trec_qrels_columns])
def test_a_byte_order_mark_is_refused_with_the_fix(tmp_path, reader):
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbfq1 Q0 d1 1 1 r\n")
    with pytest.raises(ValueError, match=r"bom\.txt, line 1: .*byte-order mark.*save it as UTF-8 without BOM"):
        reader(path)


@pytest.mark.parametrize("reader", [read_trec_run, read_trec_qrels, read_trec_run_columns,
                                    read_trec_qrels_columns])
def test_cr_only_line_ends_are_refused_with_the_fix(tmp_path, reader):
    path = tmp_path / "mac.txt"
    path.write_bytes(b"q1 Q0 d1 1 1 r\rq1 Q0 d2 2 0.5 r\r")
    with pytest.raises(ValueError, match=r"mac\.txt, line 1: a carriage return .*convert the line ends to LF"):
        reader(path)
    path.write_bytes(b"# made on a Mac\rq1 Q0 d1 1 1 r\r")  # not hidden by a comment either
    with pytest.raises(ValueError, match=r"mac\.txt, line 1: a carriage return"):
        reader(path)


@pytest.mark.parametrize("reader", [read_trec_run, read_trec_run_columns])
def test_a_nul_byte_is_refused(tmp_path, reader):
    path = tmp_path / "run.txt"
    path.write_bytes(b"q1 Q0 d1 1 1 r\nq1 Q0 d\x002 2 0.5 r\n")
    with pytest.raises(ValueError, match=r"run\.txt, line 2: a NUL byte"):
        reader(path)


def test_a_hash_inside_a_line_or_an_id_is_data(tmp_path):
    path = _file(tmp_path, "# comment\nq1 0 #d1 1\nq#2 0 d2 1 \n")
    assert read_trec_qrels(path) == {"q1": {"#d1": 1}, "q#2": {"d2": 1}}


def test_consecutive_and_indented_comments_are_all_skipped(tmp_path):
    # trec_eval 10.0 would stop at the second and the indented comment in a
    # qrels file ("Malformed line"); the readers skip every comment line.
    path = _file(tmp_path, "# one\n# two 0 d1 1\nq1 0 d1 1\n\t# indented\n")
    assert read_trec_qrels(path) == {"q1": {"d1": 1}}


# ----------------------------------------------- numbers, as C reads them --
# The reference is the C library itself: trec_eval reads scores with atof
# (strtod) and grades with atol (strtol, base 10).

_libc = ctypes.CDLL(None)
_libc.strtod.restype = ctypes.c_double
_libc.strtod.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p)]
_libc.strtol.restype = ctypes.c_long
_libc.strtol.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p), ctypes.c_int]


def _c_reads(function, field: str, *base):
    """(value, whether C read the whole field) for one call of strtod or strtol."""
    raw = field.encode()
    buffer = ctypes.create_string_buffer(raw)
    end = ctypes.c_char_p()
    value = function(buffer, ctypes.byref(end), *base)
    consumed = ctypes.cast(end, ctypes.c_void_p).value - ctypes.addressof(buffer)
    return value, consumed == len(raw)


SPELLINGS = ["1", "+1", "-1", "0", "-0", "1.", ".5", "-.5", "+0.25", "007", "1e3", "1E+03", "2.5e-3",
             "1e-400", "4.9e-324", "1.7976931348623157e308", "0x1p3", "0X1.8P-1", "-0x.8", "0x10",
             "0x1.fffffffffffffp1023", "0.1000000000000000055511151231257827", "16777217",
             "1234567890123456789012345678901234567890"]


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_every_spelling_atof_reads_whole_reads_the_same(tmp_path, spelling):
    value, whole = _c_reads(_libc.strtod, spelling)
    assert whole and math.isfinite(value)
    path = _file(tmp_path, f"q1 Q0 d1 1 {spelling} r\n")
    assert read_trec_run(path)["q1"]["d1"] == value


_number_text = st.text("0123456789+-.eExXpPaAfFnNiI ", min_size=1, max_size=12).map(str.strip).filter(bool)


@settings(max_examples=400, deadline=None)
@given(field=_number_text | st.sampled_from(SPELLINGS))
def test_a_score_reads_as_strtod_or_is_refused_where_c_would_misread(field):
    value, whole = _c_reads(_libc.strtod, field)
    if " " in field or not (whole and math.isfinite(value)):
        with pytest.raises(ValueError):
            c_double(field)
    else:
        assert c_double(field) == value


@needs_64_bit_long
@settings(max_examples=300, deadline=None)
@given(field=st.text("0123456789+-.xe", min_size=1, max_size=22))
def test_a_grade_reads_as_atol_or_is_refused_where_c_would_misread(field):
    value, whole = _c_reads(_libc.strtol, field, 10)
    in_range = whole and -(2**63) < int(field) < 2**63 - 1 if whole else False
    if in_range:
        assert c_long(field) == value
    else:
        with pytest.raises(ValueError):
            c_long(field)


# ----------------------------------------------------------------- write --


def test_a_written_run_is_in_trec_eval_rank_order(tmp_path):
    path = tmp_path / "run.txt"
    # Ties are broken by docno descending in byte order: "b" > "a" > "Z", "9" > "10".
    run = {"1": {"a": 0.5, "Z": 0.5, "b": 0.5, "10": 0.1, "9": 0.1, "top": 2.0}}
    write_trec_run(run, path, tag="demo")
    docnos = [line.split()[2] for line in path.read_text().splitlines()]
    ranks = [line.split()[3] for line in path.read_text().splitlines()]
    assert docnos == ["top", "b", "a", "Z", "9", "10"]
    assert ranks == ["1", "2", "3", "4", "5", "6"]


@pytest.mark.parametrize(
    "run, tag, error, message",
    [
        ({"1": {"d1": 1.0}}, "my run", ValueError, "tag must be a non-empty string without spaces"),
        ({"1": {"d1": 1.0}}, "", ValueError, "tag must be a non-empty string"),
        ({"1": {"d 1": 1.0}}, "r", ValueError, "every document id of query '1' must be a non-empty"),
        ({"1": {1: 1.0}}, "r", TypeError, "every document id of query '1' must be a string"),
        ({1: {"d1": 1.0}}, "r", TypeError, "every query id must be a string"),
        ({"#1": {"d1": 1.0}}, "r", ValueError, "query id '#1' starts with '#'"),
        ({"1": {"d1": float("nan")}}, "r", ValueError, r"run\['1'\]\['d1'\] must be a finite number"),
        ({"1": {"d1": "0.5"}}, "r", TypeError, r"run\['1'\]\['d1'\] must be a number"),
        ({"1": {"d1": True}}, "r", TypeError, r"run\['1'\]\['d1'\] must be a number"),
        ({"1": [("d1", 1.0)]}, "r", TypeError, r"run\['1'\] must be a dict"),
        ({"1": {"d\v1": 1.0}}, "r", ValueError, "without spaces, tabs or line ends"),
        ({"1": {"d\x001": 1.0}}, "r", ValueError, "without spaces, tabs or line ends"),
        ({"1": {"d\ud8001": 1.0}}, "r", ValueError, "must be text that UTF-8 can encode"),
        ({"\ufeff1": {"d1": 1.0}}, "r", ValueError, "byte-order mark"),
    ],
)
def test_write_refuses_what_a_run_file_cannot_hold(tmp_path, run, tag, error, message):
    with pytest.raises(error, match=message):
        write_trec_run(run, tmp_path / "run.txt", tag=tag)
    assert not (tmp_path / "run.txt").exists()


# Non-ASCII letters and separators trec_eval does not split on (no-break space, \x1c) are id text.
_ids = st.text(string.ascii_letters + string.digits + "-_.#é文😀\u00a0\x1c", min_size=1, max_size=6).filter(
    lambda s: not s.startswith("#")
)
_runs = st.dictionaries(
    _ids,
    st.dictionaries(_ids, st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from([0.5, 1.0]), max_size=8),
    min_size=1,
    max_size=4,
).filter(lambda run: any(run.values()))


@settings(max_examples=60, deadline=None)
@given(run=_runs)
def test_write_then_read_gives_back_the_same_run(tmp_path_factory, run):
    path = tmp_path_factory.mktemp("roundtrip") / "run.txt"
    write_trec_run(run, path, tag="prop")
    # Eight or more control bytes (ids of \x1c), dense in the file's head, make it binary data,
    # which the reader refuses by design (test_hostile_reading); below eight it never does.
    assume(path.read_bytes().count(b"\x1c") < 8)
    assert read_trec_run(path) == {qid: ranking for qid, ranking in run.items() if ranking}
    # Within a query, each line ranks at or above the next: score, then docno, descending.
    # Split as trec_eval does: LF and ASCII whitespace (str.split would cut at \xa0 and \x1c).
    lines = [[field.decode() for field in line.split()] for line in path.read_bytes().splitlines()]
    for above, below in zip(lines, lines[1:]):
        if above[0] == below[0]:
            assert (float(above[4]), above[2]) > (float(below[4]), below[2])
            assert int(below[3]) == int(above[3]) + 1


# --------------------------------------------------- trec_eval's test data --


def test_trec_eval_test_files_are_read_completely():
    if not DATA.is_dir():
        missing("trec_eval's test collection (data/trec_eval_test/)")
    qrels = read_trec_qrels(DATA / "qrels.test")
    assert sorted(qrels) == ["301", "302", "303"]
    assert sum(map(len, qrels.values())) == 3681
    run = read_trec_run(DATA / "results.test")
    assert {qid: len(ranking) for qid, ranking in run.items()} == {"301": 500, "302": 500, "303": 500}
    # results.trunc has text after the run id on some lines, and no query 302.
    trunc = read_trec_run(DATA / "results.trunc")
    assert sorted(trunc) == ["301", "303"] and sum(map(len, trunc.values())) == 584
    # Document ids that hold '#' are not comments.
    comment_qrels = read_trec_qrels(DATA / "qrels.comment.test")
    assert sum(map(len, comment_qrels.values())) == 5890
    assert all(np.isfinite(list(read_trec_run(DATA / "results.comment.test")["2024-224960"].values())))
