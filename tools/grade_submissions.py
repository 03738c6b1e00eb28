"""Grade a class's notebooks: run each one, score its exercises, write scores and feedback.

Usage: python tools/grade_submissions.py SUBMISSIONS [--out DIR] [--timeout SECONDS]
                                         [--jobs N] [--assignment NOTEBOOK ...]

SUBMISSIONS is a folder of submitted notebooks, one per student (``alice.ipynb``)
or one folder per student (``alice/02-precision-at-k.ipynb``, ...). Every
notebook runs in a fresh kernel, each cell within the time limit; one
notebook's exception, endless loop, deleted cell or corrupt file never stops
the others. An exercise scores 1 when one of its checks passed during the run.

Written to OUT (default ``_build/grades``):

* ``scores.csv``: one row per student, one column per exercise label (1 or 0),
  and ``total``. The columns are every checked exercise of the chapters the
  submissions belong to (found from the labels they check), in book order;
  ``--assignment`` names the chapter notebooks instead.
* ``feedback/<student>.md``: the verdict of each exercise (the hint when it is
  not yet right, never the answer) and what went wrong while running.
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the tools package importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tools.output_folders import UnsafeOutputFolder, claim, clear  # noqa: E402
from tools.run_submission import SubmissionRun, run_submission  # noqa: E402

from rankmetrics_lite.course.exercises import Verdict, exercise_labels  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
# What grading writes into its output folder, and so may replace on its next run.
WRITES = ["scores.csv", "feedback"]
# check("label", ...) in a notebook's text, also inside its JSON (where quotes are escaped).
_CHECK_LABEL = re.compile(r"""check\(\s*\\?["']([\w.-]+)\\?["']""")


def find_submissions(folder: Path) -> dict[str, list[Path]]:
    """Student id -> their notebooks: ``folder/<id>.ipynb`` or ``folder/<id>/**/*.ipynb``."""
    students: dict[str, list[Path]] = {}
    for path in sorted(folder.rglob("*.ipynb")):
        relative = path.relative_to(folder)
        if ".ipynb_checkpoints" in relative.parts:
            continue
        student = relative.parts[0] if len(relative.parts) > 1 else path.stem
        students.setdefault(student, []).append(path)
    return students


def checked_labels(path: Path) -> list[str]:
    """Labels of the ``check(...)`` calls in a notebook's text, in order (works on corrupt files)."""
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return []
    return list(dict.fromkeys(_CHECK_LABEL.findall(text)))


def chapter_labels(chapters: list[Path]) -> dict[str, list[str]]:
    """Chapter name -> the registered exercise labels it checks, in order."""
    registered = set(exercise_labels())
    return {path.stem: [label for label in checked_labels(path) if label in registered]
            for path in chapters}


def exercise_columns(seen: set[str], chapters: dict[str, list[str]]) -> list[str]:
    """Every label of each chapter that ``seen`` touches (book order), then the other seen labels."""
    columns: list[str] = []
    for labels in chapters.values():
        if seen & set(labels):
            columns += [label for label in labels if label not in columns]
    registered = set(exercise_labels())
    return columns + sorted(label for label in seen - set(columns) if label in registered)


def best_verdicts(verdicts: list[Verdict]) -> dict[str, Verdict]:
    """Per label: a passing verdict if any check passed, else the last one given."""
    best: dict[str, Verdict] = {}
    for verdict in verdicts:
        if not (verdict.label in best and best[verdict.label].passed):
            best[verdict.label] = verdict
    return best


def feedback_text(student: str, columns: list[str], best: dict[str, Verdict],
                  runs: list[SubmissionRun], folder: Path) -> str:
    score = sum(best[label].passed for label in columns if label in best)
    lines = [f"# Feedback for {student}", "", f"Score: {score} of {len(columns)} exercises.", "",
             "## Exercises", ""]
    for label in columns:
        if label not in best:
            lines.append(f"- [ ] {label}: no check of this exercise ran. Run its cell, ending in "
                         f'check("{label}", ...), with your answer (was the cell deleted?).')
        else:
            verdict = best[label]
            lines.append(f"- [{'x' if verdict.passed else ' '}] {label}: {verdict.message}")
    problems = [(run.notebook, problem) for run in runs for problem in run.problems]
    if problems:
        lines += ["", "## Problems while running your notebook", ""]
        lines += [f"- {notebook.relative_to(folder)}: {problem}" for notebook, problem in problems]
    return "\n".join(lines) + "\n"


def run_all(notebooks: list[Path], timeout: float, jobs: int) -> dict[Path, SubmissionRun]:
    """Run every notebook, ``jobs`` at a time, each in its own kernel; never raises for one."""
    done: dict[Path, SubmissionRun] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(run_submission, path, timeout): path for path in notebooks}
        for future in as_completed(futures):
            path = futures[future]
            try:
                done[path] = future.result()
            except Exception as error:  # the worker itself failed: grade the notebook as not run
                done[path] = SubmissionRun(path, problems=[
                    f"the grader could not run this notebook ({type(error).__name__}: {error})"])
            print(f"[{len(done)}/{len(notebooks)}] {path}: {len(done[path].verdicts)} check(s), "
                  f"{len(done[path].problems)} problem(s)", flush=True)
    return done


def grade(folder: Path, out: Path, timeout: float, assignment: list[Path] | None = None,
          jobs: int = 1) -> Path:
    """Grade every submission in ``folder``; write scores.csv and feedback/ into ``out``."""
    if not folder.is_dir():
        raise SystemExit(f"error: SUBMISSIONS must be a folder of submitted notebooks, got {folder}")
    students = find_submissions(folder)
    if not students:
        raise SystemExit(f"error: no .ipynb files in {folder}: SUBMISSIONS must hold the "
                         "students' notebooks (alice.ipynb, or alice/<chapter>.ipynb)")
    try:
        out = claim(out, "grade", "GRADES (--out)")
    except UnsafeOutputFolder as refusal:
        raise SystemExit(f"error: {refusal} (nothing was written or deleted)") from None
    clear(out, WRITES)
    done = run_all([path for notebooks in students.values() for path in notebooks], timeout, jobs)
    runs = {student: [done[path] for path in notebooks] for student, notebooks in students.items()}

    seen = {v.label for student_runs in runs.values() for run in student_runs for v in run.verdicts}
    seen |= {label for notebooks in students.values() for path in notebooks
             for label in checked_labels(path)}
    chapters = chapter_labels(assignment or sorted((ROOT / "book").glob("*.ipynb")))
    columns = (list(dict.fromkeys(label for labels in chapters.values() for label in labels))
               if assignment else exercise_columns(seen, chapters))

    (out / "feedback").mkdir(parents=True, exist_ok=True)
    scores = out / "scores.csv"
    with scores.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student", *columns, "total"])
        for student, student_runs in runs.items():
            best = best_verdicts([v for run in student_runs for v in run.verdicts])
            marks = [int(label in best and best[label].passed) for label in columns]
            writer.writerow([student, *marks, sum(marks)])
            (out / "feedback" / f"{student}.md").write_text(
                feedback_text(student, columns, best, student_runs, folder))
    return scores


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("submissions", type=Path, help="folder of submitted notebooks")
    parser.add_argument("--out", type=Path, default=ROOT / "_build" / "grades",
                        help="folder for scores.csv and feedback/ (default: _build/grades)")
    parser.add_argument("--timeout", type=float, default=120,
                        help="time limit per cell, in seconds (default: 120)")
    parser.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1),
                        help="notebooks run at the same time (default: up to 4)")
    parser.add_argument("--assignment", type=Path, action="append",
                        help="a chapter notebook whose exercises are the columns (repeatable)")
    args = parser.parse_args(argv)
    if args.timeout <= 0:
        parser.error(f"--timeout must be a positive number of seconds, got {args.timeout:g}")
    if args.jobs < 1:
        parser.error(f"--jobs must be a positive integer, got {args.jobs}")
    for path in args.assignment or []:
        if not path.is_file():
            parser.error(f"--assignment must name a chapter notebook, got {path} (no such file)")
    scores = grade(args.submissions, args.out, args.timeout, args.assignment, args.jobs)
    print(f"scores: {scores}\nfeedback: {scores.parent / 'feedback'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
