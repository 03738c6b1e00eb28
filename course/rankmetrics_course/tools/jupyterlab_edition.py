"""The chapters as JupyterLab shows them (`make lab`, and the course download).

The book's build resolves some markup across its pages: a term links to the
glossary, a citation to the bibliography, a glued number is filled in from the
chapter's outputs. JupyterLab's MyST renderer sees one notebook at a time, so in
the chapters as stored these became dead links (each logging an error), raw keys
and raw names. Each chapter's copy in this edition writes them out:

* ``{term}`text <target>``` becomes its text (the glossary is the online book's);
* ``{cite:t}`key``` becomes "Author and Author [2006]", ``{cite:p}`a,b``` "[Author, 2006;
  Author, 2015]", each name linking to the edition's ``bibliography.ipynb``;
* ``{glue:text}`name:spec``` becomes the value the chapter glued, formatted as the book formats it;
* a link to one of the book's other pages (``departures.md``) becomes its text,
  a link to the bibliography points to ``bibliography.ipynb``;
* a front matter that JupyterLab reads numbers the exercises by chapter, "Exercise 2.1", as the book does;
* each solution (``solution-start``, its code cells, ``solution-end``) becomes one folded
  ``{solution}`` dropdown holding its prose, its code and the code's stored output: JupyterLab
  unfolds a code cell's output whenever the cell runs (Run All, restart and run all, Shift+Enter),
  so a solution kept as code cells showed its answer to whoever ran the chapter. Opened, the
  dropdown shows the code to copy into a cell and the output it gave;
* a first cell says where the chapter comes from and how to install what it needs (the course
  download's lines, ``SET_UP``), since the book's download menu also offers each chapter alone;
* the kernel's name and Python version are this machine's, as JupyterLab would write them on
  opening (a reader with another Python sees the chapter marked modified once it starts).

Everything else (code, outputs, metadata) is the chapter as stored.

Usage: python -m rankmetrics_course.tools.jupyterlab_edition [--course DIR] [--out DIR]
"""

from __future__ import annotations

import argparse
import copy
import platform
import re
import sys
from collections import Counter
from pathlib import Path

import nbformat

from rankmetrics_course.tools.course_folder import (
    NotACourse,
    add_course_option,
    chapter_notebooks,
    course_folder,
)
from rankmetrics_course.tools.output_folders import (
    UnsafeOutputFolder,
    claim,
    digest,
    record,
    written_before,
)

BIBLIOGRAPHY = "bibliography.ipynb"
TOOL = "jupyterlab_edition"
_TERM = re.compile(r"\{term\}`(?P<body>[^`]*)`")
_CITE = re.compile(r"\{cite:(?P<kind>[pt])\}`(?P<keys>[^`]*)`")
_GLUE = re.compile(r"\{glue:text\}`(?P<name>[^`:]*)(?::(?P<spec>[^`]*))?`")
# A link to a page of the book that is not a chapter: [text](page.md) or [text](page.md#part).
_PAGE_LINK = re.compile(r"\[(?P<text>[^\]]*)\]\((?P<page>[a-z0-9-]+)\.md(?:#[^)]*)?\)")
_FRONT_MATTER = "---\nnumbering:\n  exercise:\n    enumerator: {chapter}.%s\n---\n"
_SOLUTION_START = re.compile(r"```\{solution-start\}[ \t]*(?P<label>\S+)[ \t]*\n(?P<options>(?::[^\n]*\n)*)```[ \t]*(?:\n|$)")
_SOLUTION_END = re.compile(r"```\{solution-end\}[ \t]*\n```[ \t]*(?:\n|$)")
# The lines that set the course download up and open it (its README and each chapter's first cell).
SET_UP = ("python3 -m venv .venv",
          ".venv/bin/pip install -r requirements.txt",
          ".venv/bin/pip install --no-deps -r requirements-nodeps.txt",
          ".venv/bin/jupyter trust chapters/*.ipynb",
          ".venv/bin/python -m rankmetrics_course.tools.lab chapters")
# The first cell of every notebook of the edition (its id lets a tool find it and replace it).
HOW_TO_RUN_ID = "how-to-run"
HOW_TO_RUN = """```{{note}} How to run this notebook
This is chapter {chapter} of the course *Ranking Metrics*. It runs on the course's two packages,
`rankmetrics_lite` and `rankmetrics_course`, which are in the course download
(`ranking-metrics-course.zip`, in the download menu of every page of the online book). In the
download's folder, run

{lines}

and open this chapter there (its README says more, Windows too). Each exercise's solution is
folded under it: open it when you want it.
```"""


def author_year(entry) -> str:
    """A bibliography entry as the text cites it: "Järvelin and Kekäläinen, 2002", "Manning et al., 2008"."""
    people = entry.persons.get("author") or entry.persons.get("editor") or []
    names = [" ".join(str(part) for part in person.rich_prelast_names + person.rich_last_names)
             for person in people]
    who = f"{names[0]} et al." if len(names) > 2 else " and ".join(names) or entry.fields.get("title", "Anonymous")
    return f"{who}, {entry.fields.get('year', 'n.d.')}"


def author_year_labels(entries) -> list[str]:
    """Each entry's label, in order; two works with one label become 2005a and 2005b."""
    labels = [author_year(entry) for entry in entries]
    counts, seen = Counter(labels), Counter()
    out = []
    for label in labels:
        if counts[label] > 1:
            seen[label] += 1
            label += "abcdefghijklmnopqrstuvwxyz"[seen[label] - 1]
        out.append(label)
    return out


class Citations:
    """The book's bibliography (``references.bib``): citation texts and the bibliography notebook."""

    def __init__(self, bib: Path):
        from pybtex.database import (
            parse_file,  # the book's build requirements, not the wheel's
        )

        self._entries = parse_file(str(bib)).entries
        keys = sorted(self._entries, key=lambda key: author_year(self._entries[key]).lower())
        self._order = keys
        self._label = dict(zip(keys, author_year_labels([self._entries[key] for key in keys])))

    def _who_when(self, key: str, where: str) -> tuple[str, str]:
        if key not in self._label:
            raise KeyError(f"{where} cites {key!r}, which book/references.bib does not hold")
        who, _, when = self._label[key].rpartition(", ")
        return who, when

    def cite(self, kind: str, keys: str, where: str) -> str:
        """``{cite:t}`` or ``{cite:p}`` of the comma-separated ``keys``, as markdown."""
        parts = [(key, *self._who_when(key, where)) for key in (k.strip() for k in keys.split(","))]
        if kind == "t":
            return "; ".join(f"[{who} \\[{when}\\]]({BIBLIOGRAPHY}#{key})" for key, who, when in parts)
        return "\\[" + "; ".join(f"[{who}, {when}]({BIBLIOGRAPHY}#{key})" for key, who, when in parts) + "\\]"

    def notebook(self) -> nbformat.NotebookNode:
        """The bibliography as a notebook of one markdown cell, each entry under its key."""
        from pybtex.style.formatting.unsrt import Style

        style = Style()
        lines = ["# Bibliography", "", "Every work the course cites, in the order of its label."]
        for key in self._order:
            entry = next(iter(style.format_entries([_with_url_field(self._entries[key])])))
            lines += ["", f"({key})=", f"**{self._label[key]}**. {entry.text.render_as('markdown')}"]
        cell = nbformat.v4.new_markdown_cell("\n".join(lines), id="bibliography")
        return nbformat.v4.new_notebook(cells=[cell])


def _with_url_field(entry):
    """The entry with a ``howpublished = {\\url{...}}`` moved to ``url``, which the style links."""
    from pybtex.database import Entry

    fields = dict(entry.fields)
    url = re.fullmatch(r"\\url\{(.*)\}", fields.get("howpublished", ""))
    if url:
        del fields["howpublished"]
        fields.setdefault("url", url.group(1))
    return Entry(entry.type, fields=fields, persons=entry.persons)


def _glued(notebook) -> dict[str, str]:
    """Each name the chapter glued, with the plain text of its value."""
    values = {}
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            record = output.get("metadata", {}).get("scrapbook")
            if record:
                values[record["name"]] = output["data"][record["mime_prefix"] + "text/plain"]
    return values


def for_jupyterlab(notebook, chapter: int, citations: Citations, where: str):
    """A copy of the chapter ``notebook`` (number ``chapter``) with its cross-page markup written out."""
    from myst_nb.core.variables import (
        format_plain_text,  # the book's own formatting of glued values
    )

    out = copy.deepcopy(notebook)
    glued = _glued(out)

    def glue(match: re.Match) -> str:
        name = match.group("name")
        if name not in glued:
            raise KeyError(f"{where} shows the glued value {name!r}, which none of its outputs glues")
        return format_plain_text(glued[name], match.group("spec") or "")

    def term(match: re.Match) -> str:
        body = match.group("body")
        return body.rsplit("<", 1)[0].strip() if body.endswith(">") else body

    def page(match: re.Match) -> str:
        return f"[{match.group('text')}]({BIBLIOGRAPHY})" if match.group("page") == "bibliography" \
            else match.group("text")

    for cell in out.cells:
        if cell.cell_type != "markdown":
            continue
        text = _GLUE.sub(glue, _TERM.sub(term, cell.source))
        text = _CITE.sub(lambda m: citations.cite(m.group("kind"), m.group("keys"), where), text)
        cell.source = _PAGE_LINK.sub(page, text)
    out = fold_solutions(out, where)
    first = _how_to_run(chapter)
    first.source = _FRONT_MATTER.format(chapter=chapter) + first.source
    out.cells.insert(0, first)
    return out


def _fence(text: str, at_least: int = 3) -> str:
    """A run of backticks longer than any in ``text``, to fence it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(at_least, longest + 1)


def _output_text(cell) -> str:
    """A code cell's stored output as the reader saw it: its printed lines, then its value."""
    parts = []
    for output in cell.get("outputs", []):
        if output.output_type == "stream":
            parts.append(output.text)
        elif "text/plain" in output.get("data", {}):
            parts.append(output.data["text/plain"] + "\n")
        else:
            raise ValueError(f"a solution's output of type {output.output_type} "
                             f"({', '.join(output.get('data', {}))}) cannot be written into its dropdown")
    return "".join(parts).rstrip("\n")


def _solution_dropdown(label: str, options: str, parts: list[str]) -> str:
    """One ``{solution}`` directive around ``parts`` (markdown), with the start's options."""
    body = "\n\n".join(part.strip("\n") for part in parts if part.strip())
    fence = _fence(body, at_least=4)
    return f"{fence}{{solution}} {label}\n{options}\n{body}\n{fence}"


def fold_solutions(notebook, where: str):
    """The notebook with each gated solution (start, code cells, end) as one folded dropdown.

    JupyterLab unfolds a code cell's output when the cell runs, whatever its metadata says;
    a dropdown of markdown holds the solution's code and its stored output, and nothing that
    runs opens it.
    """
    cells, open_solution = [], None
    for cell in notebook.cells:
        if open_solution is None:
            start = _SOLUTION_START.search(cell.source) if cell.cell_type == "markdown" else None
            if start is None:
                cells.append(cell)
                continue
            before = cell.source[:start.start()]
            if before.strip():
                cells.append(nbformat.v4.new_markdown_cell(before.rstrip("\n"), id=f"{cell.id}-before"))
            open_solution = {"cell": cell, "label": start.group("label"),
                             "options": start.group("options"), "parts": []}
            rest = cell.source[start.end():]
        elif cell.cell_type == "code":
            code = cell.source.strip("\n")
            open_solution["parts"].append(f"{_fence(code)}python\n{code}\n{_fence(code)}")
            output = _output_text(cell)
            if output:
                open_solution["parts"].append(f"{_fence(output)}text\n{output}\n{_fence(output)}")
            continue
        else:
            rest = cell.source
        end = _SOLUTION_END.search(rest)
        if end is None:
            open_solution["parts"].append(rest)
            continue
        open_solution["parts"].append(rest[:end.start()])
        solution = open_solution["cell"]
        solution.source = _solution_dropdown(open_solution["label"], open_solution["options"],
                                             open_solution["parts"])
        cells.append(solution)
        after = rest[end.end():]
        if after.strip():
            follows = cell if cell is not solution else nbformat.v4.new_markdown_cell(id=f"{cell.id}-after")
            follows.source = after.lstrip("\n")
            cells.append(follows)
        open_solution = None
    if open_solution is not None:
        raise ValueError(f"{where}: the solution to {open_solution['label']!r} has no solution-end")
    out = copy.copy(notebook)
    out.cells = cells
    return out


def _how_to_run(chapter: int):
    lines = "\n".join(f"    {line}" for line in SET_UP)
    return nbformat.v4.new_markdown_cell(HOW_TO_RUN.format(chapter=chapter, lines=lines), id=HOW_TO_RUN_ID)


def _as_this_kernel_names_itself(notebook, language_info: dict) -> None:
    """The kernel's own name and language version in the notebook's metadata: JupyterLab
    writes them there when the kernel starts, which marked a chapter modified on opening."""
    from jupyter_client.kernelspec import KernelSpecManager

    name = notebook.metadata.get("kernelspec", {}).get("name", "python3")
    spec = KernelSpecManager().get_kernel_spec(name)
    notebook.metadata["kernelspec"] = {"display_name": spec.display_name, "language": spec.language,
                                       "name": name}
    notebook.metadata["language_info"] = {**language_info, "version": platform.python_version()}


def edition(book: Path, bib: Path) -> dict[str, nbformat.NotebookNode]:
    """Every chapter of ``book`` for JupyterLab, and the bibliography: file name -> notebook."""
    citations = Citations(bib)
    notebooks = {}
    for path in chapter_notebooks(book):
        chapter = nbformat.read(path, as_version=4)
        notebooks[path.name] = for_jupyterlab(chapter, int(path.name.split("-", 1)[0]), citations, path.name)
    notebooks[BIBLIOGRAPHY] = citations.notebook()
    language_info = next(iter(notebooks.values())).metadata["language_info"]
    for notebook in notebooks.values():
        _as_this_kernel_names_itself(notebook, language_info)
    return notebooks


def write_edition(root: Path, out: Path) -> tuple[list[Path], list[Path]]:
    """Write the edition of the course in ``root`` into ``out``; return the files written and kept.

    ``out`` is a folder this tool owns (``output_folders``). A copy the reader changed
    since this tool wrote it (an edit, a run saved) is kept as it is, not replaced.
    """
    out = claim(out, TOOL, "--out", root)
    before = written_before(out)
    written, kept = {}, []
    for name, notebook in edition(root / "book", root / "book" / "references.bib").items():
        target = out / name
        if target.exists() and digest(target) != before.get(name):
            kept.append(target)
            written[name] = before.get(name, "")
            continue
        nbformat.write(notebook, target)
        written[name] = digest(target)
    record(out, written)
    return [out / name for name in written if out / name not in kept], kept


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_course_option(parser)
    parser.add_argument("--out", type=Path, default=None,
                        help="the folder to write (default: the course's _build/lab)")
    args = parser.parse_args(argv)
    try:
        root = course_folder(args.course)
        written, kept = write_edition(root, args.out or root / "_build" / "lab")
    except (NotACourse, UnsafeOutputFolder) as refusal:
        parser.error(str(refusal))
    print(f"JupyterLab's edition of the chapters: {len(written)} notebooks written in "
          f"{(written or kept)[0].parent}")
    if kept:
        print(f"kept as you changed them: {', '.join(path.name for path in kept)} "
              "(delete one to get the chapter as it is now)")
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
