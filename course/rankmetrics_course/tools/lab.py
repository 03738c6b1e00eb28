"""Open JupyterLab on a folder, as root too: the launcher the course download's README runs.

Usage: python -m rankmetrics_course.tools.lab FOLDER [JUPYTERLAB OPTIONS ...]

It runs ``jupyter lab FOLDER ...`` from the same environment, adding ``--allow-root``
when run as root: JupyterLab refuses to start as root unless told, and containers and
cloud machines often run as root. ``make lab`` does the same for the repository.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path


def command(arguments: list[str], as_root: bool) -> list[str]:
    """The JupyterLab command line for ``arguments`` (``--allow-root`` added as root).

    >>> command(["chapters"], as_root=True)[1:]
    ['lab', 'chapters', '--allow-root']
    >>> command(["chapters"], as_root=False)[1:]
    ['lab', 'chapters']
    """
    here = Path(sys.executable).parent  # this environment's jupyter, not another one on PATH
    jupyter = shutil.which("jupyter", path=str(here)) or "jupyter"
    root_flag = ["--allow-root"] if as_root and "--allow-root" not in arguments else []
    return [jupyter, "lab", *arguments, *root_flag]


def main(argv: list[str]) -> int:
    as_root = hasattr(os, "geteuid") and os.geteuid() == 0
    if as_root:
        print("Running as root: JupyterLab gets --allow-root.", file=sys.stderr)
    argv = command(argv, as_root)
    if os.name == "posix":  # JupyterLab takes this process's place: Ctrl-C reaches it alone
        os.execv(argv[0], argv)
    return subprocess.call(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
