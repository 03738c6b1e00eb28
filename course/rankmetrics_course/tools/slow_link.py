"""Time chapters as a reader on a slow mobile link gets them: cold cache, Chromium's
network emulation, until the page has loaded and MathJax has typeset it.

The link: 400 kbit/s down, 400 kbit/s up, 400 ms round trip (Chrome DevTools'
Network.emulateNetworkConditions; about "slow 4G" at a crowded cell's edge).
Several built books are timed side by side, runs interleaved, so that the
machine's load falls on each alike; the report gives each page's median.

Usage: python -m rankmetrics_course.tools.slow_link [--runs N] [--page PAGE ...] BUILT_HTML_DIR [BUILT_HTML_DIR ...]
e.g.   python -m rankmetrics_course.tools.slow_link --page book/02-precision-at-k.html old/_build/html _build/html
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from rankmetrics_course.tools.chromium import start_chromium
from rankmetrics_course.tools.local_server import serve

LINK = {"offline": False, "latency": 400,                      # ms, round trip
        "downloadThroughput": 400_000 / 8, "uploadThroughput": 400_000 / 8}  # bytes/s
DEFAULT_PAGES = ["book/02-precision-at-k.html", "book/17-partial-auc.html"]

# Milliseconds from navigation start until the load event and MathJax's typesetting.
_READY = """
const done = arguments[0];
const since = () => performance.now();
const typeset = () => (window.MathJax && MathJax.startup && MathJax.startup.promise)
  ? MathJax.startup.promise.then(() => done(since()), () => done(since())) : done(since());
if (document.readyState === 'complete') typeset(); else addEventListener('load', typeset);
"""


def ready_seconds(url: str) -> float:
    """One cold load of ``url`` over the slow link, in a fresh browser profile."""
    driver = start_chromium(window=(390, 844))
    try:
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", LINK)
        driver.set_page_load_timeout(300)
        driver.set_script_timeout(300)
        driver.get(url)
        return driver.execute_async_script(_READY) / 1000
    finally:
        driver.quit()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("books", nargs="+", type=Path, help="built HTML folders to compare")
    parser.add_argument("--page", action="append", help="page to time (default: chapters 2 and 17)")
    parser.add_argument("--runs", type=int, default=3, help="cold loads per page and book")
    args = parser.parse_args(argv)
    for book in args.books:
        if not (book / "index.html").exists():
            parser.error(f"books: {book} holds no built book (no index.html); run `make book`")
    servers = [serve(book) for book in args.books]
    times: dict[tuple[int, str], list[float]] = {}
    for _ in range(args.runs):
        for page in args.page or DEFAULT_PAGES:
            for index, (_, base) in enumerate(servers):
                times.setdefault((index, page), []).append(ready_seconds(f"{base}/{page}"))
    print(f"link: {LINK['downloadThroughput'] * 8 / 1000:.0f} kbit/s down, "
          f"{LINK['uploadThroughput'] * 8 / 1000:.0f} kbit/s up, {LINK['latency']} ms round trip; "
          f"{args.runs} cold loads each, median seconds to loaded and typeset")
    for page in args.page or DEFAULT_PAGES:
        cells = [f"{statistics.median(times[(i, page)]):7.1f}" for i in range(len(servers))]
        print(f"{page:45} " + " ".join(cells))
    print("books: " + ", ".join(f"[{i}] {book}" for i, book in enumerate(args.books)))
    for server, _ in servers:
        server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
