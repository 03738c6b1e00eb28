"""Build trec_eval from its unmodified sources and run it (for conformance tests).

The sources of each release live in ``shared/trec_eval/<release>/`` beside the
repository; they are copied into pytest's temporary folder, built once per
test run with their own Makefile, and never committed. Without the sources the
tests skip, except under ``CI=true``, where they fail: CI must check
conformance. Without a C compiler or ``make`` they skip.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SOURCES = SHARED / "trec_eval"
TEST_COLLECTION = SHARED / "data" / "trec_eval_test"


def require_shared() -> None:
    """Skip (or, under CI=true, fail) when the folder ``shared`` beside the repository is absent."""
    if SOURCES.is_dir() and TEST_COLLECTION.is_dir():
        return
    why = ("trec_eval's sources and test collection are not in the folder shared/ beside the "
           "course repository (shared/trec_eval, shared/data/trec_eval_test)")
    if os.environ.get("CI") == "true":
        pytest.fail(f"{why}: CI must check conformance with trec_eval", pytrace=False)
    pytest.skip(f"{why}: conformance with trec_eval cannot be checked here")


def build(release: str, base: Path) -> Path:
    """The trec_eval binary of ``release`` ("10.0" or "9.0.8"), built under ``base`` once."""
    require_shared()
    if shutil.which("make") is None or not (shutil.which("gcc") or shutil.which("cc")):
        pytest.skip("no C compiler (gcc or cc) and make: trec_eval cannot be built here")
    folder = base / f"trec_eval-{release}"
    binary = folder / "trec_eval"
    base.mkdir(parents=True, exist_ok=True)
    with open(base / f"trec_eval-{release}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # several pytest workers: one builds, the others wait
        if not binary.exists():
            shutil.rmtree(folder, ignore_errors=True)
            shutil.copytree(SOURCES / release, folder)
            compiler = "gcc" if shutil.which("gcc") else "cc"
            done = subprocess.run(["make", "-C", str(folder), f"CC={compiler}"],
                                  capture_output=True, text=True, timeout=300)
            if done.returncode != 0:
                pytest.fail(f"building trec_eval {release} failed:\n{done.stderr[-2000:]}")
    return binary


def run(binary: Path, qrels: Path, results: Path, *options: str) -> dict[str, dict[str, float]]:
    """``trec_eval -q <options> qrels results`` as {qid or 'all': {measure: value}}."""
    done = subprocess.run([str(binary), "-q", *options, str(qrels), str(results)],
                          capture_output=True, text=True, timeout=120, check=True)
    table: dict[str, dict[str, float]] = {}
    for line in done.stdout.splitlines():
        measure, qid, value = line.split("\t")
        table.setdefault(qid, {})[measure.strip()] = float(value)
    return table


def write_qrels(path: Path, qrels: dict[str, dict[str, int]]) -> Path:
    path.write_text("".join(f"{q} 0 {d} {g}\n" for q, docs in qrels.items() for d, g in docs.items()))
    return path


def write_run(path: Path, run: dict[str, dict[str, float]]) -> Path:
    """The run with its scores written exactly (repr), so both sides read the same doubles."""
    lines = [f"{q} Q0 {d} 0 {s!r} r\n" for q, docs in run.items() for d, s in docs.items()]
    path.write_text("".join(lines))
    return path
