"""The submitted files, found and read as a grader must: regular files of the submissions
folder only, never through a link, a pipe or a device.

Submissions arrive as unpacked archives and cloned repositories, which can hold
symbolic links (to a classmate's notebook, to the course's solutions, to
``/etc/passwd``), named pipes (reading one waits forever) and hard links. The
grader runs outside the sandbox, so it reads nothing that is not plainly a file
of the folder: every other entry is refused, with the reason in that student's
feedback, and the others are graded as usual.

* :func:`find_submissions` walks the folder without following any link and
  lists every entry a student handed in (a link to a folder included);
* :func:`read_submission` opens one without following a link and without
  waiting, and reads it only if it is a regular file of at most
  :data:`MAX_NOTEBOOK_BYTES` with no other name.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_NOTEBOOK_BYTES = 32 * 2**20  # a chapter with its outputs is under 1 MB


class RefusedSubmission(Exception):
    """A submitted entry the grader does not read; the message says why, for the student."""


def find_submissions(folder: Path) -> dict[str, list[Path]]:
    """Student id -> what they handed in: ``folder/<id>.ipynb``, or ``folder/<id>/**/*.ipynb``.

    Links are listed, not followed: a link named like a notebook, or a link to a
    folder, is an entry of its student that :func:`read_submission` refuses.
    """
    folder = Path(folder)
    students: dict[str, list[Path]] = {}
    for top, folders, files in os.walk(folder, followlinks=False):
        relative = Path(top).relative_to(folder)
        if ".ipynb_checkpoints" in relative.parts:
            continue
        linked = [name for name in folders if (Path(top) / name).is_symlink()]
        entries = [name for name in files if name.endswith(".ipynb")] + linked
        for name in sorted(entries):
            path = Path(top) / name
            parts = path.relative_to(folder).parts
            student = parts[0] if len(parts) > 1 or name in linked else path.stem
            students.setdefault(student, []).append(path)
    return dict(sorted(students.items()))


def read_submission(path: Path) -> bytes:
    """The bytes of the submitted notebook at ``path``, or :class:`RefusedSubmission`."""
    try:
        facts = os.lstat(path)
    except OSError as error:
        raise RefusedSubmission(f"it could not be read ({error.strerror})") from None
    _refuse_unless_plain(facts)
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as error:  # replaced by a link since: ELOOP
        raise RefusedSubmission(f"it could not be opened as a plain file ({error.strerror})") from None
    try:
        _refuse_unless_plain(os.fstat(descriptor))  # what was opened, not what was looked at
        chunks, size = [], 0
        while chunk := os.read(descriptor, 1 << 20):
            chunks.append(chunk)
            size += len(chunk)
            if size > MAX_NOTEBOOK_BYTES:
                raise RefusedSubmission(_too_large(size))
        return b"".join(chunks)
    finally:
        os.close(descriptor)


def _refuse_unless_plain(facts: os.stat_result) -> None:
    mode = facts.st_mode
    if stat.S_ISLNK(mode):
        raise RefusedSubmission("it is a symbolic link, not a notebook; submit the notebook file itself")
    if stat.S_ISDIR(mode):
        raise RefusedSubmission("it is a folder, not a notebook")
    if not stat.S_ISREG(mode):
        kind = "a named pipe" if stat.S_ISFIFO(mode) else "a device or socket"
        raise RefusedSubmission(f"it is {kind}, not a notebook file; submit the notebook file itself")
    if facts.st_nlink > 1:
        raise RefusedSubmission("it is a hard link to another file; submit a copy of the notebook itself")
    if facts.st_size > MAX_NOTEBOOK_BYTES:
        raise RefusedSubmission(_too_large(facts.st_size))


def _too_large(size: int) -> str:
    return (f"it is larger than any notebook of the course ({size / 2**20:.0f} MiB; at most "
            f"{MAX_NOTEBOOK_BYTES // 2**20} MiB): clear its outputs and submit it again")
