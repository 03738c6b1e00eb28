r"""Paired significance tests between two systems, over per-query scores.

Two systems scored on the same queries give pairs (a_q, b_q); every test here
works on the per-query differences :math:`d_q = a_q - b_q`, because the
question is whether *a* beats *b* on the same queries, not whether two
unrelated samples differ (Smucker, Allan & Carterette 2007).

Scores come either as two dicts ``{query_id: score}``, paired by query id (the
ids must be the same in both), or as two aligned sequences. All randomness
comes from ``numpy.random.default_rng(seed)``, so the same seed gives the same
result.

Multiple comparisons: each p-value controls the error of *one* comparison.
Comparing many systems, or one system on many measures, makes some p < 0.05
by chance (20 independent tests at 0.05 give at least one false alarm with
probability 64%). Adjust the family of p-values, for example with
:func:`holm_bonferroni`, or fix one primary comparison in advance.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from .validation import as_rng, check_k, check_open_unit
from ._results import FrozenResult, shown_as

Scores = Mapping[Hashable, float] | Sequence[float] | np.ndarray

#: Up to this many queries, the randomization test enumerates all 2**n sign patterns.
EXACT_MAX_QUERIES = 16
# Beyond this, exact enumeration (2**n sign patterns) takes too long to be worth it.
_EXACT_LIMIT = 20
# Cap on the cells of one matrix of resamples; larger jobs run in chunks.
_MAX_CELLS_PER_CHUNK = 2**21
# Two resampled means closer than this (relative to the mean |d|) are the same
# value up to floating-point rounding, and count as a tie with the observed one.
_TIE_TOLERANCE = 1e-9
#: A spread (standard deviation) of at most this share of the largest |score| is 0: scores
#: carry rounding errors of about 1e-16 of their size (0.1 + 0.2 - 0.2 is not 0.1), which
#: make equal per-query differences look spread by ~1e-17 and their ratio ~1e16.
ZERO_SPREAD_TOLERANCE = 1e-9


# ------------------------------------------------------------ result types --


@dataclass(frozen=True, repr=False)
class PairedTTest(FrozenResult):
    r"""Result of :func:`paired_t_test`.

    .. math:: t = \frac{\bar d}{s_d / \sqrt{n}}

    Attributes
    ----------
    n : int
        The number of queries.
    mean_difference : float
        :math:`\bar d`, the mean of a - b.
    t_statistic : float
        t (``inf`` or ``-inf`` when every difference is the same non-zero value).
    df : int
        Degrees of freedom, n - 1.
    p_value : float
        The two-sided p-value.

    Examples
    --------
    >>> result = paired_t_test([0.6, 0.4, 0.8], [0.4, 0.4, 0.5])
    >>> result.df, round(result.mean_difference, 4)
    (2, 0.1667)

    References
    ----------
    Smucker, Allan & Carterette (2007). A comparison of statistical significance tests for
    information retrieval evaluation. :cite:p:`smucker2007comparison`
    """

    n: int
    mean_difference: float
    t_statistic: float
    df: int
    p_value: float = field(metadata=shown_as("p"))


@dataclass(frozen=True, repr=False)
class RandomizationTest(FrozenResult):
    """Result of :func:`randomization_test`; ``n_resamples`` is :math:`2^n` when ``exact``.

    Attributes
    ----------
    n : int
        The number of queries.
    mean_difference : float
        The observed mean of a - b.
    p_value : float
        The two-sided p-value.
    n_resamples : int
        The sign patterns used: all :math:`2^n` when exact, else the random draws.
    exact : bool
        Whether every sign pattern was enumerated.

    Examples
    --------
    >>> result = randomization_test([0.6, 0.4, 0.8], [0.4, 0.4, 0.5])
    >>> result.exact, result.n_resamples
    (True, 8)

    References
    ----------
    Smucker, Allan & Carterette (2007). A comparison of statistical significance tests for
    information retrieval evaluation. :cite:p:`smucker2007comparison`
    """

    n: int
    mean_difference: float
    p_value: float = field(metadata=shown_as("p"))
    n_resamples: int
    exact: bool


@dataclass(frozen=True, repr=False)
class BootstrapInterval(FrozenResult):
    """Result of :func:`bootstrap_ci`: the interval [``low``, ``high``] of the mean difference.

    Attributes
    ----------
    n : int
        The number of queries.
    mean_difference : float
        The observed mean of a - b.
    low, high : float
        The ends of the percentile interval.
    confidence : float
        Its level, such as 0.95.
    n_resamples : int
        The number of bootstrap samples.

    Examples
    --------
    >>> interval = bootstrap_ci([0.6, 0.4, 0.8, 0.5], [0.4, 0.4, 0.5, 0.6], n_resamples=1000)
    >>> interval.low <= interval.mean_difference <= interval.high
    True

    References
    ----------
    Sakai (2006). Evaluating evaluation metrics based on the bootstrap.
    :cite:p:`sakai2006evaluating`

    Smucker, Allan & Carterette (2007). A comparison of statistical significance tests for
    information retrieval evaluation. :cite:p:`smucker2007comparison`
    """

    n: int
    mean_difference: float
    low: float
    high: float
    confidence: float
    n_resamples: int


@dataclass(frozen=True, repr=False)
class SignTest(FrozenResult):
    """Result of :func:`sign_test`: queries where a wins, loses, ties against b.

    Attributes
    ----------
    n_wins, n_losses, n_ties : int
        Queries where a - b is positive, negative, zero.
    p_value : float
        The two-sided exact binomial p-value.

    Examples
    --------
    >>> sign_test([1, 1, 0, 1], [0, 1, 0, 0])
    SignTest(n_wins=2, n_losses=0, n_ties=2, p_value=0.5000)

    References
    ----------
    Smucker, Allan & Carterette (2007). A comparison of statistical significance tests for
    information retrieval evaluation. :cite:p:`smucker2007comparison`
    """

    n_wins: int
    n_losses: int
    n_ties: int
    p_value: float = field(metadata=shown_as("p"))


# ------------------------------------------------------- pairing and checks --


def _where(index: int, query_ids: list | None) -> str:
    return f"at index {index}" if query_ids is None else f"for query {query_ids[index]!r}"


def _numbers_only(values: Sequence | np.ndarray, name: str, locate) -> np.ndarray:
    """``values`` as floats; text and None are refused, not converted."""
    if not (isinstance(values, np.ndarray) and values.dtype.kind in "biuf"):
        # Text such as "0.5" would silently become a number, None would become NaN.
        for index, item in enumerate(np.ravel(np.asarray(values, dtype=object))):
            if not isinstance(item, (numbers.Real, np.bool_)):
                raise TypeError(
                    f"{name} must hold numbers; it holds {item!r} ({type(item).__name__}) "
                    f"{locate(index)}: convert it first (for example float(x))"
                )
    try:
        return np.asarray(values, dtype=float)
    except OverflowError:  # an integer beyond a float
        raise ValueError(f"{name} must hold scores that fit in a float; it holds an integer beyond "
                         "1.8e308: rescale the scores") from None


def _as_scores(values: object, name: str, query_ids: list | None = None) -> np.ndarray:
    """One system's per-query scores as a finite 1-D float array, or raise."""
    if isinstance(values, (str, bytes)) or not isinstance(values, (Sequence, np.ndarray)):
        raise TypeError(
            f"{name} must be a dict {{query_id: score}} or a sequence of per-query scores, "
            f"got {type(values).__name__}"
        )
    array = _numbers_only(values, name, lambda index: _where(index, query_ids))
    if array.ndim != 1:
        raise ValueError(
            f"{name} must be one-dimensional (one score per query), got shape {array.shape}"
        )
    bad = np.flatnonzero(~np.isfinite(array))
    if bad.size:
        raise ValueError(
            f"{name} must hold finite scores; it holds {array[bad[0]]} {_where(bad[0], query_ids)}: "
            "score that query (0 if the system returned nothing) or drop it from both"
        )
    return array


def _show_ids(ids: list) -> str:
    shown = ", ".join(repr(q) for q in ids[:10])
    return f"[{shown}{f', ... ({len(ids) - 10} more)' if len(ids) > 10 else ''}]"


def _align_by_query(a: Mapping, b: Mapping) -> tuple[np.ndarray, np.ndarray]:
    missing_from_b = [q for q in a if q not in b]
    missing_from_a = [q for q in b if q not in a]
    if missing_from_a or missing_from_b:
        where = []
        if missing_from_b:
            where.append(f"missing from b: {_show_ids(missing_from_b)}")
        if missing_from_a:
            where.append(f"missing from a: {_show_ids(missing_from_a)}")
        raise ValueError(
            f"a and b must score the same queries; {'; '.join(where)}. Score every query in both "
            "systems (trec_eval -c counts a query missing from a run as 0) or drop it from both"
        )
    # A fixed order (not dict insertion order) so that a seed gives the same resamples.
    query_ids = sorted(a, key=str)
    a_values = _as_scores([a[q] for q in query_ids], "a", query_ids)
    return a_values, _as_scores([b[q] for q in query_ids], "b", query_ids)


def _paired_differences(a: object, b: object, *, with_scale: bool = False):
    """d = a - b per query, after checking that a and b pair up; the input of every test.
    ``with_scale``: also the largest |score| of a and b (see :func:`_spread`)."""
    if isinstance(a, Mapping) != isinstance(b, Mapping):
        raise TypeError(
            "a and b must both be dicts {query_id: score} or both be aligned sequences, "
            f"got {type(a).__name__} and {type(b).__name__}"
        )
    if isinstance(a, Mapping) and isinstance(b, Mapping):  # both or neither, checked above
        a_values, b_values = _align_by_query(a, b)
    else:
        a_values, b_values = _as_scores(a, "a"), _as_scores(b, "b")
        if a_values.size != b_values.size:
            raise ValueError(
                "a and b must score the same queries in the same order: "
                f"a has {a_values.size} scores, b has {b_values.size}"
            )
    if a_values.size < 2:
        raise ValueError(f"a paired comparison needs at least 2 queries, got {a_values.size}")
    with np.errstate(over="ignore", invalid="ignore"):
        d = a_values - b_values
        # Every test sums the differences or their squares: both must stay finite.
        fits = np.isfinite(d).all() and np.isfinite(np.dot(d, d))
    if not fits:
        raise ValueError(
            "the differences a - b are too large to square within a float (largest "
            f"|a - b| = {np.max(np.abs(d)):g}): the scores should be per-query values of a "
            "measure; rescale them (for example divide both by the same constant)"
        )
    if with_scale:
        return d, float(max(np.max(np.abs(a_values)), np.max(np.abs(b_values))))
    return d


def _spread(values: np.ndarray, scale: float) -> float:
    """The standard deviation of ``values`` (ddof = 1), or 0.0 when it is at most
    :data:`ZERO_SPREAD_TOLERANCE` times ``scale``, the largest |score| they come from."""
    spread = float(values.std(ddof=1))
    return 0.0 if spread <= ZERO_SPREAD_TOLERANCE * scale else spread


def _within_rounding(value: float, scale: float) -> bool:
    """Whether a mean of scores up to ``scale`` is 0 but for rounding (see :func:`_spread`)."""
    return abs(value) <= ZERO_SPREAD_TOLERANCE * scale


def _chunks(n_rows: int, n_columns: int):
    """(start, stop) row ranges that split an (n_rows, n_columns) job into bounded chunks."""
    step = max(1, _MAX_CELLS_PER_CHUNK // n_columns)
    for start in range(0, n_rows, step):
        yield start, min(start + step, n_rows)


def _count_as_extreme(signs: np.ndarray, d: np.ndarray, threshold: float) -> int:
    """How many sign patterns (rows of +1/-1) give a mean difference with |mean| >= threshold."""
    return int(np.count_nonzero(np.abs(signs @ d) / d.size >= threshold))


# ------------------------------------------------------------- public API --


def paired_t_test(a: Scores, b: Scores) -> PairedTTest:
    r"""Paired t-test of the mean per-query difference between systems a and b.

    .. math::

       t = \frac{\bar d}{s_d / \sqrt{n}}, \qquad
       p = 2\,\Pr\left(T_{n-1} \ge |t|\right),

    with :math:`d_q = a_q - b_q`, :math:`s_d` their sample standard deviation
    (ddof = 1) and :math:`T_{n-1}` Student's t with n − 1 degrees of freedom.
    Same numbers as ``scipy.stats.ttest_rel``, except when every difference is
    0: there scipy returns NaN, and this function reports t = 0 and p = 1 (the
    systems never differ). When all differences are equal and non-zero,
    t = ±inf and p = 0. Equal means equal up to rounding: a spread :math:`s_d`
    of at most ``ZERO_SPREAD_TOLERANCE`` (1e-9) times the largest absolute score of a
    and b counts as 0, and so does such a mean difference (``b + 0.1`` against
    ``b`` differs by 0.1 on every query, though rounding spreads it by ~1e-17).

    Parameters
    ----------
    a, b : dict {query_id: score}, or aligned sequences of scores
        Per-query scores of the two systems, at least 2 queries: two dicts with
        the same query ids (paired by id), or two sequences of equal length.

    Returns
    -------
    PairedTTest
        ``n``, ``mean_difference``, ``t_statistic``, ``df`` and ``p_value``.

    Raises
    ------
    TypeError
        If ``a`` and ``b`` are not both dicts or both sequences, or a score is
        not a number.
    ValueError
        If a score is not finite, the two do not score the same queries, there
        are fewer than 2 queries, or the differences are too large for a float.

    Examples
    --------
    >>> a = {"q1": 0.6, "q2": 0.4, "q3": 0.8, "q4": 0.5, "q5": 0.7}
    >>> b = {"q1": 0.4, "q2": 0.4, "q3": 0.5, "q4": 0.6, "q5": 0.3}
    >>> paired_t_test(a, b)
    PairedTTest(n=5, mean_difference=0.1600, t_statistic=1.7253, df=4, p_value=0.1596)

    Several comparisons at once call for an adjustment: see :func:`holm_bonferroni`.

    References
    ----------
    Smucker, Allan & Carterette (2007). A comparison of statistical significance tests for
    information retrieval evaluation. :cite:p:`smucker2007comparison`

    Sakai (2014). Statistical reform in information retrieval? :cite:p:`sakai2014statistical`
    """
    d, scale = _paired_differences(a, b, with_scale=True)
    n, mean = d.size, float(d.mean())
    spread = _spread(d, scale)
    if spread == 0:
        t = 0.0 if _within_rounding(mean, scale) else math.copysign(math.inf, mean)
    else:
        t = mean / (spread / math.sqrt(n))
    from scipy.stats import t as student_t  # here: scipy.stats takes most of a second to import

    p_value = 1.0 if t == 0 else float(2 * student_t.sf(abs(t), n - 1))
    return PairedTTest(n, mean, t, n - 1, min(p_value, 1.0))


def randomization_test(
    a: Scores,
    b: Scores,
    *,
    n_resamples: int = 10_000,
    seed: int | np.random.Generator = 0,
    exact: bool | None = None,
) -> RandomizationTest:
    r"""Paired randomization (sign-flip permutation) test of the mean difference, two-sided.

    Under the null hypothesis the labels "a" and "b" are exchangeable within
    each query, so each difference :math:`d_q` is as likely to have had the
    opposite sign. The p-value is the share of sign patterns whose mean is at
    least as far from 0 as the observed one:

    .. math::

       p = \frac{1}{2^n}\,\#\left\{ s \in \{-1, 1\}^n :
           \Big|\tfrac{1}{n}\textstyle\sum_q s_q d_q\Big| \ge |\bar d| \right\}.

    With n <= ``EXACT_MAX_QUERIES`` (16) queries all :math:`2^n` patterns are
    enumerated and p is exact (it equals ``scipy.stats.permutation_test`` with
    ``permutation_type='samples'``); ``n_resamples`` and ``seed`` are then not
    used. With more queries, ``n_resamples`` random patterns are drawn and
    :math:`p = (1 + \#\{\text{as extreme}\}) / (1 + B)`, which counts the
    observed pattern and so never reports p = 0 (Phipson & Smyth 2010).
    Ties in :math:`|\bar d|` (frequent with P@k, whose values are multiples of
    1/k) count as "at least as extreme", up to floating-point rounding.

    Parameters
    ----------
    a, b : dict {query_id: score}, or aligned sequences of scores
        Per-query scores of the two systems, at least 2 queries: two dicts with
        the same query ids (paired by id), or two sequences of equal length.
    n_resamples : int
        B, the random sign patterns drawn when the test is not exact (positive).
    seed : int or numpy.random.Generator
        The same seed gives the same p-value.
    exact : bool or None
        ``True`` enumerates every pattern (up to 20 queries), ``False`` samples,
        ``None`` (the default) enumerates up to 16 queries.

    Returns
    -------
    RandomizationTest
        ``n``, ``mean_difference``, ``p_value``, ``n_resamples`` and ``exact``.

    Raises
    ------
    TypeError
        If ``a`` and ``b`` are not both dicts or both sequences, or a score is
        not a number, ``n_resamples`` or ``seed`` is not an integer, or ``exact`` is not a bool or None.
    ValueError
        If a score is not finite, the two do not score the same queries, there
        are fewer than 2 queries, or the differences are too large for a float,
        ``n_resamples`` is not positive, ``seed`` is negative, or ``exact=True``
        with more than 20 queries.

    Examples
    --------
    >>> a = {"q1": 0.6, "q2": 0.4, "q3": 0.8, "q4": 0.5, "q5": 0.7}
    >>> b = {"q1": 0.4, "q2": 0.4, "q3": 0.5, "q4": 0.6, "q5": 0.3}
    >>> randomization_test(a, b)  # 5 queries: all 32 sign patterns
    RandomizationTest(n=5, mean_difference=0.1600, p_value=0.2500, n_resamples=32, exact=True)

    This p-value is for one comparison; for several, see :func:`holm_bonferroni`.

    References
    ----------
    Smucker, Allan & Carterette (2007). A comparison of statistical significance tests for
    information retrieval evaluation. :cite:p:`smucker2007comparison`

    Fuhr (2017). Some common mistakes in IR evaluation, and how they can be avoided.
    :cite:p:`fuhr2017some`
    """
    d = _paired_differences(a, b)
    n_resamples = check_k(n_resamples, "n_resamples")
    rng = as_rng(seed)
    if exact is None:
        exact = d.size <= EXACT_MAX_QUERIES
    elif not isinstance(exact, bool):
        raise TypeError(f"exact must be True, False or None (automatic), got {exact!r}")
    if exact and d.size > _EXACT_LIMIT:
        raise ValueError(
            f"exact=True enumerates 2**n sign patterns; n = {d.size} queries is too many "
            f"(at most {_EXACT_LIMIT}): use exact=False (random sign patterns) instead"
        )
    observed = float(d.mean())
    threshold = abs(observed) - _TIE_TOLERANCE * float(np.abs(d).mean())
    as_extreme = 0
    if exact:
        n_used = 2**d.size
        for start, stop in _chunks(n_used, d.size):
            # Row i holds the bits of pattern number i: every sign pattern exactly once.
            bits = (np.arange(start, stop)[:, None] >> np.arange(d.size)) & 1
            as_extreme += _count_as_extreme(1 - 2 * bits.astype(np.int8), d, threshold)
        p_value = as_extreme / n_used
    else:
        n_used = n_resamples
        for start, stop in _chunks(n_used, d.size):
            bits = rng.integers(0, 2, size=(stop - start, d.size), dtype=np.int8)
            as_extreme += _count_as_extreme(1 - 2 * bits, d, threshold)
        p_value = (1 + as_extreme) / (1 + n_used)
    return RandomizationTest(d.size, observed, min(p_value, 1.0), n_used, exact)


def bootstrap_ci(
    a: Scores,
    b: Scores,
    *,
    confidence: float = 0.95,
    n_resamples: int = 10_000,
    seed: int | np.random.Generator = 0,
) -> BootstrapInterval:
    r"""Percentile bootstrap confidence interval of the mean per-query difference.

    Draw n queries with replacement, keeping each query's pair (a_q, b_q)
    together, and take the mean difference; repeat B times. The interval runs
    between the :math:`\alpha/2` and :math:`1-\alpha/2` quantiles of those means:

    .. math::

       \bar d^{*b} = \frac{1}{n}\sum_{i=1}^{n} d_{q^{*b}_i}, \qquad
       \left[\, Q_{\alpha/2}\big(\bar d^{*}\big),\; Q_{1-\alpha/2}\big(\bar d^{*}\big) \right],
       \quad \alpha = 1 - \text{confidence}.

    An interval that excludes 0 points to a real difference at level α; with
    few queries the percentile interval is too narrow (it undercovers), so
    prefer the randomization test for the decision and report the interval for
    the size of the effect. Several intervals at once call for a wider level
    (for example Bonferroni: confidence 1 − α/m for m comparisons).

    Parameters
    ----------
    a, b : dict {query_id: score}, or aligned sequences of scores
        Per-query scores of the two systems, at least 2 queries: two dicts with
        the same query ids (paired by id), or two sequences of equal length.
    confidence : float in (0, 1)
        The interval's level.
    n_resamples : int
        B, the number of bootstrap samples (positive).
    seed : int or numpy.random.Generator
        The same seed gives the same interval.

    Returns
    -------
    BootstrapInterval
        ``n``, ``mean_difference``, ``low``, ``high``, ``confidence`` and ``n_resamples``.

    Raises
    ------
    TypeError
        If ``a`` and ``b`` are not both dicts or both sequences, or a score is
        not a number, or ``confidence``, ``n_resamples`` or ``seed`` is of the wrong type.
    ValueError
        If a score is not finite, the two do not score the same queries, there
        are fewer than 2 queries, or the differences are too large for a float,
        ``confidence`` is not strictly between 0 and 1, ``n_resamples`` is not
        positive, or ``seed`` is negative.

    Examples
    --------
    >>> a = [0.6, 0.4, 0.8, 0.5, 0.7, 0.9, 0.3, 0.6]
    >>> b = [0.4, 0.4, 0.5, 0.6, 0.3, 0.7, 0.3, 0.5]
    >>> bootstrap_ci(a, b, seed=0)
    BootstrapInterval(n=8, mean_difference=0.1375, low=0.0250, high=0.2500, confidence=0.9500, n_resamples=10000)

    References
    ----------
    Sakai (2006). Evaluating evaluation metrics based on the bootstrap.
    :cite:p:`sakai2006evaluating`

    Smucker, Allan & Carterette (2007). A comparison of statistical significance tests for
    information retrieval evaluation. :cite:p:`smucker2007comparison`
    """
    d = _paired_differences(a, b)
    confidence = check_open_unit(confidence, "confidence")
    n_resamples = check_k(n_resamples, "n_resamples")
    rng = as_rng(seed)
    # Resampling d is resampling the pairs: a query's two scores always travel together.
    means = np.concatenate(
        [
            d[rng.integers(0, d.size, size=(stop - start, d.size))].mean(axis=1)
            for start, stop in _chunks(n_resamples, d.size)
        ]
    )
    alpha = 1 - confidence
    low, high = np.quantile(means, [alpha / 2, 1 - alpha / 2])
    return BootstrapInterval(
        d.size, float(d.mean()), float(low), float(high), confidence, n_resamples
    )


def sign_test(a: Scores, b: Scores) -> SignTest:
    r"""Sign test: whether a beats b on more queries than a fair coin would (the binomial test for P@1).

    Ties (:math:`d_q = 0`) are dropped. Among the remaining W + L queries, the
    wins W of a are Binomial(W + L, 1/2) under the null hypothesis, and the
    two-sided p-value is the exact binomial one (``scipy.stats.binomtest``):

    .. math::

       p = \sum_{w\,:\,\Pr(w) \le \Pr(W)} \binom{W+L}{w} 2^{-(W+L)}.

    It only uses the direction of each difference, so it suits P@1 (a hit or a
    miss at rank 1) and any score whose size is not comparable across queries.
    When every query is a tie there is no evidence either way: p = 1.

    Parameters
    ----------
    a, b : dict {query_id: score}, or aligned sequences of scores
        Per-query scores of the two systems, at least 2 queries: two dicts with
        the same query ids (paired by id), or two sequences of equal length.

    Returns
    -------
    SignTest
        ``n_wins``, ``n_losses``, ``n_ties`` and ``p_value``.

    Raises
    ------
    TypeError
        If ``a`` and ``b`` are not both dicts or both sequences, or a score is
        not a number.
    ValueError
        If a score is not finite, the two do not score the same queries, there
        are fewer than 2 queries, or the differences are too large for a float.

    Examples
    --------
    >>> p_at_1_a = {"q1": 1, "q2": 1, "q3": 0, "q4": 1, "q5": 1, "q6": 1, "q7": 0, "q8": 1}
    >>> p_at_1_b = {"q1": 0, "q2": 1, "q3": 0, "q4": 0, "q5": 0, "q6": 0, "q7": 1, "q8": 0}
    >>> sign_test(p_at_1_a, p_at_1_b)
    SignTest(n_wins=5, n_losses=1, n_ties=2, p_value=0.2188)

    For several comparisons at once, see :func:`holm_bonferroni`.

    References
    ----------
    Smucker, Allan & Carterette (2007). A comparison of statistical significance tests for
    information retrieval evaluation. :cite:p:`smucker2007comparison`
    """
    d = _paired_differences(a, b)
    wins, losses = int(np.count_nonzero(d > 0)), int(np.count_nonzero(d < 0))
    from scipy.stats import binomtest  # here: scipy.stats takes most of a second to import

    p_value = float(binomtest(wins, wins + losses, 0.5).pvalue) if wins + losses else 1.0
    return SignTest(wins, losses, d.size - wins - losses, p_value)


def holm_bonferroni(p_values: Sequence[float] | np.ndarray) -> np.ndarray:
    r"""Holm–Bonferroni adjusted p-values for a family of m comparisons.

    Sort the p-values, :math:`p_{(1)} \le \dots \le p_{(m)}`; then

    .. math::

       \tilde p_{(i)} = \max_{j \le i}\, \min\!\big(1,\; (m - j + 1)\, p_{(j)}\big).

    Rejecting every hypothesis whose adjusted p-value is at most α keeps the
    chance of *any* false rejection in the family at most α (Holm 1979), and it
    rejects at least as much as plain Bonferroni (:math:`m\,p_i`).

    Parameters
    ----------
    p_values : sequence of float in [0, 1]
        The family's p-values (at least one).

    Returns
    -------
    numpy.ndarray
        Adjusted p-values, in the order of the input.

    Raises
    ------
    TypeError
        If ``p_values`` is not a sequence of numbers.
    ValueError
        If ``p_values`` is empty, not one-dimensional, or holds a value outside [0, 1].

    Examples
    --------
    >>> holm_bonferroni([0.01, 0.04, 0.03, 0.2]).round(4).tolist()
    [0.04, 0.09, 0.09, 0.2]

    References
    ----------
    Sakai (2014). Statistical reform in information retrieval? :cite:p:`sakai2014statistical`

    Fuhr (2017). Some common mistakes in IR evaluation, and how they can be avoided.
    :cite:p:`fuhr2017some`
    """
    if isinstance(p_values, (str, bytes)) or not isinstance(p_values, (Sequence, np.ndarray)):
        raise TypeError(f"p_values must be a sequence of p-values, got {type(p_values).__name__}")
    p = _numbers_only(p_values, "p_values", lambda index: f"at index {index}")
    if p.ndim != 1 or p.size == 0:
        raise ValueError(f"p_values must be a non-empty 1-D sequence, got shape {p.shape}")
    outside = np.flatnonzero(~((p >= 0) & (p <= 1)))  # also catches NaN
    if outside.size:
        raise ValueError(
            f"p_values must lie in [0, 1]; index {outside[0]} holds {p[outside[0]]}"
        )
    order = np.argsort(p, kind="stable")
    stepped = np.minimum(1.0, (p.size - np.arange(p.size)) * p[order])
    adjusted = np.empty_like(p)
    adjusted[order] = np.maximum.accumulate(stepped)
    return adjusted
