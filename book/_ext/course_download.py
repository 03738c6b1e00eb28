"""What a reader needs to take the course home, and to find where it comes from.

* The download: the build writes ``ranking-metrics-course.zip`` beside the book
  (every chapter notebook, both packages' wheels, a requirements file and a
  README; see ``rankmetrics_course.tools.course_download``). Every page's download
  menu links it, the home page says how to use it, and so does each footer.
* Each chapter alone: a chapter's ".ipynb" in its download menu is the notebook the course
  download holds (``notebooks/NN-name.ipynb``, the JupyterLab edition: citations, terms and
  exercise numbers written out, a first cell saying how to install what it needs), not the
  book's source, which only the book's build can read whole.
* The whole book as one PDF: ``make pdf`` writes ``ranking-metrics.pdf`` beside the book
  (``rankmetrics_course.tools.book_pdf``); once it is there, every page's download menu links it.
* The repository: one setting, ``repository.url`` in ``_config.yml``. Empty (the
  default), no button points anywhere; set, the repository, issues and launch
  (Binder) buttons appear, and the footer names the address.
* The footer of every page: the course's version and date (of its last commit,
  or of the build outside a git checkout), and its licence.

``course_root`` (a Sphinx setting) names the folder that holds the packages and
the requirements when the book is built from a copy of its pages (the student
edition); the notebooks always come from the book being built.
"""

from __future__ import annotations

import datetime
import html
import shutil
import subprocess
from pathlib import Path

from rankmetrics_course import __version__
from rankmetrics_course.tools.course_download import ARCHIVE, notebook_text, write_course_download
from rankmetrics_course.tools.jupyterlab_edition import edition

# Each chapter's notebook, as the course download holds it, in this folder of the built book.
NOTEBOOKS = "notebooks"
# The whole book as one PDF, which `make pdf` writes beside the book: linked once it is there.
BOOK_PDF = "ranking-metrics.pdf"

BINDER = "https://mybinder.org"


def _repository_buttons(app, config) -> None:
    """Buttons that need the repository appear exactly when its address is set."""
    options = config.html_theme_options
    url = (options.get("repository_url") or "").strip()
    options["repository_url"] = url
    options["use_repository_button"] = options["use_issues_button"] = bool(url)
    launch = options.setdefault("launch_buttons", {})
    launch["binderhub_url"] = BINDER if url else ""


def _release_date(root: Path) -> datetime.date:
    """The date of the course's last commit; today's outside a git checkout."""
    try:
        done = subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%cs"],
                              capture_output=True, text=True, timeout=30)
        return datetime.date.fromisoformat(done.stdout.strip())
    except (OSError, ValueError, subprocess.SubprocessError):
        return datetime.date.today()


def _course_root(app) -> Path:
    return Path(app.config.course_root or app.srcdir).resolve()


def _remember_release(app) -> None:
    date = _release_date(_course_root(app))
    app.config.course_release = f"{__version__}, {date.day} {date:%B %Y}"


def _page(app, pagename, templatename, context, doctree) -> None:
    """The whole course in the page's download menu; the release, licence and download in its footer."""
    pathto = context["pathto"]
    archive = pathto(ARCHIVE, 1)
    chapter = Path(pagename).name
    for button in context.get("header_buttons", []):
        if button.get("label") == "download-buttons":
            button["buttons"].insert(0, {
                "type": "link", "url": archive, "text": "course (.zip)",
                "tooltip": "Download the whole course: every chapter, ready to run",
                "icon": "fas fa-file-zipper", "label": "download-course-button"})
            if (Path(app.outdir) / BOOK_PDF).is_file():
                button["buttons"].insert(1, {
                    "type": "link", "url": pathto(BOOK_PDF, 1), "text": "book (.pdf)",
                    "tooltip": "Download the whole book as one PDF", "icon": "fas fa-book",
                    "label": "download-book-pdf-button"})
            for source in button["buttons"]:
                if source.get("label") == "download-source-button" and chapter[:2].isdigit():
                    source["url"] = pathto(f"{NOTEBOOKS}/{chapter}.ipynb", 1)
                    source["tooltip"] = "Download this chapter's notebook, ready for JupyterLab"
    parts = [f"Ranking Metrics {html.escape(app.config.course_release)}",
             f'<a href="{pathto("LICENSE.txt", 1)}">MIT licence</a>',
             f'<a href="{archive}" download>download the course</a>']
    url = app.config.html_theme_options.get("repository_url")
    if url:
        parts.append(f'<a href="{html.escape(url)}">repository</a>')
    context["theme_extra_footer"] = '<p class="rml-release">' + " · ".join(parts) + "</p>"


def _write_download(app, exception) -> None:
    if exception is not None or app.builder.name != "html":  # not the one-page book of make pdf
        return
    root, out = _course_root(app), Path(app.outdir)
    shutil.copyfile(root / "LICENSE", out / "LICENSE.txt")
    book = Path(app.srcdir) / "book"
    notebooks = edition(book, book / "references.bib")
    write_course_download(root, out / ARCHIVE, book=book, notebooks=notebooks)
    (out / NOTEBOOKS).mkdir(exist_ok=True)
    for name, notebook in notebooks.items():
        (out / NOTEBOOKS / name).write_text(notebook_text(notebook), encoding="utf-8")


def setup(app):
    app.add_config_value("course_root", "", "env")
    app.add_config_value("course_release", "", "env")
    app.connect("config-inited", _repository_buttons)
    app.connect("builder-inited", _remember_release)
    app.connect("html-page-context", _page, priority=600)  # after the theme's buttons (501)
    app.connect("build-finished", _write_download)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
