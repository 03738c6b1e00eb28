"""The real trec_eval programs, 10.0 and 9.0.8, built from their sources for the tests.

The sources sit beside the repository, in ``shared/trec_eval/<release>/`` (never
in the repository). :func:`trec_eval_binary` builds a release once and keeps it in
``_build/trec_eval/`` until its sources change (one build shared by every
pytest-xdist worker, under a file lock) and skips the
test with the reason when the sources, ``make`` or a C compiler are missing;
under ``CI=true`` missing sources fail the test instead, since CI checks out
``shared/`` beside the clone. :func:`run_trec_eval` runs a binary and reads its
``-q`` output.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.paths import ROOT

SHARED = ROOT.parent / "shared"
SOURCES = SHARED / "trec_eval"
TEST_COLLECTION = SHARED / "data" / "trec_eval_test"
RELEASES = ("10.0", "9.0.8")
BUILDS = ROOT / "_build" / "trec_eval"


def missing(what: str) -> None:
    """Skip (or, under CI=true, fail) because ``shared/`` lacks something the test needs."""
    reason = f"{what} is not in shared/ beside the repository ({SHARED})"
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}; CI checks out shared/ beside the clone", pytrace=False)
    pytest.skip(reason)


def trec_eval_binary(release: str) -> Path:
    """The trec_eval program of ``release``, built once for its sources and kept in _build/."""
    return build_trec_eval(release, BUILDS)


def build_trec_eval(release: str, base: Path) -> Path:
    """The trec_eval program of ``release``, built under ``base`` unless it is there already."""
    sources = SOURCES / release
    if not (sources / "trec_eval.c").is_file():
        missing(f"trec_eval {release}'s source (trec_eval/{release}/)")
    compiler = shutil.which("gcc") or shutil.which("cc") or shutil.which("clang")
    if compiler is None or shutil.which("make") is None:
        pytest.skip(f"no C compiler or no make on this machine: trec_eval {release} cannot be built")
    base.mkdir(parents=True, exist_ok=True)
    target = base / f"trec_eval-{release}-{_digest(sources, compiler)}"
    with open(base / f"trec_eval-{release}.lock", "w") as lock:
        import fcntl  # here, not at the top: the tests that import this module also run under Pyodide

        fcntl.flock(lock, fcntl.LOCK_EX)  # several pytest workers: one builds, the others wait
        binary = target / "trec_eval"
        if not binary.is_file():
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(sources, target)
            build = subprocess.run(
                ["make", "-C", str(target), f"CC={compiler}", "trec_eval"],
                capture_output=True, text=True, timeout=300,
            )
            if build.returncode != 0 or not binary.is_file():
                pytest.fail(f"building trec_eval {release} failed:\n{build.stderr[-2000:]}", pytrace=False)
    return binary


def _digest(sources: Path, compiler: str) -> str:
    """Names a build by what went into it: the compiler and every source file."""
    digest = hashlib.sha256(compiler.encode())
    for path in sorted(p for p in sources.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(sources)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def run_trec_eval(binary: Path, qrels: Path, run: Path, *options: str) -> dict[str, dict[str, str]]:
    """``{qid or 'all': {measure: value as printed}}`` from ``trec_eval -q <options>``."""
    result = subprocess.run(
        [str(binary), "-q", *options, str(qrels), str(run)], capture_output=True, timeout=120
    )
    if result.returncode != 0:
        raise AssertionError(
            f"{binary.parent.name} {' '.join(options)} {qrels.name} {run.name} failed: "
            f"{result.stderr.decode(errors='replace')}"
        )
    table: dict[str, dict[str, str]] = {}
    for line in result.stdout.decode("utf-8").splitlines():
        measure, qid, value = line.split("\t")
        table.setdefault(qid, {})[measure.strip()] = value
    return table
