"""A chapter running in the reader's browser (the book's live site, Pyodide): its first cell's set-up.

The live site (``rankmetrics_course.tools.live_site``) serves JupyterLite with Pyodide, the
course's wheels and the real data it may redistribute, all from the book's own host. Each
chapter's first code cell installs both packages and calls ``set_up()``, which makes the
browser session behave as the course expects:

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


def set_up(site: str | None = None) -> str:
    """Prepare this browser session for the course; return the data mirror's address."""
    import pyodide_http

    pyodide_http.patch_all()
    stand_in = types.ModuleType("myst_nb")
    stand_in.glue = glue  # type: ignore[attr-defined]
    sys.modules.setdefault("myst_nb", stand_in)
    if site is None:
        from js import location  # the kernel's worker (Pyodide only)

        site = site_url(str(location.href))
    mirror = site.rstrip("/") + "/data"
    os.environ["RANKMETRICS_DATA_URL"] = mirror
    os.environ.pop("RANKMETRICS_DATA", None)
    os.environ["RANKMETRICS_LIVE_ONLY"] = "1"
    return mirror
