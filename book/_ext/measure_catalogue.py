"""The ``measure-catalogue`` directive: the table of measure names, from the package.

Every measure that :func:`rankmetrics_lite.evaluate` knows, as the course names
it, as ``evaluate`` and trec_eval spell it, and the single-query function
behind it, generated from :data:`rankmetrics_lite.measures.CATALOGUE` so that
the page cannot fall behind the package.
"""

from __future__ import annotations

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

from rankmetrics_lite.measures import CATALOGUE

EXAMPLE_CUTOFF = 10


def catalogue_rows() -> list[tuple[str, str, str | None, str]]:
    """(what it is, evaluate's name, trec_eval's name or None, function) per measure name."""
    rows = []
    for family in CATALOGUE.values():
        forms = {"none": [None], "required": [EXAMPLE_CUTOFF],
                 "optional": [None, EXAMPLE_CUTOFF]}[family.cutoff]
        for k in forms:
            name = family.name if k is None else f"{family.name}@{k}"
            template = family.trec_eval if k is None else family.trec_eval_cut
            trec_eval = None if template is None else template.format(k=k)
            title = family.title if k is None else f"{family.title}, cutoff {k}"
            rows.append((title, name, trec_eval, family.function))
    return rows


class MeasureCatalogue(SphinxDirective):
    has_content = False

    def run(self):
        lines = [".. list-table::", "   :header-rows: 1", "",
                 "   * - Measure", "     - In ``evaluate(...)``", "     - In trec_eval",
                 "     - Single-query function"]
        for title, name, trec_eval, function in catalogue_rows():
            shown = f"``{trec_eval}``" if trec_eval else "(none)"
            lines += [f"   * - {title}", f"     - ``{name}``", f"     - {shown}", f"     - ``{function}``"]
        container = StringList(lines, source="rankmetrics_lite.measures.CATALOGUE")
        node = nodes.section()
        self.state.nested_parse(container, self.content_offset, node)
        return node.children


def setup(app):
    app.add_directive("measure-catalogue", MeasureCatalogue)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
