"""The library and the course's runtime under Pyodide: the quick loop's library tests, and the
course tests a reader's browser exercises (the chapters' views and exercise checks), run by
pytest inside Pyodide 0.27.7 in Node (tests/pyodide/run_pytest.mjs): Python 3.12, numpy 2.0.2,
scipy 1.14.1, matplotlib 3.8.4, on wasm32, where numpy.intp is 32-bit.

What cannot run in Pyodide (child processes, trec_eval 10.0 and 9.0.8 built from source,
threads, Spark) is left out by the quick loop's markers or skipped by the test, with its reason."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

from tests.paths import ROOT

pytestmark = pytest.mark.pyodide

RUNNER = ROOT / "tests" / "pyodide" / "run_pytest.mjs"
DIST = ROOT / "_build" / "pyodide"
WHEELS = ROOT / ".venv" / "pyodide-wheels"
# The quick loop's selection, as the Makefile writes it.
QUICK = re.search(r"^QUICK := (.+)$", (ROOT / "Makefile").read_text(), re.M).group(1)
# Wholly deselected by QUICK, but not even importable in Pyodide (collection would fail).
UNIMPORTABLE = {
    "tests/library/test_hostile_reading.py": "imports resource (address-space limits of child processes)",
    "tests/library/test_exact_or_refuse.py": "imports mpmath, which Pyodide's folder does not carry",
}
COURSE = ["course/rankmetrics_course", "tests/course/chapters", "tests/course/test_exercise_checks.py",
          "tests/course/test_check_function_on_cases.py", "tests/course/test_answer_data.py",
          "tests/course/test_slider.py", "tests/course/test_figures.py"]
JOBS = {
    "library": ["rankmetrics_lite", "tests/library", "-m", QUICK],
    # The chapters' views render every frame of their figures (slow under CPython's marker, and
    # still what a reader's browser does); kernels, books and browsers stay out.
    "course": [*COURSE, "-m", QUICK.replace("not slow and ", ""),
               # The course's build tools (book, editions, grading) run on the author's machine.
               "--ignore=course/rankmetrics_course/tools"],
}


@pytest.mark.parametrize("job", JOBS)
def test_the_tests_pass_under_pyodide(job):
    node = shutil.which("node")
    assert node, "Node (20 or later) runs Pyodide here: install Debian's nodejs and npm"
    assert (DIST / "pyodide-lock.json").is_file(), "no Pyodide folder: run `make pyodide-dist` first"
    ignored = [f"--ignore={name}" for name in UNIMPORTABLE]
    result = subprocess.run(
        [node, str(RUNNER), "--pyodide", str(DIST), "--wheels", str(WHEELS), "--",
         *JOBS[job], *ignored, "-q", "-p", "no:randomly", "-rfEs"],
        cwd=ROOT, capture_output=True, text=True, timeout=3600,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    output = result.stdout + result.stderr
    summary = output.strip().splitlines()[-1] if output.strip() else "(no output)"
    skipped = [line for line in output.splitlines() if line.startswith("SKIPPED")]
    print(f"under Pyodide, {job}: {summary}", *skipped, sep="\n")
    assert result.returncode == 0, f"under Pyodide, {job}: {summary}\n" + output[-20000:]
    assert re.search(r"\d+ passed", summary)
