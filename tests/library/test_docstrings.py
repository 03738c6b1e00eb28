"""Every public name documents itself as scikit-learn's metrics do.

For each name of ``rankmetrics_lite.__all__``: a one-line summary; for a
function, the formula (``.. math::`` or ``:math:``), Parameters naming every
argument, Returns and Raises; for a class, Parameters (or, for a result,
Attributes, a dataclass's or a named tuple's) naming every field; Examples with at least one doctest; and
References citing keys of ``book/references.bib`` with ``:cite:p:`key```
(sphinxcontrib-bibtex links them to the book's bibliography).

The API reference renders these docstrings as written, so their prose writes
a set size as ``:math:`|R|``` (a bare ``|R|`` is a reStructuredText
substitution) and refers to public names only.
"""

from __future__ import annotations

import dataclasses
import inspect
import re

import pytest

import rankmetrics_lite
from tests.paths import BOOK

BIB_KEYS = set(re.findall(r"^@\w+\{([^,\s]+),", (BOOK / "references.bib").read_text(), flags=re.M))
# Readers and writers of files have no formula to show.
WITHOUT_FORMULA = {"read_trec_qrels", "read_trec_run", "read_trec_qrels_columns", "read_trec_run_columns",
                   "write_trec_run", "read_trec_subtopic_qrels"}


def sections(doc: str) -> dict[str, str]:
    """The numpydoc sections of a docstring, by title; the text before them under ''."""
    lines = inspect.cleandoc(doc).splitlines()
    found, title, body = {}, "", []
    for i, line in enumerate(lines):
        underline = lines[i + 1] if i + 1 < len(lines) else ""
        if line.strip() and re.fullmatch(r"-{3,}", underline.strip()) and not line.startswith(" "):
            found[title] = "\n".join(body)
            title, body = line.strip(), []
        elif not re.fullmatch(r"-{3,}", line.strip()):
            body.append(line)
    found[title] = "\n".join(body)
    return found


def documented_names(text: str) -> set[str]:
    """Names in a Parameters or Attributes section: 'a, b : type' lines at the margin."""
    names = set()
    for line in text.splitlines():
        if line and not line.startswith(" "):
            names.update(name.strip().lstrip("*") for name in line.split(" : ")[0].split(","))
    return names


def problems(name: str, obj: object) -> list[str]:
    doc = inspect.getdoc(obj) or ""
    found = sections(doc)
    head = found.get("", "").strip().splitlines()
    out = []
    if not head or not head[0].endswith(".") or (len(head) > 1 and head[1].strip()):
        out.append("a one-line summary ending with a full stop, then a blank line")
    is_class = inspect.isclass(obj)
    result = is_class and (dataclasses.is_dataclass(obj) or issubclass(obj, tuple))  # a named tuple
    if result:
        expected, section = set(obj._fields if issubclass(obj, tuple) else
                                (f.name for f in dataclasses.fields(obj))), "Attributes"
    else:
        target = obj.__init__ if is_class else obj
        parameters = inspect.signature(target).parameters
        expected = {p for p in parameters if p != "self"}
        section = "Parameters"
    if expected:
        missing = expected - documented_names(found.get(section, ""))
        if missing:
            out.append(f"{section} naming {sorted(missing)}")
    if not is_class:
        if name not in WITHOUT_FORMULA and ".. math::" not in doc and ":math:" not in doc:
            out.append("the formula (.. math::)")
        if "Returns" not in found:
            out.append("Returns")
        if expected and "Raises" not in found:
            out.append("Raises (every function checks its input at the door)")
    elif not result and "Raises" not in found:
        out.append("Raises")
    if ">>>" not in found.get("Examples", ""):
        out.append("Examples with at least one doctest")
    keys = re.findall(r":cite:[pt]:`([^`]+)`", found.get("References", ""))
    if not keys:
        out.append("References citing keys of book/references.bib as :cite:p:`key`")
    unknown = sorted(set(keys) - BIB_KEYS)
    if unknown:
        out.append(f"References to keys that are not in references.bib: {unknown}")
    return out


@pytest.mark.parametrize("name", rankmetrics_lite.__all__)
def test_public_name_is_documented(name):
    missing = problems(name, getattr(rankmetrics_lite, name))
    assert not missing, f"{name}'s docstring needs: " + "; ".join(missing)


def rendered_docstrings():
    """(name, docstring) of every public name and of the members the API page shows."""
    for name in rankmetrics_lite.__all__:
        obj = getattr(rankmetrics_lite, name)
        yield name, inspect.getdoc(obj) or ""
        if inspect.isclass(obj):
            for member, value in vars(obj).items():
                if not member.startswith("_") and getattr(value, "__doc__", None):
                    yield f"{name}.{member}", inspect.getdoc(value)


# A |X| that reStructuredText would read as a substitution: not glued to a word or a bar.
_BARS = re.compile(r"(?<![\w|\\])\|[^|\s`][^|`]*?\|(?![\w|])")
_INLINE = re.compile(r"``.+?``|:math:`[^`]+`")


def prose_bars(doc: str) -> list[str]:
    """Lines whose prose (outside math, literal and doctest blocks) holds a bare |X|."""
    found, block = [], None
    for line in doc.splitlines():
        indent = len(line) - len(line.lstrip())
        if block is not None and (not line.strip() or indent > block):
            continue
        block = None
        if line.lstrip().startswith((">>>", "...", ".. math::")) or line.rstrip().endswith("::"):
            block = indent
            continue
        if _BARS.search(_INLINE.sub("", line)):
            found.append(line.strip())
    return found


@pytest.mark.parametrize("name, doc", list(rendered_docstrings()))
def test_docstring_renders_as_written(name, doc):
    assert not prose_bars(doc), f"{name}: write a set size in prose as :math:`|R|`: {prose_bars(doc)}"
    private = re.findall(r":\w+:`~?(rankmetrics_lite\.[a-z_]+\.[\w.]+)`", doc)
    assert not private, f"{name} refers to names through their modules: {private}; use the public name"


@pytest.mark.parametrize("name", ["evaluate", "local_session"])
def test_the_spark_entry_points_are_documented(name):
    import rankmetrics_lite.spark as on_spark  # imports pyspark only when called

    missing = problems(name, getattr(on_spark, name))
    assert not missing, f"rankmetrics_lite.spark.{name}'s docstring needs: " + "; ".join(missing)
    assert not prose_bars(inspect.getdoc(getattr(on_spark, name)))


def test_the_check_sees_bare_bars():
    assert prose_bars("Divides by |R|.\n\n.. math:: |R|\n\n>>> a | b\n") == ["Divides by |R|."]
    assert prose_bars("Divides by :math:`|R|` (``|R|``).") == []


def test_the_check_sees_a_stripped_docstring():
    def stripped(relevance, k):
        """P@k."""

    assert len(problems("stripped", stripped)) == 6
