"""Both packages install on their own: each wheel into a fresh environment holding only what
its metadata declares, where every module imports and the doctests pass from the installed copy."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

from rankmetrics_course.tools.course_download import build_wheels
from tests.packaging.environments import dependency_closure, fresh_environment, linked_site, pip_install
from tests.paths import ROOT

pytestmark = pytest.mark.packaging

# Run inside the fresh environment, from a folder outside the repository: import every
# module of the package from the installed copy, then run every module's doctests.
EVERY_MODULE = r"""
import doctest, importlib, pkgutil, sys
package = importlib.import_module(sys.argv[1])
assert sys.prefix in package.__file__, ("not the installed copy", package.__file__)
names = [package.__name__] + [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]
failed = tried = 0
for name in names:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    failed, tried = failed + result.failed, tried + result.attempted
print(len(names), "modules,", tried, "doctests,", failed, "failed")
sys.exit(1 if failed else 0)
"""


@pytest.fixture(scope="module")
def wheels(tmp_path_factory) -> dict[str, Path]:
    """The library's and the course's wheels (as the course download builds them), and the
    grader's, built from a copy of ``grading/`` (links followed: its LICENSE is one)."""
    out = tmp_path_factory.mktemp("wheels")
    source = tmp_path_factory.mktemp("sources") / "grading"
    shutil.copytree(ROOT / "grading", source, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                           "--no-build-isolation", "--wheel-dir", str(out), str(source)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return {**build_wheels(ROOT, out), "rankmetrics_grading": next(out.glob("rankmetrics_grading-*.whl"))}


def requirements_of(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        return Parser().parsestr(archive.read(name).decode()).get_all("Requires-Dist") or []


def files_of(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist()


def test_the_library_wheel_holds_the_library_only(wheels):
    files = files_of(wheels["rankmetrics_lite"])
    outside = [f for f in files if not f.startswith(("rankmetrics_lite/", "rankmetrics_lite-"))]
    assert not outside, outside
    assert not [f for f in files if "course" in f or not f.endswith((".py", "METADATA", "WHEEL", "RECORD",
                                                                     "top_level.txt", "LICENSE",
                                                                     "entry_points.txt"))]
    assert [r for r in requirements_of(wheels["rankmetrics_lite"]) if "extra ==" not in r] == [
        "numpy>=1.24", "scipy>=1.11.1"]


def test_the_course_wheel_holds_its_chapters_data_and_tools_and_no_grader(wheels):
    files = files_of(wheels["rankmetrics_course"])
    assert not [f for f in files if not f.startswith(("rankmetrics_course/", "rankmetrics_course-"))]
    for expected in ["rankmetrics_course/chapters/precision_at_k/view.py",
                     "rankmetrics_course/chapters/precision_at_k/checks.py",
                     "rankmetrics_course/chapters/case_study_rag_retriever/data/help_centre_chunks.jsonl",
                     "rankmetrics_course/chapters/evaluating_at_scale/data/spark_scaling.json",
                     "rankmetrics_course/exercises/replay.py"]:
        assert expected in files
    assert not [f for f in files if "grading" in f or "grade_submissions" in f or "sandbox" in f]


def test_the_grading_wheel_holds_the_grader_and_needs_the_course_at_its_release(wheels):
    import rankmetrics_course

    files = files_of(wheels["rankmetrics_grading"])
    assert not [f for f in files if not f.startswith(("rankmetrics_grading/", "rankmetrics_grading-"))]
    for expected in ["grade_submissions.py", "run_submission.py", "sandbox.py", "notebook_runner.py"]:
        assert f"rankmetrics_grading/{expected}" in files
    assert f"rankmetrics_course=={rankmetrics_course.__version__}" in requirements_of(
        wheels["rankmetrics_grading"])


def test_the_packages_release_together():
    import rankmetrics_course
    import rankmetrics_lite

    assert rankmetrics_course.__version__ == rankmetrics_lite.__version__
    course = (ROOT / "course" / "pyproject.toml").read_text()
    assert f'"rankmetrics_lite=={rankmetrics_lite.__version__}"' in course
    import rankmetrics_grading

    assert rankmetrics_grading.__version__ == rankmetrics_course.__version__
    grading = (ROOT / "grading" / "pyproject.toml").read_text()
    assert f'"rankmetrics_course=={rankmetrics_course.__version__}"' in grading


def real_data_folder() -> dict[str, str]:
    """The real data's folder, for the course's data-layer doctests (the machine has no network)."""
    folder = os.environ.get("RANKMETRICS_DATA")
    return {"RANKMETRICS_DATA": folder} if folder else {}


@pytest.mark.parametrize("package, wheels_installed", [
    ("rankmetrics_lite", ["rankmetrics_lite"]),
    ("rankmetrics_course", ["rankmetrics_lite", "rankmetrics_course"]),
    ("rankmetrics_grading", ["rankmetrics_lite", "rankmetrics_course", "rankmetrics_grading"]),
])
def test_each_package_installs_and_imports_in_a_fresh_environment(package, wheels_installed, wheels,
                                                                   tmp_path):
    declared = [r for name in wheels_installed for r in requirements_of(wheels[name])
                if not r.startswith(("rankmetrics_lite", "rankmetrics_course"))]
    closure = dependency_closure(declared)
    if package == "rankmetrics_lite":
        assert closure == {"numpy", "scipy"}
    dependencies = linked_site(closure, tmp_path / "dependencies")
    python = fresh_environment(tmp_path / "venv", dependencies)
    installed = pip_install(python, *[str(wheels[name]) for name in wheels_installed])
    assert installed.returncode == 0, installed.stdout + installed.stderr
    work = tmp_path / "elsewhere"
    work.mkdir()
    done = subprocess.run([str(python), "-c", EVERY_MODULE, package], cwd=work, capture_output=True,
                          text=True, timeout=600, env={"PATH": "/usr/bin:/bin", "MPLBACKEND": "Agg",
                                                      "HOME": str(tmp_path), **real_data_folder()})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert " 0 failed" in done.stdout
    print(package, ":", done.stdout.strip())
    if package == "rankmetrics_course":  # a learner's install: the grader is not in it
        grader = subprocess.run([str(python), "-c", "import rankmetrics_grading"], cwd=work,
                                capture_output=True, text=True, timeout=120, env={"PATH": "/usr/bin:/bin"})
        assert "No module named 'rankmetrics_grading'" in grader.stderr, grader.stdout + grader.stderr
    if package == "rankmetrics_lite":  # trec_eval's command line, installed as a program
        qrels, run = work / "qrels", work / "run"
        qrels.write_text("q1 0 d1 1\nq1 0 d2 0\n")
        run.write_text("q1 Q0 d2 1 2.0 mine\nq1 Q0 d1 2 1.0 mine\n")
        program = python.parent / "rankmetrics-trec-eval"
        printed = subprocess.run([str(program), "-m", "map", str(qrels), str(run)], cwd=work,
                                 capture_output=True, text=True, timeout=120, env={"PATH": "/usr/bin:/bin"})
        assert printed.returncode == 0 and printed.stdout == "map                   \tall\t0.5000\n", printed


def test_a_missing_dependency_fails_the_install(wheels, tmp_path):
    # The check above can fail: without scipy beside it, the library's wheel does not install.
    dependencies = linked_site(dependency_closure(["numpy>=1.24"]), tmp_path / "dependencies")
    python = fresh_environment(tmp_path / "venv", dependencies)
    installed = pip_install(python, str(wheels["rankmetrics_lite"]))
    assert installed.returncode != 0 and "scipy" in installed.stdout + installed.stderr
