"""Simulating clicks: one million impressions of ten-document rankings under each click model.

Each impression shows ten documents whose attractiveness is drawn once (seeded); the
position-based model examines rank k with chance 1/k, the DBN uses satisfaction alpha / 2
and continuation 0.9. For each model the script times ``simulate_clicks`` (median of
``--repeats`` runs, wall-clock and CPU), including its checks at the door, and reports the
largest gap between the simulated click rate of each rank and ``click_probabilities``.

    .venv/bin/python benchmarks/bench_click_models.py
    .venv/bin/python benchmarks/bench_click_models.py --impressions 100000 --repeats 3
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

import numpy as np

from rankmetrics_lite import click_probabilities, simulate_clicks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--impressions", type=int, default=1_000_000)
    parser.add_argument("--ranks", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    alpha = rng.uniform(0.05, 0.95, size=(args.impressions, args.ranks))
    models = {"pbm": {"examination": 1 / np.arange(1, args.ranks + 1)}, "cascade": {},
              "dbn": {"satisfaction": alpha / 2, "continuation": 0.9}}
    print(f"{args.impressions:,} impressions x {args.ranks} ranks; Python {platform.python_version()}, "
          f"numpy {np.__version__}; median of {args.repeats}")
    print(f"{'model':<8}{'wall (s)':>10}{'CPU (s)':>10}{'largest |rate - closed form|':>30}")
    for model, kwargs in models.items():
        walls, cpus = [], []
        for seed in range(args.repeats):
            wall, cpu = time.perf_counter(), time.process_time()
            clicks = simulate_clicks(alpha, model=model, seed=seed, **kwargs)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        gap = np.abs(clicks.mean(axis=0) - click_probabilities(alpha, model=model, **kwargs).mean(axis=0)).max()
        print(f"{model:<8}{statistics.median(walls):>10.2f}{statistics.median(cpus):>10.2f}{gap:>30.5f}")


if __name__ == "__main__":
    main()
