"""Bad input, round three: each case a clear error naming the argument and the fix, or the
right value; the two input forms (dicts and columns) accept and refuse the same values; the
readers' memory grows with the file, whatever its longest field."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest

from rankmetrics_lite import (
    QrelsColumns,
    RunColumns,
    evaluate,
    expected_ndcg_at_k,
    ndcg_at_k,
    precision_at_k,
    precision_recall_at_all_k,
    random_hits_distribution,
)
from tests.platform_limits import needs_processes


@pytest.mark.parametrize("grades, scores, judged, gain", [
    ([1e308, 1e308], [0.5, 0.5], [1e308, 1e308], "linear"),
    ([1e308, 1e308], [0.5, 0.4], [1e308, 1e308], "linear"),
    ([1023, 1023], [0.5, 0.5], [1023, 1023], "exponential"),
])
def test_expected_ndcg_of_huge_gains_is_the_ratio_not_infinity(grades, scores, judged, gain):
    value = expected_ndcg_at_k(grades, scores, None, judged_grades=judged, gain=gain)
    assert value == pytest.approx(1.0) == ndcg_at_k(grades, None, judged_grades=judged, gain=gain)


@pytest.mark.parametrize("call, message", [
    (lambda: precision_recall_at_all_k([1, 0], n_relevant=10**400), "n_relevant counts ranks or items and must be at most 2\\*\\*63 - 1, got an integer with 401 digits"),
    (lambda: precision_at_k([1, 0], 10**400), "k counts ranks or items and must be at most"),
    (lambda: random_hits_distribution(n_items=10**12, n_relevant=10**11, k=10**10), "k must be at most 10,000,000 here.*223.5 GiB.*random_precision_at_k"),
])
def test_huge_counts_are_refused_by_name(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize("qrels, error, message", [
    ({"q": {"a": 1.7}}, TypeError, r"qrels\['q'\]\['a'\] must be an integer grade .* got 1.7"),
    ({"q": {"a": 0.9}}, TypeError, r"must be an integer grade .* got 0.9"),
    ({"q": {"a": "1.5"}}, TypeError, r"must be an integer grade .* got '1.5'"),
    ({"q": {"a": 2**70}}, ValueError, r"outside the 64-bit range of grades"),
    ({"q": {"a": float("nan")}}, TypeError, r"must be an integer grade .* got nan"),
    ({"q": {"a": "1"}}, TypeError, r"must be an integer grade .* got '1'"),
])
def test_qrels_columns_from_dicts_refuse_what_evaluate_refuses(qrels, error, message):
    with pytest.raises(error, match=message):
        QrelsColumns.from_dict(qrels)
    with pytest.raises(error, match=message):
        evaluate({"q": {"a": 1.0}}, qrels, "P@1")


@pytest.mark.parametrize("run, error, message", [
    ({"q": {"a": "0x1p3"}}, TypeError, r"run\['q'\]\['a'\] must be a number .* got '0x1p3'"),
    ({"q": {"a": "1.5"}}, TypeError, r"must be a number .* got '1.5'"),
    ({"q": {"a": float("nan")}}, ValueError, r"scores must be finite numbers"),
    ({"q": {1: 0.5}}, TypeError, r"document ids must be strings"),
])
def test_run_columns_from_dicts_refuse_what_evaluate_refuses(run, error, message):
    with pytest.raises(error, match=message):
        RunColumns.from_dict(run)
    with pytest.raises(error, match=message):
        evaluate(run, {"q": {"a": 1}}, "P@1")


def test_the_columns_keep_what_they_checked():
    scores = np.array([0.9, 0.1])
    run = RunColumns(np.array(["q", "q"]), np.array(["a", "b"]), scores)
    scores[0] = np.nan  # written after the check: the columns hold their own copy
    qrels = QrelsColumns(np.array(["q"]), np.array(["b"]), np.array([1]))
    assert evaluate(run, qrels, "AP") == {"AP": 0.5}
    with pytest.raises(ValueError, match="read-only"):
        run.scores[0] = 5.0


def test_byte_ids_that_are_not_utf8_are_refused_by_name():
    with pytest.raises(ValueError, match=r"run.doc_ids\[1\] is b'\\xff\\xfe', which is not UTF-8 text"):
        RunColumns(np.array([b"q", b"q"]), np.array([b"a", b"\xff\xfe"]), np.array([1.0, 0.5]))
    # A sequence cannot hide across two ids that fill their width.
    with pytest.raises(ValueError, match="not UTF-8"):
        RunColumns(np.array([b"q", b"q"]), np.array([b"a\xc3", b"\xa9b"]), np.array([1.0, 0.5]))


LONG_ID_FILE = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1536 * 2**20, 1536 * 2**20))
from rankmetrics_lite import read_trec_run, read_trec_run_columns
run = read_trec_run(sys.argv[1])
assert sum(map(len, run.values())) == 50_001 and "x" * 65_536 in run["q0"]
try:
    read_trec_run_columns(sys.argv[1])
except ValueError as error:
    print(error)
"""


@needs_processes
def test_one_long_id_reads_in_memory_that_grows_with_the_file(tmp_path):
    # 50,001 lines of 2 MB, one document id of 64 KiB: read before in 25 s and 3.2 GB.
    lines = [f"q{i // 100} Q0 d{i} 1 {1.0 / (i + 1)!r} r\n" for i in range(50_000)]
    path = tmp_path / "run.txt"
    path.write_text("".join(lines) + "q0 Q0 " + "x" * 65_536 + " 1 0.5 r\n")
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(LONG_ID_FILE), str(path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "a document id is 65,536 characters long" in done.stdout
    assert "read this run as dicts (read_trec_run" in done.stdout
