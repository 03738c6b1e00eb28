"""Exercises numbered by chapter: "Exercise 2.1" is chapter 2's first exercise.

sphinx-exercise numbers exercises across the whole book (chapter 2's were 7 to 9),
so "do exercise 7" meant one thing in the book and another in a notebook. After
Sphinx has numbered them, each chapter's exercises are renumbered (chapter, i)
in their order, the chapter being the number its file name starts with
(``book/02-precision-at-k``); the student edition is built the same way.
"""

from __future__ import annotations

import re

_CHAPTER = re.compile(r"(?:^|/)(\d+)-[^/]*$")


def _number_by_chapter(app, env) -> list[str]:
    for docname, numbers in env.toc_fignumbers.items():
        match, exercises = _CHAPTER.search(docname), numbers.get("exercise")
        if match and exercises:
            for i, ident in enumerate(sorted(exercises, key=exercises.__getitem__), start=1):
                exercises[ident] = (int(match.group(1)), i)
    return []


def setup(app):
    # After Sphinx's own numbering (the toctree collector, at the default priority).
    app.connect("env-get-updated", _number_by_chapter, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
