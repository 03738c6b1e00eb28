"""Offline evaluation of recommenders: splits, sampled metrics and beyond-accuracy measures.

A recommender's log is a list of interactions, one row each: a user, an item and a
time. The splits here return which rows train and which rows test. The held-out item
of a user is then ranked by the recommender among the candidate items (every item the
user has not trained on), and its full rank gives HR@k and nDCG@k through the same
kernels :func:`evaluate` uses. Sampled metrics rank it among a few sampled negatives
instead; :func:`expected_sampled_metric` gives their exact expectation and
:func:`corrected_sampled_metric` Krichene and Rendle's correction. The beyond-accuracy
measures read the top-k lists alone (coverage, Gini, diversity) or beside the training
popularity (novelty).
"""

from __future__ import annotations

import math
import numbers
import re
import sys
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
from scipy import special

from ._cutoff_metrics import hit_rows
from ._dcg import ndcg_rows
from .validation import as_rng, as_vector, check_choice, check_k, check_open_unit

if TYPE_CHECKING:  # annotations only: numpy.typing is not imported at run time
    from numpy.typing import ArrayLike

_MEASURE = re.compile(r"(HR|nDCG)@([0-9]+)")
_SPLITS = ("global", "user")
# numpy's hypergeometric draws take at most this many candidates.
_MAX_SAMPLED_CANDIDATES = 10**9 - 1
# The largest table (or array) built from a count: 10**8 values, 800 MB.
_MAX_TABLE = 10**8


@dataclass(frozen=True)
class Split:
    """Which interactions train and which test: row indices into the log, each sorted.

    Attributes
    ----------
    train : array-like
        The rows a recommender may learn from (sorted integer indices).
    test : array-like
        The rows it is evaluated on.

    Examples
    --------
    >>> leave_one_out_split([0, 0, 1, 1], [1.0, 2.0, 2.0, 1.0])
    Split(train=array([0, 3]), test=array([1, 2]))

    References
    ----------
    :cite:p:`ji2023critical`
    """

    train: np.ndarray
    test: np.ndarray


# ------------------------------------------------------------- input checks --


def _as_ids(values: object, name: str) -> np.ndarray:
    array = np.asarray(values)
    if array.ndim != 1 or array.size == 0:
        raise ValueError(f"{name} must be a non-empty 1-D array (one entry per interaction), "
                         f"got shape {array.shape}")
    return array


def _as_times(timestamps: object, n: int) -> np.ndarray:
    times = as_vector(timestamps, "timestamps", ranked=False)
    if times.shape != (n,):
        raise ValueError(f"timestamps must hold one time per interaction: users has {n}, "
                         f"timestamps {times.size}")
    return times


def _as_matrix(values: object, name: str, shape: str) -> np.ndarray:
    """A finite 2-D float array (``shape`` names its axes for the message), or raise."""
    try:
        raw = np.asarray(values)
    except ValueError:  # rows of different lengths
        raise ValueError(f"{name} must be a 2-D array, {shape}: its rows differ in length") from None
    numbers_only = raw.dtype.kind in "biuf" or (raw.dtype.kind == "O" and all(
        isinstance(x, numbers.Real) and not isinstance(x, bool) for x in raw.ravel()))
    if not numbers_only:
        raise TypeError(f"{name} must hold numbers only, {shape}; got {raw.dtype} values")
    try:
        matrix = raw.astype(float)
    except OverflowError:
        raise ValueError(f"{name} must hold numbers that fit in a float: rescale them") from None
    if matrix.ndim != 2 or matrix.size == 0:
        raise ValueError(f"{name} must be a non-empty 2-D array, {shape}, got shape {matrix.shape}")
    if not np.isfinite(matrix).all():
        raise ValueError(f"{name} must be finite, got {matrix[~np.isfinite(matrix)][0]}")
    return matrix


def _parse_measure(measure: object) -> tuple[str, int]:
    match = _MEASURE.fullmatch(measure) if isinstance(measure, str) else None
    if match is None:
        raise ValueError(f"measure must be 'HR@k' or 'nDCG@k' with a positive integer k "
                         f"(for example 'HR@10'), got {measure!r}")
    name, k = match.groups()
    return name, check_k(int(k), "the cutoff of measure")


def _as_ranks(ranks: object, name: str = "ranks") -> np.ndarray:
    array = np.asarray(ranks)
    if array.ndim != 1 or array.size == 0:
        raise ValueError(f"{name} must be a non-empty 1-D array of ranks (one per user), got shape {array.shape}")
    if not np.issubdtype(array.dtype, np.integer) or (array < 1).any():
        raise ValueError(f"{name} must hold integer ranks of at least 1 (rank 1 is the top)")
    return array.astype(np.int64)


def _as_candidates(n_candidates: object, ranks: np.ndarray) -> np.ndarray:
    given = np.asarray(n_candidates) if isinstance(n_candidates, (list, tuple, np.ndarray)) else None
    if given is None:
        given = np.array(check_k(n_candidates, "n_candidates"))
    if given.ndim > 1 or (given.ndim == 1 and given.shape != ranks.shape) \
            or not np.issubdtype(given.dtype, np.integer):
        raise ValueError(f"n_candidates must be an integer, or one integer per user ({ranks.size}): how "
                         "many items, the held-out one included, each user's item is ranked among")
    counts = np.broadcast_to(given, ranks.shape)
    if (counts < ranks).any():
        raise ValueError("n_candidates must be at least each user's rank: a rank beyond the number of "
                         "candidates is impossible")
    return counts.astype(np.int64)


def _check_negatives(n_negatives: object, n_candidates: np.ndarray) -> int:
    if isinstance(n_negatives, bool) or not isinstance(n_negatives, numbers.Integral) or n_negatives < 1:
        raise ValueError(f"n_negatives must be a positive integer (for example 100), got {n_negatives!r}")
    if n_negatives > _MAX_TABLE:  # type: ignore[operator]  # numeric tower
        raise ValueError(f"n_negatives must be at most {_MAX_TABLE:,} (a law over n_negatives + 1 "
                         f"sampled ranks is computed), got {n_negatives}")
    if (n_candidates - 1 < n_negatives).any():
        raise ValueError(f"n_negatives ({n_negatives}) exceeds a user's {int(n_candidates.min()) - 1} "
                         "negative candidates: sample fewer, or rank against the full catalogue")
    return int(n_negatives)


def _as_lists(recommended: object) -> np.ndarray:
    lists = np.asarray(recommended)
    if lists.ndim != 2 or lists.size == 0 or not np.issubdtype(lists.dtype, np.integer):
        raise ValueError("recommended must be a 2-D integer array: one row per user, one item index per "
                         f"rank (a top-k list), got shape {lists.shape} and dtype {lists.dtype}")
    ordered = np.sort(lists, axis=1)
    if (ordered[:, 1:] == ordered[:, :-1]).any():
        raise ValueError("recommended repeats an item within a user's list: a top-k list names each item once")
    return lists


def _check_items(lists: np.ndarray, n_items: object) -> int:
    if isinstance(n_items, bool) or not isinstance(n_items, numbers.Integral) or n_items < 1:
        raise ValueError(f"n_items must be a positive integer (the size of the catalogue), got {n_items!r}")
    if n_items > _MAX_TABLE:  # type: ignore[operator]  # numeric tower
        raise ValueError(f"n_items must be at most {_MAX_TABLE:,} (one count per item is kept), got {n_items}")
    if lists.min() < 0 or lists.max() >= n_items:
        raise ValueError(f"recommended must hold item indices from 0 to n_items - 1 = {n_items - 1}, "
                         f"got {int(lists.min())} to {int(lists.max())}")
    return int(n_items)


# ------------------------------------------------------------------- splits --


def leave_one_out_split(users: ArrayLike, timestamps: ArrayLike) -> Split:
    """Hold out each user's last interaction; train on everything else.

    A user's last interaction is the one with the latest time (of two at the same
    time, the later row). A user with a single interaction is not tested: that row
    trains. The split is

    .. math:: \\text{test} = \\{\\arg\\max_{j:\\,u_j = u} t_j : n_u \\ge 2\\}

    Parameters
    ----------
    users : array-like, shape (n,)
        The user of each interaction (any ids that compare equal).
    timestamps : array-like of float, shape (n,)
        The time of each interaction.

    Returns
    -------
    Split
        ``train`` and ``test`` row indices; one test row per user with at least two
        interactions.

    Raises
    ------
    ValueError
        If ``users`` is empty or not 1-D, or ``timestamps`` does not hold one finite
        time per interaction.

    Examples
    --------
    >>> split = leave_one_out_split(["a", "a", "b", "a"], [1.0, 3.0, 2.0, 2.0])
    >>> split.test.tolist(), split.train.tolist()
    ([1], [0, 2, 3])

    References
    ----------
    :cite:p:`krichene2020sampled` describes the protocol and the sampled metrics
    usually computed on it.
    """
    ids = _as_ids(users, "users")
    times = _as_times(timestamps, ids.size)
    _, user_index = np.unique(ids, return_inverse=True)
    rows = np.arange(ids.size)
    order = np.lexsort((rows, times, user_index))  # by user, then time, then row
    last = np.r_[user_index[order][1:] != user_index[order][:-1], True]
    sizes = np.bincount(user_index)
    test = order[last & (sizes[user_index[order]] >= 2)]
    return Split(np.setdiff1d(rows, test), np.sort(test))


def temporal_split(users: ArrayLike, timestamps: ArrayLike, *, test_fraction: float = 0.2,
                   by: str = "global") -> Split:
    """Test on the latest interactions: after one cut in time, or each user's latest.

    ``by="global"`` tests every interaction at or after the time :math:`t^*` below
    which a share :math:`1 - f` of the log lies (one cut for everyone: training never
    sees the future). ``by="user"`` tests each user's latest
    :math:`\\lfloor f\\, n_u \\rfloor` interactions (at least one, and at least one
    left for training); a user's training rows may then be later than another user's
    test rows.

    .. math:: t^* = t_{(\\lceil (1 - f)\\, n \\rceil + 1)} \\quad(\\text{order statistics})

    Parameters
    ----------
    users : array-like, shape (n,)
        The user of each interaction.
    timestamps : array-like of float, shape (n,)
        The time of each interaction.
    test_fraction : float, default 0.2
        The share :math:`f` of interactions to test, strictly between 0 and 1.
    by : {"global", "user"}, default "global"
        One cut in time for the whole log, or one per user.

    Returns
    -------
    Split
        ``train`` and ``test`` row indices.

    Raises
    ------
    ValueError
        If ``test_fraction`` is not strictly between 0 and 1, ``by`` is not one of
        the two choices, or the users and times do not match.

    Examples
    --------
    >>> split = temporal_split([0, 0, 1, 1, 1], [1.0, 5.0, 2.0, 3.0, 4.0], test_fraction=0.4)
    >>> split.test.tolist()
    [1, 4]
    >>> temporal_split([0, 0, 1, 1, 1], [1.0, 5.0, 2.0, 3.0, 4.0], test_fraction=0.4, by="user").test.tolist()
    [1, 4]

    References
    ----------
    :cite:p:`ji2023critical` shows how splits that ignore global time leak the future.
    """
    ids = _as_ids(users, "users")
    times = _as_times(timestamps, ids.size)
    fraction = check_open_unit(test_fraction, "test_fraction")
    rows = np.arange(ids.size)
    if check_choice(by, "by", _SPLITS) == "global":
        n_train = int(np.ceil((1 - fraction) * ids.size))
        order = np.lexsort((rows, times))
        return Split(np.sort(order[:n_train]), np.sort(order[n_train:]))
    _, user_index = np.unique(ids, return_inverse=True)
    order = np.lexsort((rows, times, user_index))
    sizes = np.bincount(user_index)[user_index[order]]
    starts = np.r_[0, np.flatnonzero(np.diff(user_index[order])) + 1]
    position = rows - np.repeat(starts, np.diff(np.r_[starts, ids.size]))  # 0, 1, ... per user
    n_test = np.clip(np.floor(fraction * sizes), 1, sizes - 1)
    test = order[(sizes >= 2) & (position >= sizes - n_test)]
    return Split(np.setdiff1d(rows, test), np.sort(test))


def random_split(users: ArrayLike, *, test_fraction: float = 0.2, by: str = "global",
                 seed: int | np.random.Generator) -> Split:
    """Test on a random share of the interactions, ignoring their times.

    ``by="global"`` draws :math:`\\lfloor f\\, n \\rfloor` rows of the whole log at
    random; ``by="user"`` draws :math:`\\lfloor f\\, n_u \\rfloor` of each user's rows
    (at least one, and at least one left for training). Neither looks at time, so on
    a log that drifts the training rows include the future of the test rows.

    .. math:: P(\\text{row } j \\in \\text{test}) = f

    Parameters
    ----------
    users : array-like, shape (n,)
        The user of each interaction.
    test_fraction : float, default 0.2
        The share :math:`f` of interactions to test, strictly between 0 and 1.
    by : {"global", "user"}, default "global"
        Draw from the whole log, or from each user's rows.
    seed : int or numpy.random.Generator
        The draw's seed (required: a split must be reproducible).

    Returns
    -------
    Split
        ``train`` and ``test`` row indices.

    Raises
    ------
    ValueError
        If ``test_fraction`` is not strictly between 0 and 1 or ``by`` is not one of
        the two choices.
    TypeError
        If ``seed`` is missing its integer.

    Examples
    --------
    >>> split = random_split(["a"] * 5 + ["b"] * 5, test_fraction=0.2, by="user", seed=1)
    >>> len(split.test), len(split.train)
    (2, 8)

    References
    ----------
    :cite:p:`ji2023critical` measures what a random split leaks.
    """
    ids = _as_ids(users, "users")
    fraction = check_open_unit(test_fraction, "test_fraction")
    mode = check_choice(by, "by", _SPLITS)
    rng = as_rng(seed)
    rows = np.arange(ids.size)
    if mode == "global":
        test = rng.choice(ids.size, size=int(np.floor(fraction * ids.size)), replace=False)
        return Split(np.setdiff1d(rows, test), np.sort(test))
    _, user_index = np.unique(ids, return_inverse=True)
    shuffled = rng.permutation(ids.size)
    order = shuffled[np.argsort(user_index[shuffled], kind="stable")]  # users in turn, rows shuffled
    sizes = np.bincount(user_index)[user_index[order]]
    starts = np.r_[0, np.flatnonzero(np.diff(user_index[order])) + 1]
    position = rows - np.repeat(starts, np.diff(np.r_[starts, ids.size]))
    n_test = np.clip(np.floor(fraction * sizes), 1, sizes - 1)
    test = order[(sizes >= 2) & (position < n_test)]
    return Split(np.setdiff1d(rows, test), np.sort(test))


# ------------------------------------------------------------ ranks and metrics --


def full_ranks(scores: ArrayLike, targets: ArrayLike, *, exclude: ArrayLike | None = None) -> np.ndarray:
    """The rank of each user's held-out item among all candidate items.

    Row :math:`u` of ``scores`` scores every item for user :math:`u`; the candidates
    are the items not excluded (the user's training items are usually excluded) plus
    the target :math:`i_u` itself. As everywhere in the course, a tie goes to the
    larger item index (trec_eval breaks ties by document id, descending):

    .. math:: r_u = 1 + \\#\\{j : s_{uj} > s_{ui_u}\\} + \\#\\{j > i_u : s_{uj} = s_{ui_u}\\}

    Parameters
    ----------
    scores : array-like of float, shape (n_users, n_items)
        Each user's score of each item.
    targets : array-like of int, shape (n_users,)
        The index of each user's held-out item.
    exclude : array-like of bool, shape (n_users, n_items), optional
        True where an item is not a candidate for that user. The target is never
        excluded.

    Returns
    -------
    numpy.ndarray of int
        :math:`r_u`, from 1 (the top).

    Raises
    ------
    ValueError
        If the shapes do not agree, a score is not finite, or a target is out of range.

    Examples
    --------
    >>> full_ranks([[0.9, 0.5, 0.5, 0.1]], [1]).tolist()
    [3]
    >>> full_ranks([[0.9, 0.5, 0.5, 0.1]], [1], exclude=[[True, False, False, False]]).tolist()
    [2]

    References
    ----------
    :cite:p:`krichene2020sampled` calls :math:`r_u` the rank among the full catalogue.
    """
    try:
        matrix = _as_matrix(scores, "scores", "users by items")
    except ValueError as error:
        raise ValueError(f"{error}: give an item that must never be recommended the lowest score, "
                         "or exclude it" if "finite" in str(error) else str(error)) from None
    target = np.asarray(targets)
    if target.shape != (matrix.shape[0],) or not np.issubdtype(target.dtype, np.integer):
        raise ValueError(f"targets must hold one item index per row of scores ({matrix.shape[0]})")
    if (target < 0).any() or (target >= matrix.shape[1]).any():
        raise ValueError(f"targets must be item indices from 0 to {matrix.shape[1] - 1}")
    mask = np.zeros(matrix.shape, bool) if exclude is None else np.asarray(exclude, dtype=bool)
    if mask.shape != matrix.shape:
        raise ValueError(f"exclude must have the shape of scores {matrix.shape}, got {mask.shape}")
    rows = np.arange(matrix.shape[0])
    own = matrix[rows, target][:, None]
    above = (matrix > own) | ((matrix == own) & (np.arange(matrix.shape[1]) > target[:, None]))
    above &= ~mask
    above[rows, target] = False
    return 1 + above.sum(axis=1)


def metric_of_rank(ranks: ArrayLike, measure: str) -> np.ndarray:
    """HR@k or nDCG@k of users whose one held-out item sits at the given ranks.

    With a single relevant item, hit rate and nDCG depend on its rank alone:

    .. math:: \\mathrm{HR@}k = [r \\le k], \\qquad \\mathrm{nDCG@}k = \\frac{[r \\le k]}{\\log_2(r + 1)}

    computed by the kernels of :func:`evaluate` (``Success@k`` and ``nDCG@k``), so
    each measure is defined in one place.

    Parameters
    ----------
    ranks : array-like of int, shape (n_users,)
        Ranks, from 1.
    measure : str
        ``"HR@k"`` or ``"nDCG@k"``.

    Returns
    -------
    numpy.ndarray of float
        One value per rank.

    Raises
    ------
    ValueError
        If ``measure`` is not one of the two forms or a rank is below 1.

    Examples
    --------
    >>> metric_of_rank([1, 3, 11], "nDCG@10").round(4).tolist()
    [1.0, 0.5, 0.0]

    References
    ----------
    :cite:p:`jarvelin2002cumulated` for nDCG.
    """
    name, k = _parse_measure(measure)
    rank = _as_ranks(ranks)
    rows = (np.minimum(rank, k + 1)[:, None] == np.arange(1, k + 1)).astype(float)
    if name == "HR":
        return hit_rows(rows, k)
    ideal = np.zeros_like(rows)
    ideal[:, 0] = 1.0
    return ndcg_rows(rows, ideal, k)


def _sampled_rank_pmf(rank, n_candidates, n_negatives: int) -> np.ndarray:
    """P(sampled rank = 1 .. n_negatives + 1), one row per rank: 1 + the sampled negatives
    among the rank - 1 candidates above (hypergeometric)."""
    above = np.asarray(rank, dtype=float)[:, None] - 1
    negatives = np.broadcast_to(np.asarray(n_candidates, dtype=float), above.shape[:1])[:, None] - 1
    caught = np.arange(n_negatives + 1, dtype=float)[None, :]
    missed = n_negatives - caught
    possible = (caught <= above) & (missed <= negatives - above)
    # C(above, caught) C(negatives - above, missed) / C(negatives, n), in logs
    log_pmf = (_log_choose(above, caught) + _log_choose(negatives - above, missed)
               - _log_choose(negatives, float(n_negatives)))
    pmf = np.where(possible, np.exp(np.where(possible, log_pmf, 0.0)), 0.0)
    # A law sums to 1: exp of the log-binomials rounds each row's sum to 1 +- 1e-13, enough to
    # take an expected hit rate above 1.
    return pmf / pmf.sum(axis=1, keepdims=True)


def _log_choose(n, k):
    n, k = np.broadcast_arrays(n, k)
    valid = (k >= 0) & (k <= n)
    n, k = np.where(valid, n, 0.0), np.where(valid, k, 0.0)
    return special.gammaln(n + 1) - special.gammaln(k + 1) - special.gammaln(n - k + 1)


def _full_law(n_candidates: int, n_negatives: int) -> np.ndarray:
    """_sampled_rank_pmf of every rank 1 .. N of N candidates, the correction's law: for speed,
    C(r - 1, j) C(N - r, n - j) / C(N - 1, n) from views of one cached table of log C."""
    table = _log_binomials(-(-n_candidates // 1024) * 1024, n_negatives)  # few tables for many N
    last = n_candidates - 1
    law = np.exp(table[:n_candidates] + table[last::-1, ::-1] - table[last, n_negatives])
    return law / law.sum(axis=1, keepdims=True)  # as _sampled_rank_pmf: each row sums to 1


@lru_cache(maxsize=4)
def _log_binomials(rows: int, n: int) -> np.ndarray:
    """log C(m, j) for m = 0 .. rows - 1 and j = 0 .. n; minus infinity where j > m."""
    m = np.arange(rows, dtype=float)[:, None]
    j = np.arange(n + 1, dtype=float)[None, :]
    table = special.gammaln(m + 1) - special.gammaln(j + 1) - special.gammaln(np.maximum(m - j, 0) + 1)
    table[j > m] = -np.inf
    table.flags.writeable = False  # cached: shared by every call
    return table


def sampled_ranks(full_ranks: ArrayLike, n_candidates: int | ArrayLike, n_negatives: int, *,
                  seed: int | np.random.Generator) -> np.ndarray:
    """Draw the rank of each held-out item among ``n_negatives`` sampled negatives.

    The negatives are drawn uniformly without replacement from the user's
    :math:`N - 1` candidate items other than the target. Of them, :math:`r - 1` rank
    above the target, so the sampled rank is one plus a hypergeometric count:

    .. math:: \\tilde r - 1 \\sim \\mathrm{Hypergeometric}(N - 1,\\; r - 1,\\; n)

    which is drawn directly: the same distribution as scoring a sampled set of items.

    Parameters
    ----------
    full_ranks : array-like of int, shape (n_users,)
        :math:`r`, each held-out item's rank among all candidates (:func:`full_ranks`).
    n_candidates : int or array-like of int
        :math:`N`, the number of candidates of each user, the target included.
    n_negatives : int
        :math:`n`, how many negatives are sampled (100 in many papers).
    seed : int or numpy.random.Generator
        The draw's seed (required).

    Returns
    -------
    numpy.ndarray of int
        :math:`\\tilde r`, from 1 to :math:`n + 1`.

    Raises
    ------
    ValueError
        If a rank exceeds its candidates or ``n_negatives`` exceeds the negatives.

    Examples
    --------
    >>> sampled_ranks([1, 500, 1000], 1000, 99, seed=0).tolist()
    [1, 48, 100]

    References
    ----------
    :cite:p:`krichene2020sampled`
    """
    rank = _as_ranks(full_ranks, "full_ranks")
    counts = _as_candidates(n_candidates, rank)
    n = _check_negatives(n_negatives, counts)
    rng = as_rng(seed)
    if counts.max() > _MAX_SAMPLED_CANDIDATES:
        raise ValueError(f"n_candidates must be below 1,000,000,000 to draw samples (numpy's "
                         f"hypergeometric draws), got {int(counts.max())}: use expected_sampled_metric")
    return (1 + rng.hypergeometric(rank - 1, counts - rank, n)).astype(np.intp)  # ranks index: intp


def sampled_metric(full_ranks: ArrayLike, n_candidates: int | ArrayLike, n_negatives: int, measure: str, *,
                   seed: int | np.random.Generator) -> float:
    """A sampled metric: the mean of HR@k or nDCG@k over users, each user's item ranked among sampled negatives.

    .. math:: \\widetilde{M} = \\frac{1}{|U|} \\sum_u M(\\tilde r_u)

    with :math:`\\tilde r_u` drawn by :func:`sampled_ranks`.

    Parameters
    ----------
    full_ranks : array-like of int, shape (n_users,)
        Each held-out item's rank among all its user's candidates.
    n_candidates : int or array-like of int
        Each user's number of candidates, the target included.
    n_negatives : int
        How many negatives are sampled per user.
    measure : str
        ``"HR@k"`` or ``"nDCG@k"``.
    seed : int or numpy.random.Generator
        The draw's seed (required).

    Returns
    -------
    float
        The sampled metric.

    Raises
    ------
    ValueError
        As :func:`sampled_ranks` and :func:`metric_of_rank`.

    Examples
    --------
    >>> round(sampled_metric([5, 50, 500], 1000, 100, "HR@10", seed=0), 4)
    0.6667

    References
    ----------
    :cite:p:`krichene2020sampled`
    """
    _parse_measure(measure)
    return float(metric_of_rank(sampled_ranks(full_ranks, n_candidates, n_negatives, seed=seed), measure).mean())


def expected_sampled_metric(full_ranks: ArrayLike, n_candidates: int | ArrayLike, n_negatives: int,
                            measure: str) -> float:
    """The exact expectation of :func:`sampled_metric` over every possible sample.

    .. math:: \\mathbb{E}[\\widetilde{M}] = \\frac{1}{|U|} \\sum_u \\sum_{j=1}^{n+1}
              P(\\tilde r_u = j \\mid r_u)\\, M(j)

    with the hypergeometric law of :func:`sampled_ranks`. It shows what a sampled
    metric measures once its sampling noise is gone: a smooth function of the whole
    rank distribution, which can order two models differently from the full metric.

    Parameters
    ----------
    full_ranks : array-like of int, shape (n_users,)
        Each held-out item's full rank.
    n_candidates : int or array-like of int
        Each user's number of candidates, the target included.
    n_negatives : int
        How many negatives are sampled per user.
    measure : str
        ``"HR@k"`` or ``"nDCG@k"``.

    Returns
    -------
    float
        The expected sampled metric.

    Raises
    ------
    ValueError
        As :func:`sampled_ranks` and :func:`metric_of_rank`.

    Examples
    --------
    >>> round(expected_sampled_metric([5, 50, 500], 1000, 100, "HR@10"), 4)
    0.6604

    References
    ----------
    :cite:p:`krichene2020sampled`
    """
    _parse_measure(measure)
    rank = _as_ranks(full_ranks, "full_ranks")
    counts = _as_candidates(n_candidates, rank)
    n = _check_negatives(n_negatives, counts)
    values = metric_of_rank(np.arange(1, n + 2), measure)
    # Each user's value is a mean of measures in [0, 1]: within it, but for the last bit.
    return float(np.clip((_sampled_rank_pmf(rank, counts, n) @ values).mean(), 0.0, 1.0))


def corrected_sampled_metric(sampled: ArrayLike, n_candidates: int, n_negatives: int, measure: str,
                             *, gamma: float = 0.1) -> float:
    """Krichene and Rendle's corrected sampled metric: each sampled rank scores a fitted value.

    A naive sampled metric scores sampled rank :math:`j` with :math:`M(j)`. The
    correction scores it with :math:`\\hat M_j` instead, chosen so that the expected
    score of an item at any full rank :math:`r` is as close as possible to
    :math:`M(r)`, with a weight :math:`\\gamma` on the estimator's variance, uniform
    weight over the :math:`N` full ranks:

    .. math:: \\hat M = \\arg\\min_x \\sum_{r=1}^{N} \\Big[\\big(\\mathbb{E}[x_{\\tilde r} \\mid r] - M(r)\\big)^2
              + \\gamma\\, \\mathrm{Var}[x_{\\tilde r} \\mid r]\\Big]

    :math:`\\gamma = 0` minimises the bias alone (the least-squares solution of least
    norm); on realistic sizes that system is so badly conditioned that the fitted
    values swing far outside [0, 1], which is why Krichene and Rendle trade a little
    bias for variance with a small positive :math:`\\gamma`. The law of :math:`\\tilde r` given :math:`r` is the hypergeometric one of
    :func:`sampled_ranks` (Krichene and Rendle write it with sampling with
    replacement, a binomial; for :math:`n \\ll N` the two agree).

    Parameters
    ----------
    sampled : array-like of int, shape (n_users,)
        Each user's sampled rank, from 1 to :math:`n + 1`.
    n_candidates : int or array-like of int
        :math:`N`, the number of candidates of each user, the target included (one
        table is fitted per distinct value).
    n_negatives : int
        :math:`n`.
    measure : str
        ``"HR@k"`` or ``"nDCG@k"``.
    gamma : float, default 0.1
        The weight of the variance, at least 0.

    Returns
    -------
    float
        The mean corrected score over users.

    Raises
    ------
    ValueError
        If a sampled rank exceeds :math:`n + 1`, ``gamma`` is negative, or as
        :func:`sampled_ranks`.

    Examples
    --------
    >>> round(corrected_sampled_metric([1, 2, 40], 1000, 100, "HR@10"), 4)
    0.4434

    References
    ----------
    :cite:p:`krichene2020sampled`
    """
    _parse_measure(measure)
    rank = _as_ranks(sampled, "sampled")
    counts = _as_candidates(n_candidates, np.ones_like(rank))
    n = _check_negatives(n_negatives, counts)
    if rank.max() > n + 1:
        raise ValueError(f"sampled ranks must be at most n_negatives + 1 = {n + 1}, got {int(rank.max())}")
    if isinstance(gamma, bool) or not isinstance(gamma, numbers.Real):
        raise TypeError(f"gamma must be a number of at least 0 (for example 0.1), got {gamma!r}")
    if not abs(gamma) <= sys.float_info.max or gamma < 0:  # exactly: NaN, inf and 10**400 fail
        raise ValueError(f"gamma must be a finite number of at least 0 (for example 0.1), got {gamma!r}")
    if int(counts.max()) * (n + 1) > _MAX_TABLE:
        raise ValueError(f"n_candidates x (n_negatives + 1) must be at most {_MAX_TABLE:,} (the correction "
                         f"fits a table of that many values), got {int(counts.max())} x {n + 1}")
    scored = np.empty(rank.size)
    for size in np.unique(counts):  # one table per number of candidates
        users = counts == size
        scored[users] = _correction_table(int(size), n, measure, float(gamma))[rank[users] - 1]
    return float(scored.mean())


@lru_cache(maxsize=1024)
def _correction_table(n_candidates: int, n: int, measure: str, gamma: float) -> np.ndarray:
    law = _full_law(n_candidates, n)
    target = metric_of_rank(np.arange(1, n_candidates + 1), measure)
    if gamma == 0:
        table = np.linalg.lstsq(law, target, rcond=None)[0]
        table.flags.writeable = False
        return table
    # sum_r (A x - M)_r^2 + gamma (sum_j A_rj x_j^2 - (A x)_r^2): normal equations below,
    # divided by gamma when it is above 1 (the same solution; 1e308 * A'A would overflow).
    scale = max(1.0, gamma)
    lhs = (1 / scale - gamma / scale) * (law.T @ law) + gamma / scale * np.diag(law.sum(axis=0))
    try:
        table = np.linalg.solve(lhs, law.T @ target / scale)
    except np.linalg.LinAlgError:
        table = np.full(n + 1, math.nan)
    if not np.isfinite(table).all():
        raise ValueError(f"the correction for n_candidates = {n_candidates}, n_negatives = {n} and gamma = "
                         f"{gamma:g} has no finite solution in floating point: use a gamma nearer 0.1")
    table.flags.writeable = False  # cached: shared by every call
    return table


# ---------------------------------------------------------- beyond accuracy --


def catalogue_coverage(recommended: ArrayLike, n_items: int) -> float:
    """The share of the catalogue that appears in at least one user's list.

    .. math:: \\mathrm{coverage} = \\frac{|\\bigcup_u L_u|}{|I|}

    Parameters
    ----------
    recommended : array-like of int, shape (n_users, k)
        Each user's top-k list, as item indices.
    n_items : int
        :math:`|I|`, the catalogue size.

    Returns
    -------
    float
        Between :math:`1/|I|` and 1.

    Raises
    ------
    ValueError
        If a list repeats an item or an index is outside the catalogue.

    Examples
    --------
    >>> catalogue_coverage([[0, 1], [1, 2]], 10)
    0.3

    References
    ----------
    :cite:p:`shani2011evaluating` (catalogue coverage).
    """
    lists = _as_lists(recommended)
    size = _check_items(lists, n_items)
    return np.unique(lists).size / size


def exposure(recommended: ArrayLike, n_items: int) -> np.ndarray:
    """How many lists each item of the catalogue appears in.

    .. math:: e_i = \\#\\{u : i \\in L_u\\}

    Parameters
    ----------
    recommended : array-like of int, shape (n_users, k)
        Each user's top-k list, as item indices.
    n_items : int
        The catalogue size.

    Returns
    -------
    numpy.ndarray of int, shape (n_items,)
        :math:`e_i`; 0 for an item no list holds.

    Raises
    ------
    ValueError
        As :func:`catalogue_coverage`.

    Examples
    --------
    >>> exposure([[0, 1], [1, 2]], 4).tolist()
    [1, 2, 1, 0]

    References
    ----------
    :cite:p:`castells2015novelty`
    """
    lists = _as_lists(recommended)
    return np.bincount(lists.ravel(), minlength=_check_items(lists, n_items))


def gini_index(recommended: ArrayLike, n_items: int) -> float:
    """The Gini index of exposure over the catalogue.

    It is 0 when every item is recommended equally often, and larger as exposure concentrates
    on few items.

    With the exposures sorted ascending, :math:`e_{(1)} \\le \\dots \\le e_{(|I|)}`:

    .. math:: G = \\frac{1}{|I| - 1} \\sum_{j=1}^{|I|} (2j - |I| - 1)\\, \\frac{e_{(j)}}{\\sum_i e_i}

    This is the mean absolute difference of the exposures over twice their mean, scaled
    by :math:`|I| / (|I| - 1)`. Items no list holds count, with exposure 0. :math:`G = 1`
    needs one item to take every slot, which lists of :math:`k` distinct items allow only
    for :math:`k = 1`: with top-:math:`k` lists the maximum is

    .. math:: G_{\\max} = 1 - \\frac{k - 1}{|I| - 1},

    reached when every user gets the same :math:`k` items.

    Parameters
    ----------
    recommended : array-like of int, shape (n_users, k)
        Each user's top-k list, as item indices.
    n_items : int
        :math:`|I|`, the catalogue size, at least 2.

    Returns
    -------
    float
        :math:`G`, from 0 to :math:`1 - (k - 1)/(|I| - 1)`.

    Raises
    ------
    ValueError
        As :func:`catalogue_coverage`, or if ``n_items`` is 1.

    Examples
    --------
    >>> gini_index([[0, 1], [0, 1]], 2)
    0.0
    >>> gini_index([[0], [0], [0]], 4)
    1.0
    >>> round(gini_index([[0, 1], [0, 1]], 4), 4)  # the maximum for k = 2: 1 - 1/3
    0.6667

    References
    ----------
    :cite:p:`castells2015novelty`
    """
    counts = np.sort(exposure(recommended, n_items)).astype(float)
    if counts.size < 2:
        raise ValueError("n_items must be at least 2: the Gini index compares items")
    size = counts.size
    weights = 2 * np.arange(1, size + 1) - size - 1
    return float(weights @ counts / counts.sum() / (size - 1))


def novelty(recommended: ArrayLike, item_counts: ArrayLike, *, n_users: int | None = None) -> float:
    """Mean self-information of the recommended items: how unpopular they are, in bits.

    An item of popularity :math:`p(i)` carries :math:`-\\log_2 p(i)` bits; novelty is the
    mean over every recommended (user, item) pair. Two popularities are in use:

    * ``n_users`` given: :math:`p(i) = c_i / |U|`, the share of users who interacted with
      the item, with :math:`c_i` counting users. This is the self-information of
      :cite:t:`zhou2010solving` and the probability that an item is known,
      :math:`p(\\text{seen} \\mid i)`, of :cite:t:`castells2011novelty`;
    * ``n_users`` omitted: :math:`p(i) = c_i / \\sum_j c_j`, the item's share of the
      interactions: Castells, Vargas and Wang's item-choice probability, as Microsoft's
      ``recommenders`` computes it. It is smaller by the mean interactions per user, so it
      adds the same :math:`\\log_2(\\sum_j c_j / |U|)` bits to every list.

    .. math:: \\mathrm{novelty} = \\frac{1}{m\\,k} \\sum_{u=1}^{m} \\sum_{i \\in L_u} -\\log_2 p(i)

    over the :math:`m` lists :math:`L_u` of :math:`k` items.

    Parameters
    ----------
    recommended : array-like of int, shape (n_users, k)
        Each user's top-k list, as item indices.
    item_counts : array-like of int, shape (n_items,)
        :math:`c_i`, each item's training users (with ``n_users``) or interactions.
    n_users : int, optional
        :math:`|U|`, the number of training users, at least every :math:`c_i`.

    Returns
    -------
    float
        Novelty in bits.

    Raises
    ------
    ValueError
        If a recommended item has no training interaction (its self-information is
        infinite), a count is negative or above ``n_users``, or as :func:`catalogue_coverage`.

    Examples
    --------
    >>> novelty([[0, 1]], [2, 1, 1])  # shares of the 4 interactions: 1/2 and 1/4
    1.5
    >>> novelty([[0, 1]], [2, 1, 1], n_users=2)  # shares of the 2 users: 1 and 1/2
    0.5

    References
    ----------
    :cite:p:`zhou2010solving`, :cite:p:`castells2011novelty`
    """
    lists = _as_lists(recommended)
    counts = np.asarray(item_counts)
    if counts.ndim != 1 or not np.issubdtype(counts.dtype, np.integer) or (counts < 0).any():
        raise ValueError("item_counts must be a 1-D array of non-negative integers: each item's "
                         "training users (with n_users) or interactions")
    _check_items(lists, counts.size)
    unseen = lists[counts[lists] == 0]
    if unseen.size:
        raise ValueError(f"item {int(unseen[0])} is recommended but has no training interaction: its "
                         "self-information -log2 p(i) is infinite. Count the item (add one to every "
                         "count to smooth), or leave it out of the lists")
    if n_users is None:
        total = counts.sum()
    elif isinstance(n_users, bool) or not isinstance(n_users, numbers.Integral) or n_users < counts.max():
        raise ValueError(f"n_users must be an integer of at least every item's count of users "
                         f"({int(counts.max())}), got {n_users!r}")
    else:
        total = n_users
    return float((-np.log2(counts[lists] / total)).mean())


def intra_list_diversity(recommended: ArrayLike, item_features: ArrayLike) -> float:
    """Mean dissimilarity of the pairs of items within a list, averaged over users.

    With :math:`\\cos(i, j)` the cosine similarity of the items' feature vectors:

    .. math:: \\mathrm{ILD} = \\frac{1}{|U|} \\sum_u \\frac{2}{k(k-1)} \\sum_{i < j \\in L_u} \\big(1 - \\cos(i, j)\\big)

    Parameters
    ----------
    recommended : array-like of int, shape (n_users, k)
        Each user's top-k list, as item indices; k at least 2.
    item_features : array-like of float, shape (n_items, n_features)
        Each item's feature vector (none all zero).

    Returns
    -------
    float
        From 0 (identical directions) to 2 (opposite ones); 1 for orthogonal features.

    Raises
    ------
    ValueError
        If k is 1, a feature vector is zero or not finite, or as :func:`catalogue_coverage`.

    Examples
    --------
    >>> round(intra_list_diversity([[0, 1, 2]], [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]), 4)
    0.5286

    References
    ----------
    :cite:p:`ziegler2005improving`
    """
    lists = _as_lists(recommended)
    features = _as_matrix(item_features, "item_features", "items by features")
    _check_items(lists, features.shape[0])
    if lists.shape[1] < 2:
        raise ValueError("recommended lists must hold at least 2 items: diversity compares pairs")
    norms = np.linalg.norm(features, axis=1)
    if (norms[np.unique(lists)] == 0).any():
        raise ValueError("item_features holds a zero vector for a recommended item: its cosine "
                         "similarity is undefined")
    unit = features[lists] / norms[lists][:, :, None]  # users, k, features
    similarity = unit @ unit.transpose(0, 2, 1)
    k = lists.shape[1]
    first, second = np.triu_indices(k, 1)
    return float((1 - similarity[:, first, second]).mean(axis=1).mean())
