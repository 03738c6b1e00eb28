"""Every C/W/L measure against cwl_eval 1.0.12, on seeded TREC collections and trec_eval's own.

For each collection the run is ranked by trec_eval 10.0's rule (score descending, then
document id descending) and written in that order as a TREC run file, with plain ASCII ids
(cwl_eval reads its result file in file order and splits lines on any whitespace); the gain
file holds each judged document's grade over its query's highest grade, as ``evaluate``
reads C/W/L gains. Then, on every query both evaluate:

* cwl_eval's own classes read the files (its TrecQrelHandler, RankingMaker and measure
  classes, as its ``main`` uses them) and report all five expectations at full precision,
  compared with :func:`cwl_measure` (1e-9) and the rate of gain with ``evaluate`` too;
* the ``cwl-eval`` program itself runs on the files, and its printed 4 decimals must be
  ours rounded.

``python tests/library/test_user_models_against_cwl_eval.py`` prints the number of values
compared and the largest difference per measure.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from rankmetrics_lite import cwl_measure, evaluate, rank_by_score, read_trec_qrels, read_trec_run
from tests.library.trec_collections import random_collection
from tests.paths import TREC_EVAL_TEST

pytestmark = pytest.mark.reference

SEEDS = range(12)
# Our name -> cwl_eval's class and its arguments as its metrics file writes them.
MEASURES = {
    "CWL_P@1": ("PrecisionCWLMetric", "1"), "CWL_P@10": ("PrecisionCWLMetric", "10"),
    "CWL_P@20": ("PrecisionCWLMetric", "20"), "CWL_RBP(p=0.5)": ("RBPCWLMetric", "0.5"),
    "CWL_RBP(p=0.95)": ("RBPCWLMetric", "0.95"), "CWL_RR": ("RRCWLMetric", ""),
    "CWL_AP": ("APCWLMetric", ""), "SDCG@5": ("NDCGCWLMetric", "5"), "SDCG@10": ("NDCGCWLMetric", "10"),
    "INST(T=1)": ("INSTCWLMetric", "1.0"), "INST(T=3)": ("INSTCWLMetric", "3.0"),
    "INSQ(T=2)": ("INSQCWLMetric", "2.0"), "TBG(halflife=22)": ("TBGCWLMetric", "22.0"),
    "UMeasure(L=50)": ("UMeasureCWLMetric", "50.0"), "BPM(T=2)@10": ("BPMCWLMetric", "2.0,10"),
    "NERR8@10": ("NERReq8CWLMetric", "10"), "NERR9@10": ("NERReq9CWLMetric", "10"),
    "NERR10(phi=0.8)": ("NERReq10CWLMetric", "0.8"),
    "NERR11(T=2)": ("NERReq11CWLMetric", "2.0"),
}
_CLASSES = {"PrecisionCWLMetric": "cwl_precision", "RBPCWLMetric": "cwl_rbp", "RRCWLMetric": "cwl_rr",
            "APCWLMetric": "cwl_ap", "NDCGCWLMetric": "cwl_dcg", "INSTCWLMetric": "cwl_inst",
            "INSQCWLMetric": "cwl_insq", "TBGCWLMetric": "cwl_tbg", "UMeasureCWLMetric": "cwl_umeasure",
            "BPMCWLMetric": "cwl_bpm", "NERReq8CWLMetric": "cwl_nerr", "NERReq9CWLMetric": "cwl_nerr",
            "NERReq10CWLMetric": "cwl_nerr",
            "NERReq11CWLMetric": "cwl_nerr"}
FIELDS = ("rate_of_gain", "total_gain", "rate_of_cost", "total_cost", "depth")  # EU ETU EC ETC ED


def _metric(name: str):
    cls, args = MEASURES[name]
    module = importlib.import_module(f"cwl.ruler.measures.{_CLASSES[cls]}")
    values = [float(a) if "." in a else int(a) for a in args.split(",") if a]
    return getattr(module, cls)(*values)


def write_files(run: dict, qrels: dict, folder: Path) -> tuple[Path, Path, dict]:
    """The run in trec_eval 10.0's order and the gains, as files cwl_eval reads; returns the
    paths and each judged query's gains in rank order (the ranking both sides read)."""
    qid_name = {qid: f"Q{i}" for i, qid in enumerate(sorted(set(run) | set(qrels)))}
    doc_name: dict = {}
    gains_of: dict = {}
    run_lines, gain_lines = [], []
    for qid, judged in qrels.items():
        top = max(1, max(judged.values(), default=0))
        for doc, grade in judged.items():
            doc_name.setdefault(doc, f"D{len(doc_name)}")
            gain_lines.append(f"{qid_name[qid]} 0 {doc_name[doc]} {repr(max(grade, 0) / top)}")
    for qid, scores in run.items():
        if qid not in qrels or not scores:
            continue
        top = max(1, max(qrels[qid].values(), default=0))
        ranked = rank_by_score(scores)
        gains_of[qid] = [max(qrels[qid].get(doc, 0), 0) / top for doc in ranked]
        for rank, doc in enumerate(ranked, start=1):
            doc_name.setdefault(doc, f"D{len(doc_name)}")
            run_lines.append(f"{qid_name[qid]} Q0 {doc_name[doc]} {rank} {len(ranked) - rank} run")
    run_file, gain_file = folder / "run.txt", folder / "gains.txt"
    run_file.write_text("\n".join(run_lines) + "\n")
    gain_file.write_text("\n".join(gain_lines) + "\n")
    return run_file, gain_file, {qid_name[q]: (q, g) for q, g in gains_of.items()}


def cwl_eval_values(run_file: Path, gain_file: Path, names) -> dict:
    """{(query, measure): the five expectations}, by cwl_eval's own classes, read as its main reads."""
    from cwl.ruler.ranking import RankingMaker
    from cwl.seeker.trec_qrel_handler import TrecQrelHandler

    gains = TrecQrelHandler(str(gain_file))
    topics: dict = {}
    for line in run_file.read_text().splitlines():
        topic, element, doc, *_ = line.split()
        topics.setdefault(topic, RankingMaker(topic, gains, None)).add(doc, element)
    out = {}
    for topic, maker in topics.items():
        ranking = maker.get_ranking()
        for name in names:
            metric = _metric(name)
            metric.measure(ranking)
            out[topic, name] = metric.get_scores()
    return out


def cwl_eval_program(run_file: Path, gain_file: Path, names, folder: Path) -> dict:
    """{(query, metric's printed name): the five printed numbers} from the cwl-eval program."""
    metrics = folder / "metrics.txt"
    metrics.write_text("".join(f"{MEASURES[n][0]}({MEASURES[n][1]})\n" for n in names))
    program = Path(sys.executable).with_name("cwl-eval")
    done = subprocess.run([sys.executable, str(program), str(gain_file), str(run_file), "-m", str(metrics)],
                          capture_output=True, text=True, cwd=folder, check=True)  # it writes cwl.log here
    rows = [line.split("\t") for line in done.stdout.splitlines() if line.strip()]
    return [(row[0], [float(v) for v in row[2:7]]) for row in rows]


def compare(run: dict, qrels: dict, folder: Path, differences: dict | None = None) -> None:
    run_file, gain_file, gains_of = write_files(run, qrels, folder)
    names = list(MEASURES)
    reference = cwl_eval_values(run_file, gain_file, names)
    per_query = evaluate(run, qrels, names, per_query=True)
    printed = cwl_eval_program(run_file, gain_file, names, folder)
    assert len(printed) == len(reference)
    for (topic, name), (got_topic, numbers) in zip(reference, printed):
        qid, gains = gains_of[topic]
        ours = cwl_measure(gains, name)
        values = [getattr(ours, f) for f in FIELDS]
        want = reference[topic, name]
        gap = float(np.max(np.abs(np.subtract(values, want))))
        gap = max(gap, abs(per_query[qid][name] - want[0]))
        if differences is not None:
            n, largest = differences.get(name, (0, 0.0))
            differences[name] = (n + 6, max(largest, gap))
        assert gap < 1e-9, (name, qid, values, want, per_query[qid][name])
        assert got_topic == topic
        assert np.allclose(numbers, np.round(want, 4), atol=1.5e-4), (name, topic, numbers, want)


@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_collections_agree_with_cwl_eval(seed, tmp_path):
    collection = random_collection(seed)
    compare(collection.run, collection.qrels, tmp_path)


@pytest.mark.skipif(not TREC_EVAL_TEST.exists() and os.environ.get("CI") != "true",
                    reason="trec_eval's test collection is not beside the repository")
def test_trec_eval_test_collection_agrees_with_cwl_eval(tmp_path):
    qrels = read_trec_qrels(TREC_EVAL_TEST / "qrels.test")
    run = read_trec_run(TREC_EVAL_TEST / "results.test")
    compare(run, qrels, tmp_path)


def test_a_graded_collection_reaches_every_model():
    # The cross-check means something only if the collections exercise what differs between
    # models: graded gains below 1, rankings longer than the depth, queries without gain.
    gains = [g for seed in SEEDS for g in _gains_seen(seed)]
    assert any(0 < g < 1 for g in gains) and max(len(random_collection(0).run[q])
                                                for q in random_collection(0).run) > 1000


def _gains_seen(seed):
    collection = random_collection(seed)
    for qid, judged in collection.qrels.items():
        top = max(1, max(judged.values()))
        yield from (max(g, 0) / top for g in judged.values())


if __name__ == "__main__":
    import tempfile

    found: dict = {}
    with tempfile.TemporaryDirectory() as folder:
        for seed in SEEDS:
            case = random_collection(seed)
            compare(case.run, case.qrels, Path(folder), found)
        compare(read_trec_run(TREC_EVAL_TEST / "results.test"),
                read_trec_qrels(TREC_EVAL_TEST / "qrels.test"), Path(folder), found)
    for name, (n, largest) in found.items():
        print(f"{name:<18} {n:>6} values  largest difference {largest:.2e}")
