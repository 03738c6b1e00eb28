"""Benchmark: read + evaluate from TREC files, side by side with the trec_eval 10.0 program.

For each size (by default 20,000 and 100,000 queries x 100 documents) the
script writes one seeded collection (bench_evaluate's) as a qrels and a run
file, then times, in a fresh process each, ``read_trec_qrels_columns`` +
``read_trec_run_columns`` + ``evaluate`` (the columns), the same with the dict
readers ``read_trec_qrels`` + ``read_trec_run`` (unless ``--no-dicts``), and
``trec_eval -c`` built from
``../shared/trec_eval/10.0`` beside the repository (skipped, with a message,
when those sources are absent). Each runs ``--repeats`` times, interleaved;
the table gives median wall-clock and CPU times (CPU time suffers less from a
busy machine), their ratios to trec_eval, the read and evaluate times inside
our process (without interpreter start and imports), and the peak resident
memory of each process. The means of both are compared at 4 decimals.

    python benchmarks/bench_files.py                          # 20k and 100k queries
    python benchmarks/bench_files.py --queries 2000 --repeats 1   # a quick look
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_evaluate import MEASURES, make_collection

ROOT = Path(__file__).resolve().parents[1]
TREC_EVAL_SOURCES = ROOT.parent / "shared" / "trec_eval" / "10.0"
TREC_EVAL_OPTIONS = ["-c", "-mP.10", "-mrecall.100", "-mRprec", "-mmap", "-mrecip_rank", "-mndcg_cut.10"]


def write_files(n_queries: int, n_docs: int, seed: int, folder: Path) -> tuple[Path, Path]:
    """The collection as ``qrels`` and ``run`` files (run lines in rank order)."""
    run, qrels = make_collection(n_queries, n_docs, seed)
    qrels_file, run_file = folder / f"qrels.{n_queries}", folder / f"run.{n_queries}"
    with open(qrels_file, "w") as out:
        for qid, judged in qrels.items():
            out.writelines(f"{qid} 0 {docno} {grade}\n" for docno, grade in judged.items())
    with open(run_file, "w") as out:
        for qid, ranking in run.items():
            ranked = sorted(ranking.items(), key=lambda item: (-item[1], item[0]))
            out.writelines(f"{qid} Q0 {d} {r} {s!r} bench\n" for r, (d, s) in enumerate(ranked, 1))
    return qrels_file, run_file


def build_trec_eval(folder: Path) -> Path | None:
    if not (TREC_EVAL_SOURCES / "trec_eval.c").is_file():
        print(f"trec_eval 10.0's sources are not in {TREC_EVAL_SOURCES}: trec_eval is skipped")
        return None
    target = folder / "trec_eval-10.0"
    shutil.copytree(TREC_EVAL_SOURCES, target)
    subprocess.run(["make", "-C", str(target), "trec_eval"], check=True, capture_output=True)
    return target / "trec_eval"


def timed(command: list[str]) -> tuple[float, float, str, float]:
    """Wall-clock seconds, peak resident MiB, stdout and CPU seconds of one process alone."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(process.pid, 0)  # this child's own rusage
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0), err.seek(0)
        if process.returncode != 0:
            raise RuntimeError(f"{command[0]} failed: {err.read()[-2000:]}")
        cpu = usage.ru_utime + usage.ru_stime
        return seconds, usage.ru_maxrss / 1024, out.read(), cpu  # ru_maxrss: KiB on Linux


def ours_child(form: str, qrels_file: str, run_file: str) -> None:
    """Read both files (as columns or as dicts) and evaluate; print the seconds
    each took (imports and interpreter start excluded) and the means."""
    from rankmetrics_lite import evaluate
    from rankmetrics_lite import (read_trec_qrels, read_trec_qrels_columns, read_trec_run,
                                          read_trec_run_columns)

    start = time.perf_counter()
    if form == "columns":
        run, qrels = read_trec_run_columns(run_file), read_trec_qrels_columns(qrels_file)
    else:
        run, qrels = read_trec_run(run_file), read_trec_qrels(qrels_file)
    read = time.perf_counter()
    means = evaluate(run, qrels, MEASURES)
    print(f"seconds read {read - start:.3f} evaluate {time.perf_counter() - read:.3f}")
    for name, value in means.items():
        print(f"mean {name} {value:.4f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, nargs="+", default=[20_000, 100_000])
    parser.add_argument("--docs", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=20240617)
    parser.add_argument("--no-dicts", action="store_true", help="time only the columns readers")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    parser.add_argument("--write", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        ours_child(*args.child)
        return 0
    if args.write:
        write_files(int(args.write[0]), args.docs, args.seed, Path(args.write[1]))
        return 0

    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        binary = build_trec_eval(folder)
        rows = []
        for n_queries in args.queries:
            # Written by a process of its own: a child's peak memory (ru_maxrss) counts
            # the memory of the process it was forked from, which must stay small.
            subprocess.run([sys.executable, __file__, "--write", str(n_queries), str(folder),
                            "--docs", str(args.docs), "--seed", str(args.seed)], check=True)
            qrels_file, run_file = folder / f"qrels.{n_queries}", folder / f"run.{n_queries}"
            forms = ["columns"] if args.no_dicts else ["columns", "dicts"]
            results: dict[str, list[tuple[float, float, str, float]]] = {
                **{f"rankmetrics_lite ({form})": [] for form in forms}, "trec_eval 10.0": []}
            for _ in range(args.repeats):
                for form in forms:
                    command = [sys.executable, __file__, "--child", form, str(qrels_file), str(run_file)]
                    results[f"rankmetrics_lite ({form})"].append(timed(command))
                if binary is not None:
                    command = [str(binary), *TREC_EVAL_OPTIONS, str(qrels_file), str(run_file)]
                    results["trec_eval 10.0"].append(timed(command))
            status |= _means_differ(results)
            rows.append((n_queries, results))
        _print_table(rows, args.docs)
    return status


def _means_differ(results: dict) -> int:
    """1 (and a message) if trec_eval's means and ours differ at 4 decimals."""
    if not results["trec_eval 10.0"]:
        return 0
    theirs = {}
    for line in results["trec_eval 10.0"][0][2].splitlines():
        measure, qid, value = line.split()
        theirs[measure] = value
    from rankmetrics_lite.measures import parse_measure

    status = 0
    for tool, runs in results.items():
        if tool.startswith("trec_eval"):
            continue
        ours = {line.split()[1]: line.split()[2] for line in runs[0][2].splitlines() if line.startswith("mean ")}
        wrong = {m: (v, theirs.get(parse_measure(m).trec_eval_name)) for m, v in ours.items()
                 if theirs.get(parse_measure(m).trec_eval_name) != v}
        if wrong or not ours:
            print(f"{tool}: means differ from trec_eval 10.0: {wrong}")
            status = 1
    return status


def _print_table(rows: list, n_docs: int) -> None:
    print("\n| queries x docs | tool | median time (s) | time / trec_eval | median CPU (s) | CPU / trec_eval "
          "| read + evaluate in process (s) | peak memory (MiB) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for n_queries, results in rows:
        runs_of_trec_eval = results["trec_eval 10.0"]
        baseline = statistics.median(r[0] for r in runs_of_trec_eval) if runs_of_trec_eval else None
        cpu_baseline = statistics.median(r[3] for r in runs_of_trec_eval) if runs_of_trec_eval else None
        for tool, runs in results.items():
            if not runs:
                continue
            median = statistics.median(r[0] for r in runs)
            ratio = f"{median / baseline:.2f}" if baseline else "-"
            cpu = statistics.median(r[3] for r in runs)
            cpu_ratio = f"{cpu / cpu_baseline:.2f}" if cpu_baseline else "-"
            inner = [_inner_seconds(r[2]) for r in runs]
            inner_text = "-" if None in inner else " + ".join(
                f"{statistics.median(part):.2f}" for part in zip(*inner))
            print(f"| {n_queries:,} x {n_docs} | {tool} | {median:.2f} | {ratio} | {cpu:.2f} | {cpu_ratio} | {inner_text} "
                  f"| {max(r[1] for r in runs):,.0f} |")


def _inner_seconds(stdout: str) -> tuple[float, float] | None:
    for line in stdout.splitlines():
        if line.startswith("seconds read"):
            words = line.split()
            return float(words[2]), float(words[4])
    return None


if __name__ == "__main__":
    sys.exit(main())
