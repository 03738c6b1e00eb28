"""The chapters keep the promises nbval relies on."""

from __future__ import annotations

import json

import nbformat
import pytest

from rankmetrics_course.tools.student_edition import solution_code_cells
from tests.paths import chapter_notebooks

OPT_OUTS = ("NBVAL_IGNORE_OUTPUT", "NBVAL_SKIP", "NBVAL_RAISES_EXCEPTION")


def code_cells(path):
    return [c for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]


@pytest.mark.parametrize("path", chapter_notebooks(), ids=lambda p: p.name)
def test_chapter_is_executed_and_clean(path):
    notebook = json.loads(path.read_text())
    assert "widgets" not in notebook["metadata"], "stored widget state: re-run `make notebooks`"
    cells = code_cells(path)
    assert any("rankmetrics_lite" in "".join(c["source"]) for c in cells)
    for index, cell in enumerate(cells):
        source = "".join(cell["source"])
        assert cell["execution_count"] is not None or not source.strip(), f"code cell {index} never ran"
        for output in cell["outputs"]:
            assert output["output_type"] != "error", f"code cell {index} stores an error"
            assert output.get("name") != "stderr", f"code cell {index} stores stderr (a warning?)"


@pytest.mark.parametrize("path", chapter_notebooks(), ids=lambda p: p.name)
def test_nbval_compares_at_least_90_percent_of_code_cells(path):
    cells = code_cells(path)
    opted_out = [c for c in cells
                 if any(m in "".join(c["source"]) for m in OPT_OUTS)
                 or {"nbval-ignore-output", "nbval-skip"} & set(c["metadata"].get("tags", []))]
    assert len(cells) - len(opted_out) >= 0.9 * len(cells)


@pytest.mark.parametrize("path", chapter_notebooks(), ids=lambda p: p.name)
def test_solutions_open_collapsed_in_jupyterlab(path):
    # JupyterLab shows every cell as stored: a solution's code and its "correct." output sat in
    # plain view under the exercise. `make notebooks` stores them collapsed.
    notebook = nbformat.read(path, as_version=4)
    for index in solution_code_cells(notebook, path.name):
        assert notebook.cells[index].metadata.get("jupyter") == {
            "source_hidden": True, "outputs_hidden": True}, f"cell {index}: run `make notebooks`"
