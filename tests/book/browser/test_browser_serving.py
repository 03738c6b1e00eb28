"""`make serve` as a reader's browser meets it, on a desktop and on a phone: the book
on loopback only, its pages, scripts and styles sent gzipped (Python's http.server
sent chapter 2's 2 MB as they are), kept-alive, and the same bytes once unpacked."""

from __future__ import annotations

import re
import subprocess
import sys
import urllib.request

import pytest

from rankmetrics_course.tools.local_server import LOOPBACK
from tests.book.browser.browser_support import SCREENS, open_page, use_screen, wait_until
from tests.book.browser.page_checks import settle
from tests.paths import ROOT

pytestmark = pytest.mark.browser

PAGE = "book/02-precision-at-k.html"


def serve_target() -> str:
    """The recipe of the Makefile's serve target."""
    recipe = re.search(r"^serve:.*\n((?:\t.*\n)+)", (ROOT / "Makefile").read_text(), re.M)
    assert recipe, "the Makefile has no serve target"
    return recipe.group(1)


def make_serve_module() -> str:
    """The module that `make serve` runs."""
    command = [line.strip() for line in serve_target().splitlines() if "-m " in line]
    assert len(command) == 1, f"which command serves? {command}"
    return re.search(r"-m (\S+)", command[0]).group(1)


@pytest.fixture
def make_serve(built_book):
    """The server that `make serve` starts (its command, on a free port), and its address."""
    module = make_serve_module()
    assert module == "rankmetrics_course.tools.local_server", f"`make serve` runs {module}"
    server = subprocess.Popen([sys.executable, "-m", module, "--port", "0", str(built_book)],
                              stdout=subprocess.PIPE, text=True)
    try:
        said = server.stdout.readline()
        address = re.search(r"http://\S+", said)
        assert address, f"{module} said {said!r}"
        yield address.group(0)
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_make_serve_runs_the_compressing_server():
    assert make_serve_module() == "rankmetrics_course.tools.local_server", serve_target()


# What the page loaded: each response's bytes on the wire and unpacked.
_LOADED = """
return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
  .map(e => [e.name, e.encodedBodySize, e.decodedBodySize]);
"""


@pytest.mark.parametrize("screen", SCREENS)
def test_make_serve_sends_the_book_compressed_on_loopback(browser, make_serve, built_book, screen):
    assert make_serve.startswith(f"http://{LOOPBACK}:"), make_serve
    use_screen(browser, SCREENS[screen])
    open_page(browser, f"{make_serve}/{PAGE}")
    settle(browser)
    loaded = wait_until(browser, lambda b: b.execute_script(_LOADED), "the page's loads to be recorded")
    sent = {name.split("?")[0].removeprefix(make_serve): (wire, unpacked)
            for name, wire, unpacked in loaded if name.startswith(make_serve)}
    texts = {name: sizes for name, sizes in sent.items()
             if name.endswith((".html", ".js", ".css")) and sizes[1] > 4096}
    assert f"/{PAGE}" in texts and len(texts) >= 5, sorted(sent)
    plain = [name for name, (wire, unpacked) in texts.items() if wire > unpacked / 2]
    assert not plain, f"sent as they are, not compressed: {plain}"
    wire = sum(w for w, _ in sent.values())
    unpacked = sum(u for _, u in sent.values())
    print(f"chapter 2 over `make serve`: {wire / 1e3:.0f} KB on the wire, {unpacked / 1e3:.0f} KB unpacked")
    # Unpacked, the page is the built file, byte for byte.
    assert texts[f"/{PAGE}"][1] == (built_book / PAGE).stat().st_size


def test_make_serve_answers_plain_clients_plainly(make_serve, built_book):
    """A client that does not ask for gzip gets the file as it is."""
    with urllib.request.urlopen(f"{make_serve}/{PAGE}") as response:
        assert response.headers.get("Content-Encoding") is None
        assert response.read() == (built_book / PAGE).read_bytes()
