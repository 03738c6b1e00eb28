"""The course as one download: every chapter notebook, both packages' wheels, the requirements
files and a README with the lines that set it up, trust the chapters and open them.

The book's build writes it beside the online book (``book/_ext/course_download.py``),
where the home page and every page's download menu link it, so that a reader can
take the chapters home and run them as they are::

    ranking-metrics-course-<version>/
        README.md               python -m venv, pip install, jupyter lab (as root too)
        requirements.txt        both wheels, then what the chapters import, pinned as the course pins them
        requirements-nodeps.txt myst-nb, installed without its dependencies (see NO_DEPS_PACKAGES)
        requirements-spark.txt  the chapter "Evaluating at scale" (and Java)
        LICENSE
        wheels/                 rankmetrics_lite and rankmetrics_course
        chapters/               NN-name.ipynb, with their outputs, as JupyterLab shows them
                                (``jupyterlab_edition``), and bibliography.ipynb

The wheels are built from copies of the two packages' sources, so that building
writes nothing (``build/``, ``*.egg-info``) into the course's folder.

Usage: python -m rankmetrics_course.tools.course_download [--course DIR] [--out FILE.zip]
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import nbformat

from rankmetrics_course.tools.course_folder import (
    NotACourse,
    add_course_option,
    chapter_notebooks,
    course_folder,
)
from rankmetrics_course.tools.jupyterlab_edition import SET_UP, edition

ARCHIVE = "ranking-metrics-course.zip"
# What the chapters import, besides the two packages: their pins are read from the
# course's requirements.txt, so that the download runs what the book was built with.
CHAPTER_PACKAGES = ("numpy", "scipy", "matplotlib", "ipywidgets", "anywidget", "bm25s", "docutils",
                    "scikit-learn", "pytrec-eval-terrier", "ir-measures", "jupyterlab",
                    "jupyterlab-myst", "ipykernel", "nbformat", "nbclient")
# Installed with --no-deps: the chapters call myst-nb's glue (to show a value the book's prose
# quotes), which needs IPython and docutils only; myst-nb's declared dependencies are the book
# builder's (Sphinx, myst-parser, jupyter-cache and theirs), which running a notebook never imports.
NO_DEPS_PACKAGES = ("myst-nb",)
# The two packages: the folder that holds each one's pyproject.toml, and what its wheel is built from.
PACKAGES = {"rankmetrics_lite": (".", ["pyproject.toml", "LICENSE", "rankmetrics_lite"]),
            "rankmetrics_course": ("course", ["pyproject.toml", "LICENSE", "README.md", "rankmetrics_course"])}


def build_wheels(root: Path, out: Path) -> dict[str, Path]:
    """Each package's wheel, built into ``out`` from a copy of its sources; package name -> wheel."""
    out.mkdir(parents=True, exist_ok=True)
    wheels = {}
    with tempfile.TemporaryDirectory(prefix="rankmetrics-wheels-") as scratch:
        for name, (folder, entries) in PACKAGES.items():
            source = Path(scratch) / name
            source.mkdir()
            for entry in entries:
                _copy(root / folder / entry, source / entry)
            done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                                   "--no-build-isolation", "--wheel-dir", str(out), str(source)],
                                  capture_output=True, text=True)
            if done.returncode != 0:
                raise RuntimeError(f"the wheel of {name} did not build:\n{done.stdout}{done.stderr}")
            wheels[name] = next(out.glob(f"{name}-*.whl"))
    return wheels


def _copy(source: Path, target: Path) -> None:
    """A file or a folder (without caches), following links: the course's LICENSE is one."""
    if source.is_dir():
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    else:
        shutil.copyfile(source, target)


def pinned(requirements: Path, names: tuple[str, ...]) -> list[str]:
    """The lines of ``requirements`` that pin one of ``names`` (``name==version``), in their order."""
    wanted = {_normal(name) for name in names}
    lines = [line.strip() for line in requirements.read_text().splitlines()]
    found = [line for line in lines if "==" in line and _normal(line.split("==")[0]) in wanted]
    missing = wanted - {_normal(line.split("==")[0]) for line in found}
    if missing:
        raise ValueError(f"{requirements} pins no version of {', '.join(sorted(missing))}: "
                         "the course download pins every package the chapters import")
    return found


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name.strip()).lower()


def readme(version: str) -> str:
    lines = "\n".join(SET_UP)
    return f"""# Ranking Metrics {version}: the course's notebooks

Every chapter of the course as a Jupyter notebook, with the two packages it runs on
(`rankmetrics_lite`, the metrics; `rankmetrics_course`, the sliders, figures and exercise
checks). You need Python 3.10 or later. In this folder, run:

```bash
{lines}
```

(On Windows: `py -m venv .venv`, then the same lines with `.venv\\Scripts\\` for `.venv/bin/`,
and `jupyter trust` given each chapter's name.) The two `pip` lines install what the chapters
import and nothing else (the second adds myst-nb, whose `glue` the chapters call, without the
book builder it would otherwise bring). `jupyter trust` tells JupyterLab on
this machine that the chapters' stored outputs are yours to show: without it, a slider's stored
face stays greyed out until its cell runs. The last line runs `jupyter lab chapters`, adding
`--allow-root` when you are root (in a container, say), which JupyterLab asks for there.
JupyterLab opens in your browser; open any chapter,
for example `02-precision-at-k.ipynb`, and run it. Its sliders are live there, and
`check(...)` in an exercise's cell says whether your answer is right; each exercise's solution
is folded under it, and stays folded however the chapter runs until you open it.

The chapter "Evaluating at scale" also runs Apache Spark: `.venv/bin/pip install -r
requirements-spark.txt` (about 450 MB) and a Java runtime, 17 or later (Debian/Ubuntu:
`sudo apt-get install openjdk-17-jre-headless`).

Chapters 6, 20, 22, 23 and 24 also read real evaluation data (TREC per-topic scores, TREC Deep
Learning judgements by NIST and by LLMs, the TREC 2012 Web track, MovieLens). It is not in this
archive: the first time a chapter needs a file, it downloads it from the source's public
repository into `~/.cache/rankmetrics-course` (17 MB in all; chapter 22's table of Deep Learning
runs' scores is built once from 586 small files, 48 MB), checking every SHA-256. Offline,
or to use a copy you already have, set `RANKMETRICS_DATA` to a folder holding the files before
starting JupyterLab. Each source's terms and citation are shown where it is used, and on the
book's page "Data sources".

Code and text under the MIT licence (LICENSE).
"""


NO_DEPS_HEADER = ("# Installed with `pip install --no-deps -r requirements-nodeps.txt`: myst-nb's glue, which the\n"
                  "# chapters call, needs IPython and docutils (in requirements.txt); its other dependencies\n"
                  "# build the online book, which running the chapters does not need.\n")


def requirements_text(wheels: dict[str, Path], pins: list[str]) -> str:
    lines = ["# The course's two packages, from the wheels beside this file (run pip in this folder),",
             "# then what the chapters import, at the versions the book was built with."]
    lines += [f"./wheels/{wheel.name}" for wheel in wheels.values()]
    return "\n".join(lines + pins) + "\n"


def notebook_text(notebook) -> str:
    """A notebook as the download writes it (the book's per-chapter download, byte for byte)."""
    return nbformat.writes(notebook) + "\n"


def write_course_download(root: Path, archive: Path, book: Path | None = None,
                          notebooks: dict | None = None) -> Path:
    """Write the download of the course in ``root`` to ``archive`` (a .zip); return it.

    The chapters come from ``book`` (default: the course's own ``book/``; the
    student edition passes its notebooks without solutions), as ``notebooks`` when the
    caller already has its JupyterLab edition (``edition(book, ...)``).
    """
    import rankmetrics_course

    version = rankmetrics_course.__version__
    top = f"ranking-metrics-course-{version}"
    book = root / "book" if book is None else book
    chapters = chapter_notebooks(book)
    if not chapters:
        raise ValueError(f"{book} holds no chapter notebook (NN-name.ipynb)")
    pins = pinned(root / "requirements.txt", CHAPTER_PACKAGES)
    no_deps = pinned(root / "requirements.txt", NO_DEPS_PACKAGES)
    with tempfile.TemporaryDirectory(prefix="rankmetrics-download-") as scratch:
        wheels = build_wheels(root, Path(scratch) / "wheels")
        archive.parent.mkdir(parents=True, exist_ok=True)
        partial = archive.with_name(archive.name + ".part")
        with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
            bundle.writestr(f"{top}/README.md", readme(version))
            bundle.writestr(f"{top}/requirements.txt", requirements_text(wheels, pins))
            bundle.writestr(f"{top}/requirements-nodeps.txt", NO_DEPS_HEADER + "\n".join(no_deps) + "\n")
            bundle.write(root / "requirements-spark.txt", f"{top}/requirements-spark.txt")
            bundle.write(root / "LICENSE", f"{top}/LICENSE")
            for wheel in wheels.values():
                bundle.write(wheel, f"{top}/wheels/{wheel.name}")
            if notebooks is None:
                notebooks = edition(book, book / "references.bib")
            for name, notebook in notebooks.items():
                bundle.writestr(f"{top}/chapters/{name}", notebook_text(notebook))
        partial.replace(archive)  # whole or not at all: a reader never gets half a file
    return archive


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_course_option(parser)
    parser.add_argument("--out", type=Path, default=None,
                        help=f"the archive to write (default: the course's _build/{ARCHIVE})")
    args = parser.parse_args(argv)
    try:
        root = course_folder(args.course)
    except NotACourse as refusal:
        parser.error(str(refusal))
    archive = write_course_download(root, (args.out or root / "_build" / ARCHIVE).resolve())
    print(f"the course download: {archive}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
