"""Click models: how a simulated user clicks on a ranking, in closed form and by simulation.

A click model says which ranks a user examines and which examined documents attract a
click :cite:p:`chuklin2015click`. Each impression is a row of the documents'
attractiveness :math:`\\alpha_k` (the chance that the document at rank :math:`k` is
clicked once examined), rank 1 first. Three models:

* **position-based** (``"pbm"``): rank :math:`k` is examined with a chance
  :math:`\\gamma_k` that depends on the rank alone; clicks are independent;
* **cascade** (``"cascade"``): the user reads down from the top, clicks the first
  attractive document and stops :cite:p:`craswell2008experimental`;
* **dynamic Bayesian network** (``"dbn"``): after a click the user is satisfied with
  chance :math:`\\sigma_k` and stops; unsatisfied (or not clicking), the user goes on with
  chance :math:`\\gamma` :cite:p:`chapelle2009dynamic`. With :math:`\\gamma = 1` and
  :math:`\\sigma = 1` it is the cascade model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ._online_checks import as_probabilities, same_shape
from .validation import as_rng, check_choice, check_count

if TYPE_CHECKING:  # annotations only: numpy.typing is not imported at run time
    from numpy.typing import ArrayLike

CLICK_MODELS = ("pbm", "cascade", "dbn")


def _parameters(attractiveness, model, examination, satisfaction, continuation):
    """The checked parameters, as arrays of the attractiveness' shape (2-D: impressions x ranks)."""
    check_choice(model, "model", CLICK_MODELS)
    alpha = as_probabilities(attractiveness, "attractiveness", what="one value per rank, one row per impression")
    alpha2 = np.atleast_2d(alpha)
    if model == "pbm":
        if examination is None:
            raise ValueError("model='pbm' needs examination: the chance that each rank is examined "
                             "(for example 1 / rank)")
        gamma = as_probabilities(examination, "examination", what="one value per rank")
        if gamma.ndim != 1 or gamma.size != alpha2.shape[1]:
            raise ValueError(f"examination must hold one probability per rank ({alpha2.shape[1]}), "
                             f"got shape {gamma.shape}")
    elif examination is not None:
        raise ValueError(f"examination belongs to model='pbm'; model={model!r} derives examination from "
                         "the clicks above: leave it out")
    if model == "dbn":
        if satisfaction is None:
            raise ValueError("model='dbn' needs satisfaction: the chance that a click on each document "
                             "satisfies the user (same shape as attractiveness)")
        sigma = np.atleast_2d(as_probabilities(satisfaction, "satisfaction",
                                               what="one value per rank, one row per impression"))
        same_shape("satisfaction", sigma, "attractiveness", alpha2)
        go_on = as_probabilities([continuation], "continuation", what="one number")[0]
    else:
        if satisfaction is not None or continuation != 1.0:
            raise ValueError(f"satisfaction and continuation belong to model='dbn'; leave them out for "
                             f"model={model!r}")
        sigma, go_on = np.ones_like(alpha2), 1.0
    return alpha.ndim, alpha2, (gamma if model == "pbm" else None), sigma, go_on


def click_probabilities(attractiveness: ArrayLike, *, model: str, examination: ArrayLike | None = None,
                        satisfaction: ArrayLike | None = None,
                        continuation: float = 1.0) -> np.ndarray:
    """The chance of a click at each rank under a click model, in closed form.

    With :math:`\\alpha_k` the attractiveness of the document at rank :math:`k`:

    .. math::

        \\text{pbm:}\\quad P(C_k = 1) = \\gamma_k\\,\\alpha_k, \\qquad
        \\text{cascade:}\\quad P(C_k = 1) = \\alpha_k \\prod_{j<k} (1 - \\alpha_j),

        \\text{dbn:}\\quad P(C_k = 1) = \\alpha_k \\prod_{j<k} \\gamma\\,(1 - \\alpha_j \\sigma_j),

    the last because the user examines rank :math:`j + 1` unless satisfied by a click at
    :math:`j` (chance :math:`\\alpha_j\\sigma_j`), and then only with chance :math:`\\gamma`.

    Parameters
    ----------
    attractiveness : array-like of float, shape (n_ranks,) or (n_impressions, n_ranks)
        :math:`\\alpha_k` of the document shown at each rank, in [0, 1].
    model : {"pbm", "cascade", "dbn"}
        The click model.
    examination : array-like of float, shape (n_ranks,), optional
        :math:`\\gamma_k`, the chance of examining each rank (``"pbm"`` only, required there).
    satisfaction : array-like of float, same shape as attractiveness, optional
        :math:`\\sigma_k`, the chance that a click satisfies the user (``"dbn"`` only, required).
    continuation : float, default 1.0
        :math:`\\gamma` of the DBN, the chance of going on after an unsatisfying rank.

    Returns
    -------
    numpy.ndarray of float
        The click probability of each rank, of the attractiveness' shape.

    Raises
    ------
    ValueError
        If a probability lies outside [0, 1] or is not finite, the shapes disagree, or a
        parameter is missing for its model or given to another.
    TypeError
        If an array holds anything but numbers, or ``model`` is not a string.

    Examples
    --------
    >>> click_probabilities([0.5, 0.5, 0.5], model="cascade").tolist()
    [0.5, 0.25, 0.125]
    >>> click_probabilities([0.5, 0.5], model="pbm", examination=[1.0, 0.5]).tolist()
    [0.5, 0.25]
    >>> click_probabilities([0.5, 0.5], model="dbn", satisfaction=[0.5, 0.5], continuation=0.9).tolist()
    [0.5, 0.3375]

    References
    ----------
    :cite:p:`chuklin2015click`, :cite:p:`craswell2008experimental`,
    :cite:p:`chapelle2009dynamic`.
    """
    ndim, alpha, gamma, sigma, go_on = _parameters(attractiveness, model, examination, satisfaction,
                                                   continuation)
    if model == "pbm":
        clicks = alpha * gamma
    else:
        carry_on = go_on * (1.0 - alpha * sigma)
        examined = np.cumprod(np.hstack([np.ones((alpha.shape[0], 1)), carry_on[:, :-1]]), axis=1)
        clicks = alpha * examined
    return clicks if ndim == 2 else clicks[0]


def simulate_clicks(attractiveness: ArrayLike, *, model: str, seed: int | np.random.Generator,
                    examination: ArrayLike | None = None, satisfaction: ArrayLike | None = None,
                    continuation: float = 1.0, n_impressions: int | None = None) -> np.ndarray:
    """Draw the clicks of simulated users on rankings, under a click model, from a seed.

    Each impression (row) is one user's session, rank 1 first. Rank :math:`k` is examined
    (:math:`E_k`), and an examined document is clicked with chance :math:`\\alpha_k`:

    .. math:: C_k = E_k\\,A_k, \\qquad A_k \\sim \\mathrm{Bernoulli}(\\alpha_k)

    with :math:`E_k \\sim \\mathrm{Bernoulli}(\\gamma_k)` independently (``"pbm"``);
    :math:`E_1 = 1`, :math:`E_{k+1} = E_k (1 - C_k)` (``"cascade"``); or
    :math:`E_{k+1} = E_k (1 - C_k S_k) G_k`, :math:`S_k \\sim \\mathrm{Bernoulli}(\\sigma_k)`,
    :math:`G_k \\sim \\mathrm{Bernoulli}(\\gamma)` (``"dbn"``). Averaged over many rows the
    clicks approach :func:`click_probabilities`. Vectorised over impressions: a million
    ten-document impressions take about a second.

    Parameters
    ----------
    attractiveness : array-like of float, shape (n_ranks,) or (n_impressions, n_ranks)
        :math:`\\alpha_k` of the document shown at each rank of each impression.
    model : {"pbm", "cascade", "dbn"}
        The click model.
    seed : int or numpy.random.Generator
        The random seed (required: a simulation is reproducible or it is not shown).
    examination : array-like of float, shape (n_ranks,), optional
        :math:`\\gamma_k` (``"pbm"`` only, required there).
    satisfaction : array-like of float, same shape as attractiveness, optional
        :math:`\\sigma_k` (``"dbn"`` only, required there).
    continuation : float, default 1.0
        :math:`\\gamma` of the DBN.
    n_impressions : int, optional
        With a single row of attractiveness, how many impressions of it to draw.

    Returns
    -------
    numpy.ndarray of int8
        1 where the simulated user clicked, of the attractiveness' shape (or
        ``(n_impressions, n_ranks)`` when ``n_impressions`` is given).

    Raises
    ------
    ValueError
        As :func:`click_probabilities`, and if ``n_impressions`` is given with more than
        one row of attractiveness or is negative.
    TypeError
        If ``seed`` is not an integer or a Generator, or an array holds anything but numbers.

    Examples
    --------
    >>> clicks = simulate_clicks([0.9, 0.5, 0.2], model="cascade", seed=1, n_impressions=100_000)
    >>> clicks.mean(axis=0).round(2).tolist()  # closed form: 0.9, 0.1 * 0.5, 0.1 * 0.5 * 0.2
    [0.9, 0.05, 0.01]
    >>> bool((clicks.sum(axis=1) <= 1).all())  # a cascade user clicks at most once
    True

    References
    ----------
    :cite:p:`chuklin2015click`.
    """
    rng = as_rng(seed)
    ndim, alpha, gamma, sigma, go_on = _parameters(attractiveness, model, examination, satisfaction,
                                                   continuation)
    if n_impressions is not None:
        n = check_count(n_impressions, "n_impressions")
        if ndim == 2 and alpha.shape[0] != 1:
            raise ValueError("n_impressions repeats a single ranking; attractiveness already holds "
                             f"{alpha.shape[0]} impressions: leave n_impressions out")
        alpha = np.broadcast_to(alpha, (n, alpha.shape[1]))
        sigma = np.broadcast_to(sigma, alpha.shape)
    n_rows, n_ranks = alpha.shape
    if model == "pbm":  # examination and attraction are independent: one draw at gamma * alpha
        clicks = (rng.random((n_rows, n_ranks)) < alpha * gamma).astype(np.int8)
        return clicks if ndim == 2 or n_impressions is not None else clicks[0]
    attracted = rng.random((n_rows, n_ranks)) < alpha
    clicks = np.zeros((n_rows, n_ranks), dtype=np.int8)
    examining = np.ones(n_rows, dtype=bool)
    # a cascade user stops at the first click; a DBN user stops when a click satisfies
    stops = rng.random((n_rows, n_ranks)) < sigma if model == "dbn" else attracted
    for k in range(n_ranks):
        click = examining & attracted[:, k]
        clicks[:, k] = click
        examining &= ~(click & stops[:, k])
        if go_on < 1:
            examining &= rng.random(n_rows) < go_on
    return clicks if ndim == 2 or n_impressions is not None else clicks[0]
