"""Where the tests find the course: the repository's folders, the tests' own book build,
and trec_eval's test collection beside the repository."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
# The tests' own build: never the reader's _build/html (`make book`, `make serve`).
TEST_BUILD = ROOT / "_build" / "test-book"
BUILD_HTML = TEST_BUILD / "_build" / "html"
# trec_eval's own test collection, beside the repository (absent in a clone elsewhere).
TREC_EVAL_TEST = ROOT.parent / "shared" / "data" / "trec_eval_test"
# The real data's local mirror beside the repository: the data layer reads it through
# RANKMETRICS_DATA (set by the Makefile and by tests/conftest.py when the folder exists).
REAL_DATA = ROOT.parent / "shared" / "data" / "real"


def chapter_notebooks() -> list[Path]:
    """Every chapter notebook of the book, in reading order."""
    return sorted(BOOK.glob("[0-9][0-9]-*.ipynb"))
