"""Shared fixtures: one strict build of the book; and the markers and start order of every test."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.paths import BUILD_HTML, ROOT, TEST_BUILD


def _strict_build() -> list[str]:
    """Build the whole book strictly (-W -n --keep-going); return its problems."""
    jupyter_book = Path(sys.executable).with_name("jupyter-book")
    # From nothing, as a reader's first build: no page left from an earlier layout of the book.
    shutil.rmtree(TEST_BUILD / "_build", ignore_errors=True)
    result = subprocess.run(
        [str(jupyter_book), "build", str(ROOT), "--path-output", str(TEST_BUILD),
         "--builder", "html", "--all",
         "-W", "-n", "--keep-going"],
        capture_output=True, text=True, timeout=900,
    )
    problems = [line for line in (result.stdout + result.stderr).splitlines()
                if "WARNING" in line or "ERROR" in line]
    if result.returncode != 0 and not problems:
        problems = result.stdout.splitlines()[-30:]
    return problems


@pytest.fixture(scope="session")
def built_book() -> Path:
    """The book, built once per test run (also when xdist runs several workers).

    The first worker to get here builds under a lock and records the outcome
    for this run; the others wait for the lock and reuse it.
    """
    run_id = os.environ.get("PYTEST_XDIST_TESTRUNUID") or f"single-{os.getpid()}"
    TEST_BUILD.mkdir(parents=True, exist_ok=True)
    outcome = TEST_BUILD / ".strict-build-outcome.json"
    with open(TEST_BUILD / ".strict-build.lock", "w") as lock:
        import fcntl  # here, not at the top: Pyodide, which runs the other tests, has none

        fcntl.flock(lock, fcntl.LOCK_EX)
        recorded = json.loads(outcome.read_text()) if outcome.exists() else {}
        if recorded.get("run") != run_id:
            recorded = {"run": run_id, "problems": _strict_build()}
            outcome.write_text(json.dumps(recorded))
    assert not recorded["problems"], "the strict book build failed:\n" + "\n".join(
        recorded["problems"])
    return BUILD_HTML

# Tests that need these fixtures are slow: they carry the marker, so that
# the quick loops (the Makefile's QUICK) skip them.
SLOW_FIXTURES = {"built_book": "book", "student": "book", "graded": "kernel"}
# The chapter views' tests render every frame of their figures: seconds each.
SLOW_MODULES = ("test_view.py", "test_slider.py")


# The longest kinds of file first, so that none is left to start last while
# the other workers idle (`make test` keeps this order: --no-loadscope-reorder).
FIRST_TO_START = ("pyodide", "kernel", "browser", "spark", "packaging", "notebook", "book", "reference", "slow")


def _kinds(item) -> set[str]:
    kinds = {marker.name for marker in item.iter_markers()}
    return kinds | {"notebook"} if item.path.suffix == ".ipynb" else kinds


def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.name in SLOW_MODULES:
            item.add_marker("slow")
        for fixture, marker in SLOW_FIXTURES.items():
            if fixture in getattr(item, "fixturenames", ()):
                item.add_marker(marker)
    start = {}
    for item in items:
        rank = min((FIRST_TO_START.index(kind) for kind in _kinds(item) & set(FIRST_TO_START)),
                   default=len(FIRST_TO_START))
        start[item.path] = min(rank, start.get(item.path, rank))
    items.sort(key=lambda item: start[item.path])  # stable: each file's tests stay in order
