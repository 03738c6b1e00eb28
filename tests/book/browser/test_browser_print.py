"""The book on paper: a printed page wraps its code and outputs at the margin and shows each
slider at its starting position, saying where it moves; ``make pdf``'s printer turns a built
page into A4 pages; and the download menu links the whole book's PDF once it is there."""

from __future__ import annotations

import importlib
import sys

import pytest

from rankmetrics_course.tools.book_pdf import COLUMN_PX, page_count, print_pdf
from tests.book.browser.browser_support import open_page, wait_until
from tests.book.browser.page_checks import settle
from tests.paths import BOOK

pytestmark = pytest.mark.browser

# Chapter 20: long outputs and code; chapter 2: a slider that starts at k = 4 of 1..10.
PAGES = ("20-how-many-queries", "02-precision-at-k")

# What printing would cut at the margin, and each slider as paper shows it.
_ON_PAPER = """
const article = document.querySelector('.bd-article');
const cut = [...article.querySelectorAll('pre')].filter(p => p.scrollWidth > p.clientWidth + 1)
  .map(p => p.textContent.slice(0, 40));
const sliders = [...article.querySelectorAll('.rml-slider')].map(s => {
  const input = s.querySelector('input[type=range]'), note = s.querySelector('.rml-print-note');
  return {at_start: input.value === input.defaultValue, start: input.getAttribute('aria-valuetext'),
          control: input.getClientRects().length > 0,
          note: note && note.getClientRects().length ? note.innerText : null};
});
return {cut, sliders};
"""


@pytest.mark.parametrize("page", PAGES)
def test_a_printed_page_wraps_code_and_shows_each_slider_at_its_start(browser, book_url, page):
    browser.set_window_size(COLUMN_PX, 1000)
    open_page(browser, f"{book_url}/book/{page}.html")
    settle(browser)
    # A reader moved every slider before printing.
    browser.execute_script("document.querySelectorAll('.rml-slider input[type=range]').forEach(i => {"
                           " i.value = i.max; i.dispatchEvent(new Event('input')); });")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    browser.execute_script("window.dispatchEvent(new Event('beforeprint'))")
    paper = wait_until(browser, lambda b: b.execute_script(_ON_PAPER), f"{page} laid out for print")
    assert not paper["cut"], f"{page}: {len(paper['cut'])} blocks cut at the margin: {paper['cut'][:3]}"
    for slider in paper["sliders"]:
        assert slider["at_start"] and not slider["control"], slider
        assert slider["note"] and slider["start"] in slider["note"] and "online book" in slider["note"], slider
    if page.startswith("02"):
        assert [s["start"] for s in paper["sliders"]] == ["4"], paper["sliders"]


def test_make_pdfs_printer_writes_a4_pages(built_book, tmp_path):
    out = tmp_path / "chapter.pdf"
    pages, sliders = print_pdf(built_book, f"book/{PAGES[1]}.html", out)
    pdf = out.read_bytes()
    assert pdf.startswith(b"%PDF") and pages == page_count(pdf) >= 3 and sliders == 1, (pages, sliders)
    with pytest.raises(FileNotFoundError, match="build the book first"):
        print_pdf(built_book, "no-such-page.html", tmp_path / "none.pdf")


def test_the_download_menu_links_the_books_pdf_once_it_is_there(tmp_path):
    sys.path.insert(0, str(BOOK / "_ext"))
    try:
        course_download = importlib.import_module("course_download")
    finally:
        sys.path.remove(str(BOOK / "_ext"))

    def menu(outdir):
        class App:
            class config:
                course_release, html_theme_options = "0", {}
        App.outdir = str(outdir)
        context = {"pathto": lambda name, _: f"../{name}",
                   "header_buttons": [{"label": "download-buttons", "buttons": []}]}
        course_download._page(App, "book/02-precision-at-k", "page.html", context, None)
        return [b["label"] for b in context["header_buttons"][0]["buttons"]]

    assert "download-book-pdf-button" not in menu(tmp_path)
    (tmp_path / course_download.BOOK_PDF).write_bytes(b"%PDF")
    assert menu(tmp_path) == ["download-course-button", "download-book-pdf-button"]
