"""Figures in dark mode, on a desktop and on a phone: drawn for the dark theme (a dark
ground, no bright card or panel around them), as wide as in light mode, and back to
their own drawing in light mode. (Every figure's text is measured in dark mode on
every page by the desktop page checks, page_checks.py.)"""

from __future__ import annotations

import pytest

from tests.book.browser.browser_support import SCREENS, open_page, use_mode, use_screen, wait_until
from tests.book.browser.page_checks import figure_text_faults, settle

pytestmark = pytest.mark.browser

# A still figure and a slider's figure.
PAGE = "book/02-precision-at-k.html"

# For each figure of the article: its width; the colour most of its drawing has (the
# ground: it is drawn on a canvas at its natural size); and what is painted behind
# and around it, up to the article (backgrounds, padding, filters), that is not
# the page's own background.
_FIGURES = """
const done = arguments[0];
const page = getComputedStyle(document.body).backgroundColor;
const ground = async img => {
  await img.decode().catch(() => {});
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [img.naturalWidth, img.naturalHeight];
  const context = canvas.getContext('2d');
  context.drawImage(img, 0, 0);
  const data = context.getImageData(0, 0, canvas.width, canvas.height).data, seen = new Map();
  for (let i = 0; i < data.length; i += 4 * 7) {
    const key = `rgb(${data[i]}, ${data[i + 1]}, ${data[i + 2]})`;
    seen.set(key, (seen.get(key) || 0) + 1);
  }
  return [...seen].sort((a, b) => b[1] - a[1])[0][0];
};
(async () => {
  const out = [];
  for (const img of document.querySelectorAll('.bd-article img.rml-figure')) {
    const around = [];
    for (let e = img; e && !e.matches('.bd-article'); e = e.parentElement) {
      const s = getComputedStyle(e);
      if (!['rgba(0, 0, 0, 0)', 'transparent', page].includes(s.backgroundColor))
        around.push(`${e.tagName.toLowerCase()}.${e.className}: background ${s.backgroundColor}`);
      if (s.filter !== 'none') around.push(`${e.tagName.toLowerCase()}.${e.className}: filter ${s.filter}`);
    }
    out.push({width: Math.round(img.getBoundingClientRect().width), ground: await ground(img), around});
  }
  done(out);
})();
"""


def luminance(rgb: str) -> float:
    channels = [int(v) / 255 for v in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3]]
    linear = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


@pytest.mark.parametrize("screen", SCREENS)
def test_figures_are_drawn_for_dark_mode(browser, book_url, screen):
    use_screen(browser, SCREENS[screen])
    open_page(browser, f"{book_url}/{PAGE}")
    settle(browser)
    light = browser.execute_async_script(_FIGURES)
    assert len(light) >= 2 and all(luminance(f["ground"]) > 0.8 for f in light), light

    use_mode(browser, "dark")
    dark = browser.execute_async_script(_FIGURES)
    faults = [f"figure {n + 1}: {what}" for n, f in enumerate(dark) for what in f["around"]]
    faults += [f"figure {n + 1}: drawn on {f['ground']}, not on a dark ground"
               for n, f in enumerate(dark) if luminance(f["ground"]) > 0.05]
    faults += [f"figure {n + 1}: {d['width']} px wide in dark mode, {l['width']} px in light mode"
               for n, (l, d) in enumerate(zip(light, dark)) if abs(d["width"] - l["width"]) > 1]
    text, measured, _ = figure_text_faults(browser)  # every text 4.5:1 on the dark drawing
    assert measured >= 2
    assert not faults + text, "\n".join(faults + text)

    use_mode(browser, "light")  # the reader turns back: each figure shows its own drawing again
    again = wait_until(browser, lambda b: (lambda f: f if all(luminance(x["ground"]) > 0.8 for x in f)
                                           else None)(b.execute_async_script(_FIGURES)),
                       "the figures to show their light drawing again")
    assert [f["width"] for f in again] == [f["width"] for f in light]
