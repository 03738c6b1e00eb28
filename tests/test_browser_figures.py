"""Every figure of the book, and every frame of every slider, as a phone shows it:
text at least 9 CSS px, at 4.5:1 against what lies behind it, and not cut at the
figure's edge (the measure: page_checks.figure_text_faults)."""

from __future__ import annotations

import pytest

from browser_support import PHONE, book_pages, book_url, browser, open_page, use_screen  # noqa: F401
from page_checks import figure_text_faults, settle

pytestmark = pytest.mark.browser


def test_figure_text_is_legible_on_a_phone(browser, book_url, built_book):
    use_screen(browser, PHONE)
    faults, figures, texts = [], 0, 0
    for page in book_pages(built_book):
        open_page(browser, f"{book_url}/{page}")
        settle(browser)
        found, on_page, texts_on_page = figure_text_faults(browser)
        faults += [f"{page}: {fault}" for fault in found]
        figures, texts = figures + on_page, texts + texts_on_page
    print(f"figure text measured: {texts} texts in {figures} figures and slider frames")
    assert figures > 0, "no figure was measured: the check sees nothing"
    assert not faults, "\n".join(faults)
