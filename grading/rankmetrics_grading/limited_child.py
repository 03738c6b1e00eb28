"""Run one step of the grader's own work in a forked child, within a CPU-time and a memory
limit of its own.

What a submission hands the grader is small (a notebook of at most 32 MiB, an answer
line of at most 4 MiB), but what it decodes into need not be: the 11 characters of
``Fraction("1e999999999")`` ask for an integer of a billion digits, hours of work; a
notebook of 32 MiB of empty JSON objects took nbformat past 12 GB in a quarter of an
hour; and a check can be made to work as hard. So the grader's worker reads each
notebook and judges each answer in a forked child (:func:`call_within_limits`), within
:data:`CHILD_SECONDS` of CPU time and :data:`CHILD_MEMORY` bytes of address space beyond
what the worker already holds; past either, the child is stopped, the caller says why
in the student's feedback, and the worker goes on with the next. The worker itself
keeps only bytes it has counted, and what a child returns (a verdict, a problem).
"""

from __future__ import annotations

import os
import pickle
import resource
import select
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass

CHILD_SECONDS = 10  # CPU seconds for one step (reading a chapter's notebook or judging a right answer: under 1 s)
CHILD_MEMORY = 1024 * 2**20  # bytes of address space one step may add to the worker's
_WALL_SLACK = 10  # seconds of wall time beyond the CPU limit (a busy machine)


@dataclass(frozen=True)
class Outcome:
    """How the child's step ended: ``"returned"`` (with ``value``), ``"memory"`` (it needed
    more than its limit) or ``"time"`` (it ran past its limit, or died); and the child's peak
    resident memory in MiB (the pages it still shared with the worker included)."""

    ended: str
    value: object = None
    peak_mib: float = 0.0


def call_within_limits(step: Callable, *args, seconds: int = CHILD_SECONDS,
                       memory: int = CHILD_MEMORY) -> Outcome:
    """``step(*args)`` in a forked child within ``seconds`` of CPU time and ``memory`` bytes
    more than this process's address space; ``step`` returns something small, and handles
    its own errors (any other than ``MemoryError`` ends as ``"time"``: it died)."""
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:  # the child: limits, the step, send what it gave, exit without cleanup
        try:
            os.close(reader)
            resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))
            limit = _address_space() + memory
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            try:
                ended = ("returned", step(*args))
            except MemoryError:
                ended = ("memory", None)
            _write_all(writer, pickle.dumps(ended))
        finally:
            os._exit(0)
    os.close(writer)
    try:
        data = _read_until(reader, time.monotonic() + seconds + _WALL_SLACK)
    finally:
        os.close(reader)
        peak_mib = _reap(child)
    try:
        ended, value = pickle.loads(data)
    except Exception:  # nothing came back: stopped at a limit, or died
        return Outcome("time", None, peak_mib)
    return Outcome(str(ended), value, peak_mib)


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
    return b""  # past the wall-time limit: nothing


def _reap(child: int) -> float:
    """Stop the child if it still runs; its peak resident memory (MiB)."""
    try:
        os.kill(child, signal.SIGKILL)  # if it is still working (it exits by itself otherwise)
    except ProcessLookupError:
        pass
    _, _, usage = os.wait4(child, 0)
    return usage.ru_maxrss / 1024
