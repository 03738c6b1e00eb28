"""How long each real-data collection takes to load from a local data folder.

Every load runs in a fresh Python process (the course's import, reading, checking every file's
SHA-256 and parsing included; the process's start-up excluded by timing inside it), several times
in turn, and the table gives the median and the spread. Needs RANKMETRICS_DATA (or --folder)
naming the data folder; the Makefile sets it where the project's local mirror exists.

    .venv/bin/python benchmarks/bench_data_loading.py --repeats 5
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

LOADS = {
    "TREC Robust 2004, AP": 'data.trec_per_topic("robust2004", "AP")',
    "TREC-8 ad hoc, AP": 'data.trec_per_topic("adhoc8", "AP")',
    "TREC 2012 Web, nDCG@20": 'data.trec_per_topic("web2012", "nDCG@20")',
    "LLMJudge, 33 judges": "data.llm_judges()",
    "NIST and GPT-4 labels": "data.gpt4_judged_pairs()",
    "SynDL nDCG@10, DL 2023": "data.dl_ndcg10(2023)",
    "TREC 2012 Web track": "data.web2012()",
    "MovieLens small": "data.movielens_small()",
}

CHILD = """
import json, time
from rankmetrics_course import data
start = time.perf_counter()
{call}
print(json.dumps(time.perf_counter() - start))
"""


def time_once(call: str) -> float:
    done = subprocess.run([sys.executable, "-c", CHILD.format(call=call)], capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--folder", help="the data folder (default: RANKMETRICS_DATA)")
    args = parser.parse_args()
    if args.folder:
        os.environ["RANKMETRICS_DATA"] = args.folder
    if not os.environ.get("RANKMETRICS_DATA"):
        sys.exit("name the data folder: --folder DIR or RANKMETRICS_DATA=DIR")
    times = {name: [] for name in LOADS}
    for _ in range(args.repeats):  # in turn, so that the machine's noise falls on all of them
        for name, call in LOADS.items():
            times[name].append(time_once(call))
    print("| collection | median (s) | min-max (s) |\n|---|---:|---:|")
    for name, values in times.items():
        print(f"| {name} | {statistics.median(values):.3f} | {min(values):.3f}-{max(values):.3f} |")


if __name__ == "__main__":
    main()
