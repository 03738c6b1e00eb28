"""Debian's headless Chromium, started one way for every tool and test that drives it.

No tool downloads a browser: the course uses Debian's ``chromium`` and
``chromium-driver`` (``make test`` installs them as root), or the programs that
the ``CHROMIUM`` and ``CHROMEDRIVER`` variables name. The flags keep the browser
off the network it cannot reach here (no background requests, no updates, no
sync) and give it a fresh profile. A start that fails (a busy machine can make
chromedriver miss its own start-up deadline) is tried again, and the last
error names every attempt.
"""

from __future__ import annotations

import os
import tempfile
import time

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
INSTALL_HINT = ("install Debian's chromium and chromium-driver (sudo apt-get install chromium "
                "chromium-driver; `make test` does it as root), or point CHROMIUM and CHROMEDRIVER "
                "at your own")
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")


class ChromiumMissing(RuntimeError):
    """Chromium or its driver is not where the course looks for it."""


def start_chromium(window: tuple[int, int] = (1280, 800), *, console_log: bool = False,
                   network_log: bool = False, proxy: str | None = None, attempts: int = 3):
    """A new headless Chromium driven by selenium, with its own empty profile.

    ``console_log`` keeps the page's console messages for ``driver.get_log("browser")``;
    ``network_log`` the pages' requests, for ``driver.get_log("performance")``; ``proxy``
    (host:port) receives every request for another host than loopback, workers' included.
    A failed start is retried ``attempts`` times in all, a few seconds apart.
    """
    if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
        raise ChromiumMissing(f"Chromium and its driver are needed at {CHROMIUM} and "
                              f"{CHROMEDRIVER}: {INSTALL_HINT}")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    failures = []
    for attempt in range(1, attempts + 1):
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        profile = tempfile.mkdtemp(prefix="chromium-profile-")
        proxies = (f"--proxy-server=http://{proxy}",) if proxy else ()
        for flag in (*FLAGS, *proxies, f"--window-size={window[0]},{window[1]}", f"--user-data-dir={profile}"):
            options.add_argument(flag)
        logs = {"browser": "ALL"} if console_log else {}
        if network_log:
            logs["performance"] = "ALL"
        if logs:
            options.set_capability("goog:loggingPrefs", logs)
        try:
            return webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
        except Exception as error:  # WebDriverException, or a driver that never answered
            failures.append(f"attempt {attempt}: {type(error).__name__}: {str(error).strip()[:300]}")
            time.sleep(2 * attempt)
    raise RuntimeError(f"Chromium did not start in {attempts} attempts:\n" + "\n".join(failures))
