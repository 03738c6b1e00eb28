"""What the chapter "How many queries, and how sure" shows on real TREC runs.

The per-topic scores of every run submitted to a TREC track come from
:func:`rankmetrics_course.data.trec_per_topic` (Urbano et al.), as ``{run: per-topic
scores}`` (its ``by_run()``) or as a matrix of topics by runs (its ``scores``):

* :func:`pair_variances`: half the variance of the per-topic differences of every pair of
  runs, the quantity a paired design needs, beside Sakai's within-system variance;
* :func:`pairwise_effect_sizes`: Cohen's d for paired data of every pair of runs;
* :func:`swap_rates` and :func:`extrapolated_swap_rate`: how often two disjoint topic
  sets order a pair of runs differently, as Voorhees & Buckley (2002) measured it, and
  their extrapolation to larger sets; :func:`swap_rates_figure` draws them;
* :func:`honestly_significant_difference`: Tukey's critical gap for a whole track, whose
  pairs a single studentised-range quantile decides.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.figures import ShownFigure, show_figure
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT, SECOND
from rankmetrics_lite import paired_effect_size, variance_from_scores
from rankmetrics_lite.validation import check_open_unit

#: Bins of the absolute difference of two runs' means on the first topic set (V&B 2002).
SWAP_BINS = (0.0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.10, 0.15, 1.0)


def _matrix(scores: Mapping[str, Sequence[float]]) -> np.ndarray:
    """Topics by runs, or raise: at least 2 runs with the same number (at least 2) of topics."""
    if not isinstance(scores, Mapping) or len(scores) < 2:
        raise ValueError("scores must be a dict {run: per-topic scores} of at least 2 runs")
    matrix = np.column_stack([np.asarray(v, dtype=float) for v in scores.values()])
    if matrix.shape[0] < 2 or not np.isfinite(matrix).all():
        raise ValueError("every run needs finite scores on the same topics, at least 2")
    return matrix


def pair_variances(scores: Mapping[str, Sequence[float]]) -> np.ndarray:
    r"""Half the variance (ddof = 1) of the per-topic differences of every pair of runs.

    A paired design's :math:`\sigma_d^2 / 2` for that pair; their mean is the two-way
    residual ``variance_from_scores(scores, paired=True)``.

    >>> pair_variances({"a": [0.6, 0.4, 0.8], "b": [0.4, 0.4, 0.5]}).round(4)
    array([0.0117])
    """
    x = _matrix(scores)
    first, second = np.triu_indices(x.shape[1], 1)
    return np.var(x[:, first] - x[:, second], axis=0, ddof=1) / 2


def pairwise_effect_sizes(scores: Mapping[str, Sequence[float]]) -> np.ndarray:
    r"""Cohen's d for paired data, :math:`\bar d / s_d`, of every pair of runs (first minus second).

    >>> pairwise_effect_sizes({"a": [0.6, 0.4, 0.8], "b": [0.4, 0.4, 0.5], "c": [0.1, 0.3, 0.2]}).round(4)
    array([1.0911, 1.5119, 2.0207])
    """
    names = list(scores)
    _matrix(scores)
    return np.array([paired_effect_size(scores[a], scores[b]).cohens_d for a, b in combinations(names, 2)])


# -------------------------------------------------------------- swap rates --


@dataclass(frozen=True)
class SwapRates:
    """How often a disjoint topic set reverses the order of two runs, by set size and gap.

    ``rates[s, b]`` is the share of (pair, trial) cases in bin ``b`` of
    ``bins`` (the absolute difference of the two runs' means on the first set)
    whose difference on the second set has the opposite sign, with sets of
    ``sizes[s]`` topics; ``cases[s, b]`` counts them.
    """

    sizes: tuple[int, ...]
    bins: tuple[float, ...]
    rates: np.ndarray
    cases: np.ndarray
    trials: int

    def rate(self, size: int, low: float) -> float:
        """The swap rate of sets of ``size`` topics in the bin that starts at ``low``."""
        return float(self.rates[self.sizes.index(size), self.bins.index(low)])


def swap_rates(matrix: np.ndarray, sizes: Sequence[int], *, trials: int = 100,
               bins: Sequence[float] = SWAP_BINS, seed: int = 0) -> SwapRates:
    """Voorhees & Buckley's experiment: in each trial, two disjoint random sets of ``size``
    topics; every pair of runs whose means differ on the first set is binned by that
    difference, and counts as a swap when the second set orders the two the other way.

    ``matrix`` is topics by runs; each size may be at most half the topics.

    >>> x = np.array([[0.2, 0.3], [0.4, 0.1], [0.5, 0.6], [0.1, 0.0]])  # a - b: -, +, -, +
    >>> swap_rates(x, [1], trials=4, bins=(0, 1), seed=0).rates  # 1 of the 4 draws swaps
    array([[0.25]])
    """
    x = np.asarray(matrix, dtype=float)
    n_topics = x.shape[0]
    sizes = tuple(int(s) for s in sizes)
    if not sizes or min(sizes) < 1 or 2 * max(sizes) > n_topics:
        raise ValueError(f"sizes must lie between 1 and half the {n_topics} topics, got {sizes}")
    edges = np.asarray(bins, dtype=float)
    rng = np.random.default_rng(seed)
    first, second = np.triu_indices(x.shape[1], 1)
    swaps = np.zeros((len(sizes), edges.size - 1))
    cases = np.zeros_like(swaps)
    for row, size in enumerate(sizes):
        for _ in range(trials):
            order = rng.permutation(n_topics)
            mean_a, mean_b = x[order[:size]].mean(axis=0), x[order[size:2 * size]].mean(axis=0)
            gap_a, gap_b = mean_a[first] - mean_a[second], mean_b[first] - mean_b[second]
            where = np.digitize(np.abs(gap_a), edges) - 1
            counted = (gap_a != 0) & (where >= 0) & (where < edges.size - 1)
            np.add.at(cases[row], where[counted], 1)
            np.add.at(swaps[row], where[counted], (gap_a * gap_b < 0)[counted])
    with np.errstate(invalid="ignore"):
        rates = np.where(cases > 0, swaps / np.maximum(cases, 1), np.nan)
    return SwapRates(sizes, tuple(float(b) for b in edges), rates, cases, trials)


def extrapolated_swap_rate(rates: SwapRates, low: float, size: int) -> float:
    """The swap rate of bin ``low`` at ``size`` topics, from a straight line through the
    logarithms of the measured rates against the set size (Voorhees & Buckley's fit).

    >>> r = SwapRates((5, 10), (0.0, 1.0), np.array([[0.4], [0.2]]), np.ones((2, 1)), 1)
    >>> round(extrapolated_swap_rate(r, 0.0, 20), 4)
    0.05
    """
    column = np.array([rates.rate(s, low) for s in rates.sizes])
    if not np.all(column > 0):
        raise ValueError(f"the bin at {low} has a rate of 0 (or none) at some size: no logarithm")
    slope, intercept = np.polyfit(rates.sizes, np.log(column), 1)
    return float(math.exp(intercept + slope * size))


def _draw_swap_rates(rates: SwapRates, lows: Sequence[float], to: int, title: str) -> Figure:
    figure = Figure(figsize=(6.4, 3.8))
    ax = figure.subplots()
    reach = np.linspace(min(rates.sizes), to, 50)
    for low, colour in zip(lows, (CURRENT, SECOND, RELEVANT, NOT_RELEVANT)):
        high = rates.bins[rates.bins.index(low) + 1]
        measured = [rates.rate(s, low) for s in rates.sizes]
        column = np.log(measured)
        slope, intercept = np.polyfit(rates.sizes, column, 1)
        ax.plot(rates.sizes, measured, "o", color=colour, label=f"{low:.2f} to {high:.2f}")
        ax.plot(reach, np.exp(intercept + slope * reach), "--", color=colour, linewidth=1)
    ax.axvline(max(rates.sizes), color=NOT_RELEVANT, linestyle=":", linewidth=1)
    ax.set_yscale("log")
    # plain numbers: an exponent (10^-2) is drawn at 7/10 of the text size
    ax.set_yticks([0.001, 0.01, 0.1, 1], ["0.001", "0.01", "0.1", "1"])
    ax.minorticks_off()
    ax.set(xlabel="topics in each set", ylabel="swap rate (log scale)", xlim=(0, to + 2),
           ylim=(min(3e-4, ax.get_ylim()[0]), 1))
    ax.set_title(title, fontsize=10)
    ax.legend(title="difference on the first set", loc="lower left", fontsize=9, title_fontsize=9,
              frameon=False)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    figure.tight_layout()
    return figure


def swap_rates_figure(rates: SwapRates, lows: Sequence[float], *, to: int = 50,
                      title: str = "") -> ShownFigure:
    """The measured swap rates of a few bins (dots) and their log-linear fits extended to ``to``
    topics (dashed); the alt text gives the rate at the largest measured size and at ``to``."""
    lows = [float(low) for low in lows]
    if not 1 <= len(lows) <= 4:
        raise ValueError(f"lows must name one to four bins, got {lows}")
    largest = max(rates.sizes)
    said = [f"{low:.2f} to {rates.bins[rates.bins.index(low) + 1]:.2f}: "
            f"{rates.rate(largest, low):.3f} at {largest} topics, "
            f"{extrapolated_swap_rate(rates, low, to):.3f} extrapolated to {to}" for low in lows]
    alt = (f"Swap rate on a log scale against the number of topics in each of two disjoint sets, "
           f"measured at {', '.join(map(str, rates.sizes))} topics (dots) for pairs of runs in "
           f"{len(lows)} bins of their difference, each falling roughly on a straight line that "
           f"is extended (dashed) to {to} topics. " + "; ".join(said) + ".")
    return show_figure(_draw_swap_rates(rates, lows, to, title), alt=alt)


# ------------------------------------------------------------ many systems --


def honestly_significant_difference(scores: Mapping[str, Sequence[float]], *,
                                    alpha: float = 0.05) -> float:
    r"""Tukey's honestly significant difference for paired data: the gap between two means
    beyond which :func:`~rankmetrics_lite.tukey_hsd` (``paired=True``) finds a pair at level
    ``alpha``, :math:`q_{1-\alpha}(m, \nu)\sqrt{V_E/|Q|}` with :math:`\nu = (m-1)(|Q|-1)`.

    One quantile of the studentised range decides every pair of a whole track at once,
    where a p-value for each of thousands of pairs takes minutes
    (``benchmarks/bench_tukey_track.py``).

    >>> round(honestly_significant_difference({"a": [0.6, 0.4, 0.8], "b": [0.4, 0.4, 0.5]}), 4)
    0.3795

    (with two runs, the paired t-test's: :math:`t_{0.975,\,2}\, s_d/\sqrt{3}`).
    """
    from scipy.stats import studentized_range

    alpha = check_open_unit(alpha, "alpha")
    n, m = _matrix(scores).shape
    residual = variance_from_scores(dict(scores), paired=True)
    return float(studentized_range.ppf(1 - alpha, m, (m - 1) * (n - 1)) * math.sqrt(residual / n))
