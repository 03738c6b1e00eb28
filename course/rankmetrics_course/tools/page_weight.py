"""Weigh the built book's chapters: HTML size and cold-load bytes in Chromium.

For each chapter page: the size of its HTML file, and the bytes a reader with
an empty cache downloads to show it (the page and every script, style, font
and image it loads), read from the browser's Resource Timing entries.

Usage: python -m rankmetrics_course.tools.page_weight [BUILT_HTML_DIR]   (default _build/html)
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

from rankmetrics_course.tools.chromium import start_chromium
from rankmetrics_course.tools.local_server import serve

# Bytes of the document and of everything it loaded, once the page has settled.
_LOADED_BYTES = """
const entries = performance.getEntriesByType('resource');
const nav = performance.getEntriesByType('navigation')[0];
return entries.reduce((sum, e) => sum + e.encodedBodySize, nav.encodedBodySize);
"""


def cold_load_bytes(driver, url: str) -> int:
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.get(url)
    driver.execute_async_script("const done = arguments[0]; "
                                "if (document.readyState === 'complete') done(); "
                                "else addEventListener('load', () => done());")
    return int(driver.execute_script(_LOADED_BYTES))


def main(argv: list[str]) -> int:
    built = Path(argv[0] if argv else "_build/html")
    driver = start_chromium()
    driver.execute_cdp_cmd("Network.enable", {})
    server, base = serve(built)
    loads = []
    try:
        print(f"{'chapter':40} {'HTML KiB':>9} {'cold load MB':>13}")
        for page in sorted(built.glob("book/[0-9][0-9]-*.html")):
            loaded = cold_load_bytes(driver, f"{base}/book/{page.name}")
            loads.append(loaded)
            print(f"{page.stem:40} {page.stat().st_size / 1024:9.0f} {loaded / 1e6:13.2f}")
        print(f"{'median':40} {'':9} {statistics.median(loads) / 1e6:13.2f}")
    finally:
        server.shutdown()
        driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
