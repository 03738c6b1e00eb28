"""The strict book build: no warning, every chapter built, nothing loaded from the network."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.paths import ROOT, chapter_notebooks

pytestmark = pytest.mark.book


def toc_files() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    return [chapter["file"] for part in toc["parts"] for chapter in part["chapters"]]


def test_every_chapter_is_in_the_toc_and_every_toc_entry_exists():
    listed = set(toc_files())
    chapters = {f"book/{p.stem}" for p in chapter_notebooks()}
    assert chapters <= listed, f"chapters missing from _toc.yml: {sorted(chapters - listed)}"
    for entry in listed:
        assert any((ROOT / f"{entry}{ext}").exists() for ext in (".ipynb", ".md")), entry


def test_strict_build_writes_every_page(built_book):
    assert (built_book / "index.html").exists()
    for entry in toc_files():
        assert (built_book / f"{entry}.html").exists(), f"{entry}.html was not built"


def test_pages_load_no_script_or_style_from_the_network(built_book):
    external = re.compile(r"<(?:script|link)[^>]+(?:src|href)=\"(?:https?:)?//[^\"]+\"")
    for page in built_book.glob("book/*.html"):
        found = external.findall(page.read_text())
        assert not found, f"{page.name} loads from the network: {found[:3]}"


def test_sliders_show_their_static_face_in_the_book(built_book):
    page = (built_book / "book" / "02-precision-at-k.html").read_text()
    assert 'class="rml-slider"' in page and 'type="range"' in page
    assert "application/vnd.jupyter.widget-view+json" not in page  # no kernel online
    assert "ipywidgets" not in page.lower()


def test_solutions_are_collapsed_in_the_book(built_book):
    page = (built_book / "book" / "02-precision-at-k.html").read_text()
    solutions = re.findall(r'<div class="[^"]*solution[^"]*"', page)
    assert solutions and all("dropdown" in s for s in solutions), solutions


def test_bibliography_labels_are_the_citations_of_the_text(built_book):
    bibliography = (built_book / "book" / "bibliography.html").read_text()
    labels = re.findall(r'<span class="fn-bracket">\[</span>(.*?)<span class="fn-bracket">\]',
                        bibliography)
    assert "Järvelin and Kekäläinen, 2002" in labels, labels[:5]
    chapter = (built_book / "book" / "14-ndcg.html").read_text()
    links = set(re.findall(r'href="bibliography.html#[^"]*"[^>]*>([^<]+)</a>', chapter))
    cited = {text for text in links if not text.isdigit()}  # {cite:t} links only the year
    assert cited and cited <= set(labels), cited - set(labels)


def test_every_page_is_within_its_weight_budget(built_book):
    # Sliders store a figure per position: 800 KiB keeps a cold chapter load
    # (theme, MathJax and page together) near 2 MB (python -m rankmetrics_course.tools.page_weight).
    # The reference pages keep the same budget (the API reference, on one page, weighed 1,054 KiB).
    heavy = {str(page.relative_to(built_book)): page.stat().st_size // 1024
             for page in built_book.glob("book/**/*.html")
             if page.stat().st_size > 800 * 1024}
    assert not heavy, f"pages over 800 KiB: {heavy}"


def test_without_a_repository_address_no_button_points_anywhere(built_book):
    page = (built_book / "book" / "02-precision-at-k.html").read_text()
    assert "repository-button" not in page and "issues-button" not in page
    assert "launch-binder-button" not in page and "mybinder.org" not in page


@pytest.fixture(scope="module")
def book_with_a_repository(tmp_path_factory) -> Path:
    """The home page and chapter 2, built with _config.yml's one repository setting given."""
    folder = tmp_path_factory.mktemp("with-repository")
    config = yaml.safe_load((ROOT / "_config.yml").read_text())
    config["repository"]["url"] = "https://github.com/ranking-metrics/course"
    config.setdefault("sphinx", {}).setdefault("config", {})["course_root"] = str(ROOT)
    (folder / "_config.yml").write_text(yaml.safe_dump(config, sort_keys=False))
    (folder / "_toc.yml").write_text(yaml.safe_dump(
        {"format": "jb-book", "root": "book/index",
         "parts": [{"caption": "Part I", "chapters": [{"file": "book/02-precision-at-k"}]}]}))
    (folder / "book").symlink_to(ROOT / "book")
    jupyter_book = Path(sys.executable).with_name("jupyter-book")
    # Two pages of the book: links to the others are missing, which the strict build checks.
    done = subprocess.run([str(jupyter_book), "build", str(folder), "--builder", "html"],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return folder / "_build" / "html"


def test_with_a_repository_address_its_buttons_appear(book_with_a_repository):
    page = (book_with_a_repository / "book" / "02-precision-at-k.html").read_text()
    assert 'href="https://github.com/ranking-metrics/course"' in page  # the repository button
    assert "https://github.com/ranking-metrics/course/issues" in page
    binder = re.search(r'href="(https://mybinder.org/v2/[^"]+)"', page)
    assert binder and "02-precision-at-k.ipynb" in binder[1], "no Binder button on a chapter"
    footer = re.search(r'<p class="rml-release">(.*?)</p>', page)[1]
    assert "repository" in footer and "0.2.0" in footer


def test_exercises_are_numbered_by_chapter(built_book):
    # "Exercise 2.1" is chapter 2's first: the same in the book and the student edition.
    for chapter, first in (("02-precision-at-k", "2.1"), ("14-ndcg", "14.1")):
        text = re.sub(r"<[^>]+>", "", (built_book / "book" / f"{chapter}.html").read_text())
        numbers = re.findall(r"Exercise (\d+(?:\.\d+)?)", text)
        assert numbers and numbers[0] == first, numbers[:5]
        assert all(n.startswith(first.split(".")[0] + ".") for n in numbers), numbers
