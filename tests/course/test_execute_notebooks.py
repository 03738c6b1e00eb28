"""The notebook executor rewrites the course's own chapters only; anyone else's notebooks it
leaves as they are, and runs copies of them only when told where to write the copies."""

from __future__ import annotations

import subprocess
import sys

import nbformat
import pytest

from tests.paths import ROOT

EXECUTE = [sys.executable, "-m", "rankmetrics_course.tools.execute_notebooks", "--course", str(ROOT)]


def users_notebook(folder) -> bytes:
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(6 * 7)")])
    notebook.cells[0].outputs = [nbformat.v4.new_output("stream", text="kept\n")]
    path = folder / "mine.ipynb"
    nbformat.write(notebook, path)
    return path.read_bytes()


def test_a_folder_outside_the_book_is_refused_and_left_as_it_is(tmp_path):
    before = users_notebook(tmp_path)
    done = subprocess.run(EXECUTE + [str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "is not a chapter of the course" in done.stderr and "pass --out FOLDER" in done.stderr
    assert (tmp_path / "mine.ipynb").read_bytes() == before


@pytest.mark.kernel
def test_with_out_it_writes_executed_copies_and_leaves_the_originals(tmp_path):
    (tmp_path / "mine").mkdir()
    before = users_notebook(tmp_path / "mine")
    out = tmp_path / "executed"
    done = subprocess.run(EXECUTE + ["--out", str(out), str(tmp_path / "mine")], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert (tmp_path / "mine" / "mine.ipynb").read_bytes() == before
    executed = nbformat.read(out / "mine.ipynb", as_version=4)
    assert executed.cells[0].outputs[0]["text"] == "42\n"
