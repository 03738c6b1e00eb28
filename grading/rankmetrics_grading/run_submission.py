"""Run one submitted notebook in its own sandbox and collect the answers it sends.

The grader (this process) reads the submitted file as a plain file only
(:mod:`.submission_files`), clears the notebook's saved outputs, hands it to a
fresh sandbox (:mod:`.sandbox`), with the hidden inputs on the runner's standard
input (never in a file or a variable the notebook could read), and reads the answer
channel, a pipe that every ``check(label, answer)`` in the notebook writes one JSON
line to, as it runs. The last answer to each exercise is kept here as soon as it
arrives, so a notebook that answers and then crashes, hangs or is killed keeps what
it sent; a function answer counts only once it has also been run on the hidden
inputs, after the last cell (:mod:`.notebook_runner`). The runner stops the cells
after ``notebook_timeout`` seconds and gives the functions one cell's time limit
more; the grader stops the whole sandbox soon after, and nothing it started survives it.

Whatever a notebook sends, what the grader keeps is bounded: one answer per
exercise of the course (the last), each at most :data:`MAX_ANSWER_BYTES`, all
of them at most :data:`MAX_KEPT_BYTES`; an answer past a limit is not dropped
silently, its exercise's verdict says why it was not judged.

Nothing the notebook does raises out of :func:`run_submission`: every failure
becomes a line in ``problems``, worded for the student. The answers are judged
later, in the grader's own process (:mod:`.grade_submissions`).
"""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from rankmetrics_course.exercises import exercise_labels
from rankmetrics_course.exercises.hidden_cases import variants_to_data
from rankmetrics_grading import sandbox
from rankmetrics_grading.cgroup_limits import SandboxGroup
from rankmetrics_grading.limited_child import CHILD_MEMORY, CHILD_SECONDS, call_within_limits
from rankmetrics_grading.submission_files import RefusedSubmission, read_submission

# What one answer, and all the answers a notebook sends together, may take in the grader.
MAX_ANSWER_BYTES = 4 * 2**20
MAX_KEPT_BYTES = 32 * 2**20
# Labels that are no exercise of the course: named in the feedback, up to this many.
MAX_OTHER_LABELS = 50
# Cells of a notebook, counted in its bytes before it is parsed (a chapter has under 200;
# 650,000 empty cells took the grader's worker to 2.4 GB in nbformat).
MAX_CELLS = 2_000
# Seconds a sandbox takes to start (its kernel too) and to stop, beyond its limits.
_START_AND_STOP = 60
# The label leads every line graded_run writes: {"label": "...", ...}
_LEADING_LABEL = re.compile(rb'^\{"label": "((?:[^"\\]|\\.){1,200})"')


@dataclass
class SubmissionRun:
    """What running one notebook gave: the last answer to each exercise, what could not be
    kept, and what went wrong; once judged (``verdicts``), the answers are let go."""

    notebook: Path
    answers: dict[str, bytes] = field(default_factory=dict)  # label -> the last answer line, as sent
    unjudged: dict[str, str] = field(default_factory=dict)  # label -> why its last answer was not kept
    other_labels: list[str] = field(default_factory=list)  # labels of no exercise of the course
    verdicts: dict = field(default_factory=dict)  # label -> Verdict, filled by the grader
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0  # wall time of the run, for the grader's progress lines
    grader_mib: float = 0.0  # the peak memory of the grader's process that ran it, so far
    child_mib: float = 0.0  # the peak of its children that read the notebook and judged its answers


@dataclass(frozen=True)
class Settings:
    cell_timeout: float
    notebook_timeout: float
    limits: sandbox.Limits
    package: Path | None  # the pristine packages, with notebook_runner.py
    # (None until grade() has copied them)
    unsafe: bool = False  # run without the sandbox (the instructor said UNSAFE=1)
    scratch: Path | None = None  # where each run's folder goes (the grader's own, removed on exit)


def run_submission(path: Path, settings: Settings, slot: int = 0,
                   hidden_variants: dict | None = None) -> SubmissionRun:
    """Run the notebook at ``path`` in a sandbox, its function answers on ``hidden_variants``
    (``hidden_cases``; none: the check's own inputs only); ``slot`` tells concurrent runs apart."""
    run = SubmissionRun(Path(path))
    started = time.monotonic()
    try:
        raw = read_submission(path)
    except RefusedSubmission as refusal:
        run.problems.append(f"the grader did not read it: {refusal}")
        return run
    cells = raw.count(b'"cell_type"')
    if cells > MAX_CELLS:
        run.problems.append(f"the grader did not read it: it has {cells:,} cells, more than any notebook "
                            f"of the course ({MAX_CELLS:,} at most); submit the chapter's notebook itself")
        return run
    work = Path(tempfile.mkdtemp(prefix="submission-", dir=settings.scratch))
    try:
        os.chmod(work, 0o711)  # the sandbox's user reaches the two files below, nothing else
        submission, channel = work / "submission.ipynb", work / "answers"
        # Parsed in a limited child: what a notebook parses into is not bounded by its size.
        parsed = call_within_limits(_write_cleared, raw, submission)
        run.child_mib = parsed.peak_mib
        del raw
        if parsed.ended != "returned" or parsed.value:
            run.problems.append(_unread(parsed))
            return run
        os.chmod(submission, 0o644)
        os.mkfifo(channel, 0o622)  # the sandbox writes as nobody; only the grader reads
        hidden = json.dumps(variants_to_data(hidden_variants or {})).encode()
        _run_in_sandbox(run, submission, channel, settings, slot, hidden)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        run.seconds = time.monotonic() - started
    return run


def _write_cleared(raw: bytes, destination: Path) -> str | None:
    """Parse the notebook ``raw``, clear its saved outputs (they prove nothing: only this run
    counts) and write it to ``destination``; None, or why it could not be read."""
    try:
        notebook = nbformat.reads(raw.decode("utf-8"), as_version=4)
        cells = notebook.cells
        if not isinstance(cells, list) or not all(isinstance(c, dict) for c in cells):
            raise ValueError("it has no list of cells")
        for cell in cells:
            if cell.get("cell_type") == "code":
                cell.outputs = []
                cell.execution_count = None
        nbformat.write(notebook, destination)
    except MemoryError:
        raise
    except Exception as error:  # a corrupt file is the student's problem, not the grader's
        return f"{type(error).__name__}: {_shorten(str(error))}"
    return None


def _unread(parsed) -> str:
    """The feedback's line for a notebook the grader could not read."""
    if parsed.ended == "returned":
        return f"the notebook could not be read ({parsed.value}); save it again from Jupyter and resubmit"
    needed = (f"more than {CHILD_MEMORY // 2**20} MiB of memory" if parsed.ended == "memory"
              else f"more than {CHILD_SECONDS} s")
    return (f"the grader stopped reading it: parsing it needed {needed}, far more than any notebook "
            "of the course; submit the chapter's notebook itself")


def _run_in_sandbox(run: SubmissionRun, submission: Path, channel: Path, settings: Settings,
                    slot: int, hidden: bytes) -> None:
    runner = [str(Path(sys.prefix) / "bin" / "python")]
    timeouts = [str(settings.cell_timeout), str(settings.notebook_timeout)]
    if settings.unsafe:
        env = {**os.environ, **sandbox.environment(),
               "PYTHONPATH": str(settings.package), "RANKMETRICS_ANSWER_CHANNEL": str(channel)}
        env["HOME"] = env["TMPDIR"] = env["MPLCONFIGDIR"] = env["IPYTHONDIR"] = tempfile.gettempdir()
        env.pop("JUPYTER_RUNTIME_DIR")
        argv = runner + [str(settings.package / "notebook_runner.py"), str(submission), *timeouts]
    else:
        env = None
        argv = sandbox.command(runner + [f"{sandbox.PACKAGE}/notebook_runner.py", sandbox.SUBMISSION,
                                         *timeouts],
                               settings.package, submission, channel, settings.limits)
    # Opened read-write: the pipe never reports its end while the grader holds it, and the
    # grader reads it without blocking whether or not the notebook has opened it yet.
    reader = os.open(channel, os.O_RDWR | os.O_NONBLOCK)
    collector = _Collector(reader, run)
    collector.start()
    report = tempfile.TemporaryFile()
    group = SandboxGroup(f"rankmetrics-grading-{os.getpid()}-{slot}", settings.limits.processes,
                         settings.limits.memory + settings.limits.tmp_size)
    try:
        process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=report,
                                   stderr=subprocess.DEVNULL, env=env,
                                   preexec_fn=sandbox.apply_limits(settings.limits, group))
        threading.Thread(target=_hand_over, args=(process.stdin, hidden), daemon=True).start()
        try:
            process.wait(timeout=_sandbox_seconds(settings))
        except subprocess.TimeoutExpired:
            run.problems.append(f"the notebook's sandbox ran longer than {_sandbox_seconds(settings):g} s "
                                "in all and was stopped; the answers it had sent still count")
        finally:
            _stop(process)
        report.seek(0)
        run.problems += _problems_in(report.read(), process.returncode)
    finally:
        group.close()
        collector.finish()
        os.close(reader)
        report.close()


def _sandbox_seconds(settings: Settings) -> float:
    """How long a sandbox may run: the runner stops the cells at the notebook's limit and
    gives the functions on the hidden inputs one cell's limit more; the rest is to start
    and stop (the grader's backstop: the runner keeps to its limits itself)."""
    return settings.notebook_timeout + settings.cell_timeout + _START_AND_STOP


def _hand_over(pipe, hidden: bytes) -> None:
    """The hidden inputs to the runner's standard input (read before any cell runs)."""
    try:
        with pipe:
            pipe.write(hidden)
    except OSError:  # the sandbox ended before reading them
        pass


def _stop(process: subprocess.Popen) -> None:
    """Kill the sandbox and everything in it (its PID namespace ends with it)."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    process.wait()


def _problems_in(report: bytes, returncode: int) -> list[str]:
    """The runner's report, read as untrusted text: it only words the student's own feedback."""
    for line in reversed(report.decode(errors="replace").splitlines()[-50:]):
        try:
            problems = json.loads(line)["problems"]
        except (ValueError, KeyError, TypeError):
            continue
        if isinstance(problems, list):
            return [_shorten(str(p), 400) for p in problems[:50]]
    if returncode == -signal.SIGKILL:
        return []  # stopped by the grader: said already
    return ["the notebook did not run to its end (its sandbox stopped); "
            "the answers it had sent still count"]


class _Collector(threading.Thread):
    """Reads the answer channel while the notebook runs; keeps the last answer per exercise."""

    def __init__(self, descriptor: int, run: SubmissionRun):
        super().__init__(daemon=True)
        self.descriptor, self._run = descriptor, run
        self.buffer = b""
        self.oversized: bytes | None = None  # the head of a line being skipped as too large
        self.sizes: dict[str, int] = {}  # bytes kept per label
        self.labels = set(exercise_labels())
        self.done = threading.Event()

    def run(self) -> None:  # noqa: D401 (threading's name)
        while not self.done.is_set():
            ready, _, _ = select.select([self.descriptor], [], [], 0.2)
            if ready:
                self._read()

    def finish(self) -> None:
        self.done.set()
        self.join()
        self._read()  # what arrived just before the sandbox stopped

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.descriptor, 1 << 16)
            except BlockingIOError:
                return
            if not chunk:
                return
            self._take(chunk)

    def _take(self, chunk: bytes) -> None:
        while chunk:
            end = chunk.find(b"\n")
            piece, chunk = (chunk, b"") if end < 0 else (chunk[:end], chunk[end + 1:])
            if self.oversized is not None:  # inside a line too large to keep: skip to its end
                if end >= 0:
                    self._too_large(self.oversized)
                    self.oversized = None
                continue
            self.buffer += piece
            if len(self.buffer) > MAX_ANSWER_BYTES:
                self.oversized, self.buffer = self.buffer[:300], b""
                if end >= 0:
                    self._too_large(self.oversized)
                    self.oversized = None
                continue
            if end >= 0:
                line, self.buffer = self.buffer, b""
                self._keep(line)

    def _too_large(self, head: bytes) -> None:
        label = _label_of(head)
        if label is not None:
            self._refuse(label, f"your last answer was larger than the grader judges ({MAX_ANSWER_BYTES // 2**20} MiB)")

    def _keep(self, line: bytes) -> None:
        """Keep ``line`` as bytes: decoded, 4 MiB of JSON can take 100 MiB (a list of empty
        objects); it is decoded when judged, in a limited child (:mod:`.limited_judge`)."""
        label = _label_of(line)
        if label is None:  # no label where graded_run writes it: no answer
            return
        if label not in self.labels:
            if label not in self._run.other_labels and len(self._run.other_labels) < MAX_OTHER_LABELS:
                self._run.other_labels.append(label[:200])
            return
        kept = sum(self.sizes.values()) - self.sizes.get(label, 0)
        if kept + len(line) > MAX_KEPT_BYTES:
            self._refuse(label, "the notebook's answers together were larger than the grader keeps "
                                f"({MAX_KEPT_BYTES // 2**20} MiB)")
            return
        self._run.answers[label] = line
        self._run.unjudged.pop(label, None)
        self.sizes[label] = len(line)

    def _refuse(self, label: str, why: str) -> None:
        """The last answer to ``label`` could not be kept: no earlier one counts instead."""
        if label in self.labels:
            self._run.answers.pop(label, None)
            self.sizes.pop(label, None)
            self._run.unjudged[label] = why


def _label_of(line: bytes) -> str | None:
    """The label at the head of an answer line, where graded_run writes it, or None."""
    match = _LEADING_LABEL.match(line)
    try:
        return json.loads(b'"' + match[1] + b'"') if match else None
    except ValueError:  # an escape JSON does not know
        return None


def _shorten(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."
