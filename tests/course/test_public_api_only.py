"""The course and the book use only rankmetrics_lite's public API.

A private module (``rankmetrics_lite._roc``) or a private name (``_novelty_gains``) may change
or vanish in any release; a reader who copies a chapter's code, or the course's own views and
checks, must be able to rely on what they import. So every import in ``course/``, ``grading/``
and ``book/``
(Python files and the chapters' code cells) is read, and any that names a private part of the
library fails here, with where it is.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from tests.paths import BOOK, ROOT

LIBRARY = "rankmetrics_lite"


def _is_private(dotted: str) -> bool:
    """Whether a dotted name inside the library has a part that starts with an underscore."""
    return any(part.startswith("_") for part in dotted.split("."))


def private_imports(source: str) -> list[tuple[int, str]]:
    """Every import of a private part of the library in ``source``: (line, what is imported).

    >>> private_imports("from rankmetrics_lite._roc import roc_auc\\nimport rankmetrics_lite")
    [(1, 'rankmetrics_lite._roc.roc_auc')]
    >>> private_imports("from rankmetrics_lite.measures import _number_text as fmt")
    [(1, 'rankmetrics_lite.measures._number_text')]
    >>> private_imports("import importlib\\nimportlib.import_module('rankmetrics_lite._power')")
    [(2, 'rankmetrics_lite._power')]
    >>> private_imports("from rankmetrics_lite import __version__, evaluate")
    []
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
        elif (  # importlib.import_module("rankmetrics_lite._x") and __import__("...")
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and getattr(node.func, "attr", getattr(node.func, "id", "")) in {"import_module", "__import__"}
        ):
            names = [node.args[0].value]
        else:
            continue
        for name in names:
            inside = name.split(".")[1:]
            dunder = bool(inside) and inside[-1].startswith("__") and inside[-1].endswith("__")
            if name.split(".")[0] == LIBRARY and not dunder and _is_private(".".join(inside)):
                found.append((node.lineno, name))
    return found


def _python_cells(notebook: Path) -> list[tuple[int, str]]:
    """A notebook's code cells as Python: (cell number from 1, source without IPython's magics)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    code = []
    for number, cell in enumerate(cells, start=1):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        lines = [("" if line.lstrip().startswith(("%", "!")) else line) for line in source.splitlines()]
        code.append((number, "\n".join(lines)))
    return code


def _sources() -> list[tuple[str, str]]:
    """(where, Python source) for every Python file and notebook code cell of the course and the book."""
    sources = []
    for folder in (ROOT / "course", ROOT / "grading", BOOK):
        for path in sorted(folder.rglob("*.py")):
            if ".ipynb_checkpoints" not in path.parts:
                sources.append((str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")))
        for path in sorted(folder.rglob("*.ipynb")):
            if ".ipynb_checkpoints" not in path.parts:
                where = path.relative_to(ROOT)
                sources.extend((f"{where}, cell {number}", code) for number, code in _python_cells(path))
    return sources


def test_course_and_book_import_no_private_library_name():
    sources = _sources()
    assert any(where.endswith("view.py") for where, _ in sources)  # the walk found the course
    assert any(", cell " in where for where, _ in sources)  # and the chapters' code cells
    found = [f"{where}:{line}: {name}" for where, source in sources for line, name in private_imports(source)]
    assert not found, (
        f"{len(found)} import(s) of rankmetrics_lite's private parts; import the public name "
        "(`from rankmetrics_lite import ...`, rankmetrics_lite.measures, .validation), make what is "
        "needed public with a docstring and a test, or move it into the course:\n" + "\n".join(found)
    )


@pytest.mark.parametrize(
    "source",
    [
        "import rankmetrics_lite._roc as roc",
        "from rankmetrics_lite import _WHERE",
        "from rankmetrics_lite._diversity import read_trec_subtopic_qrels",
        "__import__('rankmetrics_lite._trec_io')",
    ],
)
def test_every_form_of_private_import_is_found(source):
    assert private_imports(source) != []
