"""Serve MathJax from the book itself, so that no page needs the network.

The MathJax 3 files come from a registry package (``django-static-mathjax``,
which ships them without any dependency); this extension copies them into the
built book's ``_static/mathjax`` and points Sphinx's ``mathjax_path`` there.

Pages load only the components they use: TeX input (which loads rarer TeX
packages on demand), HTML output and the assistive MathML that screen readers
read; not the bundled context menu (426 KB of the 1.16 MB ``tex-chtml.js``),
which also made every formula a Tab stop (83 Tabs to reach chapter 2's slider).
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


def _components(app, config) -> None:
    config.mathjax3_config = config.mathjax3_config or {}
    config.mathjax3_config.setdefault("loader", {})["load"] = [
        "input/tex", "output/chtml", "a11y/assistive-mml"]


def setup(app):
    _mathjax_es5()  # fail early, with the fix, if the files are not installed
    app.config.mathjax_path = "mathjax/startup.js"
    app.connect("config-inited", _components)
    app.connect("build-finished", _copy_mathjax)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
