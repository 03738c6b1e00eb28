"""Search results quote the pages in words: no raw TeX in the snippets."""

from __future__ import annotations

import pytest

from tests.book.browser.browser_support import SCREENS, open_page, use_screen, wait_until

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("screen", SCREENS)
def test_search_snippets_show_no_tex(browser, book_url, screen):
    use_screen(browser, SCREENS[screen])
    open_page(browser, f"{book_url}/search.html?q=precision")
    wait_until(browser, lambda b: len(b.find_elements("css selector", "#search-results p.context")) >= 5,
               "the search to give five snippets")
    snippets = [p.text for p in browser.find_elements("css selector", "#search-results p.context")]
    tex = [s for s in snippets if "\\" in s or "$" in s]
    assert not tex, f"snippets with TeX: {tex[:3]}"
