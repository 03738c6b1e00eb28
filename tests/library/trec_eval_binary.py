"""Run a trec_eval program on runs and qrels given as dicts, for the conformance
tests of the incomplete-judgement measures (the programs are built by
``trec_eval_programs``)."""

from __future__ import annotations

import subprocess
from pathlib import Path

# Building the programs is trec_eval_programs' job; this module runs them on
# files written from dicts and reads their output as numbers.
from tests.library.trec_eval_programs import TEST_COLLECTION, build_trec_eval, trec_eval_binary  # noqa: F401


def run(binary: Path, qrels: Path, results: Path, *options: str) -> dict[str, dict[str, float]]:
    """``trec_eval -q <options> qrels results`` as {qid or 'all': {measure: value}}."""
    done = subprocess.run([str(binary), "-q", *options, str(qrels), str(results)],
                          capture_output=True, text=True, timeout=120, check=True)
    table: dict[str, dict[str, float]] = {}
    for line in done.stdout.splitlines():
        measure, qid, value = line.split("\t")
        table.setdefault(qid, {})[measure.strip()] = float(value)
    return table


def write_qrels(path: Path, qrels: dict[str, dict[str, int]]) -> Path:
    path.write_text("".join(f"{q} 0 {d} {g}\n" for q, docs in qrels.items() for d, g in docs.items()))
    return path


def write_run(path: Path, run: dict[str, dict[str, float]]) -> Path:
    """The run with its scores written exactly (repr), so both sides read the same doubles."""
    lines = [f"{q} Q0 {d} 0 {s!r} r\n" for q, docs in run.items() for d, s in docs.items()]
    path.write_text("".join(lines))
    return path
