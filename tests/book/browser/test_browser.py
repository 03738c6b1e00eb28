"""Open the built book in headless Chromium (Debian's), move sliders, read the numbers."""

from __future__ import annotations

import pytest

from rankmetrics_lite import precision_at_k
from tests.book.browser.browser_support import SCREENSHOTS, console_problems, open_page

pytestmark = pytest.mark.browser


def move_slider(browser, slider, steps: int) -> None:
    """Move a range input with the keyboard, as a reader would."""
    from selenium.webdriver.common.keys import Keys

    handle = slider.find_element("css selector", "input[type=range]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus();",
                           handle)
    key = Keys.ARROW_RIGHT if steps > 0 else Keys.ARROW_LEFT
    for _ in range(abs(steps)):
        handle.send_keys(key)


def shown(slider, name: str) -> str:
    return slider.find_element("css selector", f'.rml-num[data-name="{name}"]').text


def test_precision_slider_follows_k(browser, book_url):
    relevance = [1, 0, 1, 1, 0, 1, 0, 1, 0, 1]  # the chapter's worked example
    open_page(browser, f"{book_url}/book/02-precision-at-k.html")
    slider = browser.find_element("css selector", ".rml-slider")
    assert shown(slider, "k") == "4"
    assert shown(slider, "P@k") == f"{precision_at_k(relevance, 4):.4f}"

    move_slider(browser, slider, +3)
    assert slider.find_element("css selector", ".rml-value").text == "7"
    assert shown(slider, "P@k") == f"{precision_at_k(relevance, 7):.4f}"
    assert shown(slider, "relevant in top k") == "4"

    move_slider(browser, slider, -6)
    assert shown(slider, "P@k") == f"{precision_at_k(relevance, 1):.4f}"

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    slider.screenshot(str(SCREENSHOTS / "precision-at-k-slider.png"))
    browser.save_screenshot(str(SCREENSHOTS / "precision-at-k-page.png"))
    assert console_problems(browser) == []


# That every slider of the book responds to the keyboard is checked on every
# page by the desktop page checks (page_checks.py), which load each page anyway.
