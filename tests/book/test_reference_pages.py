"""The reference pages: glossary, notation, the metric decision page, API reference, index.

The source checks run without building the book; those marked ``book`` read the
strict build that tests/test_book_build.py makes (the `built_book` fixture).
"""

from __future__ import annotations

import importlib.util
import math
import re
from html import escape as html_escape

import pytest
import yaml

import rankmetrics_lite
from rankmetrics_lite import dcg_at_k, gmap, reciprocal_rank
from rankmetrics_lite.measures import CATALOGUE, parse_measure
from rankmetrics_course.data import SOURCES
from tests.paths import BOOK, ROOT


def _book_extension(name: str):
    """One of the book's local Sphinx extensions (book/_ext), loaded from its file."""
    spec = importlib.util.spec_from_file_location(name, BOOK / "_ext" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


catalogue_rows = _book_extension("measure_catalogue").catalogue_rows
data_sources = _book_extension("data_sources")

PAGES = ["glossary", "notation", "which-metric", "api-reference", "instructors", "data-sources", "genindex"]


def page(name: str) -> str:
    return (BOOK / f"{name}.md").read_text()


def toc_files() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    return [entry["file"] for part in toc["parts"] for entry in part["chapters"]]


def glossary_terms() -> list[str]:
    """Every term the glossary defines (a term line is unindented inside the directive)."""
    body = page("glossary").split("```{glossary}", 1)[1].split("\n```", 1)[0]
    return [line for line in body.splitlines()[1:]
            if line.strip() and not line.startswith((" ", ":"))]


def term_references(text: str) -> list[str]:
    """Targets of {term} roles: {term}`target` and {term}`Shown text <target>`."""
    found = []
    for inner in re.findall(r"\{term\}`([^`]+)`", text, flags=re.S):
        inner = " ".join(inner.split())
        match = re.fullmatch(r".*<(.+)>", inner)
        found.append(match.group(1) if match else inner)
    return found


# ------------------------------------------------------------------ the pages --


def test_every_reference_page_is_in_the_table_of_contents():
    listed = toc_files()
    for name in PAGES:
        assert f"book/{name}" in listed, f"add book/{name} to the Reference part of _toc.yml"


def test_every_term_is_defined_once():
    terms = [term.lower() for term in glossary_terms()]
    assert len(terms) >= 60
    assert len(terms) == len(set(terms)), sorted(t for t in terms if terms.count(t) > 1)


@pytest.mark.parametrize("name", PAGES)
def test_every_term_used_is_defined(name):
    defined = {term.lower() for term in glossary_terms()}
    missing = [t for t in term_references(page(name)) if t.lower() not in defined]
    assert not missing, f"{name}.md uses terms the glossary does not define: {missing}"


@pytest.mark.parametrize("name", PAGES)
def test_chapter_links_point_to_chapters_in_the_book(name):
    listed = set(toc_files())
    for target in re.findall(r"\]\(([\w.-]+)\.(?:ipynb|md)\)", page(name)):
        assert f"book/{target}" in listed, f"{name}.md links to {target}, which the book lacks"


def test_every_glossary_entry_points_to_a_chapter():
    body = page("glossary").split("```{glossary}", 1)[1].split("\n```", 1)[0]
    entries = [e for e in body.strip().split("\n\n") if not e.startswith(":")]
    assert len(entries) >= 50
    for entry in entries:
        assert re.search(r"\]\(\d\d[a-z]?-[\w-]+\.ipynb\)", entry), f"no chapter link in: {entry[:60]}"


def test_the_decision_page_covers_every_measure_chapter():
    linked = set(re.findall(r"\]\((\d\d[a-z]?-[\w-]+)\.ipynb\)", page("which-metric")))
    measure_chapters = {f.split("/")[1] for f in toc_files() if re.match(r"book/(0[2-9]|1[0-6])-", f)}
    assert measure_chapters <= linked, sorted(measure_chapters - linked)


def notation_symbols() -> list[tuple[str, str]]:
    """(symbol, row) for every symbol in the notation page's symbol tables.

    A symbol table is a markdown table whose header's first cell is "Symbol". A
    row may list several symbols, separated by commas in its first cell
    ("$\\mathrm{TPR}, \\mathrm{FPR}$"); each counts on its own. Symbols are
    compared as :func:`_spelling` writes them, so "$|R|$", "$\\lvert R \\rvert$" and
    "$\\mathrm{AP}$" against "$AP$" are one symbol each.
    """
    symbols, in_table = [], False
    for line in page("notation").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if not cells:
            in_table = False
        elif cells[0] == "Symbol":
            in_table = True
        elif in_table and not set(cells[0]) <= set("-: "):
            for symbol in _top_level_parts(cells[0].strip("$")):
                symbols.append((_spelling(symbol), line))
    return symbols


def _spelling(symbol: str) -> str:
    """One spelling per symbol: no spaces, bars as |, no upright-text wrapper."""
    symbol = re.sub(r"\\(?:lvert|rvert|left\||right\||vert)", "|", "".join(symbol.split()))
    unwrapped = None
    while unwrapped != symbol:  # inner wrappers first: \mathrm{R\text{-}Prec} -> R-Prec
        unwrapped, symbol = symbol, re.sub(r"\\(?:mathrm|text|operatorname)\{([^{}]*)\}", r"\1", symbol)
    return symbol


def _top_level_parts(math: str) -> list[str]:
    """``math`` split at the commas outside braces and brackets: "a, b_{[x,y]}" -> a, b_{[x,y]}."""
    parts, depth, current = [], 0, ""
    for char in math:
        if char in "{[(":
            depth += 1
        elif char in "}])":
            depth -= 1
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    return [part.strip() for part in parts + [current] if part.strip()]


def test_every_notation_row_names_the_chapter_that_introduces_it():
    # tests/book/test_notation.py reads the other chapters the row names ("; also 3, 5–9").
    for symbol, row in notation_symbols():
        assert re.search(r"\| \[chapter \d+\]\(\d\d-[\w-]+\.ipynb\)(; also [\d–, ]+)? \|$", row.strip()), \
            f"the row of {symbol} does not end with a link to its chapter: {row}"


def test_the_names_table_is_generated_from_the_catalogue():
    assert "```{measure-catalogue}" in page("notation")
    rows = catalogue_rows()
    assert {re.split(r"[@(]", name)[0] for _, name, _, _ in rows} == set(CATALOGUE)
    for _, name, trec_eval_name, function in rows:
        assert parse_measure(name).trec_eval_name == trec_eval_name, name
        assert function is None or function in rankmetrics_lite.__all__, function


def test_numbers_quoted_in_the_glossary():
    text = " ".join(page("glossary").split())
    discount_2 = dcg_at_k([0, 1], k=2)
    discount_10 = dcg_at_k([0] * 9 + [1], k=10)
    assert f"0.63 at rank 2, {discount_10:.2f} at rank 10" in text and f"{discount_2:.2f}" == "0.63"
    assert math.isclose(gmap([0.0]), 1e-5) and "$10^{-5}$" in text
    assert reciprocal_rank([1]) - reciprocal_rank([0, 1]) == 0.5
    assert reciprocal_rank([0] * 99 + [1]) - reciprocal_rank([0] * 999 + [1]) < 0.01


def test_the_api_reference_documents_the_package():
    # The topic table lists every public name once; each topic's page documents its row.
    names = re.findall(r"\{py:\w+\}`~rankmetrics_lite\.(\w+)`", page("api-reference"))
    assert sorted(names) == sorted(rankmetrics_lite.__all__), set(names) ^ set(rankmetrics_lite.__all__)


def test_the_config_renders_the_docstrings_as_written():
    # The docstrings need no rewriting (tests/test_docstrings.py keeps them so).
    sphinx = yaml.safe_load((ROOT / "_config.yml").read_text())["sphinx"]
    assert {"sphinx.ext.autodoc", "sphinx.ext.napoleon"} <= set(sphinx["extra_extensions"])
    assert "public_api" not in sphinx["local_extensions"]


# ------------------------------------------------------------ the built book --


@pytest.mark.book
def test_the_index_is_built_and_reachable(built_book):
    index = (built_book / "genindex.html").read_text()
    for term in ["Precision@k", "nDCG", "reciprocal rank", "partial AUC"]:
        assert f">{term}<" in index, f"{term} is missing from the index"
    assert 'href="../genindex.html"' in (built_book / "book" / "genindex.html").read_text()
    assert 'href="genindex.html"' in (built_book / "book" / "index.html").read_text()  # the sidebar


@pytest.mark.book
def test_the_glossary_defines_every_term(built_book):
    text = (built_book / "book" / "glossary.html").read_text()
    ids = set(re.findall(r'<dt id="(term-[^"]+)"', text))
    assert len(ids) == len(glossary_terms())


@pytest.mark.book
def test_the_api_reference_has_every_public_name(built_book):
    text = "".join(path.read_text() for path in (built_book / "book" / "api").glob("*.html"))
    missing = [n for n in rankmetrics_lite.__all__ if f'id="rankmetrics_lite.{n}"' not in text]
    assert not missing, f"not in the API reference: {missing}"
    assert 'id="rankmetrics_course.exercises.check"' in text


def test_the_data_sources_page_is_generated_from_the_sources():
    assert "```{data-sources}" in page("data-sources")
    assert set(data_sources.LOADERS) == set(SOURCES)


@pytest.mark.parametrize("key", list(SOURCES))
def test_the_data_sources_page_gives_each_sources_terms_citation_and_origin(built_book, key):
    html = re.sub(r"\s+", " ", (built_book / "book" / "data-sources.html").read_text()).replace("\u2019", "&#x27;")
    src = SOURCES[key]
    for text in (src.title, src.terms, src.homepage, src.upstream.split("/")[5][:12]):
        assert html_escape(text) in html, text
    assert ":cite:" not in html and "{cite" not in html
