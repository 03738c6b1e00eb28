"""Every tracked text file of the repository, notebooks included, is free of merge-conflict
markers: a notebook merged by hand once kept both sides of a cell, and its line of seven
equals signs rendered as a heading."""

from __future__ import annotations

import re
import subprocess

from tests.paths import REAL_DATA, ROOT

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


# The real data is a local mirror, read or downloaded, never part of the repository.
def copies_of_the_mirror(root, names: list[str], sums_file) -> list[str]:
    """The files among ``names`` (under ``root``) whose SHA-256 a mirror's SHA256SUMS lists."""
    import hashlib

    listed = {line.split()[0]: line.split(None, 1)[1].strip()
              for line in sums_file.read_text().splitlines() if line.strip()}
    found = []
    for name in names:
        path = root / name
        if path.is_file() and not path.is_symlink():
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            if digest in listed:
                found.append(f"{name} (a copy of {listed[digest]})")
    return found


def test_no_file_of_the_real_data_is_committed():
    sums = REAL_DATA / "SHA256SUMS"
    if not sums.exists():
        import pytest
        pytest.skip("the real data's local mirror is absent")
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.splitlines()
    assert len(names) > 100
    assert copies_of_the_mirror(ROOT, names, sums) == []


def test_the_check_sees_a_copied_file(tmp_path):
    (tmp_path / "SUMS").write_text("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08  a/b.csv\n")
    (tmp_path / "renamed.txt").write_text("test")
    (tmp_path / "other.txt").write_text("tests")
    assert copies_of_the_mirror(tmp_path, ["renamed.txt", "other.txt"], tmp_path / "SUMS") == [
        "renamed.txt (a copy of a/b.csv)"]
