r"""Can the judgements be trusted: agreement between judges, and between orderings.

Two questions, each with its own functions:

* **Do two judges give the same labels?** A judge may be a person or a
  program (an automatic judge). :func:`confusion_table` counts how the two
  label sets meet; :func:`cohen_kappa` corrects their raw agreement for the
  agreement chance alone would give, and weighs near misses on a graded scale
  (``weights="linear"`` or ``"quadratic"``); :func:`cohen_kappa_interval` gives
  it a bootstrap confidence interval that resamples whole queries;
  :func:`fleiss_kappa` extends kappa to several judges who each label every
  item; :func:`krippendorff_alpha` allows any number of judges, missing labels,
  and nominal, ordinal or interval labels.
* **Do two orderings agree?** :func:`kendall_tau` (tau-b, ties allowed) counts
  the pairs two score lists put in the same order; :func:`tau_ap` weighs the
  pairs near the top of an estimated ordering more (AP correlation); and
  :func:`rank_biased_overlap` compares two rankings of items, possibly of
  different lengths and with different items, with bounds on what the unseen
  rest of the rankings could change.

Labels are numbers (a grade such as 0, 1, 2, or True and False) or text (such
as ``"relevant"``); weighted kappa needs their order, which numbers carry and
text must be given (``categories=``). Scores compared by the orderings' functions
come as two dicts ``{system: score}`` (paired by key) or two aligned sequences;
a higher score ranks higher.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import SupportsFloat, TypeGuard

import numpy as np

from ._results import FrozenResult
from .validation import as_rng, check_choice, check_k, check_open_unit

WEIGHTS = (None, "linear", "quadratic")
LEVELS = ("nominal", "ordinal", "interval")

Labels = Sequence[Hashable] | np.ndarray
Scores = Mapping[Hashable, float] | Sequence[float] | np.ndarray


# ------------------------------------------------------------ result types --


@dataclass(frozen=True, repr=False)
class ConfusionTable(FrozenResult):
    r"""Result of :func:`confusion_table`: how two label sets meet, category by category.

    ``counts[i][j]`` is the number of items that the first label set puts in
    ``categories[i]`` and the second in ``categories[j]``; the diagonal holds
    the agreements. ``str(table)`` lays it out as a grid.

    Attributes
    ----------
    categories : tuple
        The categories, in order (rows and columns alike).
    counts : tuple of tuple of int
        The counts, one row per category of the first label set.

    Examples
    --------
    >>> table = confusion_table([0, 0, 1, 2, 2], [0, 1, 1, 2, 0])
    >>> table.counts
    ((1, 1, 0), (0, 1, 0), (1, 0, 1))
    >>> table.observed_agreement
    0.6
    >>> print(table)
    a \ b  0  1  2
        0  1  1  0
        1  0  1  0
        2  1  0  1

    References
    ----------
    Cohen (1960). A coefficient of agreement for nominal scales. :cite:p:`cohen1960coefficient`
    """

    categories: tuple
    counts: tuple

    @property
    def n(self) -> int:
        """The number of items labelled."""
        return int(sum(map(sum, self.counts)))

    @property
    def observed_agreement(self) -> float:
        """The share of items the two label sets put in the same category."""
        return sum(self.counts[i][i] for i in range(len(self.categories))) / self.n

    def __str__(self) -> str:
        names = [str(c) for c in self.categories]
        width = max(len(name) for name in names + [str(v) for row in self.counts for v in row])
        head = "a \\ b"
        lines = [f"{head:>{max(len(head), width)}}  " + "  ".join(f"{n:>{width}}" for n in names)]
        for name, row in zip(names, self.counts):
            lines.append(f"{name:>{max(len(head), width)}}  " + "  ".join(f"{v:>{width}}" for v in row))
        return "\n".join(lines)


@dataclass(frozen=True, repr=False)
class KappaInterval(FrozenResult):
    r"""Result of :func:`cohen_kappa_interval`: kappa and its bootstrap confidence interval.

    Attributes
    ----------
    kappa : float
        Cohen's kappa on every item.
    low, high : float
        The ends of the percentile interval.
    confidence : float
        Its level, such as 0.95.
    n_items : int
        The number of items (label pairs).
    n_groups : int
        The number of groups resampled (queries; each item its own group when
        no groups are given).
    n_resamples : int
        The number of bootstrap samples.

    Examples
    --------
    >>> a = [1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0]
    >>> b = [1, 0, 1, 0, 0, 0, 1, 1, 1, 1, 0, 0]
    >>> interval = cohen_kappa_interval(a, b, n_resamples=500)
    >>> interval.low <= interval.kappa <= interval.high
    True

    References
    ----------
    Cohen (1960). A coefficient of agreement for nominal scales. :cite:p:`cohen1960coefficient`
    """

    kappa: float
    low: float
    high: float
    confidence: float
    n_items: int
    n_groups: int
    n_resamples: int


@dataclass(frozen=True, repr=False)
class RankBiasedOverlap(FrozenResult):
    r"""Result of :func:`rank_biased_overlap`: RBO's bounds and its point estimate.

    Attributes
    ----------
    minimum : float
        :math:`\mathrm{RBO}_{\min}`: the RBO if nothing below the evaluated depth
        ever matched (a lower bound on the RBO of the full rankings).
    maximum : float
        :math:`\mathrm{RBO}_{\max}`: the RBO if everything below matched as well as
        it possibly could (an upper bound).
    residual : float
        :math:`\mathrm{RBO}_{\mathrm{res}} = \mathrm{RBO}_{\max} - \mathrm{RBO}_{\min}`:
        how much the unseen rest of the rankings could still add.
    extrapolated : float
        :math:`\mathrm{RBO}_{\mathrm{ext}}`: the point estimate that assumes the
        agreement seen at the evaluated depth goes on below it.
    p : float
        The persistence: the weight of depth d is proportional to :math:`p^{d-1}`.
    depth : int
        The evaluated depth, the length of the longer ranking.

    Examples
    --------
    >>> result = rank_biased_overlap(list("abcde"), list("abcde"), p=0.9)
    >>> round(result.minimum, 4), round(result.maximum, 4)  # the same top 5, the rest unknown
    (0.672, 1.0)

    References
    ----------
    Webber, Moffat & Zobel (2010). A similarity measure for indefinite rankings.
    :cite:p:`webber2010similarity`
    """

    minimum: float
    maximum: float
    residual: float
    extrapolated: float
    p: float
    depth: int


# ------------------------------------------------------------------ labels --


def _is_text(item: object) -> bool:
    return isinstance(item, (str, np.str_))


def _is_number(item: object) -> TypeGuard[SupportsFloat]:
    return isinstance(item, (numbers.Real, np.bool_, np.number)) and not _is_text(item)


def _is_integer(item: object) -> bool:
    """An integer label (bool included): compared as an integer, never through a float, in
    which 2**53 + 1 would be 2**53."""
    return isinstance(item, (numbers.Integral, np.bool_))


def _is_missing(item: object) -> bool:
    """None, or a number that is not finite (NaN, inf)."""
    return item is None or (_is_number(item) and not _is_integer(item) and not math.isfinite(float(item)))


def _label_list(values: object, name: str) -> list:
    """``values`` as a list of labels (numbers or text, never both), or raise."""
    if isinstance(values, (str, bytes)) or not isinstance(values, (Sequence, np.ndarray)):
        raise TypeError(f"{name} must be a sequence of labels, one per item (list, tuple or 1-D "
                        f"array), got {type(values).__name__}")
    if isinstance(values, np.ndarray) and values.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional (one label per item), got shape {values.shape}")
    items = values.tolist() if isinstance(values, np.ndarray) else list(values)
    if not items:
        raise ValueError(f"{name} must hold at least one label, got none")
    for index, item in enumerate(items):
        if _is_missing(item):
            raise ValueError(f"{name}[{index}] is {item!r}, a missing label: drop that item from both "
                             "label sets, or use krippendorff_alpha, which allows missing labels")
        if not (_is_number(item) or _is_text(item)):
            raise TypeError(f"{name}[{index}] is {item!r} ({type(item).__name__}): a label must be a "
                            "number (such as a grade) or text")
    kinds = {_is_text(item) for item in items}
    if len(kinds) > 1:
        raise TypeError(f"{name} mixes numbers and text ({items[0]!r}, ...): give every label in one form")
    return [str(item) if _is_text(item) else _plain_number(item) for item in items]


def _plain_number(item) -> int | float:
    """A label as a Python number, exactly: integers stay integers (of any size), a float that
    holds an integer becomes that integer (1.0 and 1 are one category), other floats stay."""
    if _is_integer(item):
        return int(item)
    value = float(item)
    return int(value) if value.is_integer() else value


def _check_categories(categories: object, seen: list, *, ordered: bool, names: str) -> tuple:
    """The categories in order: the ones given (checked), or the labels seen, sorted."""
    if categories is None:
        if ordered and seen and _is_text(seen[0]):
            raise TypeError(f"weighted kappa needs the order of the categories, and {names} hold "
                            "text: pass categories=[...] from the lowest to the highest")
        return tuple(sorted(set(seen)))
    given = _label_list(categories, "categories")
    if len(set(given)) != len(given):
        raise ValueError(f"categories must name each category once, got {given}")
    if seen and _is_text(seen[0]) != _is_text(given[0]):
        raise TypeError(f"categories must be of the labels' form ({'text' if _is_text(seen[0]) else 'numbers'}), "
                        f"got {given}")
    unknown = sorted({label for label in seen if label not in set(given)}, key=str)
    if unknown:
        raise ValueError(f"{names} hold {unknown[0]!r}, which categories={given} does not list: add it")
    return tuple(given)


def _pair_codes(labels_a: object, labels_b: object, categories: object,
                ordered: bool) -> tuple[np.ndarray, np.ndarray, tuple]:
    a, b = _label_list(labels_a, "labels_a"), _label_list(labels_b, "labels_b")
    if len(a) != len(b):
        raise ValueError(f"labels_a and labels_b must label the same items in the same order: "
                         f"labels_a has {len(a)} labels, labels_b has {len(b)}")
    if _is_text(a[0]) != _is_text(b[0]):
        raise TypeError("labels_a and labels_b must both be numbers or both be text, "
                        f"got {a[0]!r} and {b[0]!r}")
    cats = _check_categories(categories, a + b, ordered=ordered, names="labels_a and labels_b")
    index = {c: i for i, c in enumerate(cats)}
    return (np.array([index[x] for x in a], dtype=np.intp),
            np.array([index[x] for x in b], dtype=np.intp), cats)


def _counts(codes_a: np.ndarray, codes_b: np.ndarray, k: int) -> np.ndarray:
    return np.bincount(codes_a * k + codes_b, minlength=k * k).reshape(k, k)


def _disagreement_weights(k: int, weights: str | None) -> np.ndarray:
    i, j = np.indices((k, k))
    if weights is None:
        return (i != j).astype(float)
    if weights == "linear":
        return np.abs(i - j).astype(float)
    return ((i - j) ** 2).astype(float)


def _kappa_from_counts(counts: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Kappa of one table (k, k) or of a stack of tables (..., k, k); NaN where undefined."""
    n = counts.sum(axis=(-2, -1))[..., None, None]
    observed = counts / n
    expected = observed.sum(axis=-1)[..., :, None] * observed.sum(axis=-2)[..., None, :]
    chance = np.sum(w * expected, axis=(-2, -1))
    with np.errstate(invalid="ignore", divide="ignore"):
        return 1.0 - np.sum(w * observed, axis=(-2, -1)) / chance


def _check_weights(weights: object) -> str | None:
    if weights is None:
        return None
    return check_choice(weights, "weights", ("linear", "quadratic"))


def _undefined_kappa(cats: tuple, codes_a: np.ndarray, codes_b: np.ndarray) -> ValueError:
    used = sorted({cats[i] for i in np.concatenate([codes_a, codes_b])}, key=str)
    return ValueError(
        f"Cohen's kappa is undefined here: both label sets put every item in {used[0]!r}, so "
        "chance alone agrees on every item and there is nothing to correct for. Report the raw "
        "agreement, or label items of more than one category")


# ------------------------------------------------------------- public API --


def confusion_table(labels_a: Labels, labels_b: Labels, *, categories: Sequence | None = None) -> ConfusionTable:
    r"""Count how two label sets of the same items meet: a table of categories by categories.

    With categories :math:`c_1, \dots, c_K`, the cell :math:`n_{ij}` counts the
    items labelled :math:`c_i` in ``labels_a`` and :math:`c_j` in ``labels_b``:

    .. math:: n_{ij} = \big|\{\, t : a_t = c_i,\ b_t = c_j \,\}\big|,
       \qquad p_o = \frac{1}{n}\sum_{i} n_{ii}

    The diagonal holds the agreements, :math:`p_o` is the raw (observed)
    agreement; the off-diagonal cells show where the two disagree, for example
    how many items the second judge calls relevant that the first does not.

    Parameters
    ----------
    labels_a, labels_b : sequence of labels
        One label per item, the same items in the same order: numbers (grades,
        True/False) or text. No label may be missing.
    categories : sequence, optional
        The categories and their order; by default the labels seen, sorted. Give
        it to keep a category that no item received (a grade nobody used).

    Returns
    -------
    ConfusionTable
        ``categories`` and ``counts`` (rows: ``labels_a``; columns: ``labels_b``),
        with ``n`` and ``observed_agreement``.

    Raises
    ------
    TypeError
        If the labels are not a sequence of numbers or text, or mix the two.
    ValueError
        If a label is missing (None, NaN), the two differ in length, or a label
        is not among ``categories``.

    Examples
    --------
    >>> confusion_table(["rel", "rel", "non"], ["rel", "non", "non"]).counts
    ((1, 0), (1, 1))

    References
    ----------
    Cohen (1960). A coefficient of agreement for nominal scales. :cite:p:`cohen1960coefficient`
    """
    codes_a, codes_b, cats = _pair_codes(labels_a, labels_b, categories, ordered=False)
    counts = _counts(codes_a, codes_b, len(cats))
    return ConfusionTable(cats, tuple(tuple(int(v) for v in row) for row in counts))


def cohen_kappa(labels_a: Labels, labels_b: Labels, *, weights: str | None = None,
                categories: Sequence | None = None) -> float:
    r"""Cohen's kappa: the agreement of two judges beyond what chance alone gives.

    With :math:`p_{ij}` the share of items that judge a puts in category i and
    judge b in category j, :math:`p_{i\cdot}` and :math:`p_{\cdot j}` the two
    judges' shares of each category, and disagreement weights :math:`w_{ij}`:

    .. math::

       \kappa = 1 - \frac{\sum_{i,j} w_{ij}\, p_{ij}}{\sum_{i,j} w_{ij}\, p_{i\cdot}\, p_{\cdot j}},
       \qquad w_{ij} = \begin{cases} [i \ne j] & \text{weights=None} \\
       |i - j| & \text{"linear"} \\ (i - j)^2 & \text{"quadratic"} \end{cases}

    where i and j are positions in ``categories``. Unweighted, this is
    :math:`(p_o - p_e)/(1 - p_e)`: the raw agreement :math:`p_o` set against
    :math:`p_e`, the agreement of two judges who keep their shares but label at
    random. :math:`\kappa = 1` is perfect agreement, 0 is chance level, below 0
    worse than chance. When one category dominates (most documents are not
    relevant), :math:`p_e` is high, and a high raw agreement can still mean a
    low kappa. Weighted kappa (Cohen 1968) counts a grade 2 against a grade 1
    as a smaller disagreement than 2 against 0; the weights are distances
    between *positions* in ``categories``, so give ``categories`` when a grade
    of the scale was never used, or two grades two steps apart would count as
    neighbours.

    Parameters
    ----------
    labels_a, labels_b : sequence of labels
        One label per item, the same items in the same order: numbers (grades,
        True/False) or text. No label may be missing (see
        :func:`krippendorff_alpha` for missing labels).
    weights : {None, "linear", "quadratic"}
        None: every disagreement counts 1 (nominal categories); "linear" or
        "quadratic": disagreements grow with the distance between grades.
    categories : sequence, optional
        The categories in order; by default the labels seen, sorted. Weighted
        kappa on text labels needs it.

    Returns
    -------
    float
        :math:`\kappa`.

    Raises
    ------
    TypeError
        If the labels are not a sequence of numbers or text, or mix the two,
        or ``weights`` is not a string; or weighted kappa is asked of text
        labels without ``categories``.
    ValueError
        If a label is missing, the two differ in length, a label is not among
        ``categories``, ``weights`` is unknown, or kappa is undefined (both
        judges put every item in one and the same category).

    Examples
    --------
    >>> course = [2, 0, 0, 1, 0, 0, 2, 0, 0, 0]
    >>> judge = [2, 0, 1, 2, 0, 0, 0, 0, 0, 0]
    >>> round(cohen_kappa(course, judge), 4)
    0.3478
    >>> round(cohen_kappa(course, judge, weights="linear"), 4)
    0.4595
    >>> round(cohen_kappa(course, [0] * 10), 4)  # 70% raw agreement, no skill
    0.0

    References
    ----------
    Cohen (1960). A coefficient of agreement for nominal scales. :cite:p:`cohen1960coefficient`

    Cohen (1968). Weighted kappa. :cite:p:`cohen1968weighted`
    """
    weights = _check_weights(weights)
    codes_a, codes_b, cats = _pair_codes(labels_a, labels_b, categories, ordered=weights is not None)
    counts = _counts(codes_a, codes_b, len(cats))
    kappa = float(_kappa_from_counts(counts, _disagreement_weights(len(cats), weights)))
    if not math.isfinite(kappa):
        raise _undefined_kappa(cats, codes_a, codes_b)
    return kappa


def cohen_kappa_interval(labels_a: Labels, labels_b: Labels, *, groups: Sequence[Hashable] | None = None,
                         weights: str | None = None, categories: Sequence | None = None,
                         confidence: float = 0.95, n_resamples: int = 2000,
                         seed: int | np.random.Generator = 0) -> KappaInterval:
    r"""Cohen's kappa with a percentile bootstrap confidence interval, resampling whole groups.

    The judgements of one query are not independent of each other: a question
    the judge misreads costs it several documents at once. So the bootstrap
    draws *queries* (``groups``) with replacement, keeps all of each drawn
    query's items, and computes kappa on them; repeated B times, the interval
    runs between the :math:`\alpha/2` and :math:`1 - \alpha/2` quantiles:

    .. math::

       \left[\, Q_{\alpha/2}\big(\kappa^{*}\big),\; Q_{1-\alpha/2}\big(\kappa^{*}\big) \right],
       \qquad \alpha = 1 - \text{confidence}.

    Without ``groups`` every item is its own group, which treats the items as
    independent and gives an interval too narrow for judgements that cluster by
    query. The categories (and so the weights) are those of all the items, in
    every resample.

    Parameters
    ----------
    labels_a, labels_b : sequence of labels
        As for :func:`cohen_kappa`.
    groups : sequence of hashable, optional
        The group (query) of each item, in the same order; by default each item
        alone.
    weights : {None, "linear", "quadratic"}
        As for :func:`cohen_kappa`.
    categories : sequence, optional
        As for :func:`cohen_kappa`.
    confidence : float in (0, 1)
        The interval's level.
    n_resamples : int
        B, the number of bootstrap samples (positive).
    seed : int or numpy.random.Generator
        The same seed gives the same interval.

    Returns
    -------
    KappaInterval
        ``kappa``, ``low``, ``high``, ``confidence``, ``n_items``, ``n_groups``
        and ``n_resamples``.

    Raises
    ------
    TypeError
        As for :func:`cohen_kappa`; or if ``groups``, ``confidence``,
        ``n_resamples`` or ``seed`` is of the wrong type.
    ValueError
        As for :func:`cohen_kappa`; or if ``groups`` differs in length from the
        labels, there are fewer than 2 groups, ``confidence`` is not strictly
        between 0 and 1, or a resample leaves kappa undefined (nearly every label
        in one category: too few items of the others to resample).

    Examples
    --------
    >>> a = [1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0]
    >>> b = [1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0]
    >>> queries = ["q1"] * 4 + ["q2"] * 4 + ["q3"] * 4
    >>> cohen_kappa_interval(a, b, groups=queries, n_resamples=1000)
    KappaInterval(kappa=0.6250, low=0.4706, high=1.0000, confidence=0.9500, n_items=12, n_groups=3, n_resamples=1000)

    References
    ----------
    Cohen (1960). A coefficient of agreement for nominal scales. :cite:p:`cohen1960coefficient`

    Sakai (2006). Evaluating evaluation metrics based on the bootstrap.
    :cite:p:`sakai2006evaluating`
    """
    weights = _check_weights(weights)
    codes_a, codes_b, cats = _pair_codes(labels_a, labels_b, categories, ordered=weights is not None)
    confidence = check_open_unit(confidence, "confidence")
    n_resamples = check_k(n_resamples, "n_resamples")
    rng = as_rng(seed)
    n, k = codes_a.size, len(cats)
    if groups is None:
        group_of = np.arange(n)
    else:
        if isinstance(groups, (str, bytes)) or not isinstance(groups, (Sequence, np.ndarray)):
            raise TypeError(f"groups must be a sequence of group ids, one per item, got {type(groups).__name__}")
        group_list = list(groups.tolist() if isinstance(groups, np.ndarray) else groups)
        if len(group_list) != n:
            raise ValueError(f"groups must name the group of every item: {n} labels, {len(group_list)} groups")
        try:
            names = {g: i for i, g in enumerate(dict.fromkeys(group_list))}
        except TypeError:
            raise TypeError("groups must hold hashable ids such as query ids (str or int)") from None
        group_of = np.array([names[g] for g in group_list], dtype=np.intp)
    n_groups = int(group_of.max()) + 1
    if n_groups < 2:
        raise ValueError("a bootstrap over groups needs at least 2 groups, got 1: give each query its own id")
    w = _disagreement_weights(k, weights)
    kappa = float(_kappa_from_counts(_counts(codes_a, codes_b, k), w))
    if not math.isfinite(kappa):
        raise _undefined_kappa(cats, codes_a, codes_b)
    # Each group's table, flattened; a resample's table is a weighted sum of them.
    per_group = np.zeros((n_groups, k * k))
    np.add.at(per_group, (group_of, codes_a * k + codes_b), 1)
    draws = np.empty(n_resamples)
    step = max(1, 2**20 // n_groups)
    for start in range(0, n_resamples, step):
        stop = min(start + step, n_resamples)
        picks = rng.integers(0, n_groups, size=(stop - start, n_groups))
        times = np.zeros((stop - start, n_groups))
        np.add.at(times, (np.arange(stop - start)[:, None], picks), 1)
        draws[start:stop] = _kappa_from_counts((times @ per_group).reshape(-1, k, k), w)
    undefined = int(np.count_nonzero(~np.isfinite(draws)))
    if undefined:
        raise ValueError(f"kappa is undefined in {undefined} of {n_resamples} resamples (every drawn item "
                         "in one category): labels_a and labels_b hold too few items of the minority "
                         "categories for a bootstrap; label more items of them, or more groups")
    alpha = 1 - confidence
    low, high = np.quantile(draws, [alpha / 2, 1 - alpha / 2])
    return KappaInterval(kappa, float(low), float(high), confidence, n, n_groups, n_resamples)


def _rating_matrix(data: object, name: str, *, allow_missing: bool) -> list[list]:
    """A matrix (raters x units) as a list of rows of labels; None where missing."""
    if isinstance(data, (str, bytes)) or not isinstance(data, (Sequence, np.ndarray)):
        raise TypeError(f"{name} must be a matrix with one row per judge and one column per item "
                        f"(a list of lists or a 2-D array), got {type(data).__name__}")
    rows = data.tolist() if isinstance(data, np.ndarray) else list(data)
    if isinstance(data, np.ndarray) and data.ndim != 2:
        raise ValueError(f"{name} must be two-dimensional (judges x items), got shape {data.shape}")
    if len(rows) < 2:
        raise ValueError(f"{name} must hold at least 2 rows (one per judge), got {len(rows)}")
    out = []
    for r, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not isinstance(row, (Sequence, np.ndarray)):
            raise TypeError(f"{name}[{r}] must be a row of labels (one per item), got {type(row).__name__}")
        row = row.tolist() if isinstance(row, np.ndarray) else list(row)
        cleaned: list[int | float | str | None] = []
        for u, item in enumerate(row):
            missing = item is None or (_is_number(item) and not _is_integer(item) and math.isnan(float(item)))
            if missing and not allow_missing:
                raise ValueError(f"{name}[{r}][{u}] is missing ({item!r}): Fleiss' kappa needs every judge "
                                 "to label every item; use krippendorff_alpha, which allows missing labels")
            if missing:
                cleaned.append(None)
            elif _is_number(item) and not _is_missing(item):
                cleaned.append(_plain_number(item))
            elif _is_text(item):
                cleaned.append(str(item))
            else:
                raise TypeError(f"{name}[{r}][{u}] is {item!r} ({type(item).__name__}): a label must be a "
                                "number or text" + (" (NaN or None for a missing label)" if allow_missing else ""))
        out.append(cleaned)
    widths = {len(row) for row in out}
    if len(widths) > 1:
        raise ValueError(f"every row of {name} must label the same items: rows have {sorted(widths)} labels")
    if not widths or widths == {0}:
        raise ValueError(f"{name} must hold at least one item (column), got none")
    present = [item for row in out for item in row if item is not None]
    if present and len({_is_text(item) for item in present}) > 1:
        raise TypeError(f"{name} mixes numbers and text: give every label in one form")
    return out


def fleiss_kappa(reliability_data: Sequence[Sequence] | np.ndarray, *,
                 categories: Sequence | None = None) -> float:
    r"""Fleiss' kappa: the agreement of several judges who each label every item.

    With n judges, N items and :math:`n_{uj}` the number of judges who put item
    u in category j:

    .. math::

       P_u = \frac{\sum_j n_{uj}(n_{uj} - 1)}{n(n-1)}, \quad \bar P = \frac{1}{N}\sum_u P_u,
       \quad p_j = \frac{1}{Nn}\sum_u n_{uj}, \quad \bar P_e = \sum_j p_j^2,
       \qquad \kappa = \frac{\bar P - \bar P_e}{1 - \bar P_e}

    :math:`P_u` is the share of pairs of judges who agree on item u. The
    judges need not be the same people from item to item, but every item has
    the same number of labels; with missing labels use
    :func:`krippendorff_alpha`. With two judges it differs slightly from
    Cohen's kappa, whose chance term keeps each judge's own shares.

    Parameters
    ----------
    reliability_data : matrix, judges x items
        One row per judge, one column per item (the layout of
        :func:`krippendorff_alpha`), every cell a label (a number or text).
    categories : sequence, optional
        The categories; by default the labels seen. Categories nobody used do
        not change kappa.

    Returns
    -------
    float
        :math:`\kappa`.

    Raises
    ------
    TypeError
        If the data is not a matrix of numbers or text, or mixes the two.
    ValueError
        If there are fewer than 2 judges, no item, rows of different lengths, a
        missing label, a label not among ``categories``, or kappa is undefined
        (every label the same).

    Examples
    --------
    >>> ratings = [[1, 1, 0, 2, 2, 0],
    ...            [1, 0, 0, 2, 2, 0],
    ...            [1, 1, 0, 2, 1, 0]]
    >>> round(fleiss_kappa(ratings), 4)
    0.6636

    References
    ----------
    Fleiss (1971). Measuring nominal scale agreement among many raters.
    :cite:p:`fleiss1971measuring`
    """
    rows = _rating_matrix(reliability_data, "reliability_data", allow_missing=False)
    seen = [item for row in rows for item in row]
    cats = _check_categories(categories, seen, ordered=False, names="reliability_data")
    index = {c: i for i, c in enumerate(cats)}
    codes = np.array([[index[item] for item in row] for row in rows])  # judges x items
    n_judges, n_items = codes.shape
    counts = np.zeros((n_items, len(cats)))
    np.add.at(counts, (np.tile(np.arange(n_items), n_judges), codes.ravel()), 1)
    per_item = (np.sum(counts * (counts - 1), axis=1)) / (n_judges * (n_judges - 1))
    shares = counts.sum(axis=0) / (n_items * n_judges)
    chance = float(np.sum(shares**2))
    if chance >= 1.0:
        raise ValueError(f"Fleiss' kappa is undefined here: in reliability_data every judge put every item in {seen[0]!r}, "
                         "so chance alone agrees on every item. Report the raw agreement instead")
    return float((per_item.mean() - chance) / (1 - chance))


def krippendorff_alpha(reliability_data: Sequence[Sequence] | np.ndarray, *, level: str = "nominal") -> float:
    r"""Krippendorff's alpha: agreement among any number of judges, with missing labels.

    Each item u labelled by :math:`m_u \ge 2` judges contributes its
    :math:`m_u(m_u - 1)` ordered pairs of labels from different judges, each
    with weight :math:`1/(m_u - 1)`, to the coincidence matrix :math:`o_{ck}`
    (items with fewer than 2 labels are left out). With :math:`n_c = \sum_k o_{ck}`
    and :math:`n = \sum_c n_c`:

    .. math::

       \alpha = 1 - \frac{D_o}{D_e} = 1 - (n - 1)\,
       \frac{\sum_{c,k} o_{ck}\, \delta^2_{ck}}{\sum_{c,k} n_c\, n_k\, \delta^2_{ck}}

    with the squared distance :math:`\delta^2_{ck}` of the level of measurement:
    nominal :math:`[c \ne k]`; interval :math:`(c - k)^2`; ordinal
    :math:`\big(\sum_{g=c}^{k} n_g - (n_c + n_k)/2\big)^2`, which measures the
    distance between two grades by how many labels lie between them. The
    chance term uses the labels of all judges together, so alpha does not
    reward a judge for labelling with its own shares.

    Parameters
    ----------
    reliability_data : matrix, judges x items
        One row per judge, one column per item; each cell a number, or NaN or
        None where that judge did not label that item.
    level : {"nominal", "ordinal", "interval"}
        The level of measurement of the labels.

    Returns
    -------
    float
        :math:`\alpha`.

    Raises
    ------
    TypeError
        If the data is not a matrix of numbers (with NaN or None for missing
        labels), or ``level`` is not a string.
    ValueError
        If there are fewer than 2 judges, rows of different lengths, no item
        labelled by two judges, ``level`` is unknown, or alpha is undefined
        (every label the same value).

    Examples
    --------
    The example of Krippendorff's "Computing Krippendorff's alpha-reliability":
    four judges, twelve items, some labels missing.

    >>> nan = float("nan")
    >>> data = [[1, 2, 3, 3, 2, 1, 4, 1, 2, nan, nan, nan],
    ...         [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, nan, 3],
    ...         [nan, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, nan],
    ...         [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, nan]]
    >>> round(krippendorff_alpha(data), 3)
    0.743
    >>> round(krippendorff_alpha(data, level="ordinal"), 3)
    0.815
    >>> round(krippendorff_alpha(data, level="interval"), 3)
    0.849

    References
    ----------
    Hayes & Krippendorff (2007). Answering the call for a standard reliability measure for
    coding data. :cite:p:`hayes2007answering`
    """
    level = check_choice(level, "level", LEVELS)
    rows = _rating_matrix(reliability_data, "reliability_data", allow_missing=True)
    present = [item for row in rows for item in row if item is not None]
    if present and _is_text(present[0]):
        raise TypeError("krippendorff_alpha needs numeric labels (code text as numbers, for example "
                        "0 = not relevant, 1 = relevant); NaN or None marks a missing label")
    categories = sorted(set(present))  # exact: integers are never merged through a float
    index = {v: i for i, v in enumerate(categories)}
    n_values, n_items = len(categories), len(rows[0])
    counts = np.zeros((n_items, n_values))
    for row in rows:
        for u, item in enumerate(row):
            if item is not None:
                counts[u, index[item]] += 1
    labelled = counts.sum(axis=1)
    pairable = labelled >= 2
    if not pairable.any():
        raise ValueError("reliability_data has no item labelled by two judges or more: alpha compares "
                         "judges on shared items; label some items twice")
    counts, labelled = counts[pairable], labelled[pairable]
    coincidences = np.einsum("uc,uk->ck", counts / (labelled - 1)[:, None], counts)
    coincidences -= np.diag((counts / (labelled - 1)[:, None]).sum(axis=0))
    totals = coincidences.sum(axis=0)
    n = totals.sum()
    if level == "nominal":
        distance = 1.0 - np.eye(n_values)
    elif level == "interval":
        distance = _squared_gaps(categories)
    else:
        cumulative = np.concatenate([[0.0], np.cumsum(totals)])
        low = np.minimum.outer(np.arange(n_values), np.arange(n_values))
        high = np.maximum.outer(np.arange(n_values), np.arange(n_values))
        between = cumulative[high + 1] - cumulative[low]
        distance = (between - (totals[:, None] + totals[None, :]) / 2) ** 2
    with np.errstate(over="ignore", invalid="ignore"):
        expected = np.sum(np.outer(totals, totals) * distance)
        alpha = float(1.0 - (n - 1) * np.sum(coincidences * distance) / expected)
    if expected <= 0:
        raise ValueError(f"Krippendorff's alpha is undefined here: every label of reliability_data is {present[0]!r}, so "
                         "there is no disagreement to expect. Report the raw agreement instead")
    if not math.isfinite(alpha):
        raise _labels_too_far_apart()
    return alpha


def _labels_too_far_apart() -> ValueError:
    return ValueError("reliability_data holds labels too far apart to square their distances within "
                      "a float (level='interval'): rescale them, for example divide every label by "
                      "the same constant")


def _squared_gaps(categories: list) -> np.ndarray:
    """(c - k)^2 for every pair of sorted numeric categories, each c - k computed from exact
    offsets to the smallest (labels 2**53 and 2**53 + 1 are 1 apart, not 0)."""
    low = categories[0]
    try:
        offsets = np.array([float(c - low) for c in categories])
    except OverflowError:
        raise _labels_too_far_apart() from None
    with np.errstate(over="ignore"):
        return (offsets[:, None] - offsets[None, :]) ** 2

# --------------------------------------------------------------- orderings --


def _paired_scores(x: Scores, y: Scores, names: tuple[str, str]) -> tuple[np.ndarray, np.ndarray, list]:
    """Two score lists over the same systems as aligned arrays of their exact ranks (0 for the
    lowest score; equal scores share a rank), and the systems' names. Only the order of the
    scores matters here, and it is taken exactly: integers are compared as integers, never
    through a float (in which 2**60 and 2**60 + 1 tie)."""
    first, second = names
    if isinstance(x, Mapping) != isinstance(y, Mapping):
        raise TypeError(f"{first} and {second} must both be dicts {{system: score}} or both aligned "
                        f"sequences, got {type(x).__name__} and {type(y).__name__}")
    x_values: list
    y_values: list
    if isinstance(x, Mapping) and isinstance(y, Mapping):  # both or neither, checked above
        missing = [key for key in x if key not in y]
        extra = [key for key in y if key not in x]
        if missing or extra:
            where = "; ".join(part for part in (missing and f"missing from {second}: {missing[:5]}",
                                                extra and f"missing from {first}: {extra[:5]}") if part)
            raise ValueError(f"{first} and {second} must score the same systems; {where}")
        ids = list(x)
        x_values, y_values = [x[key] for key in ids], [y[key] for key in ids]
    else:
        for value, name in ((x, first), (y, second)):
            if isinstance(value, (str, bytes)) or not isinstance(value, (Sequence, np.ndarray)):
                raise TypeError(f"{name} must be a dict {{system: score}} or a sequence of scores, "
                                f"got {type(value).__name__}")
        x_values, y_values = list(x), list(y)
        if len(x_values) != len(y_values):
            raise ValueError(f"{first} and {second} must score the same systems in the same order: "
                             f"{first} has {len(x_values)} scores, {second} has {len(y_values)}")
        ids = list(range(len(x_values)))
    arrays = []
    for values, name in ((x_values, first), (y_values, second)):
        for position, item in zip(ids, values):
            if not _is_number(item) or isinstance(item, (bool, np.bool_)):
                raise TypeError(f"{name} must hold numbers; it holds {item!r} ({type(item).__name__}) "
                                f"for {position!r}")
            if _is_missing(item):
                raise ValueError(f"{name} must hold finite scores; it holds {item} for {position!r}")
        arrays.append(_exact_ranks([_plain_number(item) for item in values]))
    if arrays[0].size < 2:
        raise ValueError(f"an ordering needs at least 2 systems, got {arrays[0].size}")
    return arrays[0], arrays[1], ids


def _exact_ranks(values: list) -> np.ndarray:
    """0-based dense ranks of Python numbers, compared exactly."""
    rank = {value: r for r, value in enumerate(sorted(set(values)))}
    return np.array([rank[value] for value in values], dtype=np.int64)


def _dense_ranks(values: np.ndarray) -> np.ndarray:
    """0-based ranks with ties sharing one rank (the smallest value ranks 0)."""
    return np.unique(values, return_inverse=True)[1].reshape(-1)


def _tied_pairs(values: np.ndarray) -> int:
    counts = np.unique(values, return_counts=True)[1]
    return int(np.sum(counts * (counts - 1) // 2))


def _count_inversions(sequence: np.ndarray) -> int:
    """Pairs i < j with sequence[i] > sequence[j] (strictly), by a Fenwick tree: O(n log n)."""
    ranks = _dense_ranks(sequence) + 1
    size = int(ranks.max())
    tree = [0] * (size + 1)
    inversions = 0
    for seen, r in enumerate(ranks.tolist()):
        at_most, i = 0, r
        while i > 0:
            at_most += tree[i]
            i -= i & -i
        inversions += seen - at_most
        i = r
        while i <= size:
            tree[i] += 1
            i += i & -i
    return inversions


def kendall_tau(x: Scores, y: Scores) -> float:
    r"""Kendall's tau-b between two score lists over the same systems (or any items).

    Over the :math:`n_0 = n(n-1)/2` pairs of systems, a pair is concordant if x
    and y order it the same way and discordant if they order it oppositely;
    :math:`n_c` and :math:`n_d` count them, :math:`n_1` and :math:`n_2` count the
    pairs tied in x and in y:

    .. math::

       \tau_b = \frac{n_c - n_d}{\sqrt{(n_0 - n_1)(n_0 - n_2)}}

    Without ties this is Kendall's tau, :math:`1 - 2 n_d / n_0`: 1 for the same
    order, -1 for the reverse, and each swapped pair of systems costs
    :math:`2/n_0`. Every pair counts the same, wherever it sits in the order;
    :func:`tau_ap` weighs the top more.

    Parameters
    ----------
    x, y : dict {system: score}, or aligned sequences of scores
        At least 2 systems: two dicts with the same keys (paired by key), or two
        sequences of equal length. A higher score ranks higher.

    Returns
    -------
    float
        :math:`\tau_b`.

    Raises
    ------
    TypeError
        If ``x`` and ``y`` are not both dicts or both sequences, or a score is
        not a number.
    ValueError
        If a score is not finite, the two do not score the same systems, there
        are fewer than 2, or tau-b is undefined (one list gives every system
        the same score).

    Examples
    --------
    >>> round(kendall_tau({"a": 0.31, "b": 0.28, "c": 0.25}, {"a": 0.40, "b": 0.29, "c": 0.33}), 4)
    0.3333
    >>> round(kendall_tau([1, 2, 3, 4], [1, 2, 4, 3]), 4)  # one of six pairs swapped
    0.6667

    References
    ----------
    Kendall (1938). A new measure of rank correlation. :cite:p:`kendall1938new`

    Kendall (1945). The treatment of ties in ranking problems. :cite:p:`kendall1945treatment`

    Voorhees (2000). Variations in relevance judgments and the measurement of retrieval
    effectiveness. :cite:p:`voorhees2000variations`
    """
    a, b, _ = _paired_scores(x, y, ("x", "y"))
    n0 = a.size * (a.size - 1) // 2
    ties_a, ties_b = _tied_pairs(a), _tied_pairs(b)
    for ties, name in ((ties_a, "x"), (ties_b, "y")):
        if ties == n0:
            raise ValueError(f"Kendall's tau is undefined when {name} gives every system the same score: "
                             "there is no order to compare")
    joint = _tied_pairs(a + 1j * b)
    order = np.lexsort((b, a))
    discordant = _count_inversions(b[order])
    difference = n0 - ties_a - ties_b + joint - 2 * discordant
    return float(difference / math.sqrt((n0 - ties_a) * (n0 - ties_b)))


def tau_ap(truth: Scores, estimate: Scores) -> float:
    r"""AP correlation (tau_AP): how well an estimated ordering keeps the true one, top first.

    Walk down the estimated ordering; for the system at position i (i = 2..n),
    let :math:`C(i)` be the number of systems above it that are also better in
    the true ordering. Then

    .. math::

       \tau_{AP} = \frac{2}{n - 1} \sum_{i=2}^{n} \frac{C(i)}{i - 1} - 1

    Each position contributes the share of the systems above it that are placed
    correctly, like the precision in AP, so a swap near the top costs more than
    one near the bottom. It is 1 for the same order and -1 for the reverse, and
    equals Kendall's tau when errors are spread evenly. It is not symmetric:
    ``truth`` is the reference, and only the estimate's order is walked.

    Ties: the true ordering must not tie two systems. Systems that the estimate
    ties are taken in every order with equal chance, and tau_AP is its expected
    value over those orders (Urbano & Marrero's :math:`\tau_{AP,a}`); without
    ties in the estimate this is the definition above.

    Parameters
    ----------
    truth : dict {system: score}, or a sequence of scores
        The reference scores (for example under trusted judgements); no ties.
    estimate : dict {system: score}, or a sequence of scores
        The scores whose ordering is judged (for example under an automatic
        judge's labels); the same systems, paired by key or by position.

    Returns
    -------
    float
        :math:`\tau_{AP}`.

    Raises
    ------
    TypeError
        If the two are not both dicts or both sequences, or a score is not a
        number.
    ValueError
        If a score is not finite, the two do not score the same systems, there
        are fewer than 2, or ``truth`` ties two systems.

    Examples
    --------
    >>> truth = {"a": 0.40, "b": 0.35, "c": 0.30, "d": 0.20}
    >>> round(tau_ap(truth, {"a": 0.40, "b": 0.35, "c": 0.20, "d": 0.30}), 4)  # the last two swapped
    0.7778
    >>> round(tau_ap(truth, {"a": 0.35, "b": 0.40, "c": 0.30, "d": 0.20}), 4)  # the first two swapped
    0.3333

    References
    ----------
    Yilmaz, Aslam & Robertson (2008). A new rank correlation coefficient for information
    retrieval. :cite:p:`yilmaz2008new`

    Urbano & Marrero (2017). The treatment of ties in AP correlation. :cite:p:`urbano2017treatment`
    """
    t, e, ids = _paired_scores(truth, estimate, ("truth", "estimate"))
    n = t.size
    order = np.argsort(t, kind="stable")
    same = np.flatnonzero(t[order][1:] == t[order][:-1])
    if same.size:
        first, second = ids[order[same[0]]], ids[order[same[0] + 1]]
        tied = (truth[first] if isinstance(truth, Mapping) else list(truth)[first])
        raise ValueError(f"truth ties {first!r} and {second!r} (both {tied}): tau_ap needs a "
                         "true ordering without ties; break the tie, or compare with kendall_tau (tau-b)")
    truth_rank = _dense_ranks(t) + 1  # 1..n, all distinct
    levels, group = np.unique(-e, return_inverse=True)  # group 0: the highest estimate
    group = group.reshape(-1)
    tree = [0] * (n + 1)
    inserted, total, start = 0, 0.0, 1  # start: the 1-based position of the group's first system
    for g in range(levels.size):
        members = np.flatnonzero(group == g)
        size = members.size
        if start > 1:  # term I: systems above the group that are better in truth
            mean_weight = sum(1.0 / (start + k - 1) for k in range(size)) / size
            for member in members.tolist():
                at_most, i = 0, int(truth_rank[member])
                while i > 0:
                    at_most += tree[i]
                    i -= i & -i
                total += (inserted - at_most) * mean_weight
        # term II: pairs inside the group, in either order with equal chance
        total += sum(k / (start + k - 1) for k in range(1, size)) / 2
        for member in members.tolist():
            i = int(truth_rank[member])
            while i <= n:
                tree[i] += 1
                i += i & -i
        inserted += size
        start += size
    return float(2.0 * total / (n - 1) - 1.0)


def _ranking(values: object, name: str) -> list:
    if isinstance(values, (str, bytes)) or not isinstance(values, (Sequence, np.ndarray)):
        raise TypeError(f"{name} must be a sequence of item ids, best first, got {type(values).__name__}")
    items = values.tolist() if isinstance(values, np.ndarray) else list(values)
    if not items:
        raise ValueError(f"{name} must hold at least one item, got none")
    seen: dict = {}
    for rank, item in enumerate(items, start=1):
        if not (_is_text(item) or (isinstance(item, (numbers.Integral, np.integer))
                                   and not isinstance(item, (bool, np.bool_)))):
            raise TypeError(f"{name} holds {item!r} ({type(item).__name__}) at rank {rank}: item ids must "
                            "be text or integers")
        key = str(item) if _is_text(item) else int(item)
        if key in seen:
            raise ValueError(f"{name} lists {item!r} twice (ranks {seen[key]} and {rank}): a ranking holds "
                             "each item once; for tied items, order them first")
        seen[key] = rank
    return list(seen)


def _rbo_tail(p: float, l: int) -> float:
    r"""(1 - p) \sum_{d > l} p^{d-1} / d, the weight RBO_min gives every depth below l per item.

    For p <= 1/2 the series itself (each term at most half the one before: 60 terms reach
    2**-60 of the first); above, -ln(1 - p)/p less the first l terms, where 1/p is at most 2."""
    if p <= 0.5:
        terms = p ** np.arange(60, dtype=float) / np.arange(l + 1, l + 61, dtype=float)
        return float((1 - p) * p**l * np.sum(terms))
    head = float(np.sum(p ** np.arange(l, dtype=float) / np.arange(1, l + 1, dtype=float)))
    return (1 - p) * (-math.log1p(-p) / p - head)


def rank_biased_overlap(ranking_a: Sequence[Hashable], ranking_b: Sequence[Hashable], *,
                        p: float = 0.9) -> RankBiasedOverlap:
    r"""Rank-biased overlap: the similarity of two rankings, top-weighted, with bounds.

    Let :math:`X_d` be the number of items the two rankings share in their top
    d, and :math:`A_d = X_d / d` their agreement at depth d. RBO is the expected
    agreement of a reader who goes on from one depth to the next with
    probability p:

    .. math::

       \mathrm{RBO} = (1 - p) \sum_{d=1}^{\infty} p^{d-1} A_d

    Only the given prefixes are known: S, the shorter, of length s, and L of
    length l (at depths s < d <= l, S's unseen items are not counted). Three
    values follow (Webber, Moffat & Zobel 2010):

    .. math::

       \mathrm{RBO}_{\min} &= \frac{1-p}{p}\Big(\sum_{d=1}^{l} \frac{X_d}{d}\,p^d
           + X_l\big(-\ln(1-p) - \textstyle\sum_{d=1}^{l} p^d/d\big)\Big) \\
       \mathrm{RBO}_{\mathrm{ext}} &= \frac{1-p}{p}\Big(\sum_{d=1}^{l} \frac{X_d}{d}\,p^d
           + \sum_{d=s+1}^{l} \frac{X_s (d-s)}{s\,d}\,p^d\Big)
           + \Big(\frac{X_l - X_s}{l} + \frac{X_s}{s}\Big)p^l

    :math:`\mathrm{RBO}_{\min}` assumes nothing below matches;
    :math:`\mathrm{RBO}_{\max}` assumes every unseen item matches as soon as it
    can (S's unseen items match L's unmatched ones, then each ranking's unseen
    items match the other's, so agreement reaches 1 at depth
    :math:`f = l + s - X_l`); the residual is their difference and shrinks as
    the rankings are read deeper. :math:`\mathrm{RBO}_{\mathrm{ext}}` assumes the
    agreement at the last depth goes on. With p = 0.9 the first ten ranks carry
    about 86% of the weight.

    Parameters
    ----------
    ranking_a, ranking_b : sequence of item ids
        Two rankings, best first, each holding an item once (text or integer
        ids); they may differ in length and in their items.
    p : float in (0, 1)
        The persistence: larger p looks deeper.

    Returns
    -------
    RankBiasedOverlap
        ``minimum``, ``maximum``, ``residual``, ``extrapolated``, ``p`` and ``depth``.

    Raises
    ------
    TypeError
        If a ranking is not a sequence of text or integer ids, or ``p`` is not a number.
    ValueError
        If a ranking is empty or lists an item twice, or ``p`` is not strictly
        between 0 and 1.

    Examples
    --------
    >>> result = rank_biased_overlap(list("abcdefg"), list("bacdfeh"), p=0.8)
    >>> result
    RankBiasedOverlap(minimum=0.6822, maximum=0.7761, residual=0.0939, extrapolated=0.7462, p=0.8000, depth=7)
    >>> result.minimum <= result.extrapolated <= result.maximum
    True

    References
    ----------
    Webber, Moffat & Zobel (2010). A similarity measure for indefinite rankings.
    :cite:p:`webber2010similarity`
    """
    a, b = _ranking(ranking_a, "ranking_a"), _ranking(ranking_b, "ranking_b")
    p = check_open_unit(p, "p")
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    s, l = len(short), len(long_)
    in_short = {item: rank for rank, item in enumerate(short, start=1)}
    in_long = {item: rank for rank, item in enumerate(long_, start=1)}
    # X_d: items of short[:min(d, s)] among long[:d], for d = 1..l
    gained = np.zeros(l + 1)
    for item, rank in in_short.items():
        if item in in_long:
            gained[max(rank, in_long[item])] += 1
    overlap = np.cumsum(gained)[1:]
    depths = np.arange(1, l + 1, dtype=float)
    # The formulas' (1 - p)/p times p^d, as (1 - p) p^(d - 1): no 1/p, which is infinite for a
    # tiny p (5e-324) where p^d underflows to 0, and inf * 0 would be a silent NaN.
    weights = (1 - p) * p ** (depths - 1)
    seen = float(np.sum(overlap / depths * weights))
    x_l, x_s = float(overlap[-1]), float(overlap[s - 1])
    minimum = seen + x_l * _rbo_tail(p, l)
    # The largest overlap: s < d <= l, S's unseen items match L's unmatched ones
    # (X_d + d - s); d > l, both rankings' unseen items match (2d - l - s + X_l), until d = f.
    largest = overlap + np.maximum(depths - s, 0)
    upper_seen = float(np.sum(largest / depths * weights))
    f = int(l + s - x_l)
    beyond = np.arange(l + 1, f + 1, dtype=float)
    upper_tail = float(np.sum((2 * beyond - l - s + x_l) / beyond * (1 - p) * p ** (beyond - 1))) + p**f
    maximum = upper_seen + upper_tail
    uneven = np.arange(s + 1, l + 1, dtype=float)
    extrapolated = seen + float(np.sum(x_s * (uneven - s) / (s * uneven) * (1 - p) * p ** (uneven - 1))) \
        + ((x_l - x_s) / l + x_s / s) * p**l
    return RankBiasedOverlap(minimum, maximum, maximum - minimum, extrapolated, p, l)
