"""Readers reach every chapter from the sidebar, on a desktop and on a phone."""

from __future__ import annotations

import pytest

from tests.book.browser.browser_support import DESKTOP, PHONE, open_page, use_screen, wait_until

pytestmark = pytest.mark.browser


def visible(browser, css: str):
    """The one element matching ``css`` that a reader can see and click."""
    shown = [e for e in browser.find_elements("css selector", css) if e.is_displayed()]
    assert len(shown) == 1, f"{len(shown)} visible elements match {css}"
    return shown[0]


def wait_for(browser, condition, what: str):
    return wait_until(browser, lambda _: condition(), what)


def test_phone_reader_opens_the_chapter_list_and_follows_a_link(browser, book_url):
    use_screen(browser, PHONE)
    open_page(browser, f"{book_url}/book/02-precision-at-k.html")
    visible(browser, ".primary-toggle").click()
    wait_for(browser, lambda: browser.execute_script(
        "return document.querySelector('#pst-primary-sidebar-modal').open"),
        "the chapter list did not open")
    link = visible(browser, '#pst-primary-sidebar-modal a[href$="03-recall-at-k.html"]')
    link.click()
    wait_for(browser, lambda: browser.current_url.endswith("/book/03-recall-at-k.html"),
             "the chapter link did not lead to the chapter")


def test_phone_reader_opens_on_this_page_and_jumps_to_a_section(browser, book_url):
    use_screen(browser, PHONE)
    open_page(browser, f"{book_url}/book/02-precision-at-k.html")
    visible(browser, ".secondary-toggle").click()
    wait_for(browser, lambda: browser.execute_script(
        "return document.querySelector('#pst-secondary-sidebar-modal').open"),
        "'On this page' did not open")
    link = browser.find_elements("css selector", "#pst-secondary-sidebar-modal a.nav-link")[1]
    target = link.get_attribute("hash")
    link.click()
    wait_for(browser, lambda: browser.current_url.endswith(target),
             "the section link did not lead to the section")
    # The drawer closes on the reader's choice, leaving the section in view (it
    # stayed open over three quarters of the screen until the page behind was tapped).
    wait_for(browser, lambda: not browser.execute_script(
        "return document.querySelector('#pst-secondary-sidebar-modal').open"),
        "'On this page' to close once an entry was chosen")
    top = browser.execute_script(
        "return document.getElementById(arguments[0]).getBoundingClientRect().top", target[1:])
    assert 0 <= top < PHONE[1] / 2, f"the section chosen starts {top} px from the top of the screen"
    assert browser.execute_script(
        "return document.getElementById(arguments[0]).contains(document.activeElement)", target[1:]), \
        "keyboard readers must continue from the section chosen"


def test_desktop_reader_follows_a_chapter_link_and_can_hide_the_sidebar(browser, book_url):
    use_screen(browser, DESKTOP)
    open_page(browser, f"{book_url}/book/02-precision-at-k.html")
    sidebar = browser.find_element("css selector", "#pst-primary-sidebar")
    assert sidebar.is_displayed()
    visible(browser, ".primary-toggle").click()
    wait_for(browser, lambda: "pst-sidebar-hidden" in sidebar.get_attribute("class"),
             "the toggle did not hide the sidebar")
    visible(browser, ".primary-toggle").click()
    wait_for(browser, lambda: "pst-sidebar-hidden" not in sidebar.get_attribute("class"),
             "the toggle did not bring the sidebar back")
    wait_for(browser, lambda: sidebar.find_element(
        "css selector", 'a[href$="03-recall-at-k.html"]').is_displayed(),
        "the chapter link is not shown")
    sidebar.find_element("css selector", 'a[href$="03-recall-at-k.html"]').click()
    wait_for(browser, lambda: browser.current_url.endswith("/book/03-recall-at-k.html"),
             "the chapter link did not lead to the chapter")
