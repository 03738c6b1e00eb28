"""Shared by the browser tests: serve the built book, drive Debian's headless Chromium.

The browser and its driver are Debian's packages (`make test` installs them
when it runs as root); no test tool downloads a browser. The fixtures
``book_url`` and ``browser`` are registered for the browser tests by their conftest.py: each
test process (each xdist worker) starts one server and one Chromium, and the
browser is reset before each test.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from selenium.webdriver.support.ui import WebDriverWait

from rankmetrics_course.tools.chromium import ChromiumMissing, start_chromium
from rankmetrics_course.tools.local_server import serve
from tests.paths import ROOT

SCREENSHOTS = ROOT / "_build" / "screenshots"
# How long one step of a test (a page to settle, a script such as axe to finish, the page to
# reach a state) may take before the test calls it a hang. The limit guards against a step
# that never ends, not a slow one: each wait ends as soon as its state is reached, so a busy
# machine (a load of 10-18 on two cores) only makes the tests slower, never failing.
PATIENCE = 300

# The two screens every reader-facing check runs on: a desktop and a phone.
DESKTOP = (1280, 800)
PHONE = (390, 844)
SCREENS = {"desktop": DESKTOP, "phone": PHONE}


def _start_chromium():
    try:
        driver = start_chromium(DESKTOP, console_log=True)
    except ChromiumMissing as missing:
        pytest.fail(str(missing))
    # A command may take as long as a step may (selenium's own limit, 120 s, cut axe short on
    # the API reference, 33 s at a load of 7, at a load of 18).
    driver.command_executor.client_config.timeout = PATIENCE
    return driver


@pytest.fixture(scope="session")
def book_url(built_book):
    """The built book, served on a free loopback port for this test process."""
    server, url = serve(built_book)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def chromium():
    """This test process's Chromium (held, so that a wrecked one can be replaced):
    starting one per module cost seconds of CPU each time."""
    held = {"driver": _start_chromium()}
    yield held
    _quit(held["driver"])


@pytest.fixture
def browser(chromium):
    """The process's Chromium, handed to each test as a new one would be: a blank
    page, the desktop window, no screen emulation, an empty console log, and no
    cookies or storage left by an earlier test."""
    driver = chromium["driver"]
    try:
        _reset(driver)
    except Exception:  # an earlier test left it unusable: start a new one
        _quit(driver)
        driver = chromium["driver"] = _start_chromium()
        _reset(driver)
    yield driver
    try:
        _forget_the_page(driver)
    except Exception:  # what it holds cannot be cleared: the next test gets a new one
        _quit(driver)
        chromium["driver"] = _start_chromium()


def _quit(driver) -> None:
    try:
        driver.quit()
    except Exception:  # already gone
        pass


def _dismiss_any_alert(driver) -> None:
    from selenium.common.exceptions import NoAlertPresentException

    try:
        driver.switch_to.alert.dismiss()
    except NoAlertPresentException:
        pass


def _forget_the_page(driver) -> None:
    """Clear what the open page's site stored, then leave it."""
    _dismiss_any_alert(driver)
    if driver.current_url.startswith("http"):
        driver.execute_script("localStorage.clear(); sessionStorage.clear();")
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.get("about:blank")


def _reset(driver) -> None:
    _dismiss_any_alert(driver)
    driver.get("about:blank")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})  # the system's light mode
    driver.set_window_size(*DESKTOP)
    driver.set_script_timeout(PATIENCE)
    driver.get_log("browser")


def wait_until(browser, condition, what: str, seconds: float = PATIENCE):
    """``condition(browser)``'s first true value; a test that waits longer fails naming ``what``."""
    return WebDriverWait(browser, seconds, poll_frequency=0.2).until(
        condition, f"waited {seconds:g} s for {what}")


def use_screen(browser, screen: tuple[int, int]) -> None:
    """Lay pages out as on this screen (a phone is emulated as a mobile device)."""
    width, height = screen
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


# The two colour modes a reader may choose (the book follows the system's, "auto").
MODES = ("light", "dark")


def use_mode(browser, mode: str) -> None:
    """Show pages in ``mode``, as a reader whose system is set to it sees them: the
    open page (if any) switches at once, as the theme follows the system's setting."""
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": mode}]})
    if browser.current_url.startswith("http"):  # turned, its colours' transitions over
        wait_until(browser, lambda b: b.execute_script(
            "return document.documentElement.dataset.theme === arguments[0] && !document.getAnimations()"
            ".some(a => a instanceof CSSTransition && a.playState === 'running')", mode),
            f"the page to turn {mode}")


def open_page(browser, url: str) -> None:
    """Load ``url`` with an empty console log, so that what the load logs is kept."""
    browser.get_log("browser")  # drop what earlier pages logged, before loading
    browser.get(url)


def console_problems(browser) -> list[str]:
    """Errors and warnings logged since the page began to load."""
    return [entry["message"] for entry in browser.get_log("browser")
            if entry["level"] in ("SEVERE", "WARNING")]


def _toc() -> dict:
    return yaml.safe_load((ROOT / "_toc.yml").read_text())


# Sphinx's own indexes: the general index (where the book's index page sends
# readers) and the API's module index.
INDEXES = ("genindex.html", "py-modindex.html")


def book_pages(built_book: Path) -> list[str]:
    """Every page of the table of contents, the search page and Sphinx's indexes,
    relative to the root."""
    toc = _toc()
    chapters = [chapter for part in toc["parts"] for chapter in part["chapters"]]
    entries = [toc["root"]] + [page["file"] for chapter in chapters
                               for page in [chapter, *chapter.get("sections", [])]]
    return ([f"{entry}.html" for entry in entries] + ["search.html"]
            + [index for index in INDEXES if (built_book / index).exists()])


# The page checks run over the book in three shares of similar work (one test
# module each per screen, so that they spread over the test workers): the root
# page and Part I; Part II; and Part III, the reference pages and search.
SHARES = ("part one", "part two", "the rest")


def pages_of_share(built_book: Path, share: str) -> list[str]:
    """The pages of ``book_pages`` in one of ``SHARES``; the shares cover every page once."""
    parts = _toc()["parts"]
    first = [f"{c['file']}.html" for c in parts[0]["chapters"]]
    second = [f"{c['file']}.html" for c in parts[1]["chapters"]]
    every = book_pages(built_book)
    shares = {"part one": every[:1] + first, "part two": second,
              "the rest": [page for page in every[1:] if page not in first + second]}
    assert sorted(sum(shares.values(), [])) == sorted(every), "the shares must cover the book"
    return shares[share]
