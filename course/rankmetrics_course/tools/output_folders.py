"""Output folders a tool may write into, and clear again, without touching anything else.

A tool that writes a folder marks it with a small file, ``.rankmetrics-output``:
the tool's name, then a manifest of every file it wrote (its path and a hash of
its content), recorded when the run ends (:func:`record`). On a later run
(:func:`clear`) it deletes exactly those files, and only if the folder holds
nothing else: a file the instructor added there, or one of the tool's files
that was edited since, stops the run before anything is deleted, named in the
message. A folder that is the course itself, holds it, or lies inside one of
its source folders (``book/``, the two packages, ``tests/``) is refused before
anything is touched.

``make clean`` removes the course's ``_build`` folder through :func:`clean_build`
(run by path, with the system's Python: it imports nothing but the standard
library), which keeps every folder in it that ``make grade`` or ``make student``
marked: a class's grades and a handed-out student edition are never build
products to throw away.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from pathlib import Path

MARKER = ".rankmetrics-output"
# Folders of the course whose content no tool output may land in.
PROTECTED = ("book", "rankmetrics_lite", "course", "tests")
# The tools whose output ``make clean`` keeps: grades and student editions, which an
# instructor may still need and no build can give back.
KEPT_BY_CLEAN = ("grade", "student")


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
    fix = f"choose a new or empty folder, e.g. {option}=new-{tool}-folder"
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
    if out.is_dir() and any(out.iterdir()) and _manifest(marker, tool) is None:
        raise UnsafeOutputFolder(f"{option} must be empty or an earlier output of {tool}, got {out}, "
                                 f"which holds other files (no {MARKER} file of {tool}); {fix}, or empty that one yourself")
    out.mkdir(parents=True, exist_ok=True)
    if not marker.exists():
        _write_marker(marker, tool, {})
    return out


def clear(out: Path, option: str = "the output folder") -> None:
    """Delete what the tool wrote into the claimed ``out`` on its last run, and nothing else.

    Raises :class:`UnsafeOutputFolder`, deleting nothing, when ``out`` holds a file the
    tool did not write or a file of its that was changed since.
    """
    marker = out / MARKER
    tool = _tool_of(marker)
    written = _manifest(marker, tool) if tool else None
    if written is None:
        raise UnsafeOutputFolder(f"{out} was not claimed by a tool: refusing to delete in it")
    present = {path.relative_to(out).as_posix(): path for path in _files(out)}
    foreign = sorted(name for name in present if name not in written)
    edited = sorted(name for name in present if name in written and digest(present[name]) != written[name])
    if foreign or edited:
        listed = [f"{name} (not written by {tool})" for name in foreign] + [f"{name} (edited since)" for name in edited]
        shown = "; ".join(listed[:10]) + (f"; and {len(listed) - 10} more" if len(listed) > 10 else "")
        raise UnsafeOutputFolder(
            f"{option} ({out}) holds files that {tool} would delete or overwrite and did not write as "
            f"they are: {shown}. Move them out of the folder (or delete them yourself) and run again; "
            "nothing was deleted")
    for path in present.values():
        path.unlink()
    for folder in sorted((p for p in out.rglob("*") if p.is_dir() and not p.is_symlink()), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()
    _write_marker(marker, tool, {})


def record(out: Path, written: dict[str, str] | None = None) -> None:
    """List every file now in the claimed ``out`` as written by its tool (at the run's end),
    or only ``written`` (name -> :func:`digest`), for a tool that leaves other files be."""
    marker = out / MARKER
    if written is None:
        written = {path.relative_to(out).as_posix(): digest(path) for path in _files(out)}
    _write_marker(marker, _tool_of(marker), written)


def written_before(out: Path) -> dict[str, str]:
    """What the tool that claimed ``out`` recorded on its last run: name -> :func:`digest`."""
    marker = out / MARKER
    return _manifest(marker, _tool_of(marker)) or {}


def _files(out: Path) -> list[Path]:
    """Every file (and link) under ``out`` but the marker, without following links."""
    return [path for path in out.rglob("*")
            if (path.is_symlink() or path.is_file()) and path != out / MARKER]


def digest(path: Path) -> str:
    """A file's content (or a link's target) as the manifest records it."""
    if path.is_symlink():
        return "link:" + str(path.readlink())
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _write_marker(marker: Path, tool: str, written: dict[str, str]) -> None:
    marker.write_text(f"{tool}\nWritten by the course's {tool} tool: on its next run it replaces the files "
                      "listed below, and stops if the folder holds any other.\n"
                      + json.dumps(written, indent=1, sort_keys=True) + "\n")


def _tool_of(marker: Path) -> str:
    try:
        return marker.read_text().split("\n", 1)[0]
    except OSError:
        return ""


def _manifest(marker: Path, tool: str) -> dict[str, str] | None:
    """The files ``tool`` recorded in ``marker``, or None if the marker is not ``tool``'s."""
    try:
        first, _, rest = marker.read_text().split("\n", 2)
    except (OSError, ValueError):
        return None
    if first != tool:
        return None
    try:
        written = json.loads(rest)
    except ValueError:
        return {}  # a marker of an older release, listing nothing
    return written if isinstance(written, dict) else {}


def clean_build(build: Path) -> list[Path]:
    """Delete ``build`` (the course's ``_build``) but the folders in it that a tool of
    :data:`KEPT_BY_CLEAN` marked, and the folders that lead to them; return those kept."""
    build = Path(build)
    if build.is_symlink() or not build.is_dir():
        return []
    kept = sorted(marker.parent for marker in build.rglob(MARKER)
                  if marker.is_file() and _tool_of(marker) in KEPT_BY_CLEAN)
    _remove_all_but(build, kept)
    if not any(build.iterdir()):
        build.rmdir()
    return kept


def _remove_all_but(folder: Path, kept: list[Path]) -> None:
    for entry in list(folder.iterdir()):
        if any(entry == k for k in kept):
            continue
        if not entry.is_symlink() and entry.is_dir() and any(k.is_relative_to(entry) for k in kept):
            _remove_all_but(entry, kept)
        elif entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()


if __name__ == "__main__":  # make clean: python3 .../output_folders.py _build
    for folder in clean_build(Path(sys.argv[1])):
        print(f"kept {folder}: written by make {_tool_of(folder / MARKER)} (grades or a student "
              "edition are not build products); delete it yourself when no longer needed")
