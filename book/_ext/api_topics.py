"""The ``api-topic`` directive: one topic of the API reference, documented from the docstrings.

The topic table of book/api-reference.md is the one list of which names belong to which topic:
each topic's page (book/api/) names its row, and the directive documents the names that row
links, in its order (classes with their members). One page held every name until it weighed a
megabyte.
"""

from __future__ import annotations

import re
from pathlib import Path

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

TABLE = Path(__file__).resolve().parents[1] / "api-reference.md"
LINKED = re.compile(r"\{py:(func|class)\}`~([\w.]+)`")


def topic_rows() -> dict[str, list[tuple[str, str]]]:
    """Each topic of the table -> the (role, dotted name) pairs its row links."""
    rows = {}
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 3 and LINKED.search(cells[1]):
            rows[cells[0]] = LINKED.findall(cells[1])
    return rows


def topic_lines(topic: str) -> list[str]:
    """The MyST markdown that documents ``topic``'s names."""
    rows = topic_rows()
    if topic not in rows:
        raise ValueError(f"api-topic: no row {topic!r} in the topic table of {TABLE.name}; "
                         f"give one of: {', '.join(rows)}")
    lines = ["```{eval-rst}"]  # autodoc writes reStructuredText, which MyST must be told to read
    for role, name in rows[topic]:
        lines += [f".. autoclass:: {name}", "   :members:", ""] if role == "class" else \
                 [f".. autofunction:: {name}", ""]
    return lines + ["```"]


class ApiTopic(SphinxDirective):
    required_arguments = 1
    final_argument_whitespace = True
    has_content = False

    def run(self):
        self.env.note_dependency(str(TABLE))
        try:
            lines = topic_lines(self.arguments[0])
        except ValueError as error:
            raise self.error(str(error)) from None
        node = nodes.section()
        self.state.nested_parse(StringList(lines, source=str(TABLE)), self.content_offset, node)
        return node.children


def setup(app):
    app.add_directive("api-topic", ApiTopic)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
