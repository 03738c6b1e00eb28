"""Benchmark: ``rankmetrics-trec-eval`` against the trec_eval 10.0 program, side by side, from files.

For each size (by default 2,000, 20,000 and 100,000 queries x 100 documents; add
1,000,000 by hand) the script writes bench_evaluate's seeded collection as a
qrels and a run file, then runs, each in a fresh process and in turn
(``--repeats`` rounds, interleaved, so that the machine's load falls on both),
the trec_eval program built from ``../shared/trec_eval/10.0`` and the package's
command line, with the same arguments, for each measure set below. It reports
the median CPU time (user + system of the process, start-up and imports
included: what a user waits for on a quiet machine), the median wall-clock
time, their ratios to trec_eval, and each program's peak resident memory; and
it checks that both printed the same bytes (exit status 1 if not).

With ``--floor`` (pyarrow installed: ``requirements-spark.txt``), a third row per
size gives the floor the issue sets: pyarrow's single-thread CSV parse of both
files plus ``evaluate`` of the six measures from columns, both timed in CPU
seconds inside one process (start-up, imports and building the columns left out),
and the command line's CPU time as a multiple of it.

    python benchmarks/bench_command_line.py                              # 2k, 20k, 100k
    python benchmarks/bench_command_line.py --queries 2000 --repeats 1   # a quick look
    python benchmarks/bench_command_line.py --queries 1000000 --sets six --no-trec-eval-above 200000
    git archive main rankmetrics_lite | tar -x -C ../before       # the code before a change
    python benchmarks/bench_command_line.py --baseline ../before  # a row for it beside today's

``--baseline DIR`` adds a row per size and measure set: the command line of the
package found in ``DIR`` (run from that folder, first on ``PYTHONPATH``), interleaved with the other
two, so that a change's cost is measured side by side on the same files.

trec_eval matches each judged query to its results by a linear search (trec_eval.c),
so its time grows with the square of the number of queries: above
``--no-trec-eval-above`` queries it is not run (its time is then not measured).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_files import MEASURES, build_trec_eval  # the trec_eval 10.0 program, built in a folder

ROOT = Path(__file__).resolve().parents[1]
OURS = [sys.executable, "-m", "rankmetrics_lite"]
BASELINE = "rankmetrics-trec-eval, baseline"

MEASURE_SETS = {
    # bench_files.py's six measures, as trec_eval spells them
    "six": ["-c", "-mP.10", "-mrecall.100", "-mRprec", "-mmap", "-mrecip_rank", "-mndcg_cut.10"],
    "official": ["-c"],  # trec_eval's default measures
    "all_trec": ["-c", "-m", "all_trec"],
}


def timed(command: list[str], source: Path | None = None) -> tuple[float, float, float, bytes]:
    """CPU seconds (user + system), wall-clock seconds, peak resident MiB and stdout of one process."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        # python -m puts its working folder first on sys.path: run a baseline from its folder
        env = {**os.environ, "PYTHONPATH": str(source)} if source else None
        process = subprocess.Popen(command, stdout=out, stderr=err, env=env, cwd=source)
        _, status, usage = os.wait4(process.pid, 0)  # this child's own rusage
        wall = time.perf_counter() - start
        out.seek(0), err.seek(0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise RuntimeError(f"{' '.join(command[:3])} failed: {err.read()[-2000:].decode(errors='replace')}")
        return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024, out.read()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, nargs="+", default=[2_000, 20_000, 100_000])
    parser.add_argument("--docs", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=20240617)
    parser.add_argument("--sets", nargs="+", default=list(MEASURE_SETS), choices=list(MEASURE_SETS))
    parser.add_argument("--no-trec-eval-above", type=int, default=200_000,
                        help="do not run trec_eval above this many queries (its time is quadratic)")
    parser.add_argument("--floor", action="store_true", help="also time the pyarrow parse + evaluate floor")
    parser.add_argument("--floor-child", nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--baseline", type=Path,
                        help="also run the command line of the rankmetrics_lite found in this folder")
    args = parser.parse_args(argv)
    if args.floor_child:
        floor_child(*args.floor_child)
        return 0

    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; load average at start {os.getloadavg()[0]:.2f}")
    status = 0
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        binary = build_trec_eval(folder)
        # Bytecode as an installed wheel has it (pip compiles at install): with
        # PYTHONDONTWRITEBYTECODE set, every changed module would be compiled on every run.
        sources = [ROOT] + ([args.baseline.resolve()] if args.baseline else [])
        for source in sources:
            subprocess.run([sys.executable, "-m", "compileall", "-q", str(source / "rankmetrics_lite")],
                           check=True, stdout=subprocess.DEVNULL)
        for n_queries in args.queries:
            subprocess.run([sys.executable, str(Path(__file__).with_name("bench_files.py")), "--write",
                            str(n_queries), str(folder), "--docs", str(args.docs), "--seed", str(args.seed)],
                           check=True)
            files = [str(folder / f"qrels.{n_queries}"), str(folder / f"run.{n_queries}")]
            for name in args.sets:
                options = MEASURE_SETS[name]
                runs: dict[str, list] = {"trec_eval 10.0": [], "rankmetrics-trec-eval": []}
                for _ in range(args.repeats):
                    if binary is not None and n_queries <= args.no_trec_eval_above:
                        runs["trec_eval 10.0"].append(timed([str(binary), *options, *files]))
                    runs["rankmetrics-trec-eval"].append(timed([*OURS, *options, *files]))
                    if args.baseline:
                        runs.setdefault(BASELINE, []).append(timed([*OURS, *options, *files], sources[1]))
                if runs["trec_eval 10.0"] and any(runs["trec_eval 10.0"][0][3] != runs[ours][0][3]
                                                  for ours in ("rankmetrics-trec-eval", BASELINE) if ours in runs):
                    print(f"{n_queries} queries, {name}: the outputs differ")
                    status = 1
                if args.floor and name == "six":
                    runs["floor: pyarrow parse + evaluate"] = [
                        _floor(files) for _ in range(args.repeats)]
                rows.append((n_queries, name, runs))
        print(f"load average at end {os.getloadavg()[0]:.2f}")
    _print_table(rows, args.docs)
    _print_floor_ratios(rows, args.docs)
    return status


def floor_child(qrels_file: str, run_file: str) -> None:
    """Print the CPU seconds of pyarrow's single-thread parse of both files and of
    evaluate from columns (the columns built from the parse, outside the clock)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.csv as pv

    from rankmetrics_lite import QrelsColumns, RunColumns, evaluate

    def parse(path: str, types: list) -> pa.Table:
        names = [f"c{i}" for i in range(len(types))]
        return pv.read_csv(path, read_options=pv.ReadOptions(column_names=names, use_threads=False),
                           parse_options=pv.ParseOptions(delimiter=" "),
                           convert_options=pv.ConvertOptions(column_types=dict(zip(names, types))))

    start = time.process_time()
    run = parse(run_file, [pa.binary(), pa.binary(), pa.binary(), pa.int64(), pa.float64(), pa.binary()])
    qrels = parse(qrels_file, [pa.binary(), pa.binary(), pa.binary(), pa.int64()])
    parsed = time.process_time()
    columns = RunColumns(np.array(run["c0"].to_pylist()), np.array(run["c2"].to_pylist()),
                         run["c4"].to_numpy())
    judged = QrelsColumns(np.array(qrels["c0"].to_pylist()), np.array(qrels["c2"].to_pylist()),
                          qrels["c3"].to_numpy())
    del run, qrels
    begin = time.process_time()
    evaluate(columns, judged, MEASURES)
    print(f"{parsed - start:.4f} {time.process_time() - begin:.4f}")


def _floor(files: list[str]) -> tuple[float, float, float, bytes]:
    """(CPU seconds, the same, 0, b"") of the floor, for the table (no wall time or memory)."""
    out = subprocess.run([sys.executable, __file__, "--floor-child", *files], check=True,
                         capture_output=True, text=True).stdout.split()
    cpu = float(out[0]) + float(out[1])
    return cpu, cpu, 0.0, b""


def _print_table(rows: list, n_docs: int) -> None:
    print("\n| queries x docs | measures | program | median CPU (s) | CPU / trec_eval | median wall (s) "
          "| wall / trec_eval | peak memory (MiB) | same output |")
    print("|---|---|---|---:|---:|---:|---:|---:|---|")
    for n_queries, name, runs in rows:
        theirs = runs["trec_eval 10.0"]
        base_cpu = statistics.median(r[0] for r in theirs) if theirs else None
        base_wall = statistics.median(r[1] for r in theirs) if theirs else None
        for program, measured in runs.items():
            if not measured:
                continue
            cpu, wall = statistics.median(r[0] for r in measured), statistics.median(r[1] for r in measured)
            memory = "-" if program.startswith("floor") else f"{max(r[2] for r in measured):,.0f}"
            same = "-" if not theirs or program.startswith("floor") else (
                "yes" if measured[0][3] == theirs[0][3] else "NO")
            print(f"| {n_queries:,} x {n_docs} | {name} | {program} | {cpu:.2f} | "
                  f"{cpu / base_cpu:.2f} | {wall:.2f} | {wall / base_wall:.2f} | "
                  f"{memory} | {same} |" if base_cpu else
                  f"| {n_queries:,} x {n_docs} | {name} | {program} | {cpu:.2f} | - | {wall:.2f} | - | "
                  f"{memory} | {same} |")


def _print_floor_ratios(rows: list, n_docs: int) -> None:
    for n_queries, _, runs in rows:
        floor = runs.get("floor: pyarrow parse + evaluate")
        if floor:
            ours = statistics.median(r[0] for r in runs["rankmetrics-trec-eval"])
            print(f"{n_queries:,} x {n_docs}: the command line's CPU is "
                  f"{ours / statistics.median(r[0] for r in floor):.2f} x the floor's")


if __name__ == "__main__":
    sys.exit(main())
