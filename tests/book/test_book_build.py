"""The strict book build: no warning, every chapter built, nothing loaded from the network."""

from __future__ import annotations

import re

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


def test_every_chapter_page_is_within_its_weight_budget(built_book):
    # Sliders store a figure per position: 800 KiB keeps a cold chapter load
    # (theme, MathJax and page together) near 2 MB (tools/page_weight.py).
    heavy = {page.name: page.stat().st_size // 1024
             for page in built_book.glob("book/[0-9][0-9]-*.html")
             if page.stat().st_size > 800 * 1024}
    assert not heavy, f"chapter pages over 800 KiB: {heavy}"
