"""Re-execute chapter notebooks in place, deterministically (`make notebooks`).

Each notebook runs in a fresh kernel from its own folder. Widget state is not
stored: the online book shows each slider's static face, and a stored widget
state would make the book load the ipywidgets bundle from a CDN.

Usage: python -m rankmetrics_course.tools.execute_notebooks [NOTEBOOK_OR_FOLDER ...]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

TIMEOUT_PER_CELL = 300


def notebooks(paths: list[str]) -> list[Path]:
    found: list[Path] = []
    for name in paths or ["book"]:
        path = Path(name)
        found += sorted(path.rglob("*.ipynb")) if path.is_dir() else [path]
    return [p for p in found if ".ipynb_checkpoints" not in p.parts and "_build" not in p.parts]


def merge_streams(cell) -> None:
    """Join consecutive stdout (or stderr) outputs: a kernel may split one print."""
    merged: list = []
    for output in cell.get("outputs", []):
        previous = merged[-1] if merged else None
        if (output.output_type == "stream" and previous is not None
                and previous.output_type == "stream" and previous.name == output.name):
            previous.text += output.text
        else:
            merged.append(output)
    cell["outputs"] = merged


def execute(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=TIMEOUT_PER_CELL, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}},
                            store_widget_state=False, record_timing=False)
    client.execute()
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            merge_streams(cell)
            cell.metadata.pop("execution", None)  # timings left by other tools
    nbformat.write(notebook, path)


def main(argv: list[str]) -> int:
    os.environ.setdefault("PYTHONHASHSEED", "0")
    for path in notebooks(argv):
        print(f"executing {path}", flush=True)
        execute(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
