"""Compare evaluate() with a trec_eval program's ``-c -q`` output, value by value.

Every measure rankmetrics_lite implements that trec_eval also has (those with a
``Measure.trec_eval_name``) is requested at the cutoffs below; trec_eval prints
4 decimals, so a value agrees when it prints the same at 4 decimals.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from rankmetrics_lite._evaluate import evaluate
from rankmetrics_lite._trec_io import (
    read_trec_qrels,
    read_trec_qrels_columns,
    read_trec_run,
    read_trec_run_columns,
)
from rankmetrics_lite.measures import CATALOGUE, Measure
from tests.library.trec_eval_programs import run_trec_eval

# Small cutoffs for short rankings, trec_eval's defaults, and past 1,000 documents.
CUTOFFS = (1, 2, 3, 5, 10, 15, 20, 30, 100, 200, 500, 1000, 1100)


def comparable_measures() -> list[Measure]:
    """Each measure family both releases of trec_eval also have, averaged over queries, at
    every cutoff it takes. A family with a parameter (RBP) has its own test (trec_eval 10.0's
    rbp must run alone); the command line's byte-for-byte tests
    (test_trec_eval_command_line.py) cover every measure and option."""
    chosen = []
    for family in CATALOGUE.values():
        if family.parameter is not None or family.aggregate != "mean" or len(family.trec_eval_releases) < 2:
            continue
        cutoffs = {"required": CUTOFFS, "optional": (None, *CUTOFFS), "none": (None,)}[family.cutoff]
        chosen += [Measure(family.name, k) for k in cutoffs if Measure(family.name, k).trec_eval_name]
    return chosen


def trec_eval_options(measures: list[Measure]) -> list[str]:
    """``-m`` options asking trec_eval for exactly these measures (``-m P.1,2,3``)."""
    params: dict[str, list[str]] = {}
    for measure in measures:
        name = measure.trec_eval_name
        if measure.cutoff is None:
            params.setdefault(name, [])
        else:
            base = re.fullmatch(r"(.+)_([0-9]+)", name)[1]
            params.setdefault(base, []).append(str(measure.cutoff))
    return [f"-m{base}" + (f".{','.join(ks)}" if ks else "") for base, ks in params.items()]


@dataclass
class Comparison:
    """What was compared and every value that differs (measure, qid, ours, trec_eval's)."""

    compared: int = 0
    differences: list = field(default_factory=list)

    def add(self, other: Comparison) -> None:
        self.compared += other.compared
        self.differences += other.differences


def agree_at_four_decimals(ours: float, printed: str) -> bool:
    """``printed`` is trec_eval's ``%6.4f``; a value within 1e-9 of a rounding tie may go either way."""
    if f"{ours:.4f}" == printed.strip():
        return True
    return abs(abs(ours - float(printed)) - 5e-5) < 1e-9


def compare_with_binary(binary: Path, release: str, qrels_file: Path, run_file: Path, level: int,
                        columns: bool = False) -> Comparison:
    """Read both files with the package's readers, evaluate, and compare with ``trec_eval -c -q``;
    ``columns``: read and evaluate them as columns instead of dicts."""
    measures = comparable_measures()
    theirs = run_trec_eval(binary, qrels_file, run_file, "-c", f"-l{level}", *trec_eval_options(measures))
    qrels, run = read_trec_qrels(qrels_file), read_trec_run(run_file)
    names = [m.name for m in measures]
    kwargs = dict(relevance_level=level, trec_eval_version=release)
    given = (read_trec_run_columns(run_file), read_trec_qrels_columns(qrels_file)) if columns else (run, qrels)
    per_query = evaluate(*given, names, per_query=True, **kwargs)
    means = evaluate(*given, names, **kwargs)
    return compare_tables(per_query, means, theirs, measures, expected_queries(release, qrels, run))


def expected_queries(release: str, qrels: dict, run: dict) -> set[str]:
    """The queries ``-c -q`` prints: 10.0 every judged query, 9.0.8 only those also in the run."""
    return set(qrels) if release == "10.0" else set(qrels) & set(run)


def compare_tables(per_query: dict, means: dict, theirs: dict, measures: list[Measure],
                   queries: set[str]) -> Comparison:
    """Compare per-query values and means with a parsed trec_eval output."""
    result = Comparison()
    printed = set(theirs) - {"all"}
    if printed != queries:
        result.differences.append(("queries printed", sorted(printed ^ queries), None, None))
    rows = [(qid, per_query.get(qid, {})) for qid in sorted(printed)] + [("all", means)]
    for qid, ours in rows:
        for measure in measures:
            printed_value = theirs[qid].get(measure.trec_eval_name)
            result.compared += 1
            if measure.name not in ours or printed_value is None:
                result.differences.append((measure.name, qid, ours.get(measure.name), printed_value))
            elif not agree_at_four_decimals(ours[measure.name], printed_value):
                result.differences.append((measure.name, qid, ours[measure.name], printed_value))
    return result
