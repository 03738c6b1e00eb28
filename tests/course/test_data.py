"""The real-data layer: files read from a named folder or downloaded, always checked.

The download path is driven for real: a copy of the local mirror is served on 127.0.0.1 and
``RANKMETRICS_DATA_URL`` points the data layer at it, into a cache of the test's own.
"""

from __future__ import annotations

import hashlib
import http.server
import json
import shutil
import threading
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest

from rankmetrics_course import data
from rankmetrics_course.data import store, syndl
from tests.paths import REAL_DATA

pytestmark = pytest.mark.skipif(not REAL_DATA.is_dir(), reason="the real data's local mirror is absent")

ROBUST = ("urbano-sigir2018", "data/robust2004_ap.csv")


def mirror_sums() -> dict[str, str]:
    lines = (REAL_DATA / "SHA256SUMS").read_text().splitlines()
    return {path.strip(): digest for digest, path in (line.split(None, 1) for line in lines if line)}


def test_every_pinned_file_is_the_mirrors_file():
    sums = mirror_sums()
    pinned = {f"{src.folder}/{path}": digest for src in data.SOURCES.values()
              for path, digest in src.files.items()}
    assert pinned == sums


def test_loaders_read_the_mirror(monkeypatch):
    monkeypatch.setenv(store.FOLDER_VARIABLE, str(REAL_DATA))
    robust = data.trec_per_topic("robust2004", "AP")
    assert robust.scores.shape == (249, 110) and robust.topics[0] == "301"
    assert not robust.scores.flags.writeable
    assert data.trec_per_topic("adhoc8", "P@10").scores.shape == (50, 129)
    judges = data.llm_judges()
    assert len(judges.nist) == 4423 and len(judges.judges) == 33
    assert all(len(labels) == 4423 for labels in judges.judges.values())
    assert len(data.gpt4_judged_pairs().nist) == 22327
    dl = data.dl_ndcg10(2019)
    assert dl["nist"].scores.shape == (43, 36) and dl["gpt4"].runs == dl["nist"].runs
    web = data.web2012()
    assert len(web.topics) == 50 and set(web.runs) == {"ql-cata", "rm-cata", "ql-catb", "rm-catb"}
    ratings = data.movielens_small()
    assert len(ratings.ratings) == 100836 and len(np.unique(ratings.users)) == 610


def test_a_named_folder_that_lacks_a_file_says_which_and_what_to_do(tmp_path):
    with pytest.raises(data.DataUnavailable) as error:
        data.trec_per_topic("robust2004", "AP", folder=tmp_path)
    message = str(error.value)
    assert "urbano-sigir2018" in message and "data/robust2004_ap.csv" in message
    assert "is missing" in message and "RANKMETRICS_DATA" in message


def test_a_folder_that_does_not_exist_is_named(tmp_path):
    with pytest.raises(data.DataUnavailable, match="does not exist"):
        data.trec_per_topic("robust2004", "AP", folder=tmp_path / "nowhere")


def test_a_tampered_file_in_a_named_folder_is_refused(tmp_path):
    source = data.source(ROBUST[0])
    copy = tmp_path / source.folder / ROBUST[1]
    copy.parent.mkdir(parents=True)
    text = (REAL_DATA / source.folder / ROBUST[1]).read_bytes()
    copy.write_bytes(text.replace(b"0.3471", b"0.3472", 1))
    with pytest.raises(data.DataUnavailable, match="not the published file"):
        data.trec_per_topic("robust2004", "AP", folder=tmp_path)
    copy.write_bytes(text)
    assert data.trec_per_topic("robust2004", "AP", folder=tmp_path).scores[0, 1] == 0.3471


# ---------------------------------------------------------------- downloads --

class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the mirror's copy; a path in ``cut`` is answered with half its bytes and closed."""

    cut: set[str] = set()

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path.lstrip("/") in self.cut:
            body = Path(self.translate_path(self.path)).read_bytes()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        super().do_GET()


@contextmanager
def served(folder: Path, cut: set[str] = frozenset()):
    handler = type("Handler", (_Handler,), {"cut": set(cut)})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), lambda *a, **k: handler(*a, directory=str(folder), **k))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def mirror_copy(tmp_path):
    """A copy of the mirror's files of two sources, to serve (and to tamper with)."""
    root = tmp_path / "served"
    for key in ("urbano-sigir2018", "movielens-small"):
        src = data.source(key)
        shutil.copytree(REAL_DATA / src.folder, root / src.folder)
    return root


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """No data folder: the data layer downloads, into this test's own cache."""
    monkeypatch.delenv(store.FOLDER_VARIABLE, raising=False)
    folder = tmp_path / "cache"
    monkeypatch.setenv(store.CACHE_VARIABLE, str(folder))
    store._checked.clear()
    return folder


def leftovers(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def test_a_clean_download_fills_the_cache_and_a_second_call_needs_no_network(mirror_copy, cache, monkeypatch):
    with served(mirror_copy) as url:
        monkeypatch.setenv(store.MIRROR_VARIABLE, url)
        first = data.trec_per_topic("robust2004", "AP")
        ratings = data.movielens_small()
    assert leftovers(cache) == ["movielens/ml-latest-small/movies.csv",
                                "movielens/ml-latest-small/ratings.csv",
                                "trec-per-topic/urbano-sigir2018-simulation/data/robust2004_ap.csv"]
    # The server is gone: the cache answers, checked again in a new process's way.
    store._checked.clear()
    again = data.trec_per_topic("robust2004", "AP")
    assert np.array_equal(first.scores, again.scores) and len(ratings.ratings) == 100836


def test_a_tampered_download_is_refused_and_nothing_is_kept(mirror_copy, cache, monkeypatch):
    served_file = mirror_copy / data.source(ROBUST[0]).folder / ROBUST[1]
    served_file.write_bytes(served_file.read_bytes().replace(b"0.3471", b"0.3472", 1))
    with served(mirror_copy) as url:
        monkeypatch.setenv(store.MIRROR_VARIABLE, url)
        with pytest.raises(data.DataUnavailable) as error:
            data.trec_per_topic("robust2004", "AP")
    assert "not the published one" in str(error.value) and "nothing was kept" in str(error.value)
    assert leftovers(cache) == []


def test_a_transfer_cut_half_way_is_refused_and_nothing_is_kept(mirror_copy, cache, monkeypatch):
    path = f"{data.source(ROBUST[0]).folder}/{ROBUST[1]}"
    with served(mirror_copy, cut={path}) as url:
        monkeypatch.setenv(store.MIRROR_VARIABLE, url)
        with pytest.raises(data.DataUnavailable) as error:
            data.trec_per_topic("robust2004", "AP")
    message = str(error.value)
    assert "robust2004_ap.csv" in message and ("stopped after" in message or "could not download" in message)
    assert leftovers(cache) == []


def test_no_network_and_an_empty_cache_names_the_file_and_the_way_out(cache, monkeypatch):
    with served(cache.parent) as url:
        pass  # the port is closed again: nothing listens there
    monkeypatch.setenv(store.MIRROR_VARIABLE, url)
    with pytest.raises(data.DataUnavailable) as error:
        data.movielens_small()
    message = str(error.value)
    assert "movielens-small" in message and "ratings.csv" in message
    assert "could not download" in message and "RANKMETRICS_DATA" in message
    assert leftovers(cache) == []


def test_a_damaged_cache_file_is_downloaded_again(mirror_copy, cache, monkeypatch):
    damaged = cache / data.source(ROBUST[0]).folder / ROBUST[1]
    damaged.parent.mkdir(parents=True)
    damaged.write_bytes(b"topic,sys1\n301,0.5\n")
    with served(mirror_copy) as url:
        monkeypatch.setenv(store.MIRROR_VARIABLE, url)
        assert data.trec_per_topic("robust2004", "AP").scores.shape == (249, 110)
    assert hashlib.sha256(damaged.read_bytes()).hexdigest() == data.source(ROBUST[0]).files[ROBUST[1]]


def test_the_upstream_addresses_are_pinned_commits():
    for src in data.SOURCES.values():
        assert src.upstream.startswith("https://raw.githubusercontent.com/")
        commit = src.upstream.split("/")[5]
        assert len(commit) == 40, src.key
    assert data.source("trec-web-2012-baselines").upstream_url("ql-results-cata-filtered.txt").endswith(
        "/data/runs/baselines/2012/ql/results-cata-filtered.txt")
    assert "robust2004%28noD%29_ap.csv" in data.source("urbano-sigir2018").upstream_url("data/robust2004(noD)_ap.csv")


# ---------------------------------------------------------------- SynDL's table --

def _syndl_upstream(root: Path) -> list[str]:
    """A small stand-in for SynDL's repository: two runs' trec_eval -q outputs for 2019."""
    outputs = {
        "TREC-DLs-results/dl2019/ndcgeval/b-run.ndcgeval": "ndcg_cut_10 \t7\t0.5000\nndcg_cut_10 \tall\t0.5\n",
        "TREC-DLs-results/dl2019/ndcgeval/a-run.ndcgeval": "map \t7\t0.1\nndcg_cut_10 \t7\t0.2500\n",
        "TREC-DLs-results/dl2019/ndcgeval/input.a-run.ndcgeval": "ndcg_cut_10 \t7\t0.9999\n",
        "SynDL-full-results/dl2019/ndcgeval/a-run.ndcgeval": "ndcg_cut_10 \t8\t0.7500\n",
    }
    for path, text in outputs.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    tree = {"tree": [{"path": p, "type": "blob"} for p in outputs] + [{"path": "x", "type": "tree"}]}
    (root / "tree.json").write_text(json.dumps(tree))
    return list(outputs)


def test_the_syndl_table_keeps_the_ndcg_cut_10_lines_of_each_run():
    table = syndl.table_from_outputs(
        ["TREC-DLs-results/dl2019/ndcgeval/b.ndcgeval", "TREC-DLs-results/dl2019/ndcgeval/a.ndcgeval"],
        {"TREC-DLs-results/dl2019/ndcgeval/a.ndcgeval": b"ndcg_cut_10 \t5\t0.1000\nndcg_cut_10\tall\t0.1\n",
         "TREC-DLs-results/dl2019/ndcgeval/b.ndcgeval": b"P_10 \t5\t1\nndcg_cut_10 \t5\t0.2000\n"}.__getitem__)
    assert table == (b"year,qrels,run,topic,ndcg_cut_10\r\n2019,nist,a,5,0.1000\r\n"
                     b"2019,nist,b,5,0.2000\r\n")


def test_the_syndl_table_is_built_from_upstream_and_checked(tmp_path, cache):
    upstream = tmp_path / "syndl"
    _syndl_upstream(upstream)
    expected_text = (b"year,qrels,run,topic,ndcg_cut_10\r\n2019,nist,a-run,7,0.2500\r\n"
                     b"2019,nist,b-run,7,0.5000\r\n2019,syndl_gpt4,a-run,8,0.7500\r\n")
    pin = hashlib.sha256(expected_text).hexdigest()
    with served(upstream) as url:
        with pytest.raises(data.DataUnavailable, match="nothing was kept"):
            syndl.derived_syndl_table(listing_url=f"{url}/tree.json", upstream=f"{url}/",
                                      expected="0" * 64)
        assert leftovers(cache) == []
        built = syndl.derived_syndl_table(listing_url=f"{url}/tree.json", upstream=f"{url}/",
                                          expected=pin)
    assert built.read_bytes() == expected_text
    # Cached: the same table again with no server behind the addresses.
    assert syndl.derived_syndl_table(listing_url=f"{url}/tree.json", upstream=f"{url}/",
                                     expected=pin) == built


def test_the_mirrors_syndl_table_is_the_pinned_table():
    import gzip
    text = gzip.decompress((REAL_DATA / "llm-judges/syndl" / syndl.SYNDL_TABLE).read_bytes())
    assert hashlib.sha256(text).hexdigest() == syndl.TABLE_SHA256
