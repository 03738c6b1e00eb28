"""Judge one answer in a child process with a CPU-time and a memory limit of its own.

An answer line is small (at most ``run_submission.MAX_ANSWER_BYTES``), but what it
decodes into need not be: the 11 characters of ``Fraction("1e999999999")`` ask for an
integer of a billion digits, hours of work, and a check can be made to work as hard.
So each answer is decoded and judged in a forked child of the grader's worker, within
:data:`JUDGE_SECONDS` of CPU time and :data:`JUDGE_MEMORY` bytes of memory beyond what
the worker already holds; past either, that exercise scores 0 and the feedback says
why, and the grader goes on with the next answer.
"""

from __future__ import annotations

import os
import pickle
import resource
import select
import signal
import time

from rankmetrics_course.exercises import Verdict
from rankmetrics_course.exercises.replay import judge

JUDGE_SECONDS = 10  # CPU seconds to decode and judge one answer (a right one takes milliseconds)
JUDGE_MEMORY = 1024 * 2**20  # bytes of address space one answer may add to the worker's
_WALL_SLACK = 10  # seconds of wall time beyond the CPU limit (a busy machine)


def judge_within_limits(line: dict, variants: dict, seconds: int = JUDGE_SECONDS,
                        memory: int = JUDGE_MEMORY) -> Verdict:
    """The verdict on the answer ``line``, or a failing one that says which limit it passed."""
    label = str(line.get("label"))
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:  # the child: limits, judge, send the verdict, exit without cleanup
        try:
            os.close(reader)
            resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))
            limit = _address_space() + memory
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            try:
                verdict = judge(line, variants)
            except MemoryError:
                verdict = Verdict(label, False, "not yet. The grader stopped judging your answer: it "
                                                f"needed more than {memory // 2**20} MiB of memory")
            except Exception as error:  # a malformed answer line: the student's, not ours
                verdict = Verdict(label, False, "not yet. The answer could not be read "
                                                f"({type(error).__name__}).")
            _write_all(writer, pickle.dumps(verdict))
        finally:
            os._exit(0)
    os.close(writer)
    try:
        data = _read_until(reader, time.monotonic() + seconds + _WALL_SLACK)
    finally:
        os.close(reader)
        _reap(child)
    try:
        verdict = pickle.loads(data) if data else None
    except Exception:
        verdict = None
    if isinstance(verdict, Verdict):
        return verdict
    return Verdict(label, False, f"not yet. The grader stopped judging your answer: decoding and "
                                 f"checking it took more than {seconds} s (a number with millions of "
                                 "digits, such as Fraction('1e999999999')?)")


def _address_space() -> int:
    """This process's virtual memory now (bytes)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def _write_all(descriptor: int, data: bytes) -> None:
    while data:
        data = data[os.write(descriptor, data):]


def _read_until(descriptor: int, deadline: float) -> bytes:
    chunks = []
    while (left := deadline - time.monotonic()) > 0:
        ready, _, _ = select.select([descriptor], [], [], left)
        if not ready:
            break
        chunk = os.read(descriptor, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
    return b""  # past the wall-time limit: no verdict


def _reap(child: int) -> None:
    try:
        os.kill(child, signal.SIGKILL)  # if it is still judging (it exits by itself otherwise)
    except ProcessLookupError:
        pass
    os.waitpid(child, 0)
