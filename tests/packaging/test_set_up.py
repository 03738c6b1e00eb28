"""The Makefile sets up a fresh machine: every system program a test runs is installed (as
root) or named with the exact install command before any test runs; `make lab` runs as root."""

from __future__ import annotations

import os
import subprocess

from tests.paths import ROOT

# Every Debian package a test needs, in the order the Makefile lists them.
TEST_PACKAGES = "chromium chromium-driver bubblewrap openjdk-17-jre-headless"


def make(*arguments: str, path: str | None = None) -> subprocess.CompletedProcess:
    environment = dict(os.environ, PATH=path) if path is not None else None
    return subprocess.run(["/usr/bin/make", "-s", "-o", ".venv/.installed", *arguments], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=environment)


def test_without_the_programs_make_test_names_every_package_before_any_test(tmp_path):
    # No chromium, driver, bwrap, java or apt-get on this PATH, and not root as far as the
    # recipe can tell (no `id`): it must stop with the one command that installs them all.
    done = make("test-prerequisites", "CHROMIUM=/nonexistent", "CHROMEDRIVER=/nonexistent",
                path=str(tmp_path))
    assert done.returncode != 0
    assert f"sudo apt-get install {TEST_PACKAGES}" in done.stderr, done.stderr


def test_the_prerequisites_come_before_the_tests():
    plan = subprocess.run(["/usr/bin/make", "-n", "-o", ".venv/.installed", "-o", ".venv/.installed-spark",
                           "test"], cwd=ROOT, capture_output=True, text=True, timeout=120).stdout
    assert "apt-get install" in plan and "-m pytest" in plan
    assert plan.index("apt-get install") < plan.index("-m pytest")
    for package in TEST_PACKAGES.split():
        assert package in plan.split("-m pytest")[0]


def test_make_lab_passes_allow_root_to_jupyterlab_as_root():
    plan = subprocess.run(["/usr/bin/make", "-n", "-o", ".venv/.installed", "-o", ".venv/.installed-spark",
                           "lab"], cwd=ROOT, capture_output=True, text=True, timeout=120).stdout
    lab = next(line for line in plan.splitlines() if "jupyter lab" in line)
    assert ("--allow-root" in lab) == (os.geteuid() == 0), lab


def test_every_path_the_makefile_passes_on_is_quoted():
    plan = subprocess.run(["/usr/bin/make", "-n", "-o", ".venv/.installed", "student", "grade",
                           "STUDENT_OUT=new folder", "SUBMISSIONS=class of 2026", "GRADES=my grades"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120).stdout
    assert '--out "new folder"' in plan
    assert '"class of 2026"' in plan and '--out "my grades"' in plan
