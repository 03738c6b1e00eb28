"""Benchmark: rankmetrics_lite.evaluate against pytrec_eval (and ranx, if installed).

One seeded synthetic collection (by default 100,000 queries x 100 retrieved
documents, 1 to 10 relevant documents per query, some never retrieved, grades
1-3, scores rounded to 4 decimals so that ties occur), six measures, each tool
timed end to end from the same Python dicts: building its input structures,
scoring every query and averaging. Each tool runs ``--repeats`` times
(interleaved, so that machine noise hits all of them alike); the table shows the
median time, the ratio to rankmetrics_lite, and the peak memory one call adds
(measured once per tool, each in a fresh process). The means of the tools are
compared at the end; the exit status is 1 if they differ from pytrec_eval's.

    python benchmarks/bench_evaluate.py                 # the full benchmark
    python benchmarks/bench_evaluate.py --queries 2000  # a quick look

ranx is optional (``pip install ranx``); it is skipped when it is missing. Its
first call compiles code with numba, so a warm-up call on a tiny collection
runs before the timings.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from rankmetrics_lite import evaluate
from rankmetrics_lite.measures import parse_measure

MEASURES = ["P@10", "R@100", "Rprec", "AP", "RR", "nDCG@10"]
RANX_NAMES = {"P@10": "precision@10", "R@100": "recall@100", "Rprec": "r-precision",
              "AP": "map", "RR": "mrr", "nDCG@10": "ndcg@10"}


def draw_collection(n_queries: int, n_docs: int, seed: int) -> tuple[np.ndarray, ...]:
    """The seeded draws behind make_collection, as arrays (queries x documents):
    document numbers, grades and scores, and the 10 ranks judged not relevant."""
    rng = np.random.default_rng(seed)
    pool = n_docs + 20
    # Distinct ids within a query: a prime stride modulo 10**7 never repeats in `pool` steps.
    ids = (np.arange(n_queries)[:, None] * 7919 + np.arange(pool)[None, :] * 104729) % 10**7
    n_relevant = rng.integers(1, 11, size=n_queries)
    grades = np.zeros((n_queries, pool), dtype=np.int64)
    relevant_at = np.argsort(rng.random((n_queries, pool)), axis=1)
    for column in range(10):
        rows = np.flatnonzero(n_relevant > column)
        grades[rows, relevant_at[rows, column]] = rng.integers(1, 4, size=rows.size)
    scores = np.round(rng.normal(size=(n_queries, n_docs)) + 0.8 * grades[:, :n_docs], 4)
    judged_non_relevant = np.argsort(rng.random((n_queries, n_docs)), axis=1)[:, :10]
    return ids, grades, scores, judged_non_relevant


def make_collection(n_queries: int, n_docs: int, seed: int) -> tuple[dict, dict]:
    """A run {qid: {docid: score}} and qrels {qid: {docid: grade}}, seeded.

    Each query retrieves n_docs documents and has 1 to 10 relevant ones (grades
    1-3), drawn from its top n_docs + 20 candidates, so that some are never
    retrieved; 10 retrieved documents are judged not relevant (grade 0).
    """
    ids, grades, scores, judged_non_relevant = draw_collection(n_queries, n_docs, seed)
    run, qrels = {}, {}
    for q in range(n_queries):
        docids = [f"doc{n}" for n in ids[q].tolist()]
        run[f"q{q}"] = dict(zip(docids[:n_docs], scores[q].tolist()))
        judged = {docids[i]: 0 for i in judged_non_relevant[q].tolist()}
        judged.update((docids[i], g) for i, g in enumerate(grades[q].tolist()) if g > 0)
        qrels[f"q{q}"] = judged
    return run, qrels


# ------------------------------------------------------------------ tools --


def with_rankmetrics_lite(run: dict, qrels: dict) -> dict[str, float]:
    return evaluate(run, qrels, MEASURES)


def with_pytrec_eval(run: dict, qrels: dict) -> dict[str, float]:
    import pytrec_eval

    names = {m: parse_measure(m).trec_eval_name for m in MEASURES}
    per_query = pytrec_eval.RelevanceEvaluator(qrels, set(names.values())).evaluate(run)
    # trec_eval -c: average over every judged query (a query missing from the run scores 0).
    return {m: sum(q.get(te, 0.0) for q in per_query.values()) / len(qrels) for m, te in names.items()}


def with_ranx(run: dict, qrels: dict) -> dict[str, float]:
    import ranx

    means = ranx.evaluate(ranx.Qrels(qrels), ranx.Run(run), [RANX_NAMES[m] for m in MEASURES])
    return {m: float(means[RANX_NAMES[m]]) for m in MEASURES}


def available_tools(with_ranx_wanted: bool) -> dict[str, Callable[[dict, dict], dict[str, float]]]:
    tools = {"rankmetrics_lite": with_rankmetrics_lite, "pytrec_eval": with_pytrec_eval}
    if not with_ranx_wanted:
        return tools
    try:
        import ranx  # noqa: F401
    except ImportError:
        print("ranx is not installed: skipped (pip install ranx to include it)")
    else:
        tiny_run, tiny_qrels = make_collection(5, 10, seed=1)
        with_ranx(tiny_run, tiny_qrels)  # numba compiles here, not in the timings
        tools["ranx"] = with_ranx
    return tools


# ----------------------------------------------------------- measurement --


def timed_call(tool: Callable, run: dict, qrels: dict) -> tuple[float, dict]:
    """Seconds of wall-clock time for one call, and its result."""
    gc.collect()
    start = time.perf_counter()
    result = tool(run, qrels)
    return time.perf_counter() - start, result


def _resident_kib(field: str) -> int | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def peak_extra_mib(tool: Callable, run: dict, qrels: dict) -> float:
    """How far one call lifts the process's peak resident memory above its
    resident memory before the call, in MiB.

    On Linux the peak (VmHWM) is first reset to the current size, so the
    number is exact; elsewhere it is the growth of ru_maxrss, a lower bound.
    """
    gc.collect()
    try:  # hand freed heap pages back to the OS, so that the peak starts low
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass
    before = _resident_kib("VmRSS")
    try:
        Path("/proc/self/clear_refs").write_text("5")  # "5": reset VmHWM (Linux)
        exact = before is not None
    except OSError:
        exact = False
    if not exact:
        import resource

        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    tool(run, qrels)
    if exact:
        return (_resident_kib("VmHWM") - before) / 1024
    import resource

    return (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024


def memory_in_fresh_process(name: str, args: argparse.Namespace) -> str:
    """Peak extra memory of one tool, measured in a process of its own, so that
    what earlier calls left in the heap does not blur the number."""
    command = [sys.executable, __file__, "--memory-of", name, "--queries", str(args.queries),
               "--docs", str(args.docs), "--seed", str(args.seed)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        return "failed"
    return f"{float(done.stdout.split()[-1]):,.0f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=100_000)
    parser.add_argument("--docs", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=20240617)
    parser.add_argument("--no-ranx", action="store_true", help="leave ranx out even if installed")
    parser.add_argument("--no-memory", action="store_true", help="skip the memory measurements")
    parser.add_argument("--memory-of", help=argparse.SUPPRESS)  # used by memory_in_fresh_process
    args = parser.parse_args(argv)

    start = time.perf_counter()
    run, qrels = make_collection(args.queries, args.docs, args.seed)
    if args.memory_of:
        tools = available_tools(args.memory_of == "ranx")
        print(peak_extra_mib(tools[args.memory_of], run, qrels))
        return 0
    n_judged = sum(map(len, qrels.values()))
    print(
        f"collection: {args.queries:,} queries x {args.docs} documents "
        f"({args.queries * args.docs:,} run lines, {n_judged:,} judgements), "
        f"built in {time.perf_counter() - start:.1f} s"
    )
    tools = available_tools(not args.no_ranx)
    times: dict[str, list[float]] = {name: [] for name in tools}
    means: dict[str, dict[str, float]] = {}
    for repeat in range(args.repeats):
        for name, tool in tools.items():
            seconds, means[name] = timed_call(tool, run, qrels)
            times[name].append(seconds)
            print(f"  repeat {repeat + 1}: {name:<16} {seconds:7.2f} s", flush=True)
    del run, qrels
    memory = {name: "n/a" if args.no_memory else memory_in_fresh_process(name, args) for name in tools}

    ours = statistics.median(times["rankmetrics_lite"])
    python = sys.version.split()[0]
    print(f"\nmeasures: {', '.join(MEASURES)}; median of {args.repeats} runs, Python {python}")
    print("| tool | median time (s) | time / rankmetrics_lite | peak extra memory (MiB) |")
    print("|---|---:|---:|---:|")
    for name in tools:
        median = statistics.median(times[name])
        print(f"| {name} | {median:.2f} | {median / ours:.2f} | {memory[name]} |")

    print("\nmeans:")
    print("| measure | " + " | ".join(tools) + " |")
    print("|---|" + "---:|" * len(tools))
    for m in MEASURES:
        print(f"| {m} | " + " | ".join(f"{means[name][m]:.6f}" for name in tools) + " |")
    exit_code = 0
    for name in tools:
        if name == "rankmetrics_lite":
            continue
        gap = max(abs(means[name][m] - means["rankmetrics_lite"][m]) for m in MEASURES)
        verdict = "identical (|difference| <= 1e-12)" if gap <= 1e-12 else f"differ by up to {gap:.2e}"
        print(f"rankmetrics_lite vs {name}: {verdict}")
        if name == "pytrec_eval" and gap > 1e-12:
            exit_code = 1  # pytrec_eval is the reference: a difference is a bug
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
