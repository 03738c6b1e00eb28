"""Benchmark: the grader's own peak memory and wall time on the hostile class.

The class is the made-up submissions of ``tests/course/grading/submissions/`` (with
what a repository cannot carry, as the tests add it: links to a classmate's notebook,
to the course's solutions, to ``/etc/passwd`` and to a folder, and a named pipe), and
beside them the extremes of issue 40, one student each:

* ``cells``: a notebook of 650,000 empty cells (58 MB), and ``cells100k``, 100,000 (9 MB);
* ``objects``: a 32 MiB notebook of empty JSON objects (nbformat took it past 12 GB);
* ``fractions``: the answer lines ``Fraction('1e30000000')`` (90 bytes) and ``Fraction('1e999999999')``;
* ``decoders``: eight answers of 4 MiB of empty JSON objects (about 100 MiB each, decoded);
* ``forks``: a fork bomb (every process forks until the sandbox's process limit, then again).

It runs ``make grade`` on that class (the Makefile's interface, its defaults but for
the time limits below), times it, and samples every half second the memory of the
grader's own processes (its main process, its workers and their children; not the
sandboxes, which ``MEMORY`` limits): the largest sum of their proportional set sizes
(PSS: a page shared by a worker and its child counted once). It prints the grader's
own report of its peaks and bound, the wall time and the sampled peak; the exit status
is 1 if grading failed or a peak passed the bound the grader states.

    .venv/bin/python benchmarks/bench_grader.py                 # JOBS=4, TIMEOUT=30, NOTEBOOK_TIMEOUT=240
    .venv/bin/python benchmarks/bench_grader.py --jobs 2
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_notebook

ROOT = Path(__file__).resolve().parents[1]
SUBMISSIONS = ROOT / "tests" / "course" / "grading" / "submissions"
KERNELSPEC = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}}

SEND = """
import os
def send(line: bytes) -> None:  # straight into the grader's answer channel
    channel = os.open(os.environ["RANKMETRICS_ANSWER_CHANNEL"], os.O_WRONLY | os.O_APPEND)
    os.write(channel, line + b"\\n")
    os.close(channel)
"""
FRACTIONS = SEND + """
for label, text in [("precision-short-list", "1e30000000"), ("precision-at-bound", "1e999999999")]:
    send(b'{"label": "%s", "value": {"__rankmetrics__": "fraction", "text": "%s"}}' % (label.encode(), text.encode()))
"""
DECODERS = SEND + """
from rankmetrics_course.exercises import exercise_labels
for label in exercise_labels()[:8]:
    send(b'{"label": "%s", "value": [' % label.encode() + b"{}," * (4 * 2**20 // 3 - 100) + b"{}]}")
"""
FORKS = """
import os
while True:
    try:
        os.fork()
    except OSError:
        pass
"""


EXTREMES = ["cells", "cells100k", "objects", "fractions", "decoders", "forks"]


def notebook(*sources: str) -> str:
    return nbformat.writes(new_notebook(cells=[new_code_cell(s) for s in sources], metadata=KERNELSPEC))


def empty_cells(n: int) -> bytes:
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": []}
    return json.dumps({"cells": [cell] * n, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}).encode()


def hostile_class(folder: Path) -> Path:
    """The made-up class and the extremes, in ``folder``."""
    shutil.copytree(SUBMISSIONS, folder)
    (folder / "wes.ipynb").symlink_to(folder / "ada" / "02-precision-at-k.ipynb")
    (folder / "xan.ipynb").symlink_to(ROOT / "book" / "02-precision-at-k.ipynb")
    (folder / "yul.ipynb").symlink_to("/etc/passwd")
    (folder / "zed").symlink_to(folder / "ada", target_is_directory=True)
    os.mkfifo(folder / "mallory.ipynb")
    (folder / "cells.ipynb").write_bytes(empty_cells(650_000))
    (folder / "cells100k.ipynb").write_bytes(empty_cells(100_000))
    head = b'{"cells": [], "nbformat": 4, "nbformat_minor": 5, "metadata": {"x": ['
    (folder / "objects.ipynb").write_bytes(head + b"{}," * ((32 * 2**20 - 100) // 3) + b"{}]}}")
    (folder / "fractions.ipynb").write_text(notebook(FRACTIONS))
    (folder / "decoders.ipynb").write_text(notebook(DECODERS))
    (folder / "forks.ipynb").write_text(notebook(FORKS, "print('after the bomb')"))
    return folder


class GraderMemory(threading.Thread):
    """Samples the summed PSS of ``root`` and its descendants, sandboxes (bwrap) excluded."""

    def __init__(self, root: int, every: float = 0.5):
        super().__init__(daemon=True)
        self.root, self.every, self.peak_mib = root, every, 0.0
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(self.every):
            self.peak_mib = max(self.peak_mib, sum(map(_pss_mib, self._graders())))

    def _graders(self) -> list[int]:
        children: dict[int, list[int]] = {}
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
        found, stack = [], [self.root]
        while stack:
            pid = stack.pop()
            if _command(pid).startswith("bwrap") or "/bwrap" in _command(pid):
                continue  # a sandbox: the student's processes, limited apart
            found.append(pid)
            stack += children.get(pid, [])
        return found


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].decode(errors="replace")
    except OSError:
        return ""


def _pss_mib(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=4)
    parser.add_argument("--timeout", type=int, default=30, help="TIMEOUT, per cell (s)")
    parser.add_argument("--notebook-timeout", type=int, default=240, help="NOTEBOOK_TIMEOUT (s)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-grader-") as scratch:
        folder = hostile_class(Path(scratch) / "class")
        count = sum(1 for _ in folder.rglob("*.ipynb")) + 1  # zed's link to a folder
        command = ["make", "-s", "-o", ".venv/.installed", "grade", f"SUBMISSIONS={folder}",
                   f"GRADES={Path(scratch) / 'grades'}", "CHAPTERS=02,14", f"JOBS={args.jobs}",
                   f"TIMEOUT={args.timeout}", f"NOTEBOOK_TIMEOUT={args.notebook_timeout}"]
        print(" ".join(command[:5] + ["SUBMISSIONS=<the hostile class>", "GRADES=<a temporary folder>",
                                      *command[7:]]), flush=True)
        started = time.monotonic()
        grader = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True)
        sampler = GraderMemory(grader.pid)
        sampler.start()
        output = grader.communicate()[0]
        seconds = time.monotonic() - started
        sampler.done.set()
        sampler.join()
        print(re.sub(r"(scores|feedback): .*\n", "", output.replace(f"{folder}/", "")), end="")
        for student in EXTREMES:  # what the grader told each extreme
            feedback = Path(scratch) / "grades" / "feedback" / f"{student}.md"
            lines = feedback.read_text().splitlines() if feedback.exists() else ["(no feedback)"]
            told = [line for line in lines if line.startswith("- ") and not line.endswith(
                ("(was the cell deleted?).", "not part of this assignment."))]
            print(f"{student}:", *[f"  {line[:160]}" for line in told], sep="\n")
    report = re.search(r"the grader's peak memory: .*", output)
    print(f"{count} entries in the class; wall time {seconds:.0f} s; exit status {grader.returncode}")
    print(report[0] if report else output[-3000:])
    print(f"sampled: the grader's processes together peaked at {sampler.peak_mib:.0f} MiB (PSS, every 0.5 s)")
    if grader.returncode != 0 or not report:
        return 1
    main_mib, worker_mib, child_mib = map(float, re.search(
        r"(\d+) MiB in its main process, (\d+) MiB in a worker, (\d+) MiB in a worker's child", report[0]).groups())
    bound = re.search(r"bound: (\d+) MiB for the main process and for each worker, ([\d,]+) MiB more", report[0])
    per_process, child_more = int(bound[1]), int(bound[2].replace(",", ""))
    within = main_mib < per_process and worker_mib < per_process and child_mib < worker_mib + child_more
    print("within the stated bound" if within else "PAST THE STATED BOUND")
    return 0 if within else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
