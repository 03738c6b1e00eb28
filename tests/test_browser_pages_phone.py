"""Every page of the book on a phone screen (the checks: page_checks.py)."""

from __future__ import annotations

import pytest

from browser_support import book_url, browser  # noqa: F401
from page_checks import axe_source, check_every_page  # noqa: F401

pytestmark = pytest.mark.browser


def test_every_page_is_clean_accessible_and_fits(browser, book_url, built_book, axe_source):
    check_every_page(browser, book_url, built_book, axe_source, "phone")
