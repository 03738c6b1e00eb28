"""Grade a class's notebooks: run each in a sandbox, judge its answers here, write scores and feedback.

Usage: python -m rankmetrics_grading.grade_submissions SUBMISSIONS [--course DIR]
           [--out DIR] [--chapters 02,14] [--timeout SECONDS] [--notebook-timeout SECONDS] [--memory SIZE] [--jobs N] [--unsafe]

SUBMISSIONS is a folder of submitted notebooks, one per student (``alice.ipynb``)
or one folder per student (``alice/02-precision-at-k.ipynb``, ...); the
course's folder (``--course``, default: the current one) says which exercises
each chapter asks. Every notebook runs in its own bubblewrap sandbox
(:mod:`.sandbox`), each cell within
``--timeout``, the whole within ``--notebook-timeout``. Its ``check(label,
answer)`` calls send the answers to this process, which judges the last answer
per exercise against the pristine package; a function answer is also run, after
the notebook's last cell, on hidden inputs that this process draws for the class
and that no cell can read (:mod:`.notebook_runner`). One notebook's exception, endless
loop, deleted cell, crash or corrupt file never stops the others.

Written to OUT (default ``grades`` in the course folder, which ``make clean`` leaves alone):

* ``scores.csv``: one row per student, one column per exercise of the assigned
  chapters (``--chapters``; default: the chapters the submission files are named
  after), 1 or 0, ``total``, and a ``note`` that flags a name looking like another
  (case, invisible characters, spaces at the ends, Cyrillic or Greek look-alikes).
* ``feedback/<student>.md``: the verdict on each exercise (the hint when it is
  not yet right, never the answer), answers to exercises outside the assignment,
  and what went wrong while running.
"""

from __future__ import annotations

import argparse
import compileall
import csv
import dataclasses
import math
import os
import re
import resource
import secrets
import shutil
import signal
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

import rankmetrics_course
import rankmetrics_lite
from rankmetrics_course.exercises import Verdict, exercise_labels
from rankmetrics_course.exercises.registry import NO_ANSWER
from rankmetrics_course.exercises.hidden_cases import hidden_variants
from rankmetrics_grading import sandbox
from rankmetrics_grading.cgroup_limits import SandboxGroup
from rankmetrics_grading.limited_child import CHILD_MEMORY
from rankmetrics_grading.limited_judge import judge_within_limits
from rankmetrics_grading.look_alike_names import look_alikes
from rankmetrics_grading.run_submission import Settings, SubmissionRun, run_submission
from rankmetrics_grading.submission_files import find_submissions
from rankmetrics_course.tools.course_folder import NotACourse, add_course_option, course_folder
from rankmetrics_course.tools.output_folders import UnsafeOutputFolder, claim, clear, record

# check("label", ...) in a notebook's text, also inside its JSON (where quotes are escaped).
_CHECK_LABEL = re.compile(r"""check\(\s*\\?["']([\w.-]+)\\?["']""")
_CHAPTER_NAME = re.compile(r"^(\d{2})-")
_SIZE = re.compile(r"^(\d+(?:\.\d+)?)\s*([KMGT]?)i?B?$", re.IGNORECASE)
# The grader's own processes stay under this (MiB), for a class of up to 1,000 notebooks:
# a worker keeps a notebook's bytes (32 MiB at most) and its answers as bytes (36 MiB at most)
# and parses and judges them in limited children; the main process keeps at most about
# 100 KB of verdicts and problems a notebook. Measured: benchmarks/bench_grader.py.
PEAK_BOUND_MIB = 400


def checked_labels(path: Path) -> list[str]:
    """Labels of the ``check(...)`` calls in a notebook's text, in order (works on corrupt files)."""
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return []
    return list(dict.fromkeys(_CHECK_LABEL.findall(text)))


def chapter_notebook(number: str, book: Path) -> Path:
    """The book's notebook of chapter ``number`` (``"02"``)."""
    found = sorted(book.glob(f"{number}-*.ipynb"))
    if not re.fullmatch(r"\d{2}", number) or not found:
        raise ValueError(f"--chapters (CHAPTERS) must name chapters of the book by their two-digit "
                         f"number, e.g. 02,13; got {number!r} (no book/{number}-*.ipynb)")
    return found[0]


def chapters_named_by(students: dict[str, list[Path]]) -> list[str]:
    """The chapter numbers the submission files are named after (``02-precision-at-k.ipynb``)."""
    return sorted({match[1] for notebooks in students.values() for path in notebooks
                   if (match := _CHAPTER_NAME.match(path.name))})


def exercise_columns(chapters: list[str], book: Path) -> list[str]:
    """The registered exercises of the assigned chapters of ``book``, in book order."""
    registered = set(exercise_labels())
    columns: list[str] = []
    for number in sorted(chapters):
        columns += [label for label in checked_labels(chapter_notebook(number, book))
                    if label in registered and label not in columns]
    return columns


def judge_run(run: SubmissionRun, variants: dict) -> SubmissionRun:
    """The grader's verdict on each answer the run kept, each judged within its own time and
    memory limits (:mod:`.limited_judge`); the answers are then let go (what travels back to
    the grader's main process, and stays there, is the verdicts)."""
    for label, line in run.answers.items():
        run.verdicts[label], peak_mib = judge_within_limits(label, line, variants)
        run.child_mib = max(run.child_mib, peak_mib)
    for label, why in run.unjudged.items():
        run.verdicts[label] = Verdict(label, False, f"not yet. The grader did not judge it: {why}.")
    run.answers = {}
    return run


def run_and_judge(path: Path, settings: Settings, slot: int, variants: dict) -> SubmissionRun:
    """One notebook, run in its sandbox and judged (in a worker of the grader)."""
    run = judge_run(run_submission(path, settings, slot, variants), variants)
    run.grader_mib = _peak_mib()
    return run


def memory_report(runs: list[SubmissionRun], jobs: int) -> str:
    """The grader's own peak memory (its sandboxes' processes are limited apart), and its bound."""
    worker = max((run.grader_mib for run in runs), default=0.0)
    child = max((run.child_mib for run in runs), default=0.0)
    bound = PEAK_BOUND_MIB + jobs * (PEAK_BOUND_MIB + CHILD_MEMORY // 2**20)
    return (f"the grader's peak memory: {_peak_mib():.0f} MiB in its main process, {worker:.0f} MiB "
            f"in a worker, {child:.0f} MiB in a worker's child reading a notebook or judging an answer "
            f"(its worker's pages included); bound: {PEAK_BOUND_MIB} MiB for the main process and for "
            f"each worker, {CHILD_MEMORY // 2**20:,} MiB more for a child: {bound:,} MiB with {jobs} "
            f"job{'s' if jobs > 1 else ''}")


def _peak_mib() -> float:
    """This process's peak resident memory (its sandboxes and kernels not counted)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def student_verdicts(runs: list[SubmissionRun]) -> dict[str, Verdict]:
    """Per label, the verdict on the student's last answer: one answer per exercise counts.
    A later notebook of the student's, in the order found (``bob.ipynb``, then the folder
    ``bob/`` by name), replaces an earlier one's answer, unless it left that exercise's stub
    untouched (no answer yet): a blank copy handed in beside the work replaces nothing."""
    verdicts: dict[str, Verdict] = {}
    for run in runs:
        for label, verdict in run.verdicts.items():
            if verdict.message != NO_ANSWER or label not in verdicts:
                verdicts[label] = verdict
    return verdicts


def _several_submissions(student: str, runs: list[SubmissionRun], folder: Path) -> list[str]:
    """The feedback's line for a student who handed in a notebook and a folder of them."""
    names = [run.notebook.relative_to(folder).as_posix() for run in runs]
    if not (f"{student}.ipynb" in names and any("/" in name for name in names)):
        return []
    return ["", "## Your notebooks", "",
            f"You handed in both `{student}.ipynb` and a folder `{student}/`: all {len(names)} notebooks "
            f"were run ({', '.join(f'`{n}`' for n in names)}). For an exercise answered in more than "
            "one, the answer in the later of this list counts; an exercise left as its stub (no "
            "answer yet) replaces nothing."]


def feedback_text(student: str, columns: list[str], runs: list[SubmissionRun], folder: Path) -> str:
    judged = {label: verdict for label, verdict in student_verdicts(runs).items() if label in columns}
    score = sum(v.passed for v in judged.values())
    lines = [f"# Feedback for {student}", "", f"Score: {score} of {len(columns)} exercises.",
             *_several_submissions(student, runs, folder), "", "## Exercises", ""]
    for label in columns:
        if label not in judged:
            lines.append(f"- [ ] {label}: no answer was sent. Run its cell, ending in "
                         f'check("{label}", ...), with your answer (was the cell deleted?).')
        else:
            lines.append(f"- [{'x' if judged[label].passed else ' '}] {label}: {judged[label].message}")
    outside = [label for run in runs for label in run.verdicts if label not in columns]
    unknown = [label for run in runs for label in run.other_labels]
    if outside or unknown:
        lines += ["", "## Answers not scored", ""]
        lines += [f"- {label}: not part of this assignment." for label in dict.fromkeys(outside)]
        lines += [f"- {_shorten(label, 80)}: not an exercise of the course."
                  for label in list(dict.fromkeys(unknown))[:50]]
    problems = [(run.notebook, problem) for run in runs for problem in run.problems]
    if problems:
        lines += ["", "## Problems while running your notebook", ""]
        lines += [f"- {notebook.relative_to(folder)}: {problem}" for notebook, problem in problems]
    return "\n".join(lines) + "\n"


def pristine_package(folder: Path) -> Path:
    """A copy of both packages as installed (no book, no tests) and the runner, for the
    sandboxes (the hidden inputs are not in it: the runner gets them on its standard input)."""
    for package in (rankmetrics_lite, rankmetrics_course):
        source = Path(package.__file__).parent
        shutil.copytree(source, folder / source.name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copyfile(Path(__file__).with_name("notebook_runner.py"), folder / "notebook_runner.py")
    # Compiled once here: the sandboxes cannot write bytecode, and each would compile the package.
    compileall.compile_dir(folder, quiet=1)
    for path in [folder, *folder.rglob("*")]:  # readable by the sandboxes' users, writable by none
        path.chmod(0o755 if path.is_dir() else 0o444)
    folder.parent.chmod(0o711)
    return folder


def run_all(notebooks: list[Path], settings: Settings, jobs: int, variants: dict) -> dict[Path, SubmissionRun]:
    """Run and judge every notebook, ``jobs`` at a time, each in its own sandbox; never raises
    for one. Stopped (Ctrl-C, a kill), it stops its workers, and their sandboxes, first."""
    done: dict[Path, SubmissionRun] = {}
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        futures = {pool.submit(run_and_judge, path, settings, slot, variants): path
                   for slot, path in enumerate(notebooks)}
        for future in as_completed(futures):
            path = futures[future]
            try:
                done[path] = future.result()
            except Exception as error:  # the worker itself failed: grade the notebook as not run
                done[path] = SubmissionRun(path, problems=[
                    f"the grader could not run this notebook ({type(error).__name__}: {error})"])
            print(f"[{len(done)}/{len(notebooks)}] {path}: {len(done[path].verdicts)} answer(s), "
                  f"{len(done[path].problems)} problem(s), {done[path].seconds:.0f} s", flush=True)
    except BaseException:
        for worker in list(getattr(pool, "_processes", {}).values()):
            worker.kill()  # its sandbox dies with it (bwrap --die-with-parent)
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return done


def spreadsheet_cell(value):
    """``value`` as a CSV cell that a spreadsheet shows as text: a student's name is a file
    name, and one that starts like a formula (``=HYPERLINK(...)``) would be evaluated."""
    if isinstance(value, str) and value.startswith(("=", "+", "-", "@", "\t", "\r")):
        return "'" + value
    return value


def grade(folder: Path, out: Path, settings: Settings, course: Path,
          chapters: list[str] | None = None, jobs: int = 1) -> Path:
    """Grade every submission in ``folder`` on the exercises of the course in ``course``;
    write scores.csv and feedback/ into ``out``."""
    if not folder.is_dir():
        raise SystemExit(f"error: SUBMISSIONS must be a folder of submitted notebooks, got {folder}")
    students = find_submissions(folder)
    if not students:
        raise SystemExit(f"error: no .ipynb files in {folder}: SUBMISSIONS must hold the "
                         "students' notebooks (alice.ipynb, or alice/<chapter>.ipynb)")
    chapters = chapters or chapters_named_by(students)
    if not chapters:
        raise SystemExit("error: name the chapters assigned, e.g. CHAPTERS=02,13 (--chapters): the "
                         "submission files are not named after chapters (02-precision-at-k.ipynb)")
    try:
        columns = exercise_columns(chapters, course / "book")
        out = claim(out, "grade", "GRADES (--out)", course)
        clear(out, "GRADES (--out)")
    except (ValueError, UnsafeOutputFolder) as refusal:
        raise SystemExit(f"error: {refusal} (nothing was written or deleted)") from None
    if not settings.unsafe and not _cgroups_available():
        print("warning: no writable cgroup hierarchy (run as root for one): each notebook's memory "
              "and file sizes are limited, its number of processes is not", file=sys.stderr)
    variants = hidden_variants(secrets.randbits(32))
    # Everything grading writes outside OUT goes in here, which is removed on every way out.
    with tempfile.TemporaryDirectory(prefix="grading-") as scratch:
        package = pristine_package(Path(scratch) / "package")
        settings = dataclasses.replace(settings, package=package, scratch=Path(scratch))
        done = run_all([path for notebooks in students.values() for path in notebooks],
                       settings, jobs, variants)
    (out / "feedback").mkdir()
    scores = out / "scores.csv"
    alike = look_alikes(list(students))
    with scores.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student", *columns, "total", "note"])
        for student, notebooks in students.items():
            runs = [done[path] for path in notebooks]
            judged = student_verdicts(runs)
            marks = [int(label in judged and judged[label].passed) for label in columns]
            note = (f"name {ascii(student)} looks like {', '.join(map(ascii, alike[student]))}: one "
                    "student twice, or two? Check who handed in which" if student in alike else "")
            writer.writerow([spreadsheet_cell(student), *marks, sum(marks), note])
            (out / "feedback" / f"{student}.md").write_text(feedback_text(student, columns, runs, folder))
    record(out)  # what the next run may replace: these files, as written now
    print(memory_report(list(done.values()), jobs), flush=True)
    return scores


def _stop_on_terminate(signum, frame) -> None:
    """A kill (SIGTERM) ends the grader as Ctrl-C does: its workers stopped, its folders removed."""
    raise SystemExit(128 + signum)


def _cgroups_available() -> bool:
    group = SandboxGroup(f"rankmetrics-grading-probe-{os.getpid()}", 1, 2**30)
    group.close()
    return group.limits_processes


def memory_size(text: str) -> int:
    """``"4G"``, ``"512M"``, ``"2GiB"`` or bytes, as bytes."""
    match = _SIZE.match(text.strip())
    if not match or float(match[1]) <= 0:
        raise ValueError(f"--memory (MEMORY) must be a size such as 4G or 512M, got {text!r}")
    return int(float(match[1]) * 1024 ** " KMGT".index(match[2].upper() or " "))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("submissions", type=Path, help="folder of submitted notebooks")
    add_course_option(parser)
    parser.add_argument("--out", type=Path, default=None,
                        help="folder for scores.csv and feedback/ (default: the course's grades/)")
    parser.add_argument("--chapters", default="",
                        help="assigned chapters by number, e.g. 02,13 (default: the chapters the "
                             "submission files are named after)")
    parser.add_argument("--timeout", type=float, default=120,
                        help="time limit per cell, in seconds (default: 120)")
    parser.add_argument("--notebook-timeout", type=float, default=900,
                        help="time limit per notebook, in seconds (default: 900)")
    parser.add_argument("--memory", default="4G",
                        help="memory (address space) per process of a submission (default: 4G)")
    parser.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1),
                        help="notebooks run at the same time (default: up to 4)")
    parser.add_argument("--unsafe", action="store_true",
                        help="run without the bubblewrap sandbox (students' code unconfined)")
    args = parser.parse_args(argv)
    if args.timeout <= 0:
        parser.error(f"--timeout must be a positive number of seconds, got {args.timeout:g}")
    if args.notebook_timeout <= 0:
        parser.error(f"--notebook-timeout must be a positive number of seconds, "
                     f"got {args.notebook_timeout:g}")
    if args.jobs < 1:
        parser.error(f"--jobs must be a positive integer, got {args.jobs}")
    try:
        memory = memory_size(args.memory)
    except ValueError as error:
        parser.error(str(error))
    if not args.unsafe and sandbox.bubblewrap() is None:
        parser.error(f"the sandbox tool bwrap is missing: {sandbox.INSTALL_HINT}")
    try:
        course = course_folder(args.course)
    except NotACourse as refusal:
        parser.error(str(refusal))
    chapters = [c.strip() for c in args.chapters.split(",") if c.strip()]
    # A process cannot use more than its sandbox's time: the notebook's, and one cell's more
    # for the functions on the hidden inputs.
    cpu = max(1, math.ceil(args.notebook_timeout + args.timeout))
    settings = Settings(args.timeout, args.notebook_timeout, sandbox.Limits(memory, cpu_seconds=cpu),
                        None, args.unsafe)
    signal.signal(signal.SIGTERM, _stop_on_terminate)
    scores = grade(args.submissions, args.out or course / "grades", settings, course,
                   chapters, args.jobs)
    print(f"scores: {scores}\nfeedback: {scores.parent / 'feedback'}")
    return 0


def _shorten(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
