"""The book's live site: every chapter that can, runnable in the reader's browser, served from
the book's own host (``_build/html/live``), built without the network.

It is JupyterLite (``jupyterlite-core`` and ``jupyterlite-pyodide-kernel``, pinned in
requirements.txt) with:

* Pyodide's core and package files (``_build/pyodide``, from ``pyodide_dist``, which checks each
  against Pyodide's lock file) in ``static/pyodide/``, named as the kernel's ``pyodideUrl``;
* the wheels of requirements-live.txt (downloaded once, hash-checked, by ``make``) and both
  packages' wheels in ``pypi/``, the in-browser installer's only index (no PyPI fallback);
* the chapters that can run (``live_chapters``) in its contents, and in ``data/`` the real
  data files whose terms let the site serve them, laid out as the data folder.

JupyterLite keeps a reader's edits in the browser's storage; deleting a chapter there (the
launch page's Reset) brings back the chapter as published.

Usage: python -m rankmetrics_course.tools.live_site [--course DIR] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import nbformat

from rankmetrics_course.data.store import data_file
from rankmetrics_course.data.sources import SOURCES
from rankmetrics_course.tools.course_download import build_wheels
from rankmetrics_course.tools.course_folder import add_course_option, course_folder
from rankmetrics_course.tools.jupyterlab_edition import edition
from rankmetrics_course.tools.live_chapters import SERVED_SOURCES, for_the_browser, not_live

PYODIDE_URL = "./static/pyodide/pyodide.js"
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
# The record of what the live site holds, read by the book's "Run live" buttons.
CHAPTERS_FILE = "chapters.json"


class LiveSiteError(RuntimeError):
    """Something the live site is built from is missing."""


def chapters(root: Path, notebooks: dict | None = None) -> tuple[dict, dict[str, str]]:
    """The chapters to serve (file name -> notebook) and the others (file name -> why not)."""
    book = root / "book"
    notebooks = notebooks or edition(book, book / "references.bib")
    package = root / "course" / "rankmetrics_course"
    served, refused = {}, {}
    for name, notebook in notebooks.items():
        if not name[:2].isdigit():
            continue  # the bibliography: a page to read, not to run
        source = nbformat.read(book / name, as_version=4)
        why = not_live(source, package)
        if why:
            refused[name] = why
        else:
            served[name] = for_the_browser(notebook, int(name[:2]))
    return served, refused


def _copy_data(out: Path) -> int:
    """Every file of the served sources, checked, into ``out`` laid out as the data folder."""
    count = 0
    for key in SERVED_SOURCES:
        source = SOURCES[key]
        for path in source.files:
            target = out / source.folder / path
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(data_file(key, path), target)
            count += 1
    return count


def _wheels(folder: Path) -> list[Path]:
    wheels = sorted(folder.glob("*.whl"))
    if not wheels:
        raise LiveSiteError(f"--wheels: {folder} holds no wheels; download requirements-live.txt's "
                            "first (make does: pip download --require-hashes)")
    return wheels


def _lite_only_extensions() -> list[str]:
    """The option that names where the Makefile keeps JupyterLite's own extensions (the Pyodide
    kernel's), out of JupyterLab's sight; none where they sit with JupyterLab's."""
    folder = Path(sys.prefix) / "share" / "jupyterlite" / "labextensions"
    return [f"--FederatedExtensionAddon.extra_labextensions_path={folder}"] if folder.is_dir() else []


def build(root: Path, out: Path, pyodide: Path, wheels: Path, notebooks: dict | None = None) -> dict:
    """Build the live site into ``out`` (replaced); return what ``CHAPTERS_FILE`` records."""
    if not (pyodide / "pyodide.js").is_file() or not (pyodide / "pyodide-lock.json").is_file():
        raise LiveSiteError(f"--pyodide: {pyodide} holds no Pyodide (pyodide.js, pyodide-lock.json); "
                            "build it first: make pyodide-dist")
    out, pyodide, wheels = out.resolve(), pyodide.resolve(), wheels.resolve()
    served, refused = chapters(root, notebooks)
    with tempfile.TemporaryDirectory(prefix="rankmetrics-live-") as scratch:
        lite = Path(scratch)
        (lite / "files").mkdir()
        for name, notebook in served.items():
            # Each text whole, not split in lines: JupyterLite serves the file as it is, and
            # JupyterLab's table of contents failed on an output's HTML given as a list of lines.
            (lite / "files" / name).write_text(nbformat.writes(notebook, split_lines=False),
                                               encoding="utf-8")
        (lite / "pypi").mkdir()
        for wheel in _wheels(wheels):
            shutil.copyfile(wheel, lite / "pypi" / wheel.name)
        build_wheels(root, lite / "pypi")
        (lite / "jupyter-lite.json").write_text(json.dumps({
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {
                "appName": "Ranking Metrics, live",
                # window.jupyterapp: the launch page's Reset and status reach the app through it.
                "exposeAppInBrowser": True,
                "litePluginSettings": {KERNEL_SETTINGS: {
                    "pyodideUrl": PYODIDE_URL, "disablePyPIFallback": True}},
            }}, indent=2))
        partial = out.with_name(out.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        done = subprocess.run(
            [str(Path(sys.executable).with_name("jupyter")), "lite", "build", "--lite-dir", str(lite),
             "--contents", str(lite / "files"), "--output-dir", str(partial), "--apps", "lab",
             "--no-sourcemaps", "--no-unused-shared-packages", *_lite_only_extensions()],
            cwd=lite, capture_output=True, text=True, timeout=900)
        if done.returncode != 0:
            raise LiveSiteError(f"jupyter lite build failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    settings = json.loads((partial / "jupyter-lite.json").read_text())
    kernel = settings["jupyter-config-data"]["litePluginSettings"][KERNEL_SETTINGS]
    if kernel.get("pyodideUrl") != PYODIDE_URL:  # else the kernel would fetch Pyodide from its CDN
        raise LiveSiteError(f"the built jupyter-lite.json names {kernel.get('pyodideUrl')!r} as "
                            f"pyodideUrl, not {PYODIDE_URL!r}")
    shutil.copytree(pyodide, partial / "static" / "pyodide")
    files = _copy_data(partial / "data")
    record = {"served": sorted(served), "refused": refused, "data_files": files}
    (partial / CHAPTERS_FILE).write_text(json.dumps(record, indent=1))
    shutil.rmtree(out, ignore_errors=True)
    partial.rename(out)
    return record


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_course_option(parser)
    parser.add_argument("--out", type=Path, default=None, help="default: the course's _build/html/live")
    parser.add_argument("--pyodide", type=Path, default=None, help="default: the course's _build/pyodide")
    parser.add_argument("--wheels", type=Path, default=None, help="default: the course's _build/live-wheels")
    args = parser.parse_args(argv)
    root = course_folder(args.course)
    try:
        record = build(root, args.out or root / "_build" / "html" / "live",
                       args.pyodide or root / "_build" / "pyodide",
                       args.wheels or root / "_build" / "live-wheels")
    except LiveSiteError as error:
        parser.error(str(error))
    print(f"live site: {len(record['served'])} chapters, {record['data_files']} data files; "
          f"not live: {', '.join(record['refused'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
