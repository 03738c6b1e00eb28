"""Interleaving: compare rankers by mixing their rankings into one list and reading the clicks.

Instead of showing each ranker to its own users (an A/B test), an interleaved comparison
shows every user one list built from both rankings and credits each click to a ranker
:cite:p:`chapelle2012large`. Balanced interleaving alternates between the rankings
:cite:p:`joachims2003evaluating`; team draft lets the rankers pick documents in turns,
like captains picking teams :cite:p:`radlinski2008does`, and team-draft multileaving does
the same for many rankers at once :cite:p:`schuth2014multileaved`. Probabilistic
interleaving is in its own module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ._online_checks import as_array, as_clicks, as_ranking, check_length
from .validation import as_rng, check_k

if TYPE_CHECKING:  # annotations only: numpy.typing is not imported at run time
    from collections.abc import Hashable, Sequence
    from numpy.typing import ArrayLike


@dataclass(frozen=True)
class Interleaving:
    """One interleaved list shown to a user, and which ranker each document is credited to.

    Attributes
    ----------
    ranking : tuple
        The document ids shown, top first.
    teams : tuple of int or None
        ``teams[i]`` is the index of the ranker (0 for the first ranking, 1 for the second,
        ...) credited with ``ranking[i]``; ``None`` for balanced interleaving, which
        credits clicks by the rankings themselves (:func:`balanced_outcome`).

    Examples
    --------
    >>> team_draft_interleave(["a", "b"], ["b", "c"], seed=0)
    Interleaving(ranking=('a', 'b'), teams=(0, 1))

    References
    ----------
    :cite:p:`chapelle2012large`.
    """

    ranking: tuple
    teams: tuple | None


def _two_rankings(ranking_a, ranking_b) -> tuple[list, list]:
    return as_ranking(ranking_a, "ranking_a"), as_ranking(ranking_b, "ranking_b")


def balanced_interleave(ranking_a: Sequence[Hashable], ranking_b: Sequence[Hashable], *,
                        seed: int | np.random.Generator, length: int | None = None) -> Interleaving:
    """Interleave two rankings so that every prefix holds as many of each ranking's top as possible.

    A coin decides which ranking leads. With :math:`k_a` and :math:`k_b` documents of each
    ranking read so far, the next document comes from ranking A when

    .. math:: k_a < k_b \\;\\lor\\; (k_a = k_b \\land \\text{A leads}),

    and from B otherwise; a document already shown is skipped. So the top :math:`j` of the
    list holds the top :math:`\\lceil j/2 \\rceil` of one ranking and the top
    :math:`\\lfloor j/2 \\rfloor` of the other, or more.

    Parameters
    ----------
    ranking_a, ranking_b : sequence of document ids
        The two rankings, top first; each names a document once.
    seed : int or numpy.random.Generator
        Draws the coin.
    length : int, optional
        How many documents to show; at most the shorter ranking's length (its default).

    Returns
    -------
    Interleaving
        The list, with ``teams=None``.

    Raises
    ------
    ValueError
        If a ranking is empty or repeats a document, or ``length`` is out of range.
    TypeError
        If a ranking is not a sequence of document ids, or ``seed`` is not an integer.

    Examples
    --------
    >>> balanced_interleave(["a", "b", "c"], ["b", "d", "a"], seed=0).ranking
    ('b', 'a', 'd')

    References
    ----------
    :cite:p:`joachims2003evaluating`, :cite:p:`chapelle2012large`.
    """
    a, b = _two_rankings(ranking_a, ranking_b)
    rng = as_rng(seed)
    n = min(len(a), len(b)) if length is None else check_length(length, min(len(a), len(b)))
    a_leads = bool(rng.random() < 0.5)
    shown: list = []
    ka = kb = 0
    while len(shown) < n:  # a prefix of the shorter ranking is always reached first
        if ka < kb or (ka == kb and a_leads):
            doc, ka = a[ka], ka + 1
        else:
            doc, kb = b[kb], kb + 1
        if doc not in shown:
            shown.append(doc)
    return Interleaving(tuple(shown), None)


def _clicked(interleaved, clicks) -> tuple[list, np.ndarray]:
    shown = as_ranking(interleaved, "interleaved")
    click = as_clicks(clicks)
    if click.ndim != 1 or click.size != len(shown):
        raise ValueError(f"clicks must hold one 0/1 value per document shown ({len(shown)}), got shape "
                         f"{click.shape}")
    return shown, click


def balanced_outcome(ranking_a: Sequence[Hashable], ranking_b: Sequence[Hashable],
                     interleaved: Sequence[Hashable], clicks: ArrayLike) -> int:
    """Which ranking the clicks on a balanced interleaving prefer: 1 for A, -1 for B, 0 for a tie.

    Let :math:`d` be the lowest clicked document of the list and :math:`k` the best rank it
    has in either ranking, :math:`k = \\min(\\mathrm{rank}_A(d), \\mathrm{rank}_B(d))`. Count the
    clicked documents among the top :math:`k` of each ranking,

    .. math:: h_A = |\\{\\text{clicked}\\} \\cap A_{1..k}|, \\qquad h_B = |\\{\\text{clicked}\\} \\cap B_{1..k}|,

    and prefer the ranking with more: the outcome is :math:`\\operatorname{sign}(h_A - h_B)`.

    Parameters
    ----------
    ranking_a, ranking_b : sequence of document ids
        The rankings that were interleaved.
    interleaved : sequence of document ids
        The list shown (:attr:`Interleaving.ranking`).
    clicks : array-like of 0/1, shape (len(interleaved),)
        1 where the user clicked.

    Returns
    -------
    int
        1, -1 or 0.

    Raises
    ------
    ValueError
        If a ranking repeats a document, a shown document is in neither ranking, or the
        clicks do not match the list.
    TypeError
        If an argument is not a sequence of the right kind.

    Examples
    --------
    >>> balanced_outcome(["a", "b", "c"], ["b", "d", "a"], ["b", "a", "d"], [0, 0, 1])
    -1

    References
    ----------
    :cite:p:`joachims2003evaluating`, :cite:p:`chapelle2012large`.
    """
    a, b = _two_rankings(ranking_a, ranking_b)
    shown, click = _clicked(interleaved, clicks)
    _check_from_rankings(shown, [a, b])
    chosen = [doc for doc, c in zip(shown, click) if c]
    if not chosen:
        return 0
    rank_a, rank_b = ({doc: r for r, doc in enumerate(x, 1)} for x in (a, b))
    last = chosen[-1]
    k = min(rank_a.get(last, len(a) + 1), rank_b.get(last, len(b) + 1))
    hits_a = sum(rank_a.get(doc, k + 1) <= k for doc in chosen)
    hits_b = sum(rank_b.get(doc, k + 1) <= k for doc in chosen)
    return int(np.sign(hits_a - hits_b))


def _check_from_rankings(shown: list, rankings: list[list]) -> None:
    known = set().union(*rankings)
    stranger = next((doc for doc in shown if doc not in known), None)
    if stranger is not None:
        raise ValueError(f"interleaved shows {stranger!r}, which no ranking holds: pass the rankings "
                         "that were interleaved")


def team_draft_multileave(rankings: Sequence[Sequence[Hashable]], *, seed: int | np.random.Generator,
                          length: int | None = None) -> Interleaving:
    """Mix several rankings into one list by team draft: each round, every ranker picks once.

    In each round the rankers pick in a random order; each adds its highest-ranked
    document not yet shown and is credited with it (its team). A ranker with nothing left
    to pick is skipped. With two rankings this is team-draft interleaving
    (:func:`team_draft_interleave`). After :math:`r` full rounds each ranker has :math:`r`
    documents, so for ranker :math:`i`

    .. math:: |T_i| \\in \\{\\lfloor n/m \\rfloor, \\lceil n/m \\rceil\\} \\quad (n \\text{ shown}, m \\text{ rankers}).

    Parameters
    ----------
    rankings : sequence of sequences of document ids
        At least two rankings, top first; each names a document once.
    seed : int or numpy.random.Generator
        Draws the order of each round.
    length : int, optional
        How many documents to show; at most the number of distinct documents, and by
        default the length of the shortest ranking.

    Returns
    -------
    Interleaving
        The list and, for each document, the index of the ranker credited with it.

    Raises
    ------
    ValueError
        If fewer than two rankings are given, one repeats a document, or ``length`` is out
        of range.
    TypeError
        If a ranking is not a sequence of document ids, or ``seed`` is not an integer.

    Examples
    --------
    >>> team_draft_multileave([["a", "b"], ["b", "c"], ["c", "a"]], seed=1, length=3)
    Interleaving(ranking=('a', 'b', 'c'), teams=(0, 1, 2))

    References
    ----------
    :cite:p:`schuth2014multileaved`.
    """
    if isinstance(rankings, (str, bytes)) or not hasattr(rankings, "__len__") or len(rankings) < 2:
        raise ValueError("rankings must be a sequence of at least two rankings (lists of document ids)")
    lists = [as_ranking(r, f"rankings[{i}]") for i, r in enumerate(rankings)]
    rng = as_rng(seed)
    pool = len(set().union(*lists))
    n = min(map(len, lists)) if length is None else check_length(length, pool)
    shown: list = []
    teams: list = []
    used: set = set()
    next_of = [0] * len(lists)  # each ranker's first rank not yet looked at
    while len(shown) < n:
        for ranker in rng.permutation(len(lists)):
            ranking = lists[ranker]
            while next_of[ranker] < len(ranking) and ranking[next_of[ranker]] in used:
                next_of[ranker] += 1
            if next_of[ranker] == len(ranking) or len(shown) == n:
                continue
            doc = ranking[next_of[ranker]]
            shown.append(doc)
            teams.append(int(ranker))
            used.add(doc)
    return Interleaving(tuple(shown), tuple(teams))


def team_draft_interleave(ranking_a: Sequence[Hashable], ranking_b: Sequence[Hashable], *,
                          seed: int | np.random.Generator, length: int | None = None) -> Interleaving:
    """Interleave two rankings by team draft: in each round a coin says which ranking picks first.

    Each ranking adds its highest-ranked document not yet shown, and the click on a
    document counts for the ranking that picked it (:func:`team_draft_outcome`). Within
    each round both rankings pick once, so the two teams differ in size by at most one:

    .. math:: \\bigl|\\,|T_A| - |T_B|\\,\\bigr| \\le 1.

    Parameters
    ----------
    ranking_a, ranking_b : sequence of document ids
        The two rankings, top first.
    seed : int or numpy.random.Generator
        Draws the coins.
    length : int, optional
        How many documents to show (default: the shorter ranking's length).

    Returns
    -------
    Interleaving
        The list, with ``teams[i]`` 0 for ranking A and 1 for ranking B.

    Raises
    ------
    ValueError
        If a ranking is empty or repeats a document, or ``length`` is out of range.
    TypeError
        If a ranking is not a sequence of document ids, or ``seed`` is not an integer.

    Examples
    --------
    >>> team_draft_interleave(["a", "b", "c"], ["b", "d", "a"], seed=3)
    Interleaving(ranking=('b', 'a', 'c'), teams=(1, 0, 0))

    References
    ----------
    :cite:p:`radlinski2008does`.
    """
    return team_draft_multileave([as_ranking(ranking_a, "ranking_a"), as_ranking(ranking_b, "ranking_b")],
                                 seed=seed, length=length)


def _credits(teams, clicks, n_rankers: int) -> np.ndarray:
    """Clicks credited to each ranker: shape (n_impressions, n_rankers)."""
    team = as_array(teams, "teams", what="one ranker index per document shown")
    click = as_clicks(clicks)
    if team.shape != click.shape:
        raise ValueError(f"teams and clicks must have the same shape (one value per document shown), "
                         f"got {team.shape} and {click.shape}")
    if (team != np.round(team)).any() or (team < 0).any() or (team >= n_rankers).any():
        raise ValueError(f"teams must hold ranker indices from 0 to {n_rankers - 1}")
    team2, click2 = np.atleast_2d(team).astype(np.int64), np.atleast_2d(click)
    rows = np.repeat(np.arange(team2.shape[0]), team2.shape[1])
    credit = np.zeros((team2.shape[0], n_rankers))
    np.add.at(credit, (rows, team2.ravel()), click2.ravel())
    return credit


def team_draft_outcome(teams: ArrayLike, clicks: ArrayLike) -> int | np.ndarray:
    """Which team the clicks prefer: 1 for ranking A (team 0), -1 for B (team 1), 0 for a tie.

    Each click counts for the team that placed the clicked document:

    .. math:: o = \\operatorname{sign}\\Bigl(\\sum_i c_i [t_i = 0] - \\sum_i c_i [t_i = 1]\\Bigr).

    The same rule reads probabilistic interleaving's observed assignment
    (:func:`probabilistic_interleave`).

    Parameters
    ----------
    teams : array-like of int, shape (n_shown,) or (n_impressions, n_shown)
        0 or 1 for each document shown (:attr:`Interleaving.teams`).
    clicks : array-like of 0/1, same shape
        1 where the user clicked.

    Returns
    -------
    int or numpy.ndarray of int
        The outcome, or one per impression for 2-D input.

    Raises
    ------
    ValueError
        If the shapes differ, a team is not 0 or 1, or a click is not 0 or 1.
    TypeError
        If an argument holds anything but numbers.

    Examples
    --------
    >>> team_draft_outcome([1, 0, 1], [1, 1, 1])
    -1
    >>> team_draft_outcome([[0, 1], [0, 1]], [[1, 0], [0, 0]]).tolist()
    [1, 0]

    References
    ----------
    :cite:p:`radlinski2008does`.
    """
    credit = _credits(teams, clicks, 2)
    outcome = np.sign(credit[:, 0] - credit[:, 1]).astype(int)
    return outcome if np.ndim(teams) == 2 else int(outcome[0])


def multileaving_preferences(teams: ArrayLike, clicks: ArrayLike, *, n_rankers: int) -> np.ndarray:
    """The pairwise preferences of team-draft multileaving, averaged over impressions.

    With :math:`c_i` the clicks credited to ranker :math:`i` in one impression,

    .. math:: P_{ij} = \\frac{1}{n} \\sum_{\\text{impressions}} \\operatorname{sign}(c_i - c_j),

    so :math:`P_{ij} > 0` says that ranker :math:`i` beats ranker :math:`j`, and
    :math:`P = -P^\\top`. With two rankers, :math:`P_{01}` is the mean of
    :func:`team_draft_outcome`.

    Parameters
    ----------
    teams : array-like of int, shape (n_shown,) or (n_impressions, n_shown)
        The ranker credited with each document shown (:attr:`Interleaving.teams`).
    clicks : array-like of 0/1, same shape
        1 where the user clicked.
    n_rankers : int
        How many rankers were multileaved.

    Returns
    -------
    numpy.ndarray of float, shape (n_rankers, n_rankers)
        The preference matrix.

    Raises
    ------
    ValueError
        If the shapes differ, a team is out of range, or ``n_rankers`` is below 2.
    TypeError
        If an argument holds anything but numbers, or ``n_rankers`` is not an integer.

    Examples
    --------
    >>> multileaving_preferences([[0, 2, 1], [1, 0, 2]], [[1, 0, 0], [1, 0, 0]], n_rankers=3).tolist()
    [[0.0, 0.0, 0.5], [0.0, 0.0, 0.5], [-0.5, -0.5, 0.0]]

    References
    ----------
    :cite:p:`schuth2014multileaved`.
    """
    m = check_k(n_rankers, "n_rankers")
    if m < 2:
        raise ValueError(f"n_rankers must be at least 2 (a comparison needs two rankers), got {m}")
    credit = _credits(teams, clicks, m)
    return np.sign(credit[:, :, None] - credit[:, None, :]).mean(axis=0)
