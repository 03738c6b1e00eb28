"""The chapters as the live site serves them: the JupyterLab edition, set up for the browser.

Each chapter that can run in the reader's browser (Pyodide) is its JupyterLab edition
(``jupyterlab_edition``) with its first cell saying where it runs, and a first code cell that
installs both packages from the site's own ``pypi/`` folder and calls
``rankmetrics_course.live.set_up()``. A chapter cannot run there when its code imports a module
with no Pyodide build, or loads data the site may not serve: ``not_live`` says why, and the
book's "Run live" button says it instead of opening the chapter.
"""

from __future__ import annotations

import ast
import json
import copy
import re
from pathlib import Path

import nbformat

from rankmetrics_course.tools.jupyterlab_edition import HOW_TO_RUN_ID

# Modules with no Pyodide build, and why.
NO_PYODIDE = {
    "pytrec_eval": "it runs trec_eval 9.0.8's C code through pytrec_eval, which has no build for "
                   "the browser's Python (Pyodide)",
    "ir_measures": "it runs ir_measures over pytrec_eval (trec_eval 9.0.8's C code), which have no "
                   "build for the browser's Python (Pyodide)",
    "pyspark": "it runs Spark, which needs Java: a browser has none",
}
# The data loaders whose files the site does not serve, and why (their sources' terms).
NOT_SERVED = {
    "llm_judges": "its judgements are NIST's TREC Deep Learning 2023 labels, published by the "
                  "LLMJudge challenge without a licence: the site does not redistribute them",
    "gpt4_judged_pairs": "its labels are NIST's TREC Deep Learning 2023 judgements, published without "
                         "a licence file: the site does not redistribute them",
    "dl_ndcg10": "its table comes from SynDL's repository, published without a licence file: the "
                 "site does not redistribute it",
    "movielens_small": "MovieLens's terms allow no commercial use and redistribution only under "
                       "GroupLens's own licence: the site does not redistribute the ratings",
}
# The data sources the site serves (their terms allow it): the loaders' other sources.
SERVED_SOURCES = ("urbano-sigir2019", "urbano-sigir2018", "trec-web-2012", "trec-web-2012-baselines")
SET_UP_ID = "live-set-up"
SET_UP = """# Running in your browser: install the course's two packages from this site, then what the chapter needs.
import piplite
await piplite.install(["rankmetrics_lite", "rankmetrics_course"], deps=False)
from rankmetrics_course import live
await live.set_up({packages});"""
# Pyodide packages a chapter may import beyond numpy, scipy and matplotlib (import name -> package).
PYODIDE_EXTRAS = {"sklearn": "scikit-learn"}
LIVE_NOTE = """```{{note}} Running in your browser
This is chapter {chapter} of the course *Ranking Metrics*, running in your browser (Python compiled
to WebAssembly: Pyodide) with nothing installed on your computer. Run the cells in order, from
the first (Run → Run All Cells). Your changes stay in this browser's storage; to start again from
the chapter as published, use "Reset this chapter" above. For the whole course on your own
computer, download `ranking-metrics-course.zip` from any page of the online book.
```"""
_CHAPTER_MODULE = re.compile(r"rankmetrics_course\.chapters\.(?P<package>\w+)")


def _imports(code: str) -> set[str]:
    try:
        tree = ast.parse(code)
    except SyntaxError:  # IPython syntax (magics, top-level await): read no imports from it
        return set()
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def not_live(notebook, course_package: Path) -> str | None:
    """Why ``notebook`` (a chapter) cannot run in the browser, or None when it can.

    ``course_package`` is the folder of ``rankmetrics_course``: the chapter's own modules
    (``rankmetrics_course.chapters.<name>``) are read too, for the data they load.
    """
    code = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")
    imported = set().union(*(_imports(cell.source) for cell in notebook.cells
                             if cell.cell_type == "code"))
    for module, why in NO_PYODIDE.items():
        if any(name == module or name.startswith(module + ".") for name in imported):
            return why
    texts = [code]
    for package in sorted({match.group("package") for match in _CHAPTER_MODULE.finditer(code)}):
        texts += [path.read_text(encoding="utf-8")
                  for path in sorted((course_package / "chapters" / package).glob("*.py"))]
    for loader, why in NOT_SERVED.items():
        if any(re.search(rf"\b{loader}\(", text) for text in texts):
            return why
    return None


def for_the_browser(notebook, chapter: int):
    """A copy of the JupyterLab edition's ``notebook`` with the live note and set-up cell first."""
    out = copy.deepcopy(notebook)
    first = out.cells[0]
    if first.get("id") != HOW_TO_RUN_ID:
        raise ValueError(f"chapter {chapter}: the JupyterLab edition's first cell is not its "
                         f"{HOW_TO_RUN_ID!r} note; build the notebook with jupyterlab_edition")
    front_matter, _, _ = first.source.partition("```{note}")
    first.source = front_matter + LIVE_NOTE.format(chapter=chapter)
    imported = {name.split(".")[0] for cell in notebook.cells if cell.cell_type == "code"
                for name in _imports(cell.source)}
    extras = [package for module, package in PYODIDE_EXTRAS.items() if module in imported]
    out.cells.insert(1, nbformat.v4.new_code_cell(SET_UP.format(packages=json.dumps(extras) if extras else ""),
                                                  id=SET_UP_ID))
    out.metadata["kernelspec"] = {"display_name": "Python (Pyodide)", "language": "python",
                                  "name": "python"}
    return out
