"""Fresh virtual environments for the packaging tests, without the network.

A new environment must not see the course's own ``.venv``, yet the tests may not
download anything. So a package's dependencies (exactly what its metadata asks
for, followed transitively) are linked from ``.venv`` into a folder of their own,
which the new environment sees through a ``.pth`` file; everything else, the
course's editable installs included, stays out of its sight. pip then installs
the wheel under test into the environment (``--no-index``), checking as it does
that every declared dependency is there.

Where a dependency also installs files outside site-packages (JupyterLab's
``share/jupyter``, its ``etc/jupyter`` settings) and console scripts, :func:`as_installed`
puts them where installing it into the new environment would have: the files
linked under its prefix, the scripts written anew for its interpreter.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def dependency_closure(requirements: list[str]) -> set[str]:
    """The distributions ``requirements`` need, transitively, as this interpreter has them
    (names normalised; a distribution's extras only where a requirement asks for them)."""
    seen: dict[str, set[str]] = {}  # distribution -> the extras already followed
    todo = [(Requirement(text), ("",)) for text in requirements]
    while todo:
        requirement, extras_of_parent = todo.pop()
        if requirement.marker and not any(requirement.marker.evaluate({"extra": extra})
                                          for extra in extras_of_parent):
            continue
        name = _normal(requirement.name)
        wanted = {""} | set(requirement.extras)
        if wanted <= seen.get(name, set()):
            continue
        new = wanted - seen.get(name, set())
        seen.setdefault(name, set()).update(wanted)
        requires = metadata.distribution(requirement.name).requires or []
        todo += [(Requirement(text), tuple(new)) for text in requires]
    return set(seen)


def linked_site(distributions: set[str], folder: Path) -> Path:
    """A folder holding links to every top-level file of ``distributions`` (installed here)."""
    folder.mkdir(parents=True)
    for name in sorted(distributions):
        for entry in {file.parts[0] for file in metadata.distribution(name).files or []
                      if file.parts and file.parts[0] != ".."}:
            source = Path(metadata.distribution(name).locate_file(entry))
            if source.exists() and not (folder / entry).exists():
                (folder / entry).symlink_to(source)
    return folder


def fresh_environment(path: Path, visible: Path | None = None) -> Path:
    """A new virtual environment at ``path`` (no pip of its own) that also sees ``visible``;
    its Python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True, timeout=120)
    python = path / "bin" / "python"
    if visible is not None:
        purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                                 capture_output=True, text=True, check=True).stdout.strip()
        Path(purelib, "dependencies.pth").write_text(f"{visible}\n")
    return python


def pip_install(python: Path, *arguments: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """This environment's pip, installing into the environment of ``python``: no index, no
    configured folder of wheels, so that a missing dependency fails instead of arriving."""
    environment = {key: value for key, value in os.environ.items() if not key.startswith("PIP_")}
    environment["PIP_CONFIG_FILE"] = os.devnull
    return subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                           "--no-index", "--disable-pip-version-check", *arguments],
                          capture_output=True, text=True, timeout=600, cwd=cwd, env=environment)


def as_installed(distributions: set[str], python: Path) -> None:
    """What installing ``distributions`` into ``python``'s environment would add besides
    their packages: their files under the prefix (``share/``, ``etc/``; linked) and their
    console scripts (written for ``python``, as pip writes them)."""
    prefix, here = python.parent.parent, Path(sys.prefix).resolve()
    bin_folder = python.parent
    for name in sorted(distributions):
        distribution = metadata.distribution(name)
        for file in distribution.files or []:
            if not file.parts or file.parts[0] != "..":
                continue
            source = Path(distribution.locate_file(file)).resolve()
            relative = source.relative_to(here)
            if relative.parts[0] == "bin":  # scripts that name this interpreter: written below
                continue
            target = prefix / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            if not target.exists():
                target.symlink_to(source)
        for entry in distribution.entry_points.select(group="console_scripts"):
            script = bin_folder / entry.name
            module, _, attribute = entry.value.partition(":")
            script.write_text(f"#!{python}\nimport sys\nfrom {module} import {attribute.split('.')[0]}\n"
                              f"sys.exit({attribute}())\n")
            script.chmod(0o755)
