"""Re-execute chapter notebooks in place, deterministically (`make notebooks`).

Each notebook runs in a fresh kernel from its own folder. Widget state is not
stored: the online book shows each slider's static face, and a stored widget
state would make the book load the ipywidgets bundle from a CDN.

Executing a notebook in place replaces its outputs, so only the course's own
chapters (its ``book/`` folder) are executed in place. Any other notebook is
refused, unless ``--out`` names a folder to write executed copies into (the
originals are not touched).

Usage: python -m rankmetrics_course.tools.execute_notebooks [--course DIR] [--out DIR]
           [NOTEBOOK_OR_FOLDER ...]   (default: every chapter of the course's book/)
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from rankmetrics_course.tools.course_folder import NotACourse, add_course_option, course_folder
from rankmetrics_course.tools.output_folders import UnsafeOutputFolder, claim, clear, record
from rankmetrics_course.tools.student_edition import fold_solutions

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


def execute(path: Path, target: Path | None = None) -> None:
    """Run ``path`` in a fresh kernel from its folder; write it to ``target`` (default: in place)."""
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=TIMEOUT_PER_CELL, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}},
                            store_widget_state=False, record_timing=False)
    client.execute()
    notebook.metadata.pop("widgets", None)
    fold_solutions(notebook, str(path))  # JupyterLab opens every solution collapsed
    for cell in notebook.cells:
        if cell.cell_type == "code":
            merge_streams(cell)
            cell.metadata.pop("execution", None)  # timings left by other tools
    nbformat.write(notebook, target or path)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_course_option(parser)
    parser.add_argument("--out", type=Path, default=None,
                        help="write executed copies into this folder instead of executing in place")
    parser.add_argument("paths", nargs="*", help="notebooks or folders (default: the course's book/)")
    args = parser.parse_args(argv)
    os.environ.setdefault("PYTHONHASHSEED", "0")
    try:
        root = course_folder(args.course)
        found = notebooks(args.paths or [str(root / "book")])
        out = None if args.out is None else claim(args.out, "notebooks", "--out", root)
        if out is None:
            outside = [path for path in found if not path.resolve().is_relative_to(root / "book")]
            if outside:
                raise UnsafeOutputFolder(
                    f"{outside[0]} is not a chapter of the course ({root / 'book'}): executing it in place "
                    "would replace its outputs and drop its widget state; pass --out FOLDER to write "
                    "executed copies there instead")
        else:
            clear(out, "--out")
    except (NotACourse, UnsafeOutputFolder) as refusal:
        parser.error(f"{refusal} (nothing was executed or written)")
    for path in found:
        target = path if out is None else out / path.name
        print(f"executing {path}" + ("" if out is None else f" into {target}"), flush=True)
        execute(path, target)
    if out is not None:
        record(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
