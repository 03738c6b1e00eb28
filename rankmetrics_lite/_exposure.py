r"""Fairness of exposure: who gets seen, against who deserves to be.

A ranking spends the attention of its readers: the item at rank :math:`i` is seen
with a probability that falls with :math:`i`. Three measures of how that
attention is shared, each with its own browsing model:

* expected exposure (Diaz, Mitra, Ekstrand, Biega & Carterette 2020): each item's
  exposure under a stochastic ranking policy, against the exposure an ideal
  policy gives it (equally relevant items share their ranks at random);
* attention-weighted rank fairness, as the TREC 2021-22 Fair Ranking track
  computes it: the share of attention each group receives, against a target
  distribution, by the Jensen-Shannon divergence;
* fairness of exposure (Singh & Joachims 2018): each group's mean exposure, alone
  (demographic parity) or per unit of merit (disparate treatment).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from .validation import check_open_unit


def _rankings(rankings: object) -> list[list]:
    """A list of rankings (each a sequence of item ids), each item at most once per ranking."""
    if isinstance(rankings, (str, bytes)) or not isinstance(rankings, (Sequence, np.ndarray)):
        raise TypeError("rankings must be a list of rankings, each a list of item ids in rank order "
                        f"(one deterministic ranking: [ranking]); got {type(rankings).__name__}")
    out = []
    for r, ranking in enumerate(rankings):
        if isinstance(ranking, (str, bytes)) or not isinstance(ranking, (Sequence, np.ndarray)):
            raise TypeError(f"rankings[{r}] must be a list of item ids in rank order, got "
                            f"{type(ranking).__name__} (one deterministic ranking: [ranking])")
        items = list(ranking)
        if len(set(items)) != len(items):
            twice = next(item for item in items if items.count(item) > 1)
            raise ValueError(f"rankings[{r}] ranks item {twice!r} twice: an item holds one rank")
        out.append(items)
    if not out:
        raise ValueError("rankings is empty: give at least one ranking")
    return out


def _known(rankings: list[list], known: Mapping, name: str, what: str) -> None:
    for r, ranking in enumerate(rankings):
        for i, item in enumerate(ranking):
            if item not in known:
                raise ValueError(f"rankings[{r}] ranks {item!r} at rank {i + 1}, which {name} lacks: "
                                 f"give every ranked item {what}")


def _numbers(values: Mapping, name: str, *, high: float = math.inf) -> dict:
    if not isinstance(values, Mapping):
        raise TypeError(f"{name} must be a dict {{item: number}}, got {type(values).__name__}")
    for item, value in values.items():
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value) \
                or not 0 <= value <= high:  # type: ignore[operator]  # numeric tower
            bound = "between 0 and 1" if high == 1 else "0 or more"
            raise ValueError(f"{name} must map each item to a finite number {bound}; {item!r} has {value!r}")
    if not values:
        raise ValueError(f"{name} is empty: give each item its value")
    return dict(values)


# ---------------------------------------------------------- expected exposure --


@dataclass(frozen=True)
class ExpectedExposure:
    """Result of :func:`expected_exposure`: each item's exposure, its target, and the loss.

    The loss splits in two parts: ``loss = disparity - 2 * relevance +
    sum(target ** 2)``.

    Attributes
    ----------
    items : tuple
        The items of ``grades``, in its order.
    exposure : array-like of float
        Each item's expected exposure under the policy, in the order of ``items``.
    target : array-like of float
        Each item's exposure under the ideal policy (:func:`target_exposure`).
    loss : float
        EE-L, the squared distance between ``exposure`` and ``target``: lower is better.
    disparity : float
        EE-D, the sum of the squared exposures: lowest when exposure is spread evenly.
    relevance : float
        EE-R, the dot product of ``exposure`` and ``target``: highest when
        exposure goes where the target puts it.

    Examples
    --------
    >>> result = expected_exposure([["a", "b", "c"]], {"a": 1, "b": 1, "c": 0})
    >>> result.items, result.exposure.tolist(), result.target.tolist()
    (('a', 'b', 'c'), [1.0, 0.5, 0.25], [0.75, 0.75, 0.25])

    References
    ----------
    Diaz, Mitra, Ekstrand, Biega & Carterette (2020). Evaluating stochastic
    rankings with expected exposure. CIKM. :cite:p:`diaz2020evaluating`
    """

    items: tuple = field(repr=False)
    exposure: np.ndarray = field(repr=False)  # epsilon, in the order of items
    target: np.ndarray = field(repr=False)  # epsilon*, the ideal policy's
    loss: float  # EE-L = |epsilon - epsilon*|^2
    disparity: float  # EE-D = |epsilon|^2
    relevance: float  # EE-R = epsilon . epsilon*


def target_exposure(grades: Mapping, *, patience: float = 0.5) -> dict:
    r"""Each item's exposure under the ideal policy: ranked by grade, equal grades shuffled.

    With RBP's browsing model (rank i seen with probability :math:`p^{i-1}`),
    the items of one grade fill ranks a to b of the ideal ranking in a random
    order, so each receives :math:`\frac{1}{b-a+1}\sum_{i=a}^{b}p^{i-1}`.

    Parameters
    ----------
    grades : dict {item: grade}
        Every item that may be ranked, with its grade (0 or more).
    patience : float, default=0.5
        RBP's persistence :math:`p`, strictly between 0 and 1.

    Returns
    -------
    dict {item: float}
        Each item's exposure under the ideal policy, in the order of ``grades``.

    Raises
    ------
    TypeError
        ``grades`` that is not a dict, or a ``patience`` that is not a number.
    ValueError
        An empty ``grades``, a grade that is negative or not finite, a
        ``patience`` outside (0, 1).

    Examples
    --------
    >>> {d: round(e, 4) for d, e in target_exposure({"a": 1, "b": 1, "c": 0}).items()}
    {'a': 0.75, 'b': 0.75, 'c': 0.25}

    References
    ----------
    Diaz, Mitra, Ekstrand, Biega & Carterette (2020). Evaluating stochastic
    rankings with expected exposure. CIKM. :cite:p:`diaz2020evaluating`
    """
    grades = _numbers(grades, "grades")
    gamma = check_open_unit(patience, "patience")
    order = sorted(grades, key=lambda item: -grades[item])
    seen = gamma ** np.arange(len(order), dtype=float)
    target, start = {}, 0
    while start < len(order):
        stop = start
        while stop < len(order) and grades[order[stop]] == grades[order[start]]:
            stop += 1
        share = float(seen[start:stop].mean())
        target.update({item: share for item in order[start:stop]})
        start = stop
    return {item: target[item] for item in grades}


def expected_exposure(rankings: Sequence[Sequence[Hashable]], grades: Mapping, *,
                      patience: float = 0.5) -> ExpectedExposure:
    r"""Expected exposure of a stochastic ranking policy, with its disparity and relevance.

    Each ranking in ``rankings`` is one draw of the policy, all equally likely
    (a deterministic ranker: one ranking). Under RBP's browsing model an item at
    rank :math:`i` is seen with probability :math:`p^{i-1}`; its expected
    exposure :math:`\epsilon_d` is the mean over the draws (0 where unranked).
    Against the ideal policy's :math:`\epsilon^*` (:func:`target_exposure`):

    .. math::

        \text{EE-L} = \lVert \epsilon - \epsilon^* \rVert^2
        = \underbrace{\lVert \epsilon \rVert^2}_{\text{EE-D}}
        - 2\,\underbrace{\epsilon^\top \epsilon^*}_{\text{EE-R}} + \lVert \epsilon^* \rVert^2

    Lower loss is better. Disparity (EE-D) is lowest when exposure is spread
    evenly over all items, whatever their grade; relevance (EE-R) is highest when
    exposure goes where the target puts it. A deterministic ranking cannot share
    one rank between equally relevant items, so only a stochastic policy reaches
    a loss of 0.

    Parameters
    ----------
    rankings : list of list
        Draws of the policy, each a ranking of item ids (top first).
    grades : dict {item: grade}
        Every item that may be ranked, with its grade (0 or more); the target
        is computed over all of them.
    patience : float, default=0.5
        RBP's persistence :math:`p`, strictly between 0 and 1.

    Returns
    -------
    ExpectedExposure
        Each item's exposure and target, the loss (EE-L), disparity (EE-D)
        and relevance (EE-R).

    Raises
    ------
    TypeError, ValueError
        A ranked item that ``grades`` lacks, an item ranked twice in one
        ranking, a negative grade, a patience outside (0, 1).

    Examples
    --------
    >>> grades = {"a": 1, "b": 1, "c": 0}
    >>> fixed = expected_exposure([["a", "b", "c"]], grades)
    >>> round(fixed.loss, 4), round(fixed.disparity, 4), round(fixed.relevance, 4)
    (0.125, 1.3125, 1.1875)
    >>> shared = expected_exposure([["a", "b", "c"], ["b", "a", "c"]], grades)
    >>> round(shared.loss, 4)  # the ideal policy itself
    0.0

    References
    ----------
    Diaz, Mitra, Ekstrand, Biega & Carterette (2020). Evaluating stochastic
    rankings with expected exposure. CIKM. :cite:p:`diaz2020evaluating`
    """
    rankings = _rankings(rankings)
    target = target_exposure(grades, patience=patience)
    gamma = float(patience)
    _known(rankings, target, "grades", "a grade (0 if not relevant)")
    items = tuple(target)
    index = {item: j for j, item in enumerate(items)}
    exposure = np.zeros(len(items))
    for ranking in rankings:
        for i, item in enumerate(ranking):
            exposure[index[item]] += gamma ** i
    exposure /= len(rankings)
    ideal = np.array([target[item] for item in items])
    return ExpectedExposure(items, exposure, ideal, float(np.sum((exposure - ideal) ** 2)),
                            float(exposure @ exposure), float(exposure @ ideal))


# --------------------------------------------------- attention-weighted rank fairness --


def _attention(n: int) -> np.ndarray:
    """The TREC Fair Ranking tracks' attention: 1 / log2(max(i, 2)) at rank i."""
    return 1.0 / np.log2(np.maximum(np.arange(1, n + 1, dtype=float), 2.0))


def _jensen_shannon(p: np.ndarray, q: np.ndarray) -> float:
    """The Jensen-Shannon divergence in nats (0 log 0 = 0)."""
    m = (p + q) / 2

    def kl(a):
        inside = a > 0
        return float(np.sum(a[inside] * np.log(a[inside] / m[inside])))

    return max(0.0, (kl(p) + kl(q)) / 2)


def attention_weighted_rank_fairness(groups: Sequence, target: Mapping) -> float:
    r"""AWRF: one minus the Jensen-Shannon divergence between the attention groups get and a target.

    The item at rank :math:`i` gets attention :math:`a_i = 1/\log_2\max(i, 2)`
    (nDCG's discount, with rank 1 counted like rank 2); group g receives the share
    :math:`p_g = \sum_{i: g_i = g} a_i / \sum_i a_i`. Then

    .. math:: \mathrm{AWRF} = 1 - \mathrm{JSD}(p \,\|\, q), \qquad
        \mathrm{JSD}(p\|q) = \tfrac12 \mathrm{KL}(p\|m) + \tfrac12 \mathrm{KL}(q\|m),\ m = \tfrac{p+q}{2}

    with natural logarithms, so AWRF lies between :math:`1 - \ln 2` and 1 (the
    TREC 2021 and 2022 Fair Ranking tracks' definition, which reported it beside
    nDCG and their product).

    Parameters
    ----------
    groups : sequence
        The group of each ranked item, in rank order.
    target : dict {group: share}
        The share of attention each group should get (0 or more, summing to 1).

    Returns
    -------
    float
        AWRF, between :math:`1 - \ln 2` and 1: 1 when the groups get exactly
        their target shares of attention.

    Raises
    ------
    TypeError
        ``groups`` that is not a sequence (a string is not one), or a
        ``target`` that is not a dict.
    ValueError
        A ranked item without a group (None), a group the target lacks, shares
        that are negative or do not sum to 1, an empty ranking.

    Examples
    --------
    >>> round(attention_weighted_rank_fairness(["x", "y"], {"x": 0.5, "y": 0.5}), 4)
    1.0
    >>> round(attention_weighted_rank_fairness(["x", "x", "x", "y"], {"x": 0.5, "y": 0.5}), 4)
    0.9321

    References
    ----------
    Sapiezynski, Zeng, Robertson, Mislove & Wilson (2019). Quantifying the impact
    of user attention on fair group representation in ranked lists.
    :cite:p:`sapiezynski2019quantifying`

    Ekstrand, McDonald, Raj & Johnson (2022). Overview of the TREC 2021 Fair
    Ranking track. :cite:p:`ekstrand2022overview`
    """
    if isinstance(groups, (str, bytes)) or not isinstance(groups, (Sequence, np.ndarray)):
        raise TypeError(f"groups must be a sequence of group labels in rank order, got {type(groups).__name__}")
    groups = list(groups)
    if not groups:
        raise ValueError("groups is empty: give the group of each ranked item")
    shares = _numbers(target, "target", high=1)
    if abs(sum(shares.values()) - 1) > 1e-9:
        raise ValueError(f"target's shares must sum to 1, got {sum(shares.values()):g}")
    for i, group in enumerate(groups):
        if group is None:
            raise ValueError(f"the item at rank {i + 1} has no group (None): give every ranked item "
                             "its group")
        if not isinstance(group, Hashable) or group not in shares:
            raise ValueError(f"the item at rank {i + 1} is in group {group!r}, which target lacks: "
                             "give every group a target share (0 if it should get none)")
    attention = _attention(len(groups))
    labels = list(shares)
    got = np.zeros(len(labels))
    for group, a in zip(groups, attention):
        got[labels.index(group)] += a
    return 1.0 - _jensen_shannon(got / got.sum(), np.array([shares[g] for g in labels]))


# ------------------------------------------------------------ fairness of exposure --


@dataclass(frozen=True)
class GroupExposure:
    """Result of :func:`fairness_of_exposure`: each group's mean exposure, and its parity.

    Attributes
    ----------
    groups : tuple
        The groups, in the order they first appear among the values of ``groups``.
    exposure : array-like of float
        The mean exposure of each group's items (unranked items count as 0).
    merit : array-like of float or None
        The mean merit of each group's items; None when no merit was given.
    value : array-like of float
        The value compared: ``exposure`` (demographic parity), or ``exposure
        / merit`` (disparate treatment).
    parity : float
        The smallest of ``value`` over the largest: 1 when every group is
        treated alike.

    Examples
    --------
    >>> fair = fairness_of_exposure([["a", "b", "c", "d"]], {"a": "x", "b": "x", "c": "y", "d": "y"},
    ...                             merit={"a": 1, "b": 1, "c": 1, "d": 0})
    >>> fair.groups, fair.merit.tolist(), fair.value.round(4).tolist()
    (('x', 'y'), [1.0, 0.5], [0.8155, 0.9307])

    References
    ----------
    Singh & Joachims (2018). Fairness of exposure in rankings. KDD.
    :cite:p:`singh2018fairness`
    """

    groups: tuple
    exposure: np.ndarray  # mean exposure of a group's items
    merit: np.ndarray | None  # mean merit of a group's items
    value: np.ndarray  # exposure (demographic parity) or exposure / merit (disparate treatment)
    parity: float  # min(value) / max(value): 1 when every group is treated alike


def fairness_of_exposure(rankings: Sequence[Sequence[Hashable]], groups: Mapping, *,
                         merit: Mapping | None = None) -> GroupExposure:
    r"""Each group's mean exposure under a ranking policy, alone or per unit of merit.

    Position :math:`j` gives exposure :math:`v_j = 1/\log_2(1 + j)`; an item's
    exposure is its mean over ``rankings`` (equally likely draws of the policy, 0
    where unranked) and a group's is the mean over its items (Singh & Joachims
    2018):

    .. math:: \mathrm{Exposure}(G) = \frac{1}{|G|}\sum_{d \in G} \frac{1}{|P|}
        \sum_{\pi \in P} v_{\pi(d)}

    Demographic parity asks every group for the same exposure; disparate
    treatment compares exposure per unit of merit,
    :math:`\mathrm{Exposure}(G)/U(G)` with :math:`U(G)` the group's mean merit.
    ``parity`` is the smallest of these values over the largest: 1 is fair.

    Parameters
    ----------
    rankings : list of list
        Draws of the policy, each a ranking of item ids.
    groups : dict {item: group}
        Every item's group; a group's size counts its unranked items too.
    merit : dict {item: merit in [0, 1]}, optional
        Each item's merit (relevance); then values are exposure per merit.

    Returns
    -------
    GroupExposure
        Each group's mean exposure (and merit), the values compared and
        their parity.

    Raises
    ------
    TypeError
        ``rankings`` that is not a list of rankings, ``groups`` that is not a
        non-empty dict, or a ``merit`` that is not a dict.
    ValueError
        No ranking, an item ranked twice in one ranking, a ranked item without
        a group, a merit outside [0, 1] or missing for an item, a group of
        merit 0 (its exposure per merit has no value).

    Examples
    --------
    >>> fair = fairness_of_exposure([["a", "b", "c", "d"]], {"a": "x", "b": "x", "c": "y", "d": "y"})
    >>> fair.exposure.round(4).tolist(), round(fair.parity, 4)
    ([0.8155, 0.4653], 0.5706)

    References
    ----------
    Singh & Joachims (2018). Fairness of exposure in rankings. KDD.
    :cite:p:`singh2018fairness`
    """
    rankings = _rankings(rankings)
    if not isinstance(groups, Mapping) or not groups:
        raise TypeError("groups must be a non-empty dict {item: group}")
    for item, group in groups.items():
        if group is None:
            raise ValueError(f"groups maps {item!r} to None: give every item its group")
    _known(rankings, groups, "groups", "its group")
    labels = tuple(dict.fromkeys(groups.values()))
    items = list(groups)
    exposure = dict.fromkeys(items, 0.0)
    for ranking in rankings:
        for j, item in enumerate(ranking, start=1):
            exposure[item] += 1.0 / math.log2(1 + j) / len(rankings)
    of = {g: [item for item in items if groups[item] == g] for g in labels}
    mean_exposure = np.array([np.mean([exposure[d] for d in of[g]]) for g in labels])
    if merit is None:
        return GroupExposure(labels, mean_exposure, None, mean_exposure,
                             float(mean_exposure.min() / mean_exposure.max()) if mean_exposure.max() else 1.0)
    merit = _numbers(merit, "merit", high=1)
    lacking = [item for item in items if item not in merit]
    if lacking:
        raise ValueError(f"merit lacks {len(lacking)} items of groups (first {lacking[0]!r}): give "
                         "every item its merit")
    mean_merit = np.array([np.mean([merit[d] for d in of[g]]) for g in labels])
    if (mean_merit == 0).any():
        g = labels[int(np.flatnonzero(mean_merit == 0)[0])]
        raise ValueError(f"group {g!r} has merit 0, so its exposure per unit of merit has no value: "
                         "compare exposure alone (merit=None)")
    value = mean_exposure / mean_merit
    return GroupExposure(labels, mean_exposure, mean_merit, value, float(value.min() / value.max()))
