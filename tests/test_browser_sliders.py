"""Sliders as readers use them, on a desktop and on a phone: steady under the
pointer, named by the value they show, announcing their numbers once per move.
(That every slider is wide is checked on every page by page_checks.py.)"""

from __future__ import annotations

import pytest
from selenium.webdriver.common.keys import Keys

from browser_support import SCREENS, book_url, browser, open_page, use_screen  # noqa: F401

pytestmark = pytest.mark.browser

# Chapter 2's k-slider runs 1..10: its value gains a digit at the last step.
PAGE = "book/02-precision-at-k.html"


def first_slider(browser):
    slider = browser.find_element("css selector", ".rml-slider")
    handle = slider.find_element("css selector", "input[type=range]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus();",
                           handle)
    return slider, handle


def box(browser, element) -> dict:
    return browser.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "return {left: r.left, top: r.top, width: r.width};", element)


@pytest.mark.parametrize("screen", SCREENS)
def test_the_track_stays_put_when_the_value_gains_a_digit(browser, book_url, screen):
    use_screen(browser, SCREENS[screen])
    open_page(browser, f"{book_url}/{PAGE}")
    slider, handle = first_slider(browser)
    handle.send_keys(Keys.END)
    handle.send_keys(Keys.ARROW_LEFT)  # k = 9
    before = box(browser, handle)
    handle.send_keys(Keys.ARROW_RIGHT)  # k = 10
    assert slider.find_element("css selector", ".rml-value").text == "10"
    assert box(browser, handle) == before


@pytest.mark.parametrize("screen", SCREENS)
def test_screen_readers_hear_the_value_and_the_numbers_once(browser, book_url, screen):
    use_screen(browser, SCREENS[screen])
    open_page(browser, f"{book_url}/{PAGE}")
    slider, handle = first_slider(browser)
    live = slider.find_elements("css selector", "[aria-live]")
    assert len(live) == 1 and live[0].text == ""  # nothing said before a move
    assert handle.get_attribute("aria-valuetext") == "4"  # the value, not position 3
    handle.send_keys(Keys.ARROW_RIGHT)
    assert handle.get_attribute("aria-valuetext") == "5"
    assert slider.find_element("css selector", ".rml-value").text == "5"
    region = slider.find_elements("css selector", "[aria-live]")
    assert region == live, "the live region must be updated in place, not replaced"
    said = browser.execute_script("return arguments[0].textContent", live[0])
    assert said.startswith("k = 5, relevant in top k = 3, P@k = 0.6000")
    assert slider.find_elements("css selector", "output") == []


def test_the_first_slider_is_a_few_tabs_away(browser, book_url):
    open_page(browser, f"{book_url}/{PAGE}")
    before = browser.execute_script("""
const all = [...document.querySelectorAll(
  'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')]
  .filter(e => !e.disabled && e.getClientRects().length);
return all.indexOf(document.querySelector('.rml-slider input[type=range]'));""")
    # 74 today: header and sidebar buttons, links, copy buttons, code blocks; no
    # formula (each was a Tab stop while MathJax's menu was loaded).
    assert 0 <= before <= 75, f"{before} Tab stops before chapter 2's slider"
