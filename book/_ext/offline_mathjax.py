"""Serve MathJax from the book itself, so that no page needs the network.

The MathJax 3 files come from a registry package (``django-static-mathjax``,
which ships them without any dependency); this extension copies them into the
built book's ``_static/mathjax`` and points Sphinx's ``mathjax_path`` there.
"""

from __future__ import annotations

import shutil
from importlib.util import find_spec
from pathlib import Path


def _mathjax_es5() -> Path:
    spec = find_spec("mathjax")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("MathJax files are missing: pip install -r requirements.txt "
                           "(package django-static-mathjax)")
    return Path(next(iter(spec.submodule_search_locations))) / "static" / "mathjax" / "es5"


def _copy_mathjax(app, exception) -> None:
    if exception is None and app.builder.format == "html":
        shutil.copytree(_mathjax_es5(), Path(app.outdir) / "_static" / "mathjax", dirs_exist_ok=True)


def setup(app):
    _mathjax_es5()  # fail early, with the fix, if the files are not installed
    app.config.mathjax_path = "mathjax/tex-chtml.js"
    app.connect("build-finished", _copy_mathjax)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
