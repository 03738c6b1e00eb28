"""Team draft for many impressions: ``team_draft_many`` against one ``team_draft_interleave`` call
per impression.

Two rankings of ten documents that share five (seeded) are interleaved ``--impressions`` times
by each way; the script reports the median wall-clock and CPU time of ``--repeats`` runs, the
time per impression and the ratio, and the largest gap between the two ways' frequencies of
the first document's team (a sanity check that they draw the same method).

    .venv/bin/python benchmarks/bench_team_draft.py
    .venv/bin/python benchmarks/bench_team_draft.py --impressions 2000 --repeats 3
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

import numpy as np

from rankmetrics_lite import team_draft_interleave, team_draft_many


def timed(run, repeats: int):
    walls, cpus = [], []
    for seed in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        result = run(seed)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--impressions", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    docs = [f"d{i}" for i in range(15)]
    a = list(rng.permutation(docs[:10]))
    b = list(rng.permutation(docs[5:]))
    n = args.impressions

    def one_at_a_time(seed):
        draw = np.random.default_rng(seed)
        return np.array([team_draft_interleave(a, b, seed=draw).teams for _ in range(n)])

    def all_at_once(seed):
        return team_draft_many([a, b], n_impressions=n, seed=seed).teams

    print(f"{n:,} impressions of two ten-document rankings; Python {platform.python_version()}, "
          f"numpy {np.__version__}; median of {args.repeats}")
    print(f"{'way':<24}{'wall (s)':>10}{'CPU (s)':>10}{'CPU per impression (us)':>26}")
    results = {}
    for name, run in (("team_draft_interleave", one_at_a_time), ("team_draft_many", all_at_once)):
        wall, cpu, teams = timed(run, args.repeats)
        results[name] = (cpu, teams)
        print(f"{name:<24}{wall:>10.3f}{cpu:>10.3f}{1e6 * cpu / n:>26.1f}")
    (slow, t1), (fast, t2) = results.values()
    print(f"ratio of CPU times: {slow / fast:.0f}; largest gap in P(team of rank k is B): "
          f"{np.abs(t1.mean(axis=0) - t2.mean(axis=0)).max():.4f}")


if __name__ == "__main__":
    main()
