"""Probabilistic interleaving: each ranking becomes a distribution over documents.

Each ranking gives its document at rank :math:`r` a weight :math:`1/r^\\tau`. For every
position of the list a fair coin picks a ranking, which draws a document in proportion
to its weights among those not yet shown :cite:p:`hofmann2011probabilistic`. Every
document then has a chance under both rankings, so the clicks can be credited to either:
the outcome averages over every way the list could have been built.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

import numpy as np

from ._interleaving import Interleaving, _check_from_rankings, _clicked, _two_rankings
from ._online_checks import check_length
from .validation import as_rng

if TYPE_CHECKING:  # annotations only: numpy.typing is not imported at run time
    from collections.abc import Hashable, Sequence
    from numpy.typing import ArrayLike

_MAX_CLICKS_ENUMERATED = 20  # 2**20 assignments of the clicked documents


def _check_tau(tau: object) -> float:
    if isinstance(tau, bool) or not isinstance(tau, (int, float)) or not 0 < tau < 1e6:
        raise ValueError(f"tau must be a positive number (3 in the method's paper), got {tau!r}")
    return float(tau)


def _weights(ranking: list, tau: float) -> dict:
    return {doc: 1.0 / rank**tau for rank, doc in enumerate(ranking, start=1)}


def probabilistic_interleave(ranking_a: Sequence[Hashable], ranking_b: Sequence[Hashable], *,
                             seed: int | np.random.Generator, tau: float = 3.0,
                             length: int | None = None) -> Interleaving:
    """Interleave two rankings by probabilistic interleaving.

    For each position a fair coin picks ranking :math:`s \\in \\{A, B\\}` (the other one if
    :math:`s` has nothing left), which draws document :math:`d` among those not yet shown,
    :math:`U`, with probability

    .. math:: P_s(d \\mid U) = \\frac{r_s(d)^{-\\tau}}{\\sum_{d' \\in U \\cap s} r_s(d')^{-\\tau}},

    :math:`r_s(d)` being the rank of :math:`d` in :math:`s`.

    Parameters
    ----------
    ranking_a, ranking_b : sequence of document ids
        The two rankings, top first.
    seed : int or numpy.random.Generator
        Draws the coins and the documents.
    tau : float, default 3.0
        How fast a ranking's weights fall with rank.
    length : int, optional
        How many documents to show; at most (and by default) the shorter ranking's length.

    Returns
    -------
    Interleaving
        The list, with ``teams`` the observed assignment (0 for A, 1 for B).

    Raises
    ------
    ValueError
        If a ranking is empty or repeats a document, ``tau`` is not positive, or ``length``
        is out of range.
    TypeError
        If a ranking is not a sequence of document ids, or ``seed`` is not an integer.

    Examples
    --------
    >>> probabilistic_interleave(["a", "b", "c"], ["c", "b", "a"], seed=0)
    Interleaving(ranking=('a', 'c', 'b'), teams=(0, 1, 0))

    References
    ----------
    :cite:p:`hofmann2011probabilistic`.
    """
    a, b = _two_rankings(ranking_a, ranking_b)
    rng = as_rng(seed)
    t = _check_tau(tau)
    n = min(len(a), len(b)) if length is None else check_length(length, min(len(a), len(b)))
    left = [_weights(a, t), _weights(b, t)]
    shown: list = []
    teams: list[int] = []
    while len(shown) < n:
        side = int(rng.random() < 0.5)  # 0: A, 1: B (length <= both lengths: neither runs out)
        docs = list(left[side])
        mass = np.array([left[side][d] for d in docs])
        doc = docs[int(rng.choice(len(docs), p=mass / mass.sum()))]
        shown.append(doc)
        teams.append(side)
        for weights in left:
            weights.pop(doc, None)
    return Interleaving(tuple(shown), tuple(teams))


def _posterior_a(a: list, b: list, shown: list, tau: float) -> np.ndarray:
    """P(position k was drawn from A | the list shown), for each position: independent over k."""
    left = [_weights(a, tau), _weights(b, tau)]
    chance_a = np.empty(len(shown))
    for k, doc in enumerate(shown):
        p = [side.get(doc, 0.0) / sum(side.values()) if side else 0.0 for side in left]
        chance_a[k] = p[0] / (p[0] + p[1])
        for side in left:
            side.pop(doc, None)
    return chance_a


def probabilistic_outcome(ranking_a: Sequence[Hashable], ranking_b: Sequence[Hashable],
                          interleaved: Sequence[Hashable], clicks: ArrayLike, *, tau: float = 3.0) -> float:
    """The outcome of probabilistic interleaving, averaged over every assignment that could have built the list.

    Given the list :math:`L`, each position :math:`k` was drawn from A with probability
    :math:`q_k = P_A(L_k \\mid U_k) / (P_A(L_k \\mid U_k) + P_B(L_k \\mid U_k))`,
    independently of the others (the coins are fair and the documents left,
    :math:`U_k`, are fixed by :math:`L`). Over the assignments :math:`a` of the clicked
    positions :math:`K`,

    .. math::

        o = \\sum_{a \\in \\{A, B\\}^{K}} \\prod_{k \\in K} q_k^{[a_k = A]} (1 - q_k)^{[a_k = B]}
            \\,\\operatorname{sign}\\bigl(|\\{k : a_k = A\\}| - |\\{k : a_k = B\\}|\\bigr),

    a number in [-1, 1]: positive when A is preferred. It has less variance than the
    outcome of the one assignment observed (:func:`team_draft_outcome` on
    :attr:`Interleaving.teams`).

    Parameters
    ----------
    ranking_a, ranking_b : sequence of document ids
        The rankings that were interleaved.
    interleaved : sequence of document ids
        The list shown.
    clicks : array-like of 0/1, shape (len(interleaved),)
        1 where the user clicked.
    tau : float, default 3.0
        The ``tau`` the list was built with.

    Returns
    -------
    float
        The expected outcome, in [-1, 1].

    Raises
    ------
    ValueError
        If a shown document is in neither ranking, the clicks do not match the list, more
        than 20 documents were clicked, or ``tau`` is not positive.
    TypeError
        If an argument is not a sequence of the right kind.

    Examples
    --------
    >>> round(probabilistic_outcome(["a", "b"], ["b", "a"], ["a", "b"], [1, 0]), 4)
    0.7778

    References
    ----------
    :cite:p:`hofmann2011probabilistic`, :cite:p:`hofmann2013fidelity`.
    """
    a, b = _two_rankings(ranking_a, ranking_b)
    shown, click = _clicked(interleaved, clicks)
    _check_from_rankings(shown, [a, b])
    t = _check_tau(tau)
    clicked = np.flatnonzero(click)
    if clicked.size > _MAX_CLICKS_ENUMERATED:
        raise ValueError(f"clicks holds {clicked.size} clicks; the outcome enumerates 2**clicks assignments "
                         f"and takes at most {_MAX_CLICKS_ENUMERATED}")
    if clicked.size == 0:
        return 0.0
    q = _posterior_a(a, b, shown, t)[clicked]
    from_a = np.array(list(itertools.product((1, 0), repeat=clicked.size)), dtype=float)
    chance = np.prod(np.where(from_a == 1, q, 1 - q), axis=1)
    return float(chance @ np.sign(2 * from_a.sum(axis=1) - clicked.size))
