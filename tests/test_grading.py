"""Grading a class (`make grade`): every notebook runs, no failure stops the others.

The made-up class in tests/data/submissions (a folder pytest does not collect):
ada (one folder per student) answers all three exercises of chapter 2 right;
ben gets one right, one wrong and leaves one stub; cleo's cell raises an
exception; dev's cell never ends; eve deleted the last exercise's cell; finn's
file is cut off half-way (not JSON).
"""

from __future__ import annotations

import csv
import subprocess
import sys

import nbformat
import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT))  # the tools package

from tools import grade_submissions  # noqa: E402
from tools.run_submission import verdicts_in_outputs  # noqa: E402

from rankmetrics_lite.course.exercises import Verdict, check  # noqa: E402
from rankmetrics_lite.course.exercises.registry import recorded_verdicts  # noqa: E402

SUBMISSIONS = ROOT / "tests" / "data" / "submissions"
LABELS = ["precision-short-list", "precision-every-k", "precision-at-bound"]
# Long enough for a kernel to import the package on a busy machine; dev's loop waits this long.
TIME_LIMIT = 20


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """`make grade` over the made-up class, into a temporary folder."""
    out = tmp_path_factory.mktemp("grades")
    result = subprocess.run(
        ["make", "-s", "-o", ".venv/.installed", "grade", f"SUBMISSIONS={SUBMISSIONS}",
         f"GRADES={out}", f"TIMEOUT={TIME_LIMIT}", "JOBS=3"],
        cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout + result.stderr
    return out


def scores(out) -> dict[str, dict[str, str]]:
    with (out / "scores.csv").open() as handle:
        return {row["student"]: row for row in csv.DictReader(handle)}


def feedback(out, student: str) -> str:
    return (out / "feedback" / f"{student}.md").read_text()


def test_one_row_per_student_one_column_per_exercise(graded):
    with (graded / "scores.csv").open() as handle:
        header = next(csv.reader(handle))
    assert header == ["student", *LABELS, "total"]
    assert sorted(scores(graded)) == ["ada", "ben", "cleo", "dev", "eve", "finn"]


@pytest.mark.parametrize("student, marks", [
    ("ada", [1, 1, 1]),   # all right
    ("ben", [0, 0, 1]),   # a wrong answer and an untouched stub
    ("cleo", [1, 0, 1]),  # an exception stops one cell, not the notebook
    ("dev", [1, 0, 1]),   # the endless loop is stopped; the next cell still runs
    ("eve", [1, 1, 0]),   # a deleted cell scores 0, the others count
    ("finn", [0, 0, 0]),  # a corrupt file scores 0 without stopping anyone
])
def test_scores(graded, student, marks):
    row = scores(graded)[student]
    assert [int(row[label]) for label in LABELS] == marks
    assert int(row["total"]) == sum(marks)


def test_feedback_gives_the_hint_not_the_answer(graded):
    text = feedback(graded, "ben")
    assert "Score: 1 of 3 exercises." in text
    assert "- [ ] precision-short-list: not yet. P@k divides by k" in text
    assert "- [ ] precision-every-k: no answer yet." in text
    assert "- [x] precision-at-bound: correct." in text
    assert "0.3" not in text  # the right answer to precision-short-list


def test_feedback_names_each_failure(graded):
    assert "raised NameError: name 'precision_at_every_k' is not defined" in feedback(graded, "cleo")
    assert f"ran longer than {TIME_LIMIT} s and was stopped" in feedback(graded, "dev")
    assert "- [ ] precision-at-bound: no check of this exercise ran" in feedback(graded, "eve")
    assert "the notebook could not be read (NotJSONError" in feedback(graded, "finn")
    assert "Problems" not in feedback(graded, "ada")


def test_make_grade_without_a_folder_says_how_to_call_it():
    result = subprocess.run(["make", "-s", "-o", ".venv/.installed", "grade"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "make grade SUBMISSIONS=path/to/folder" in result.stderr


@pytest.mark.parametrize("argv, message", [
    (["--timeout", "0", "x"], "--timeout must be a positive number of seconds, got 0"),
    (["--jobs", "0", "x"], "--jobs must be a positive integer, got 0"),
    (["--assignment", "nowhere.ipynb", "x"], "--assignment must name a chapter notebook"),
])
def test_bad_options_name_the_argument(argv, message, capsys):
    with pytest.raises(SystemExit):
        grade_submissions.main(argv)
    assert message in capsys.readouterr().err


def test_a_missing_or_empty_folder_is_an_error(tmp_path):
    with pytest.raises(SystemExit, match="SUBMISSIONS must be a folder"):
        grade_submissions.grade(tmp_path / "nowhere", tmp_path / "out", 10)
    with pytest.raises(SystemExit, match="no .ipynb files"):
        grade_submissions.grade(tmp_path, tmp_path / "out", 10)


def test_students_are_files_or_folders(tmp_path):
    for name in ["bo.ipynb", "al/ch2.ipynb", "al/extra/ch3.ipynb", "al/.ipynb_checkpoints/ch2.ipynb"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("{}")
    found = grade_submissions.find_submissions(tmp_path)
    assert {student: [p.relative_to(tmp_path).as_posix() for p in paths]
            for student, paths in found.items()} == {
        "al": ["al/ch2.ipynb", "al/extra/ch3.ipynb"], "bo": ["bo.ipynb"]}


def test_a_pass_counts_even_if_a_later_check_fails():
    verdicts = [Verdict("a", False, "no answer yet."), Verdict("a", True, "correct."),
                Verdict("a", False, "not yet. x"), Verdict("b", False, "no answer yet."),
                Verdict("b", False, "not yet. y")]
    best = grade_submissions.best_verdicts(verdicts)
    assert best["a"].passed and best["a"].message == "correct."
    assert not best["b"].passed and best["b"].message == "not yet. y"


def test_columns_are_whole_chapters_in_book_order():
    chapters = {"02": ["p1", "p2", "p3"], "03": ["r1", "r2"], "12": ["m1"]}
    assert grade_submissions.exercise_columns({"p2"}, chapters) == ["p1", "p2", "p3"]
    assert grade_submissions.exercise_columns({"m1", "r2"}, chapters) == ["r1", "r2", "m1"]
    assert grade_submissions.exercise_columns(set(), chapters) == []


def test_labels_are_found_even_in_a_corrupt_file():
    assert grade_submissions.checked_labels(SUBMISSIONS / "ben.ipynb") == LABELS
    assert grade_submissions.checked_labels(SUBMISSIONS / "finn.ipynb") == []  # cut before any check


def test_the_book_chapters_give_the_columns():
    chapters = grade_submissions.chapter_labels([ROOT / "book" / "02-precision-at-k.ipynb"])
    assert chapters == {"02-precision-at-k": LABELS}


def test_every_check_is_recorded_for_the_grader():
    before = len(recorded_verdicts())
    check("precision-short-list", 0.75)
    check("precision-short-list", 0.3)
    assert [(v.label, v.passed) for v in recorded_verdicts()[before:]] == [
        ("precision-short-list", False), ("precision-short-list", True)]


def test_verdicts_are_read_back_from_outputs_when_the_kernel_is_lost():
    cells = [nbformat.v4.new_code_cell("check(...)", outputs=[nbformat.v4.new_output(
                 "execute_result", {"text/plain": "precision-short-list: correct."}, execution_count=1)]),
             nbformat.v4.new_code_cell("print(...)", outputs=[nbformat.v4.new_output(
                 "stream", text="precision-every-k: not yet. hint\nnot-a-label: correct.\n")]),
             nbformat.v4.new_markdown_cell("precision-at-bound: correct.")]
    assert verdicts_in_outputs(cells) == [Verdict("precision-short-list", True, "correct."),
                                          Verdict("precision-every-k", False, "not yet. hint")]
