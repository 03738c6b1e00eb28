"""The "run it yourself" path: a chapter opened in a real JupyterLab (``make lab``, which
opens the chapters' JupyterLab edition) in headless Chromium. Its MyST markup is rendered
(jupyterlab-myst) with nothing dead or raw in it, and its live slider, once the chapter
runs, is named by the value it shows and shows its numbers styled as the static face does.
Solutions stay folded whatever runs: every cell of two chapters run, none shows."""

from __future__ import annotations

import json
import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.request

import nbformat
import pytest
from rankmetrics_course.tools.jupyterlab_edition import write_edition
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.book.browser.browser_support import PATIENCE, wait_until
from tests.paths import BOOK, ROOT

pytestmark = [pytest.mark.browser, pytest.mark.kernel]

# Chapter 2: glossary roles and admonitions in its prose, a k-slider at k = 4.
CHAPTER = "02-precision-at-k.ipynb"
# Run whole, with chapter 2, to see that no solution unfolds: nDCG's chapter, two sliders.
SECOND = "14-ndcg.ipynb"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab as `make lab` starts it (live sliders only), on a copy of the
    chapter, with its own settings: every cell drawn (no windowing), no state
    from an earlier session."""
    home = tmp_path_factory.mktemp("lab")
    chapters = home / "chapters"
    write_edition(ROOT, chapters)  # what `make lab` opens
    settings = home / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    port, token = _free_port(), secrets.token_hex(16)
    env = dict(os.environ, RANKMETRICS_LIVE_ONLY="1", JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               JUPYTER_CONFIG_DIR=str(home / "config"))
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
         "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={token}",
         f"--ServerApp.root_dir={chapters}", f"--LabApp.user_settings_dir={home / 'settings'}",
         f"--LabApp.workspaces_dir={home / 'workspaces'}",
         # Nothing from the network: no extension manager, news or update checks.
         "--LabApp.extension_manager=readonly", "--LabApp.news_url=None",
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         *(["--allow-root"] if os.geteuid() == 0 else [])],
        env=env, cwd=home, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + PATIENCE
    while True:
        try:
            urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=10)
            break
        except OSError:
            if server.poll() is not None:
                pytest.fail("JupyterLab did not start:\n" + server.stderr.read()[-2000:])
            if time.monotonic() > deadline:
                server.terminate()
                pytest.fail(f"waited {PATIENCE} s for JupyterLab to answer at {url}/api/status")
            time.sleep(0.25)
    yield f"{url}/lab/tree/{CHAPTER}?token={token}&reset"
    server.terminate()
    server.wait(timeout=PATIENCE)


def _run_all_cells(browser) -> None:
    """Run > Run All Cells, as a reader would."""
    label = "//div[contains(@class,'{}') and text()='{}']"
    browser.find_element(By.XPATH, label.format("lm-MenuBar-itemLabel", "Run")).click()
    item = wait_until(browser, lambda b: b.find_element(
        By.XPATH, label.format("lm-Menu-itemLabel", "Run All Cells")), "the Run menu to open")
    item.click()


# The live slider's handle, the value it shows, and its row of numbers as laid out.
_LIVE_SLIDER = """
const output = [...document.querySelectorAll('.jp-OutputArea-output')]
  .find(o => o.querySelector('input[type=range], [role=slider]'));
if (!output) return null;
const handle = output.querySelector('input[type=range], [role=slider]');
const readout = output.querySelector('.rml-value, .widget-readout');
const row = output.querySelector('.rml-numbers');
const cells = row ? [...row.querySelectorAll('.rml-number')] : [];
const gaps = cells.slice(1).map((c, i) =>
  c.getBoundingClientRect().left - cells[i].getBoundingClientRect().right);
return {valuetext: handle && handle.getAttribute('aria-valuetext'),
        shown: readout && readout.textContent.trim(),
        cells: cells.map(c => c.innerText.replace(/\\s+/g, ' ').trim()),
        colon: row ? getComputedStyle(row.querySelector('.rml-label'), '::after').content : '',
        display: row ? getComputedStyle(row).display : '',
        gaps: gaps};
"""


# The main area's current tab (the side bars have tabs of their own).
_CHAPTER_TAB = "document.querySelector('.lm-DockPanel .lm-TabBar-tab.lm-mod-current')"


def _open_drawn(browser, lab) -> None:
    browser.set_window_size(1280, 800)
    browser.get(lab)
    wait_until(browser, lambda b: b.execute_script(
        "const cells = [...document.querySelectorAll('.jp-Notebook .jp-MarkdownCell')];"
        "return cells.length > 0 && cells.every(c => c.innerText.trim())"),
        "the chapter to open and its markdown to be drawn")


def _solution_outputs(name: str) -> list[str]:
    """The lines the solutions of chapter ``name`` print, as stored: its folded code cells'."""
    chapter = nbformat.read(BOOK / name, as_version=4)
    lines = []
    for cell in chapter.cells:
        if cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"):
            for output in cell.outputs:
                lines += (output.get("text") or output.get("data", {}).get("text/plain", "")).splitlines()
    return [line for line in lines if line.strip()]


# What of the solutions' outputs the notebook shows (innerText leaves out a folded dropdown's).
_SHOWN = "const text = document.querySelector('.jp-Notebook').innerText;" \
         " return arguments[0].filter(line => text.includes(line));"


def test_a_chapter_opens_unmodified_with_its_solutions_folded(browser, lab):
    _open_drawn(browser, lab)
    # JupyterLab writes the kernel's name and version into the notebook once it starts:
    # metadata that differed marked the chapter modified then.
    wait_until(browser, lambda b: b.find_elements(
        By.CSS_SELECTOR, ".jp-Notebook-ExecutionIndicator[data-status=idle]"), "the kernel to start")
    time.sleep(3)
    state = browser.execute_script(
        f"const tab = {_CHAPTER_TAB};"
        "return {tab: tab !== null, dirty: tab !== null && tab.classList.contains('jp-mod-dirty')};")
    assert state["tab"], "no tab of the main area is current"
    assert not state["dirty"], "the notebook shows as modified as soon as it is opened"
    outputs = _solution_outputs(CHAPTER)
    assert len(outputs) >= 3
    assert not browser.execute_script(_SHOWN, outputs), "a solution's output shows on opening"


def _run_everything(browser, url: str, name: str) -> None:
    """Open ``url``, Run > Run All Cells, and wait until the run is over (none queued)."""
    browser.set_window_size(1280, 800)
    browser.get(url)
    wait_until(browser, lambda b: b.execute_script(
        "return [...document.querySelectorAll('.jp-Notebook .jp-MarkdownCell')].some(c => c.innerText.trim())"
        " && document.querySelector('.jp-Notebook-ExecutionIndicator[data-status=idle]') !== null"),
        f"{name} to open and its kernel to be idle")
    _run_all_cells(browser)
    wait_until(browser, lambda b: b.execute_script(
        "const prompts = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')];"
        "return prompts.some(p => /\\[\\d+\\]/.test(p.innerText)) && !prompts.some(p => p.innerText.includes('*')) &&"
        " document.querySelector('.jp-Notebook-ExecutionIndicator[data-status=idle]') !== null"),
        f"Run All of {name} to finish")


def test_solutions_stay_folded_when_every_cell_runs_until_one_is_opened(browser, lab):
    """Run All on two chapters: no solution's output shows (JupyterLab unfolds the output of a
    code cell that runs, which showed every answer). Opened, a solution shows its output."""
    for name in (SECOND, CHAPTER):
        _run_everything(browser, lab.replace(CHAPTER, name), name)
        errors = browser.execute_script(
            "return [...document.querySelectorAll('.jp-OutputArea-output[data-mime-type="
            "\"application/vnd.jupyter.stderr\"]')].map(e => e.innerText.slice(0, 200))")
        assert not errors, f"{name} wrote to stderr: {errors}"
        outputs = _solution_outputs(name)
        assert outputs, f"{name} has no solution to hide"
        shown = browser.execute_script(_SHOWN, outputs)
        assert not shown, f"{name}: solution output shows after Run All: {shown[:3]}"
    # Chapter 2 is open: the reader asks for the first solution.
    summary = browser.find_element(
        By.XPATH, "//div[contains(@class,'jp-MarkdownCell')]//summary[contains(., 'Solution')]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
    summary.click()
    wait_until(browser, lambda b: b.execute_script(_SHOWN, ["precision-short-list: correct."]),
               "the opened solution to show its output")


def test_terms_citations_and_exercises_read_whole_in_jupyterlab(browser, lab):
    """No dead link, raw key or console error; exercises numbered as in the book; the
    bibliography opens as a page, not as its source."""
    browser.get_log("browser")  # read before opening: what the chapter logs is what is left
    _open_drawn(browser, lab)
    time.sleep(3)  # the renderer logs an unresolved reference after drawing
    page = browser.execute_script(
        "const md = [...document.querySelectorAll('.jp-MarkdownCell.jp-mod-rendered')];"
        "return {dead: md.flatMap(c => [...c.querySelectorAll('a[href=\"#\"]')]).map(a => a.innerText),"
        " text: md.map(c => c.innerText).join('\\n'),"
        " exercises: [...document.querySelectorAll('.jp-MarkdownCell a[title=\"Link to this Exercise\"]')]"
        "   .map(a => a.innerText)};")
    errors = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, f"{len(errors)} console errors, e.g. {errors[0][-160:]}"
    assert not page["dead"], f"links to nowhere: {page['dead'][:5]}"
    raw = re.findall(r"\{(?:term|cite:[pt]|glue:text)\}", page["text"])
    assert not raw, f"markup shown as typed: {raw[:5]}"
    assert page["exercises"] == ["Exercise 2.1", "Exercise 2.2", "Exercise 2.3"], page["exercises"]
    link = browser.find_element(By.XPATH, "//div[contains(@class,'jp-MarkdownCell')]//a[text()='bibliography']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    wait_until(browser, lambda b: b.execute_script(
        f"const tab = {_CHAPTER_TAB};"
        "return tab && tab.innerText.includes('bibliography.ipynb') &&"
        " [...document.querySelectorAll('.jp-MarkdownCell.jp-mod-rendered')]"
        "   .some(c => c.innerText.includes('Davis and Goadrich, 2006'))"),
        "the bibliography to open in JupyterLab, its entries drawn")


def test_a_chapter_runs_in_jupyterlab_with_myst_and_a_named_styled_slider(browser, lab):
    browser.set_window_size(1280, 800)
    browser.get(lab)
    # Open, the kernel idle, and every markdown cell drawn (MyST renders them one by one).
    wait_until(browser, lambda b: b.execute_script(
        "const cells = [...document.querySelectorAll('.jp-Notebook .jp-MarkdownCell')];"
        "return cells.length > 0 && cells.every(c => c.innerText.trim()) &&"
        " document.querySelector('.jp-Notebook-ExecutionIndicator[data-status=idle]') !== null"),
        "the chapter to open, its markdown drawn and its kernel idle")

    # MyST: roles and directives rendered, not shown as typed. (A rendered cell
    # hides its editor, which innerText then leaves out.)
    prose = browser.execute_script(
        "return [...document.querySelectorAll('.jp-MarkdownCell.jp-mod-rendered')]"
        ".map(e => e.innerText).join('\\n')")
    assert prose.strip(), "no markdown cell was rendered"
    raw = [line for line in prose.splitlines()
           if "{term}" in line or "{cite" in line or line.strip().startswith(":class:")]
    assert not raw, f"MyST markup shown raw: {raw[:3]}"

    _run_all_cells(browser)
    live = wait_until(browser, lambda b: b.execute_script(_LIVE_SLIDER), "the live slider to appear")
    assert live["shown"] == "4"
    assert live["valuetext"] == live["shown"], "the slider must be named by the value it shows"
    # Styled like the static face: a flex row, labels and values apart, cells apart.
    assert live["cells"][:3] == ["k 4", "relevant in top k 3", "P@k 0.7500"], live["cells"]
    assert live["display"] == "flex" and live["colon"] == '":"', live
    assert live["gaps"] and min(live["gaps"]) >= 8, f"numbers run together: {live['gaps']}"

    # A keyboard reader's move: the slider focused, the right arrow pressed.
    handle = browser.find_element(By.CSS_SELECTOR, ".jp-OutputArea-output input[type=range]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()",
                           handle)
    ActionChains(browser).send_keys(Keys.ARROW_RIGHT).perform()
    moved = wait_until(
        browser, lambda b: (lambda s: s if s and s["shown"] == "5" and s["cells"][0] == "k 5" else None)(
            b.execute_script(_LIVE_SLIDER)), "the live slider to show k = 5")
    assert moved["valuetext"] == "5"
