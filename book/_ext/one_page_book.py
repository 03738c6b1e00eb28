"""The book built as one page (Sphinx's ``singlehtml`` builder), which ``make pdf`` prints.

sphinx-jupyterbook-latex (which Jupyter Book loads) turns a notebook cell hidden by a tag into
a ``HiddenCellNode`` for the one-page build, as for LaTeX, but teaches only the ``html``
builder's translator to skip it, so the one-page build stopped at the first. It is skipped
there too: a hidden cell has no place on paper.

The builder writes the book's page where its root document lies, ``book/index.html``, but
with every link to a style, script or page addressed from the build's top folder, where
none resolves. The page is written again as the top folder's ``index.html`` (before Jupyter
Book would write a redirect there), which is what ``make pdf`` prints.
"""

from __future__ import annotations

from pathlib import Path


def _page_at_the_top(app, exception) -> None:
    if exception is not None or app.builder.name != "singlehtml":
        return
    out = Path(app.outdir)
    page = out / f"{app.config.root_doc}.html"
    (out / "index.html").write_text(page.read_text(encoding="utf-8"), encoding="utf-8")


def setup(app):
    from sphinx_jupyterbook_latex.nodes import HiddenCellNode, visit_HiddenCellNode

    app.add_node(HiddenCellNode, override=True, html=(visit_HiddenCellNode, None),
                 singlehtml=(visit_HiddenCellNode, None))
    app.connect("build-finished", _page_at_the_top, priority=100)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
