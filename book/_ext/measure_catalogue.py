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

from rankmetrics_lite.measures import CATALOGUE, parse_measure

EXAMPLE_CUTOFF = 10


def catalogue_rows() -> list[tuple[str, str, str | None, str | None]]:
    """(what it is, evaluate's name, trec_eval's name or None, function or None) per measure name."""
    rows = []
    for family in CATALOGUE.values():
        for name in family.example_names(EXAMPLE_CUTOFF):
            measure = parse_measure(name)
            title = family.title if measure.cutoff is None else f"{family.title}, cutoff {measure.cutoff}"
            rows.append((title, name, measure.trec_eval_name, family.function))
    return rows


class MeasureCatalogue(SphinxDirective):
    has_content = False

    def run(self):
        lines = [".. list-table::", "   :header-rows: 1", "",
                 "   * - Measure", "     - In ``evaluate(...)``", "     - In trec_eval",
                 "     - Single-query function"]
        for title, name, trec_eval, function in catalogue_rows():
            shown = f"``{trec_eval}``" if trec_eval else "(none)"
            single = f"``{function}``" if function else "(evaluate only)"
            lines += [f"   * - {title}", f"     - ``{name}``", f"     - {shown}", f"     - {single}"]
        container = StringList(lines, source="rankmetrics_lite.measures.CATALOGUE")
        node = nodes.section()
        self.state.nested_parse(container, self.content_offset, node)
        return node.children


def setup(app):
    app.add_directive("measure-catalogue", MeasureCatalogue)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
