"""evaluate() against the real trec_eval programs, 10.0 and 9.0.8, built from their sources.

Both sides start from the same files: trec_eval reads them itself, the package
through read_trec_qrels/read_trec_run, so the readers are under test as well as
evaluate. Every measure the package shares with trec_eval is compared per query
and for the mean, at 4 decimals (what trec_eval prints), with ``-c -q`` at
relevance levels 1 and 2: on trec_eval's own test collection and on seeded
random collections (tests/trec_collections.py says what they hold).
Run with ``-rA`` to see the figures (values compared, values that differ).
"""

from __future__ import annotations

import pytest

from rankmetrics_lite._trec_io import (
    read_trec_qrels,
    read_trec_qrels_columns,
    read_trec_run,
    read_trec_run_columns,
)
from tests.library.trec_collections import random_collection, write_collection
from tests.library.trec_eval_compare import Comparison, compare_with_binary
from tests.library.trec_eval_programs import RELEASES, TEST_COLLECTION, missing, trec_eval_binary

# Compared with the real trec_eval 10.0 and 9.0.8 programs, built from their sources.
pytestmark = pytest.mark.reference

SEEDS = range(60)
LEVELS = (1, 2)

# trec_eval's own collection: (qrels, run); 9.0.8 has no comment lines, so it
# reads only the files without them.
OWN_CASES = {
    "10.0": [("qrels.test", "results.test"), ("qrels.test", "results.trunc"),
             ("qrels.rel_level", "results.test"), ("qrels.comment.test", "results.comment.test")],
    "9.0.8": [("qrels.test", "results.test"), ("qrels.test", "results.trunc"),
              ("qrels.rel_level", "results.test")],
}


@pytest.fixture(scope="module", params=RELEASES)
def release(request):
    """(release, its trec_eval program), built once per test run."""
    return request.param, trec_eval_binary(request.param)


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """{seed: (collection, plain files, files with comment lines)} for every seed."""
    folder = tmp_path_factory.mktemp("random_collections")
    collections = {}
    for seed in SEEDS:
        collection = random_collection(seed)
        collections[seed] = (collection, write_collection(collection, folder, seed, comments=False),
                             write_collection(collection, folder, seed, comments=True))
    return collections


def _report(what: str, comparison: Comparison) -> None:
    shown = "\n".join(map(str, comparison.differences[:20]))
    print(f"{what}: {comparison.compared} values compared, {len(comparison.differences)} differ")
    assert comparison.compared > 0
    assert not comparison.differences, f"{what}: {len(comparison.differences)} values differ:\n{shown}"


@pytest.mark.parametrize("level", LEVELS)
def test_trec_eval_test_collection(release, level):
    name, binary = release
    if not TEST_COLLECTION.is_dir():
        missing("trec_eval's test collection (data/trec_eval_test/)")
    total = Comparison()
    for qrels_file, run_file in OWN_CASES[name]:
        for columns in (False, True):
            total.add(compare_with_binary(binary, name, TEST_COLLECTION / qrels_file,
                                          TEST_COLLECTION / run_file, level, columns))
    _report(f"trec_eval {name}, its test collection, -l{level}", total)


@pytest.mark.parametrize("columns", [False, True], ids=["dicts", "columns"])
@pytest.mark.parametrize("level", LEVELS)
def test_random_collections(release, level, written, columns):
    name, binary = release
    total = Comparison()
    for seed, (_, plain, commented) in written.items():
        # 10.0 reads the files with comment lines, 9.0.8 those without.
        qrels_file, run_file = commented if name == "10.0" else plain
        comparison = compare_with_binary(binary, name, qrels_file, run_file, level, columns)
        comparison.differences = [(seed, *difference) for difference in comparison.differences]
        total.add(comparison)
    _report(f"trec_eval {name}, {len(written)} random collections, -l{level}, "
            f"{'columns' if columns else 'dicts'}", total)


def _as_dict(ids_a, ids_b, values) -> dict:
    text = [[i.decode() if isinstance(i, bytes) else i for i in ids.tolist()] for ids in (ids_a, ids_b)]
    nested: dict = {}
    for qid, docno, value in zip(*text, values.tolist()):
        assert docno not in nested.setdefault(qid, {})
        nested[qid][docno] = value
    return nested


def test_the_readers_read_back_exactly_what_was_written(written):
    for seed, (collection, plain, commented) in written.items():
        for qrels_file, run_file in (plain, commented):
            assert read_trec_qrels(qrels_file) == collection.qrels, (seed, qrels_file.name)
            assert read_trec_run(run_file) == collection.run, (seed, run_file.name)
            qrels, run = read_trec_qrels_columns(qrels_file), read_trec_run_columns(run_file)
            assert _as_dict(qrels.query_ids, qrels.doc_ids, qrels.grades) == collection.qrels, seed
            assert _as_dict(run.query_ids, run.doc_ids, run.scores) == collection.run, seed


def test_the_random_collections_hold_what_they_promise(written):
    collections = [collection for collection, _, _ in written.values()]
    runs = [collection.run for collection in collections]
    assert any(len(ranking) > 1000 for run in runs for ranking in run.values())
    assert any(len(ranking) == 1 for run in runs for ranking in run.values())
    assert any(set(c.qrels) - set(c.run) for c in collections)  # judged, not run
    assert any(set(c.run) - set(c.qrels) for c in collections)  # run, not judged
    assert any(all(g <= 0 for g in judged.values()) for c in collections for judged in c.qrels.values())
    scores = {score for run in runs for ranking in run.values() for score in ranking.values()}
    assert {0.1, 0.1 + 1e-9, 16777216.0, 16777217.0, 1e39, -1e300} <= scores


def test_missing_sources_skip_but_fail_under_ci(monkeypatch, tmp_path):
    from tests.library import trec_eval_programs

    monkeypatch.setattr(trec_eval_programs, "SOURCES", tmp_path / "absent")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"trec_eval 10\.0's source .* is not in shared/"):
        trec_eval_binary("10.0")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI checks out shared/ beside the clone"):
        trec_eval_binary("10.0")


def test_the_random_files_hold_every_form_they_promise(written):
    texts = [path.read_bytes() for _, plain, commented in written.values() for path in (*plain, *commented)]
    for form in (b"\r\n", b"\t", b"   ", b"0x", b"0X", b"E+", b"e-", b"+0", b" .", b"extra", b"\n#", b"\n  #",
                 "\u00a0".encode(), "😀".encode(), "文".encode()):
        assert any(form in text for text in texts), form
    assert any(not text.endswith(b"\n") for text in texts)
    assert any(b"\r\n" not in text for text in texts)
