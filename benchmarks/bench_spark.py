"""Benchmark: rankmetrics_lite.spark.evaluate on 1 and 2 local cores, at a few sizes.

For each size (queries x 100 retrieved documents, the collection of
``bench_evaluate.py``), the run and the qrels are written once as Parquet files;
each Spark session (``local[1]``, then ``local[2]``) reads them and evaluates
four measures, end to end (read, group by query, score, collect, average),
``--repeats`` times; the table shows the median. The session's start (the JVM)
is timed once per core count and reported apart. ``rankmetrics_lite.evaluate``
on the same data as dicts (already in memory) is timed beside it, and every
Spark mean is checked to equal it exactly.

The results go to the chapter's ``data/spark_scaling.json`` in the course package (with the
machine, the versions and the date), which the chapter "Evaluating at scale"
reads and shows:

    .venv/bin/python benchmarks/bench_spark.py                       # the chapter's table
    .venv/bin/python benchmarks/bench_spark.py --queries 1000 --repeats 1 --out /tmp/x.json
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from importlib.metadata import version
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from bench_evaluate import make_collection  # beside this script, as it runs

from rankmetrics_lite import evaluate
from rankmetrics_lite.spark import evaluate as evaluate_on_spark
from rankmetrics_lite.spark import local_session

MEASURES = ["P@10", "AP", "RR", "nDCG@10"]
OUT = (Path(__file__).resolve().parents[1] / "course" / "rankmetrics_course" / "chapters" / "evaluating_at_scale"
       / "data" / "spark_scaling.json")


def write_parquet(run: dict, qrels: dict, folder: Path) -> tuple[str, str]:
    """The run and qrels as Parquet files with the columns the entry point reads."""
    columns = {"query_id": [], "doc_id": [], "score": []}
    for qid, ranking in run.items():
        columns["query_id"] += [qid] * len(ranking)
        columns["doc_id"] += list(ranking)
        columns["score"] += list(ranking.values())
    pq.write_table(pa.table(columns), folder / "run.parquet")
    columns = {"query_id": [], "doc_id": [], "grade": []}
    for qid, judged in qrels.items():
        columns["query_id"] += [qid] * len(judged)
        columns["doc_id"] += list(judged)
        columns["grade"] += list(judged.values())
    pq.write_table(pa.table(columns), folder / "qrels.parquet")
    return str(folder / "run.parquet"), str(folder / "qrels.parquet")


def timed(function, repeats: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--queries", type=int, nargs="+", default=[2_000, 10_000, 40_000])
    parser.add_argument("--docs", type=int, default=100)
    parser.add_argument("--cores", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()

    load_before = os.getloadavg()[1]
    folder = Path(tempfile.mkdtemp(prefix="bench_spark_"))
    data, rows = {}, []
    for n in args.queries:
        run, qrels = make_collection(n, args.docs, seed=n)
        (folder / str(n)).mkdir()
        paths = write_parquet(run, qrels, folder / str(n))
        seconds, expected = timed(lambda: evaluate(run, qrels, MEASURES), args.repeats)
        data[n] = (paths, expected)
        rows.append({"queries": n, "docs": args.docs, "engine": "evaluate (dicts in memory)",
                     "cores": 1, "seconds": round(seconds, 2)})
        print(f"{n:>7} queries  evaluate on dicts        {seconds:7.2f} s", flush=True)

    # Sessions alternate between core counts, one pass over the sizes each, so that
    # the machine's load falls on both alike.
    starts: list[float] = []
    times: dict[tuple, list] = {}
    for _ in range(args.repeats):
        for cores in args.cores:
            start = time.perf_counter()
            spark = local_session(cores=cores, app_name="bench_spark")
            spark.range(1).count()  # the JVM and its first job
            starts.append(time.perf_counter() - start)
            for n in args.queries:
                (run_path, qrels_path), expected = data[n]

                def on_spark():
                    return evaluate_on_spark(spark.read.parquet(run_path),
                                             spark.read.parquet(qrels_path), MEASURES)

                on_spark()  # warm-up: the Python workers start
                seconds, means = timed(on_spark, 1)
                if means != expected:
                    print(f"error: Spark's means differ from evaluate's at {n} queries")
                    return 1
                times.setdefault((n, cores), []).append(seconds)
                print(f"{n:>7} queries  Spark local[{cores}]          {seconds:7.2f} s", flush=True)
            spark.stop()
    for (n, cores), values in times.items():
        rows.append({"queries": n, "docs": args.docs, "engine": "Spark", "cores": cores,
                     "seconds": round(statistics.median(values), 2)})

    result = {
        "what": f"median of {args.repeats} end-to-end runs (read Parquet, group by query, score, "
                f"collect, average) of {', '.join(MEASURES)}; Spark's means equal evaluate's exactly",
        "machine": f"{os.cpu_count()} cores, {platform.processor() or platform.machine()}, "
                   f"{platform.system()}",
        # Other work on the machine takes cores from Spark: the 5-minute load average
        # (runnable processes) before and after the measurement.
        "load_average": [round(load_before, 1), round(os.getloadavg()[1], 1)],
        "date": datetime.date.today().isoformat(),
        "versions": {"python": platform.python_version(), "pyspark": version("pyspark"),
                     "numpy": version("numpy"), "pandas": version("pandas"), "pyarrow": version("pyarrow")},
        "jvm_start_seconds": round(starts[0], 1),
        "rows": rows,
    }
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
