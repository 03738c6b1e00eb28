"""Run one submitted notebook in its own sandbox and collect the answers it sends.

The grader (this process) clears the notebook's saved outputs, hands it to a
fresh sandbox (:mod:`.sandbox`) and reads the answer channel, a pipe that every
``check(label, answer)`` in the notebook writes one JSON line to, as it runs.
Each answer is kept here as soon as it arrives, so a notebook that answers and
then crashes, hangs or is killed keeps what it sent. The whole notebook is
stopped after ``notebook_timeout`` seconds; nothing it started survives it.

Nothing the notebook does raises out of :func:`run_submission`: every failure
becomes a line in ``problems``, worded for the student. The answers are judged
later, in the grader's own process (:mod:`.grade_submissions`).
"""

from __future__ import annotations

import json
import os
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

from rankmetrics_course.grading import sandbox
from rankmetrics_course.grading.cgroup_limits import SandboxGroup

# Beyond these, a notebook is flooding the channel: the rest is dropped.
MAX_LINE = 4 * 2**20
MAX_ANSWERS = 5000


@dataclass
class SubmissionRun:
    """What running one notebook gave: the answers it sent, in order, and what went wrong."""

    notebook: Path
    answers: list[dict] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0  # wall time of the run, for the grader's progress lines


@dataclass(frozen=True)
class Settings:
    cell_timeout: float
    notebook_timeout: float
    limits: sandbox.Limits
    package: Path | None  # the pristine packages, with notebook_runner.py and hidden_cases.json
    # (None until grade() has copied them)
    unsafe: bool = False  # run without the sandbox (the instructor said UNSAFE=1)


def run_submission(path: Path, settings: Settings, slot: int = 0) -> SubmissionRun:
    """Run the notebook at ``path`` in a sandbox; ``slot`` tells concurrent runs apart."""
    run = SubmissionRun(Path(path))
    started = time.monotonic()
    try:
        notebook = nbformat.read(path, as_version=4)
        cells = notebook.cells
        if not isinstance(cells, list) or not all(isinstance(c, dict) for c in cells):
            raise ValueError("it has no list of cells")
        for cell in cells:  # outputs saved by the student prove nothing: only this run counts
            if cell.get("cell_type") == "code":
                cell.outputs = []
                cell.execution_count = None
    except Exception as error:  # a corrupt file is the student's problem, not the grader's
        run.problems.append(f"the notebook could not be read ({type(error).__name__}: "
                            f"{_shorten(str(error))}); save it again from Jupyter and resubmit")
        return run
    work = Path(tempfile.mkdtemp(prefix="submission-"))
    try:
        os.chmod(work, 0o711)  # the sandbox's user reaches the two files below, nothing else
        submission, channel = work / "submission.ipynb", work / "answers"
        nbformat.write(notebook, submission)
        os.chmod(submission, 0o644)
        os.mkfifo(channel, 0o622)  # the sandbox writes as nobody; only the grader reads
        _run_in_sandbox(run, submission, channel, settings, slot)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        run.seconds = time.monotonic() - started
    return run


def _run_in_sandbox(run: SubmissionRun, submission: Path, channel: Path, settings: Settings,
                    slot: int) -> None:
    runner = [str(Path(sys.prefix) / "bin" / "python")]
    if settings.unsafe:
        env = {**os.environ, **sandbox.environment(),
               "PYTHONPATH": str(settings.package), "RANKMETRICS_ANSWER_CHANNEL": str(channel),
               "RANKMETRICS_HIDDEN_CASES": str(settings.package / "hidden_cases.json")}
        env["HOME"] = env["TMPDIR"] = env["MPLCONFIGDIR"] = env["IPYTHONDIR"] = tempfile.gettempdir()
        env.pop("JUPYTER_RUNTIME_DIR")
        argv = runner + [str(settings.package / "notebook_runner.py"), str(submission),
                         str(settings.cell_timeout)]
    else:
        env = None
        argv = sandbox.command(runner + [f"{sandbox.PACKAGE}/notebook_runner.py", sandbox.SUBMISSION,
                                         str(settings.cell_timeout)],
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
        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=report,
                                   stderr=subprocess.DEVNULL, env=env,
                                   preexec_fn=sandbox.apply_limits(settings.limits, group))
        try:
            process.wait(timeout=settings.notebook_timeout)
        except subprocess.TimeoutExpired:
            run.problems.append(f"the notebook ran longer than {settings.notebook_timeout:g} s in "
                                "all and was stopped; the answers it had sent still count")
        finally:
            _stop(process)
        report.seek(0)
        run.problems += _problems_in(report.read(), process.returncode)
    finally:
        group.close()
        collector.finish()
        os.close(reader)
        report.close()


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
    """Reads the answer channel while the notebook runs; keeps each complete line."""

    def __init__(self, descriptor: int, run: SubmissionRun):
        super().__init__(daemon=True)
        self.descriptor, self._run = descriptor, run
        self.buffer = b""
        self.done = threading.Event()
        self.dropped = False

    def run(self) -> None:  # noqa: D401 (threading's name)
        while not self.done.is_set():
            ready, _, _ = select.select([self.descriptor], [], [], 0.2)
            if ready:
                self._read()

    def finish(self) -> None:
        self.done.set()
        self.join()
        self._read()  # what arrived just before the sandbox stopped
        if self.dropped:
            self._run.problems.append("the notebook sent too many or too large answers; "
                                      "the excess was ignored")

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.descriptor, 1 << 16)
            except BlockingIOError:
                return
            if not chunk:
                return
            self.buffer += chunk
            *lines, self.buffer = self.buffer.split(b"\n")
            if len(self.buffer) > MAX_LINE:
                self.buffer, self.dropped = b"", True
            for line in lines:
                self._keep(line)

    def _keep(self, line: bytes) -> None:
        if len(self._run.answers) >= MAX_ANSWERS or len(line) > MAX_LINE:
            self.dropped = True
            return
        try:
            answer = json.loads(line)
        except ValueError:
            return
        if isinstance(answer, dict) and isinstance(answer.get("label"), str):
            self._run.answers.append(answer)


def _shorten(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."
