"""From the course's three input forms to the relevance vector every metric takes.

A ranking reaches the package in one of three forms:

1. item ids in rank order plus the set of relevant ids (or a dict of grades);
2. scored items, ``{item_id: score}``, which must first be put in rank order;
3. a relevance (or grade) vector in rank order, which the metrics take as is.

These adapters turn forms 1 and 2 into form 3, strictly: a ranking that lists an
item twice, a score that is NaN, or a set where an order is needed fails with a
message that names the culprit.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Hashable, Iterable, Mapping, Sequence, Set

import numpy as np

from .validation import as_vector, check_choice
from ._trec_ranking import DEFAULT_TREC_EVAL_VERSION, check_trec_eval_version, trec_order

# ------------------------------------------------------------ item checks --


def as_ranked_ids(ranked_items: object) -> list:
    """The ids of ``ranked_items`` as a list, or raise if they are not a ranking."""
    if isinstance(ranked_items, (str, bytes)):
        raise TypeError(
            f"ranked_items must be a sequence of item ids in rank order (list or tuple), got "
            f"{type(ranked_items).__name__}: wrap a single id in a list, [{ranked_items!r}]"
        )
    if isinstance(ranked_items, np.ndarray):
        if ranked_items.ndim != 1:
            raise ValueError(
                f"ranked_items must be one-dimensional (one ranking), got shape {ranked_items.shape}"
            )
        ranked_items = ranked_items.tolist()  # numpy scalars become plain ids
    if isinstance(ranked_items, (Set, Mapping)) or not isinstance(ranked_items, Sequence):
        raise TypeError(
            "ranked_items must be a sequence of item ids in rank order (list or tuple), got "
            f"{type(ranked_items).__name__}, which has no rank order: sort the ids first, "
            "or rank scored items with rank_by_score"
        )
    first_rank: dict = {}
    for rank, item in enumerate(ranked_items, start=1):
        _check_hashable(item, f"ranked_items (rank {rank})")
        if item in first_rank:
            raise ValueError(
                f"ranked_items lists {item!r} twice, at ranks {first_rank[item]} and {rank}: "
                "a ranking holds each item once; drop the repeat (keep its best rank)"
            )
        first_rank[item] = rank
    return list(ranked_items)


def _check_hashable(item: object, where: str) -> None:
    if not isinstance(item, Hashable):
        raise TypeError(
            f"{where} holds a {type(item).__name__}, which cannot be an item id: "
            "use hashable ids (str, int or tuple)"
        )


def as_id_set(relevant_items: object) -> frozenset:
    """The relevant ids as a frozenset, or raise if they are not a collection of ids."""
    if isinstance(relevant_items, (str, bytes)):
        raise TypeError(
            f"relevant_items must be a collection of item ids (set, list or tuple), got "
            f"{type(relevant_items).__name__}: wrap a single id in a set, {{{relevant_items!r}}}"
        )
    if isinstance(relevant_items, Mapping):
        raise TypeError(
            "relevant_items must be a collection of item ids, got a mapping: for graded "
            "judgements use gains_from_ids(ranked_items, grades), or keep the relevant ids "
            "with {item for item, grade in grades.items() if grade > 0}"
        )
    if not isinstance(relevant_items, Iterable):
        raise TypeError(
            "relevant_items must be a collection of item ids (set, list or tuple), got "
            f"{type(relevant_items).__name__}"
        )
    items = list(relevant_items)
    for item in items:
        _check_hashable(item, "relevant_items")
    return frozenset(items)


def _check_grades(grades: object) -> Mapping:
    """Return ``grades`` if it maps ids to finite, non-negative numbers, or raise."""
    if not isinstance(grades, Mapping):
        raise TypeError(
            f"grades must be a mapping {{item_id: grade}}, got {type(grades).__name__}: "
            "for binary judgements use relevance_from_ids(ranked_items, relevant_items)"
        )
    for item, grade in grades.items():
        if not isinstance(grade, numbers.Real):
            raise TypeError(
                f"grades must map each item to a number; {item!r} has {grade!r} "
                f"({type(grade).__name__})"
            )
        if not math.isfinite(grade):
            raise ValueError(f"grades must be finite; {item!r} has {grade}: give it a grade")
        if grade < 0:
            raise ValueError(
                f"grades must be non-negative; {item!r} has {grade}. trec_eval counts "
                "negative grades as not relevant: clip them first, "
                "{item: max(grade, 0) for item, grade in grades.items()}"
            )
    return grades


# ------------------------------------------------------ ids -> relevance --


def relevance_from_ids(ranked_items: Sequence[Hashable], *, relevant_items: Iterable[Hashable]) -> list[int]:
    r"""The 0/1 relevance vector of a ranking of item ids.

    .. math:: \mathrm{rel}_i = \mathbb{1}\left[\pi(i) \in R\right], \qquad i = 1, \dots, n

    Parameters
    ----------
    ranked_items : sequence of hashable ids
        Item ids in rank order, rank 1 first. Each item may appear once.
    relevant_items : collection of hashable ids
        The relevant items R of the query (a set, list or tuple), retrieved or not.
        ``len(set(relevant_items))`` is the :math:`|R|` that recall needs.

    Returns
    -------
    list of int
        1 where the item at that rank is relevant, else 0.

    Raises
    ------
    TypeError
        If ``ranked_items`` is a string, a set, a mapping or not a sequence, or an id
        is not hashable, or ``relevant_items`` is a string, a mapping or not a collection.
    ValueError
        If ``ranked_items`` lists an item twice.

    Examples
    --------
    >>> relevance_from_ids(["d3", "d1", "d7", "d2"], relevant_items={"d1", "d2", "d9"})
    [0, 1, 0, 1]

    References
    ----------
    Manning, Raghavan & Schütze (2008). *Introduction to Information Retrieval*, ch. 8.
    :cite:p:`manning2008iir`
    """
    ranking = as_ranked_ids(ranked_items)
    relevant = as_id_set(relevant_items)
    return [int(item in relevant) for item in ranking]


def gains_from_ids(ranked_items: Sequence[Hashable], *, grades: Mapping[Hashable, float]) -> list:
    r"""The grade vector of a ranking of item ids, for graded measures such as nDCG.

    .. math:: g_i = \mathrm{grade}(\pi(i)), \text{ or } 0 \text{ if } \pi(i) \text{ was not judged}

    Parameters
    ----------
    ranked_items : sequence of hashable ids
        Item ids in rank order, rank 1 first. Each item may appear once.
    grades : mapping of id to a non-negative number
        The judgements of the query, ``{item_id: grade}``. Items of the ranking
        that are not in it count as grade 0 (unjudged is not relevant, as in
        trec_eval). ``list(grades.values())`` are the judged grades that the
        ideal DCG needs.

    Returns
    -------
    list of numbers
        The grade of the item at each rank, rank 1 first.

    Raises
    ------
    TypeError
        If ``ranked_items`` is a string, a set, a mapping or not a sequence, or an id
        is not hashable, ``grades`` is not a mapping, or a grade is not a number.
    ValueError
        If ``ranked_items`` lists an item twice, or a grade is negative or not finite.

    Examples
    --------
    >>> gains_from_ids(["d3", "d1", "d7"], grades={"d1": 2, "d3": 1, "d5": 3})
    [1, 2, 0]

    References
    ----------
    Järvelin & Kekäläinen (2002). Cumulated gain-based evaluation of IR techniques.
    :cite:p:`jarvelin2002cumulated`
    """
    ranking = as_ranked_ids(ranked_items)
    grades = _check_grades(grades)
    return [grades.get(item, 0) for item in ranking]


# -------------------------------------------------------- scores -> ranks --


# Each policy orders the (item, score) pairs; "trec" is trec_eval's whole rule.
_TIE_POLICIES = ("trec", "stable", "id_ascending")


def _as_scored_pairs(scores: object) -> list[tuple]:
    """``scores`` as a list of (item, score) pairs with distinct ids and real scores."""
    if isinstance(scores, Mapping):
        pairs = list(scores.items())
    elif isinstance(scores, Sequence) and not isinstance(scores, (str, bytes)):
        pairs = []
        for position, pair in enumerate(scores, start=1):
            if isinstance(pair, (str, bytes)) or not isinstance(pair, Sequence) or len(pair) != 2:
                raise TypeError(
                    f"scores must hold (item_id, score) pairs; entry {position} is {pair!r}"
                )
            pairs.append(tuple(pair))
    else:
        raise TypeError(
            "scores must be a mapping {item_id: score} or a sequence of (item_id, score) pairs, "
            f"got {type(scores).__name__}"
        )
    seen: set = set()
    for item, score in pairs:
        _check_hashable(item, "scores")
        if item in seen:
            raise ValueError(f"scores lists the item {item!r} twice: give each item one score")
        seen.add(item)
        if isinstance(score, bool) or not isinstance(score, numbers.Real):
            raise TypeError(f"the score of {item!r} must be a number, got {score!r} ({type(score).__name__})")
        if math.isnan(score):
            raise ValueError(
                f"the score of {item!r} is NaN, which has no place in a ranking: "
                "give it a number (or -inf to rank it last), or drop the item"
            )
    return pairs


def rank_by_score(scores: Mapping[Hashable, float] | Sequence[tuple[Hashable, float]],
                  *,
                  tie_policy: str = "trec",
                  trec_eval_version: str = DEFAULT_TREC_EVAL_VERSION) -> list:
    r"""Item ids in rank order: highest score first, ties broken by ``tie_policy``.

    .. math:: \pi = \operatorname{argsort}_{\downarrow}\, s(d), \quad
              \text{ties: } d \succ d' \iff \mathrm{id}(d) > \mathrm{id}(d') \ (\text{"trec"})

    Parameters
    ----------
    scores : mapping ``{item_id: score}`` or sequence of ``(item_id, score)`` pairs
        One real score per item (``-inf`` and ``inf`` are allowed, NaN is not).
    tie_policy : {"trec", "stable", "id_ascending"}
        How items with equal scores are ordered. ``"trec"`` (the default) is
        trec_eval's rule (module ``rankmetrics_lite._trec_ranking``): scores as the
        release named by ``trec_eval_version`` keeps them, then item id
        descending, comparing the UTF-8 bytes of the
        ids as C's ``strcmp`` does (so ``"b" > "a" > "Z"`` and ``"9" > "10"``);
        ids that are not strings are compared by their text, ``str(id)``, as
        they would be once written to a run file. ``"stable"`` keeps the
        order in which tied items were given; ``"id_ascending"`` orders tied
        ids ascending, the reverse of trec_eval. To average over every tie
        order instead, see :func:`expected_precision_at_k` and its kin.
    trec_eval_version : {"10.0", "9.0.8"}
        With ``tie_policy="trec"``: 10.0 (the default) compares scores as C
        doubles; 9.0.8 (and pytrec_eval) as 32-bit floats, so scores that
        differ only beyond float precision tie.

    Returns
    -------
    list
        The item ids, rank 1 first.

    Raises
    ------
    TypeError
        If ``scores`` is neither a mapping nor a sequence of pairs, an id is not
        hashable, a score is not a number, or a choice is not a string.
    ValueError
        If an item is scored twice, a score is NaN, or ``tie_policy`` or
        ``trec_eval_version`` is not one of its names.

    Examples
    --------
    >>> scores = {"d1": 0.5, "d2": 0.9, "d3": 0.5, "d4": 0.1}
    >>> rank_by_score(scores)
    ['d2', 'd3', 'd1', 'd4']
    >>> rank_by_score(scores, tie_policy="stable")
    ['d2', 'd1', 'd3', 'd4']
    >>> rank_by_score({"a": 1.0 + 1e-9, "b": 1.0})
    ['a', 'b']
    >>> rank_by_score({"a": 1.0 + 1e-9, "b": 1.0}, trec_eval_version="9.0.8")  # a float tie
    ['b', 'a']

    References
    ----------
    Voorhees & Harman (2005). *TREC: Experiment and Evaluation in Information Retrieval*.
    :cite:p:`voorhees2005trec`

    McSherry & Najork (2008). Computing information retrieval performance measures
    efficiently in the presence of tied scores. :cite:p:`mcsherry2008computing`
    """
    tie_policy = check_choice(tie_policy, "tie_policy", _TIE_POLICIES)
    version = check_trec_eval_version(trec_eval_version)
    pairs = _as_scored_pairs(scores)
    if tie_policy == "trec":
        return trec_order(pairs, version)
    if tie_policy == "id_ascending":
        pairs = _by_id_ascending(pairs)
    # Python's sort is stable, also with reverse=True: ties keep the order above.
    return [item for item, _ in sorted(pairs, key=lambda pair: pair[1], reverse=True)]


def _by_id_ascending(pairs: list[tuple]) -> list[tuple]:
    """The pairs with ids ascending by their text, the reverse of trec_eval's order among ties."""
    score_of = dict(pairs)
    return [(item, score_of[item]) for item in reversed(trec_order([(item, 0.0) for item, _ in pairs]))]


# ------------------------------------------------------------ tie groups --


def tie_bounds(sorted_scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each position of a score-sorted vector, where its tie group starts and stops.

    Returns two int arrays ``(starts, stops)``: position i belongs to the group of
    positions ``starts[i] <= j < stops[i]``, all with the same score.
    """
    n = sorted_scores.size
    if n == 0:
        return np.zeros(0, dtype=int), np.zeros(0, dtype=int)
    opens_group = np.concatenate([[True], sorted_scores[1:] != sorted_scores[:-1]])
    group_starts = np.flatnonzero(opens_group)
    group_stops = np.append(group_starts[1:], n)
    group_of = np.cumsum(opens_group) - 1
    return group_starts[group_of], group_stops[group_of]


def tie_groups(scores_in_rank_order: Sequence[float]) -> list[range]:
    r"""The runs of tied scores in a ranking, as ranges of 0-based positions.

    Items in one group have the same score, so the ranking's order among them
    is arbitrary: a tie-breaking rule (see :func:`rank_by_score`) or the
    tie-aware expected value (:mod:`rankmetrics_lite._ties`) decides.

    Parameters
    ----------
    scores_in_rank_order : sequence of finite numbers
        Scores of the ranked items, rank 1 first; they may not increase.

    Returns
    -------
    list of range
        One ``range`` of positions per group, in rank order; ``relevance[g.start:g.stop]``
        is the relevance of the items of group ``g``.

    Examples
    --------
    >>> tie_groups([0.9, 0.7, 0.7, 0.7, 0.2])
    [range(0, 1), range(1, 4), range(4, 5)]
    """
    scores = as_vector(scores_in_rank_order, "scores_in_rank_order")
    rises = np.flatnonzero(scores[1:] > scores[:-1])
    if rises.size:
        rank = int(rises[0]) + 2
        raise ValueError(
            f"scores_in_rank_order must not increase down the ranking; rank {rank} scores "
            f"{scores[rank - 1]:g}, more than rank {rank - 1} ({scores[rank - 2]:g}): "
            "sort by score first (rank_by_score)"
        )
    starts, _ = tie_bounds(scores)
    bounds = np.append(np.unique(starts), scores.size)
    return [range(int(start), int(stop)) for start, stop in zip(bounds[:-1], bounds[1:])]
