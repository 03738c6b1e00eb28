"""The ``data-sources`` directive: every source of the course's real data, from the package.

Each source's title, citation, terms, origin (repository and pinned commit) and the loader that
reads it, generated from :data:`rankmetrics_course.data.SOURCES` so that the page cannot fall
behind what the chapters read.
"""

from __future__ import annotations

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

from rankmetrics_course.data import SOURCES

# Which loader of rankmetrics_course.data reads each source.
LOADERS = {
    "urbano-sigir2019": "trec_per_topic('adhoc5' ... 'adhoc8', measure)",
    "urbano-sigir2018": "trec_per_topic('robust2004' or 'web2010' ... 'web2014', measure)",
    "llmjudge": "llm_judges()",
    "llmjudge-benchmark": "llm_judges()",
    "synthetic-test-collections": "gpt4_judged_pairs()",
    "syndl": "dl_ndcg10(year)",
    "trec-web-2012": "web2012()",
    "trec-web-2012-baselines": "web2012()",
    "movielens-small": "movielens_small()",
}


def source_lines() -> list[str]:
    """The page's MyST markdown: a heading and a list of facts per source."""
    lines = []
    for key, src in SOURCES.items():
        commit = src.upstream.split("/")[5]
        lines += [f"## {src.title}", "",
                  f"- **Cite:** {src.citation} {{cite:p}}`{src.bibkey}`",
                  f"- **Terms:** {src.terms}",
                  f"- **From:** <{src.homepage}>, at commit `{commit[:12]}`; {len(src.files)} files, "
                  f"each checked by its SHA-256",
                  f"- **Folder:** `{src.folder}/`",
                  f"- **Read by:** `rankmetrics_course.data.{LOADERS[key]}` (source `{key}`)", ""]
    return lines


class DataSources(SphinxDirective):
    has_content = False

    def run(self):
        container = StringList(source_lines(), source="rankmetrics_course.data.SOURCES")
        node = nodes.section()
        self.state.nested_parse(container, self.content_offset, node)
        return node.children


def setup(app):
    app.add_directive("data-sources", DataSources)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
