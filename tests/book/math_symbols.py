"""The symbols a piece of LaTeX math uses, one spelling per symbol.

A symbol is a letter (Latin or Greek), an upright name (``\\mathrm{rel}``,
``\\mathrm{P@}k``) or a blackboard letter (``\\mathbb{E}``), with what belongs to it: an
accent (``\\bar d``), a subscript and a label superscript (``J^-``, ``\\epsilon^*``). A
subscript made only of indices and numbers (``g_i``, ``R_{10}``, ``w_{ik}``) is written
``_·``, so that ``R_k`` and ``R_5`` are one symbol; a named subscript stays
(``p_o``, ``\\tau_{AP}``). Powers (``p^{i-1}``), operators (``\\sum``, ``\\log``),
relations and text (``\\text{if}``) are not symbols, but the letters inside them are.
"""

from __future__ import annotations

import re

GREEK = set(
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi "
    "pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega "
    "Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega".split())
ACCENTS = {"bar", "hat", "tilde", "overline", "widehat", "widetilde", "dot", "vec"}
NAMES = {"mathrm", "operatorname", "mathit", "textit", "mathsf"}
LETTER_FONTS = {"mathbb", "mathcal", "mathbf", "boldsymbol", "mathscr"}
TEXT = {"text", "textrm", "textsf", "texttt", "mbox", "textbf", "emph"}
SKIPPED_ARGUMENT = {"begin", "end", "label", "tag", "hspace", "vspace", "color", "phantom"}
# Upright names that are standard mathematics, not the course's notation.
STANDARD_NAMES = {"d", "e", "if", "otherwise", "and", "for", "else"}
# Letters that, alone or with numbers, make a subscript an index: g_i, R_k, w_{ik}, n_0.
INDEX = set("ijklmnqrstuvdg0123456789+-,=()[] ") | {"\\ell", "\\dots", "\\ldots", "\\cdot"}

TOKEN = re.compile(r"\\[A-Za-z]+|\\.|[A-Za-z]|\d+|\S", re.S)


def _group(tokens: list[str], at: int) -> tuple[str, int]:
    """The argument starting at tokens[at]: a braced group (as text) or one token."""
    if at >= len(tokens):
        return "", at
    if tokens[at][1:] in NAMES | TEXT | LETTER_FONTS | ACCENTS and tokens[at + 1:at + 2] == ["{"]:
        text, end = _group(tokens, at + 1)  # n_\mathrm{dis}: a command and its argument
        return f"{tokens[at]}{{{text}}}", end
    if tokens[at] != "{":
        return tokens[at], at + 1
    depth, end = 0, at
    while end < len(tokens):
        depth += {"{": 1, "}": -1}.get(tokens[end], 0)
        if depth == 0:
            break
        end += 1
    return "".join(_spaced(tokens[at + 1:end])), end + 1


def _spaced(tokens: list[str]) -> list[str]:
    """Tokens as text again: a command followed by a letter keeps a space between them."""
    out = []
    for i, token in enumerate(tokens):
        out.append(token)
        if re.fullmatch(r"\\[A-Za-z]+", token) and i + 1 < len(tokens) and tokens[i + 1][:1].isalpha():
            out.append(" ")
    return out


def _unwrap(text: str) -> str:
    """An upright name's text: inner \\text{...} unwrapped, spaces and thin spaces dropped."""
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"\\(?:text|mathrm|textrm)\s*\{([^{}]*)\}", r"\1", text)
    text = re.sub(r"\\(?:lvert|rvert|left\||right\||vert|mid)", "|", text)
    return re.sub(r"\\[,;:! ]|\s", "", text)


def _subscript(text: str) -> str:
    """``_·`` for an index, the spelling otherwise (``+``, ``-``, ``o``, ``AP``, ``\\max``)."""
    inner = _unwrap(text)
    if inner in {"+", "-"}:
        return "_" + inner
    if re.fullmatch(r"\|\w\|", inner):  # R_{|R|}: a cutoff written as a set's size
        return "_·"
    pieces = [t for t in TOKEN.findall(re.sub(r"\\(?:text|mathrm)\s*\{([^{}]*)\}", r"\1", text))
              if t not in {"\\,", "\\;", "\\!"}]
    if pieces and all(p in INDEX or p.isdigit() for p in pieces):
        return "_·"
    return "_" + inner


def symbols(math: str) -> list[str]:
    """Every symbol ``math`` uses, in order, repeats kept."""
    return _symbols(TOKEN.findall(math))


def _symbols(tokens: list[str]) -> list[str]:
    found: list[str] = []
    at = 0
    while at < len(tokens):
        token = tokens[at]
        at += 1
        command = token[1:] if token.startswith("\\") else None
        base = None
        if command in SKIPPED_ARGUMENT:
            _, at = _group(tokens, at)
        elif command in TEXT:
            text, at = _group(tokens, at)
            if text.startswith("-"):  # \alpha\text{-nDCG@}k: a name glued to its letter
                base, at = _name(found.pop() if found else "", text, tokens, at)
        elif command in NAMES:
            text, at = _group(tokens, at)
            name = _unwrap(text)
            if name in STANDARD_NAMES or not re.search(r"[A-Za-z]", name):
                continue
            base, at = _name("", name, tokens, at)
        elif command in LETTER_FONTS:
            text, at = _group(tokens, at)
            base = f"{command}{{{_unwrap(text)}}}"
        elif command in ACCENTS:
            text, at = _group(tokens, at)
            inner = _symbols(TOKEN.findall(text))
            base = f"\\{command}{{{inner[0] if inner else _unwrap(text)}}}"
            found.extend(inner[1:])
        elif command in GREEK:
            base = token
        elif command is None and re.fullmatch(r"[A-Za-z]", token):
            base = token
        elif token in {"_", "^"}:  # a limit of an operator, or a power of a number
            text, at = _group(tokens, at)
            found.extend(_symbols(TOKEN.findall(text)))
        if base is None:
            continue
        base, at = _attachments(base, tokens, at, found)
        found.append(base)
    return found


def _name(prefix: str, name: str, tokens: list[str], at: int) -> tuple[str, int]:
    """An upright name; one that ends in @ takes its cutoff along: P@k, P@10 -> P@k."""
    name = prefix + _unwrap(name)
    if name.endswith("@"):
        _, at = _group(tokens, at)
        name += "k"
    return name, at


def _attachments(base: str, tokens: list[str], at: int, found: list[str]) -> tuple[str, int]:
    """The subscript and label superscript that follow a symbol; powers are scanned, not kept."""
    subscript = superscript = ""
    while at < len(tokens) and tokens[at] in {"_", "^", "'"}:
        mark = tokens[at]
        if mark == "'":  # r' is r
            at += 1
            continue
        text, at = _group(tokens, at + 1)
        if mark == "_":
            subscript = _subscript(text)
            if subscript == "_·":
                found.extend(s for s in _symbols(TOKEN.findall(text)) if s not in INDEX)
            else:  # the letters of a named subscript belong to it: t_c, tau_{AP}
                found.extend(s for s in _symbols(TOKEN.findall(text)) if s not in subscript)
        elif _unwrap(text) in {"-", "+", "*", "\\ast", "\\star", "\\prime"}:
            superscript = "^" + _unwrap(text).replace("\\ast", "*")
        elif re.fullmatch(r"[A-Za-z]", _unwrap(text)) and at < len(tokens) and tokens[at] == "_":
            superscript = "^·"  # a label above a subscript: p^{a}_{g}
        else:
            found.extend(_symbols(TOKEN.findall(text)))
    return base + superscript + subscript, at

