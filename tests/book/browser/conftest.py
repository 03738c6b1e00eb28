"""The browser tests' fixtures: each test process starts one server and one Chromium
for all of its browser tests (browser_support.py), and reads axe-core once per module
(page_checks.py)."""

from tests.book.browser.browser_support import book_url, browser, chromium  # noqa: F401
from tests.book.browser.page_checks import axe_source  # noqa: F401
