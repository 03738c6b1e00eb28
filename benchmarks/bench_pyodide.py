"""Benchmark: rankmetrics_lite.evaluate under Pyodide (Node) beside CPython, on one machine.

The collection is bench_evaluate's (by default 2,000 queries x 100 documents, six measures),
drawn by the same seeded code in both interpreters; ``evaluate`` is timed from the dicts,
``--repeats`` times in each, and the table shows the medians and their ratio. Pyodide's start
is timed too: from Node's ``loadPyodide`` to numpy and scipy loaded and rankmetrics_lite
imported, as a reader's page would wait for it (files read from disk, not downloaded).
Both must give the same means; the exit status is 1 if they differ.

Needs Node and the Pyodide folder (`make pyodide-dist`):

    python benchmarks/bench_pyodide.py
    python benchmarks/bench_pyodide.py --queries 500 --repeats 3
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = ROOT / "_build" / "pyodide"

# Run in both interpreters, with ROOT and ROOT/benchmarks on sys.path: the medians' inputs.
TIMINGS = """
import json, time
from bench_evaluate import MEASURES, make_collection
from rankmetrics_lite import evaluate
run, qrels = make_collection({queries}, {docs}, 0)
seconds = []
for _ in range({repeats}):
    start = time.perf_counter()
    means = evaluate(run, qrels, MEASURES)
    seconds.append(time.perf_counter() - start)
json.dumps({{"seconds": seconds, "means": {{m: float(v) for m, v in means.items()}}}})
"""

NODE = """
const [indexURL, root, code] = process.argv.slice(1);
const { loadPyodide } = await import(indexURL + "/pyodide.mjs");
const start = performance.now();
const pyodide = await loadPyodide({ indexURL: indexURL + "/" });
await pyodide.loadPackage(["numpy", "scipy"], { messageCallback: () => {} });
pyodide.FS.mkdirTree(root);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, root);
pyodide.runPython(`import sys; sys.path[:0] = ["${root}", "${root}/benchmarks"]; import rankmetrics_lite`);
const started = (performance.now() - start) / 1000;
const result = JSON.parse(pyodide.runPython(code));
console.log(JSON.stringify({ ...result, start: started }));
"""


def in_cpython(code: str) -> dict:
    sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]
    scope: dict = {}
    *body, last = code.strip().splitlines()
    exec("\n".join(body), scope)
    return json.loads(eval(last, scope))


def in_pyodide(code: str) -> dict:
    node = shutil.which("node")
    if node is None or not (PYODIDE / "pyodide.mjs").is_file():
        sys.exit("error: needs Node and the Pyodide folder: run `make pyodide-dist` first")
    done = subprocess.run([node, "--input-type=module", "-e", NODE, "--", str(PYODIDE), str(ROOT), code],
                          capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        sys.exit(f"error: Pyodide's run failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--queries", type=int, default=2000)
    parser.add_argument("--docs", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    code = TIMINGS.format(queries=args.queries, docs=args.docs, repeats=args.repeats)
    wall = time.perf_counter()
    pyodide = in_pyodide(code)
    cpython = in_cpython(code)
    ours, theirs = statistics.median(cpython["seconds"]), statistics.median(pyodide["seconds"])
    print(f"evaluate, {args.queries:,} queries x {args.docs} documents, six measures, median of {args.repeats}:")
    print(f"  CPython {sys.version.split()[0]}:  {ours:8.3f} s")
    print(f"  Pyodide (Node {subprocess.run(['node', '--version'], capture_output=True, text=True).stdout.strip()}): "
          f"{theirs:8.3f} s   ({theirs / ours:.1f} x CPython)")
    print(f"Pyodide's start (loadPyodide, numpy and scipy, import rankmetrics_lite): {pyodide['start']:.1f} s")
    print(f"(the whole benchmark: {time.perf_counter() - wall:.0f} s)")
    differ = {m: (cpython["means"][m], pyodide["means"][m]) for m in cpython["means"]
              if cpython["means"][m] != pyodide["means"][m]}
    if differ:
        print("the means differ:", differ)
        return 1
    print("The means agree exactly.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
