"""Show the package's docstrings on the API reference page as their authors meant them.

Two things stand between the docstrings of ``rankmetrics_lite`` and a strict
(``-W -n``) build of the API reference, which documents every public name once,
as ``rankmetrics_lite.<name>`` (the way users import it):

* Docstrings write set sizes as plain text, ``|R|`` and ``|R_k|``, which
  reStructuredText reads as substitution references. Outside math, literal and
  doctest blocks, the bars are escaped so that they print as written.
  A property whose docstring opens with "|R|: ..." keeps that as prose (napoleon
  would read the part before the colon as the property's type).
* Docstrings may point at a name through the module that defines it
  (``rankmetrics_lite.cutoff_metrics.precision_at_k``) or at a private module
  (``rankmetrics_lite.ties``). Such references resolve to the public name, or
  to the package's page when no public name matches.
"""

from __future__ import annotations

import re

PACKAGE = "rankmetrics_lite"

# ``literal``, `interpreted` and :role:`text` spans: bars inside them stay as they are.
_INLINE_CODE = re.compile(r"``.+?``|(?::[\w:+.-]+:)?`[^`]+`")
# |X| as a substitution reference would be recognised: not glued to a word or a bar.
_BARS = re.compile(r"(?<![\w|\\])\|([^|\s`][^|`]*?)\|(?![\w|])")
_MATH_DIRECTIVE = re.compile(r"^\s*\.\.\s+math::")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _escape_bars(text: str) -> str:
    pieces, last = [], 0
    for code in _INLINE_CODE.finditer(text):
        pieces.append(_BARS.sub(r"\\|\1\\|", text[last:code.start()]))
        pieces.append(code.group())
        last = code.end()
    pieces.append(_BARS.sub(r"\\|\1\\|", text[last:]))
    return "".join(pieces)


def escape_set_bars(lines: list[str]) -> list[str]:
    """Escape ``|X|`` in the prose of a docstring; leave math, literal and doctest blocks alone."""
    out: list[str] = []
    block_indent: int | None = None  # inside a math or literal block opened at this indent
    in_doctest = False
    for line in lines:
        stripped = line.strip()
        if block_indent is not None:
            if not stripped or _indent(line) > block_indent:
                out.append(line)
                continue
            block_indent = None
        if in_doctest:
            if stripped:
                out.append(line)
                continue
            in_doctest = False
        if stripped.startswith(">>>"):
            in_doctest = True
            out.append(line)
        elif _MATH_DIRECTIVE.match(line):
            block_indent = _indent(line)
            out.append(line)
        else:
            out.append(_escape_bars(line))
            if stripped.endswith("::"):
                block_indent = _indent(line)
    return out


# "|R|: the number of ..." opening a property's docstring: napoleon would read |R| as its type.
_BARS_AS_TYPE = re.compile(r"^(\s*\|[^|]+\|):\s")


def _on_docstring(app, what, name, obj, options, lines: list[str]) -> None:
    if not name.startswith(PACKAGE):
        return
    if what in ("property", "attribute") and lines:
        lines[0] = _BARS_AS_TYPE.sub(r"\1 — ", lines[0])
    lines[:] = escape_set_bars(lines)


def public_target(target: str, reftype: str, exported: set[str]) -> str | None:
    """The public name a reference to ``target`` should point to, or None to leave it alone."""
    if not target.startswith(PACKAGE + "."):
        return None
    parts = target.split(".")
    if reftype == "mod":
        return PACKAGE
    for i in range(2, len(parts)):  # rankmetrics_lite.module.Name[.member] -> rankmetrics_lite.Name[.member]
        if parts[i] in exported:
            return ".".join([PACKAGE, *parts[i:]])
    return None


def _on_missing_reference(app, env, node, contnode):
    if node.get("refdomain") != "py":
        return None
    import importlib

    exported = set(getattr(importlib.import_module(PACKAGE), "__all__", []))
    public = public_target(node.get("reftarget", ""), node.get("reftype", ""), exported)
    if public is None or public == node.get("reftarget"):
        return None
    reftype = "mod" if public == PACKAGE else node["reftype"]
    return env.get_domain("py").resolve_xref(env, node["refdoc"], app.builder, reftype,
                                             public, node, contnode)


def setup(app):
    # Before napoleon (priority 500), which would read a leading "|R|:" as a type.
    app.connect("autodoc-process-docstring", _on_docstring, priority=400)
    app.connect("missing-reference", _on_missing_reference)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
