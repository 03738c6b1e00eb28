"""Tukey's HSD over a whole TREC track: a p-value for every pair against one critical gap.

``tukey_hsd`` gives every pair of m runs its adjusted p-value, one call of scipy's studentised
range (a numerical integral) per pair: m(m - 1)/2 of them. Chapter 20's
``honestly_significant_difference`` computes one quantile of the same distribution, the gap
beyond which a pair's p-value is at most alpha. Both run on the first m runs of Robust 2004
(AP, 249 topics), in turn, ``--repeats`` times; the table gives the median wall-clock times.
Both must decide the same pairs, or the script exits with status 1.

    RANKMETRICS_DATA=<folder of the real data> .venv/bin/python benchmarks/bench_tukey_track.py
    ... --runs 10 20 40 --repeats 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from rankmetrics_course import data
from rankmetrics_course.chapters.how_many_queries.trec import honestly_significant_difference
from rankmetrics_lite import tukey_hsd


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, nargs="+", default=[10, 20, 40])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    robust = data.trec_per_topic("robust2004", "AP").by_run()
    print(f"{'runs':>5}{'pairs':>7}{'tukey_hsd (s)':>15}{'one quantile (s)':>18}{'ratio':>8}")
    for m in args.runs:
        runs = {name: robust[name] for name in list(robust)[:m]}
        times = {"pairs": [], "quantile": []}
        for _ in range(args.repeats):
            start = time.perf_counter()
            result = tukey_hsd(runs)
            times["pairs"].append(time.perf_counter() - start)
            start = time.perf_counter()
            hsd = honestly_significant_difference(runs)
            times["quantile"].append(time.perf_counter() - start)
        if any((abs(p.mean_difference) >= hsd) != (p.p_value <= 0.05) for p in result.pairs):
            print(f"the two disagree on some pair of {m} runs", file=sys.stderr)
            return 1
        pairs, quantile = statistics.median(times["pairs"]), statistics.median(times["quantile"])
        print(f"{m:>5}{len(result.pairs):>7}{pairs:>15.2f}{quantile:>18.2f}{pairs / quantile:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
