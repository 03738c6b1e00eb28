"""Write the student edition of the course: every chapter without its solutions (`make student`).

Under OUT (default ``student-edition`` in the course folder, which ``make clean`` leaves alone) it writes

* ``book/``: every chapter notebook with its solutions removed, beside the book's
  other pages and files. The exercises and their stub cells (the cells that call
  ``check(...)``) stay; the stubs' stored outputs are cleared, so a student sees
  a verdict only after running the cell.
* ``_config.yml`` and ``_toc.yml``: the book's own, with sphinx-exercise's
  ``hide_solutions`` switched on (and the course's folder as ``course_root``, where
  the student book's download finds the packages).
* ``html/``: the student book, built from ``book/`` as strictly as ``make book``
  (``-W -n --keep-going``). Its download buttons hand out the student notebooks, one by
  one or as the whole course.

A solution is everything from a ``{solution-start}`` fence to the end of its
``{solution-end}`` fence: the markdown around them and every cell in between;
a non-gated ``{solution}`` directive goes as a whole. Text that shares a cell
with a solution's fence (the next exercise, say) stays.

What speaks to teachers goes too: the instructors' page (and its line in the
table of contents), and any text between the lines ``<!-- teachers only -->``
and ``<!-- end teachers only -->`` in a page or a notebook's markdown (a
sentence about folded solutions, a link to the instructors' page).

Usage: python -m rankmetrics_course.tools.student_edition [--course DIR] [--out DIR] [--no-html]
"""

from __future__ import annotations

import argparse
import copy
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import yaml

from rankmetrics_course.tools.course_folder import (
    NotACourse,
    add_course_option,
    chapter_notebooks,
    course_folder,
)
from rankmetrics_course.tools.output_folders import UnsafeOutputFolder, claim, clear, record

# Opening fence of a solution directive: ```{solution-start} label, :::{solution} label, ...
_SOLUTION_FENCE = re.compile(r"^ {0,3}(?P<fence>`{3,}|:{3,})\{(?P<name>solution(?:-start|-end)?)\}")
_CHECK_CALL = re.compile(r"\bcheck\(")
# Text for teachers only: from this line to the closing one, markers included.
_TEACHERS_ONLY = re.compile(r"^[ \t]*<!-- teachers only -->.*?<!-- end teachers only -->[ \t]*\n?", re.S | re.M)
# The page for teachers, left out of the student book.
INSTRUCTORS_PAGE = "instructors"


class _Stripper:
    """Walks a notebook's cells in order and keeps what is not part of a solution."""

    def __init__(self, where: str):
        self.where = where
        self.in_gated = False  # between a solution-start and its solution-end
        self.label = ""

    def markdown(self, text: str) -> str:
        kept: list[str] = []
        lines = text.split("\n")
        i = 0
        while i < len(lines):
            match = _SOLUTION_FENCE.match(lines[i])
            name = match.group("name") if match else None
            if name == "solution-start" and not self.in_gated:
                self.label = lines[i][match.end():].strip() or "(no label)"
                i = self._after_fence(lines, i, match.group("fence"))
                self.in_gated = True
            elif name == "solution-end" and self.in_gated:
                i = self._after_fence(lines, i, match.group("fence"))
                self.in_gated = False
            elif name == "solution" and not self.in_gated:
                i = self._after_fence(lines, i, match.group("fence"))
            elif name is not None:
                raise ValueError(f"{self.where}: a {{{name}}} fence at line {i + 1} of a cell "
                                 f"{'inside' if self.in_gated else 'outside'} a solution: "
                                 "pair every solution-start with one solution-end")
            else:
                if not self.in_gated:
                    kept.append(lines[i])
                i += 1
        return "\n".join(kept).strip("\n")

    @staticmethod
    def _after_fence(lines: list[str], start: int, fence: str) -> int:
        """Index of the line after the directive opened at ``start`` (its closing fence)."""
        closing = re.compile(rf"^ {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}\s*$")
        for i in range(start + 1, len(lines)):
            if closing.match(lines[i]):
                return i + 1
        return len(lines)


def strip_solutions(notebook: nbformat.NotebookNode, where: str = "notebook") -> nbformat.NotebookNode:
    """A copy of ``notebook`` without its solutions, with the exercise stubs' outputs cleared.

    ``where`` names the notebook in error messages (a solution-start without its
    solution-end is an error: it would hide the rest of the chapter).
    """
    student = copy.deepcopy(notebook)
    stripper = _Stripper(where)
    cells = []
    for cell in student.cells:
        if cell.cell_type == "markdown":
            cell.source = without_teachers_text(stripper.markdown(cell.source))
            if cell.source.strip():
                cells.append(cell)
        elif not stripper.in_gated:
            if cell.cell_type == "code" and is_exercise_stub(cell):
                cell.outputs = []
                cell.execution_count = None
            cells.append(cell)
    if stripper.in_gated:
        raise ValueError(f"{where}: the solution {stripper.label!r} has a solution-start but "
                         "no solution-end: add ```{solution-end}``` after its last cell")
    student.cells = cells
    return student


def without_teachers_text(text: str) -> str:
    r"""``text`` without its regions marked for teachers only.

    >>> without_teachers_text("a\n<!-- teachers only -->\nb\n<!-- end teachers only -->\nc\n")
    'a\nc\n'
    """
    return _TEACHERS_ONLY.sub("", text)


def solution_code_cells(notebook: nbformat.NotebookNode, where: str = "notebook") -> list[int]:
    """The indices of the code cells inside gated solutions (between solution-start and
    solution-end), which a reader's JupyterLab shows collapsed (``fold_solutions``)."""
    stripper, inside = _Stripper(where), []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown":
            stripper.markdown(cell.source)
        elif stripper.in_gated:
            inside.append(index)
    return inside


def fold_solutions(notebook: nbformat.NotebookNode, where: str = "notebook") -> None:
    """Mark every solution's code cells collapsed (source and outputs), as JupyterLab
    reads ``metadata.jupyter``; the book shows solutions folded in its own way."""
    for index in solution_code_cells(notebook, where):
        notebook.cells[index].metadata["jupyter"] = {"source_hidden": True, "outputs_hidden": True}


def is_exercise_stub(cell: nbformat.NotebookNode) -> bool:
    """A code cell, outside any solution, that calls ``check(...)``."""
    return cell.cell_type == "code" and bool(_CHECK_CALL.search(cell.source))


def write_student_book(book: Path, out_book: Path) -> list[Path]:
    """Copy ``book`` to ``out_book`` (a new folder) with every chapter notebook stripped of its solutions."""
    shutil.copytree(book, out_book, ignore=shutil.ignore_patterns(
        "*.ipynb", ".ipynb_checkpoints", "__pycache__", f"{INSTRUCTORS_PAGE}.md"))
    for page in out_book.glob("*.md"):
        page.write_text(without_teachers_text(page.read_text()))
    written = []
    for path in chapter_notebooks(book):
        notebook = nbformat.read(path, as_version=4)
        student = strip_solutions(notebook, where=str(path.relative_to(book.parent)))
        nbformat.validate(student)
        target = out_book / path.name
        nbformat.write(student, target)
        written.append(target)
    return written


def write_student_config(root: Path, out: Path) -> None:
    """The book's _config.yml with solutions hidden, and its _toc.yml, into ``out``."""
    config = yaml.safe_load((root / "_config.yml").read_text())
    settings = config.setdefault("sphinx", {}).setdefault("config", {})
    settings["hide_solutions"] = True
    # The packages and requirements of its download come from the course itself.
    settings["course_root"] = str(root.resolve())
    header = "# Generated by rankmetrics_course.tools.student_edition from the book's _config.yml: solutions hidden.\n"
    (out / "_config.yml").write_text(header + yaml.safe_dump(config, sort_keys=False, allow_unicode=True))
    toc = yaml.safe_load((root / "_toc.yml").read_text())
    for part in toc.get("parts", []):
        part["chapters"] = [c for c in part["chapters"] if c.get("file") != f"book/{INSTRUCTORS_PAGE}"]
    (out / "_toc.yml").write_text("# Generated from the book's _toc.yml: without the instructors' page.\n"
                                  + yaml.safe_dump(toc, sort_keys=False, allow_unicode=True))


def build_student_html(out: Path) -> None:
    """Build the book in ``out`` into ``out/html`` with the strictness of ``make book``."""
    jupyter_book = Path(sys.executable).with_name("jupyter-book")
    command = [str(jupyter_book), "build", str(out), "--path-output", str(out),
               "--builder", "html", "--all", "-W", "-n", "--keep-going"]
    result = subprocess.run(command, capture_output=True, text=True)
    problems = [line for line in (result.stdout + result.stderr).splitlines()
                if "WARNING" in line or "ERROR" in line]
    if result.returncode != 0 or problems:
        details = "\n".join(problems or result.stdout.splitlines()[-30:] + result.stderr.splitlines()[-30:])
        raise RuntimeError(f"the student book did not build cleanly:\n{details}")
    html = out / "html"
    if html.exists():
        shutil.rmtree(html)
    shutil.move(str(out / "_build" / "html"), html)
    shutil.rmtree(out / "_build")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_course_option(parser)
    parser.add_argument("--out", type=Path, default=None,
                        help="folder to write the student edition into (default: the course's student-edition/)")
    parser.add_argument("--no-html", action="store_true", help="write the notebooks only")
    args = parser.parse_args(argv)
    try:
        root = course_folder(args.course)
        out = claim(args.out or root / "student-edition", "student", "STUDENT_OUT (--out)", root)
        clear(out, "STUDENT_OUT (--out)")
    except (NotACourse, UnsafeOutputFolder) as refusal:
        parser.error(f"{refusal} (nothing was written or deleted)")
    notebooks = write_student_book(root / "book", out / "book")
    write_student_config(root, out)
    print(f"{len(notebooks)} student notebooks, without solutions, in {out / 'book'}")
    if not args.no_html:
        build_student_html(out)
        print(f"the student book is built: open {out / 'html' / 'index.html'}")
    record(out)  # what the next run may replace: these files, as written now
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
