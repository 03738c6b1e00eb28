"""A chapter running in the reader's browser (the book's live site, Pyodide): its first cell's set-up.

The live site (``rankmetrics_course.tools.live_site``) serves JupyterLite with Pyodide, the
course's wheels and the real data it may redistribute, all from the book's own host. Each
chapter's first code cell installs both packages and awaits ``set_up()``, which installs what the
chapter needs from the site and makes the browser session behave as the course expects:

* ``urllib`` goes through the browser's own requests (pyodide-http), and the data loaders
  download from the site's ``data/`` folder (laid out as the data folder), each file checked
  against its SHA-256 as everywhere else (``rankmetrics_course.data.store``);
* ``from myst_nb import glue`` finds a display-only stand-in: the book's build reads what a
  chapter glues, a live session only shows what ``glue(..., display=True)`` would show;
* each slider is built as its live widget only, as in ``make lab``.
"""

from __future__ import annotations

import os
import sys
import types

# Where the kernel's worker script is served from: <site>/extensions/@jupyterlite/...
_EXTENSIONS = "/extensions/"


def glue(name: str, variable, display: bool = True) -> None:
    """myst_nb's ``glue`` as a live session needs it: show ``variable`` when asked to, keep nothing."""
    if display:
        from IPython.display import display as show

        show(variable)


def site_url(location: str) -> str:
    """The live site's root from the kernel worker's own address ``location``."""
    if _EXTENSIONS not in location:
        raise ValueError(f"location: {location!r} is not a JupyterLite kernel's script address "
                         f"(it holds no {_EXTENSIONS!r}); pass the live site's address instead")
    return location[:location.rindex(_EXTENSIONS)] + "/"


# What the chapters need besides the two packages: the site's own wheels (its pypi/ folder, by
# address, since Pyodide's lock file names some of them, e.g. pyodide-http, and would send the
# installer to Pyodide's folder, which holds only the packages the site needs from Pyodide) ...
SITE_WHEELS = ("pyodide-http", "typing-extensions", "comm", "widgetsnbextension",
               "jupyterlab-widgets", "ipywidgets", "psygnal", "anywidget", "bm25s")
# ... and Pyodide's own packages, from the site's copy of Pyodide.
PYODIDE_PACKAGES = ("numpy", "scipy", "matplotlib")


def wheel_urls(index: dict, pypi: str, names=SITE_WHEELS) -> list[str]:
    """Each wheel's address in piplite's ``index`` (the site's ``pypi/all.json``), under ``pypi``."""
    urls = []
    for name in names:
        if name not in index:
            raise KeyError(f"names: the site's pypi/ folder has no {name!r} wheel; it holds "
                           f"{', '.join(sorted(index))}")
        releases = index[name]["releases"]
        newest = releases[max(releases, key=lambda v: tuple(int(p) for p in v.split(".") if p.isdigit()))]
        url = next(file["url"] for file in newest if file["url"].endswith(".whl"))
        urls.append(pypi + url.removeprefix("./"))
    return urls


async def set_up(packages=(), site: str | None = None) -> str:
    """Install what the chapter needs, prepare this browser session; return the data mirror's address.

    ``packages`` are further Pyodide packages the chapter imports (``"scikit-learn"``).
    """
    import json

    import micropip
    from pyodide.http import pyfetch

    if site is None:
        from js import location  # the kernel's worker (Pyodide only)

        site = site_url(str(location.href))
    site = site.rstrip("/") + "/"
    index = json.loads(await (await pyfetch(site + "pypi/all.json")).string())
    await micropip.install([*PYODIDE_PACKAGES, *packages])
    await micropip.install(wheel_urls(index, site + "pypi/"), deps=False)
    import pyodide_http

    pyodide_http.patch_all()
    stand_in = types.ModuleType("myst_nb")
    stand_in.glue = glue  # type: ignore[attr-defined]
    sys.modules.setdefault("myst_nb", stand_in)
    mirror = site + "data"
    os.environ["RANKMETRICS_DATA_URL"] = mirror
    os.environ.pop("RANKMETRICS_DATA", None)
    os.environ["RANKMETRICS_LIVE_ONLY"] = "1"
    return mirror
