"""Benchmark: hostile input files, read by ``rankmetrics-trec-eval`` and by the trec_eval 10.0 program.

Each case writes a qrels and a run file (or names a device) into a temporary folder,
then runs both programs on them with the same arguments (``-c -m map qrels run``),
each in a fresh process under a limit of address space (``--memory``, GiB) and of
time (``--timeout``, s), under GNU time (``/usr/bin/time``), and reports each one's exit
status, CPU time (user + system), wall-clock time, peak resident memory (time's ``%M``,
the "Maximum resident set size" of ``time -v``) and the first line it wrote to
standard error. The cases: one long document id among short ones (the memory that
grew with the longest id times the lines), many long lines, one long query id, a single line of
100 MB, devices, binary data, UTF-16 and UTF-32 text, and gzip bombs.

    python benchmarks/bench_hostile_files.py                    # every case
    python benchmarks/bench_hostile_files.py --cases devices    # those whose name holds 'devices'

The trec_eval program is built from ``../shared/trec_eval/10.0`` (as ``bench_files.py`` does).
"""

from __future__ import annotations

import argparse
import gzip
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench_files import build_trec_eval  # the trec_eval 10.0 program, built in a folder

OURS = [sys.executable, "-m", "rankmetrics_lite"]
TIME = shutil.which("time") or "/usr/bin/time"  # GNU time (Debian's package "time")
ARGS = ["-c", "-m", "map"]


def _run_lines(n_lines: int, long_at: int | None = None, long_size: int = 0, long_qid: bool = False,
               long_every: int = 0) -> bytes:
    """A run of ``n_lines`` lines, 100 per query; line ``long_at`` with a document id (or,
    with ``long_qid``, the query id of its whole query) ``long_size`` bytes long; with
    ``long_every``, every document id that long (each one different)."""
    rng = random.Random(7)
    lines = []
    for i in range(n_lines):
        qid, docno = f"q{i // 100}", f"d{i}"
        if long_at is not None and long_qid and i // 100 == long_at // 100:
            qid = "Q" * long_size
        elif long_at == i:
            docno = "x" * long_size
        elif long_every:
            docno = docno.rjust(long_every, "x")
        lines.append(f"{qid} Q0 {docno} {i % 100} {rng.random():.6f} run\n")
    return "".join(lines).encode()


def _qrels_for(n_lines: int) -> bytes:
    return "".join(f"q{q} 0 d{q * 100 + d} {d % 3}\n" for q in range(max(n_lines // 100, 1))
                   for d in range(0, 100, 9)).encode()


def _gzip_bomb(path: Path, unpacked: int, block: bytes) -> None:
    """``unpacked`` bytes of ``block`` repeated, gzip'd without holding them."""
    with gzip.open(path, "wb", compresslevel=9) as out:
        chunk = block * max(1, (1 << 20) // len(block))
        written = 0
        while written < unpacked:
            out.write(chunk)
            written += len(chunk)


def cases(folder: Path) -> dict[str, tuple[str, str]]:
    """{case: (qrels, run)} written into ``folder``."""
    made: dict[str, tuple[str, str]] = {}

    def write(name: str, data: bytes) -> str:
        (folder / name).write_bytes(data)
        return str(folder / name)

    qrels = write("qrels", _qrels_for(300_000))
    made["long doc id: 300,000 lines, one id of 2,000 bytes"] = (qrels, write("run.long2k", _run_lines(300_000, 150_000, 2_000)))
    made["long doc id: 100,000 lines, one id of 10 KB"] = (qrels, write("run.long10k", _run_lines(100_000, 50_000, 10_000)))
    made["many long lines: 10,000 lines, every doc id of 10 KB"] = (qrels, write("run.manylong", _run_lines(10_000, long_every=10_000)))
    made["long query id: 100,000 lines, one query's id of 10 KB"] = (qrels, write("run.longqid", _run_lines(100_000, 50_000, 10_000, long_qid=True)))
    made["a single line of 100 MB (run)"] = (qrels, write("run.line100M", b"q1 Q0 " + b"d" * 100_000_000 + b" 1 0.5 run\n"))
    made["a single line of 100 MB (qrels)"] = (write("qrels.line100M", b"q1 0 " + b"d" * 100_000_000 + b" 1\n"),
                                                 str(folder / "run.long2k"))
    made["devices: /dev/zero as the run"] = (qrels, "/dev/zero")
    made["devices: /dev/urandom as the run"] = (qrels, "/dev/urandom")
    made["devices: /dev/zero as the qrels"] = ("/dev/zero", str(folder / "run.long2k"))
    made["binary data: 10 MB of random bytes as the run"] = (qrels, write("run.random", random.Random(3).randbytes(10 << 20)))
    text = _run_lines(2_000).decode()
    made["UTF-16 LE with its byte-order mark"] = (qrels, write("run.utf16", text.encode("utf-16")))
    made["UTF-16 LE without a byte-order mark"] = (qrels, write("run.utf16le", text.encode("utf-16-le")))
    made["UTF-32 LE with its byte-order mark"] = (qrels, write("run.utf32", text.encode("utf-32")))
    _gzip_bomb(folder / "run.bomb.gz", 2 << 30, b"\0")
    made["gzip bomb: 2 GiB of NUL bytes as the run"] = (qrels, str(folder / "run.bomb.gz"))
    _gzip_bomb(folder / "run.lines.gz", 2 << 30, b"q1 Q0 d1 1 0.5 run\n")
    made["gzip bomb: 2 GiB of one repeated run line"] = (qrels, str(folder / "run.lines.gz"))
    made["gzip bomb: 2 GiB of one repeated line as the qrels"] = (str(folder / "run.lines.gz"), str(folder / "run.long2k"))
    return made


def measured(command: list[str], memory_gib: float, timeout: float) -> tuple[str, float, float, float, str]:
    """(exit status, CPU seconds, wall seconds, peak resident MiB, first line of standard error),
    as GNU time reports them for the command. A child forked from this process would count
    this process's pages in its own peak (``ru_maxrss`` survives exec): time forks from a
    small C program instead."""
    limit = int(memory_gib * 2**30)

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    with tempfile.TemporaryFile() as err, tempfile.NamedTemporaryFile("r") as report:
        start = time.perf_counter()
        process = subprocess.Popen([TIME, "-f", "%U %S %M", "-o", report.name, *command],
                                   stdout=subprocess.DEVNULL, stderr=err, preexec_fn=limited,
                                   start_new_session=True)
        timer = threading.Timer(timeout, os.killpg, (process.pid, signal.SIGKILL))
        timer.start()
        code = process.wait()
        timer.cancel()
        wall = time.perf_counter() - start
        err.seek(0)
        message = err.read(4000).decode("utf-8", "replace").strip().splitlines()
        lines = report.read().splitlines()
        user, system, peak_kib = lines[-1].split() if lines and len(lines[-1].split()) == 3 else (0, 0, 0)
        killed = next((line.split()[-1] for line in lines if "terminated by signal" in line), None)
        shown = ("killed at the time limit" if wall >= timeout else
                 f"signal {killed}" if killed else str(code))
        return shown, float(user) + float(system), wall, int(peak_kib) / 1024, (message[0][:150] if message else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", default="", help="only the cases whose name holds this text")
    parser.add_argument("--memory", type=float, default=6.0, help="address space limit per process, GiB")
    parser.add_argument("--timeout", type=float, default=60.0, help="time limit per process, s")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        trec_eval = build_trec_eval(Path(tmp))
        folder = Path(tmp) / "files"
        folder.mkdir()
        print("| case | program | exit | CPU (s) | wall (s) | peak memory (MiB) | first line on standard error |")
        print("|---|---|---|---:|---:|---:|---|")
        for case, (qrels, run) in cases(folder).items():
            if args.cases not in case:
                continue
            for program, command in (("rankmetrics-trec-eval", OURS), ("trec_eval 10.0", [str(trec_eval)])):
                code, cpu, wall, peak, message = measured([*command, *ARGS, qrels, run], args.memory, args.timeout)
                print(f"| {case} | {program} | {code} | {cpu:.2f} | {wall:.2f} | {peak:,.0f} | {message} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
