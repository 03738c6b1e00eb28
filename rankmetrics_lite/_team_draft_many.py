"""Team draft for many impressions at once: the interleaved lists of a whole experiment.

:func:`~rankmetrics_lite.team_draft_multileave` builds one list per call, in Python; an
experiment shows thousands of them. Here every impression runs the same rounds side by
side, as numpy arrays: each round draws a random order of the rankers per impression,
and each ranker adds its highest-ranked document not yet shown in that impression
:cite:p:`radlinski2008does,schuth2014multileaved`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ._online_checks import as_ranking, check_length
from .validation import as_rng, check_k

if TYPE_CHECKING:  # annotations only
    from collections.abc import Hashable, Sequence


@dataclass(frozen=True, eq=False)
class Interleavings:
    """The lists shown in many impressions, and the ranker credited with each document.

    Attributes
    ----------
    documents : tuple
        Every document of the rankings once, in order of first appearance (the first
        ranking's, then the new ones of the second, ...).
    shown : array-like
        ``documents[shown[i, j]]`` is the document at rank ``j + 1`` of impression ``i``:
        integers, one row per impression, one column per rank.
    teams : array-like
        The index of the ranker credited with each document shown (same shape), as
        :attr:`Interleaving.teams <rankmetrics_lite.Interleaving>`.

    Examples
    --------
    >>> many = team_draft_many([["a", "b"], ["b", "c"]], n_impressions=3, seed=2)
    >>> many.rankings.tolist()
    [['a', 'b'], ['b', 'a'], ['b', 'a']]
    >>> many.teams.tolist()
    [[0, 1], [1, 0], [1, 0]]
    >>> many.documents, many.shown.tolist()
    (('a', 'b', 'c'), [[0, 1], [1, 0], [1, 0]])

    References
    ----------
    :cite:p:`radlinski2008does`.
    """

    documents: tuple
    shown: np.ndarray
    teams: np.ndarray

    @property
    def rankings(self) -> np.ndarray:
        """The document ids shown, one row per impression (an object array)."""
        ids = np.empty(len(self.documents), dtype=object)
        ids[:] = self.documents
        return ids[self.shown]


def team_draft_many(rankings: Sequence[Sequence[Hashable]], *, n_impressions: int,
                    seed: int | np.random.Generator, length: int | None = None) -> Interleavings:
    """Team-draft interleaving (two rankings) or multileaving (more), for many impressions at once.

    Every impression follows :func:`~rankmetrics_lite.team_draft_multileave`: in each
    round the rankers pick in a uniformly random order, drawn per impression; a ranker
    adds its highest-ranked document not yet shown and is credited with it; a ranker with
    nothing left is skipped. So with :math:`m` rankers and :math:`n` documents shown,
    ranker :math:`i`'s team holds

    .. math:: |T_i| \\in \\{\\lfloor n/m \\rfloor, \\lceil n/m \\rceil\\}

    documents while every ranker has documents left. The lists have the same distribution
    as those of repeated calls to :func:`~rankmetrics_lite.team_draft_multileave`, not the
    same draws from a seed.

    Parameters
    ----------
    rankings : sequence of sequences of document ids
        At least two rankings, top first; each names a document once.
    n_impressions : int
        How many lists to build.
    seed : int or numpy.random.Generator
        Draws the order of each round of each impression.
    length : int, optional
        How many documents each list shows; at most the number of distinct documents, and
        by default the length of the shortest ranking.

    Returns
    -------
    Interleavings
        The documents, the lists (as indices into them) and the teams.

    Raises
    ------
    ValueError
        If fewer than two rankings are given, one is empty or repeats a document,
        ``n_impressions`` is not positive, or ``length`` is out of range.
    TypeError
        If a ranking is not a sequence of document ids, ``n_impressions`` is not an
        integer, or ``seed`` is not an integer or a Generator.

    Examples
    --------
    >>> many = team_draft_many([["a", "b", "c"], ["b", "d", "a"]], n_impressions=10_000, seed=1)
    >>> lists = ["".join(row) for row in many.rankings]
    >>> {s: round(lists.count(s) / len(lists), 2) for s in sorted(set(lists))}  # each 1/4: two fair coins
    {'abc': 0.24, 'abd': 0.25, 'bac': 0.25, 'bad': 0.25}
    >>> [int(t.sum()) for t in many.teams[:4]]  # B's share of each list: one or two of three
    [1, 1, 1, 2]

    References
    ----------
    :cite:p:`radlinski2008does`, :cite:p:`schuth2014multileaved`.
    """
    if isinstance(rankings, (str, bytes)) or not hasattr(rankings, "__len__") or len(rankings) < 2:
        raise ValueError("rankings must be a sequence of at least two rankings (lists of document ids)")
    lists = [as_ranking(r, f"rankings[{i}]") for i, r in enumerate(rankings)]
    n = check_k(n_impressions, "n_impressions")
    rng = as_rng(seed)
    documents = tuple(dict.fromkeys(doc for ranking in lists for doc in ranking))
    index = {doc: i for i, doc in enumerate(documents)}
    size = min(map(len, lists)) if length is None else check_length(length, len(documents))
    m, none = len(lists), len(documents)  # `none`: a column past the documents, never shown
    # each ranking as document indices, padded with `none`: a ranker whose pointer reaches it is done
    order_of = np.full((m, max(map(len, lists)) + 1), none)
    for r, ranking in enumerate(lists):
        order_of[r, :len(ranking)] = [index[doc] for doc in ranking]
    width = none + 1
    used = np.zeros(n * width, dtype=bool)  # impression i has shown document d: used[i * width + d]
    next_of = np.zeros(n * m, dtype=np.int64)  # impression i's first rank of ranker r not yet read
    shown = np.zeros((n, size), dtype=np.int64)
    teams = np.zeros((n, size), dtype=np.int64)
    filled = np.zeros(n, dtype=np.int64)
    rows = np.arange(n)
    rankers = np.broadcast_to(np.arange(m), (n, m))
    while (filled < size).any():
        turns = rng.permuted(rankers, axis=1)  # each impression's order of the rankers this round
        for turn in range(m):
            ranker = turns[:, turn]
            pointer = rows * m + ranker
            doc = order_of[ranker, next_of[pointer]]
            skip = np.flatnonzero(used[rows * width + doc])
            while skip.size:  # pass over documents already shown
                next_of[pointer[skip]] += 1
                doc[skip] = order_of[ranker[skip], next_of[pointer[skip]]]
                skip = skip[used[skip * width + doc[skip]]]
            picks = np.flatnonzero((doc != none) & (filled < size))
            slot = filled[picks]
            shown[picks, slot], teams[picks, slot] = doc[picks], ranker[picks]
            used[picks * width + doc[picks]] = True
            filled[picks] += 1
    return Interleavings(documents, shown, teams)
