r"""What P@k and R@k look like when the ranking is drawn uniformly at random.

A random ranking of N items of which |R| are relevant puts a uniformly random
k-subset of the collection in the top k, so the number of relevant items found,
|R_k|, is hypergeometric with parameters (N, |R|, k). Writing
:math:`\rho = |R|/N` for the base rate:

.. math::

   \mathbb{E}\,|R_k| = k\rho, \qquad
   \operatorname{Var}|R_k| = k\rho(1-\rho)\,\frac{N-k}{N-1}.

Dividing by k gives P@k, dividing by |R| gives R@k; both means (ρ and k/N) are
exact. The binomial variance kρ(1−ρ), which treats the k draws as independent
(with replacement), is only an approximation: it forgets the finite-population
factor (N−k)/(N−1), which matters once k is a noticeable share of N and makes
the variance 0 at k = N.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .validation import as_rng, check_count, check_k, check_n_relevant
from ._results import FrozenResult, shown_as
from ._cutoff_metrics import precision_rows

# Cap on the cells of one matrix of shuffled collections, so that many draws
# over a large collection are simulated in chunks instead of one huge matrix.
_MAX_CELLS_PER_CHUNK = 2**22


@dataclass(frozen=True, repr=False)
class RandomBaseline(FrozenResult):
    r"""Mean and variance of a measure under a uniformly random ranking.

    ``variance`` is exact (hypergeometric); ``binomial_variance`` is the
    with-replacement approximation shown beside it for comparison.

    .. math:: \operatorname{Var}|R_k| = k\rho(1-\rho)\,\frac{N-k}{N-1}, \qquad \rho = |R|/N

    Attributes
    ----------
    measure : str
        The measure's name, such as ``"P@10"``.
    n_items, n_relevant, k : int
        The collection's size N, its relevant items :math:`|R|`, and the cutoff.
    mean : float
        The exact mean of the measure.
    variance : float
        The exact (hypergeometric) variance.
    binomial_variance : float
        The binomial approximation of the variance.

    Examples
    --------
    >>> baseline = random_precision_at_k(n_items=100, n_relevant=10, k=10)
    >>> baseline.mean, round(baseline.std, 4)
    (0.1, 0.0905)

    References
    ----------
    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`

    Moffat (2022). Batch evaluation metrics in information retrieval: measures, scales, and
    meaning. :cite:p:`moffat2022batch`
    """

    measure: str
    n_items: int
    n_relevant: int
    k: int
    mean: float
    variance: float = field(metadata=shown_as("#.4g"))
    binomial_variance: float = field(metadata=shown_as("#.4g"))

    @property
    def std(self) -> float:
        """Exact standard deviation, the square root of ``variance``."""
        return float(np.sqrt(self.variance))


# ------------------------------------------------------------------ kernel --


def _hits_moments(n_items: int, n_relevant: int, k: int) -> tuple[float, float, float]:
    """Mean, exact variance and binomial variance of |R_k| under a random ranking."""
    rho = n_relevant / n_items
    binomial_variance = k * rho * (1 - rho)
    # Finite-population factor; a one-item collection has no spread at all (k = N = 1).
    finite_population = (n_items - k) / (n_items - 1) if n_items > 1 else 0.0
    return k * rho, binomial_variance * finite_population, binomial_variance


# random_hits_distribution lists every count 0..k: at most this many (about 240 MB).
_MAX_LISTED_COUNTS = 10_000_001


def _check_collection(n_items: object, n_relevant: object, k: object) -> tuple[int, int, int]:
    n_items = check_k(n_items, "n_items")
    n_relevant = check_count(n_relevant, "n_relevant")
    k = check_k(k)
    if n_relevant > n_items:
        raise ValueError(
            f"n_relevant must be at most n_items ({n_items}), got {n_relevant}: "
            "the relevant items are part of the collection"
        )
    if k > n_items:
        raise ValueError(
            f"k must be at most n_items ({n_items}), got {k}: "
            "a ranking of N items has no rank beyond N"
        )
    return n_items, n_relevant, k


# ------------------------------------------------------------- public API --


def random_precision_at_k(*, n_items: int, n_relevant: int, k: int) -> RandomBaseline:
    r"""Exact mean and variance of P@k under a uniformly random ranking.

    With :math:`\rho = |R|/N`:

    .. math::

       \mathbb{E}[\mathrm{P@}k] = \rho, \qquad
       \operatorname{Var}[\mathrm{P@}k] = \frac{\rho(1-\rho)}{k}\cdot\frac{N-k}{N-1}
       \quad\text{(exact)}, \qquad
       \frac{\rho(1-\rho)}{k} \quad\text{(binomial approximation)}.

    Every argument is keyword-only: three integers in a row are easily swapped.

    Parameters
    ----------
    n_items : int
        N, the size of the collection being ranked (positive).
    n_relevant : int
        :math:`|R|`, the relevant items in it (0 to N).
    k : int
        Cutoff rank (1 to N).

    Returns
    -------
    RandomBaseline
        ``mean``, exact ``variance`` and ``binomial_variance`` (and ``std``).

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If ``n_items`` or ``k`` is not positive, ``n_relevant`` is negative, or
        ``n_relevant`` or ``k`` exceeds ``n_items``.

    Examples
    --------
    >>> random_precision_at_k(n_items=1000, n_relevant=50, k=10)
    RandomBaseline(measure='P@10', n_items=1000, n_relevant=50, k=10, mean=0.0500, variance=0.004707, binomial_variance=0.004750)

    At k = N every random ranking finds all of R: the exact variance is 0.

    >>> random_precision_at_k(n_items=20, n_relevant=5, k=20).variance
    0.0

    References
    ----------
    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`

    Moffat (2022). Batch evaluation metrics in information retrieval: measures, scales, and
    meaning. :cite:p:`moffat2022batch`
    """
    n_items, n_relevant, k = _check_collection(n_items, n_relevant, k)
    mean, variance, binomial_variance = _hits_moments(n_items, n_relevant, k)
    return RandomBaseline(
        f"P@{k}", n_items, n_relevant, k, mean / k, variance / k**2, binomial_variance / k**2
    )


def random_recall_at_k(*, n_items: int, n_relevant: int, k: int) -> RandomBaseline:
    r"""Exact mean and variance of R@k under a uniformly random ranking.

    .. math::

       \mathbb{E}[\mathrm{R@}k] = \frac{k}{N} \quad\text{(exact, for every } N\text{)}, \qquad
       \operatorname{Var}[\mathrm{R@}k] = \frac{k\rho(1-\rho)}{|R|^2}\cdot\frac{N-k}{N-1},

    and the binomial approximation drops the factor :math:`(N-k)/(N-1)`.

    Parameters
    ----------
    n_items : int
        N, the size of the collection being ranked (positive).
    n_relevant : int
        :math:`|R|`, the relevant items in it (0 to N, at least 1: recall is undefined when it is 0).
    k : int
        Cutoff rank (1 to N).

    Returns
    -------
    RandomBaseline
        ``mean``, exact ``variance`` and ``binomial_variance`` (and ``std``).

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If ``n_items`` or ``k`` is not positive, ``n_relevant`` is negative or 0, or
        ``n_relevant`` or ``k`` exceeds ``n_items``.

    Examples
    --------
    >>> baseline = random_recall_at_k(n_items=1000, n_relevant=50, k=10)
    >>> baseline.mean, round(baseline.variance, 8), round(baseline.binomial_variance, 8)
    (0.01, 0.00018829, 0.00019)

    References
    ----------
    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`
    """
    n_items, n_relevant, k = _check_collection(n_items, n_relevant, k)
    check_n_relevant(n_relevant, np.zeros(0), "recall")
    mean, variance, binomial_variance = _hits_moments(n_items, n_relevant, k)
    return RandomBaseline(
        f"R@{k}",
        n_items,
        n_relevant,
        k,
        mean / n_relevant,
        variance / n_relevant**2,
        binomial_variance / n_relevant**2,
    )


def random_hits_distribution(*, n_items: int, n_relevant: int, k: int) -> dict[str, np.ndarray]:
    r"""The full distribution of :math:`|R_k|` under a uniformly random ranking, for plots.

    .. math::

       \Pr(|R_k| = h) = \frac{\binom{|R|}{h}\binom{N-|R|}{k-h}}{\binom{N}{k}},
       \qquad h = 0, 1, \ldots, k.

    Parameters
    ----------
    n_items : int
        N, the size of the collection being ranked (positive).
    n_relevant : int
        :math:`|R|`, the relevant items in it (0 to N).
    k : int
        Cutoff rank (1 to N).

    Returns
    -------
    dict of str to numpy.ndarray
        ``hits`` (0 to k), ``probability`` (the hypergeometric pmf, 0 where h is
        impossible) and ``precision`` (hits / k). R@k is ``hits / n_relevant``.

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If ``n_items`` or ``k`` is not positive, ``n_relevant`` is negative, or
        ``n_relevant`` or ``k`` exceeds ``n_items``.

    Examples
    --------
    >>> dist = random_hits_distribution(n_items=10, n_relevant=3, k=4)
    >>> dist["hits"].tolist(), dist["probability"].round(4).tolist()
    ([0, 1, 2, 3, 4], [0.1667, 0.5, 0.3, 0.0333, 0.0])

    References
    ----------
    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`
    """
    n_items, n_relevant, k = _check_collection(n_items, n_relevant, k)
    if k + 1 > _MAX_LISTED_COUNTS:  # three arrays of k + 1 numbers
        raise ValueError(
            f"k must be at most {_MAX_LISTED_COUNTS - 1:,} here, got {k:,}: the distribution lists every "
            f"hit count from 0 to k, which would take {3 * 8 * (k + 1) / 2**30:,.1f} GiB; for its mean "
            "and variance use random_precision_at_k or random_recall_at_k, which list nothing")
    hits = np.arange(k + 1)
    from scipy.stats import hypergeom  # here: scipy.stats takes most of a second to import

    # scipy's names: M = population size, n = successes in it, N = draws.
    probability = hypergeom(M=n_items, n=n_relevant, N=k).pmf(hits)
    return {"hits": hits, "probability": probability, "precision": hits / k}


def simulate_random_precision(
    *, n_items: int, n_relevant: int, k: int, n_draws: int, seed: int | np.random.Generator = 0
) -> np.ndarray:
    r"""P@k of ``n_draws`` uniformly random rankings, to check the formulas by simulation.

    Each draw shuffles the collection (:math:`|R|` ones, :math:`N - |R|` zeros)
    and scores the top k with the same kernel as :func:`precision_at_k`:

    .. math:: \mathrm{P@}k^{(d)} = \frac{1}{k} \sum_{i=1}^{k} \mathrm{rel}_{\sigma_d(i)},
              \qquad \sigma_d \text{ a uniformly random permutation}

    All draws form one matrix, so the simulation is vectorised.

    Parameters
    ----------
    n_items : int
        N, the size of the collection being ranked (positive).
    n_relevant : int
        :math:`|R|`, the relevant items in it (0 to N).
    k : int
        Cutoff rank (1 to N).
    n_draws : int
        Number of random rankings (positive).
    seed : int or numpy.random.Generator
        The same seed gives the same draws.

    Returns
    -------
    numpy.ndarray
        P@k of each draw, shape ``(n_draws,)``.

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If ``n_items`` or ``k`` is not positive, ``n_relevant`` is negative, or
        ``n_relevant`` or ``k`` exceeds ``n_items``.
        Also if ``n_draws`` is not positive or ``seed`` is negative (``TypeError``
        if either is not an integer).

    Examples
    --------
    Half of a 20-item collection shown: the simulation sides with the exact
    variance, about half the binomial one.

    >>> draws = simulate_random_precision(n_items=20, n_relevant=6, k=10, n_draws=20_000, seed=1)
    >>> draws.shape, draws[:5].tolist()
    ((20000,), [0.2, 0.3, 0.3, 0.3, 0.3])
    >>> exact = random_precision_at_k(n_items=20, n_relevant=6, k=10)
    >>> f"mean {draws.mean():.4f} (exact {exact.mean:.4f})"
    'mean 0.2992 (exact 0.3000)'
    >>> print(f"{draws.var():.4f} {exact.variance:.4f} {exact.binomial_variance:.4f}")
    0.0110 0.0111 0.0210

    References
    ----------
    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`
    """
    n_items, n_relevant, k = _check_collection(n_items, n_relevant, k)
    n_draws = check_k(n_draws, "n_draws")
    rng = as_rng(seed)
    collection = np.zeros(n_items, dtype=np.int8)
    collection[:n_relevant] = 1
    rows_per_chunk = max(1, _MAX_CELLS_PER_CHUNK // n_items)
    precision = []
    for start in range(0, n_draws, rows_per_chunk):
        n_rows = min(rows_per_chunk, n_draws - start)
        shuffled = rng.permuted(np.broadcast_to(collection, (n_rows, n_items)), axis=1)
        precision.append(precision_rows(shuffled[:, :k].astype(float), k))
    return np.concatenate(precision)
