"""Reading and writing TREC qrels and run files: strict parsers, exact round trips."""

from __future__ import annotations

import string
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankmetrics_lite.trec_io import read_trec_qrels, read_trec_run, write_trec_run

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "trec_eval_test"
needs_data = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"trec_eval's test collection is not in {DATA}: nothing to read"
)


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
        ("301 0 d1 1.5", r"qrels\.txt, line 2: the grade '1\.5' is not an integer"),
        ("301 0 d1 yes", r"qrels\.txt, line 2: the grade 'yes' is not an integer"),
        ("301 0 d0 1", r"qrels\.txt, line 2: document 'd0' is listed twice for query '301' \(first on line 1\)"),
    ],
)
def test_a_malformed_qrels_line_names_file_line_and_fault(tmp_path, line, message):
    path = _file(tmp_path, f"301 0 d0 0\n{line}\n", "qrels.txt")
    with pytest.raises(ValueError, match=message):
        read_trec_qrels(path)


def test_an_empty_qrels_file_is_refused(tmp_path):
    with pytest.raises(ValueError, match=r"empty\.txt: no qrels line found"):
        read_trec_qrels(_file(tmp_path, "# nothing judged yet\n\n", "empty.txt"))


def test_a_binary_file_is_refused_with_its_line(tmp_path):
    path = tmp_path / "qrels.bin"
    path.write_bytes(b"301 0 d1 1\n\xff\xfe 0 d2 1\n")
    with pytest.raises(ValueError, match=r"qrels\.bin, line 2: not UTF-8 text"):
        read_trec_qrels(path)


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
        ("301 Q0 d1 1 abc bm25", r"run\.txt, line 2: the score 'abc' \(column 5, sim\) is not a finite"),
        ("301 Q0 d1 1 nan bm25", r"run\.txt, line 2: the score 'nan'"),
        ("301 Q0 d1 1 inf bm25", r"run\.txt, line 2: the score 'inf'"),
        ("301 Q0 d1 1 2.5x bm25", r"run\.txt, line 2: the score '2\.5x'"),
        ("301 Q0 d1 1 1_000 bm25", r"run\.txt, line 2: the score '1_000'"),
        ("301 Q0 d1 1 1e999 bm25", r"run\.txt, line 2: the score '1e999' is too large"),
        ("301 Q0 d0 2 1.0 bm25", r"run\.txt, line 2: document 'd0' is listed twice for query '301' \(first on line 1\)"),
    ],
)
def test_a_malformed_run_line_names_file_line_and_fault(tmp_path, line, message):
    path = _file(tmp_path, f"301 Q0 d0 1 9.5 bm25\n{line}\n", "run.txt")
    with pytest.raises(ValueError, match=message):
        read_trec_run(path)


def test_the_same_document_under_two_queries_is_fine(tmp_path):
    path = _file(tmp_path, "301 Q0 d1 1 1.0 r\n302 Q0 d1 1 1.0 r\n")
    assert read_trec_run(path) == {"301": {"d1": 1.0}, "302": {"d1": 1.0}}


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
    ],
)
def test_write_refuses_what_a_run_file_cannot_hold(tmp_path, run, tag, error, message):
    with pytest.raises(error, match=message):
        write_trec_run(run, tmp_path / "run.txt", tag=tag)
    assert not (tmp_path / "run.txt").exists()


_ids = st.text(string.ascii_letters + string.digits + "-_.#é", min_size=1, max_size=6).filter(
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
    assert read_trec_run(path) == {qid: ranking for qid, ranking in run.items() if ranking}
    # Within a query, each line ranks at or above the next: score, then docno, descending.
    lines = [line.split() for line in path.read_text(encoding="utf-8").splitlines()]
    for above, below in zip(lines, lines[1:]):
        if above[0] == below[0]:
            assert (float(above[4]), above[2]) > (float(below[4]), below[2])
            assert int(below[3]) == int(above[3]) + 1


# --------------------------------------------------- trec_eval's test data --


@needs_data
def test_trec_eval_test_files_are_read_completely():
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
