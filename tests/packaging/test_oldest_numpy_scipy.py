"""The oldest numpy and scipy the library declares (pyproject.toml: numpy 1.24.0, scipy 1.11.1,
pinned in requirements-oldest.txt) run its quick tests: a fresh environment holding only those
and the tests' own tools, installed offline from the folder `make test` downloads them into.
(Pyodide's numpy 2.0.2 and scipy 1.14.1 are tests/pyodide's; the newest, .venv's.)"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.paths import ROOT

pytestmark = pytest.mark.packaging

WHEELS = ROOT / ".venv" / "oldest-wheels"
QUICK = re.search(r"^QUICK := (.+)$", (ROOT / "Makefile").read_text(), re.M).group(1)
PINS = dict(re.findall(r"^([a-z][\w-]*)==(\S+)", (ROOT / "requirements-oldest.txt").read_text(), re.M))


def test_the_declared_floors_are_the_pins_tested():
    declared = re.search(r"^dependencies = (\[.*\])$", (ROOT / "pyproject.toml").read_text(), re.M).group(1)
    assert declared == f'["numpy>={PINS["numpy"][:-2]}", "scipy>={PINS["scipy"]}"]'


def test_the_quick_tests_pass_with_the_oldest_numpy_and_scipy(tmp_path):
    assert (WHEELS / ".downloaded").is_file(), "requirements-oldest.txt is not downloaded: `make test` does it"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(tmp_path / "env")], check=True, timeout=120)
    python = tmp_path / "env" / "bin" / "python"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-index",
         "--no-build-isolation", "--find-links", str(WHEELS), "-r", str(ROOT / "requirements-oldest.txt")],
        capture_output=True, text=True, timeout=600, env={"PATH": "/usr/bin:/bin", "PIP_CONFIG_FILE": "/dev/null"})
    assert install.returncode == 0, install.stdout + install.stderr
    versions = subprocess.run([str(python), "-c", "import numpy, scipy; print(numpy.__version__, scipy.__version__)"],
                              capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert versions.stdout.split() == [PINS["numpy"], PINS["scipy"]], versions.stderr
    # The library from its source tree (the rootdir's conftest puts it first on sys.path). CI=true
    # as in CI, where a reference tool that a quick test imports fails instead of skipping.
    result = subprocess.run(
        [str(python), "-m", "pytest", "rankmetrics_lite", "tests/library", "-m", QUICK, "-q", "-n", "2",
         "-p", "no:randomly",
         # Wholly slow and reference (QUICK leaves it out), and it imports mpmath, which is not pinned here.
         "--ignore=tests/library/test_exact_or_refuse.py"],
        cwd=ROOT, capture_output=True, text=True, timeout=3600, env={**os.environ, "CI": "true"})
    summary = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else result.stderr[-2000:]
    print(f"numpy {PINS['numpy']}, scipy {PINS['scipy']}: {summary}")
    assert result.returncode == 0, result.stdout[-20000:] + result.stderr[-5000:]
