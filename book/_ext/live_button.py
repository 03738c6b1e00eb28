""""Run live" on every chapter page: the chapter in JupyterLite, in the reader's browser.

The build writes the live site beside the book (``live/``, ``rankmetrics_course.tools.live_site``)
and a launch page, ``run.html?chapter=NN-name``, which every chapter's header button and the
link at the top of the chapter open. The launch page checks that the browser runs WebAssembly
(if not, it says so and offers the chapter's download), says what is loading while it loads,
then shows the chapter in JupyterLite, with a Reset that returns the chapter as published.
A chapter that cannot run in the browser (``live_chapters.not_live``) gets a button that says
why, and its launch page offers the download instead. Nothing of the live site loads until a
reader asks for it: the chapter pages only gain the button and the link.

``live_pyodide`` and ``live_wheels`` (Sphinx settings) name the verified Pyodide folder and the
downloaded wheels (``make`` prepares both; defaults: the course's ``_build/pyodide`` and
``_build/live-wheels``).
"""

from __future__ import annotations

import html
import json
from pathlib import Path

import nbformat
from sphinx.util import logging

from rankmetrics_course.tools.live_chapters import not_live
from rankmetrics_course.tools.live_site import build

logger = logging.getLogger(__name__)
RUN_PAGE = "run.html"
LIVE = "live"
NOTEBOOKS = "notebooks"  # course_download's folder of each chapter's notebook
ARCHIVE = "ranking-metrics-course.zip"


def _root(app) -> Path:
    return Path(app.config.course_root or app.srcdir).resolve()


def _classify(app) -> None:
    """Which chapters can run live (None) and why the others cannot."""
    book = Path(app.srcdir) / "book"
    package = _root(app) / "course" / "rankmetrics_course"
    app.live_chapters = {path.stem: not_live(nbformat.read(path, as_version=4), package)
                         for path in sorted(book.glob("[0-9][0-9]-*.ipynb"))}


def _page(app, pagename, templatename, context, doctree) -> None:
    chapter = Path(pagename).name
    if chapter not in getattr(app, "live_chapters", {}) or app.builder.name != "html":
        return
    why = app.live_chapters[chapter]
    url = f"{context['pathto'](RUN_PAGE, 1)}?chapter={chapter}"
    if why:
        button = {"type": "link", "url": url, "text": "Not live", "icon": "fas fa-circle-info",
                  "tooltip": f"This chapter cannot run in your browser: {why}. Download it instead.",
                  "label": "run-live-button"}
        note = (f'<p class="rml-live rml-not-live">This chapter cannot run in your browser: '
                f'{html.escape(why)}. <a href="{context["pathto"](NOTEBOOKS, 1)}/{chapter}.ipynb" '
                f'download>Download the chapter</a> to run it on your computer.</p>')
    else:
        button = {"type": "link", "url": url, "text": "Run live", "icon": "fas fa-play",
                  "tooltip": "Run this chapter in your browser (JupyterLite): nothing to install",
                  "label": "run-live-button"}
        note = (f'<p class="rml-live"><a class="rml-run-live" href="{url}">Run this chapter live</a> '
                "in your browser: every cell runs, every slider is live, nothing to install "
                "(about 57 MB the first time).</p>")
    buttons = context.get("header_buttons", [])
    at = next((i for i, b in enumerate(buttons) if b.get("label") == "download-buttons"), len(buttons))
    buttons.insert(at, button)
    body = context.get("body", "")
    end = body.find("</h1>")
    if end >= 0:
        context["body"] = body[:end + 5] + note + body[end + 5:]


def _write(app, exception) -> None:
    if exception is not None or app.builder.name != "html":
        return
    root, out = _root(app), Path(app.outdir)
    pyodide = Path(app.config.live_pyodide or root / "_build" / "pyodide")
    wheels = Path(app.config.live_wheels or root / "_build" / "live-wheels")
    record = build(root, out / LIVE, pyodide, wheels)
    logger.info(f"live site: {len(record['served'])} chapters run in the browser, "
                f"{len(record['refused'])} cannot ({', '.join(sorted(record['refused']))})")
    chapters = {name: {"live": True} for name in (Path(n).stem for n in record["served"])}
    chapters.update({Path(name).stem: {"why": why} for name, why in record["refused"].items()})
    (out / RUN_PAGE).write_text(RUN_HTML.replace("__CHAPTERS__", json.dumps(chapters)),
                                encoding="utf-8")


def setup(app):
    app.add_config_value("live_pyodide", "", "env")
    app.add_config_value("live_wheels", "", "env")
    app.connect("builder-inited", _classify)
    app.connect("html-page-context", _page, priority=601)  # after course_download's (600)
    app.connect("build-finished", _write, priority=600)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


RUN_HTML = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Run live: Ranking Metrics</title>
<link rel="icon" href="_static/favicon.svg" type="image/svg+xml">
<style>
  html, body { margin: 0; height: 100%; font-family: system-ui, sans-serif; }
  body { display: flex; flex-direction: column; }
  #bar { padding: .5rem 1rem; background: #f3f4f6; color: #111; border-bottom: 1px solid #ccc;
         display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
  #status { flex: 1; min-width: 16rem; }
  #message { max-width: 40rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
  iframe { flex: 1; border: 0; width: 100%; }
  button { font: inherit; }
</style>
</head>
<body>
<div id="bar" hidden>
  <span id="status" role="status" aria-live="polite"></span>
  <button id="reset" type="button">Reset this chapter</button>
  <a id="back" href="index.html">Back to the book</a>
  <a id="download" href="#" download>Download the chapter</a>
</div>
<main id="message" hidden></main>
<script>
"use strict";
const CHAPTERS = __CHAPTERS__;
const chapter = new URLSearchParams(location.search).get("chapter") || "";
const path = chapter + ".ipynb";
const download = "notebooks/" + path;

function say(html) {
  const message = document.getElementById("message");
  message.innerHTML = html;
  message.hidden = false;
}

function wasmWorks() {
  try {  // the smallest module: the magic number and version 1
    return typeof WebAssembly === "object" &&
      WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
  } catch (error) {
    return false;
  }
}

function app(frame) {
  try { return frame.contentWindow.jupyterapp; } catch (error) { return undefined; }
}

function kernelStatus(lab) {
  // The chapter's notebook (shell.currentWidget follows the focus, which a frame may not have).
  const widget = lab && Array.from(lab.shell.widgets("main")).find(w => w.sessionContext);
  const kernel = widget && widget.sessionContext && widget.sessionContext.session &&
    widget.sessionContext.session.kernel;
  return kernel ? kernel.status : "";
}

async function reset(frame) {
  const lab = app(frame);
  if (!lab) return;
  delete document.body.dataset.live;
  status.textContent = "Resetting the chapter to the one published\u2026";
  for (const widget of Array.from(lab.shell.widgets("main"))) {
    if (widget.context) widget.context.model.dirty = false;  // drop the edits, unsaved too
    widget.dispose();
  }
  try {
    await lab.serviceManager.contents.delete(path);  // the browser's copy; the site's remains
  } catch (error) { /* never saved: nothing to delete */ }
  frame.addEventListener("load", () => watch(frame), {once: true});  // the new page, not the old
  frame.src = frame.src;
}

const status = document.getElementById("status");

function watch(frame) {
  const started = Date.now();
  delete document.body.dataset.live;
  const timer = setInterval(() => {
    const lab = app(frame);
    const kernel = kernelStatus(lab);
    const seconds = Math.round((Date.now() - started) / 1000);
    if (!lab) {
      status.textContent = "Loading JupyterLite, the notebook editor (about 17 MB the first time)\u2026 " + seconds + " s";
    } else if (kernel === "idle" || kernel === "busy") {
      status.textContent = "Python is ready: run the cells (Run \u2192 Run All Cells). Your edits stay in this browser.";
      document.body.dataset.live = "ready";
      clearInterval(timer);
    } else {
      status.textContent = "Starting Python in your browser (Pyodide with numpy, scipy and matplotlib, about 40 MB the first time)\u2026 " + seconds + " s";
    }
  }, 250);
}

const entry = CHAPTERS[chapter];
if (!entry) {
  say("<h1>No such chapter</h1><p>There is no chapter called \u201c" +
      chapter.replace(/[<&>"]/g, "") + "\u201d. <a href='index.html'>Back to the book</a>.</p>");
} else if (entry.why) {
  document.body.dataset.live = "refused";
  say("<h1>This chapter cannot run in your browser</h1><p>" + entry.why.replace(/[<&>]/g, "") +
      ".</p><p><a href='" + download + "' download>Download the chapter</a> or " +
      "<a href='ranking-metrics-course.zip' download>the whole course</a> to run it on your " +
      "computer (its first cell says how).</p><p><a href='" + chapter + ".html'>Back to the chapter</a></p>");
} else if (!wasmWorks()) {
  document.body.dataset.live = "no-webassembly";
  say("<h1>Your browser cannot run Python here</h1><p>Running a chapter live needs WebAssembly, " +
      "which this browser does not offer (or has turned off). Every recent version of Firefox, " +
      "Chrome, Edge and Safari has it.</p><p><a href='" + download + "' download>Download the " +
      "chapter</a> or <a href='ranking-metrics-course.zip' download>the whole course</a> to run " +
      "it on your computer.</p><p><a href='" + chapter + ".html'>Back to the chapter</a></p>");
} else {
  document.getElementById("bar").hidden = false;
  document.getElementById("back").href = chapter + ".html";
  document.getElementById("download").href = download;
  const frame = document.createElement("iframe");
  frame.title = "Chapter " + chapter + ", live";
  frame.src = "live/lab/index.html?path=" + encodeURIComponent(path);
  document.body.appendChild(frame);
  document.getElementById("reset").addEventListener("click", () => reset(frame));
  watch(frame);
}
</script>
</body>
</html>
"""
