""""Run live" as a reader uses it: a chapter page's button opens the chapter in JupyterLite,
served by the book's own site, and every cell runs in the browser (Pyodide). Its live slider
shows, at a position, the numbers the static page shows there; ``check(...)`` answers as it
does in CPython; a learner's edit stays in the browser until Reset brings the chapter back
as published. A chapter that cannot run says why and offers its download, and so does a
browser without WebAssembly. No request leaves the site (Chromium's network log) and the
console logs no error."""

from __future__ import annotations

import json
import re
import socketserver
import threading
from urllib.parse import urlsplit

import pytest
from rankmetrics_course.exercises import check
from rankmetrics_course.tools.chromium import start_chromium
from rankmetrics_course.tools.live_chapters import NO_PYODIDE
from rankmetrics_lite import precision_at_k
from selenium.webdriver.common.keys import Keys

from tests.book.browser.browser_support import PATIENCE, wait_until

pytestmark = pytest.mark.browser

# Chapter 2 (a k-slider, exercise checks), nDCG's (scikit-learn in the browser), diversity's
# (the TREC 2012 Web track's files, served by the site).
CHAPTERS = ("02-precision-at-k", "14-ndcg", "23-diversity-and-novelty")
# The exercise checked with a right and a wrong answer, and the cell that asks for it.
EXERCISE = "precision-short-list"
ASKS = 'check("precision-short-list", answer)'
# Spark's chapter: it cannot run in a browser.
NOT_LIVE = "19-evaluating-at-scale"

# The notebook open in JupyterLite (run inside its frame).
NOTEBOOK = "const nb = Array.from(window.jupyterapp.shell.widgets('main')).find(w => w.sessionContext);"


# Chromium's own background services (its clock, sign-in), which reach the proxy whatever page is open.
CHROMIUM_ITSELF = re.compile(r"^\S+ (https?://)?[\w.-]*\b(google\.com|googleapis\.com|gstatic\.com)[:/ ]")


class _Refusing(socketserver.StreamRequestHandler):
    """The browser's proxy: records each request for another host, and refuses it."""

    def handle(self):
        line = self.rfile.readline(4096).decode("latin-1").strip()
        if line:
            self.server.asked.append(line)
        self.wfile.write(b"HTTP/1.1 502 Refused\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")


@pytest.fixture(scope="module")
def live(book_url):
    """A Chromium of its own that keeps its network log and sends every request for another host
    (its workers' too, which the log does not show) to a proxy that records it."""
    proxy = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _Refusing)
    proxy.asked = []
    proxy.daemon_threads = True
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    driver = start_chromium(console_log=True, network_log=True,
                            proxy=f"127.0.0.1:{proxy.server_address[1]}")
    driver.command_executor.client_config.timeout = PATIENCE
    driver.set_script_timeout(PATIENCE)
    driver.asked = proxy.asked
    yield driver
    driver.quit()
    proxy.shutdown()


@pytest.fixture
def reader(live, book_url):
    """The browser, fresh for each test; after it, no request left the site and no error was logged."""
    live.get("about:blank")
    live.get_log("browser")
    live.get_log("performance")
    live.asked.clear()
    yield live
    requested = [json.loads(entry["message"])["message"] for entry in live.get_log("performance")]
    urls = {event["params"]["request"]["url"] for event in requested
            if event["method"] == "Network.requestWillBeSent"}
    origin = urlsplit(book_url)
    outside = sorted(url for url in urls if urlsplit(url).scheme not in ("data", "blob", "about")
                     and urlsplit(url)[:2] != origin[:2])
    errors = [entry["message"] for entry in live.get_log("browser") if entry["level"] == "SEVERE"]
    for handle in live.window_handles[1:]:
        live.switch_to.window(handle)
        live.close()
    live.switch_to.window(live.window_handles[0])
    live.execute_script("if (location.protocol.startsWith('http')) { localStorage.clear(); }")
    assert not outside, f"requests to other hosts: {outside}"
    pages = [line for line in live.asked if not CHROMIUM_ITSELF.search(line)]
    assert not pages, f"requests to other hosts (through the proxy): {pages}"
    assert not errors, "console errors:\n" + "\n".join(errors)


def open_live(reader, book_url: str, chapter: str) -> None:
    """From the chapter's page, the header's Run live button, into the chapter's notebook."""
    reader.get(f"{book_url}/book/{chapter}.html")
    button = reader.find_element("css selector", ".btn-run-live-button")
    assert button.text.strip() == "Run live"
    before = set(reader.window_handles)
    reader.execute_script("arguments[0].click()", button)  # the header's link opens a new tab
    wait_until(reader, lambda b: set(b.window_handles) - before, "the launch page's tab")
    reader.switch_to.window((set(reader.window_handles) - before).pop())
    wait_ready(reader)


def wait_ready(reader) -> None:
    """Wait until the launch page says Python is ready, then work inside the chapter's frame."""
    reader.switch_to.default_content()
    wait_until(reader, lambda b: b.execute_script("return document.body.dataset.live") == "ready",
               "Python to be ready in the launch page")
    reader.switch_to.frame(reader.find_element("css selector", "iframe"))


def run(reader, script: str):
    """``script`` (an async function's body) inside the notebook's frame; what it returns."""
    result = reader.execute_async_script(
        f"const done = arguments[arguments.length - 1]; {NOTEBOOK}"
        f"Promise.resolve().then(async () => {{ {script} }}).then(r => done({{r}}), e => done({{failed: String(e)}}));")
    assert "failed" not in result, f"in the notebook: {result['failed']}"
    return result.get("r")


def run_all(reader) -> list[dict]:
    """Run every cell; each code cell's outputs, in order."""
    return run(reader, """
        nb.content.activate();
        await window.jupyterapp.commands.execute('notebook:run-all-cells');
        while (nb.sessionContext.session.kernel.status !== 'idle') await new Promise(r => setTimeout(r, 200));
        return Array.from(nb.content.model.cells).filter(c => c.type === 'code')
          .map(c => ({count: c.executionCount, outputs: c.outputs.toJSON()}));""")


def errors_in(cells: list[dict]) -> list[str]:
    return [f"{out['ename']}: {out['evalue']}" for cell in cells for out in cell["outputs"]
            if out["output_type"] == "error"]


def target_position(slider) -> tuple[int, list[str]]:
    """Where to move a slider (its last position, or the one before if it is there), and the keys."""
    value, last = int(slider.get_attribute("value")), int(slider.get_attribute("max"))
    return (last, [Keys.END]) if value != last else (last - 1, [Keys.END, Keys.ARROW_LEFT])


SHOWN_NUMBERS = ("return [...arguments[0].querySelectorAll('.rml-num')].filter(e => e.offsetParent !== null)"
                 ".map(e => [e.dataset.name, e.textContent.trim()])")


def static_numbers(reader, book_url: str, chapter: str) -> tuple[int, list]:
    """The static page's first slider moved as the live one will be: its position and numbers."""
    reader.get(f"{book_url}/book/{chapter}.html")
    slider = reader.find_element("css selector", ".rml-slider")
    handle = slider.find_element("css selector", "input[type=range]")
    reader.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus();", handle)
    position, keys = target_position(handle)
    for key in keys:
        handle.send_keys(key)
    assert int(handle.get_attribute("value")) == position
    return position, reader.execute_script(SHOWN_NUMBERS, slider)


def live_numbers(reader, position: int) -> list:
    """The chapter's first live slider, moved to ``position``: the numbers its frame then shows."""
    box = run(reader, """
        const at = Array.from(nb.content.model.cells).findIndex(c => c.type === 'code' &&
          c.outputs.toJSON().some(o => (o.data || {})['application/vnd.jupyter.widget-view+json']));
        await nb.content.scrollToItem(at, 'center');
        const node = nb.content.widgets[at].node;
        for (let i = 0; i < 100 && !node.querySelector('.rml-control input[type=range]'); i++)
          await new Promise(r => setTimeout(r, 100));
        return node.querySelector('.widget-vbox') || node;""")
    handle = box.find_element("css selector", ".rml-control input[type=range]")
    reader.execute_script("arguments[0].focus();", handle)
    # The frame beside the control: an ipywidgets HTML that the kernel fills at each move.
    before = box.find_element("css selector", ".widget-html").get_attribute("innerHTML")
    wanted, keys = target_position(handle)
    assert wanted == position, "the live slider must span the static one's positions"
    for key in keys:
        handle.send_keys(key)
    assert int(handle.get_attribute("value")) == position
    wait_until(reader, lambda b: box.find_element("css selector", ".widget-html").get_attribute(
        "innerHTML") != before, "the live slider's frame to follow it")
    return reader.execute_script(SHOWN_NUMBERS, box)


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_chapter_runs_live_and_its_slider_shows_the_static_numbers(reader, book_url, chapter):
    position, expected = static_numbers(reader, book_url, chapter)
    assert expected, "the static slider shows numbers"
    open_live(reader, book_url, chapter)
    cells = run_all(reader)
    assert not errors_in(cells), f"{chapter} raised:\n" + "\n".join(errors_in(cells))
    assert all(cell["count"] for cell in cells), "every code cell ran"
    assert live_numbers(reader, position) == expected


def check_text(cell: dict) -> str:
    return "".join(out["data"]["text/plain"] for out in cell["outputs"]
                   if out["output_type"] == "execute_result")


def test_check_answers_a_right_and_a_wrong_answer_as_in_cpython(reader, book_url):
    open_live(reader, book_url, CHAPTERS[0])
    returned = [int(grade >= 2) for grade in [2, 1, 0, 2, 0, 2, 1]]
    right = precision_at_k(returned, k=10)
    assert not errors_in(run_all(reader))
    at = run(reader, f"""return Array.from(nb.content.model.cells).findIndex(c => c.type === 'code' &&
        c.sharedModel.getSource().includes({ASKS!r}));""")
    assert at > 0, f"chapter 2 asks for {EXERCISE} in a code cell"
    for answer in (right, right + 0.2):
        source = f'check("{EXERCISE}", {answer!r})'
        cell = run(reader, f"""
            const at = {at};
            nb.content.model.cells.get(at).sharedModel.setSource({source!r});
            nb.content.activeCellIndex = at;
            await window.jupyterapp.commands.execute('notebook:run-cell');
            while (nb.sessionContext.session.kernel.status !== 'idle') await new Promise(r => setTimeout(r, 200));
            const cell = nb.content.model.cells.get(at);
            return {{count: cell.executionCount, outputs: cell.outputs.toJSON()}};""")
        assert check_text(cell) == repr(check(EXERCISE, answer))
    assert repr(check(EXERCISE, right)) == f"{EXERCISE}: correct."
    assert repr(check(EXERCISE, right + 0.2)) != f"{EXERCISE}: correct."


def test_an_edit_stays_in_the_browser_until_reset(reader, book_url, built_book):
    published = json.loads((built_book / "live" / "files" / f"{CHAPTERS[0]}.ipynb").read_text())
    first = "".join(published["cells"][2]["source"])
    open_live(reader, book_url, CHAPTERS[0])
    edited = run(reader, """
        nb.content.model.cells.get(2).sharedModel.setSource('# my own notes');
        await nb.context.save();
        return nb.content.model.cells.get(2).sharedModel.getSource();""")
    assert edited == "# my own notes"
    reader.switch_to.default_content()
    reader.refresh()
    wait_ready(reader)
    assert run(reader, "return nb.content.model.cells.get(2).sharedModel.getSource();") == edited
    reader.switch_to.default_content()
    reader.find_element("css selector", "#reset").click()
    wait_until(reader, lambda b: b.execute_script("return document.body.dataset.live") != "ready",
               "the launch page to start the chapter again")
    wait_ready(reader)
    assert run(reader, "return nb.content.model.cells.get(2).sharedModel.getSource();") == first


def test_a_chapter_that_cannot_run_live_says_why_and_offers_the_download(reader, book_url):
    reader.get(f"{book_url}/book/{NOT_LIVE}.html")
    button = reader.find_element("css selector", ".btn-run-live-button")
    # Bootstrap keeps a tooltip's text in data-bs-original-title once it has set the tooltip up.
    tooltip = button.get_attribute("data-bs-original-title") or button.get_attribute("title")
    assert "cannot run in your browser" in tooltip
    reader.get(button.get_attribute("href"))
    message = reader.find_element("css selector", "#message")
    assert NO_PYODIDE["pyspark"] in message.text
    link = message.find_element("css selector", "a[download]")
    assert link.get_attribute("href") == f"{book_url}/notebooks/{NOT_LIVE}.ipynb"
    assert reader.execute_async_script(
        "fetch(arguments[0]).then(r => arguments[1](r.status))", link.get_attribute("href")) == 200
    assert reader.find_elements("css selector", "iframe") == []


def test_a_browser_without_webassembly_gets_a_message_and_the_download(reader, book_url):
    added = reader.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                   {"source": "delete globalThis.WebAssembly;"})
    try:
        reader.get(f"{book_url}/run.html?chapter={CHAPTERS[0]}")
        message = reader.find_element("css selector", "#message")
        assert re.search(r"needs WebAssembly", message.text)
        link = message.find_element("css selector", "a[download]")
        assert link.get_attribute("href") == f"{book_url}/notebooks/{CHAPTERS[0]}.ipynb"
        assert reader.find_elements("css selector", "iframe") == []
    finally:
        reader.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                               {"identifier": added["identifier"]})
