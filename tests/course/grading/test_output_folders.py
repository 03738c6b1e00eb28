"""The tools write only into their own output folders and never delete what they did not write."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys

import pytest

from rankmetrics_course.tools import student_edition
from rankmetrics_course.tools.output_folders import MARKER, UnsafeOutputFolder, claim, clear, record
from tests.paths import ROOT


def course_fingerprint() -> dict[str, str]:
    """Every file of the course's own folders, with a hash of its content."""
    files = [p for name in ("book", "rankmetrics_lite", "course", "tests") for p in (ROOT / name).rglob("*")
             if p.is_file() and "__pycache__" not in p.parts]
    files += [p for p in ROOT.iterdir() if p.is_file()]
    return {str(p.relative_to(ROOT)): hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


@pytest.mark.parametrize("out, message", [
    (".", "must not be the course or a folder that holds it"),
    ("..", "must not be the course or a folder that holds it"),
    ("book", "must not lie inside the course's book/ folder"),
    ("book/student", "must not lie inside the course's book/ folder"),
    ("rankmetrics_lite/course", "must not lie inside the course's rankmetrics_lite/ folder"),
    ("course/rankmetrics_course", "must not lie inside the course's course/ folder"),
    ("tests/course", "must not lie inside the course's tests/ folder"),
    ("benchmarks", "which holds other files"),
])
def test_the_student_edition_refuses_a_dangerous_folder_and_touches_nothing(out, message, capsys):
    before = course_fingerprint()
    with pytest.raises(SystemExit):
        student_edition.main(["--course", str(ROOT), "--out", str(ROOT / out), "--no-html"])
    stderr = capsys.readouterr().err
    assert message in stderr and "nothing was written or deleted" in stderr
    assert course_fingerprint() == before
    assert not (ROOT / out / MARKER).exists()


@pytest.mark.slow
def test_make_student_in_the_course_folder_touches_nothing():
    before = course_fingerprint()
    result = subprocess.run(["make", "-s", "-o", ".venv/.installed", "student", "STUDENT_OUT=."],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert "STUDENT_OUT (--out) must not be the course" in result.stderr
    assert course_fingerprint() == before


@pytest.mark.slow
def test_make_grade_refuses_the_course_as_its_output(tmp_path):
    (tmp_path / "al.ipynb").write_text("{}")
    before = course_fingerprint()
    result = subprocess.run(["make", "-s", "-o", ".venv/.installed", "grade",
                             f"SUBMISSIONS={tmp_path}", "GRADES=.", "CHAPTERS=02", "UNSAFE=1"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert "GRADES (--out) must not be the course" in result.stderr
    assert course_fingerprint() == before


def test_a_folder_with_foreign_content_is_refused(tmp_path):
    (tmp_path / "thesis.tex").write_text("mine")
    with pytest.raises(UnsafeOutputFolder, match="holds other files"):
        claim(tmp_path, "student", "STUDENT_OUT", ROOT)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["thesis.tex"]


def test_another_tools_folder_is_refused(tmp_path):
    claim(tmp_path / "out", "grade", "GRADES", ROOT)
    (tmp_path / "out" / "scores.csv").write_text("x")
    with pytest.raises(UnsafeOutputFolder, match="earlier output of student"):
        claim(tmp_path / "out", "student", "STUDENT_OUT", ROOT)


def test_a_file_is_refused(tmp_path):
    (tmp_path / "notes").write_text("x")
    with pytest.raises(UnsafeOutputFolder, match="must be a folder"):
        claim(tmp_path / "notes", "grade", "GRADES", ROOT)


def test_clear_deletes_what_the_tool_wrote_and_refuses_what_it_did_not(tmp_path):
    out = claim(tmp_path / "out", "grade", "GRADES", ROOT)
    (out / "feedback").mkdir()
    (out / "feedback" / "al.md").write_text("x")
    (out / "scores.csv").write_text("x")
    record(out)
    (out / "mine.txt").write_text("kept")
    with pytest.raises(UnsafeOutputFolder, match=r"mine.txt \(not written by grade\).*nothing was deleted"):
        clear(out)
    assert (out / "scores.csv").exists() and (out / "feedback" / "al.md").exists()
    (out / "mine.txt").unlink()
    (out / "feedback" / "al.md").write_text("edited by hand")
    with pytest.raises(UnsafeOutputFolder, match=r"feedback/al.md \(edited since\)"):
        clear(out)
    (out / "feedback" / "al.md").write_text("x")
    clear(out)
    assert sorted(p.name for p in out.iterdir()) == [MARKER]
    with pytest.raises(UnsafeOutputFolder, match="was not claimed"):
        clear(tmp_path)


@pytest.mark.slow
def test_a_second_student_edition_replaces_the_first_cleanly(tmp_path):
    out = tmp_path / "student"
    command = [sys.executable, "-m", "rankmetrics_course.tools.student_edition", "--course", str(ROOT),
               "--out", str(out), "--no-html"]
    subprocess.run(command, cwd=tmp_path.parent, check=True, capture_output=True, timeout=300,
                   env={"PATH": ""})
    first = sorted(p.relative_to(out).as_posix() for p in out.rglob("*"))
    (out / "book" / "99-stale.ipynb").write_text("{}")  # written by a run of an older course
    record(out)
    subprocess.run(command, cwd=tmp_path.parent, check=True, capture_output=True, timeout=300,
                   env={"PATH": ""})
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == first
    assert MARKER in first and "book/02-precision-at-k.ipynb" in first


@pytest.mark.slow
def test_a_second_student_edition_keeps_the_instructors_files(tmp_path):
    out = tmp_path / "student"
    command = [sys.executable, "-m", "rankmetrics_course.tools.student_edition", "--course", str(ROOT),
               "--out", str(out), "--no-html"]
    subprocess.run(command, check=True, capture_output=True, timeout=300)
    notes, chapter = out / "book" / "my-notes-for-class.md", out / "book" / "02-precision-at-k.ipynb"
    notes.write_text("what I will say in class")
    before = {path: path.read_bytes() for path in out.rglob("*") if path.is_file()}
    again = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert again.returncode != 0 and "book/my-notes-for-class.md (not written by student)" in again.stderr
    notes.unlink()
    chapter.write_text(chapter.read_text().replace("Precision", "PRECISION"))  # edited for the class
    again = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert again.returncode != 0 and "book/02-precision-at-k.ipynb (edited since)" in again.stderr
    assert "nothing was deleted" in again.stderr
    del before[notes]
    assert {path: path.read_bytes() for path in out.rglob("*") if path.is_file() and path != chapter} == {
        path: data for path, data in before.items() if path != chapter}


@pytest.mark.kernel
def test_a_second_grading_keeps_the_instructors_comments(tmp_path):
    folder, grades = tmp_path / "class", tmp_path / "grades"
    folder.mkdir()
    (folder / "sam").mkdir()
    (folder / "sam" / "14-ndcg.ipynb").write_bytes(
        (ROOT / "tests" / "course" / "grading" / "submissions" / "sam" / "14-ndcg.ipynb").read_bytes())
    grade = [sys.executable, "-m", "rankmetrics_grading.grade_submissions", str(folder),
             "--course", str(ROOT), "--out", str(grades), "--unsafe", "--timeout", "120"]
    subprocess.run(grade, check=True, capture_output=True, timeout=600)
    (grades / "feedback" / "instructor-comments.md").write_text("sam: come and see me")
    again = subprocess.run(grade, capture_output=True, text=True, timeout=600)
    assert again.returncode != 0
    assert "feedback/instructor-comments.md (not written by grade)" in again.stderr
    assert (grades / "feedback" / "instructor-comments.md").read_text() == "sam: come and see me"
    assert (grades / "feedback" / "sam.md").exists() and (grades / "scores.csv").exists()


def make_plan(*arguments: str) -> str:
    return subprocess.run(["/usr/bin/make", "-n", "-o", ".venv/.installed", *arguments],
                          cwd=ROOT, capture_output=True, text=True, timeout=120).stdout


def test_the_default_grades_and_student_edition_lie_outside_what_make_clean_removes():
    plan = make_plan("student", "grade", "SUBMISSIONS=class")
    outs = [line.split('--out "')[1].split('"')[0] for line in plan.splitlines() if '--out "' in line]
    assert len(outs) == 2, plan
    removed = [line for line in make_plan("clean").splitlines()]
    for out in outs:
        assert not out.startswith(("_build", ".pytest_cache", ".hypothesis")), out
        assert all(out not in line for line in removed), (out, removed)
    ignored = (ROOT / ".gitignore").read_text().split()
    assert {f"/{out}/" for out in outs} <= set(ignored)  # a class's work is never committed


def test_make_clean_keeps_every_folder_that_grade_or_student_wrote(tmp_path):
    # A copy of the Makefile and of the one module `make clean` runs, in an empty course.
    (tmp_path / "Makefile").write_bytes((ROOT / "Makefile").read_bytes())
    tools = tmp_path / "course" / "rankmetrics_course" / "tools"
    tools.mkdir(parents=True)
    (tools / "output_folders.py").write_bytes(
        (ROOT / "course" / "rankmetrics_course" / "tools" / "output_folders.py").read_bytes())
    build = tmp_path / "_build"
    (build / "html").mkdir(parents=True)
    (build / "html" / "index.html").write_text("the book")
    for folder, tool, name in [(build / "grades", "grade", "scores.csv"),
                               (build / "week2" / "grades", "grade", "scores.csv"),
                               (build / "student", "student", "02-precision-at-k.ipynb"),
                               (build / "lab", "lab", "02-precision-at-k.ipynb")]:
        claim(folder, tool, "--out", tmp_path)
        (folder / name).write_text("kept?")
        record(folder)
    done = subprocess.run(["/usr/bin/make", "-s", "clean"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (build / "grades" / "scores.csv").read_text() == "kept?"
    assert (build / "week2" / "grades" / "scores.csv").is_file()
    assert (build / "student" / "02-precision-at-k.ipynb").is_file()
    assert not (build / "html").exists() and not (build / "lab").exists()
    assert f"kept {build.relative_to(tmp_path) / 'grades'}: written by make grade" in done.stdout
    # Nothing marked: _build goes whole, as before.
    for folder in (build / "grades", build / "week2", build / "student"):
        shutil.rmtree(folder)
    subprocess.run(["/usr/bin/make", "-s", "clean"], cwd=tmp_path, check=True, timeout=60)
    assert not build.exists()
