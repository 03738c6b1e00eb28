"""The course folder a tool works on: the one holding ``_config.yml``, ``_toc.yml`` and ``book/``.

The tools are modules of the installed package, so they cannot find the course
from where their own files lie: each takes the folder as ``--course`` (default:
the current folder, where ``make`` runs them) and refuses, naming what is
missing, a folder that is not a course.
"""

from __future__ import annotations

import argparse
from pathlib import Path

# What makes a folder the course: the book's configuration, its contents and its chapters.
MARKS = ("_config.yml", "_toc.yml", "book")


class NotACourse(ValueError):
    """The folder given as the course lacks the course's files."""


def course_folder(path: str | Path = ".") -> Path:
    """``path`` resolved, if it holds the course; otherwise :class:`NotACourse` naming what is missing."""
    folder = Path(path).resolve()
    if not folder.is_dir():
        raise NotACourse(f"--course must be the course's folder, got {folder}, which is not a folder")
    missing = [name for name in MARKS if not (folder / name).exists()]
    if missing:
        raise NotACourse(
            f"--course must be the course's folder (it holds {', '.join(MARKS)}), got {folder}, "
            f"which has no {' and no '.join(missing)}: run the tool from the course's folder or "
            "pass --course path/to/the/course")
    return folder


def add_course_option(parser: argparse.ArgumentParser) -> None:
    """The ``--course`` option, shared by the tools."""
    parser.add_argument("--course", default=".", type=Path,
                        help="the course's folder, holding _config.yml, _toc.yml and book/ "
                             "(default: the current folder)")


def chapter_notebooks(book: Path) -> list[Path]:
    """Every chapter notebook of ``book``, in reading order (``NN-name.ipynb``)."""
    return sorted(path for path in Path(book).glob("[0-9][0-9]-*.ipynb"))
