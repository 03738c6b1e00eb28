r"""How many queries, and how sure: power, topic-set size, effect sizes, many systems.

A paired test (see :func:`paired_t_test`) says whether a difference between
two systems is beyond chance on the queries at hand. This module answers the
questions that come before and after it:

* **power**: the chance that the paired t-test detects a difference that
  exists (:func:`paired_t_test_power`), and the number of queries that gives a
  chosen power (:func:`queries_for_power`). Both use the noncentral t
  distribution exactly, not its normal approximation;
* **topic-set-size design** (Nagata's sample-size designs, applied to IR by
  Sakai 2016, 2018): the number of queries needed to detect a minimum
  difference with a t-test or an ANOVA over several systems, or to keep a
  confidence interval narrow (:func:`topic_set_size`), from a variance
  estimated on past per-query scores (:func:`variance_from_scores`). Each
  design states which variance it takes and uses the degrees of freedom of
  the test that variance belongs to;
* **effect sizes** (:func:`paired_effect_size`): a difference in units of its
  spread, which does not grow with the number of queries as a p-value shrinks;
* **many systems**: Tukey's honestly significant difference, from the
  studentised range (:func:`tukey_hsd`) or by permutation
  (:func:`randomised_tukey_hsd`), with adjusted p-values for every pair.

Per-query scores come as a dict ``{query_id: score}``, as an aligned sequence,
or as the per-query output of ``evaluate(..., per_query=True)``
(``{query_id: {measure: value}}``; ``measure=`` picks one when it holds several).
"""

from __future__ import annotations

import math
import numbers
import sys
import warnings
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

from ._results import FrozenResult, shown_as
from ._significance import _as_scores, _chunks, _show_ids, _spread, _TIE_TOLERANCE, _within_rounding
from .validation import as_rng, check_choice, check_k, check_open_unit

ALTERNATIVES = ("two-sided", "greater", "less")
#: Sakai's designs (within-system variance), then the two-way ANOVA of paired data (residual).
DESIGNS = ("paired_t", "ci_width", "anova", "unpaired_ci_width", "two_way_anova")
#: The searches for a number of queries stop here: no test collection is larger.
MAX_QUERIES = 100_000_000
# scipy's noncentral t returns NaN from a noncentrality of about 1e10 on; up to this one it
# is sound, and beyond it the power is 0 or 1 to the last bit whenever it is so here.
_LARGEST_SHIFT = 1e8

PerQuery = Mapping[Hashable, float] | Mapping[Hashable, Mapping[str, float]] | Sequence[float] | np.ndarray


# ------------------------------------------------------------ result types --


@dataclass(frozen=True, repr=False)
class PairedEffectSize(FrozenResult):
    r"""Result of :func:`paired_effect_size`: a mean difference in units of two spreads.

    Attributes
    ----------
    n : int
        The number of queries.
    mean_difference : float
        :math:`\bar d`, the mean of a - b.
    sd_difference : float
        :math:`s_d`, the standard deviation of a - b (ddof = 1).
    cohens_d : float
        Cohen's d for paired data (often written :math:`d_z`): :math:`\bar d / s_d`.
    baseline_sd : float
        :math:`s_b`, the standard deviation of the baseline b's scores (ddof = 1).
    glass_delta : float
        Glass's Δ: :math:`\bar d / s_b`.

    Examples
    --------
    >>> paired_effect_size([0.6, 0.4, 0.8, 0.5], [0.4, 0.4, 0.5, 0.6]).n
    4

    References
    ----------
    Cohen (1988). *Statistical Power Analysis for the Behavioral Sciences*.
    :cite:p:`cohen1988statistical`

    Glass, McGaw & Smith (1981). *Meta-Analysis in Social Research*. :cite:p:`glass1981meta`
    """

    n: int
    mean_difference: float
    sd_difference: float
    cohens_d: float
    baseline_sd: float
    glass_delta: float


@dataclass(frozen=True, repr=False)
class TopicSetSize(FrozenResult):
    r"""Result of :func:`topic_set_size`: the queries a design needs, and what they achieve.

    Attributes
    ----------
    design : str
        ``"paired_t"``, ``"ci_width"``, ``"anova"``, ``"unpaired_ci_width"`` or
        ``"two_way_anova"`` (see :func:`topic_set_size`).
    n_queries : int
        The smallest number of queries that meets the requirement (per system).
    n_systems : int
        m, the systems compared (2 except for the two ANOVA designs).
    minimum_detectable_difference : float
        minD for the tests; for the interval designs, the widest expected interval allowed.
    variance : float
        :math:`\sigma^2`, the variance the design takes (which one depends on the design).
    alpha : float
        The significance level, or 1 - confidence for the interval.
    beta : float
        The type II error allowed (1 - power); not used by the interval designs.
    power : float or None
        The power reached with ``n_queries`` queries (None for an interval).
    expected_width : float or None
        The expected width of the interval with ``n_queries`` queries (None for the tests).

    Examples
    --------
    >>> topic_set_size(0.1, 0.02).n_queries
    34

    References
    ----------
    Sakai (2016). Topic set size design. :cite:p:`sakai2016topic`
    """

    design: str
    n_queries: int
    n_systems: int
    minimum_detectable_difference: float
    variance: float = field(metadata=shown_as(".5f"))
    alpha: float
    beta: float
    power: float | None
    expected_width: float | None


@dataclass(frozen=True, repr=False)
class SystemPair(FrozenResult):
    r"""One pair of systems in a :class:`TukeyHSD`: first minus second, and the adjusted p-value.

    Attributes
    ----------
    first, second : str
        The systems' names, in the order of the input.
    mean_difference : float
        The mean score of ``first`` minus that of ``second``.
    p_value : float
        The p-value adjusted for every pair of the family.

    Examples
    --------
    >>> SystemPair("bm25", "tfidf", 0.05, 0.0123)
    SystemPair(first='bm25', second='tfidf', mean_difference=0.0500, p_value=0.0123)

    References
    ----------
    Carterette (2012). Multiple testing in statistical analysis of systems-based information
    retrieval experiments. :cite:p:`carterette2012multiple`
    """

    first: str
    second: str
    mean_difference: float
    p_value: float = field(metadata=shown_as("p"))


@dataclass(frozen=True, repr=False)
class TukeyHSD(FrozenResult):
    r"""Result of :func:`tukey_hsd` and :func:`randomised_tukey_hsd`: every pair of m systems.

    Attributes
    ----------
    method : str
        How the p-values were adjusted: ``"studentised range, paired"``,
        ``"studentised range, unpaired"`` or ``"randomised"``.
    n_queries : int
        The number of queries every system was scored on.
    n_systems : int
        m, the number of systems.
    n_permutations : int
        The random permutations drawn (0 for the studentised range).
    pairs : tuple of SystemPair
        Every pair (i, j), i before j in the input order.
    means : dict
        Each system's mean score, by name (not shown in the repr).

    Examples
    --------
    >>> result = tukey_hsd({"a": [0.5, 0.7, 0.2], "b": [0.4, 0.6, 0.2], "c": [0.1, 0.3, 0.0]})
    >>> result.n_systems, len(result.pairs)
    (3, 3)

    References
    ----------
    Carterette (2012). Multiple testing in statistical analysis of systems-based information
    retrieval experiments. :cite:p:`carterette2012multiple`

    Sakai (2018). *Laboratory Experiments in Information Retrieval*, ch. 4.
    :cite:p:`sakai2018laboratory`
    """

    method: str
    n_queries: int
    n_systems: int
    n_permutations: int
    pairs: tuple
    means: dict = field(repr=False)

    def p_value(self, first: str, second: str) -> float:
        """The adjusted p-value of the pair ``first``, ``second`` (in either order).

        >>> tukey_hsd({"a": [0.5, 0.7, 0.2], "b": [0.4, 0.6, 0.2]}).p_value("b", "a") <= 1
        True
        """
        for pair in self.pairs:
            if {pair.first, pair.second} == {first, second} and first != second:
                return pair.p_value
        raise KeyError(f"no pair ({first!r}, {second!r}); the systems are {list(self.means)}")


# ------------------------------------------------------------- input checks --


def _check_real(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {value!r} ({type(value).__name__})")
    # compared exactly: also NaN, inf and ints beyond a float
    if not abs(value) <= sys.float_info.max:  # type: ignore[operator]  # numeric tower
        raise ValueError(f"{name} must be finite, got " + (f"{value}" if isinstance(value, float) else
                         f"an integer with {len(str(abs(int(value))))} digits, beyond a float"))  # type: ignore[call-overload]  # numeric tower
    return float(value)


def _check_positive(value: object, name: str, example: str) -> float:
    value = _check_real(value, name)
    if value <= 0:
        raise ValueError(f"{name} must be positive (for example {example}), got {value}")
    return value


def _check_queries(n_queries: object) -> int:
    n = check_k(n_queries, "n_queries")
    if n < 2:
        raise ValueError("n_queries must be at least 2: a paired t-test needs two differences "
                         f"to estimate their spread, got {n}")
    return n


def _pick_measure(row: object, query: object, name: str, measure: str | None) -> object:
    """One query's value from a row ``{measure: value}`` of evaluate's per-query output."""
    if not isinstance(row, Mapping):
        raise TypeError(f"{name} mixes rows {{measure: value}} and plain scores (query {query!r} "
                        f"holds {row!r}): pass evaluate's per-query output or plain scores")
    if measure is None:
        if len(row) != 1:
            raise ValueError(f"{name} holds {len(row)} measures per query ({', '.join(map(str, row))}): "
                             "choose one with measure=..., for example measure='AP'")
        return next(iter(row.values()))
    if measure not in row:
        raise ValueError(f"{name} has no {measure!r} for query {query!r}; it holds "
                         f"{', '.join(map(repr, row)) or 'nothing'}")
    return row[measure]


def _one_system(values: object, name: str, measure: str | None) -> object:
    """Plain per-query scores: a dict {query: score} or a sequence, or raise.

    The per-query output of evaluate, {query: {measure: value}}, is read here."""
    if measure is not None and not isinstance(measure, str):
        raise TypeError(f"measure must be a measure's name such as 'AP', got {measure!r}")
    if isinstance(values, Mapping) and any(isinstance(v, Mapping) for v in values.values()):
        return {q: _pick_measure(row, q, name, measure) for q, row in values.items()}
    if measure is not None:
        raise ValueError(f"measure={measure!r} picks a measure from the per-query output of "
                         f"evaluate, but {name} holds plain scores: leave measure out")
    return values


def _check_fits(matrix: np.ndarray) -> None:
    """Sums of squares of the scores must stay finite (they do for any measure's values)."""
    with np.errstate(over="ignore", invalid="ignore"):
        fits = np.isfinite(np.sum(matrix * matrix))
    if not fits:
        raise ValueError("the scores are too large to square within a float (largest |score| = "
                         f"{np.max(np.abs(matrix)):g}): they should be per-query values of a "
                         "measure; rescale them")


def _paired_scores(a: object, b: object, measure: str | None) -> tuple[np.ndarray, np.ndarray]:
    """Systems a and b as two aligned arrays, at least 2 queries, or raise."""
    matrix = _score_matrix({"a": a, "b": b}, measure, argument=None)[1]
    return matrix[:, 0], matrix[:, 1]


def _score_matrix(scores_by_system: object, measure: str | None,
                  argument: str | None = "scores_by_system") -> tuple[list[str], np.ndarray]:
    """The systems' names and their scores as a matrix (one row per query, one column per
    system), aligned by query id; or raise, naming the system and the fix."""
    if not isinstance(scores_by_system, Mapping):
        raise TypeError(f"{argument} must be a dict {{system name: per-query scores}}, got "
                        f"{type(scores_by_system).__name__}")
    if len(scores_by_system) < 2:
        raise ValueError(f"{argument} must hold at least 2 systems, got {len(scores_by_system)}")
    names = [str(name) for name in scores_by_system]
    if len(set(names)) != len(names):
        raise ValueError(f"{argument} names two systems alike once written as text: {names}")
    label = (lambda key: str(key)) if argument is None else (lambda key: f"{argument}[{key!r}]")
    systems = {key: _one_system(values, label(key), measure) for key, values in scores_by_system.items()}
    as_dicts = [isinstance(values, Mapping) for values in systems.values()]
    if any(as_dicts) and not all(as_dicts):
        raise TypeError("every system's scores must be a dict {query_id: score} (or evaluate's "
                        "per-query output), or every one an aligned sequence; got a mix")
    keys = list(systems)
    if all(as_dicts):
        dicts = {key: values for key, values in systems.items() if isinstance(values, Mapping)}  # all
        first = dicts[keys[0]]
        for key in keys[1:]:
            missing = [q for q in first if q not in dicts[key]]
            extra = [q for q in dicts[key] if q not in first]
            if missing or extra:
                where = "; ".join(
                    part for part in (missing and f"missing from {label(key)}: {_show_ids(missing)}",
                                      extra and f"missing from {label(keys[0])}: {_show_ids(extra)}")
                    if part)
                raise ValueError(f"every system must score the same queries; {where}. Score every "
                                 "query in every system (trec_eval -c counts a query missing from "
                                 "a run as 0) or drop it from all")
        query_ids = sorted(first, key=str)
        columns = [_as_scores([dicts[key][q] for q in query_ids], label(key), query_ids)
                   for key in keys]
    else:
        columns = [_as_scores(systems[key], label(key)) for key in keys]
        sizes = {label(key): column.size for key, column in zip(keys, columns)}
        if len(set(sizes.values())) > 1:
            raise ValueError("every system must score the same queries in the same order; "
                             f"the sequences differ in length: {sizes}")
    if columns[0].size < 2:
        raise ValueError(f"a comparison needs at least 2 queries, got {columns[0].size}")
    matrix = np.column_stack(columns)
    _check_fits(matrix)
    return names, matrix


# ------------------------------------------------------------------ power --


def _critical(distribution, tail: float, degrees: tuple, alpha: float) -> float:
    """The quantile of scipy's ``distribution`` (t or f) with ``tail`` above it, checked: for a
    tiny tail scipy's isf comes out infinite, or even -inf (t, alpha = 1e-300, 9 degrees of
    freedom), and the test would then silently never, or always, reject."""
    critical = float(distribution.isf(tail, *degrees))
    if not (math.isfinite(critical)
            and abs(float(distribution.sf(critical, *degrees)) - tail) <= 1e-3 * tail):
        raise ValueError(f"alpha = {alpha:g} is too small for scipy's {distribution.name} distribution with "
                         f"degrees of freedom {', '.join(map(str, degrees))} (its critical value comes out "
                         f"{critical:g}): use a larger alpha, such as 1e-6")
    return critical


def _t_power(effect_size: float, n: int, alpha: float, alternative: str) -> float:
    """The exact power of the one-sample t-test on n differences (noncentral t)."""
    from scipy.stats import nct, t  # here: scipy.stats takes most of a second to import

    df, shift = n - 1, effect_size * math.sqrt(n)
    near = max(-_LARGEST_SHIFT, min(_LARGEST_SHIFT, shift))
    with warnings.catch_warnings(record=True) as warned:  # scipy warns where it gives up
        warnings.simplefilter("always")
        # A lower tail is read as the upper tail of the mirrored statistic,
        # P(T(shift) <= -c) = P(T(-shift) >= c): scipy's nct.cdf returns NaN far in its left tail.
        if alternative == "two-sided":
            critical = _critical(t, alpha / 2, (df,), alpha)
            power = nct.sf(critical, df, near) + nct.sf(critical, df, -near)
        else:
            sign = 1 if alternative == "greater" else -1
            power = nct.sf(_critical(t, alpha, (df,), alpha), df, sign * near)
    power = math.nan if warned else float(min(1.0, max(0.0, power)))
    if near != shift:  # the power moves monotonically from `near` to `shift`: exact if saturated
        rising = alternative == "two-sided" or (shift > 0) == (alternative == "greater")
        if power != (1.0 if rising else 0.0):
            power = math.nan
    if not math.isfinite(power):
        raise ValueError(f"the power at effect_size {effect_size:g} with {n} queries and alpha = "
                         f"{alpha:g} is beyond what scipy's noncentral t computes (noncentrality "
                         f"effect_size * sqrt(n) = {shift:g}): ask for a smaller effect or fewer queries")
    return power


def paired_t_test_power(effect_size: float, n_queries: int, *, alpha: float = 0.05,
                        alternative: str = "two-sided") -> float:
    r"""The power of the paired t-test: the chance that it detects a true effect of this size.

    With :math:`|Q|` queries and a true standardised effect
    :math:`\mathrm{ES} = \mu_d / \sigma_d` (the mean per-query difference over
    its standard deviation, Cohen's d for paired data), the statistic
    :math:`t = \bar d / (s_d/\sqrt{|Q|})` follows the noncentral t distribution
    with :math:`|Q| - 1` degrees of freedom and noncentrality
    :math:`\lambda = \mathrm{ES}\sqrt{|Q|}`. With :math:`t_c` the critical value
    of Student's t at level α, the power is

    .. math::

       \mathrm{power} = \Pr\big(T_{|Q|-1,\lambda} \ge t_{c}\big)
                 + \Pr\big(T_{|Q|-1,\lambda} \le -t_{c}\big),
       \qquad t_c = t_{|Q|-1}(1 - \alpha/2),

    for the two-sided test; one tail (and :math:`t_c = t_{|Q|-1}(1-\alpha)`) for
    ``"greater"`` or ``"less"``. Computed exactly with ``scipy.stats.nct``
    (the same numbers as statsmodels' ``TTestPower``); the normal
    approximation overstates the power when there are few queries.

    Parameters
    ----------
    effect_size : float
        ES, the true mean difference divided by the standard deviation of the
        per-query differences (see :func:`paired_effect_size`, ``cohens_d``).
    n_queries : int
        :math:`|Q|`, the number of queries (at least 2).
    alpha : float in (0, 1)
        The significance level.
    alternative : {"two-sided", "greater", "less"}
        The alternative hypothesis: a difference either way, a > b, or a < b.

    Returns
    -------
    float
        The power, in [0, 1]. With ES = 0 it is α: the chance of a false alarm.

    Raises
    ------
    TypeError
        If an argument has the wrong type.
    ValueError
        If ``effect_size`` is not finite, ``n_queries`` is below 2, ``alpha``
        is not strictly between 0 and 1, or ``alternative`` is unknown.

    Examples
    --------
    >>> round(paired_t_test_power(0.5, 34), 4)
    0.8078
    >>> round(paired_t_test_power(0.0, 50), 4)  # no effect: only false alarms
    0.05

    References
    ----------
    Cohen (1988). *Statistical Power Analysis for the Behavioral Sciences*.
    :cite:p:`cohen1988statistical`

    Sakai (2018). *Laboratory Experiments in Information Retrieval*, ch. 7.
    :cite:p:`sakai2018laboratory`
    """
    effect_size = _check_real(effect_size, "effect_size")
    n = _check_queries(n_queries)
    alpha = check_open_unit(alpha, "alpha")
    alternative = check_choice(alternative, "alternative", ALTERNATIVES)
    return _t_power(effect_size, n, alpha, alternative)


def _smallest_n(reaches, what: str, start: float = 2) -> int:
    """The smallest n >= 2 for which ``reaches(n)`` holds, ``reaches`` being monotone in n.

    The search starts at ``start`` (a normal approximation, usually within a query or
    two of the answer), gallops away from it until the answer is bracketed, then bisects.
    """
    start = int(min(max(2, math.ceil(start)), MAX_QUERIES)) if math.isfinite(start) else MAX_QUERIES
    if reaches(start):
        high, step = start, 1  # reaches(high) holds: look below it
        while high > 2:
            low = max(2, high - step)
            if not reaches(low):
                break
            high, step = low, 2 * step
        else:
            return 2
    else:
        low, step = start, 1  # reaches(low) does not hold: look above it
        while True:
            if low >= MAX_QUERIES:
                raise ValueError(f"{what} needs more than {MAX_QUERIES:,} queries: the difference is "
                                 "too small for its spread; ask for a larger one")
            high = min(low + step, MAX_QUERIES)
            if reaches(high):
                break
            low, step = high, 2 * step
    while high - low > 1:  # reaches(high) holds, reaches(low) does not
        middle = (low + high) // 2
        low, high = (low, middle) if reaches(middle) else (middle, high)
    return high


def _normal_guess(effect_size: float, power: float, alpha: float, sides: int) -> float:
    """The normal approximation of the queries a t-test needs, plus Sakai's z^2/2 correction."""
    from scipy.stats import norm

    z_alpha = float(norm.isf(alpha / sides))
    try:
        return ((z_alpha + float(norm.isf(1 - power))) / effect_size) ** 2 + z_alpha**2 / 2
    except (OverflowError, ZeroDivisionError):  # an effect so small that no search reaches it
        return math.inf


def queries_for_power(effect_size: float, *, power: float = 0.8, alpha: float = 0.05,
                      alternative: str = "two-sided") -> int:
    r"""The fewest queries with which the paired t-test reaches ``power`` for this effect size.

    The smallest integer :math:`|Q| \ge 2` with

    .. math:: \mathrm{power}(\mathrm{ES}, |Q|) \ge \text{power wanted},

    where :math:`\mathrm{power}` is :func:`paired_t_test_power` (exact,
    noncentral t). The normal approximation
    :math:`|Q| \approx \big((z_{1-\alpha/2} + z_{\mathrm{power}}) / \mathrm{ES}\big)^2`
    is a little low; this search is not.

    Parameters
    ----------
    effect_size : float
        ES, the standardised true difference: not 0; positive for
        ``"greater"``, negative for ``"less"``.
    power : float in (0, 1)
        The chance of detecting the effect (``1 - beta``).
    alpha : float in (0, 1)
        The significance level.
    alternative : {"two-sided", "greater", "less"}
        The alternative hypothesis.

    Returns
    -------
    int
        The number of queries, at least 2.

    Raises
    ------
    TypeError
        If an argument has the wrong type.
    ValueError
        If ``effect_size`` is 0 (or points away from a one-sided alternative),
        ``power`` or ``alpha`` is not strictly between 0 and 1, ``alternative``
        is unknown, or more than 100,000,000 queries would be needed.

    Examples
    --------
    >>> queries_for_power(0.5)
    34
    >>> queries_for_power(0.5, alternative="greater")
    27

    References
    ----------
    Cohen (1988). *Statistical Power Analysis for the Behavioral Sciences*.
    :cite:p:`cohen1988statistical`

    Sakai (2016). Topic set size design. :cite:p:`sakai2016topic`
    """
    effect_size = _check_real(effect_size, "effect_size")
    power = check_open_unit(power, "power")
    alpha = check_open_unit(alpha, "alpha")
    alternative = check_choice(alternative, "alternative", ALTERNATIVES)
    if effect_size == 0:
        raise ValueError("effect_size must not be 0: no number of queries detects a difference "
                         "that is not there (the power stays alpha)")
    if (alternative == "greater" and effect_size < 0) or (alternative == "less" and effect_size > 0):
        raise ValueError(f"effect_size {effect_size} points away from alternative={alternative!r}: "
                         "the test could never detect it; flip its sign or the alternative")
    guess = _normal_guess(abs(effect_size), power, alpha, 2 if alternative == "two-sided" else 1)
    return _smallest_n(lambda n: _t_power(effect_size, n, alpha, alternative) >= power,
                       f"a power of {power} at effect_size {effect_size}", guess)


# ---------------------------------------------------------- topic-set size --


def _anova_power(minimum_difference: float, variance: float, n_systems: int, n: int,
                 alpha: float, *, two_way: bool = False) -> float:
    """Power of the ANOVA F-test over m systems whose means span minD (least favourable case).

    One-way: error variance within systems, m(n - 1) degrees of freedom. Two-way without
    replication: the residual once the query effect is removed, (m - 1)(n - 1)."""
    from scipy.stats import f, ncf

    df_systems = n_systems - 1
    df_error = df_systems * (n - 1) if two_way else n_systems * (n - 1)
    try:
        shift = n * minimum_difference**2 / (2 * variance)
    except OverflowError:
        shift = math.inf
    near = min(shift, _LARGEST_SHIFT)
    critical = _critical(f, alpha, (df_systems, df_error), alpha)
    with warnings.catch_warnings(record=True) as warned:  # scipy warns where it gives up
        warnings.simplefilter("always")
        power = float(ncf.sf(critical, df_systems, df_error, near))
    if near != shift and power != 1.0:  # rising in the shift: exact only if saturated
        power = math.nan
    if warned or not math.isfinite(power):
        raise ValueError(f"the ANOVA's power with {n} queries at minimum_detectable_difference "
                         f"{minimum_difference:g}, variance {variance:g} and alpha = {alpha:g} is beyond what "
                         "scipy's noncentral F computes: ask for a difference nearer its spread")
    return power


def anova_power(minimum_detectable_difference: float, variance: float, n_queries: int, *,
                n_systems: int = 2, alpha: float = 0.05, design: str = "anova") -> float:
    r"""The power of the ANOVA F-test over m systems whose means span minD, on the same queries.

    The least favourable means put two systems at :math:`\pm\mathrm{minD}/2` and
    the rest in the middle, so F follows the noncentral F distribution with
    noncentrality :math:`\lambda = |Q|\,\mathrm{minD}^2 / (2\sigma^2)` and
    degrees of freedom :math:`m - 1` and ν. The power is the chance that this
    noncentral F exceeds the central F's quantile :math:`1 - \alpha` (same degrees
    of freedom), with :math:`\nu = m(|Q|-1)` for the one-way ANOVA (``"anova"``, σ² the
    within-system variance) and :math:`\nu = (m-1)(|Q|-1)` for the two-way ANOVA
    without replication (``"two_way_anova"``, σ² its residual). It is the power
    that :func:`topic_set_size` raises to ``1 - beta`` for those two designs.

    Parameters
    ----------
    minimum_detectable_difference : float
        minD, the range of the system means (best minus worst), positive.
    variance : float
        :math:`\sigma^2`, positive (see ``design``).
    n_queries : int
        :math:`|Q|`, the queries every system is scored on (at least 2).
    n_systems : int
        m, the number of systems (at least 2).
    alpha : float in (0, 1)
        The significance level.
    design : {"anova", "two_way_anova"}
        Which test, and so which error degrees of freedom.

    Returns
    -------
    float
        The power, in [0, 1].

    Raises
    ------
    TypeError
        If an argument has the wrong type.
    ValueError
        If ``minimum_detectable_difference`` or ``variance`` is not positive,
        ``n_queries`` or ``n_systems`` is below 2, ``alpha`` is not strictly
        between 0 and 1, ``design`` is unknown, or the power is beyond what scipy's
        noncentral F computes.

    Examples
    --------
    >>> round(anova_power(0.05, 0.02, 192, n_systems=5), 4)  # topic_set_size's 192 queries
    0.8002
    >>> round(anova_power(0.05, 0.02, 191, n_systems=5), 4)  # one fewer: under 0.8
    0.7978

    References
    ----------
    Sakai (2016). Topic set size design. :cite:p:`sakai2016topic`
    """
    difference = _check_positive(minimum_detectable_difference, "minimum_detectable_difference", "0.05")
    variance = _check_positive(variance, "variance", "0.02")
    n = check_k(n_queries, "n_queries")
    n_systems = check_k(n_systems, "n_systems")
    alpha = check_open_unit(alpha, "alpha")
    design = check_choice(design, "design", ("anova", "two_way_anova"))
    for name, value in (("n_queries", n), ("n_systems", n_systems)):
        if value < 2:
            raise ValueError(f"{name} must be at least 2: the ANOVA needs two of each to estimate "
                             f"its error variance, got {value}")
    return _anova_power(difference, variance, n_systems, n, alpha, two_way=design == "two_way_anova")

def _expected_width(variance: float, n: int, alpha: float, df: int) -> float:
    """The expected full width of the t interval of a difference of two means of n scores.

    The difference has variance 2 sigma^2 / n, estimated with ``df`` degrees of freedom
    (n - 1 paired, 2(n - 1) unpaired); E[s] = sigma sqrt(2/df) Gamma((df+1)/2) / Gamma(df/2)."""
    from scipy.special import gammaln
    from scipy.stats import t

    mean_sd_factor = math.sqrt(2 / df) * math.exp(gammaln((df + 1) / 2) - gammaln(df / 2))
    return 2 * _critical(t, alpha / 2, (df,), alpha) * math.sqrt(2 * variance / n) * mean_sd_factor


def _ci_width_guess(variance: float, z: float, difference: float) -> float:
    """The queries an interval of width ``difference`` needs with sigma_d known: 8 sigma^2 (z/minD)^2."""
    try:
        return 8 * variance * (z / difference) ** 2
    except OverflowError:  # a width so small that no search reaches it
        return math.inf


def topic_set_size(minimum_detectable_difference: float, variance: float, *, alpha: float = 0.05,
                   beta: float = 0.2, design: str = "paired_t", n_systems: int = 2) -> TopicSetSize:
    r"""Topic-set-size design: how many queries a test collection needs.

    Nagata's sample-size designs, applied to IR by Sakai (2016, 2018): the
    smallest number of queries :math:`|Q|` (scored by every system) that meets
    a requirement at level α, from the minimum detectable difference minD and a
    variance :math:`\sigma^2` estimated on past per-query scores
    (:func:`variance_from_scores`). Each design takes one variance and uses
    the degrees of freedom of the test that variance belongs to:

    * ``"paired_t"`` (Sakai 2016): the two-sided paired t-test detects a true
      difference of minD with power at least ``1 - beta``. It needs the
      variance of the per-query differences,
      :math:`\sigma_d^2 = 2\sigma^2 - 2\,\mathrm{cov}`, and takes
      :math:`\sigma_d^2 = 2\sigma^2`: with Sakai's within-system
      :math:`\sigma^2` (``variance_from_scores(scores)``) the covariance of two
      systems' scores on a query is left out; it is positive when queries
      differ in how hard they are, so the design errs towards more queries and
      suits unpaired data too (Sakai 2018). With the two-way
      residual :math:`V_E` (``paired=True``), :math:`2V_E` is the variance of
      the differences averaged over every pair of the systems it came from:
      the design for paired data, which Sakai (2018) advises against because
      that variance changes from pair to pair. Effect size
      :math:`\mathrm{minD}/\sigma_d`, noncentral t with :math:`|Q| - 1`
      degrees of freedom (:func:`paired_t_test_power`).
    * ``"ci_width"`` (Sakai 2016): the :math:`100(1-\alpha)\%` paired t
      interval of the mean difference has expected width at most minD, with
      :math:`\sigma_d^2 = 2\sigma^2` as above and :math:`\nu = |Q| - 1`:

      .. math::

         2\, t_{\nu}(1-\alpha/2)\, \sqrt{\frac{2\sigma^2}{|Q|}}\;
         \sqrt{\frac{2}{\nu}}\,\frac{\Gamma((\nu+1)/2)}{\Gamma(\nu/2)} \le \mathrm{minD},

      the last two factors being :math:`\mathbb{E}[s]/\sigma` for an
      estimate with ν degrees of freedom.
    * ``"anova"`` (Sakai 2016): one-way ANOVA over m systems detects, with
      power at least ``1 - beta``, system means whose range (best minus worst)
      is minD. σ² is the within-system variance, the one-way ANOVA's error
      variance. The least favourable means put two systems at
      :math:`\pm\mathrm{minD}/2` and the rest in the middle, so the noncentral
      F has noncentrality :math:`\lambda = |Q|\,\mathrm{minD}^2 / (2\sigma^2)`
      and degrees of freedom :math:`m - 1` and :math:`m(|Q|-1)`:

      .. math::

         1 - \text{beta} \le \Pr\big(F'_{m-1,\,\nu,\,\lambda} \ge F_{m-1,\,\nu}(1-\alpha)\big),
         \qquad \nu = m(|Q|-1).

      With m = 2 it is the two-sample (unpaired) t-test design of Sakai
      (2018): F is then :math:`t^2`.
    * ``"unpaired_ci_width"`` (Sakai 2018): the two-sample t interval of the
      difference of two means of :math:`|Q|` scores each has expected width at
      most minD; within-system σ², :math:`\nu = 2(|Q| - 1)` in the formula
      above.
    * ``"two_way_anova"``: the two-way ANOVA without replication, for m
      systems run on the same queries; σ² is its error variance, the two-way
      residual :math:`V_E` (``variance_from_scores(scores, paired=True)``),
      with :math:`\nu = (m-1)(|Q|-1)` and the noncentrality above. With m = 2 it
      is ``"paired_t"`` at :math:`\sigma^2 = V_E`. Not among Sakai's designs
      (see ``"paired_t"`` on paired variances).

    The noncentral t and F distributions are computed exactly (scipy), not
    by the normal approximations of Nagata's tables.

    Parameters
    ----------
    minimum_detectable_difference : float
        minD, in the units of the measure (0.05 is five points of AP); for the
        interval designs, the widest expected interval allowed.
    variance : float
        :math:`\sigma^2` (positive): the within-system variance for Sakai's
        designs, the two-way residual for ``"two_way_anova"`` (see above).
    alpha : float in (0, 1)
        The significance level (for an interval, 1 - the confidence level).
    beta : float in (0, 1)
        The type II error allowed: 1 - the power wanted. The interval designs do not use it.
    design : {"paired_t", "ci_width", "anova", "unpaired_ci_width", "two_way_anova"}
        Which requirement to meet.
    n_systems : int
        m, the number of systems: only for the two ANOVA designs (at least
        2); the others compare two.

    Returns
    -------
    TopicSetSize
        ``n_queries`` and what it achieves (``power`` or ``expected_width``).

    Raises
    ------
    TypeError
        If an argument has the wrong type.
    ValueError
        If ``minimum_detectable_difference`` or ``variance`` is not positive,
        ``alpha`` or ``beta`` is not strictly between 0 and 1, ``design`` is
        unknown, ``n_systems`` is below 2 (or not 2 outside the ANOVA designs),
        or more than 100,000,000 queries would be needed.

    Examples
    --------
    >>> topic_set_size(0.05, 0.02)  # detect 0.05 with 80% power
    TopicSetSize(design='paired_t', n_queries=128, n_systems=2, minimum_detectable_difference=0.0500, variance=0.02000, alpha=0.0500, beta=0.2000, power=0.8015, expected_width=None)
    >>> topic_set_size(0.05, 0.02, design="anova", n_systems=5).n_queries
    192
    >>> topic_set_size(0.1, 0.02, design="ci_width").n_queries
    64
    >>> topic_set_size(0.1, 0.02, design="unpaired_ci_width").n_queries
    63
    >>> topic_set_size(0.05, 0.01, design="two_way_anova", n_systems=5).n_queries
    97

    References
    ----------
    Nagata (2003). *How to Design the Sample Size* (in Japanese). :cite:p:`nagata2003how`

    Sakai (2016). Topic set size design. :cite:p:`sakai2016topic`

    Sakai (2018). Topic set size design for paired and unpaired data. :cite:p:`sakai2018topic`

    Sakai (2018). *Laboratory Experiments in Information Retrieval*, ch. 6.
    :cite:p:`sakai2018laboratory`
    """
    difference = _check_positive(minimum_detectable_difference, "minimum_detectable_difference", "0.05")
    variance = _check_positive(variance, "variance", "0.02")
    alpha = check_open_unit(alpha, "alpha")
    beta = check_open_unit(beta, "beta")
    design = check_choice(design, "design", DESIGNS)
    n_systems = check_k(n_systems, "n_systems")
    anova = design in ("anova", "two_way_anova")
    if anova and n_systems < 2:
        raise ValueError(f"n_systems must be at least 2 for design={design!r}, got {n_systems}")
    if not anova and n_systems != 2:
        raise ValueError(f"design={design!r} compares two systems; n_systems={n_systems} is for "
                         "design='anova' or 'two_way_anova'")
    from scipy.stats import norm

    z = float(norm.isf(alpha / 2))
    if design in ("ci_width", "unpaired_ci_width"):
        df = (lambda k: k - 1) if design == "ci_width" else (lambda k: 2 * (k - 1))

        def width_at(k: int) -> float:
            return _expected_width(variance, k, alpha, df(k))

        n = _smallest_n(lambda k: width_at(k) <= difference,
                        f"an expected interval width (minimum_detectable_difference) of {difference:g} "
                        f"at variance {variance:g}",
                        _ci_width_guess(variance, z, difference))
        return TopicSetSize(design, n, 2, difference, variance, alpha, beta, None, width_at(n))
    if anova:
        def power_at(k: int) -> float:
            return _anova_power(difference, variance, n_systems, k, alpha, two_way=design == "two_way_anova")
    else:
        effect = difference / math.sqrt(2 * variance)

        def power_at(k: int) -> float:
            return _t_power(effect, k, alpha, "two-sided")
    # A start for every test: the paired t-test's normal approximation (the ANOVAs' n is near it).
    guess = _normal_guess(difference / math.sqrt(2 * variance), 1 - beta, alpha, 2)
    n = _smallest_n(lambda k: power_at(k) >= 1 - beta,
                    f"detecting minimum_detectable_difference {difference:g} at variance {variance:g} "
                    f"with power {1 - beta:g}", guess)
    return TopicSetSize(design, n, n_systems, difference, variance, alpha, beta, power_at(n), None)


def variance_from_scores(scores_by_system: Mapping[Hashable, PerQuery], *, measure: str | None = None,
                         paired: bool = False) -> float:
    r"""The per-query score variance :math:`\hat\sigma^2` that :func:`topic_set_size` takes.

    With :math:`x_{ij}` the score of system i on query j (m systems,
    :math:`|Q|` queries), :math:`\bar x_{i\cdot}` a system's mean, :math:`\bar x_{\cdot j}`
    a query's mean and :math:`\bar x` the grand mean:

    * ``paired=False`` (the default): the **within-system variance**, Sakai's
      estimate (2016) for every one of his designs, the error variance of a
      one-way ANOVA with :math:`m(|Q|-1)` degrees of freedom:

      .. math::

         \hat\sigma^2 = \frac{\sum_{i,j}(x_{ij} - \bar x_{i\cdot})^2}{m(|Q|-1)} .

      It keeps how hard each query is: the variance an unpaired comparison faces.
    * ``paired=True``: the **residual variance** :math:`V_E` of a two-way ANOVA
      without replication, with :math:`(m-1)(|Q|-1)` degrees of freedom, the error
      variance of ``design="two_way_anova"``:

      .. math::

         V_E = \frac{\sum_{i,j}\big(x_{ij} - \bar x_{i\cdot} - \bar x_{\cdot j}
               + \bar x\big)^2}{(m-1)(|Q|-1)} .

      It removes how hard each query is for every system, as a paired
      comparison does: :math:`2V_E` is the variance of the per-query
      differences :math:`s_d^2` averaged over every pair of the m systems
      (with two systems, exactly :math:`s_d^2`).

    Parameters
    ----------
    scores_by_system : dict {system name: per-query scores}
        At least 2 systems scored on the same queries (at least 2): each a dict
        ``{query_id: score}``, the per-query output of
        ``evaluate(..., per_query=True)``, or an aligned sequence.
    measure : str, optional
        With evaluate's per-query output holding several measures, the one to use.
    paired : bool
        False: the within-system variance (Sakai's); True: the two-way residual variance.

    Returns
    -------
    float
        :math:`\hat\sigma^2`.

    Raises
    ------
    TypeError
        If the scores are not dicts or sequences of numbers, or ``paired`` is not a bool.
    ValueError
        If fewer than 2 systems or queries are given, the systems do not score
        the same queries, a score is not finite, or ``measure`` is missing or
        not found.

    Examples
    --------
    >>> scores = {"a": [0.6, 0.4, 0.8, 0.5], "b": [0.4, 0.4, 0.5, 0.6]}
    >>> round(variance_from_scores(scores), 6)
    0.019167
    >>> round(variance_from_scores(scores, paired=True), 6)  # half the variance of the differences
    0.016667

    References
    ----------
    Sakai (2016). Topic set size design. :cite:p:`sakai2016topic`

    Sakai (2018). Topic set size design for paired and unpaired data. :cite:p:`sakai2018topic`

    Sakai (2018). *Laboratory Experiments in Information Retrieval*, ch. 3.
    :cite:p:`sakai2018laboratory`
    """
    if not isinstance(paired, bool):
        raise TypeError(f"paired must be True or False, got {paired!r}")
    _, x = _score_matrix(scores_by_system, measure)
    n, m = x.shape
    system_means = x.mean(axis=0)
    if not paired:
        return float(np.sum((x - system_means) ** 2) / (m * (n - 1)))
    residuals = x - system_means - x.mean(axis=1, keepdims=True) + x.mean()
    return float(np.sum(residuals**2) / ((m - 1) * (n - 1)))


# ------------------------------------------------------------ effect sizes --


def _ratio(mean: float, spread: float, scale: float) -> float:
    """mean / spread; 0 when both are 0, +-inf when only the spread is (as paired_t_test's t),
    both up to the rounding of scores up to ``scale`` (see _significance._spread)."""
    if spread > 0:
        return mean / spread
    return 0.0 if _within_rounding(mean, scale) else math.copysign(math.inf, mean)


def paired_effect_size(a: PerQuery, b: PerQuery, *, measure: str | None = None) -> PairedEffectSize:
    r"""How large the difference between system a and its baseline b is, in units of spread.

    With :math:`d_q = a_q - b_q` over :math:`|Q|` queries, :math:`\bar d` their mean,
    :math:`s_d` their standard deviation and :math:`s_b` that of the
    baseline's scores (both ddof = 1):

    .. math::

       \text{Cohen's } d \text{ (paired)} = \frac{\bar d}{s_d}, \qquad
       \text{Glass's } \Delta = \frac{\bar d}{s_b}.

    Cohen's d for paired data is the effect size of the paired t-test: pass it
    to :func:`paired_t_test_power` or :func:`queries_for_power`. Glass's Δ
    measures the gain against how much the baseline's scores vary from query to
    query; that spread includes how hard each query is, so Δ is much smaller
    and does not say how many queries a test needs. Neither grows with the
    number of queries, as a p-value shrinks: report one beside every p-value.
    When a spread is 0 the ratio is 0 (no difference) or ±inf. Zero up to
    rounding: a spread of at most ``ZERO_SPREAD_TOLERANCE`` (1e-9) times the
    largest absolute score of a and b is reported as 0, and so is such a mean
    difference (``b + 0.1`` against ``b``: a spread of ~1e-17 from rounding
    alone, Cohen's d = inf, not 7e15).

    Parameters
    ----------
    a, b : dict {query_id: score}, evaluate's per-query output, or aligned sequences
        Per-query scores of the system and of its baseline b, on the same
        queries (at least 2).
    measure : str, optional
        With evaluate's per-query output holding several measures, the one to use.

    Returns
    -------
    PairedEffectSize
        ``n``, ``mean_difference``, ``sd_difference``, ``cohens_d``,
        ``baseline_sd`` and ``glass_delta``.

    Raises
    ------
    TypeError
        If ``a`` and ``b`` are not both dicts or both sequences, or a score is
        not a number.
    ValueError
        If a score is not finite, the two do not score the same queries, there
        are fewer than 2 queries, or ``measure`` is missing or not found.

    Examples
    --------
    >>> paired_effect_size([0.6, 0.4, 0.8, 0.5, 0.7], [0.4, 0.4, 0.5, 0.6, 0.3])
    PairedEffectSize(n=5, mean_difference=0.1600, sd_difference=0.2074, cohens_d=0.7716, baseline_sd=0.1140, glass_delta=1.4033)
    >>> per_query = {"q1": {"AP": 0.5}, "q2": {"AP": 0.25}, "q3": {"AP": 1.0}}
    >>> baseline = {"q1": {"AP": 0.5}, "q2": {"AP": 0.0}, "q3": {"AP": 0.5}}
    >>> round(paired_effect_size(per_query, baseline).glass_delta, 4)  # 0.25 / 0.2887
    0.866

    References
    ----------
    Cohen (1988). *Statistical Power Analysis for the Behavioral Sciences*.
    :cite:p:`cohen1988statistical`

    Glass, McGaw & Smith (1981). *Meta-Analysis in Social Research*. :cite:p:`glass1981meta`

    Sakai (2014). Statistical reform in information retrieval? :cite:p:`sakai2014statistical`
    """
    a_values, b_values = _paired_scores(a, b, measure)
    d = a_values - b_values
    scale = float(np.max(np.abs(np.concatenate([a_values, b_values]))))
    mean, sd_d, sd_b = float(d.mean()), _spread(d, scale), _spread(b_values, scale)
    return PairedEffectSize(d.size, mean, sd_d, _ratio(mean, sd_d, scale), sd_b, _ratio(mean, sd_b, scale))


# ------------------------------------------------------------ many systems --


def _pairs(names: list[str], means: np.ndarray, p_values) -> tuple[SystemPair, ...]:
    return tuple(SystemPair(names[i], names[j], float(means[i] - means[j]), min(1.0, float(p)))
                 for (i, j), p in zip(combinations(range(len(names)), 2), p_values))


def tukey_hsd(scores_by_system: Mapping[Hashable, PerQuery], *, measure: str | None = None,
              paired: bool = True) -> TukeyHSD:
    r"""Tukey's HSD: every pair of m systems, p-values adjusted by the studentised range.

    For systems i and j with mean scores :math:`\bar x_i, \bar x_j` over
    :math:`|Q|` queries, the family-wise adjusted p-value is

    .. math::

       p_{ij} = \Pr\Big(W_{m,\nu} \ge \frac{|\bar x_i - \bar x_j|}{\sqrt{V / |Q|}}\Big),

    with :math:`W_{m,\nu}` the studentised range of m means with ν degrees of
    freedom (``scipy.stats.studentized_range``). ``paired=True`` (the systems
    ran on the same queries) takes V as the two-way residual variance
    :math:`V_E` (``variance_from_scores(..., paired=True)``) and
    :math:`\nu = (m-1)(|Q|-1)`; ``paired=False`` takes the one-way within-system
    variance and :math:`\nu = m(|Q|-1)`, the classic test of statsmodels'
    ``pairwise_tukeyhsd`` and ``scipy.stats.tukey_hsd``. Rejecting every pair
    with :math:`p_{ij} \le \alpha` keeps the chance of any false rejection
    among all :math:`m(m-1)/2` pairs at most α, when the scores are normal.
    :func:`randomised_tukey_hsd` needs no normality.

    Parameters
    ----------
    scores_by_system : dict {system name: per-query scores}
        At least 2 systems scored on the same queries (at least 2): each a dict
        ``{query_id: score}``, the per-query output of
        ``evaluate(..., per_query=True)``, or an aligned sequence.
    measure : str, optional
        With evaluate's per-query output holding several measures, the one to use.
    paired : bool
        Whether to remove the query effect (two-way ANOVA) first.

    Returns
    -------
    TukeyHSD
        ``pairs``: each pair's mean difference and adjusted p-value.

    Raises
    ------
    TypeError
        If the scores are not dicts or sequences of numbers, or ``paired`` is not a bool.
    ValueError
        If fewer than 2 systems or queries are given, the systems do not score
        the same queries, a score is not finite, or ``measure`` is missing or
        not found.

    Examples
    --------
    >>> scores = {"bm25": [0.6, 0.4, 0.8, 0.5, 0.7], "tfidf": [0.4, 0.4, 0.5, 0.6, 0.3],
    ...           "random": [0.1, 0.0, 0.2, 0.1, 0.1]}
    >>> for pair in tukey_hsd(scores).pairs:
    ...     print(pair)
    SystemPair(first='bm25', second='tfidf', mean_difference=0.1600, p_value=0.0962)
    SystemPair(first='bm25', second='random', mean_difference=0.5000, p_value=0.0002)
    SystemPair(first='tfidf', second='random', mean_difference=0.3400, p_value=0.0023)

    References
    ----------
    Carterette (2012). Multiple testing in statistical analysis of systems-based information
    retrieval experiments. :cite:p:`carterette2012multiple`

    Sakai (2018). *Laboratory Experiments in Information Retrieval*, ch. 4.
    :cite:p:`sakai2018laboratory`
    """
    if not isinstance(paired, bool):
        raise TypeError(f"paired must be True or False, got {paired!r}")
    names, x = _score_matrix(scores_by_system, measure)
    n, m = x.shape
    means = x.mean(axis=0)
    variance = variance_from_scores(dict(zip(names, x.T)), paired=paired)
    df = (m - 1) * (n - 1) if paired else m * (n - 1)
    from scipy.stats import studentized_range

    p_values = []
    for i, j in combinations(range(m), 2):
        gap = abs(means[i] - means[j])
        if variance > 0:
            p_values.append(float(studentized_range.sf(gap / math.sqrt(variance / n), m, df)))
        else:  # no residual spread: any gap is certain, no gap is no evidence
            p_values.append(0.0 if gap > 0 else 1.0)
    method = f"studentised range, {'paired' if paired else 'unpaired'}"
    return TukeyHSD(method, n, m, 0, _pairs(names, means, p_values), dict(zip(names, map(float, means))))


def randomised_tukey_hsd(scores_by_system: Mapping[Hashable, PerQuery], *, measure: str | None = None,
                         n_permutations: int = 10_000,
                         seed: int | np.random.Generator = 0) -> TukeyHSD:
    r"""Randomised Tukey HSD: every pair of m systems, p-values adjusted by permutation.

    Under the null hypothesis that the m systems are interchangeable, each
    query's m scores could have come from the systems in any order. Each of B
    trials shuffles every query's scores across the systems and records the
    range of the system means, largest minus smallest. A pair's adjusted
    p-value is the share of trials whose range is at least the pair's observed
    gap:

    .. math::

       p_{ij} = \frac{1 + \#\{b : \max_k \bar x^{(b)}_k - \min_k \bar x^{(b)}_k
                \ge |\bar x_i - \bar x_j|\}}{1 + B}.

    Comparing every gap with the range of all m means is what controls the
    family-wise error over every pair (Carterette 2012; Sakai 2018). As in
    :func:`randomization_test`, the observed arrangement counts (so p is never
    0) and ties, up to floating-point rounding, count as "at least". With two
    systems it is the paired randomization test.

    Parameters
    ----------
    scores_by_system : dict {system name: per-query scores}
        At least 2 systems scored on the same queries (at least 2): each a dict
        ``{query_id: score}``, the per-query output of
        ``evaluate(..., per_query=True)``, or an aligned sequence.
    measure : str, optional
        With evaluate's per-query output holding several measures, the one to use.
    n_permutations : int
        B, the number of random trials (positive).
    seed : int or numpy.random.Generator
        The same seed gives the same p-values.

    Returns
    -------
    TukeyHSD
        ``pairs``: each pair's mean difference and adjusted p-value.

    Raises
    ------
    TypeError
        If the scores are not dicts or sequences of numbers, or ``n_permutations``
        or ``seed`` is not an integer.
    ValueError
        If fewer than 2 systems or queries are given, the systems do not score
        the same queries, a score is not finite, ``measure`` is missing or not
        found, ``n_permutations`` is not positive, or ``seed`` is negative.

    Examples
    --------
    >>> scores = {"bm25": [0.6, 0.4, 0.8, 0.5, 0.7], "tfidf": [0.4, 0.4, 0.5, 0.6, 0.3],
    ...           "random": [0.1, 0.0, 0.2, 0.1, 0.1]}
    >>> result = randomised_tukey_hsd(scores, n_permutations=2000, seed=1)
    >>> print(result.pairs[0])
    SystemPair(first='bm25', second='tfidf', mean_difference=0.1600, p_value=0.6857)

    References
    ----------
    Carterette (2012). Multiple testing in statistical analysis of systems-based information
    retrieval experiments. :cite:p:`carterette2012multiple`

    Sakai (2018). *Laboratory Experiments in Information Retrieval*, ch. 4.
    :cite:p:`sakai2018laboratory`
    """
    names, x = _score_matrix(scores_by_system, measure)
    n_permutations = check_k(n_permutations, "n_permutations")
    rng = as_rng(seed)
    n, m = x.shape
    means = x.mean(axis=0)
    pairs = list(combinations(range(m), 2))
    gaps = np.array([abs(means[i] - means[j]) for i, j in pairs])
    thresholds = gaps - _TIE_TOLERANCE * max(float(np.abs(x).mean()), 1e-300)
    as_extreme = np.zeros(len(pairs), dtype=np.int64)
    for start, stop in _chunks(n_permutations, n * m):
        # A random order of the m systems on each query of each trial.
        order = np.argsort(rng.random((stop - start, n, m)), axis=2)
        shuffled = np.take_along_axis(np.broadcast_to(x, order.shape), order, axis=2).mean(axis=1)
        ranges = shuffled.max(axis=1) - shuffled.min(axis=1)
        as_extreme += np.count_nonzero(ranges[:, None] >= thresholds[None, :], axis=0)
    p_values = (1 + as_extreme) / (1 + n_permutations)
    return TukeyHSD("randomised", n, m, n_permutations, _pairs(names, means, p_values),
                    dict(zip(names, map(float, means))))
