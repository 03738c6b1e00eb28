"""Shared fixtures: the repository's paths and one strict build of the book."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
BUILD_HTML = ROOT / "_build" / "html"
# trec_eval's own test collection, beside the repository (absent in a clone elsewhere).
TREC_EVAL_TEST = ROOT.parent / "shared" / "data" / "trec_eval_test"


def chapter_notebooks() -> list[Path]:
    """Every chapter notebook of the book."""
    return sorted(p for p in BOOK.glob("*.ipynb"))


@pytest.fixture(scope="session")
def built_book() -> Path:
    """Build the whole book once, strictly (-W -n --keep-going), and return its HTML folder."""
    jupyter_book = Path(sys.executable).with_name("jupyter-book")
    result = subprocess.run(
        [str(jupyter_book), "build", str(ROOT), "--builder", "html", "--all",
         "-W", "-n", "--keep-going"],
        capture_output=True, text=True, timeout=900,
    )
    problems = [line for line in (result.stdout + result.stderr).splitlines()
                if "WARNING" in line or "ERROR" in line]
    assert result.returncode == 0 and not problems, (
        "the strict book build failed:\n" + "\n".join(problems or result.stdout.splitlines()[-30:]))
    return BUILD_HTML
