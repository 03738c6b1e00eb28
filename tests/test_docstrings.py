"""Every public name documents itself as scikit-learn's metrics do.

For each name of ``rankmetrics_lite.__all__``: a one-line summary; for a
function, the formula (``.. math::`` or ``:math:``), Parameters naming every
argument, Returns and Raises; for a class, Parameters (or, for a result,
Attributes) naming every field; Examples with at least one doctest; and
References whose keys, written ``[key]``, exist in ``book/references.bib``.
"""

from __future__ import annotations

import dataclasses
import inspect
import re

import pytest

import rankmetrics_lite
from conftest import BOOK

BIB_KEYS = set(re.findall(r"^@\w+\{([^,\s]+),", (BOOK / "references.bib").read_text(), flags=re.M))
# Readers and writers of files have no formula to show.
WITHOUT_FORMULA = {"read_trec_qrels", "read_trec_run", "write_trec_run"}


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
    if is_class and dataclasses.is_dataclass(obj):
        expected, section = {f.name for f in dataclasses.fields(obj)}, "Attributes"
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
    elif not dataclasses.is_dataclass(obj) and "Raises" not in found:
        out.append("Raises")
    if ">>>" not in found.get("Examples", ""):
        out.append("Examples with at least one doctest")
    keys = re.findall(r"\[([\w:-]+)\]", found.get("References", ""))
    if not keys:
        out.append("References citing keys of book/references.bib as [key]")
    unknown = sorted(set(keys) - BIB_KEYS)
    if unknown:
        out.append(f"References to keys that are not in references.bib: {unknown}")
    return out


@pytest.mark.parametrize("name", rankmetrics_lite.__all__)
def test_public_name_is_documented(name):
    missing = problems(name, getattr(rankmetrics_lite, name))
    assert not missing, f"{name}'s docstring needs: " + "; ".join(missing)


def test_the_check_sees_a_stripped_docstring():
    def stripped(relevance, k):
        """P@k."""

    assert len(problems("stripped", stripped)) == 6
