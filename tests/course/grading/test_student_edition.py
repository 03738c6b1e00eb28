"""The student edition (`make student`): every chapter, every exercise, no solution.

The leak test takes each solution from the full notebooks, independently of the
tool that strips them, and looks for it in the student notebooks and in the
student HTML book (each chapter's page and its downloadable notebook).
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import zipfile
from pathlib import Path

import nbformat
import pytest
import yaml

from rankmetrics_course.tools.student_edition import strip_solutions, without_teachers_text
from tests.paths import ROOT, chapter_notebooks

# A line of solution code is "distinctive" when it is this long and appears nowhere
# outside the solutions of its chapter: finding it in the student edition is a leak.
MIN_LINE = 12


@pytest.fixture(scope="module")
def student(tmp_path_factory) -> Path:
    """`make student` into a temporary folder (notebooks and the HTML book)."""
    out = tmp_path_factory.mktemp("student")
    result = subprocess.run(["make", "-s", "-o", ".venv/.installed", "student", f"STUDENT_OUT={out}"],
                            cwd=ROOT, capture_output=True, text=True, timeout=1200)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return out


# ------------------------------------------------- solutions, found independently --


def split_solutions(path: Path) -> tuple[list[str], list[str], str]:
    """(solution code cells, solution markdown, everything outside solutions) of a notebook."""
    code, prose, outside = [], [], []
    inside = False
    for cell in json.loads(path.read_text())["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code":
            (code if inside else outside).append(source)
            continue
        for part in re.split(r"(```\{solution-(?:start|end)\}[^\n]*\n(?::[^\n]*\n)*```)", source):
            if part.startswith("```{solution-start}"):
                inside = True
            elif part.startswith("```{solution-end}"):
                inside = False
            else:
                (prose if inside else outside).append(part)
    return code, prose, "\n".join(outside)


def distinctive_lines(texts: list[str], outside: str) -> set[str]:
    lines = {line.strip() for text in texts for line in text.splitlines()}
    return {line for line in lines if len(line) >= MIN_LINE and line not in outside}


def notebook_text(path: Path) -> str:
    """Sources and text outputs of a notebook, as a reader would see them."""
    parts = []
    for cell in json.loads(path.read_text())["cells"]:
        parts.append("".join(cell["source"]))
        for output in cell.get("outputs", []):
            text = output.get("text") or output.get("data", {}).get("text/plain", "")
            parts.append("".join(text))
    return "\n".join(parts)


def page_text(html_folder: Path, chapter: str) -> str:
    """A chapter's page of a built book (tags stripped, entities decoded) and its download."""
    page = (html_folder / "book" / chapter).with_suffix(".html").read_text()
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    return text + "\n" + notebook_text(html_folder / "_sources" / "book" / chapter)


def squash(text: str) -> str:
    return " ".join(text.split())


# ---------------------------------------------------------------- the edition --


def chapters_with_solutions() -> list[Path]:
    return [p for p in chapter_notebooks() if split_solutions(p)[0] or split_solutions(p)[1]]


def built_chapters(student: Path) -> list[Path]:
    """The chapters with solutions that the student book's table of contents lists."""
    toc = yaml.safe_load((student / "_toc.yml").read_text())
    listed = {entry["file"] for part in toc["parts"] for entry in part["chapters"]}
    return [p for p in chapters_with_solutions() if f"book/{p.stem}" in listed]


def test_every_chapter_is_in_the_student_edition(student):
    assert sorted(p.name for p in (student / "book").glob("*.ipynb")) == \
        sorted(p.name for p in chapter_notebooks())
    for path in (student / "book").glob("*.ipynb"):
        nbformat.validate(nbformat.read(path, as_version=4))


@pytest.mark.parametrize("chapter", [p.name for p in chapters_with_solutions()])
def test_no_solution_leaks_into_the_student_notebook(student, chapter):
    code, prose, outside = split_solutions(ROOT / "book" / chapter)
    text = notebook_text(student / "book" / chapter)
    leaked = sorted(line for line in distinctive_lines(code + prose, outside) if line in text)
    assert not leaked, f"solution lines in the student {chapter}: {leaked[:5]}"
    assert "{solution" not in text


@pytest.mark.parametrize("chapter", [p.name for p in chapters_with_solutions()])
def test_exercises_and_their_stubs_stay(student, chapter):
    full = json.loads((ROOT / "book" / chapter).read_text())
    kept = json.loads((student / "book" / chapter).read_text())

    def exercises(notebook):
        return [line for cell in notebook["cells"] for line in "".join(cell["source"]).splitlines()
                if line.startswith("```{exercise-start}")]

    assert exercises(kept) == exercises(full)
    _, _, outside = split_solutions(ROOT / "book" / chapter)
    stubs = [c for c in kept["cells"] if c["cell_type"] == "code" and "check(" in "".join(c["source"])]
    assert stubs and all("".join(c["source"]) in outside for c in stubs)
    assert all(c["outputs"] == [] for c in stubs)  # a verdict appears only once the student runs it


def test_no_solution_leaks_into_the_student_html(student):
    for chapter in built_chapters(student):
        built = squash(page_text(student / "html", chapter.name))
        code, _, outside = split_solutions(chapter)
        leaked = sorted(line for line in distinctive_lines(code, outside) if squash(line) in built)
        assert not leaked, f"solution code of {chapter.name} in the student HTML: {leaked[:5]}"


def test_the_leak_search_would_see_code_in_the_html(student):
    # The stubs' code is in the student book, so the same search must find it there:
    # otherwise the test above could pass on a book that shows the solutions.
    for chapter in built_chapters(student):
        built = squash(page_text(student / "html", chapter.name))
        _, _, outside = split_solutions(chapter)
        stubs = [line for line in outside.splitlines() if line.strip().startswith("check(")]
        assert stubs and all(squash(line) in built for line in stubs), chapter.name


def test_the_student_html_has_every_page_and_no_solution_block(student):
    pages = sorted((student / "html" / "book").glob("*.html"))
    assert built_chapters(student), "the table of contents lists no chapter with exercises"
    assert {p.stem for p in pages} >= {p.stem for p in built_chapters(student)}
    for page in pages:
        text = page.read_text()
        assert not re.search(r'class="[^"]*\bsolution\b', text), page.name
    downloads = student / "html" / "_sources" / "book"
    for chapter in built_chapters(student):  # the download button hands out the student notebook
        assert "{solution-start}" not in (downloads / chapter.name).read_text()


def test_the_student_edition_speaks_to_students_only(student):
    html = student / "html"
    assert not (html / "book" / "instructors.html").exists()
    assert "book/instructors" not in (student / "_toc.yml").read_text()
    home = re.sub(r"<[^>]+>", "", (html / "book" / "index.html").read_text())
    assert "Do the exercises" in home and "folded away" not in home and "For instructors" not in home
    for page in (student / "book").glob("*.ipynb"):  # no sentence about a removed solution
        notebook = nbformat.read(page, as_version=4)
        prose = " ".join(c.source for c in notebook.cells if c.cell_type == "markdown")
        assert not re.search(r"\b(this|the) solution\b", prose, re.I), page.name
    # The download of the student book holds the student notebooks.
    with zipfile.ZipFile(html / "ranking-metrics-course.zip") as bundle:
        chapter = next(n for n in bundle.namelist() if n.endswith("/chapters/02-precision-at-k.ipynb"))
        assert "{solution-start}" not in bundle.read(chapter).decode()


def test_teachers_only_text_goes_and_the_rest_stays():
    text = "a\n<!-- teachers only -->\n- for teachers\n<!-- end teachers only -->\n- for all\n"
    assert without_teachers_text(text) == "a\n- for all\n"


# ------------------------------------------------------------ the stripper itself --


def _notebook(*cells) -> nbformat.NotebookNode:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_markdown_cell(c[3:]) if c.startswith("md:")
                      else nbformat.v4.new_code_cell(c) for c in cells]
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs = [nbformat.v4.new_output("stream", text="shown\n")]
    return notebook


def test_strip_keeps_text_that_shares_a_cell_with_a_fence():
    notebook = _notebook(
        "md:Intro\n\n```{exercise-start} Easy\n:label: e1\n```\nDo it.\n```{exercise-end}\n```",
        'check("e1", None)',
        "md:Before the fold.\n\n```{solution-start} e1\n:class: dropdown\n```\nSecret prose.",
        "secret_code = 42",
        "md:More secret.\n```{solution-end}\n```\n\n## Next section",
        "print('kept')",
    )
    student = strip_solutions(notebook)
    sources = [c.source for c in student.cells]
    assert sources[0].startswith("Intro") and sources[1] == 'check("e1", None)'
    assert sources[2] == "Before the fold."
    assert sources[3] == "## Next section" and sources[4] == "print('kept')"
    assert len(sources) == 5
    assert student.cells[1].outputs == [] and student.cells[4].outputs  # only the stub is cleared
    assert notebook.cells[3].source == "secret_code = 42"  # the original is left alone


def test_strip_removes_whole_solution_directives_of_any_fence():
    notebook = _notebook(
        "md:A\n````{solution} e1\n```python\nsecret()\n```\n````\nB",
        "md::::{solution} e2\n:class: dropdown\nsecret\n:::\nC",
        "md:```{solution-start} e3\n```\n```{solution-end}\n```\nD",
    )
    assert [c.source for c in strip_solutions(notebook).cells] == ["A\nB", "C", "D"]


def test_a_solution_without_its_end_is_an_error():
    notebook = _notebook("md:```{solution-start} e1\n```\nhidden", "code()")
    with pytest.raises(ValueError, match=r"ch\.ipynb: the solution 'e1' has a solution-start but no "
                                         r"solution-end"):
        strip_solutions(notebook, where="ch.ipynb")
    with pytest.raises(ValueError, match="a {solution-end} fence"):
        strip_solutions(_notebook("md:```{solution-end}\n```"), where="ch.ipynb")
