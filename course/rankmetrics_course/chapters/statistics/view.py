r"""What the chapter "Statistics of P@k and R@k" shows.

Under a uniformly random ranking of N items, |R| of them relevant, the number
of relevant items in the top k is hypergeometric (see
:func:`rankmetrics_lite.random_hits_distribution`). The figures here draw that exact
distribution of P@k beside its binomial approximation and, when given, the
P@k of simulated random rankings. ``random_precision_frame`` is the pure
function behind the chapter's k-slider; ``random_precision_slider`` wraps it in
the two-faced :class:`~rankmetrics_course.slider.Slider`.

``paired_scores_figure`` draws two systems' per-query scores, the picture
behind every paired significance test.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import numpy as np
from matplotlib.figure import Figure
from matplotlib.transforms import ScaledTranslation
from scipy.stats import binom

from rankmetrics_course.alt_text import number
from rankmetrics_course.figures import ShownFigure, show_figure
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT, SECOND
from rankmetrics_lite import random_hits_distribution, random_precision_at_k
from rankmetrics_lite.validation import as_binary_relevance, check_k


def precision_per_query(relevance_rows, ks: Sequence[int]) -> dict[int, np.ndarray]:
    """P@k of every row of a 0/1 matrix (one ranking per row), for each k in ``ks``.

    A batch shortcut for simulations with many rankings (calling
    :func:`~rankmetrics_lite.precision_at_k` on each row is a hundred times slower):
    it checks the matrix once and divides the hits in the top k by k, P@k's
    definition, so each value equals ``precision_at_k(row, k)`` (a test compares them).

    >>> out = precision_per_query([[1, 0, 1], [0, 0, 1]], ks=[1, 3])
    >>> out[1].tolist(), out[3].round(4).tolist()
    ([1.0, 0.0], [0.6667, 0.3333])
    """
    rows = np.asarray(relevance_rows)
    if rows.ndim != 2 or rows.shape[1] == 0:
        raise ValueError("relevance_rows must be a 2-D matrix with one ranking per row, "
                         f"got shape {rows.shape}")
    rows = as_binary_relevance(rows.ravel(), "relevance_rows").reshape(rows.shape)
    return {k: rows[:, :k].sum(axis=1) / k for k in map(check_k, ks)}


def binomial_precision_pmf(n_items: int, n_relevant: int, k: int) -> np.ndarray:
    r"""The binomial approximation of the distribution of P@k, for comparison.

    It treats the k ranks as independent draws *with replacement*, each
    relevant with probability :math:`\rho = |R|/N`:
    :math:`\Pr(|R_k| = h) \approx \binom{k}{h}\rho^h(1-\rho)^{k-h}`.
    Entry h is the probability of P@k = h/k, h = 0..k.

    >>> binomial_precision_pmf(10, 3, 2).round(2).tolist()
    [0.49, 0.42, 0.09]
    """
    exact = random_precision_at_k(n_items=n_items, n_relevant=n_relevant, k=k)  # checks the arguments
    return binom(exact.k, exact.n_relevant / exact.n_items).pmf(np.arange(exact.k + 1))


def _draw_precision_distribution_figure(n_items: int, n_relevant: int, k: int,
                                  simulated: Sequence[float] | np.ndarray | None = None,
                                  binomial: bool = True, title: str | None = None) -> Figure:
    """Bars: the exact (hypergeometric) distribution of P@k under a random ranking.

    ``binomial=True`` adds the binomial approximation as a dashed line;
    ``simulated`` (P@k of random rankings, for example from
    :func:`~rankmetrics_lite.simulate_random_precision`) adds the
    share of draws at each value as dots.
    """
    dist = random_hits_distribution(n_items=n_items, n_relevant=n_relevant, k=k)
    precision, probability = dist["precision"], dist["probability"]
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    width = min(0.08, 0.7 / k)
    ax.bar(precision, probability, width=width, color=RELEVANT, alpha=0.75,
           label="exact (hypergeometric)")
    if binomial:
        ax.plot(precision, binomial_precision_pmf(n_items, n_relevant, k), linestyle="--",
                marker=".", color=NOT_RELEVANT, label="binomial approximation")
    if simulated is not None:
        draws = np.asarray(simulated, dtype=float)
        hits = np.rint(draws * k).astype(int)
        share = np.bincount(hits, minlength=k + 1) / draws.size
        ax.plot(precision, share, linestyle="none", marker="o", markersize=5,
                markerfacecolor="none", color=CURRENT,
                label=f"{draws.size:,} random rankings")
    rho = n_relevant / n_items
    ax.axvline(rho, color=SECOND, linewidth=1, label=f"mean = ρ = {rho:.2f}")
    ax.set(xlabel=f"P@{k}", ylabel="probability", xlim=(-0.05, 1.05))
    ax.set_ylim(bottom=0)
    ax.legend(loc="upper right", fontsize=8, frameon=False)
    ax.set_title(title or f"P@{k} of a random ranking: N = {n_items}, |R| = {n_relevant}",
                 fontsize=10)
    return figure


def random_precision_frame(n_items: int, n_relevant: int, k: int) -> Frame:
    """The numbers and the figure for one position of the chapter's k-slider."""
    k = check_k(k)
    baseline = random_precision_at_k(n_items=n_items, n_relevant=n_relevant, k=k)
    factor = baseline.variance / baseline.binomial_variance if baseline.binomial_variance else 1.0
    numbers = {
        "k": str(k),
        "E[P@k]": f"{baseline.mean:.4f}",
        "exact Var": f"{baseline.variance:.5f}",
        "binomial Var": f"{baseline.binomial_variance:.5f}",
        "(N-k)/(N-1)": f"{factor:.4f}",
    }
    alt = (f"Bars of the exact probability of each value of P@{k} for a random ranking of "
           f"{n_items} items with {n_relevant} relevant, beside a dashed line for the "
           f"binomial approximation; exact variance {baseline.variance:.5f}, binomial "
           f"variance {baseline.binomial_variance:.5f}.")
    return Frame(numbers, partial(_draw_precision_distribution_figure, n_items, n_relevant, k),
                 alt)


def random_precision_slider(n_items: int, n_relevant: int, ks: Sequence[int],
                            k: int | None = None) -> Slider:
    """A slider over the cutoffs ``ks``: the distribution of P@k and both variances."""
    ks = [check_k(value) for value in ks]
    return Slider(lambda value: random_precision_frame(n_items, n_relevant, value),
                  ks, label="k", value=k)


def _draw_paired_scores_figure(a: Sequence[float], b: Sequence[float], measure: str = "P@10",
                         names: tuple[str, str] = ("A", "B")) -> Figure:
    """Left: each query's score under a against b. Right: the differences, sorted.

    Points above the diagonal are queries where b beats a. The spread of the
    points along the diagonal is the variation between queries, which a paired
    test removes; the differences on the right are all it looks at.
    """
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.shape != b.shape or a.ndim != 1:
        raise ValueError("a and b must be 1-D and of the same length (one score per query)")
    figure = Figure(figsize=(6.4, 3.6))
    left, right = figure.subplots(1, 2, gridspec_kw={"width_ratios": [1, 1.3]})
    rng = np.random.default_rng(0)  # a small fixed jitter, so that equal pairs stay visible
    jitter = rng.uniform(-0.012, 0.012, size=(2, a.size))
    left.plot([0, 1], [0, 1], color=NOT_RELEVANT, linewidth=1)
    left.scatter(a + jitter[0], b + jitter[1], s=14, color=SECOND, alpha=0.7)
    left.set(xlabel=f"{measure} of {names[0]}", ylabel=f"{measure} of {names[1]}",
             xlim=(-0.05, 1.05), ylim=(-0.05, 1.05), xticks=[0, 0.5, 1], yticks=[0, 0.5, 1],
             aspect="equal")
    left.set_title("one dot per query", fontsize=10)
    difference = np.sort(b - a)
    colours = [RELEVANT if d > 0 else CURRENT if d < 0 else NOT_RELEVANT for d in difference]
    right.bar(np.arange(1, difference.size + 1), difference, color=colours, width=0.85)
    right.axhline(difference.mean(), color=SECOND, linewidth=1,
                  label=f"mean difference {difference.mean():+.3f}")
    right.axhline(0, color="black", linewidth=0.6)
    right.set(xlabel="queries, sorted by difference",
              ylabel=f"{measure}: {names[1]} − {names[0]}", xticks=[])
    # The key under the x label, off the bars.
    below = right.transAxes + ScaledTranslation(0, -22 / 72, figure.dpi_scale_trans)
    right.legend(loc="upper center", bbox_to_anchor=(0.5, 0), bbox_transform=below,
                 fontsize=8, frameon=False, borderaxespad=0)
    right.set_title("per-query differences", fontsize=10)
    figure.tight_layout()
    return figure


def precision_distribution_figure(n_items: int, n_relevant: int, k: int,
                                  simulated: Sequence[float] | np.ndarray | None = None,
                                  binomial: bool = True, title: str | None = None) -> ShownFigure:
    """:func:`_draw_precision_distribution_figure`, shown with an alt text computed from it."""
    figure = _draw_precision_distribution_figure(n_items, n_relevant, k, simulated, binomial, title)
    dist = random_hits_distribution(n_items=n_items, n_relevant=n_relevant, k=k)
    mode = dist["precision"][int(np.argmax(dist["probability"]))]
    baseline = random_precision_at_k(n_items=n_items, n_relevant=n_relevant, k=k)
    alt = (f"Bars of the exact probability of each value of P@{k} for a random order of "
           f"{n_items} items with {n_relevant} relevant, peaking at {number(mode)}")
    if simulated is not None:
        alt += f"; open circles for {len(simulated):,} simulated shuffles, on top of the bars"
    if binomial:
        alt += (f"; a dashed binomial curve, wider: variance {baseline.binomial_variance:.5f} "
                f"against the exact {baseline.variance:.5f}")
    return show_figure(figure, alt=alt + ".")


def paired_scores_figure(a: Sequence[float], b: Sequence[float], measure: str = "P@10",
                         names: tuple[str, str] = ("A", "B")) -> ShownFigure:
    """:func:`_draw_paired_scores_figure`, shown with an alt text computed from the scores."""
    figure = _draw_paired_scores_figure(a, b, measure, names)
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    d = b - a
    alt = (f"Left: one dot per query, {measure} of {names[0]} against {measure} of {names[1]}, "
           f"from {number(min(a.min(), b.min()))} to {number(max(a.max(), b.max()))}: "
           f"{int((d > 0).sum())} above the diagonal, {int((d < 0).sum())} below, "
           f"{int((d == 0).sum())} on it. Right: the {d.size} per-query differences {names[1]} "
           f"minus {names[0]} as sorted bars, negative ones red and positive ones green, with "
           f"their mean line at {d.mean():.3f}.")
    return show_figure(figure, alt=alt)
