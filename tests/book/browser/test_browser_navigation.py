"""Readers reach every chapter from the sidebar, on a desktop and on a phone."""

from __future__ import annotations

import pytest

from tests.book.browser.browser_support import DESKTOP, PHONE, open_page, use_screen, wait_until

pytestmark = pytest.mark.browser


def visible(browser, css: str):
    """The one element matching ``css`` that a reader can see and click, once there is
    exactly one (on a loaded machine a phone's layout can settle after the load event)."""
    def the_one_shown(_):
        shown = [e for e in browser.find_elements("css selector", css) if e.is_displayed()]
        return shown[0] if len(shown) == 1 else None
    return wait_until(browser, the_one_shown, f"exactly one visible element matching {css}")


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


def test_phone_chapter_list_opens_at_the_chapter_and_closes_by_its_button(browser, book_url):
    """Chapter 20's list opens scrolled to chapter 20 (it opened at Part I), names the book
    once (its title and the home page's entry both read "Ranking Metrics"), and has a close
    button (only a tap beside it, or Escape, closed it)."""
    use_screen(browser, PHONE)
    open_page(browser, f"{book_url}/book/20-how-many-queries.html")
    visible(browser, ".primary-toggle").click()
    drawer = "document.querySelector('#pst-primary-sidebar-modal')"
    shown = wait_until(browser, lambda b: b.execute_script(f"""
const drawer = {drawer};
if (!drawer.open) return null;
const here = drawer.querySelector('a.current').getBoundingClientRect(), box = drawer.getBoundingClientRect();
return {{inside: here.top >= box.top && here.bottom <= box.bottom,
        titles: [...drawer.querySelectorAll('a')].filter(a => a.innerText.trim() === 'Ranking Metrics').length}};"""),
        "the chapter list to open")
    assert shown["inside"], "the current chapter is not in view in the chapter list"
    assert shown["titles"] == 1, f"'Ranking Metrics' {shown['titles']} times in the chapter list"
    close = visible(browser, "#pst-primary-sidebar-modal .rml-drawer-close")
    assert close.get_attribute("aria-label") == "Close the chapters"
    size = close.size
    assert size["width"] >= 44 and size["height"] >= 44, size  # a finger's target
    close.click()
    wait_for(browser, lambda: not browser.execute_script(f"return {drawer}.open"),
             "the close button to close the chapter list")
