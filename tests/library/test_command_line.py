"""The command line, ``python -m rankmetrics_lite``: its arguments, messages and exit codes.

Its output is compared with the trec_eval programs byte for byte in
``test_command_line_against_trec_eval.py``; these tests need no program: the
argument parsing (GNU getopt_long's rules), trec_eval's parameter rules, what is
refused and with which exit code, standard input, gzip'd files, several runs.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import subprocess
import sys

import pytest
import scipy.stats

from rankmetrics_lite import evaluate, read_trec_qrels, read_trec_run
from rankmetrics_lite._c_qsort import c_qsort, compare_long
from rankmetrics_lite._trec_eval_cli import TrecEvalExit, getopt_long, run_command
from tests.platform_limits import needs_processes

QRELS = "1 0 a 1\n1 0 b 0\n1 0 c 2\n2 0 a 1\n"
RUN = "1 Q0 a 1 0.9 mine\n1 Q0 b 2 0.8 mine\n1 Q0 d 3 0.7 mine\n2 Q0 b 1 0.5 mine\n"


@pytest.fixture
def files(tmp_path):
    qrels, run = tmp_path / "qrels", tmp_path / "run"
    qrels.write_text(QRELS)
    run.write_text(RUN)
    return str(qrels), str(run)


def command(*argv: str, stdin: bytes = b"") -> tuple[int, str, str]:
    out, err = io.BytesIO(), io.StringIO()
    code = run_command(list(argv), io.BytesIO(stdin), out, err)
    return code, out.getvalue().decode("utf-8"), err.getvalue()


# ------------------------------------------------------------------ output --


def test_the_default_is_trec_evals_official_measures(files):
    code, out, err = command(*files)
    assert code == 0 and not err
    names = [line.split("\t")[0].strip() for line in out.splitlines()]
    assert names[:8] == ["runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec"]
    assert out.startswith("runid                 \tall\tmine\nnum_q                 \tall\t2\n")


def test_values_are_the_packages(files):
    code, out, _ = command("-q", "-m", "map", "-m", "P.2", *files)
    qrels, run = read_trec_qrels(files[0]), read_trec_run(files[1])
    ours = evaluate(run, qrels, ["AP", "P@2"], per_query=True)
    assert out == (f"map                   \t1\t{ours['1']['AP']:6.4f}\nP_2                   \t1\t{ours['1']['P@2']:6.4f}\n"
                   f"map                   \t2\t{ours['2']['AP']:6.4f}\nP_2                   \t2\t{ours['2']['P@2']:6.4f}\n"
                   f"map                   \tall\t{(ours['1']['AP'] + ours['2']['AP']) / 2:6.4f}\n"
                   f"P_2                   \tall\t{(ours['1']['P@2'] + ours['2']['P@2']) / 2:6.4f}\n")


def test_options_may_follow_the_files_and_cluster_as_in_getopt(files):
    assert command("-qc", "-mP.2", *files) == command(*files, "-q", "-c", "--measure=P.2")
    assert command("--meas", "P.2", "--query", *files)[1] == command("-q", "-m", "P.2", *files)[1]


def test_standard_input_and_gzip_read_alike(files, tmp_path):
    expected = command("-q", "-m", "all_trec", *files)
    with open(files[1], "rb") as handle:
        assert command("-q", "-m", "all_trec", files[0], "-", stdin=handle.read()) == expected
    packed = tmp_path / "run.gz"
    packed.write_bytes(gzip.compress(RUN.encode()))
    assert command("-q", "-m", "all_trec", files[0], str(packed)) == expected


def test_several_runs_print_one_after_the_other(files, tmp_path):
    other = tmp_path / "other"
    other.write_text(RUN.replace("0.9 mine", "0.1 mine").replace("mine", "theirs"))
    code, out, _ = command("-m", "map", files[0], files[1], str(other))
    assert code == 0
    assert out == command("-m", "map", files[0], files[1])[1] + command("-m", "map", files[0], str(other))[1]


def test_a_missing_query_stops_10_0_but_not_with_c_or_9_0_8(files, tmp_path):
    qrels = tmp_path / "qrels3"
    qrels.write_text(QRELS + "0 0 z 1\n3 0 a 1\n")  # query 0 sorts first, 3 last
    code, out, err = command("-q", "-m", "P.2", str(qrels), files[1])
    assert code == 4 and out == "" and "query '0' is judged in the qrels but absent from the run" in err
    code, out, _ = command("-q", "-m", "P.2", "-c", str(qrels), files[1])
    assert code == 0 and "P_2                   \t0\t0.0000\n" in out and out.endswith("\tall\t0.1250\n")
    code, out, _ = command("--trec-eval-version", "9.0.8", "-q", "-m", "P.2", str(qrels), files[1])
    assert code == 0 and "\t0\t" not in out and out.endswith("\tall\t0.2500\n")


def test_the_parameters_are_read_as_trec_eval_reads_them(files):
    code, out, _ = command("-m", "P.10,2x,5.9", *files)  # atol: 10, 2, 5
    assert code == 0 and [line.split()[0] for line in out.splitlines()] == ["P_2", "P_5", "P_10"]
    code, out, _ = command("-m", "iprec_at_recall..5,1e-1", "-m", "utility.2,-1,0,0", *files)
    assert [line.split()[0] for line in out.splitlines()] == [
        "iprec_at_recall_0.10", "iprec_at_recall_0.50", "utility_2,-1,0,0"]


def test_trec_evals_qsort_keeps_its_comparators_quirks():
    # comp_long returns a long difference as an int: 2**32 + 1 compares as 1 above 0
    assert c_qsort([2**32 + 1, 5, 0], compare_long) == [0, 2**32 + 1, 5]


def test_gains_for_two_of_dcg_ideal_dcg_and_ndcg_are_refused_where_trec_eval_crashes(files):
    code, out, err = command("-m", "dcg.1=2", "-m", "ndcg", *files)
    assert code == 2 and out == "" and "double free" in err and "separate runs" in err
    assert command("-m", "dcg.1=2", "-m", "ndcg", "--trec-eval-version", "9.0.8", *files)[0] == 1  # no dcg


def test_rbp_after_another_measure_is_noted(files):
    # trec_eval 10.0's rbp reads two variables it never sets: what it prints depends on the
    # measure computed before it.
    assert "never sets" in command("-m", "map", "-m", "rbp", *files)[2]
    assert command("-m", "rbp", *files)[2] == command("-m", "all_trec", *files)[2] == ""


# ---------------------------------------------------------------- refusals --


@pytest.mark.parametrize("argv, code, message", [
    (["-x"], 1, "invalid option -- 'x'"),
    (["--nosuch"], 1, "option '--nosuch' is not an option"),
    (["--Re", "qrels"], 1, "'--Re' is ambiguous"),
    (["-m", "mapp"], 1, "illegal measure 'mapp'"),
    (["-m", "P."], 1, "the parameters after the dot are empty"),
    (["-m", "unj", "--trec-eval-version", "9.0.8"], 1, "illegal measure 'unj': trec_eval 9.0.8 has no such"),
    (["--trec-eval-version", "9.1"], 1, "--trec-eval-version must be one of '10.0', '9.0.8'; got '9.1'"),
    (["-l", "-1"], 1, "the relevance level must be 0 or more"),
    (["-M", "-5"], 1, "the number of documents to keep must be 0 or more"),
    (["-D", "1"], 1, "debug output is not reproduced"),
    (["-m", "rbp.p=0.5,2=1"], 1, "gain pairs ('2=...') are not reproduced"),
    (["-m", "P.5,5"], 2, "duplicate cutoffs detected in '5,5'"),
    (["-m", "recall.0"], 2, "Negative cutoff detected in '0'"),
    (["-m", "ndcg.1"], 2, "malformed pair parameters in '1'"),
    (["-R", "nonesuch"], 2, "Illegal rel_format 'nonesuch'"),
    (["-T", "other"], 2, "Illegal retrieval results format 'other'"),
    (["-m", "utility.1,2,3"], 4, "utility takes 4 coefficients, got 3"),
])
def test_bad_arguments_get_trec_evals_exit_code_and_a_message(files, argv, code, message):
    got, out, err = command(*argv, *files)
    assert got == code and out == ""
    assert message in err and err.startswith("rankmetrics-trec-eval: ")


@pytest.mark.parametrize("content, code, message", [
    (b"", 2, "is empty"),
    (b"1 Q0 a 1 0.9\n", 2, "expected 6 columns"),
    (b"1 Q0 a 1 0.9 r\n1 Q0 a 2 0.8 r\n", 4, "listed twice"),
    (b"9 Q0 a 1 0.9 r\n", 4, "query '1' is judged in the qrels but absent from the run"),
])
def test_bad_runs_get_trec_evals_exit_code(files, tmp_path, content, code, message):
    run = tmp_path / "bad"
    run.write_bytes(content)
    got, out, err = command(files[0], str(run))
    assert got == code and message in err


def test_a_repeat_counts_only_in_a_query_trec_eval_evaluates(files, tmp_path):
    # As trec_eval: a document listed twice for a query without judgements is never looked at;
    # in a judged query it stops the evaluation there, after the queries before it.
    qrels, run = files
    unjudged, judged = tmp_path / "unjudged", tmp_path / "judged"
    unjudged.write_text(RUN + "7 Q0 x 1 0.5 mine\n7 Q0 x 2 0.4 mine\n")
    judged.write_text(RUN + "2 Q0 b 2 0.4 mine\n")
    assert command("-q", "-m", "map", qrels, str(unjudged)) == command("-q", "-m", "map", qrels, run)
    code, out, err = command("-q", "-m", "map", qrels, str(judged))
    assert code == 4 and out == command("-q", "-m", "map", qrels, run)[1].splitlines(True)[0]
    assert "document 'b' is listed twice for query '2'" in err
    twice = tmp_path / "judged_twice"
    twice.write_text(QRELS + "3 0 a 1\n3 0 a 0\n")  # query 3 has no results: 9.0.8 never evaluates it
    assert command("--trec-eval-version", "9.0.8", "-m", "map", str(twice), run)[0] == 0
    code, _, err = command("-c", "-m", "map", str(twice), run)  # 10.0 -c evaluates every judged query
    assert code == 4 and "document 'a' is judged twice for query '3'" in err


def test_a_blank_qrels_line_stops_as_in_trec_eval(files, tmp_path):
    blank = tmp_path / "blank"
    blank.write_text("1 0 a 1\n \n1 0 b 0\n")
    code, out, err = command(str(blank), files[1])
    assert (code, out) == (2, "") and "blank, line 2: a blank line" in err


def test_no_shared_query_is_exit_7_in_9_0_8(files, tmp_path):
    run = tmp_path / "other_queries"
    run.write_text("9 Q0 a 1 0.9 r\n")
    got, _, err = command("--trec-eval-version", "9.0.8", files[0], str(run))
    assert got == 7 and "share no query id" in err


def test_missing_files_and_arguments(files):
    assert command(files[0])[0] == 1
    got, _, err = command(*files, "-m")  # getopt: -m takes the next argument, and there is none
    assert got == 1 and "option requires an argument -- 'm'" in err
    got, _, err = command(files[0], "/no/such/run")
    assert got == 2 and "cannot read the run file '/no/such/run'" in err
    assert command("-", "-")[0] == 1


def test_help_and_version():
    code, out, _ = command("-h")
    assert code == 0 and out.startswith("Usage: rankmetrics-trec-eval") and "all_trec" in out
    code, out, err = command("-v")
    assert code == 0 and out == "" and "reproducing trec_eval 10.0" in err


def test_getopt_permutes_operands_and_stops_at_double_dash():
    options, operands = getopt_long(["a", "-q", "b", "--", "-c"])
    assert options == [("q", None)] and operands == ["a", "b", "-c"]
    with pytest.raises(TrecEvalExit):
        getopt_long(["--help=yes"])


@needs_processes
def test_python_dash_m_runs_it(files):
    done = subprocess.run([sys.executable, "-m", "rankmetrics_lite", "-m", "map", *files],
                          capture_output=True, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith(b"map                   \tall\t")


def test_blocks_of_queries_give_the_same_bytes(monkeypatch, tmp_path):
    # The command line evaluates queries block by block; tiny blocks must print the same.
    from rankmetrics_lite._trec_eval_cli import run as run_stage
    from tests.library.trec_collections import random_collection, write_collection

    for seed in (0, 5, 13):
        qrels, run = write_collection(random_collection(seed), tmp_path, seed, comments=True)
        for args in (["-q", "-c", "-m", "all_trec"], ["-q", "-c", "-R", "qrels_jg", "-m", "qrels_jg"]):
            whole = command(*args, str(qrels), str(run))
            monkeypatch.setattr(run_stage, "_BLOCK_CELLS", 7)
            assert command(*args, str(qrels), str(run)) == whole, (seed, args)
            monkeypatch.undo()


# ------------------------------------------- beyond trec_eval: formats, compare --

def _write(path, text) -> str:
    path.write_text(text)
    return str(path)


def test_compare_is_a_paired_t_test_with_holms_adjustment(tmp_path):
    qrels = _write(tmp_path / "qrels", "".join(f"{q} 0 {d} 1\n" for q in "123" for d in "ab"))
    scores = {"base": {"1": "axby", "2": "xaby", "3": "xyab"}, "b": {"1": "abxy", "2": "axby", "3": "xaby"},
              "c": {"1": "xyab", "2": "abxy", "3": "xyba"}}
    runs = [_write(tmp_path / name, "".join(f"{q} Q0 {d} {r} {9 - r} {name}\n" for q, order in by_q.items()
                                              for r, d in enumerate(order, 1)))
            for name, by_q in scores.items()]
    code, out, err = command("-q", "-m", "map", "--format", "json", "--compare", qrels, *runs)
    assert code == 0 and not err
    document = json.loads(out)
    rows = document["comparisons"]
    assert [(r["run"], r["measure"], r["queries"]) for r in rows] == [(runs[1], "map", 3), (runs[2], "map", 3)]
    per_query = [run["values"]["map"] for run in document["runs"]]
    for row, run in zip(rows, per_query[1:]):
        a, b = [run[q] for q in "123"], [per_query[0][q] for q in "123"]
        reference = scipy.stats.ttest_rel(a, b)
        assert row["t"] == pytest.approx(reference.statistic) and row["p"] == pytest.approx(reference.pvalue)
        assert row["difference"] == pytest.approx(sum(a) / 3 - sum(b) / 3)
    p = sorted(r["p"] for r in rows)
    assert sorted(r["p_holm"] for r in rows) == pytest.approx([min(1, 2 * p[0]), min(1, max(2 * p[0], p[1]))])
    code, out, _ = command("-m", "map", "--compare", qrels, *runs)
    assert code == 0 and out.splitlines()[-1].startswith("map") and "\t3\t" in out.splitlines()[-1]


def test_json_and_csv_hold_the_values_at_full_precision(files):
    qrels, run = read_trec_qrels(files[0]), read_trec_run(files[1])
    ours = evaluate(run, qrels, ["AP"], per_query=True)
    code, out, err = command("-q", "-m", "map", "--format", "json", *files)
    assert code == 0 and not err
    values = json.loads(out)["runs"][0]["values"]["map"]
    assert values == {"1": ours["1"]["AP"], "2": ours["2"]["AP"], "all": (ours["1"]["AP"] + ours["2"]["AP"]) / 2}
    code, out, _ = command("-m", "map", "-m", "num_ret", "--format", "csv", *files)
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["run", "measure", "query", "value"]
    assert rows[1:] == [[files[1], "num_ret", "all", "4"], [files[1], "map", "all", repr(values["all"])]]


def test_per_query_lines_can_go_to_a_file_of_their_own(files, tmp_path):
    target = tmp_path / "per_query.txt"
    code, out, _ = command("-m", "map", "--per-query-file", str(target), *files)
    _, everything, _ = command("-q", "-m", "map", *files)
    assert code == 0 and out == everything.splitlines(keepends=True)[-1]
    assert target.read_text() == "".join(everything.splitlines(keepends=True)[:-1])


def test_what_the_extras_refuse(files):
    assert command("--format", "xml", *files)[0] == 1
    assert "--format must be one of 'trec_eval', 'json', 'csv'; got 'xml'" in command("--format", "xml", *files)[2]
    code, _, err = command("--compare", *files)
    assert code == 1 and "at least two run files" in err
