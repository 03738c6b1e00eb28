"""What every page of the book must be, on any screen: a clean console, no
accessibility violation of any impact (axe-core, from npm), nothing wider than the
screen, no equation, table or code output cut off without a sign above it that it scrolls,
no display equation's text under 12 CSS px, no formula a
Tab stop, sliders at least 60 % of the column, one search box; on a desktop, every
slider moves under the keyboard, and in dark mode the page passes axe again and
every figure and slider frame (drawn for the dark theme) has text 4.5:1 against
what lies behind it; on a phone, every figure and slider frame has text at least
9 CSS px, 4.5:1 against what lies behind it, and not cut at the figure's edge.
Six test modules run it, one per screen and share of the book
(browser_support.SHARES), so that the work spreads over the test workers; each
page is loaded once per screen."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.book.browser.browser_support import (
    PATIENCE, SCREENS, console_problems, open_page, use_mode, use_screen)
from tests.paths import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

# axe over the page; resolves to its violations as [rule, impact, [targets]].
_RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(
  r => done(r.violations.map(v => [v.id, v.impact, v.nodes.map(n => n.target.join(' '))])),
  e => done([['axe-failed', 'critical', [String(e)]]]));
"""


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        pytest.fail(f"axe-core is missing at {AXE}: run `npm ci` (make test does)")
    return AXE.read_text()


def settle(browser) -> None:
    """Wait until the page has loaded and MathJax has typeset it."""
    browser.set_script_timeout(PATIENCE)
    browser.execute_async_script("""
const done = arguments[0];
const typeset = () => (window.MathJax && MathJax.startup && MathJax.startup.promise)
  ? MathJax.startup.promise.then(done, done) : done();
if (document.readyState === 'complete') typeset(); else addEventListener('load', typeset);
""")


def axe_violations(browser, axe_source: str) -> list[list]:
    browser.execute_script(axe_source)
    return browser.execute_async_script(_RUN_AXE)


def page_width(browser) -> int:
    return browser.execute_script("return document.documentElement.scrollWidth")


# Equations, tables and code outputs wider than their column, without the visible hint above
# them that they scroll sideways; display equations whose text is under 12 CSS px; formulas MathJax failed on or that are Tab stops;
# sliders under 60 % of the column.
MIN_EQUATION_PX = 12
_LAYOUT_FAULTS = """
const MIN_EQUATION_PX = arguments[0];
const faults = [];
// The hint is shown, and above the box (not beside it).
const hinted = box => {
  const note = box.previousElementSibling;
  return box.classList.contains('rml-scrolls') && note && note.offsetHeight > 0
    && note.getBoundingClientRect().bottom <= box.getBoundingClientRect().top + 1;
};
document.querySelectorAll('.bd-article mjx-container[display=true]').forEach(eq => {
  if (eq.scrollWidth > eq.parentElement.clientWidth + 1 && !hinted(eq.parentElement))
    faults.push('an equation is cut: ' + eq.textContent.slice(0, 40));
  const px = parseFloat(getComputedStyle(eq).fontSize);
  if (px < MIN_EQUATION_PX - 0.05)
    faults.push(`an equation's text is ${px.toFixed(1)} px: ` + eq.textContent.slice(0, 40));
});
// A code output wider than its box: wrapped, or scrolling under the hint.
document.querySelectorAll('.bd-article .cell_output pre').forEach(out => {
  if (out.scrollWidth > out.clientWidth + 1 && !hinted(out))
    faults.push('an output is cut: ' + out.textContent.slice(0, 40).replace(/\\n/g, ' '));
});
document.querySelectorAll('.bd-article .pst-scrollable-table-container').forEach(box => {
  if (box.scrollWidth > box.clientWidth + 1 && !hinted(box))
    faults.push('a table scrolls without saying so: ' + box.textContent.slice(0, 40));
});
const errors = document.querySelectorAll('mjx-merror').length;
if (errors) faults.push(errors + ' formulas MathJax could not typeset');
const article = document.querySelector('.bd-article');
const column = article ? article.getBoundingClientRect().width : 0;
document.querySelectorAll('.rml-slider input[type=range]').forEach(range => {
  const width = range.getBoundingClientRect().width;
  if (width < 0.6 * column) faults.push(`a slider is ${width} of ${column} px wide`);
});
const stops = document.querySelectorAll('mjx-container[tabindex]:not([tabindex="-1"])').length;
if (stops) faults.push(stops + ' formulas are Tab stops');
// One way into search: a box (the header's, or the search page's own) or, on a
// phone, the magnifier button (a second box showed in the sidebar).
const searches = [...document.querySelectorAll('.search-button__button, form.bd-search')]
  .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden');
if (searches.length !== 1)
  faults.push(`${searches.length} search boxes: ` + searches.map(e => e.parentElement.className).join(', '));
return faults;
"""


# Figure text as the reader sees it. Each figure is an <img> of an SVG, whose
# text axe cannot see: the SVG is laid out off-screen at the size the <img> has
# on the page, and each text's font size is taken times its on-screen scale;
# its colour (with its opacity) is composited on the figure's background; no
# two texts may overlap.
# Every frame of every slider is shown in turn, as a reader moving it would.
MIN_FIGURE_TEXT_PX = 10
MIN_FIGURE_TEXT_CONTRAST = 4.5
_FIGURE_TEXT_FAULTS = """
const [minPx, minRatio, done] = arguments;
const rgb = c => (c.match(/[\\d.]+/g) || ['0', '0', '0']).slice(0, 3).map(Number);
const luminance = ([r, g, b]) => [r, g, b].map(v => {
  v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
  .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
const ratio = (a, b) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05); };
// The figure is laid out in a shadow tree: the <style> inside a figure then
// restyles only the figure, not the whole page once per figure and frame.
const host = document.createElement('div');
host.style.cssText = 'position:fixed;left:-20000px;top:0';
document.body.appendChild(host);
const shadow = host.attachShadow({mode: 'open'});
// The colour behind a text: the figure drawn without its text, and the most
// common colour in the text's box (a grid line under a label does not count).
const backdrop = async svg => {
  const bare = new XMLSerializer().serializeToString(svg)
    .replace(/(<svg[^>]*>)/, '$1<style>text{visibility:hidden}</style>');
  const image = new Image();
  image.src = 'data:image/svg+xml,' + encodeURIComponent(bare);
  await image.decode();
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [svg.width.baseVal.value, svg.height.baseVal.value];
  const context = canvas.getContext('2d', {willReadFrequently: true});
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  // Read the pixels once; each text then looks at its own box of them.
  return context.getImageData(0, 0, canvas.width, canvas.height);
};
const behind = (pixels, edge, text) => {
  const r = text.getBoundingClientRect();
  const x = Math.max(0, Math.floor(r.left - edge.left));
  const y = Math.max(0, Math.floor(r.top - edge.top));
  const w = Math.max(1, Math.min(pixels.width - x, Math.ceil(r.width)));
  const h = Math.max(1, Math.min(pixels.height - y, Math.ceil(r.height)));
  const data = pixels.data, seen = new Map();
  let best = [255, 255, 255], most = 0;
  for (let row = y; row < y + h; row++) {
    for (let i = (row * pixels.width + x) * 4, end = i + w * 4; i < end; i += 4) {
      const key = data[i] << 16 | data[i + 1] << 8 | data[i + 2];
      const n = (seen.get(key) || 0) + 1;
      seen.set(key, n);
      if (n > most) [most, best] = [n, [data[i], data[i + 1], data[i + 2]]];
    }
  }
  return best;
};
const measure = async (img, where) => {
  const width = img.getBoundingClientRect().width;
  const svgText = decodeURIComponent(img.getAttribute('src').replace(/^data:image\\/svg\\+xml,/, ''));
  shadow.innerHTML = svgText;
  const svg = shadow.querySelector('svg');
  const box = svg.viewBox.baseVal;
  svg.setAttribute('width', width);
  svg.setAttribute('height', width * box.height / box.width);
  const pixels = await backdrop(svg);
  let small = [], faint = [], cut = [], count = 0;
  const edge = svg.getBoundingClientRect();
  // The opacity of each group, times its ancestors' up to the figure (groups share it).
  const opacities = new Map([[svg, 1]]);
  const opacity = e => {
    if (!opacities.has(e))
      opacities.set(e, parseFloat(getComputedStyle(e).opacity) * opacity(e.parentElement));
    return opacities.get(e);
  };
  const boxes = [];
  svg.querySelectorAll('text').forEach(text => {
    if (!text.textContent.trim()) return;
    count += 1;
    const box = text.getBoundingClientRect();
    boxes.push([box, text.textContent.trim()]);
    if (box.left < edge.left - 1 || box.right > edge.right + 1 || box.top < edge.top - 1
        || box.bottom > edge.bottom + 1) cut.push(text.textContent.trim());
    const m = text.getScreenCTM(), style = getComputedStyle(text);
    const px = parseFloat(style.fontSize) * Math.hypot(m.a, m.b);
    if (px < minPx - 0.05) small.push([px, text.textContent.trim()]);
    const alpha = parseFloat(style.opacity) * parseFloat(style.fillOpacity)
      * opacity(text.parentElement);
    const ground = behind(pixels, edge, text);
    const fill = rgb(style.fill).map((v, i) => alpha * v + (1 - alpha) * ground[i]);
    const r = ratio(fill, ground);
    if (r < minRatio) faint.push([r, text.textContent.trim()]);
  });
  // Texts that run into each other: their boxes share more than a pixel each way.
  const overlaps = [];
  boxes.forEach(([a, aText], i) => boxes.slice(i + 1).forEach(([b, bText]) => {
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 1 && h > 1) overlaps.push([aText, bText]);
  }));
  const out = [];
  if (overlaps.length) out.push(`${where}: ${overlaps.length} pairs of texts overlap `
                                + `("${overlaps[0][0].slice(0, 30)}" and "${overlaps[0][1].slice(0, 30)}")`);
  if (cut.length) out.push(`${where}: ${cut.length} texts cut at the figure's edge ("${cut[0].slice(0, 30)}")`);
  if (small.length) {
    small.sort((a, b) => a[0] - b[0]);
    out.push(`${where}: ${small.length} of ${count} texts under ${minPx} px `
             + `(smallest ${small[0][0].toFixed(1)} px: "${small[0][1].slice(0, 30)}")`);
  }
  if (faint.length) {
    faint.sort((a, b) => a[0] - b[0]);
    out.push(`${where}: ${faint.length} texts under ${minRatio}:1 `
             + `(faintest ${faint[0][0].toFixed(2)}:1: "${faint[0][1].slice(0, 30)}")`);
  }
  return [out, count];
};
(async () => {
  const faults = [];
  let figures = 0, texts = 0;
  const record = ([out, count]) => { faults.push(...out); figures += 1; texts += count; };
  const article = document.querySelector('.bd-article') || document.body;
  const still = [...article.querySelectorAll('img.rml-figure')].filter(i => !i.closest('.rml-slider'));
  for (const [n, img] of still.entries()) {
    await img.decode().catch(() => {});
    record(await measure(img, `figure ${n + 1}`));
  }
  for (const [n, slider] of [...article.querySelectorAll('.rml-slider')].entries()) {
    const input = slider.querySelector('input[type=range]');
    const start = input.value;
    for (let i = Number(input.min); i <= Number(input.max); i++) {
      input.value = String(i);
      input.dispatchEvent(new Event('input'));
      for (const img of slider.querySelectorAll('.rml-frame img.rml-figure')) {
        await img.decode().catch(() => {});
        record(await measure(img, `slider ${n + 1} at ${input.getAttribute('aria-valuetext')}`));
      }
    }
    input.value = start;
    input.dispatchEvent(new Event('input'));
  }
  host.remove();
  done([faults, figures, texts]);
})();
"""


def figure_text_faults(browser) -> tuple[list[str], int, int]:
    """Figure text too small or too faint on the page as shown; and how many
    figures (slider frames counted one by one) and texts were measured."""
    return browser.execute_async_script(_FIGURE_TEXT_FAULTS, MIN_FIGURE_TEXT_PX,
                                        MIN_FIGURE_TEXT_CONTRAST)


def sliders_not_responding(browser) -> tuple[list[str], int]:
    """Move every slider of the page one step with the keyboard (back from its
    last value) and name those whose frame did not change; and how many moved."""
    from selenium.webdriver.common.keys import Keys

    faults = []
    sliders = browser.find_elements("css selector", ".rml-slider")
    for n, slider in enumerate(sliders):
        handle = slider.find_element("css selector", "input[type=range]")
        # The frame as it was, kept in the page rather than sent back and forth.
        at_end = browser.execute_script("""
const [slider, handle] = arguments;
(window.rmlFramesBefore = window.rmlFramesBefore || new Map())
  .set(slider, slider.querySelector('.rml-frame').innerHTML);
handle.scrollIntoView({block: 'center'});
handle.focus();
return Number(handle.value) >= Number(handle.max);""", slider, handle)
        handle.send_keys(Keys.ARROW_LEFT if at_end else Keys.ARROW_RIGHT)
        if browser.execute_script(
                "return arguments[0].querySelector('.rml-frame').innerHTML"
                " === window.rmlFramesBefore.get(arguments[0]);", slider):
            faults.append(f"slider {n + 1} did not change what it shows")
    return faults, len(sliders)


def _axe_faults(browser, axe_source: str, page: str, mode: str, by_rule: Counter) -> list[str]:
    faults = []
    for rule, impact, targets in axe_violations(browser, axe_source):
        by_rule[f"{rule} ({mode})"] += 1
        faults.append(f"{page}: axe {impact} {rule} in {mode} mode at {targets[:3]}")
    return faults


def check_pages(browser, book_url: str, pages: list[str], axe_source: str, screen: str) -> None:
    """Open each page on ``screen``; fail with every fault found on any of them.

    Each page is loaded once for everything checked on it: the console, axe,
    the layout, and then what the screen adds: on a phone, the text of every
    figure and slider frame (see ``figure_text_faults``); on a desktop, that
    every slider moves under the keyboard, and then, the page turned to dark
    mode, axe again and the text of every figure and slider frame as drawn for
    it. The console is read last, so that it holds what the page logged while
    loading, while its sliders moved and while it turned dark.
    """
    use_screen(browser, SCREENS[screen])
    faults, by_rule = [], Counter()
    figures = texts = sliders = 0
    for page in pages:
        use_mode(browser, "light")
        open_page(browser, f"{book_url}/{page}")
        settle(browser)
        faults += _axe_faults(browser, axe_source, page, "light", by_rule)
        faults += [f"{page}: {fault}" for fault in browser.execute_script(_LAYOUT_FAULTS, MIN_EQUATION_PX)]
        width = page_width(browser)
        if width > SCREENS[screen][0]:
            faults.append(f"{page}: {width} px wide on a {SCREENS[screen][0]} px screen")
        if screen == "phone":
            found, on_page, texts_on_page = figure_text_faults(browser)
            figures, texts = figures + on_page, texts + texts_on_page
        else:
            found, on_page = sliders_not_responding(browser)
            sliders += on_page
            use_mode(browser, "dark")
            faults += _axe_faults(browser, axe_source, page, "dark", by_rule)
            dark, on_page, texts_on_page = figure_text_faults(browser)
            figures, texts = figures + on_page, texts + texts_on_page
            found += [f"dark mode: {fault}" for fault in dark]
        faults += [f"{page}: {fault}" for fault in found]
        faults += [f"{page}: console: {message}" for message in console_problems(browser)]
    print(f"axe violations by rule ({screen}): {dict(sorted(by_rule.items()))}")
    what = "figure text measured" + (" in dark mode" if screen == "desktop" else "")
    print(f"{what}: {texts} texts in {figures} figures and slider frames")
    assert figures > 0, "no figure was measured: the check sees nothing"
    if screen == "desktop":
        print(f"sliders moved: {sliders}")
        assert sliders > 0, "no slider was moved: the check sees nothing"
    assert not faults, "\n".join(faults)
