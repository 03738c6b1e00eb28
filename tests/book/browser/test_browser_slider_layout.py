"""Moving a slider never moves the text below it: every slider keeps one box height for all
its positions, on a desktop and on a phone; and figures sit centred, using the column."""

from __future__ import annotations

import pytest

from tests.book.browser.browser_support import SCREENS, book_pages, open_page, use_screen, wait_until

pytestmark = pytest.mark.browser

# Every slider of the page taken through every position; the heights of its box, and where
# each figure sits in the column (its margins left and right, and its width).
_SLIDER_HEIGHTS = """
return [...document.querySelectorAll('.bd-article .rml-slider')].map(slider => {
  const input = slider.querySelector('input[type=range]');
  const start = input.value, heights = [];
  for (let i = Number(input.min); i <= Number(input.max); i++) {
    input.value = String(i);
    input.dispatchEvent(new Event('input'));
    heights.push(Math.round(slider.getBoundingClientRect().height));
  }
  input.value = start;
  input.dispatchEvent(new Event('input'));
  return [input.getAttribute('aria-label') || slider.id, heights];
});
"""
_FIGURE_PLACES = """
return [...document.querySelectorAll('.bd-article img.rml-figure')].map(img => {
  const box = img.getBoundingClientRect(), parent = img.parentElement.getBoundingClientRect();
  const style = getComputedStyle(img.parentElement);
  const left = parent.left + parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth);
  const right = parent.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
  return [box.left - left, right - box.right, box.width, right - left];
});
"""


def slider_pages(built_book) -> list[str]:
    return [page for page in book_pages(built_book)
            if 'class="rml-slider"' in (built_book / page).read_text()]


@pytest.mark.parametrize("screen", SCREENS)
def test_every_slider_keeps_one_height_for_all_its_positions(browser, book_url, built_book, screen):
    use_screen(browser, SCREENS[screen])
    pages, shifting = slider_pages(built_book), []
    assert len(pages) >= 15
    for page in pages:
        open_page(browser, f"{book_url}/{page}")
        wait_until(browser, lambda b: b.execute_script("return document.readyState") == "complete",
                   f"{page} to load")
        for name, heights in browser.execute_script(_SLIDER_HEIGHTS):
            if max(heights) - min(heights) > 1:
                shifting.append(f"{page}, slider {name}: {sorted(set(heights))} px")
    assert not shifting, "slider boxes change height as they move:\n" + "\n".join(shifting)


@pytest.mark.parametrize("screen", SCREENS)
def test_figures_sit_centred_and_use_the_column(browser, book_url, built_book, screen):
    use_screen(browser, SCREENS[screen])
    faults = []
    for page in slider_pages(built_book)[:6]:
        open_page(browser, f"{book_url}/{page}")
        for left, right, width, column in browser.execute_script(_FIGURE_PLACES):
            if abs(left - right) > 2 or width < min(column, 640) - 2:
                faults.append(f"{page}: margins {left:.0f}/{right:.0f} px, {width:.0f} of {column:.0f} px")
    assert not faults, "\n".join(faults[:10])
