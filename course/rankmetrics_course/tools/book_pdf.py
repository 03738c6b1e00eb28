"""The book as one PDF (``make pdf``): a built page, usually the whole book on one page
(Sphinx's ``singlehtml`` builder), printed by Debian's headless Chromium.

The page is served on the loopback (as ``make serve`` serves the book), laid out at the
printed column's width, left to settle (MathJax typeset, every figure decoded), and its
sliders put back at their starting positions with a line saying where they move
(``book/_static/print-sliders.js``); then Chromium's own printing writes A4 pages, with
code and outputs wrapped at the margin by the book's print stylesheet. No tool downloads
a browser (``tools.chromium``).

Usage: python -m rankmetrics_course.tools.book_pdf BUILT_DIR [--page index.html] --out FILE.pdf
"""

from __future__ import annotations

import argparse
import base64
import re
import sys
import time
from pathlib import Path

from rankmetrics_course.tools.chromium import start_chromium
from rankmetrics_course.tools.local_server import serve

# A4 at 96 CSS px per inch, less margins of 15 mm a side: the column the page is laid out in.
A4_INCHES = (8.27, 11.69)
MARGIN_INCHES = 0.59
COLUMN_PX = round((A4_INCHES[0] - 2 * MARGIN_INCHES) * 96)
# How long the page may take to settle (a whole book on one page typesets for minutes).
PATIENCE = 1800

_SETTLE = """
const done = arguments[0];
const typeset = () => (window.MathJax && MathJax.startup && MathJax.startup.promise)
  ? MathJax.startup.promise : Promise.resolve();
const loaded = new Promise(r => document.readyState === 'complete' ? r() : addEventListener('load', r));
loaded.then(typeset)
  .then(() => Promise.all([...document.images].map(i => i.decode().catch(() => null))))
  .then(() => { if (window.rmlPrepareForPrint) window.rmlPrepareForPrint(); })
  .then(() => done([document.querySelectorAll('.rml-slider').length,
                    document.querySelectorAll('.rml-print-note').length]), e => done(String(e)));
"""


def page_count(pdf: bytes) -> int:
    """The number of pages of a PDF as Chromium writes it (one page object each)."""
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


def print_pdf(built: Path, page: str, out: Path) -> tuple[int, int]:
    """Print ``page`` of the built book in ``built`` to ``out``; return (pages, sliders)."""
    if not (built / page).is_file():
        raise FileNotFoundError(f"{built / page} is missing: build the book first "
                                "(make pdf builds the one-page book it prints)")
    server, base = serve(built)
    driver = start_chromium((COLUMN_PX, 1100))
    try:
        # Each command (the whole book's load, its typesetting) may take minutes to answer.
        driver.command_executor.client_config.timeout = PATIENCE
        driver.set_page_load_timeout(PATIENCE)
        driver.set_script_timeout(PATIENCE)
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        driver.get(f"{base}/{page}")
        settled = driver.execute_async_script(_SETTLE)
        if not isinstance(settled, list):
            raise RuntimeError(f"{page} did not settle for printing: {settled}")
        sliders, notes = settled
        if notes != sliders:
            raise RuntimeError(f"{page}: {sliders} sliders but {notes} lines saying where they move")
        time.sleep(0.5)  # the last frames swapped in by the sliders' reset
        printed = driver.execute_cdp_cmd("Page.printToPDF", {
            "paperWidth": A4_INCHES[0], "paperHeight": A4_INCHES[1],
            "marginTop": MARGIN_INCHES, "marginBottom": MARGIN_INCHES,
            "marginLeft": MARGIN_INCHES, "marginRight": MARGIN_INCHES,
            "printBackground": True, "displayHeaderFooter": True,
            "headerTemplate": "<span></span>",
            "footerTemplate": '<div style="font-size:8px;width:100%;text-align:center">'
                              '<span class="pageNumber"></span> / <span class="totalPages"></span></div>'})
    finally:
        driver.quit()
        server.shutdown()
    pdf = base64.b64decode(printed["data"])
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(out.name + ".part")
    partial.write_bytes(pdf)
    partial.replace(out)  # whole or not at all
    return page_count(pdf), sliders


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("built", type=Path, help="the built book's folder (make pdf: _build/singlehtml)")
    parser.add_argument("--page", default="index.html",
                        help="the page to print, in that folder (default: the one-page book)")
    parser.add_argument("--out", type=Path, required=True, help="the PDF to write")
    args = parser.parse_args(argv)
    started = time.monotonic()
    pages, sliders = print_pdf(args.built, args.page, args.out)
    print(f"{args.out}: {pages} pages, {sliders} sliders at their starting positions, "
          f"printed in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
