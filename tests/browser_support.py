"""Shared by the browser tests: serve the built book, drive Debian's headless Chromium.

The browser and its driver are Debian's packages (`make test` installs them
when it runs as root); no test tool downloads a browser. Each test module that
imports ``book_url`` and ``browser`` gets one Chromium for the module.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tools package
from tools.local_server import serve  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
SCREENSHOTS = Path(__file__).resolve().parents[1] / "_build" / "screenshots"

# The two screens every reader-facing check runs on: a desktop and a phone.
DESKTOP = (1280, 800)
PHONE = (390, 844)
SCREENS = {"desktop": DESKTOP, "phone": PHONE}


@pytest.fixture(scope="module")
def book_url(built_book):
    """Serve the built book on a free loopback port for the length of the module."""
    server, url = serve(built_book)
    yield url
    server.shutdown()


@pytest.fixture(scope="module")
def browser():
    if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
        pytest.fail(f"Chromium and chromedriver are needed at {CHROMIUM} and {CHROMEDRIVER}: "
                    "apt-get install chromium chromium-driver (make test does it as root)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="chromium-profile-")
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1280,800",
                 f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    yield driver
    driver.quit()


def use_screen(browser, screen: tuple[int, int]) -> None:
    """Lay pages out as on this screen (a phone is emulated as a mobile device)."""
    width, height = screen
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


def open_page(browser, url: str) -> None:
    """Load ``url`` with an empty console log, so that what the load logs is kept."""
    browser.get_log("browser")  # drop what earlier pages logged, before loading
    browser.get(url)


def console_problems(browser) -> list[str]:
    """Errors and warnings logged since the page began to load."""
    return [entry["message"] for entry in browser.get_log("browser")
            if entry["level"] in ("SEVERE", "WARNING")]


def book_pages(built_book: Path) -> list[str]:
    """Every page of the table of contents, and the search page, relative to the root."""
    toc = yaml.safe_load((Path(__file__).resolve().parents[1] / "_toc.yml").read_text())
    entries = [toc["root"]] + [chapter["file"] for part in toc["parts"]
                               for chapter in part["chapters"]]
    return [f"{entry}.html" for entry in entries] + ["search.html"]
