"""Search as readers use it, on a desktop and on a phone: the typed text clear of the
magnifier, snippets that quote the sentence found (in words, no raw TeX), the chapter
about what was searched for ranked first, a highlight legible in both colour modes.
(That every page has one search box is checked on every page by page_checks.py.)"""

from __future__ import annotations

from urllib.parse import quote_plus

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from tests.book.browser.browser_support import (
    MODES, SCREENS, open_page, use_mode, use_screen, wait_until)

pytestmark = pytest.mark.browser

# The snippets of a search (each result's title, link and snippet), once every result
# that quotes its page has its snippet (the results show one by one).
_RESULTS = """
const status = document.querySelector('#search-results .search-summary');
if (!status || !status.textContent.trim()) return null;  // still searching
const items = [...document.querySelectorAll('#search-results ul.search > li')];
const shown = items.map(li => ({title: li.querySelector('a').textContent, href: li.querySelector('a').href,
  snippet: li.querySelector('p.context') ? li.querySelector('p.context').textContent : null,
  object: !!li.querySelector(':scope > span')}));
return shown.every(r => r.object || r.snippet !== null) ? shown : null;
"""


def search(browser, book_url: str, words: str) -> list[dict]:
    open_page(browser, f"{book_url}/search.html?q={quote_plus(words)}")
    return wait_until(browser, lambda b: b.execute_script(_RESULTS), f"the results for {words!r}")


@pytest.mark.parametrize("screen", SCREENS)
def test_search_snippets_show_no_tex(browser, book_url, screen):
    use_screen(browser, SCREENS[screen])
    snippets = [r["snippet"] for r in search(browser, book_url, "precision") if r["snippet"]]
    assert len(snippets) >= 5
    tex = [s for s in snippets if "\\" in s or "$" in s]
    assert not tex, f"snippets with TeX: {tex[:3]}"


# Each snippet, without the "…" that ends a cut, must lie inside one block of
# prose of its page (a paragraph, list item, definition or table cell; formulas
# read as the snippets write them): a sentence, not the page's title run into its contents list.
_OUTSIDE_PROSE = """
const [results, done] = arguments;
const blocks = async href => {
  const page = new DOMParser().parseFromString(await (await fetch(href.split('#')[0])).text(), 'text/html');
  const main = page.querySelector('[role=main]');
  main.querySelectorAll('.onlyprint, nav, .headerlink, script, style').forEach(e => e.remove());
  main.querySelectorAll('.math').forEach(e => e.replaceWith(window.rmlTexToText(e.textContent)));
  return [...main.querySelectorAll('p, li, dd, dt, td, th, figcaption, caption')]
    .map(b => b.textContent.replace(/\\s+/g, ' ').trim());
};
(async () => {
  const outside = [];
  for (const r of results.filter(r => r.snippet)) {
    const core = r.snippet.replace(/^…|…$/g, '').trim();
    if (!(await blocks(r.href)).some(text => text.includes(core))) outside.push([r.title, r.snippet]);
  }
  done(outside);
})();
"""


@pytest.mark.parametrize("screen", SCREENS)
def test_snippets_quote_the_sentence_found(browser, book_url, screen):
    use_screen(browser, SCREENS[screen])
    for words in ("nDCG", "mean reciprocal rank", "bpref"):
        results = search(browser, book_url, words)
        outside = browser.execute_async_script(_OUTSIDE_PROSE, results)
        assert not outside, f"{words!r}: snippets that are not a sentence of the page: {outside[:3]}"
        empty = [r["title"] for r in results if r["snippet"] == ""]
        assert not empty, f"{words!r}: results without a snippet: {empty}"
    chapter = next(r for r in search(browser, book_url, "nDCG") if r["title"] == "14. nDCG")
    assert "nDCG" in chapter["snippet"] and "Contents" not in chapter["snippet"], chapter


def test_snippets_keep_the_letters_of_the_math(browser, book_url):
    """The glossary's α-nDCG: "a subtopic covered again is worth a factor 1 − α less"."""
    entry = next(r for r in search(browser, book_url, "alpha-nDCG") if r["title"].endswith("(glossary)"))
    assert "a factor 1 − α less" in entry["snippet"], entry
    assert browser.execute_script(
        "return [String.raw`\\(\\frac{\\mathrm{DCG@}k}{\\mathrm{IDCG@}k}\\)`, String.raw`\\(\\lvert R\\rvert \\le k\\)`,"
        " String.raw`\\(\\begin{cases} 1 \\end{cases}\\)`].map(window.rmlTexToText)") == [
        "DCG@k/IDCG@k", "|R| ≤ k", "…"]


# A chapter's own subject ranks it first; so does the chapter that defines a glossary term
# searched for by its name, above the term's glossary entry, which is titled by the term.
FIRST = {"mean reciprocal rank": ["15. MRR and hit rate"],
         "bpref": ["16. When judgements run out", "bpref (glossary)"],
         "alpha-nDCG": ["23. Diversity and novelty", "alpha-nDCG (glossary)"],
         "α-nDCG": ["23. Diversity and novelty", "α-nDCG (glossary)"],
         "nDCG": ["14. nDCG", "nDCG (glossary)"]}


@pytest.mark.parametrize("screen", SCREENS)
def test_the_chapter_on_the_words_comes_first(browser, book_url, screen):
    use_screen(browser, SCREENS[screen])
    for words, first in FIRST.items():
        titles = [r["title"] for r in search(browser, book_url, words)]
        assert titles[:len(first)] == first, f"{words!r} gives {titles[:6]}"


# The magnifier's right edge and where the typed text begins, in each search box shown.
_ICON_AND_TEXT = """
return [...document.querySelectorAll('form.bd-search')].filter(f => f.getClientRects().length).map(f => {
  const input = f.querySelector('input'), icon = f.querySelector('.fa-magnifying-glass, svg');
  const style = getComputedStyle(input), box = input.getBoundingClientRect();
  return [f.closest('dialog') ? 'the dialog' : 'the search page', icon.getBoundingClientRect().right,
          box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft)];
});
"""


@pytest.mark.parametrize("screen", SCREENS)
def test_typed_text_is_clear_of_the_magnifier(browser, book_url, screen):
    use_screen(browser, SCREENS[screen])
    open_page(browser, f"{book_url}/book/02-precision-at-k.html")
    # The header's search box on a desktop, the magnifier button on a phone.
    button = wait_until(browser, lambda b: next(
        (e for e in b.find_elements("css selector", ".search-button__button") if e.is_displayed()), None),
        "a search button shown")
    button.click()
    wait_until(browser, lambda b: b.execute_script(
        "return document.querySelector('#pst-search-dialog').open"), "the search dialog to open")
    ActionChains(browser).send_keys("precision").perform()
    boxes = browser.execute_script(_ICON_AND_TEXT)
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait_until(browser, lambda b: "search.html" in b.current_url, "the search page")
    boxes += browser.execute_script(_ICON_AND_TEXT)
    assert [where for where, _, _ in boxes] == ["the dialog", "the search page"]
    covered = [(where, icon, text) for where, icon, text in boxes if icon > text]
    assert not covered, f"the magnifier covers the text typed (icon's right edge, text's left): {covered}"


# axe's colour-contrast rule over the highlighted words only.
_HIGHLIGHT_CONTRAST = """
const done = arguments[arguments.length - 1];
axe.run({include: [['span.highlighted']]}, {runOnly: ['color-contrast'], resultTypes: ['violations']})
  .then(r => done(r.violations.flatMap(v => v.nodes.map(n => n.any.map(c => c.message).join('; ')))),
        e => done([String(e)]));
"""


def highlight_faults(browser, axe_source: str, where: str) -> list[str]:
    """axe's colour-contrast faults of the highlighted words (in titles, which are links,
    and in snippets), once some are shown."""
    wait_until(browser, lambda b: b.execute_script(
        "return document.querySelectorAll('span.highlighted').length"), f"highlighted words in {where}")
    browser.execute_script(axe_source)
    return [f"{where}: {fault}" for fault in browser.execute_async_script(_HIGHLIGHT_CONTRAST)]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("screen", SCREENS)
def test_the_highlighted_words_read_in_both_modes(browser, book_url, screen, mode, axe_source):
    use_screen(browser, SCREENS[screen])
    use_mode(browser, mode)
    search(browser, book_url, "precision")
    faults = highlight_faults(browser, axe_source, "the results")
    assert not faults, f"{len(faults)} highlighted words too faint, as:\n" + "\n".join(faults[:3])
