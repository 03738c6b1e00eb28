"""The browser tests share one Chromium per test process (browser_support.browser):
each test must still find it as a new one would be. The first test leaves a phone
screen, stored data, a cookie and a console error behind; the second, which runs
after it in the same process (a module stays on one worker), must find none of it."""

from __future__ import annotations

import pytest

from tests.book.browser.browser_support import DESKTOP, PHONE, open_page, use_screen

pytestmark = pytest.mark.browser

PAGE = "book/02-precision-at-k.html"
# The screen's width, the two stores and the cookie, as the page sees them.
_STATE = """return [innerWidth, localStorage.getItem('left-behind'),
  sessionStorage.getItem('left-behind'), document.cookie.includes('left=behind')];"""


def test_a_test_leaves_a_phone_screen_storage_a_cookie_and_an_error(browser, book_url):
    use_screen(browser, PHONE)
    open_page(browser, f"{book_url}/{PAGE}")
    browser.execute_script("localStorage.setItem('left-behind', '1');"
                           "sessionStorage.setItem('left-behind', '1');"
                           "document.cookie = 'left=behind; path=/'; console.error('left behind');")
    assert browser.execute_script(_STATE) == [PHONE[0], "1", "1", True]


def test_the_next_test_finds_none_of_it(browser, book_url):
    assert browser.current_url == "about:blank"
    assert browser.get_log("browser") == [], "the console log kept an earlier test's error"
    open_page(browser, f"{book_url}/{PAGE}")
    assert browser.execute_script(_STATE) == [DESKTOP[0], None, None, False]
