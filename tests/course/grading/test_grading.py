"""Grading a class (`make grade`): each notebook in its own sandbox, every verdict the grader's own.

The made-up class in submissions/ beside this file (a folder pytest does not
collect), graded as chapters 02 and 14, with the entries no repository can hold
added to a copy of it when the test runs (``hostile_class``):

* honest or careless: ada (one folder per student) answers chapter 2 right; ben
  gets one right, one wrong, leaves one stub; cleo's cell raises; dev's cell never
  ends; eve deleted a cell; finn's file is cut off half-way (not JSON); lou is
  blank; oli's memory hog is stopped by the memory limit between two right
  answers; pia's kernel dies and quin's hangs (ignoring Ctrl-C) after answering
  everything (their values count; their functions never reach the hidden inputs,
  which come after the last cell); rae (chapter 14) answers all four right, sam is blank, tia gets two.
* cheats: gus writes passing verdicts into the registry's memory; hal patches the
  checks and `check` itself, then answers wrong; ivy prints verdict lines,
  displays a forged verdict bundle, writes forged answers into the channel and
  exits; jon sends 1,001 answers on a grid (the right one among them, a wrong
  one last); kim writes a module into the installed package; max starts a
  detached process that rewrites every scores.csv and feedback file it can find;
  nia reads the solutions beside the package; uma's function is a table of the
  check's visible examples; kai's too, after looking for the hidden inputs every way
  (tests/course/grading/test_hostile_class.py says what it finds); vic patches a check, then brute-forces.
* what the grader itself reads and keeps: wes, xan and yul hand in symbolic links
  (to ada's notebook, to the course's own chapter 2 with its solutions, to
  /etc/passwd), zed a link to ada's folder, mallory a named pipe; ned sends
  10,001 answers before his right one, 24 answers of 4 MB and one over the
  grader's limit; uri sends a small line declaring a gigabyte of strings; fay's
  answers are a fraction, a map and a generator; "=HYPERLINK(1)" is a file name
  that a spreadsheet would evaluate.
"""

from __future__ import annotations

import csv
import hashlib
import inspect
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
import pytest

import rankmetrics_course
import rankmetrics_lite
from rankmetrics_course.exercises.hidden_cases import hidden_variants
from rankmetrics_grading import grade_submissions, sandbox
from rankmetrics_grading.limited_child import CHILD_MEMORY
from rankmetrics_grading.run_submission import Settings, SubmissionRun, run_submission
from tests.course.chapters.precision_at_k import answers as precision_at_k_answers
from tests.paths import ROOT

SUBMISSIONS = Path(__file__).with_name("submissions")
BOOK = ROOT / "book"
# The packages as installed (editable: the repository's own folders).
PACKAGES = [Path(rankmetrics_lite.__file__).parent, Path(rankmetrics_course.__file__).parent]
CHAPTER_2 = ["precision-short-list", "precision-every-k", "precision-at-bound"]
CHAPTER_14 = ["ndcg-by-hand", "ndcg-dcg", "ndcg-gains-disagree", "ndcg-full"]
LABELS = CHAPTER_2 + CHAPTER_14
# The time limits of these runs are derived from the work: how long one right submission (ada's)
# takes in the sandbox on this machine now, kernel start and imports included; a busy machine
# gets longer limits. At least these, on a quiet one.
QUIET_LIMITS = {"cell": 30, "quin's notebook": 30, "notebook": 240}
# oli's memory hog reaches the limit sooner, and on a busy machine within the cell's time.
MEMORY = "2G"
VANDAL = "rankmetrics-vandal-of-max"  # in the command line of max's detached process
FORMULA = "=HYPERLINK(1)"  # a student's file name that a spreadsheet would evaluate


def fingerprint(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.is_symlink() and "__pycache__" not in p.parts}


def packages_fingerprint() -> dict[str, dict[str, str]]:
    return {str(folder): fingerprint(folder) for folder in PACKAGES}


def running_command_lines() -> list[str]:
    lines = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            lines.append(cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace"))
        except OSError:
            pass
    return lines


@pytest.fixture(scope="module")
def package(tmp_path_factory):
    """The pristine packages as grading copies them for the sandboxes (no hidden inputs)."""
    return grade_submissions.pristine_package(tmp_path_factory.mktemp("scratch") / "package")


@pytest.fixture(scope="module")
def limits(package) -> dict[str, int]:
    """The time limits for this machine now: multiples of one right submission's run (ada's)."""
    settings = Settings(cell_timeout=3600, notebook_timeout=3600, limits=sandbox.Limits(4 * 2**30),
                        package=package)
    run = run_submission(SUBMISSIONS / "ada" / "02-precision-at-k.ipynb", settings)
    assert len(run.answers) == 3 and not run.problems, run.problems
    seconds = run.seconds
    return {"cell": max(QUIET_LIMITS["cell"], math.ceil(3 * seconds)),
            "quin's notebook": max(QUIET_LIMITS["quin's notebook"], math.ceil(3 * seconds)),
            "notebook": max(QUIET_LIMITS["notebook"], math.ceil(12 * seconds))}


# Answers right, then a cell that sleeps (it answers Ctrl-C, unlike quin's).
SLEEPER = ["from rankmetrics_course.exercises import check",
           inspect.getsource(precision_at_k_answers._every_k) + '\ncheck("precision-every-k", _every_k)',
           "import time\ntime.sleep(3600)", "print('never runs')"]
SLEEPERS_HIDDEN_INPUTS = hidden_variants(seed=5)


@pytest.fixture(scope="module")
def at_the_notebook_limit(package, limits, tmp_path_factory):
    """quin, and a notebook that sleeps, each alone, the cell limit far away and the notebook's
    limit near: started in the background (futures of their runs), so that their waits
    overlap the class's grading."""
    settings = Settings(cell_timeout=3600, notebook_timeout=limits["quin's notebook"],
                        limits=sandbox.Limits(4 * 2**30), package=package)
    sleeper = tmp_path_factory.mktemp("sleeper") / "sleeper.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in SLEEPER]), sleeper)
    with ThreadPoolExecutor(max_workers=2) as pool:
        yield {"quin": pool.submit(run_submission, SUBMISSIONS / "quin.ipynb", settings),
               "sleeper": pool.submit(run_submission, sleeper, settings, 1, SLEEPERS_HIDDEN_INPUTS)}


@pytest.fixture(scope="module")
def hostile_class(tmp_path_factory) -> Path:
    """The made-up class, copied, with what a repository cannot carry: links out of the
    folder and into it, a link to a folder, a named pipe, a name that looks like a formula."""
    folder = tmp_path_factory.mktemp("class") / "submissions"
    shutil.copytree(SUBMISSIONS, folder)
    (folder / "wes.ipynb").symlink_to(folder / "ada" / "02-precision-at-k.ipynb")
    (folder / "xan.ipynb").symlink_to(BOOK / "02-precision-at-k.ipynb")  # the solutions
    (folder / "yul.ipynb").symlink_to("/etc/passwd")
    (folder / "zed").symlink_to(folder / "ada", target_is_directory=True)
    os.mkfifo(folder / "mallory.ipynb")
    shutil.copyfile(folder / "ada" / "02-precision-at-k.ipynb", folder / f"{FORMULA}.ipynb")
    return folder


@pytest.fixture(scope="module")
def graded(tmp_path_factory, hostile_class, limits, at_the_notebook_limit):
    """`make grade` over the made-up class, into a temporary folder; what it left behind.
    (quin's run at the notebook limit is started first, to run alongside.)"""
    out = tmp_path_factory.mktemp("grades")
    before = {"package": packages_fingerprint(), "class": fingerprint(SUBMISSIONS)}
    result = subprocess.run(
        ["make", "-s", "-o", ".venv/.installed", "grade", f"SUBMISSIONS={hostile_class}",
         f"GRADES={out}", "CHAPTERS=02,14", f"TIMEOUT={limits['cell']}",
         f"NOTEBOOK_TIMEOUT={limits['notebook']}", f"MEMORY={MEMORY}",
         "JOBS=3"],
        cwd=ROOT, capture_output=True, text=True, timeout=1500)
    assert result.returncode == 0, result.stdout + result.stderr
    after = {"package": packages_fingerprint(), "class": fingerprint(SUBMISSIONS),
             "processes": running_command_lines(), "feedback": fingerprint(out),
             "memory": [float(m) for m in re.search(r"peak memory: (\d+) MiB in its main process, "
                                                   r"(\d+) MiB in a worker, (\d+) MiB in a worker's child",
                                                   result.stdout).groups()]}
    return out, before, after


def scores(out) -> dict[str, dict[str, str]]:
    with (out / "scores.csv").open() as handle:
        return {row["student"]: row for row in csv.DictReader(handle)}


def feedback(out, student: str) -> str:
    return (out / "feedback" / f"{student}.md").read_text()


def test_one_row_per_student_one_column_per_assigned_exercise(graded):
    out, _, _ = graded
    with (out / "scores.csv").open() as handle:
        header = next(csv.reader(handle))
    assert header == ["student", *LABELS, "total", "note"]
    assert sorted(scores(out)) == sorted(["ada", "ben", "cleo", "dev", "eve", "fay", "finn", "gus",
                                          "hal", "ivy", "jon", "kai", "kim", "lou", "max", "ned", "nia",
                                          "oli", "pia", "quin", "rae", "sam", "tia", "uma", "uri",
                                          "vic", "wes", "xan", "yul", "zed", "mallory", f"'{FORMULA}"])


@pytest.mark.parametrize("student, marks", [
    ("ada", [1, 1, 1]),   # all right
    ("ben", [0, 0, 1]),   # a wrong answer and an untouched stub
    ("cleo", [1, 0, 1]),  # an exception stops one cell, not the notebook
    ("dev", [1, 0, 1]),   # the endless loop is stopped; the next cell still runs
    ("eve", [1, 1, 0]),   # a deleted cell scores 0, the others count
    ("finn", [0, 0, 0]),  # a corrupt file scores 0 without stopping anyone
    ("gus", [0, 0, 0]),   # verdicts faked in the kernel's memory count for nothing
    ("hal", [0, 0, 0]),   # patched checks judge nothing: the grader judges the wrong answers
    ("ivy", [0, 0, 0]),   # printed verdicts, a forged bundle, forged answers, then os._exit
    ("jon", [0, 0, 0]),   # 1,001 answers: the last one counts, and it is wrong
    ("kim", [0, 0, 0]),   # the package is read-only in the sandbox
    ("lou", [0, 0, 0]),   # blank, graded after kim's attempt: nothing passes for free
    ("max", [1, 0, 0]),   # the one answer max computed; the detached process dies with the sandbox
    ("nia", [0, 0, 0]),   # no solutions in the sandbox to read
    ("oli", [1, 1, 0]),   # the memory hog is stopped; the answers around it count
    ("pia", [1, 0, 0]),   # the kernel dies after answering: the value counts, the functions
    ("quin", [1, 0, 0]),  # and hangs, ignoring Ctrl-C: neither got to the hidden inputs
    ("kai", [0, 0, 0]),   # looks for the hidden inputs every way, finds none; then tables
    ("fay", [1, 1, 1]),   # a Fraction, a map, a generator: judged as the in-class check judges them
    ("ned", [1, 0, 0]),   # the last of 10,002 answers counts; then a wrong one; then one too large
    ("uri", [0, 0, 0]),   # a gigabyte declared in 156 bytes is refused before it is allocated
    ("wes", [0, 0, 0]),   # a link to a classmate's notebook is not read
    ("xan", [0, 0, 0]),   # nor a link to the course's own solutions
    ("yul", [0, 0, 0]),   # nor a link to a system file
    ("zed", [0, 0, 0]),   # nor a link to a classmate's folder
    ("mallory", [0, 0, 0]),  # a named pipe is refused without waiting on it
    (f"'{FORMULA}", [1, 1, 1]),  # the name is written as text
])
def test_chapter_2_scores(graded, student, marks):
    row = scores(graded[0])[student]
    assert [int(row[label]) for label in LABELS] == marks + [0] * len(CHAPTER_14)
    assert int(row["total"]) == sum(marks)


@pytest.mark.parametrize("student, marks", [
    ("rae", [1, 1, 1, 1]),  # all right
    ("sam", [0, 0, 0, 0]),  # blank
    ("tia", [1, 0, 1, 0]),  # one wrong (no exponential gain), one stub
    ("uma", [1, 0, 0, 0]),  # a table of the visible examples fails on the hidden inputs
    ("vic", [0, 0, 0, 0]),  # a patched check and brute force: the last answer counts
])
def test_chapter_14_scores(graded, student, marks):
    row = scores(graded[0])[student]
    assert [int(row[label]) for label in LABELS] == [0] * len(CHAPTER_2) + marks
    assert int(row["total"]) == sum(marks)


def test_feedback_gives_the_hint_not_the_answer(graded):
    text = feedback(graded[0], "ben")
    assert "Score: 1 of 7 exercises." in text
    assert "- [ ] precision-short-list: not yet. P@k divides by k" in text
    assert "- [ ] precision-every-k: no answer yet." in text
    assert "- [x] precision-at-bound: correct." in text
    assert "0.3" not in text  # the right answer to precision-short-list


def test_feedback_names_each_failure(graded, limits):
    out = graded[0]
    assert "raised NameError: name 'precision_at_every_k' is not defined" in feedback(out, "cleo")
    assert f"ran longer than {limits['cell']} s and was stopped" in feedback(out, "dev")
    assert "- [ ] precision-at-bound: no answer was sent" in feedback(out, "eve")
    assert "the notebook could not be read (NotJSONError" in feedback(out, "finn")
    assert "raised MemoryError" in feedback(out, "oli")
    assert "the kernel died while running cell 6" in feedback(out, "pia")
    for student in ("pia", "quin"):
        assert "it was never run on the grader's hidden inputs" in feedback(out, student)
    assert "the kernel stopped responding" in feedback(out, "quin")
    # ... given up on when the interrupt went unanswered, not after one more cell's limit
    assert feedback(out, "quin").count(f"ran longer than {limits['cell']} s") == 1
    assert "the grader's hidden inputs" in feedback(out, "uma")
    assert "Problems" not in feedback(out, "ada")


def test_what_the_grader_does_not_read_is_named_and_never_quoted(graded):
    out = graded[0]
    for student in ("wes", "xan", "yul", "zed"):
        text = feedback(out, student)
        assert "the grader did not read it: it is a symbolic link" in text, text
        assert "root:" not in text and "solution" not in text.lower()
    assert "the grader did not read it: it is a named pipe" in feedback(out, "mallory")


def test_the_last_answer_counts_and_what_is_not_judged_says_why(graded):
    text = feedback(graded[0], "ned")
    assert "- [x] precision-short-list: correct." in text
    assert "- [ ] precision-every-k: not yet." in text
    assert "- [ ] precision-at-bound: not yet. The grader did not judge it: your last answer was larger" in text
    assert "not of numbers" in feedback(graded[0], "uri")


def test_a_name_that_looks_like_a_formula_is_written_as_text(graded):
    rows = (graded[0] / "scores.csv").read_text().splitlines()
    assert not [row for row in rows if row.startswith(("=", "+", "-", "@"))]
    assert f"'{FORMULA},1,1,1," in "\n".join(rows)


def test_labels_outside_the_assignment_go_to_the_feedback_not_the_columns(graded):
    text = feedback(graded[0], "ivy")
    assert "- made-up-exercise: not an exercise of the course." in text
    assert "- recall-at-5: not part of this assignment." in text


def test_no_student_touched_the_package_the_class_or_the_grades(graded):
    out, before, after = graded
    assert after["package"] == before["package"]
    assert not (PACKAGES[1] / "exercises" / "zz_everyone_passes.py").exists()
    assert after["class"] == before["class"]
    assert not [line for line in after["processes"] if VANDAL in line and "cmdline" not in line]
    assert fingerprint(out) == after["feedback"]  # nothing rewrote the grades since
    assert "max,1," in (out / "scores.csv").read_text()


def test_make_grade_without_a_folder_says_how_to_call_it():
    result = subprocess.run(["make", "-s", "-o", ".venv/.installed", "grade"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "make grade SUBMISSIONS=path/to/folder" in result.stderr


def test_make_grade_without_bubblewrap_says_how_to_install_it(tmp_path):
    result = subprocess.run(["/usr/bin/make", "-s", "-o", ".venv/.installed", "grade",
                             f"SUBMISSIONS={tmp_path}"], cwd=ROOT, capture_output=True, text=True,
                            timeout=60, env={"PATH": str(tmp_path)})  # no bwrap, no apt-get
    assert result.returncode != 0
    assert "apt-get install bubblewrap" in result.stderr and "UNSAFE=1" in result.stderr


def test_the_grader_refuses_to_run_unconfined_unless_told(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(sandbox, "bubblewrap", lambda: None)
    with pytest.raises(SystemExit):
        grade_submissions.main([str(tmp_path)])
    assert "bwrap is missing" in capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    (["--timeout", "0", "x"], "--timeout must be a positive number of seconds, got 0"),
    (["--notebook-timeout", "-1", "x"], "--notebook-timeout must be a positive number of seconds"),
    (["--jobs", "0", "x"], "--jobs must be a positive integer, got 0"),
    (["--memory", "lots", "x"], "--memory (MEMORY) must be a size such as 4G or 512M, got 'lots'"),
])
def test_bad_options_name_the_argument(argv, message, capsys):
    with pytest.raises(SystemExit):
        grade_submissions.main(argv)
    assert message in capsys.readouterr().err


def test_chapters_are_named_by_number():
    assert grade_submissions.exercise_columns(["14", "02"], BOOK) == LABELS
    with pytest.raises(ValueError, match=r"--chapters \(CHAPTERS\) must name chapters .* got '99'"):
        grade_submissions.exercise_columns(["99"], BOOK)


def test_chapters_default_to_the_submission_file_names():
    students = grade_submissions.find_submissions(SUBMISSIONS)
    assert grade_submissions.chapters_named_by(students) == ["02", "14"]
    assert grade_submissions.chapters_named_by({"bo": [Path("bo.ipynb")]}) == []


def test_memory_sizes():
    assert grade_submissions.memory_size("4G") == 4 * 2**30
    assert grade_submissions.memory_size("512MiB") == 512 * 2**20
    assert grade_submissions.memory_size("1000") == 1000


def test_a_missing_or_empty_folder_is_an_error(tmp_path):
    settings = None  # never reached
    with pytest.raises(SystemExit, match="SUBMISSIONS must be a folder"):
        grade_submissions.grade(tmp_path / "nowhere", tmp_path / "out", settings, ROOT)
    with pytest.raises(SystemExit, match="no .ipynb files"):
        grade_submissions.grade(tmp_path, tmp_path / "out", settings, ROOT)
    (tmp_path / "bo.ipynb").write_text("{}")
    with pytest.raises(SystemExit, match="name the chapters assigned, e.g. CHAPTERS=02,13"):
        grade_submissions.grade(tmp_path, tmp_path / "out", settings, ROOT)


def test_students_are_files_or_folders(tmp_path):
    for name in ["bo.ipynb", "al/ch2.ipynb", "al/extra/ch3.ipynb", "al/.ipynb_checkpoints/ch2.ipynb"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("{}")
    found = grade_submissions.find_submissions(tmp_path)
    assert {student: [p.relative_to(tmp_path).as_posix() for p in paths]
            for student, paths in found.items()} == {
        "al": ["al/ch2.ipynb", "al/extra/ch3.ipynb"], "bo": ["bo.ipynb"]}


def answer_line(label: str, **fields) -> bytes:
    """An answer line as the notebook sends it, and the grader keeps it."""
    return json.dumps({"label": label, **fields}).encode()


def test_a_later_notebook_of_a_student_replaces_the_answers_of_an_earlier_one():
    runs = [grade_submissions.judge_run(SubmissionRun(Path("a.ipynb"), answers={
                "precision-short-list": answer_line("precision-short-list", value=0.3)}), {}),
            grade_submissions.judge_run(SubmissionRun(Path("b.ipynb"), answers={
                "precision-short-list": answer_line("precision-short-list", value=0.75),
                "precision-every-k": answer_line("precision-every-k", value=None)}), {})]
    judged = grade_submissions.student_verdicts(runs)
    assert not judged["precision-short-list"].passed and "precision-at-bound" not in judged
    assert all(run.answers == {} for run in runs)  # judged, then let go


def test_a_malformed_answer_line_fails_without_stopping_the_grader():
    run = SubmissionRun(Path("a.ipynb"), answers={
        "precision-every-k": answer_line("precision-every-k", calls="not a list"),
        "precision-at-bound": b'{"label": "precision-at-bound", "value": [1, 2',
        "precision-short-list": answer_line("precision-at-bound", value=0.3)})  # another's label
    verdicts = grade_submissions.judge_run(run, {}).verdicts
    assert not [verdict for verdict in verdicts.values() if verdict.passed]
    assert verdicts["precision-at-bound"].message == "not yet. The answer could not be read (JSONDecodeError)."


def test_labels_are_found_even_in_a_corrupt_file():
    assert grade_submissions.checked_labels(SUBMISSIONS / "ben.ipynb") == CHAPTER_2
    assert grade_submissions.checked_labels(SUBMISSIONS / "finn.ipynb") == []  # cut before any check


def test_in_a_graded_run_check_judges_nothing(tmp_path, monkeypatch):
    from rankmetrics_course.exercises import check
    channel = tmp_path / "answers"
    channel.write_text("")  # the grader's pipe, in the sandbox
    monkeypatch.setenv("RANKMETRICS_ANSWER_CHANNEL", str(channel))
    verdict = check("precision-short-list", 0.3)
    assert not verdict.passed and "sent to the grader" in verdict.message
    assert channel.read_text() == '{"label": "precision-short-list", "value": 0.3}\n'


@pytest.mark.kernel
def test_a_notebook_stopped_at_its_time_limit_keeps_its_answers(at_the_notebook_limit, limits):
    # quin hangs after answering, ignoring Ctrl-C; the cell limit is far away, the notebook's is not.
    run = at_the_notebook_limit["quin"].result()
    limit = limits["quin's notebook"]
    assert any(f"ran longer than {limit} s in all and was stopped" in p for p in run.problems), run.problems
    judged = grade_submissions.judge_run(run, {}).verdicts
    assert [judged[label].passed for label in CHAPTER_2] == [True, True, True]


@pytest.mark.kernel
def test_a_notebook_stopped_at_its_limit_still_runs_its_functions_on_the_hidden_inputs(
        at_the_notebook_limit, limits):
    # The runner stops the sleeping cell at the notebook's limit, then has the function run on
    # the hidden inputs (killed at that limit, the sandbox would leave it never run on them).
    run = at_the_notebook_limit["sleeper"].result()
    limit = limits["quin's notebook"]
    assert run.problems == [f"the notebook ran longer than {limit} s in all and was stopped at cell 3 "
                            "('import time'); the cells after it were not run"], run.problems
    verdict = grade_submissions.judge_run(run, SLEEPERS_HIDDEN_INPUTS).verdicts["precision-every-k"]
    assert verdict.passed, verdict


@pytest.mark.slow
def test_the_grader_runs_from_any_folder_and_refuses_one_that_is_not_the_course(tmp_path):
    (tmp_path / "tools").mkdir()  # a folder of the instructor's own, named like ours
    (tmp_path / "tools" / "__init__.py").write_text("raise SystemExit('not the course tools')")
    grader = [sys.executable, "-m", "rankmetrics_grading.grade_submissions"]
    result = subprocess.run(grader + ["--jobs", "0", "x"], cwd=tmp_path, capture_output=True,
                            text=True, timeout=120)
    assert "--jobs must be a positive integer, got 0" in result.stderr, result.stderr
    result = subprocess.run(grader + ["--unsafe", str(SUBMISSIONS)], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode != 0 and "--course must be the course's folder" in result.stderr
    assert "no _config.yml and no _toc.yml and no book" in result.stderr, result.stderr
    result = subprocess.run(grader + ["--unsafe", "--course", str(ROOT), "--chapters", "99", str(SUBMISSIONS)],
                            cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert "got '99' (no book/99-*.ipynb)" in result.stderr, result.stderr


@pytest.mark.kernel
def test_a_killed_grader_stops_its_sandboxes_and_leaves_no_folder_behind(tmp_path):
    scratch, folder = tmp_path / "tmp", tmp_path / "class"
    scratch.mkdir()
    folder.mkdir()
    shutil.copyfile(SUBMISSIONS / "dev.ipynb", folder / "dev.ipynb")  # an endless loop
    grader = subprocess.Popen(
        [sys.executable, "-m", "rankmetrics_grading.grade_submissions", str(folder),
         "--course", str(ROOT), "--out", str(tmp_path / "grades"), "--chapters", "02",
         "--timeout", "600", "--jobs", "1"],
        env=dict(os.environ, TMPDIR=str(scratch)), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 300
    while not list(scratch.glob("grading-*/submission-*")):  # the notebook is in its sandbox
        assert grader.poll() is None, grader.stderr.read()
        assert time.monotonic() < deadline, "waited 300 s for the grader to start the notebook"
        time.sleep(0.2)
    grader.send_signal(signal.SIGTERM)
    assert grader.wait(timeout=120) != 0
    assert list(scratch.iterdir()) == []
    assert not [line for line in running_command_lines() if str(scratch) in line]


def test_the_graders_memory_stays_under_its_stated_bound_whatever_the_class_sends(graded):
    # ned sends 24 answers of 4 MB and uri declares a gigabyte; the grader keeps one answer per
    # exercise, as bytes, and parses and judges in limited children. Its own processes stay small.
    main, worker, child = graded[2]["memory"]
    bound = grade_submissions.PEAK_BOUND_MIB
    assert main < bound and worker < bound, graded[2]["memory"]
    assert 0 < child < worker + CHILD_MEMORY / 2**20, graded[2]["memory"]
