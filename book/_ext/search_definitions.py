"""What search needs to know of the glossary: each term's text, and the chapter that defines it.

Sphinx's search scores a glossary term's exact index entry above any page that merely
discusses it, so "bpref" listed the glossary above chapter 16, and titled the hit "Glossary"
only. Each glossary entry ends "See [chapter N](...)": that chapter is where the term is
defined. The search page gets the two maps (``search-ranking.js`` reads them):

* ``definedIn``: a term, lower case ("bpref", "alpha-ndcg", "α-ndcg"), to the docname of the
  chapter that defines it, which then ranks above the glossary's entry;
* ``terms``: a term's anchor in the glossary ("term-0") to its text ("α-nDCG"), the title of
  the glossary's hit ("α-nDCG (glossary)").
"""

from __future__ import annotations

import json
import posixpath
import re

from docutils import nodes
from sphinx.builders.html._assets import _JavaScript

GLOSSARY = "book/glossary"
_CHAPTER_PAGE = re.compile(r"^(?P<stem>\d\d-[^#/]+)\.html(?:#.*)?$")


def _defining_chapter(definition: nodes.Node) -> str | None:
    """The page of the first chapter linked right after "See " in a term's definition."""
    for reference in definition.findall(nodes.reference):
        siblings = reference.parent.children
        at = siblings.index(reference)
        before = siblings[at - 1] if at else None
        page = _CHAPTER_PAGE.match(reference.get("refuri", ""))
        if page and isinstance(before, nodes.Text) and before.astext().endswith("See "):
            return posixpath.join(posixpath.dirname(GLOSSARY), page.group("stem"))
    return None


def _read_glossary(app, doctree, docname) -> None:
    if docname != GLOSSARY:
        return
    defined_in, terms = {}, {}
    for item in doctree.findall(nodes.definition_list_item):
        definition = next(iter(item.findall(nodes.definition)), None)
        chapter = _defining_chapter(definition) if definition is not None else None
        for term in item.findall(nodes.term):
            text = term.astext().strip()
            for anchor in term["ids"]:
                terms[anchor] = text
            if chapter:
                defined_in[text.lower()] = chapter
    app.builder.rml_search_glossary = {"definedIn": defined_in, "terms": terms}


def _on_search_page(app, pagename, templatename, context, doctree) -> None:
    if pagename != "search" or "script_files" not in context:
        return
    glossary = getattr(app.builder, "rml_search_glossary", {"definedIn": {}, "terms": {}})
    body = f"window.rmlGlossary = {json.dumps(glossary, ensure_ascii=False, sort_keys=True)};"
    context["script_files"] = [_JavaScript(None, body=body), *context["script_files"]]


def setup(app):
    app.connect("doctree-resolved", _read_glossary)
    # Early: Sphinx stops calling the page's handlers at the first that returns a template.
    app.connect("html-page-context", _on_search_page, priority=100)
    return {"parallel_read_safe": True, "parallel_write_safe": False}
