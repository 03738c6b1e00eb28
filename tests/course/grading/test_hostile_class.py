"""Hostile input, round four, against the grader: no one submission stalls or swells it.

An answer that decodes for hours, a notebook of 650,000 cells, a process that spins, a
student's file beside the same student's folder, names that only look different."""

from __future__ import annotations

import csv
import json
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from rankmetrics_course.exercises import Verdict, graded_run
from rankmetrics_course.exercises.hidden_cases import hidden_variants
from rankmetrics_course.exercises.registry import NO_ANSWER
from rankmetrics_grading import grade_submissions, sandbox
from rankmetrics_grading.limited_judge import MAX_MESSAGE, judge_within_limits
from rankmetrics_grading.look_alike_names import look_alikes
from rankmetrics_grading.run_submission import Settings, SubmissionRun, run_submission
from tests.paths import ROOT

SUBMISSIONS = Path(__file__).with_name("submissions")
CHAPTER_2 = ["precision-short-list", "precision-every-k", "precision-at-bound"]

ENDLESS_ANSWER = """
import json, time
from pathlib import Path
from rankmetrics_grading import grade_submissions
from rankmetrics_grading.run_submission import SubmissionRun
endless = {"__rankmetrics__": "fraction", "text": "1e999999999"}  # hours of decoding
run = SubmissionRun(Path("a.ipynb"), answers={
    "precision-short-list": json.dumps({"label": "precision-short-list", "value": endless}).encode(),
    "precision-at-bound": b'{"label": "precision-at-bound", "value": 0.3}'})
verdicts = grade_submissions.judge_run(run, {}).verdicts
print(verdicts["precision-short-list"].message)
"""


def test_an_answer_that_decodes_for_hours_costs_its_exercise_and_nothing_else():
    # Judged in the grader's worker with no limit, `1e999999999` as a Fraction takes hours.
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", ENDLESS_ANSWER], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "took more than 10 s" in done.stdout and "1e999999999" in done.stdout
    assert time.monotonic() - started < 300


def empty_cells(n: int) -> bytes:
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": []}
    return json.dumps({"cells": [cell] * n, "metadata": {}, "nbformat": 4,
                       "nbformat_minor": 5}).encode()


# Each script first runs the worker on an empty notebook and prints how much the hostile one
# then adds to the worker's peak: what a worker holds before any submission (its imports, the
# course's checks) varies between machines and runs (167 MiB here alone, 431 at the start of a
# full parallel run), and is not what these tests are about.
WARM_UP = """
import resource, sys, tempfile
from pathlib import Path
import nbformat
empty = Path(tempfile.mkdtemp()) / "empty.ipynb"
nbformat.write(nbformat.v4.new_notebook(), empty)
def peak():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
"""

PEAK_OF_ONE_RUN = WARM_UP + """
from rankmetrics_grading import sandbox
from rankmetrics_grading.run_submission import Settings, run_submission
settings = Settings(60, 60, sandbox.Limits(2**30), None)
run_submission(empty, settings)
before = peak()
run = run_submission(Path(sys.argv[1]), settings)
print(run.problems[0])
print(peak() - before)
"""


def worker_peak(*argv: str, script: str) -> list[str]:
    """Lines printed by ``script`` run in a fresh grader's worker (a subprocess), held to 3 GiB
    of address space (a soft limit its limited children may lower) in case a fault swells it."""
    limit = 3 * 2**30
    done = subprocess.run([sys.executable, "-c", script, *argv], capture_output=True, text=True,
                          timeout=600, preexec_fn=lambda: resource.setrlimit(
                              resource.RLIMIT_AS, (limit, resource.RLIM_INFINITY)))
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.splitlines()


@pytest.mark.parametrize("cells, refusal", [(100_000, "it has 100,000 cells"),
                                            (650_000, "it is larger than any notebook")])
def test_a_notebook_of_many_cells_is_refused_before_it_is_parsed(tmp_path, cells, refusal):
    # 650,000 empty cells (58 MB) took the grader's worker to 2.4 GB in nbformat.
    path = tmp_path / "many.ipynb"
    path.write_bytes(empty_cells(cells))
    problem, peak_mib = worker_peak(str(path), script=PEAK_OF_ONE_RUN)
    assert refusal in problem
    assert int(peak_mib) < 150, peak_mib  # MiB the hostile notebook added


def test_a_notebook_that_parses_into_gigabytes_is_read_in_a_limited_child(tmp_path):
    # 32 MiB of empty JSON objects took the grader's worker past 12 GB in nbformat (15 minutes,
    # still growing); under the cap on size and cells, it is read in a child limited to 1 GiB.
    path = tmp_path / "objects.ipynb"
    head = b'{"cells": [], "nbformat": 4, "nbformat_minor": 5, "metadata": {"x": ['
    path.write_bytes(head + b"{}," * ((32 * 2**20 - 100) // 3) + b"{}]}}")
    problem, peak_mib = worker_peak(str(path), script=PEAK_OF_ONE_RUN)
    assert "the grader stopped reading it: parsing it needed more than" in problem  # memory or time
    assert int(peak_mib) < 150, peak_mib  # MiB the hostile notebook added


ANSWERS_THAT_DECODE_BIG = r"""
import os
from rankmetrics_course.exercises import exercise_labels
for label in exercise_labels()[:8]:  # any exercise of the course is kept (the last answer each)
    line = b'{"label": "%s", "value": [' % label.encode() + b"{}," * (4 * 2**20 // 3 - 100) + b"{}]}\n"
    channel = os.open(os.environ["RANKMETRICS_ANSWER_CHANNEL"], os.O_WRONLY | os.O_APPEND)
    os.write(channel, line)
    os.close(channel)
"""

PEAK_OF_ONE_JUDGED_RUN = WARM_UP + """
from rankmetrics_grading import grade_submissions, sandbox
from rankmetrics_grading.run_submission import Settings, run_submission
settings = Settings(120, 300, sandbox.Limits(4 * 2**30), Path(sys.argv[2]))
grade_submissions.judge_run(run_submission(empty, settings), {})
before = peak()
run = grade_submissions.judge_run(run_submission(Path(sys.argv[1]), settings), {})
print(len(run.verdicts), sum(v.passed for v in run.verdicts.values()), run.problems)
print(peak() - before)
"""


@pytest.mark.kernel
@pytest.mark.skipif(sandbox.bubblewrap() is None, reason="bubblewrap is not installed")
def test_answers_that_decode_into_gigabytes_are_kept_as_bytes_and_judged_in_limited_children(tmp_path):
    # Eight answers of 4 MiB of empty JSON objects (32 MiB: the most the grader keeps) decode
    # into about 100 MiB each: kept decoded, they took the worker to about 800 MiB.
    path = tmp_path / "objects.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(ANSWERS_THAT_DECODE_BIG)]), path)
    package = grade_submissions.pristine_package(tmp_path / "package")
    counts, peak_mib = worker_peak(str(path), str(package), script=PEAK_OF_ONE_JUDGED_RUN)
    assert counts == "8 0 []", counts  # all eight judged (in children), none right
    assert int(peak_mib) < 150, peak_mib  # MiB the hostile notebook added


def test_the_grader_limits_cpu_time_itself():
    limits = sandbox.Limits(4 * 2**30, cpu_seconds=1)
    started = time.monotonic()
    spinner = subprocess.run([sys.executable, "-c", "while True: pass"],
                             preexec_fn=sandbox.apply_limits(limits), timeout=120)
    assert spinner.returncode == -signal.SIGXCPU
    assert time.monotonic() - started < 120


def test_make_grade_gives_each_process_its_sandboxs_time_in_cpu_seconds(monkeypatch):
    # The notebook's time, and one cell's more for the functions on the hidden inputs.
    seen = {}
    monkeypatch.setattr(grade_submissions, "grade", lambda *args, **kwargs: seen.setdefault("settings", args[2]) and Path("x/scores.csv"))
    monkeypatch.setattr(sandbox, "bubblewrap", lambda: "/usr/bin/bwrap")
    grade_submissions.main([str(ROOT), "--course", str(ROOT), "--notebook-timeout", "300", "--timeout", "60"])
    assert seen["settings"].limits.cpu_seconds == 360


def judged(path: str, passed: bool | None) -> SubmissionRun:
    """A run of ``path`` whose three chapter-2 answers were right (True), wrong, or stubs (None)."""
    run = SubmissionRun(Path(path))
    for label in CHAPTER_2:
        run.verdicts[label] = (Verdict(label, False, NO_ANSWER) if passed is None
                               else Verdict(label, passed, "correct." if passed else "not yet. x"))
    return run


@pytest.fixture
def grade_class(tmp_path, monkeypatch):
    """grade() over a class of the given files, each run standing in for its sandboxed run."""
    def grade(runs: dict[str, bool | None]) -> tuple[Path, Path]:
        folder = tmp_path / "class"
        for name in runs:
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text("{}")
        results = {folder / name: judged(str(folder / name), passed) for name, passed in runs.items()}
        monkeypatch.setattr(grade_submissions, "run_all", lambda notebooks, *rest: {
            path: results[path] for path in notebooks})
        out = tmp_path / "grades"
        settings = Settings(60, 60, sandbox.Limits(2**30), None, unsafe=True)
        grade_submissions.grade(folder, out, settings, ROOT, ["02"])
        return out, folder
    return grade


def rows(out: Path) -> dict[str, dict[str, str]]:
    with (out / "scores.csv").open() as handle:
        return {row["student"]: row for row in csv.DictReader(handle)}


def test_a_blank_folder_beside_a_students_notebook_replaces_nothing_and_the_feedback_says_so(grade_class):
    out, _ = grade_class({"bob.ipynb": True, "bob/02-precision-at-k.ipynb": None})
    assert rows(out)["bob"]["total"] == "3"
    feedback = (out / "feedback" / "bob.md").read_text()
    assert "You handed in both `bob.ipynb` and a folder `bob/`" in feedback
    assert "`bob.ipynb`, `bob/02-precision-at-k.ipynb`" in feedback


def test_a_later_answer_still_replaces_an_earlier_one(grade_class):
    out, _ = grade_class({"bob.ipynb": True, "bob/02-precision-at-k.ipynb": False})
    assert rows(out)["bob"]["total"] == "0"


def test_look_alike_names_are_flagged_in_the_scores(grade_class):
    names = ["bob", "b\u043eb", "b\u200bob", "bob ", "BOB", "ann"]  # Cyrillic o, zero-width space
    out, _ = grade_class({f"{name}.ipynb": True for name in names})
    table = rows(out)
    assert len(table) == 6
    for name in names[:5]:
        assert "looks like" in table[name]["note"] and ascii("bob") in table[name]["note"] or name == "bob"
    assert table["bob"]["note"].count("looks like") == 1 and "'b\\u200bob'" in table["bob"]["note"]
    assert table["ann"]["note"] == ""
    assert look_alikes(names)["bob"] == names[1:5]


# Every way kai.ipynb looks for the hidden inputs while its cells run (each reported through
# a label of no exercise, which the grader names in the feedback).
WAYS_TO_THE_HIDDEN_INPUTS = ["path", "environment", "search", "loader", "kernel memory",
                             "/proc of the parent", "/proc of other processes"]


@pytest.mark.kernel
@pytest.mark.skipif(sandbox.bubblewrap() is None, reason="bubblewrap is not installed")
def test_no_cell_can_read_the_hidden_inputs_and_a_table_still_earns_nothing(tmp_path):
    # The hidden inputs were a file of the sandbox's package, named in its environment and
    # cached in the kernel by the package's loader: kai found them all seven ways.
    variants = hidden_variants(seed=11)
    settings = Settings(120, 600, sandbox.Limits(4 * 2**30),
                        grade_submissions.pristine_package(tmp_path / "package"))
    run = run_submission(SUBMISSIONS / "kai.ipynb", settings, hidden_variants=variants)
    assert not run.problems, run.problems
    assert sorted(run.other_labels) == sorted(f"hidden inputs by {way}: nothing"
                                              for way in WAYS_TO_THE_HIDDEN_INPUTS)
    verdicts = grade_submissions.judge_run(run, variants).verdicts
    assert sorted(verdicts) == ["precision-at-bound", "precision-every-k"]
    for verdict in verdicts.values():  # run on the hidden inputs after the last cell, and wrong there
        assert not verdict.passed and "not on the grader's hidden inputs" in verdict.message, verdict


def test_a_verdict_quoting_a_huge_output_is_cut_short():
    # The grader keeps one message per exercise and student; a hint may quote what the
    # student's function returned (here 90,000 numbers).
    line = json.dumps(graded_run.record("precision-at-bound", lambda relevance, n: list(range(90_000))))
    verdict, _ = judge_within_limits("precision-at-bound", line.encode(), {})
    assert not verdict.passed and len(verdict.message) == MAX_MESSAGE and verdict.message.endswith("...")


def test_the_courses_expected_values_are_computed_once_in_the_worker_not_per_answer():
    # Chapter 24's checks build a synthetic log and fit models (seconds of CPU): the worker
    # prepares them before it forks, so each answer's time-limited child inherits them and
    # spends its CPU seconds on the answer alone.
    from rankmetrics_course.chapters.recommenders_offline import checks
    from tests.course.chapters.recommenders_offline.answers import ANSWERS

    label = "recommenders-offline-recent-popularity"
    checks._recent_popularity.cache_clear()
    line = json.dumps(graded_run.record(label, ANSWERS[label]["right"]))
    verdict, _ = judge_within_limits(label, line.encode(), {})
    assert verdict.passed, verdict
    assert checks._recent_popularity.cache_info().currsize == 1  # computed here, in the worker
