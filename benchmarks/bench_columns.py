"""Benchmark: evaluate from columns (numpy arrays) against evaluate from dicts and pytrec_eval.

The collection of bench_evaluate.py (same seed and sizes), held two ways: as
``RunColumns``/``QrelsColumns`` (query ids and document ids as numpy byte
strings, scores and grades as numbers: what ``read_trec_run_columns`` returns)
and as the dicts ``{qid: {docid: score}}`` that ``evaluate`` and pytrec_eval
take. Each is scored end to end from what it holds; the input is built before
the clock starts. Tools run in turn ``--repeats`` times; the table gives the
median wall-clock time, the CPU time of that call, the ratio to evaluate from
columns, the memory the input itself occupies (tracemalloc, while building it)
and the peak extra memory one call adds (each tool in a fresh process, which
builds only its own input). The exit status is 1 if the means of the three
differ by more than 1e-12.

    python benchmarks/bench_columns.py                      # 100,000 queries x 100 documents
    python benchmarks/bench_columns.py --queries 2000 --repeats 1   # a quick look
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
import tracemalloc

import numpy as np

from bench_evaluate import MEASURES, draw_collection, make_collection, peak_extra_mib, with_pytrec_eval
from rankmetrics_lite import QrelsColumns, RunColumns, evaluate


def make_columns(n_queries: int, n_docs: int, seed: int) -> tuple[RunColumns, QrelsColumns]:
    """make_collection's run and qrels as columns, built from the same draws with numpy."""
    ids, grades, scores, judged_non_relevant = draw_collection(n_queries, n_docs, seed)
    query_names = np.char.add(b"q", np.arange(n_queries).astype(f"S{len(str(n_queries))}"))
    doc_names = np.char.add(b"doc", ids.astype("S7"))  # (queries, pool); ids < 10**7
    run = RunColumns(np.repeat(query_names, n_docs), doc_names[:, :n_docs].ravel(), scores.ravel())
    judged = grades > 0
    judged[np.arange(n_queries)[:, None], judged_non_relevant] = True
    rows, columns = np.nonzero(judged)
    qrels = QrelsColumns(query_names[rows], doc_names[rows, columns], grades[rows, columns])
    return run, qrels


def from_columns(inputs):
    return evaluate(*inputs, MEASURES)


def from_dicts(inputs):
    return evaluate(*inputs, MEASURES)


def from_pytrec_eval(inputs):
    return with_pytrec_eval(*inputs)


TOOLS = {"evaluate (columns)": (from_columns, make_columns), "evaluate (dicts)": (from_dicts, make_collection),
         "pytrec_eval (dicts)": (from_pytrec_eval, make_collection)}


def build(name: str, args: argparse.Namespace) -> tuple[object, float]:
    """A tool's input, and the MiB it occupies (tracemalloc's count of what stays allocated)."""
    tracemalloc.start()
    inputs = TOOLS[name][1](args.queries, args.docs, args.seed)
    held = tracemalloc.get_traced_memory()[0] / 2**20
    tracemalloc.stop()
    return inputs, held


def memory_in_fresh_process(name: str, args: argparse.Namespace) -> str:
    command = [sys.executable, __file__, "--memory-of", name, "--queries", str(args.queries),
               "--docs", str(args.docs), "--seed", str(args.seed)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    return "failed" if done.returncode else f"{float(done.stdout.split()[-1]):,.0f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=100_000)
    parser.add_argument("--docs", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=20240617)
    parser.add_argument("--no-memory", action="store_true", help="skip the peak memory measurements")
    parser.add_argument("--memory-of", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.memory_of:
        tool, make_inputs = TOOLS[args.memory_of]
        given = make_inputs(args.queries, args.docs, args.seed)
        print(peak_extra_mib(lambda *_: tool(given), None, None))
        return 0

    inputs, held = {}, {}
    for name in TOOLS:
        if name == "pytrec_eval (dicts)":
            inputs[name], held[name] = inputs["evaluate (dicts)"], held["evaluate (dicts)"]
        else:
            inputs[name], held[name] = build(name, args)
    times = {name: [] for name in TOOLS}
    cpu = {name: [] for name in TOOLS}
    means = {}
    for repeat in range(args.repeats):
        for name, (tool, _) in TOOLS.items():
            start, start_cpu = time.perf_counter(), time.process_time()
            means[name] = tool(inputs[name])
            times[name].append(time.perf_counter() - start)
            cpu[name].append(time.process_time() - start_cpu)
            print(f"  repeat {repeat + 1}: {name:<20} {times[name][-1]:7.2f} s", flush=True)
    del inputs
    memory = {name: "n/a" if args.no_memory else memory_in_fresh_process(name, args) for name in TOOLS}

    base = statistics.median(times["evaluate (columns)"])
    print(f"\n{args.queries:,} queries x {args.docs} documents; measures: {', '.join(MEASURES)}; "
          f"median of {args.repeats}, Python {sys.version.split()[0]}, numpy {np.__version__}")
    print("| tool | median time (s) | median CPU (s) | time / columns | input held (MiB) | peak extra memory (MiB) |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in TOOLS:
        median = statistics.median(times[name])
        print(f"| {name} | {median:.2f} | {statistics.median(cpu[name]):.2f} | {median / base:.2f} "
              f"| {held[name]:,.0f} | {memory[name]} |")
    gap = max(abs(means[name][m] - means["evaluate (columns)"][m]) for name in TOOLS for m in MEASURES)
    print(f"\nlargest difference between the tools' means: {gap:.1e}")
    return int(gap > 1e-12)


if __name__ == "__main__":
    sys.exit(main())
