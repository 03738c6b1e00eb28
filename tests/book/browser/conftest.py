"""The browser tests' fixtures: each test process starts one server and one Chromium
for all of its browser tests (browser_support.py)."""

from tests.book.browser.browser_support import book_url, browser, chromium  # noqa: F401
