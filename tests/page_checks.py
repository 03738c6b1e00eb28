"""What every page of the book must be, on any screen: a clean console, no serious
accessibility violation (axe-core, from npm), nothing wider than the screen, no
equation or table cut off without a sign that it scrolls, no formula a Tab stop,
sliders at least 60 % of the column. One test module per screen runs it, so that
the two can run on two workers."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from browser_support import SCREENS, book_pages, console_problems, open_page, use_screen

AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"

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
    browser.set_script_timeout(60)
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


# Equations and tables wider than their column, without the visible hint that
# they scroll sideways; formulas MathJax failed on or that are Tab stops;
# sliders under 60 % of the column.
_LAYOUT_FAULTS = """
const faults = [];
const hinted = box => box.classList.contains('rml-scrolls')
  && box.previousElementSibling && box.previousElementSibling.offsetHeight > 0;
document.querySelectorAll('.bd-article mjx-container[display=true]').forEach(eq => {
  if (eq.scrollWidth > eq.parentElement.clientWidth + 1 && !hinted(eq.parentElement))
    faults.push('an equation is cut: ' + eq.textContent.slice(0, 40));
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
return faults;
"""


def check_every_page(browser, book_url: str, built_book, axe_source: str, screen: str) -> None:
    """Open every page on ``screen``; fail with every fault found on any of them."""
    use_screen(browser, SCREENS[screen])
    faults, by_rule = [], Counter()
    for page in book_pages(built_book):
        open_page(browser, f"{book_url}/{page}")
        settle(browser)
        faults += [f"{page}: console: {message}" for message in console_problems(browser)]
        for rule, impact, targets in axe_violations(browser, axe_source):
            by_rule[rule] += 1
            if impact in ("serious", "critical"):
                faults.append(f"{page}: axe {impact} {rule} at {targets[:3]}")
        faults += [f"{page}: {fault}" for fault in browser.execute_script(_LAYOUT_FAULTS)]
        width = page_width(browser)
        if width > SCREENS[screen][0]:
            faults.append(f"{page}: {width} px wide on a {SCREENS[screen][0]} px screen")
    print(f"axe violations by rule ({screen}): {dict(sorted(by_rule.items()))}")
    assert not faults, "\n".join(faults)
