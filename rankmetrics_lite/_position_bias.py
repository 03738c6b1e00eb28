"""Position bias: how much less often a user examines lower ranks, and clicks weighted by it.

Under the position-based click model a click at rank :math:`k` needs an examination,
with chance :math:`\\gamma_k` (the rank's *propensity*), and an attractive document. The
propensities can be measured by an intervention, swapping the top document down and
watching its clicks fall :cite:p:`joachims2017unbiased`, or fitted to the log by
expectation-maximisation :cite:p:`chuklin2015click,wang2018position`. Dividing each click by
its rank's propensity then gives an unbiased estimate of a ranking's click-based gain,
whatever ranking logged the clicks :cite:p:`joachims2017unbiased`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ._online_checks import as_array, as_clicks, as_probabilities
from .validation import check_k

if TYPE_CHECKING:  # annotations only: numpy.typing is not imported at run time
    from numpy.typing import ArrayLike


def _as_ranks(ranks: object, name: str, n_positions: int, *, zero: bool = False) -> np.ndarray:
    array = as_array(ranks, name, what="one rank per impression")
    low = 0 if zero else 1
    if (array != np.round(array)).any() or (array < low).any() or (array > n_positions).any():
        raise ValueError(f"{name} must hold integer ranks from {low} to {n_positions}"
                         + (" (0: not ranked)" if zero else ""))
    return array.astype(np.intp)  # ranks index and count (np.bincount): numpy's index type


def position_bias_from_swaps(swapped_ranks: ArrayLike, top_clicks: ArrayLike, *,
                             n_positions: int) -> np.ndarray:
    """Relative propensities :math:`\\gamma_k / \\gamma_1` from a randomised swap experiment.

    In each impression the document the ranker puts first is moved to a random rank
    :math:`k` (swapped with the document there; :math:`k = 1` leaves the ranking alone).
    Whatever its attractiveness :math:`\\alpha`, it is clicked with chance
    :math:`\\gamma_k \\alpha` at rank :math:`k`, so the click rates of the top document at
    rank :math:`k` and at rank 1 give

    .. math:: \\hat\\gamma_k / \\hat\\gamma_1 = \\frac{\\overline{c}_{\\,k}}{\\overline{c}_{\\,1}},

    :math:`\\overline{c}_{\\,k}` being the share of impressions with the top document at
    rank :math:`k` in which it was clicked.

    Parameters
    ----------
    swapped_ranks : array-like of int, shape (n,)
        Where each impression showed the top document (1 to ``n_positions``).
    top_clicks : array-like of 0/1, shape (n,)
        1 if the top document was clicked in that impression.
    n_positions : int
        The number of ranks :math:`K`.

    Returns
    -------
    numpy.ndarray of float, shape (n_positions,)
        :math:`\\hat\\gamma_k / \\hat\\gamma_1`, rank 1 first (so the first value is 1).

    Raises
    ------
    ValueError
        If a rank is out of range, the arrays differ in length, a rank has no impression,
        or the top document was never clicked at rank 1.
    TypeError
        If an argument holds anything but numbers.

    Examples
    --------
    >>> position_bias_from_swaps([1, 1, 2, 2, 3, 3], [1, 1, 1, 0, 0, 1], n_positions=3).tolist()
    [1.0, 0.5, 0.5]

    References
    ----------
    :cite:p:`joachims2017unbiased`.
    """
    n = check_k(n_positions, "n_positions")
    ranks = _as_ranks(swapped_ranks, "swapped_ranks", n)
    clicks = as_clicks(top_clicks, "top_clicks")
    if ranks.ndim != 1 or clicks.shape != ranks.shape:
        raise ValueError(f"swapped_ranks and top_clicks must be 1-D, one value per impression, of one "
                         f"length, got shapes {ranks.shape} and {clicks.shape}")
    shown = np.bincount(ranks - 1, minlength=n)
    if (shown == 0).any():
        raise ValueError(f"swapped_ranks never puts the top document at rank {int(np.argmin(shown)) + 1}: "
                         "every rank needs impressions")
    rate = np.bincount(ranks - 1, weights=clicks, minlength=n) / shown
    if rate[0] == 0:
        raise ValueError("top_clicks has no click at rank 1: the ratios divide by that click rate")
    return rate / rate[0]


@dataclass(frozen=True)
class PositionBasedFit:
    """A position-based click model fitted to a click log.

    Attributes
    ----------
    examination : array-like
        :math:`\\hat\\gamma_k`, rank 1 first: floats, one per position.
    attractiveness : array-like
        :math:`\\hat\\alpha_d`, in the order of ``documents``: floats, one per document.
    documents : array-like
        The distinct (query, document) keys, sorted.
    iterations : int
        The EM iterations run.

    Examples
    --------
    >>> fit = fit_position_based_model(["x", "y"] * 50, [1, 2] * 50, [1, 0] * 50, n_positions=2)
    >>> fit.documents.tolist()
    ['x', 'y']

    References
    ----------
    :cite:p:`chuklin2015click`.
    """

    examination: np.ndarray
    attractiveness: np.ndarray
    documents: np.ndarray
    iterations: int


def fit_position_based_model(documents: ArrayLike, ranks: ArrayLike, clicks: ArrayLike, *,
                             n_positions: int, iterations: int = 500,
                             tolerance: float = 1e-10) -> PositionBasedFit:
    """Fit a position-based click model to a log by expectation-maximisation (EM).

    Each row is one document shown at one rank, clicked or not. Given the current
    :math:`\\gamma_k` and :math:`\\alpha_d`, an unclicked row was examined with chance
    :math:`\\gamma_k(1-\\alpha_d)/(1-\\gamma_k\\alpha_d)` and attractive with chance
    :math:`(1-\\gamma_k)\\alpha_d/(1-\\gamma_k\\alpha_d)` (a clicked row was both); each
    parameter becomes the mean of its rows' chances:

    .. math::

        \\gamma_k \\leftarrow \\frac{1}{|R_k|} \\sum_{i \\in R_k}
            \\Bigl(c_i + (1 - c_i) \\frac{\\gamma_k (1-\\alpha_{d_i})}{1 - \\gamma_k \\alpha_{d_i}}\\Bigr),
        \\qquad
        \\alpha_d \\leftarrow \\frac{1}{|R_d|} \\sum_{i \\in R_d}
            \\Bigl(c_i + (1 - c_i) \\frac{(1-\\gamma_{k_i}) \\alpha_d}{1 - \\gamma_{k_i} \\alpha_d}\\Bigr).

    The propensities are identified only where documents are seen at several ranks (as
    after randomised swaps), and only up to a common scale: compare
    :math:`\\hat\\gamma_k / \\hat\\gamma_1`.

    Parameters
    ----------
    documents : array-like, shape (n,)
        A key per row naming the document (and its query), e.g. ``"q1/d7"``.
    ranks : array-like of int, shape (n,)
        The rank it was shown at, from 1.
    clicks : array-like of 0/1, shape (n,)
        1 if it was clicked.
    n_positions : int
        The number of ranks.
    iterations : int, default 500
        The most EM iterations.
    tolerance : float, default 1e-10
        Stop when no parameter moves more than this.

    Returns
    -------
    PositionBasedFit
        The fitted examination and attractiveness.

    Raises
    ------
    ValueError
        If the arrays differ in length, a rank is out of range, a rank has no row, or
        nothing was clicked.
    TypeError
        If ranks or clicks hold anything but numbers.

    Examples
    --------
    >>> docs = ["a", "b", "a", "b"] * 100
    >>> fit = fit_position_based_model(docs, [1, 2, 2, 1] * 100, [1, 0, 0, 0] * 100, n_positions=2)
    >>> (fit.examination / fit.examination[0]).round(3).tolist()
    [1.0, 0.0]

    References
    ----------
    :cite:p:`chuklin2015click`, :cite:p:`wang2018position`.
    """
    n = check_k(n_positions, "n_positions")
    rank = _as_ranks(ranks, "ranks", n)
    click = as_clicks(clicks)
    keys = np.asarray(documents)
    if keys.ndim != 1 or not (keys.shape == rank.shape == click.shape):
        raise ValueError(f"documents, ranks and clicks must be 1-D and of one length, got shapes "
                         f"{keys.shape}, {rank.shape} and {click.shape}")
    limit = check_k(iterations, "iterations")
    if not isinstance(tolerance, (int, float)) or isinstance(tolerance, bool) or not tolerance > 0:
        raise ValueError(f"tolerance must be a positive number, got {tolerance!r}")
    names, doc = np.unique(keys, return_inverse=True)
    k = rank - 1
    per_rank = np.bincount(k, minlength=n)
    if (per_rank == 0).any():
        raise ValueError(f"ranks has no row at rank {int(np.argmin(per_rank)) + 1}: every rank needs rows")
    per_doc = np.bincount(doc, minlength=names.size)
    if not click.any():
        raise ValueError("clicks holds no click: a log without clicks says nothing of examination or "
                         "attractiveness, so there is nothing to fit")
    gamma, alpha = np.full(n, 0.5), np.full(names.size, 0.5)
    done = 0
    for done in range(1, limit + 1):
        g, a = gamma[k], alpha[doc]
        neither = np.maximum(1 - g * a, 1e-300)  # 0 only where a click had chance 1, unclicked
        examined = click + (1 - click) * g * (1 - a) / neither
        attractive = click + (1 - click) * (1 - g) * a / neither
        new_gamma = np.bincount(k, weights=examined, minlength=n) / per_rank
        new_alpha = np.bincount(doc, weights=attractive, minlength=names.size) / per_doc
        moved = max(np.abs(new_gamma - gamma).max(), np.abs(new_alpha - alpha).max())
        gamma, alpha = new_gamma, new_alpha
        if moved <= tolerance:
            break
    return PositionBasedFit(gamma, alpha, names, done)


def ips_click_dcg(clicks: ArrayLike, propensities: ArrayLike, new_ranks: ArrayLike, *, k: int) -> float:
    """The DCG@k of a new ranking, estimated from clicks logged under another (propensity-weighted).

    Each clicked document counts, at the rank the new ranking gives it, divided by the
    propensity of the rank where it was clicked :cite:p:`joachims2017unbiased`:

    .. math::

        \\widehat{\\mathrm{DCG@}k} = \\frac{1}{n} \\sum_{i=1}^{n} \\sum_{j}
            \\frac{c_{ij}}{\\gamma_{ij}} \\, \\frac{[1 \\le r'_{ij} \\le k]}{\\log_2(1 + r'_{ij})}.

    Under the position-based model :math:`E[c_{ij}] = \\gamma_{ij}\\alpha_{ij}`, so the
    estimate is unbiased for DCG@k with the attractiveness :math:`\\alpha` as gain, over the
    documents the log could show. With every propensity 1 it is the naive click DCG, biased
    towards the logging ranking.

    Parameters
    ----------
    clicks : array-like of 0/1, shape (n, n_logged_ranks)
        The logged clicks, one row per impression, logged rank 1 first.
    propensities : array-like of float, shape (n_logged_ranks,) or (n, n_logged_ranks)
        :math:`\\gamma` of each logged rank, in (0, 1].
    new_ranks : array-like of int, same shape as clicks
        The rank :math:`r'` the new ranking gives each logged document (0: not ranked).
    k : int
        The cutoff.

    Returns
    -------
    float
        The estimated DCG@k per impression.

    Raises
    ------
    ValueError
        If the shapes disagree, a propensity is not in (0, 1], a rank is negative or not
        an integer, a row gives one new rank to two documents, the new ranking's top
        ``k`` holds a document the log did not show (no logged document has that new
        rank: its clicks cannot be estimated), or ``k`` is not a positive integer.
    TypeError
        If an argument holds anything but numbers.

    Examples
    --------
    >>> ips_click_dcg([[1, 0, 1]], [1.0, 0.5, 0.25], [[2, 1, 0]], k=2)  # 1 / log2(3)
    0.6309297535714575
    >>> ips_click_dcg([[0, 1, 0]], [1.0, 0.5, 0.25], [[2, 1, 0]], k=2)  # (1 / 0.5) / log2(2)
    2.0

    References
    ----------
    :cite:p:`joachims2017unbiased`, :cite:p:`jarvelin2002cumulated`.
    """
    cut = check_k(k)
    click = as_clicks(clicks)
    if click.ndim != 2:
        raise ValueError(f"clicks must be 2-D, one row per impression, got shape {click.shape}")
    propensity = as_probabilities(propensities, "propensities", what="one per logged rank", positive=True)
    if propensity.shape not in ((click.shape[1],), click.shape):
        raise ValueError(f"propensities must hold one value per logged rank ({click.shape[1]}) or per "
                         f"impression and rank {click.shape}, got shape {propensity.shape}")
    rank = as_array(new_ranks, "new_ranks", what="the new rank of each logged document")
    if rank.shape != click.shape:
        raise ValueError(f"new_ranks must have the shape of clicks {click.shape}, got {rank.shape}")
    if (rank != np.round(rank)).any() or (rank < 0).any():
        raise ValueError("new_ranks must hold integer ranks from 1 (0: not ranked by the new ranking)")
    ordered = np.sort(rank, axis=1)
    repeated = (ordered[:, 1:] == ordered[:, :-1]) & (ordered[:, 1:] > 0)
    if repeated.any():
        row, at = np.argwhere(repeated)[0]
        raise ValueError(f"new_ranks gives rank {int(ordered[row, at])} to two logged documents in row {row}: "
                         "a ranking puts one document at each rank")
    inside = (rank >= 1) & (rank <= cut)
    short = inside.sum(axis=1) < cut
    if short.any():
        row = int(np.flatnonzero(short)[0])
        missing = min(set(range(1, cut + 1)) - set(rank[row].astype(int).tolist()))
        raise ValueError(f"new_ranks has no logged document at rank {missing} of the new ranking (row {row}): "
                         "the new ranking shows there a document the log never showed, whose clicks no log "
                         "can estimate (no support). Lower k to the ranks the log covers, or log more ranks")
    discount = np.where(inside, 1.0 / np.log2(1.0 + np.maximum(rank, 1)), 0.0)
    return float((click / propensity * discount).sum(axis=1).mean())
