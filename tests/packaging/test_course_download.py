"""The online book's course download, taken home: linked from the home page and every chapter,
unpacked into an empty folder, set up by its README's lines (offline, with the wheels it
carries; myst-nb without the book builder it declares), opened in JupyterLab, and chapter 2 run
top to bottom. Each chapter's own download is the archive's notebook, byte for byte."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path
from urllib.parse import urljoin

import pytest

from rankmetrics_course.tools.course_download import ARCHIVE, CHAPTER_PACKAGES, NO_DEPS_PACKAGES, readme
from tests.packaging.environments import as_installed, dependency_closure, linked_site
from tests.paths import ROOT, chapter_notebooks

pytestmark = [pytest.mark.packaging, pytest.mark.kernel]
CHAPTER = "02-precision-at-k.ipynb"


def links_to_the_archive(page: Path) -> list[Path]:
    """Where the page's links to the course download point, as files of the built book."""
    hrefs = re.findall(r'href="([^"]*' + re.escape(ARCHIVE) + ')"', page.read_text())
    return [Path(urljoin(page.as_uri(), href).removeprefix("file://")) for href in hrefs]


def test_the_home_page_and_every_chapter_link_the_download(built_book):
    archive = built_book / ARCHIVE
    assert archive.is_file()
    for page in [built_book / "book" / "index.html",
                 *(built_book / "book" / f"{p.stem}.html" for p in chapter_notebooks())]:
        links = links_to_the_archive(page)
        assert links and all(link == archive for link in links), (page.name, links)
    home = re.sub(r"<[^>]+>", "", (built_book / "book" / "index.html").read_text())
    assert "python3 -m venv .venv" in home and "jupyter lab chapters" in home
    assert "Ranking Metrics 0.2.0" in home  # the release, in the footer


def test_the_download_holds_every_chapter_both_wheels_and_pins(built_book):
    with zipfile.ZipFile(built_book / ARCHIVE) as bundle:
        names = bundle.namelist()
        top = names[0].split("/")[0]
        requirements = bundle.read(f"{top}/requirements.txt").decode()
        no_deps = bundle.read(f"{top}/requirements-nodeps.txt").decode()
    assert sorted(n.split("/")[-1] for n in names if "/chapters/" in n) == sorted(
        [p.name for p in chapter_notebooks()] + ["bibliography.ipynb"])
    assert {n.split("/")[-1].split("-")[0] for n in names if n.endswith(".whl")} == {
        "rankmetrics_lite", "rankmetrics_course"}
    pinned = {line.split("==")[0] for line in requirements.splitlines() if "==" in line}
    assert pinned == set(CHAPTER_PACKAGES)
    assert {line.split("==")[0] for line in no_deps.splitlines() if "==" in line} == set(NO_DEPS_PACKAGES)


def test_each_chapters_own_download_is_the_archives_notebook(built_book):
    """The ".ipynb" of a chapter's download menu: the archive's notebook (terms, citations and
    exercise numbers written out, how to install first), not the book's source."""
    with zipfile.ZipFile(built_book / ARCHIVE) as bundle:
        top = bundle.namelist()[0].split("/")[0]
        for path in chapter_notebooks():
            page = built_book / "book" / f"{path.stem}.html"
            menu = re.search(r'<a href="([^"]*)"[^>]*\n?\s*class="[^"]*btn-download-source-button', page.read_text())
            assert menu, f"{page.name} offers no .ipynb"
            own = Path(urljoin(page.as_uri(), menu[1]).removeprefix("file://"))
            assert own.read_bytes() == bundle.read(f"{top}/chapters/{path.name}"), page.name
            assert "{cite" not in own.read_text() and "How to run this notebook" in own.read_text()


def readme_commands(readme: str) -> list[str]:
    """The shell lines of the README's first code block: what a reader types."""
    block = re.search(r"```bash\n(.*?)```", readme, flags=re.S)[1]
    return [line.strip() for line in block.splitlines() if line.strip()]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(url: str, what: str, seconds: float) -> bytes:
    """GET ``url`` until it answers 200, for ``seconds`` at most; the failure names ``what``."""
    deadline, last = time.monotonic() + seconds, None
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=10) as answer:
                return answer.read()
        except OSError as error:
            last = error
            time.sleep(1)
    pytest.fail(f"waited {seconds:.0f} s for {what} at {url}; last answer: {last}")


@pytest.fixture(scope="module")
def unpacked(built_book, tmp_path_factory):
    """The download unpacked in an empty folder and set up by its README's lines, offline:
    the chapters' dependencies are linked in from this environment, the two packages come
    from the wheels in the download."""
    home = tmp_path_factory.mktemp("reader")
    with zipfile.ZipFile(built_book / ARCHIVE) as bundle:
        bundle.extractall(home)
    folder = next(home.iterdir())
    venv, install, install_no_deps, trust, lab = readme_commands((folder / "README.md").read_text())
    assert venv == "python3 -m venv .venv" and install == ".venv/bin/pip install -r requirements.txt"
    assert install_no_deps == ".venv/bin/pip install --no-deps -r requirements-nodeps.txt"
    assert trust == ".venv/bin/jupyter trust chapters/*.ipynb"
    assert lab == ".venv/bin/python -m rankmetrics_course.tools.lab chapters"
    # python3 is the interpreter this environment was made from, as a reader's would be.
    environment = {"PATH": f"{Path(sys.base_prefix) / 'bin'}:/usr/bin:/bin",
                   "HOME": str(home), "JUPYTER_PLATFORM_DIRS": "1", "PIP_CONFIG_FILE": os.devnull,
                   "PIP_NO_INDEX": "1", "MPLBACKEND": "Agg", "PYTHONHASHSEED": "0"}
    subprocess.run(venv.split(), cwd=folder, env=environment, check=True, timeout=300)
    pinned = [line for line in (folder / "requirements.txt").read_text().splitlines() if "==" in line]
    purelib = next((folder / ".venv" / "lib").glob("python3*/site-packages"))
    # myst-nb alone, as its README line installs it: none of the book builder it declares.
    dependencies = dependency_closure(pinned) | set(NO_DEPS_PACKAGES)
    site = linked_site(dependencies, home / "dependencies")
    (purelib / "dependencies.pth").write_text(f"{site}\n")
    as_installed(dependencies, folder / ".venv" / "bin" / "python")
    for line in (install, install_no_deps, trust):
        done = subprocess.run(line, shell=True, cwd=folder, env=environment, capture_output=True,
                              text=True, timeout=600)
        assert done.returncode == 0, line + "\n" + done.stdout[-3000:] + done.stderr[-3000:]
    return folder, environment


def test_the_chapters_run_without_the_book_builder(unpacked):
    folder, environment = unpacked
    found = subprocess.run([".venv/bin/python", "-c", "import importlib.util as u; "
                            "print([m for m in ('sphinx', 'myst_parser', 'jupyter_cache') if u.find_spec(m)])"],
                           cwd=folder, env=environment, capture_output=True, text=True, timeout=120)
    assert found.returncode == 0 and found.stdout.strip() == "[]", found.stdout + found.stderr
    # What the chapters call of myst-nb: glue, in a kernel's shell.
    glue = subprocess.run([".venv/bin/python", "-c", "from IPython.core.interactiveshell import "
                           "InteractiveShell; InteractiveShell.instance(); from myst_nb import glue; "
                           "glue('share', 0.25, display=False); print('glued')"],
                          cwd=folder, env=environment, capture_output=True, text=True, timeout=120)
    assert glue.stdout.strip() == "glued", glue.stdout + glue.stderr


def test_the_packages_come_from_the_downloads_wheels(unpacked):
    folder, environment = unpacked
    where = subprocess.run([".venv/bin/python", "-c", "import rankmetrics_lite, rankmetrics_course; "
                            "print(rankmetrics_lite.__file__); print(rankmetrics_course.__file__)"],
                           cwd=folder, env=environment, capture_output=True, text=True, timeout=120)
    assert where.returncode == 0, where.stderr
    assert all(line.startswith(str(folder / ".venv")) for line in where.stdout.split()), where.stdout
    assert str(ROOT) not in where.stdout


def open_lab(command: list[str], folder: Path, environment: dict, notebook: str) -> None:
    """Start JupyterLab with ``command`` as a reader types it (server options added, nothing
    else: as root, it must start without our adding --allow-root), open ``notebook``, stop."""
    port, token = free_port(), "reader"
    server = subprocess.Popen([*command, "--no-browser", f"--port={port}",
                               f"--IdentityProvider.token={token}", "--ServerApp.ip=127.0.0.1"],
                              cwd=folder, env=environment, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 180
        while server.poll() is None and time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=10).close()
                break
            except OSError:
                time.sleep(1)
        assert server.poll() is None, f"JupyterLab exited: {server.stderr.read().decode()[-2000:]}"
        page = wait_for(f"{base}/lab/tree/{notebook}?token={token}", "JupyterLab's page", 60)
        assert b"JupyterLab" in page
        model = json.loads(wait_for(f"{base}/api/contents/{notebook}?token={token}",
                                    "the notebook's contents", 60))
        assert model["type"] == "notebook" and model["content"]["cells"]
    finally:
        server.terminate()
        server.wait(timeout=60)


def test_jupyterlab_opens_the_chapters(unpacked):
    folder, environment = unpacked
    lab = readme_commands((folder / "README.md").read_text())[-1]
    open_lab(lab.split(), folder, environment, CHAPTER)


def test_the_readmes_lab_line_starts_jupyterlab_as_whoever_runs_it(tmp_path):
    """The README's last line, typed by root (in a container, say) or anyone else, starts
    JupyterLab: here with this environment's Python in the place of the download's .venv."""
    lab = readme_commands(readme("0.0"))[-1].split()
    assert lab[0].startswith(".venv/bin/")
    (tmp_path / "chapters").mkdir()
    (tmp_path / "chapters" / CHAPTER).write_text(json.dumps(
        {"cells": [{"cell_type": "markdown", "metadata": {}, "source": "# 2"}], "metadata": {},
         "nbformat": 4, "nbformat_minor": 5}))
    environment = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "JUPYTER_PLATFORM_DIRS": "1"}
    open_lab([str(Path(sys.executable).with_name(Path(lab[0]).name)), *lab[1:]], tmp_path,
             environment, CHAPTER)


def test_chapter_2_runs_top_to_bottom(unpacked):
    folder, environment = unpacked
    done = subprocess.run([".venv/bin/jupyter", "nbconvert", "--to", "notebook", "--execute",
                           f"chapters/{CHAPTER}", "--output", "executed.ipynb",
                           "--ExecutePreprocessor.timeout=600"],
                          cwd=folder, env=environment, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr[-3000:]
    executed = json.loads((folder / "chapters" / "executed.ipynb").read_text())
    outputs = [o for c in executed["cells"] if c["cell_type"] == "code" for o in c["outputs"]]
    assert outputs and not [o for o in outputs if o["output_type"] == "error"]
    # Each exercise's check answered (the solutions, folded into markdown, do not run).
    assert any("no answer yet" in json.dumps(o.get("data", {})) for o in outputs)
