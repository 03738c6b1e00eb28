"""Benchmark: "Run live" from a chapter's page, as a first-time reader meets it.

It serves the built book (``_build/html``, ``make book``) on loopback, gzipped as a static host
sends it (``local_server``), opens a chapter's page in a fresh headless Chromium (an empty
cache: the first visit), clicks the header's "Run live" and times, from the click:

* **notebook**: the chapter open in JupyterLite;
* **ready**: Python started in the browser (the kernel idle: Pyodide, IPython, ipywidgets);
* **first output**: Run All issued at once, the first of the chapter's own cells (after the
  set-up cell, which installs the packages) shows its output;
* **all cells**: every cell run.

and the bytes the server sent after the click (counted on the server: Chromium's network log
leaves out the kernel worker's downloads, Pyodide's among them). Nothing is asserted.

    .venv/bin/python benchmarks/bench_live.py                      # chapter 2
    .venv/bin/python benchmarks/bench_live.py --chapter 14-ndcg
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path

from rankmetrics_course.tools.chromium import start_chromium
from rankmetrics_course.tools.local_server import BookHandler, serve

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ("const f = document.querySelector('iframe'); const app = f && f.contentWindow.jupyterapp;"
            "const nb = app && Array.from(app.shell.widgets('main')).find(w => w.sessionContext);")


def _until(driver, script: str, limit: float = 600.0):
    started = time.monotonic()
    while time.monotonic() - started < limit:
        value = driver.execute_script(NOTEBOOK + script)
        if value:
            return value
        time.sleep(0.05)
    raise TimeoutError(f"waited {limit:g} s for: {script}")


class _Counted:
    """A response stream that counts what it writes."""

    sent = 0
    lock = threading.Lock()

    def __init__(self, stream):
        self._stream = stream

    def write(self, data) -> int:
        with _Counted.lock:
            _Counted.sent += len(data)
        return self._stream.write(data)

    def __getattr__(self, name):
        return getattr(self._stream, name)


class _CountingHandler(BookHandler):
    def setup(self):
        super().setup()
        self.wfile = _Counted(self.wfile)


def measure(book: Path, chapter: str) -> dict:
    server, url = serve(book, compress=True, base=_CountingHandler)  # gzipped, as a static host sends text
    driver = start_chromium()
    try:
        driver.get(f"{url}/book/{chapter}.html")
        button = driver.find_element("css selector", ".btn-run-live-button")
        _Counted.sent = 0  # the chapter page's own bytes are not counted
        before = set(driver.window_handles)
        started = time.monotonic()
        button.click()
        while not set(driver.window_handles) - before:
            time.sleep(0.02)
        driver.switch_to.window((set(driver.window_handles) - before).pop())
        seconds = {}
        _until(driver, "return nb && nb.content.widgets.length > 0")
        seconds["notebook"] = time.monotonic() - started
        _until(driver, "return document.body.dataset.live === 'ready'")
        seconds["ready"] = time.monotonic() - started
        driver.execute_script(NOTEBOOK + "nb.content.activate(); app.commands.execute('notebook:run-all-cells');")
        _until(driver, "return Array.from(nb.content.model.cells).filter(c => c.type === 'code')"
                       ".slice(1).some(c => c.outputs.length > 0)")
        seconds["first output"] = time.monotonic() - started
        _until(driver, "const code = Array.from(nb.content.model.cells).filter(c => c.type === 'code');"
                       "return nb.sessionContext.session.kernel.status === 'idle' &&"
                       " code.every(c => c.executionCount)")
        seconds["all cells"] = time.monotonic() - started
        received = _Counted.sent
    finally:
        driver.quit()
        server.shutdown()
    return {"seconds": seconds, "received": received}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chapter", default="02-precision-at-k", help="the chapter's page name")
    parser.add_argument("--book", type=Path, default=ROOT / "_build" / "html",
                        help="the built book (default: _build/html, from make book)")
    args = parser.parse_args(argv)
    if not (args.book / "live" / "jupyter-lite.json").is_file():
        parser.error(f"--book: {args.book} holds no live site; build the book first (make book)")
    result = measure(args.book, args.chapter)
    for what, value in result["seconds"].items():
        print(f"{what:>13}: {value:5.1f} s after the click")
    print(f"{'received':>13}: {result['received'] / 1e6:5.1f} MB (as sent, text gzipped)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
