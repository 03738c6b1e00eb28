"""Every chapter keeps its shape: short prose, short cells, no scaffolding in view.

The word budget counts generously (``prose_words``): every alphabetic token of
every markdown cell, math, fences and directive lines included, so a chapter
under it has fewer words of prose still.

What a reader reads (``prose_text``, where scaffolding must not show), per
markdown cell:

- dropped: fenced code blocks (```python, ```text, ```{code-block}, ...), math
  (``$$ ... $$``, ``$ ... $``, ```{math}`` blocks), MyST directives' option
  lines (``:label: x``, ``:class: note``), target lines (``(name)=``) and HTML
  comments;
- kept: the text inside other directives (an admonition's body, an exercise's
  statement) and a directive's title (``{exercise-start} Easy: lift``, without
  the ``{exercise-start}`` token itself);
- a word is a whitespace-separated token holding a letter or a digit, so the
  pipes and dashes of a table's rule count nothing.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from tests.paths import ROOT

MAX_PROSE_WORDS = 2_500
MAX_CELL_LINES = 15

FENCE = re.compile(r"^(`{3,}|~{3,}|:{3,})\s*(\{[\w:-]+\})?\s*(.*)$")
NOT_PROSE_DIRECTIVES = {"{math}", "{code-block}", "{code}", "{code-cell}", "{glue:math}"}
OPTION_LINE = re.compile(r"^\s*:[\w-]+:(\s.*)?$")
TARGET_LINE = re.compile(r"^\s*\([\w:.-]+\)=\s*$")
DISPLAY_MATH = re.compile(r"\$\$.*?\$\$", re.S)
INLINE_MATH = re.compile(r"(?<![\\$])\$[^$\n]+\$")
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
WORD = re.compile(r"[A-Za-z0-9]")
ALPHABETIC_TOKEN = re.compile(r"[A-Za-z][A-Za-z'’-]*")

# What a reader must never be shown: the material a chapter was adapted from,
# or the machinery that checks the notebooks.
SCAFFOLDING = {
    "the source": re.compile(r"\bthe sources?\b(?! code)", re.I),
    "the lesson": re.compile(r"\bthe lesson\b", re.I),
    "nbval": re.compile(r"\bnbval\b", re.I),
    "a test file": re.compile(r"\btest_\w+\.py\b|\btests/"),
}


def toc_chapters() -> list[Path]:
    """The chapter notebooks listed in ``_toc.yml``, in reading order."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [entry["file"] for part in toc["parts"] for entry in part["chapters"]]
    return [ROOT / f"{name}.ipynb" for name in files if (ROOT / f"{name}.ipynb").exists()]


def cells(path: Path, kind: str) -> list[str]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == kind]


def prose_text(markdown: str) -> str:
    """The words a reader reads in one markdown cell (rules in the module docstring)."""
    kept, skipping = [], []  # skipping: stack of the fences whose body is not prose
    for line in markdown.splitlines():
        fence = FENCE.match(line.strip())
        if fence and not fence.group(2) and not fence.group(3) and skipping and \
                fence.group(1)[0] == skipping[-1][0] and len(fence.group(1)) >= len(skipping[-1]):
            skipping.pop()  # the closing fence of a non-prose block
            continue
        if skipping:
            continue
        if fence:
            marker, directive, argument = fence.groups()
            if directive is None and argument and marker[0] != ":":
                skipping.append(marker)  # ```python: code
            elif directive in NOT_PROSE_DIRECTIVES:
                skipping.append(marker)
            elif directive is not None:
                kept.append(argument)  # a directive's title
            continue
        if OPTION_LINE.match(line) or TARGET_LINE.match(line):
            continue
        kept.append(line)
    text = "\n".join(kept)
    for pattern in (HTML_COMMENT, DISPLAY_MATH, INLINE_MATH):
        text = pattern.sub(" ", text)
    return text


def prose_words(path: Path) -> int:
    return sum(len(ALPHABETIC_TOKEN.findall(m)) for m in cells(path, "markdown"))


def code_cell_lines(source: str) -> int:
    return len(source.rstrip().splitlines())


CHAPTERS = toc_chapters()


def test_the_toc_lists_chapters():
    assert len(CHAPTERS) >= 19, [p.name for p in CHAPTERS]


def test_what_a_reader_reads_skips_code_math_and_options():
    cell = ("Two words\n\n```python\nskip these four words\n```\n\n$$a + b$$ and $x$ too\n"
            "```{exercise-start} Easy: title\n:label: some-label\n```\n(target)=\n"
            "| a | b |\n|---|---|\n```{math}\nE = mc^2\n```\n")
    words = [w for w in prose_text(cell).split() if WORD.search(w)]
    assert words == ["Two", "words", "and", "too", "Easy:", "title", "a", "b"]


def test_the_word_budget_counts_every_alphabetic_token():
    cell = "Two words, $\\frac{a}{b}$ and ```x```; 42 isn't one-word."
    assert ALPHABETIC_TOKEN.findall(cell) == ["Two", "words", "frac", "a", "b", "and", "x", "isn't", "one-word"]


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_prose_fits_the_word_budget(path):
    words = prose_words(path)
    assert words <= MAX_PROSE_WORDS, f"{path.name}: {words} words of prose (at most {MAX_PROSE_WORDS})"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_code_cells_are_short(path):
    long = {i: code_cell_lines(s) for i, s in enumerate(cells(path, "code"))
            if code_cell_lines(s) > MAX_CELL_LINES}
    assert not long, f"{path.name}: code cells (index: lines) over {MAX_CELL_LINES} lines: {long}"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_prose_shows_no_scaffolding(path):
    found = [(name, match.group(0)) for text in cells(path, "markdown")
             for name, pattern in SCAFFOLDING.items()
             for match in pattern.finditer(prose_text(text))]
    assert not found, f"{path.name} mentions {found}"


def test_every_exercise_label_is_used_once():
    label = re.compile(r"```\{exercise(?:-start)?\}[^\n]*\n(?::[\w-]+:[^\n]*\n)*?:label:\s*(\S+)")
    counts = Counter(m.group(1) for path in CHAPTERS
                     for text in cells(path, "markdown") for m in label.finditer(text))
    assert counts, "no exercise found"
    repeated = {name: n for name, n in counts.items() if n > 1}
    assert not repeated, f"exercise labels used more than once: {repeated}"
