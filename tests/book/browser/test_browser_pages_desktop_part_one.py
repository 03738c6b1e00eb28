"""The root page and Part I on a desktop screen: clean, accessible, fitting the screen,
every slider moving under the keyboard (the checks: page_checks.py)."""

from __future__ import annotations

import pytest

from tests.book.browser.browser_support import pages_of_share
from tests.book.browser.page_checks import check_pages

pytestmark = pytest.mark.browser


def test_every_page_is_clean_accessible_and_fits(browser, book_url, built_book, axe_source):
    check_pages(browser, book_url, pages_of_share(built_book, "part one"), axe_source, "desktop")
