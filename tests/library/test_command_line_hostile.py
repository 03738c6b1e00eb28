"""Hostile arguments, round four: the cases where the command line printed something other
than the real trec_eval 10.0 and 9.0.8, each run both ways (``command_line_compare.py``)
and compared byte for byte with its exit code; and where trec_eval itself crashes or
reads memory it never set, the refusal or note the command line gives instead."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from rankmetrics_lite._trec_gains import gain_tables
from tests.library.command_line_compare import compare, ours, trec_eval
from tests.library.command_line_fuzz import write_fuzz_files
from tests.library.trec_eval_programs import RELEASES, trec_eval_binary

pytestmark = pytest.mark.reference


@pytest.fixture(scope="module", params=RELEASES)
def release(request):
    return request.param, trec_eval_binary(request.param)


def _same(release, folder: Path, files: dict[str, str], *args: str) -> None:
    name, binary = release
    for file, text in files.items():
        (folder / file).write_text(text, encoding="utf-8")
    _, differences = compare(binary, name, list(args), folder)
    assert not differences, differences


RUN = "1 Q0 a 1 3 r\n1 Q0 b 2 2 r\n1 Q0 c 3 1 r\n2 Q0 a 1 1 r\n2 Q0 d 2 0.5 r\n"


def test_rbp_resid_multiplies_p_step_by_step(tmp_path):
    # trec_eval 10.0 computes p^k as cur_p * p, k times; p ** k differs in the last bit, and
    # this p puts the value on a rounding edge of the fourth decimal (0.7778, was 0.7777).
    release = ("10.0", trec_eval_binary("10.0"))
    files = {"qrels": "1 0 b 1\n2 0 a 1\n", "run": RUN}
    for measures in (["-m", "rbp_resid.p=0.6665833124895769"], ["-m", "all_trec", "-m", "rbp_resid.p=0.6665833124895769"]):
        _same(release, tmp_path, files, "-q", *measures, "qrels", "run")


@pytest.mark.parametrize("grades", ["1 0 a -1\n1 0 b -1\n2 0 a 1\n", "1 0 a -3\n1 0 b -2\n2 0 a 1\n"])
@pytest.mark.parametrize("measures", [[], ["-m", "map"], ["-m", "ndcg"], ["-m", "all_trec"]])
def test_a_first_query_with_no_grade_of_0_or_more_stops_trec_eval(release, tmp_path, grades, measures):
    # form_res_rels.c sizes its grade counts by the highest grade + 1: none for the first
    # query it reads, and trec_eval stops there, "Can't calculate measure" (exit 4).
    _same(release, tmp_path, {"qrels": grades, "run": RUN}, "-q", *measures, "qrels", "run")


def test_a_later_query_whose_grades_are_all_below_minus_one_is_refused_where_trec_eval_crashes(release, tmp_path):
    # Past the first query, trec_eval clears an array of negative size (memset) and crashes.
    files = {"qrels": "0 0 a 1\n1 0 a -3\n1 0 b -2\n2 0 a 1\n", "run": "0 Q0 a 1 1 r\n" + RUN}
    name, binary = release
    for file, text in files.items():
        (tmp_path / file).write_text(text)
    _, differences = compare(binary, name, ["-q", "qrels", "run"], tmp_path)
    assert not differences, differences
    assert trec_eval(binary, ["-q", "qrels", "run"], tmp_path)[1] < 0  # it does crash
    _, code, message = ours(["-q", "qrels", "run"], name, tmp_path)
    assert code == 2 and "query '1': every grade in its judgements is -2 or lower" in message


@pytest.mark.parametrize("measures", [["-m", "ndcg.-1=5"], ["-m", "ndcg_rel.-1=5", "-m", "G.-1=3", "-m", "ndcg_cut.1,2"],
                                      ["-m", "Rndcg.-1=2", "-m", "ndcg"], ["-m", "all_trec"]])
def test_a_later_query_with_no_grade_of_0_or_more_reads_the_grades_of_the_one_before(release, tmp_path, measures):
    # form_res_rels.c keeps its grade counts from query to query: a gain for grade -1 (a
    # document outside the qrels) meets the ideal ranking of the query before (was 0.0000).
    files = {"qrels": "0 0 a 1\n0 0 c 2\n1 0 a -1\n1 0 b -1\n2 0 a 1\n", "run": "0 Q0 a 1 1 r\n" + RUN}
    _same(release, tmp_path, files, "-q", *measures, "qrels", "run")
    if release[0] == "10.0":
        _same(release, tmp_path, files, "-q", "-m", "dcg.-1=5", "qrels", "run")
        _same(release, tmp_path, files, "-q", "-m", "ideal_dcg.-1=5", "qrels", "run")


def test_the_summary_adds_from_zero(release, tmp_path):
    # trec_eval's sums start at 0.0: a z-score of -0.0 (a negative deviation) sums to 0.0000.
    files = {"qrels": "1 0 a 1\n", "run": "1 Q0 a 1 1 r\n", "zscores": "1 map 1 -1\n"}
    _same(release, tmp_path, files, "-q", "-Z", "zscores", "-m", "map", "qrels", "run")


@pytest.mark.parametrize("measure", [
    "Rprec_mult.nan", "Rprec_mult.0.5,nan,3", "Rprec_mult.inf,0.5", "Rprec_mult.-inf,2,1e308",
    "iprec_at_recall.inf", "iprec_at_recall.0.5,nan,0.2", "iprec_at_recall.1.5,0.5,-0.5,1e309",
    "11pt_avg.inf", "11pt_avg.0.5,inf,0.1,nan", "ndcg.1=nan", "ndcg.1=inf,2=-inf", "G.2=nan",
    "set_F.inf", "utility.nan,1,1,1",
    "P.2147483653,-1,3", "success.99999999999999999999,100,-99999999999999999999,10",
    "ndcg_cut.2147483653,-1,3", "relative_P.2147483653,-1,3,0", "map_cut.2147483653,-3,1",
])
def test_parameters_that_are_not_ordinary_numbers_read_as_in_trec_eval(release, tmp_path, measure):
    # inf, nan and cutoffs that trec_eval's comparators leave out of order (C longs that
    # differ by 2**31 or more): each cutoff list is one walk over the ranking there.
    files = {"qrels": "1 0 a 1\n1 0 c 2\n1 0 e 1\n2 0 a 1\n2 0 b 0\n", "run": RUN}
    _same(release, tmp_path, files, "-q", "-c", "-m", measure, "qrels", "run")


@pytest.mark.parametrize("seed, release_name, measures", [(15, "10.0", ["-m", "ndcg_rel.4=1e308", "-m", "Rndcg.a=1e308"]),
                                                          (19, "9.0.8", ["-m", "ndcg_rel.2=1e308"])])
def test_huge_gains_print_every_digit_trec_eval_prints(tmp_path, seed, release_name, measures):
    # %6.4f of 1e307 prints 308 digits: trec_eval divides each gain by log2(rank + 1), and a
    # product with its inverse differed in the last bits (the fuzz test's collections).
    write_fuzz_files(tmp_path, n_collections=seed + 1)
    name, binary = release_name, trec_eval_binary(release_name)
    _, differences = compare(binary, name, ["-q", "-c", *measures, f"qrels.{1000 + seed}", f"run.{1000 + seed}"],
                             tmp_path)
    assert not differences, differences


def test_rbp_with_a_persistence_that_is_not_a_probability(tmp_path):
    release = ("10.0", trec_eval_binary("10.0"))
    files = {"qrels": "1 0 a 1\n1 0 c 2\n2 0 a 1\n", "run": RUN}
    for p in ("inf", "-inf", "nan", "2", "-0.5", "1e308"):
        _same(release, tmp_path, files, "-q", "-m", f"rbp.p={p}", "-m", f"rbp_resid.p={p}", "qrels", "run")


@pytest.mark.parametrize("spelling", ["--c", "--co", "--comp", "--complete"])
def test_abbreviations_mean_what_they_mean_to_trec_eval(release, tmp_path, spelling):
    # --c and --comp abbreviate --complete_rel_info_wanted (were "ambiguous" beside --compare).
    files = {"qrels": "1 0 a 1\n3 0 a 1\n", "run": RUN}
    _same(release, tmp_path, files, spelling, "-q", "-m", "map", "qrels", "run")


def test_gain_maps_with_a_top_grade_of_65535(release, tmp_path):
    files = {"qrels": "1 0 a 65535\n1 0 b 3\n1 0 c 1\n2 0 a 2\n", "run": RUN}
    for gains in ("ndcg.1=2.5,3=0.25", "ndcg.65535=7,2=9", "ndcg"):
        _same(release, tmp_path, files, "-q", "-m", gains, "qrels", "run")


def test_gain_tables_take_no_python_step_per_grade_level():
    # Linear in the levels: the work per level is numpy's (setup_gains, trec_eval's, is
    # quadratic); a top grade of 65,535 took 30 s here when each level was a Python loop.
    def python_calls(top_grade: int) -> int:
        calls = 0

        def count(frame, event, arg):
            nonlocal calls
            calls += event == "call"

        grades = np.array([top_grade, 3, 1], dtype=np.int64)
        values = np.array([[top_grade, -1, 1, -3]])
        sys.setprofile(count)
        try:
            gain_tables(values, np.array([3]), grades, ((1, 2.0), (3, 9.0)))
        finally:
            sys.setprofile(None)
        return calls

    assert python_calls(4_095) == python_calls(255)


def test_no_numpy_warning_reaches_standard_error(release, tmp_path):
    files = {"qrels": "1 0 a 1\n1 0 c 2\n2 0 a 1\n", "run": RUN}
    name, _ = release
    (tmp_path / "qrels").write_text(files["qrels"])
    (tmp_path / "run").write_text(files["run"])
    for measure in ("iprec_at_recall.inf", "ndcg.1=nan", "G.1=inf,2=-inf", "Rprec_mult.nan", "11pt_avg.inf"):
        _, _, message = ours(["-q", "-m", measure, "qrels", "run"], name, tmp_path)
        assert "Warning" not in message, message
