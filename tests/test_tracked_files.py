"""Every tracked text file of the repository, notebooks included, is free of merge-conflict
markers: a notebook merged by hand once kept both sides of a cell, and its line of seven
equals signs rendered as a heading."""

from __future__ import annotations

import re
import subprocess

from tests.paths import ROOT

# A marker opens a line, or (in a notebook's JSON) a source line's string.
MARKER = re.compile(r'(?m)(?:^|")(?:<{7} |>{7} |={7}(?:\\n)?(?:"|$)|\|{7} )')
TEXT = (".py", ".md", ".ipynb", ".yml", ".yaml", ".toml", ".txt", ".cfg", ".json", ".js", ".css",
        ".bib", ".cff", ".jsonl", "Makefile", "run", "postBuild")


def tracked_text_files() -> list[str]:
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.splitlines()
    return [name for name in names if name.endswith(TEXT)]


def conflicted(text: str) -> list[str]:
    return [line.strip()[:60] for line in text.splitlines() if MARKER.search(line)]


def test_no_tracked_file_holds_a_merge_conflict():
    files = tracked_text_files()
    assert len(files) > 100
    found = {name: conflicted((ROOT / name).read_text(errors="replace")) for name in files
             if (ROOT / name).is_file()}
    assert not {name: lines for name, lines in found.items() if lines}


def test_the_check_sees_a_conflict_in_text_and_in_a_notebook():
    # The markers are built here, so that this file holds none itself.
    ours, mid, theirs = "<" * 7 + " local", "=" * 7, ">" * 7 + " remote"
    assert conflicted(f"a\n{ours}\nb\n{mid}\nc\n{theirs}\n") == [ours, mid, theirs]
    notebook = f'    "{ours}\\n",\n    "x\\n",\n    "{mid}\\n",\n    "{theirs}"\n'
    assert len(conflicted(notebook)) == 3
    assert conflicted(f"a heading\n{mid}\n") == [mid]  # setext: use # headings instead
    assert conflicted("a | b\n|---|---|\n<<<< not seven\n") == []
