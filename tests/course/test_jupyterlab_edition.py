"""The chapters' JupyterLab edition (`make lab`, the course download): nothing in it needs
another page of the book to be read, and the reader's own copies are never overwritten."""

from __future__ import annotations

import re

import nbformat
import pytest
from rankmetrics_course.tools import jupyterlab_edition
from rankmetrics_course.tools.jupyterlab_edition import (
    BIBLIOGRAPHY,
    Citations,
    edition,
    write_edition,
)
from rankmetrics_course.tools.output_folders import (
    UnsafeOutputFolder,
    digest,
    record,
    written_before,
)

from tests.paths import BOOK, ROOT, chapter_notebooks

BIB = BOOK / "references.bib"
# What JupyterLab cannot resolve in one notebook: roles that point at other pages, links to them.
CROSS_PAGE = re.compile(r"\{term\}`|\{cite:[pt]\}`|\{glue:text\}`|\]\([a-z0-9-]+\.md[#)]")


@pytest.fixture(scope="module")
def notebooks():
    return edition(BOOK, BIB)


def _markdown(notebook) -> str:
    return "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")


def test_the_chapters_as_stored_need_other_pages():
    """The check below can fail: the sources are full of what it looks for."""
    assert all(CROSS_PAGE.search(_markdown(nbformat.read(path, as_version=4)))
               for path in chapter_notebooks() if path.name.startswith(("02", "12")))


def test_no_chapter_of_the_edition_points_at_another_page(notebooks):
    assert sorted(notebooks) == sorted([p.name for p in chapter_notebooks()] + [BIBLIOGRAPHY])
    left = {name: CROSS_PAGE.findall(_markdown(nb)) for name, nb in notebooks.items()}
    assert not {name: found for name, found in left.items() if found}


def test_every_citation_lands_on_an_entry_of_the_bibliography(notebooks):
    entries = set(re.findall(r"^\(([^)]+)\)=$", _markdown(notebooks[BIBLIOGRAPHY]), flags=re.M))
    cited = {key for name, nb in notebooks.items() if name != BIBLIOGRAPHY
             for key in re.findall(re.escape(BIBLIOGRAPHY) + r"#([^)]+)\)", _markdown(nb))}
    assert cited and cited <= entries, cited - entries
    assert len(entries) == len(re.findall(r"^@\w+\{", BIB.read_text(), flags=re.M))


def test_citations_read_as_the_book_prints_them():
    citations = Citations(BIB)
    assert citations.cite("t", "davis2006relationship", "here") == (
        f"[Davis and Goadrich \\[2006\\]]({BIBLIOGRAPHY}#davis2006relationship)")
    assert citations.cite("p", "manning2008iir, saito2015precision", "here") == (
        f"\\[[Manning et al., 2008]({BIBLIOGRAPHY}#manning2008iir); "
        f"[Saito and Rehmsmeier, 2015]({BIBLIOGRAPHY}#saito2015precision)\\]")
    # Two works of one author and year are told apart, as in the book's bibliography.
    assert "qb-tarushg, 2019a" in citations.cite("p", "sparkpr24458", "here")
    with pytest.raises(KeyError, match="chapter 99 cites 'nosuchwork'"):
        citations.cite("p", "nosuchwork", "chapter 99")


def test_terms_glued_values_and_exercise_numbers_are_written_out(notebooks):
    chapter_6 = _markdown(notebooks["06-statistics.ipynb"])
    glued = nbformat.read(BOOK / "06-statistics.ipynb", as_version=4)
    assert "{glue:text}`ci_low:.4f`" in _markdown(glued)
    assert "0.0120" in chapter_6  # the value glued as 0.012, with the book's format :.4f
    first, title = (cell.source for cell in notebooks["02-precision-at-k.ipynb"].cells[:2])
    assert first.startswith("---\nnumbering:\n  exercise:\n    enumerator: 2.%s\n---\n```{note}")
    assert title.startswith("# 2.")
    source = _markdown(nbformat.read(BOOK / "02-precision-at-k.ipynb", as_version=4))
    term = re.search(r"\{term\}`([^`<]+)`", source)[1]
    assert term in _markdown(notebooks["02-precision-at-k.ipynb"])


def test_each_chapter_opens_with_how_to_install_what_it_needs(notebooks):
    for name, notebook in notebooks.items():
        if name == BIBLIOGRAPHY:
            continue
        first = notebook.cells[0]
        assert first.id == jupyterlab_edition.HOW_TO_RUN_ID, name
        assert f"chapter {int(name[:2])} of the course" in first.source, name
        for line in jupyterlab_edition.SET_UP:
            assert line in first.source, (name, line)


def _solutions(notebook) -> list[str]:
    return [cell.source for cell in notebook.cells
            if cell.cell_type == "markdown" and re.match(r"`{4,}\{solution\} ", cell.source)]


def test_each_solution_is_one_folded_dropdown_with_its_code_and_output(notebooks):
    """Nothing of a solution is a code cell (JupyterLab unfolds a cell's output when it runs);
    its dropdown holds the prose, every code cell and each one's stored output."""
    for path in chapter_notebooks():
        stored = nbformat.read(path, as_version=4)
        starts = [c for c in stored.cells if "{solution-start}" in c.source]
        ours = notebooks[path.name]
        folded = _solutions(ours)
        assert len(folded) == len(starts), path.name
        assert all(":class: dropdown" in text.split("\n\n")[0] for text in folded), path.name
        assert not any("{solution-start}" in c.source or "{solution-end}" in c.source for c in ours.cells)
        code = [c.source for c in ours.cells if c.cell_type == "code"]
        hidden = [c for c in stored.cells if c.get("metadata", {}).get("jupyter", {}).get("source_hidden")]
        assert len(code) == sum(c.cell_type == "code" for c in stored.cells) - len(hidden), path.name
        for cell in hidden:
            assert any(cell.source.strip() in text for text in folded), (path.name, cell.source[:40])
    chapter_2 = "\n".join(_solutions(notebooks["02-precision-at-k.ipynb"]))
    assert "```text\n[1, 0, 0, 1, 0, 1, 0] 0.3\nprecision-short-list: correct.\n```" in chapter_2


def test_a_solution_without_its_end_is_named():
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("```{solution-start} lost\n:class: dropdown\n```\nWhy."),
        nbformat.v4.new_code_cell("1 + 1")])
    with pytest.raises(ValueError, match="chapter 9: the solution to 'lost' has no solution-end"):
        jupyterlab_edition.fold_solutions(notebook, "chapter 9")


def test_a_glued_name_no_output_glues_is_named():
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("x {glue:text}`gone`")])
    with pytest.raises(KeyError, match="chapter 9 shows the glued value 'gone'"):
        jupyterlab_edition.for_jupyterlab(notebook, 9, Citations(BIB), "chapter 9")


def test_a_copy_the_reader_changed_is_kept_and_the_others_are_renewed(tmp_path):
    out = tmp_path / "lab"
    written, kept = write_edition(ROOT, out)
    assert len(written) == len(chapter_notebooks()) + 1 and not kept
    mine, stale = out / "02-precision-at-k.ipynb", out / "03-recall-at-k.ipynb"
    mine.write_text(mine.read_text().replace("Precision@k", "Precision at k (my notes)"))
    stale.write_text("{}")  # as an older release wrote it: recorded, so replaced
    record(out, {**written_before(out), stale.name: digest(stale)})
    written, kept = write_edition(ROOT, out)
    assert kept == [mine] and "my notes" in mine.read_text()
    assert stale in written and nbformat.read(stale, as_version=4).cells


def test_it_will_not_write_among_other_files(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(UnsafeOutputFolder, match="--out must be empty or an earlier output"):
        write_edition(ROOT, tmp_path)
    with pytest.raises(UnsafeOutputFolder, match="inside the course's book/ folder"):
        write_edition(ROOT, BOOK / "lab")
