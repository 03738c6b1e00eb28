"""Bounded reading: what is not a TREC file is refused by name, from its first bytes, and a
file of long ids reads in memory that grows with the file, not with its longest id times
its lines.

Each case runs in a child process under a limit of address space (RLIMIT_AS): the
command line (``python -m rankmetrics_lite``) and the library's four readers, on a
device, binary data, UTF-16 and UTF-32 text, another compressor's file, a truncated
gzip and gzip bombs (unpacked 256 MiB; the readers stop at 100 times what they read of
the packed file); neither may print a Python traceback. The files of long ids are read
by both programs, the command line and trec_eval 10.0, which must print the same.
"""

from __future__ import annotations

import bz2
import gzip
import random
import resource
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.library.trec_eval_programs import trec_eval_binary

pytestmark = pytest.mark.slow

MiB = 2**20
RUN = "".join(f"q{i // 20} Q0 d{i} {i % 20} {1 / (i + 1)!r} run\n" for i in range(400))
QRELS = "".join(f"q{q} 0 d{q * 20 + d} {d % 3}\n" for q in range(20) for d in range(0, 20, 3))


def _limited(limit: int):
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    return apply


def child(args: list[str], limit: int, stdin=None) -> subprocess.CompletedProcess:
    """A Python child under a limit of address space (a guard of 120 s against a hang)."""
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=120, stdin=stdin,
                          preexec_fn=_limited(limit))


def _gzip_of(path: Path, size: int, block: bytes) -> Path:
    with gzip.open(path, "wb", compresslevel=6) as out:
        chunk = block * (MiB // len(block))
        for _ in range(size // len(chunk)):
            out.write(chunk)
    return path


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory) -> dict[str, tuple[str, str]]:
    """{case: (path, what the refusal must say)}"""
    folder = tmp_path_factory.mktemp("bad")
    files = {
        "random bytes": ("random.bin", random.Random(1).randbytes(MiB), "binary data"),
        "UTF-16 with its byte-order mark": ("utf16.txt", RUN.encode("utf-16"), "UTF-16 LE text (it starts with"),
        "UTF-16 without a byte-order mark": ("utf16le.txt", RUN.encode("utf-16-be"), "UTF-16 BE text without"),
        "UTF-32": ("utf32.txt", RUN.encode("utf-32"), "UTF-32 LE text"),
        "bzip2": ("run.bz2", bz2.compress(RUN.encode()), "a bzip2-compressed file"),
        "truncated gzip": ("cut.gz", gzip.compress(RUN.encode())[:300], "cannot be decompressed"),
    }
    made = {case: (str(folder / name), said) for case, (name, data, said) in files.items()}
    for case, (name, data, _) in files.items():
        (folder / name).write_bytes(data)
    made["gzip bomb of a repeated line"] = (str(_gzip_of(folder / "lines.gz", 256 * MiB, b"q1 Q0 d1 1 0.5 r\n")),
                                            "a gzip bomb")
    made["gzip bomb of NUL bytes"] = (str(_gzip_of(folder / "nul.gz", 256 * MiB, b"\0")), "binary data")
    made["/dev/zero"] = ("/dev/zero", "a character device")
    made["/dev/urandom"] = ("/dev/urandom", "a character device")
    made["a directory"] = (str(folder), "Is a directory")
    (folder / "qrels").write_text(QRELS)
    (folder / "run").write_text(RUN)
    return made


CASES = ["random bytes", "UTF-16 with its byte-order mark", "UTF-16 without a byte-order mark", "UTF-32", "bzip2",
         "truncated gzip", "gzip bomb of a repeated line", "gzip bomb of NUL bytes", "/dev/zero", "/dev/urandom",
         "a directory"]


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("position", ["qrels", "run"])
def test_the_command_line_refuses_what_is_not_a_trec_file_by_name(bad_files, case, position):
    bad, said = bad_files[case]
    folder = Path(bad_files["random bytes"][0]).parent
    files = [bad, str(folder / "run")] if position == "qrels" else [str(folder / "qrels"), bad]
    done = child(["-m", "rankmetrics_lite", "-c", "-m", "map", *files], 512 * MiB)
    assert done.returncode == 2 and done.stdout == "", done.stderr[-2000:]
    assert said in done.stderr and bad in done.stderr and "Traceback" not in done.stderr, done.stderr[-2000:]


def test_standard_input_from_a_device_is_refused(bad_files):
    folder = Path(bad_files["random bytes"][0]).parent
    with open("/dev/zero", "rb") as zero:
        done = child(["-m", "rankmetrics_lite", str(folder / "qrels"), "-"], 512 * MiB, stdin=zero)
    assert done.returncode == 2 and "standard input: a character device" in done.stderr, done.stderr[-2000:]


READERS = """
import sys
from rankmetrics_lite import read_trec_qrels, read_trec_qrels_columns, read_trec_run, read_trec_run_columns
for reader in (read_trec_qrels, read_trec_qrels_columns, read_trec_run, read_trec_run_columns):
    try:
        reader(sys.argv[1])
    except (ValueError, OSError) as error:
        print(reader.__name__, type(error).__name__, error)
"""


@pytest.mark.parametrize("case", CASES)
def test_the_readers_refuse_what_is_not_a_trec_file_by_name(bad_files, case):
    bad, said = bad_files[case]
    done = child(["-c", textwrap.dedent(READERS), bad], 512 * MiB)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert len(lines) == 4 and all(said in line for line in lines), done.stdout


def _long_id_run(n_lines: int, long_at: int, size: int, query: bool) -> str:
    lines = []
    for i in range(n_lines):
        qid = "Q" * size if query and i // 100 == long_at // 100 else f"q{i // 100}"
        docno = "x" * size if not query and i == long_at else f"d{i}"
        lines.append(f"{qid} Q0 {docno} {i % 100} {(i * 7919 % 1000) / 1000} run\n")
    return "".join(lines)


@pytest.mark.reference
@pytest.mark.parametrize("n_lines, size, query", [(300_000, 2_000, False), (100_000, 10_000, True)])
def test_one_long_id_among_short_ones_reads_in_memory_of_the_files_size(tmp_path, n_lines, size, query):
    # One 2,000-byte document id in 300,000 lines took 1.2 GB here (and 10 KB ids, 2 GB):
    # the ids were padded to the longest. Now codes of one width stand for them (the same
    # order, so ties and queries sort as the ids do): the limit is a fifth of that.
    (tmp_path / "run").write_text(_long_id_run(n_lines, n_lines // 2, size, query))
    (tmp_path / "qrels").write_text("".join(f"q{q} 0 d{q * 100 + d} {d % 3}\n" for q in range(n_lines // 100)
                                            for d in range(0, 100, 9)) + f"{'Q' * size} 0 d1 1\n")
    args = ["-q", "-c", "-m", "map", "-m", "P.5", "-m", "recip_rank", str(tmp_path / "qrels"), str(tmp_path / "run")]
    done = child(["-m", "rankmetrics_lite", *args], 1024 * MiB)
    assert done.returncode == 0, done.stderr[-2000:]
    theirs = subprocess.run([str(trec_eval_binary("10.0")), *args], capture_output=True, text=True, timeout=600)
    assert done.stdout == theirs.stdout


@pytest.mark.reference
@pytest.mark.parametrize("kind", ["qrels", "run"])
def test_a_single_line_of_50_mb_reads_as_trec_eval_reads_it(tmp_path, kind):
    # Its id was padded to 50 MB beside every id of the other file (a traceback, or 1.3 GB).
    long_id = "d" * (50 * MiB)
    qrels = f"q1 0 {long_id} 1\n" if kind == "qrels" else QRELS
    run = f"q1 Q0 {long_id} 1 0.5 run\n" if kind == "run" else RUN
    (tmp_path / "qrels").write_text(qrels + "q1 0 d1 1\n")
    (tmp_path / "run").write_text(run + "q1 Q0 d1 2 0.25 run\n")
    args = ["-q", "-c", "-m", "map", "-m", "num_rel_ret", str(tmp_path / "qrels"), str(tmp_path / "run")]
    done = child(["-m", "rankmetrics_lite", *args], 1024 * MiB)
    assert done.returncode == 0, done.stderr[-2000:]
    theirs = subprocess.run([str(trec_eval_binary("10.0")), *args], capture_output=True, text=True, timeout=600)
    assert done.stdout == theirs.stdout
