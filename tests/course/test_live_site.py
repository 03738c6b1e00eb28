"""The live site as built (``rankmetrics_course.tools.live_site``), without a browser: what it
serves and from where, which chapters it runs and why the others not, and its set-up code."""

from __future__ import annotations

import hashlib
import json
import re

import nbformat
import pytest
from rankmetrics_course import live
from rankmetrics_course.tools.live_chapters import NO_PYODIDE, NOT_SERVED, for_the_browser, not_live
from rankmetrics_course.tools.live_site import PYODIDE_URL, LiveSiteError, build

from tests.paths import BOOK, ROOT

PACKAGE = ROOT / "course" / "rankmetrics_course"


def _notebook(*code: str):
    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in code])


def test_a_chapter_importing_a_module_without_pyodide_build_is_not_live():
    assert not_live(_notebook("import numpy"), PACKAGE) is None
    assert not_live(_notebook("x = 1", "from pytrec_eval import RelevanceEvaluator"),
                    PACKAGE) == NO_PYODIDE["pytrec_eval"]
    spark = nbformat.read(BOOK / "19-evaluating-at-scale.ipynb", as_version=4)
    assert not_live(spark, PACKAGE) == NO_PYODIDE["pyspark"]


def test_a_chapter_whose_own_modules_load_data_the_site_may_not_serve_is_not_live():
    # Chapter 24's module loads MovieLens (its notebook calls the chapter's module, not the loader).
    assert not_live(_notebook("from rankmetrics_course.chapters.recommenders_offline import movielens"),
                    PACKAGE) == NOT_SERVED["movielens_small"]
    assert not_live(_notebook("from rankmetrics_course.chapters.precision_at_k import view"), PACKAGE) is None


def test_the_browser_edition_installs_what_the_chapter_imports():
    edition = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("---\nfront: matter\n---\n```{note} How to run\nvenv\n```",
                                      id="how-to-run"),
        nbformat.v4.new_code_cell("from sklearn.metrics import ndcg_score")])
    out = for_the_browser(edition, 14)
    assert out.cells[0].source.startswith("---\nfront: matter\n---\n```{note} Running in your browser")
    assert 'await live.set_up(["scikit-learn"])' in out.cells[1].source
    assert out.cells[2].source == edition.cells[1].source
    with pytest.raises(ValueError, match="jupyterlab_edition"):
        for_the_browser(_notebook("import numpy"), 2)


def test_the_site_address_comes_from_the_kernel_worker_address():
    worker = "https://example.org/book/live/extensions/@jupyterlite/pyodide-kernel-extension/static/1.js"
    assert live.site_url(worker) == "https://example.org/book/live/"
    with pytest.raises(ValueError, match="location"):
        live.site_url("https://example.org/book/live/lab/index.html")


def test_wheel_addresses_come_from_the_site_index():
    index = {"comm": {"releases": {"0.2.2": [{"url": "./comm-0.2.2-py3-none-any.whl"}],
                                   "0.10.0": [{"url": "./comm-0.10.0-py3-none-any.whl"}]}}}
    assert live.wheel_urls(index, "https://h/live/pypi/", ["comm"]) == [
        "https://h/live/pypi/comm-0.10.0-py3-none-any.whl"]
    with pytest.raises(KeyError, match="names: .*'psygnal'"):
        live.wheel_urls(index, "https://h/live/pypi/", ["psygnal"])


def test_a_missing_pyodide_stops_the_build_naming_the_option(tmp_path):
    with pytest.raises(LiveSiteError, match="--pyodide: .*make pyodide-dist"):
        build(ROOT, tmp_path / "live", tmp_path / "no-pyodide", tmp_path)


def _sha256(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_built_site_serves_everything_itself(built_book):
    site = built_book / "live"
    settings = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = settings["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == PYODIDE_URL and kernel["disablePyPIFallback"] is True
    # Pyodide as make pyodide-dist verified it, file for file.
    verified = ROOT / "_build" / "pyodide"
    served = site / "static" / "pyodide"
    assert sorted(p.name for p in served.iterdir()) == sorted(p.name for p in verified.iterdir())
    assert all(_sha256(served / p.name) == _sha256(p) for p in verified.iterdir())
    # Every wheel that requirements-live.txt pins, and both packages.
    pinned = re.findall(r"^([a-z0-9-]+)==([^ ]+)", (ROOT / "requirements-live.txt").read_text(), re.M)
    index = json.loads((site / "pypi" / "all.json").read_text())
    for name, version in pinned + [("rankmetrics-lite", None), ("rankmetrics-course", None)]:
        assert name in index and (version is None or version in index[name]["releases"]), name
    assert set(index) >= set(live.SITE_WHEELS)
    # The chapters that run, and no data the site may not serve.
    record = json.loads((site / "chapters.json").read_text())
    assert sorted(p.name for p in (site / "files").glob("*.ipynb")) == record["served"]
    assert "19-evaluating-at-scale.ipynb" in record["refused"]
    assert not list((site / "data").glob("movielens/**/*.csv"))
    assert not list((site / "data").glob("llm-judges/**/*"))
