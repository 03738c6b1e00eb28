"""Output folders a tool may write into, and clear again, without touching anything else.

A tool that writes a folder marks it with a small file naming the tool. On a later
run it deletes only the entries it wrote there (listed by the tool) and only in a
folder that carries its mark. A folder that is the course itself, holds it, or lies
inside one of its source folders (``book/``, the two packages, ``tests/``) is
refused before anything is touched.
"""

from __future__ import annotations

import shutil
from pathlib import Path

MARKER = ".rankmetrics-output"
# Folders of the course whose content no tool output may land in.
PROTECTED = ("book", "rankmetrics_lite", "course", "tests")


class UnsafeOutputFolder(ValueError):
    """The output folder given to a tool could hold the instructor's own files."""


def claim(out: Path, tool: str, option: str, root: Path) -> Path:
    """Check ``out`` for ``tool``, create and mark it; return it resolved.

    ``root`` is the course's folder; ``option`` is how the user names the output
    folder (``STUDENT_OUT``), for the message.
    Raises :class:`UnsafeOutputFolder` and touches nothing when ``out`` is the
    course, holds it, lies inside one of its protected folders, or is a folder
    that already has content and no mark of ``tool``.
    """
    out, root = Path(out).resolve(), Path(root).resolve()
    fix = f"choose a new or empty folder, e.g. {option}=_build/{tool}"
    if out == root or root.is_relative_to(out):
        raise UnsafeOutputFolder(f"{option} must not be the course or a folder that holds it, "
                                 f"got {out}: {tool} would write among the course's files; {fix}")
    for name in PROTECTED:
        if out.is_relative_to(root / name):
            raise UnsafeOutputFolder(f"{option} must not lie inside the course's {name}/ folder, "
                                     f"got {out}; {fix}")
    if out.exists() and not out.is_dir():
        raise UnsafeOutputFolder(f"{option} must be a folder, got {out} (a file); {fix}")
    marker = out / MARKER
    if out.is_dir() and any(out.iterdir()) and not _marked_by(marker, tool):
        raise UnsafeOutputFolder(f"{option} must be empty or an earlier output of {tool}, got {out}, "
                                 f"which holds other files (no {MARKER} file of {tool}); {fix}, or empty that one yourself")
    out.mkdir(parents=True, exist_ok=True)
    marker.write_text(f"{tool}\nWritten by the course's {tool} tool: it replaces what it wrote "
                      "here on its next run and nothing else.\n")
    return out


def clear(out: Path, names: list[str]) -> None:
    """Delete the entries ``names`` (files or folders) that a tool wrote into claimed ``out``."""
    if not (out / MARKER).is_file():
        raise UnsafeOutputFolder(f"{out} was not claimed by a tool: refusing to delete in it")
    for name in names:
        path = out / name
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        elif path.exists() or path.is_symlink():
            path.unlink()


def _marked_by(marker: Path, tool: str) -> bool:
    try:
        return marker.read_text().split("\n", 1)[0] == tool
    except OSError:
        return False
