"""Off-policy estimators: the value of a new policy, estimated from a log of another one.

A logging policy :math:`\\pi_0` showed something in each of :math:`n` logged contexts and
recorded the reward (a click, say). To estimate what a new policy :math:`\\pi` would have
earned, each logged reward is weighted by how much more (or less) often :math:`\\pi` would
show what was shown, :math:`w = \\pi / \\pi_0` :cite:p:`horvitz1952generalization`. Rows may
hold one reward (a bandit) or one reward per position of a ranking; the value is then the
sum over positions, averaged over the log. Which propensities to pass for a ranking
depends on what one assumes of the user (:func:`slate_ips_estimate`).
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

import numpy as np

from ._online_checks import as_array, as_probabilities, same_shape
from .validation import check_choice

if TYPE_CHECKING:  # annotations only: numpy.typing is not imported at run time
    from numpy.typing import ArrayLike

SLATE_ASSUMPTIONS = ("standard", "independent", "cascade")


def _check_clip(clip: object) -> float:
    if clip is None:
        return np.inf
    if isinstance(clip, bool) or not isinstance(clip, numbers.Real) \
            or not clip > 0:  # type: ignore[operator]  # numeric tower
        raise ValueError(f"clip must be a positive number (the largest weight kept, for example 10), "
                         f"got {clip!r}")
    return float(clip)


def _logged(rewards, logging_propensities, target_propensities) -> tuple[np.ndarray, ...]:
    """Rewards and importance weights, checked: 2-D, one row per logged context."""
    reward = as_array(rewards, "rewards", what="one reward per logged context, or per context and position")
    logging = as_probabilities(logging_propensities, "logging_propensities", what="one per reward")
    target = as_probabilities(target_propensities, "target_propensities", what="one per reward")
    same_shape("rewards", reward, "logging_propensities", logging)
    same_shape("rewards", reward, "target_propensities", target)
    never = (logging == 0) & (target > 0)
    if never.any():
        where = tuple(int(i) for i in np.argwhere(never)[0])
        raise ValueError(f"logging_propensities is 0 at {where} where target_propensities is "
                         f"{target[where]:g}: the logging policy never shows what the new policy shows, "
                         "so no log can estimate its value there (no support). Log with a policy that "
                         "gives every such action a chance, or evaluate a policy within its support")
    if (logging == 0).any():
        where = tuple(int(i) for i in np.argwhere(logging == 0)[0])
        raise ValueError(f"logging_propensities is 0 at {where}: a logged action had a chance under the "
                         "policy that logged it; pass the probability it was shown with")
    reward2 = np.atleast_2d(reward.T).T if reward.ndim == 1 else reward
    weight = (target / logging).reshape(reward2.shape)
    return reward2, weight


def _value(reward: np.ndarray, weight: np.ndarray, self_normalised: bool) -> float:
    """(1/n) sum_i sum_k w_ik r_ik, or each position normalised by its mean weight."""
    if not self_normalised:
        return float((weight * reward).sum(axis=1).mean())
    mean_weight = weight.mean(axis=0)
    if (mean_weight == 0).any():
        raise ValueError("target_propensities is 0 on every logged row of a position: the self-normalised "
                         "estimate divides by their mean; use ips_estimate")
    return float(((weight * reward).mean(axis=0) / mean_weight).sum())


def ips_estimate(rewards: ArrayLike, logging_propensities: ArrayLike, target_propensities: ArrayLike, *,
                 clip: float | None = None) -> float:
    """The inverse propensity score (IPS) estimate of a new policy's value.

    .. math::

        \\hat V_{\\mathrm{IPS}} = \\frac{1}{n} \\sum_{i=1}^{n} \\sum_{k} \\min(w_{ik}, c)\\, r_{ik},
        \\qquad w_{ik} = \\frac{\\pi(a_{ik} \\mid x_i)}{\\pi_0(a_{ik} \\mid x_i)},

    unbiased when no weight is clipped (:math:`c = \\infty`) and the logging policy gives
    every action the new policy takes a chance. Clipping at :math:`c` trades that bias for
    less variance.

    Parameters
    ----------
    rewards : array-like of float, shape (n,) or (n, n_positions)
        The logged rewards.
    logging_propensities : array-like of float, same shape
        :math:`\\pi_0` of what was logged, in (0, 1].
    target_propensities : array-like of float, same shape
        :math:`\\pi` of what was logged, in [0, 1].
    clip : float, optional
        The largest weight kept, :math:`c` (default: no clipping).

    Returns
    -------
    float
        The estimated value (expected summed reward per context).

    Raises
    ------
    ValueError
        If the shapes differ, a propensity lies outside [0, 1], a logging propensity is 0
        (said apart where the new policy would show the action: no support), a value is
        not finite, or ``clip`` is not positive.
    TypeError
        If an array holds anything but numbers.

    Examples
    --------
    >>> ips_estimate([1, 0, 1, 1], [0.5, 0.5, 0.25, 0.5], [1.0, 0.0, 0.5, 0.25])
    1.125
    >>> ips_estimate([1, 0, 1, 1], [0.5, 0.5, 0.25, 0.5], [1.0, 0.0, 0.5, 0.25], clip=1.5)
    0.875

    References
    ----------
    :cite:p:`horvitz1952generalization`, :cite:p:`dudik2011doubly`.
    """
    reward, weight = _logged(rewards, logging_propensities, target_propensities)
    return _value(reward, np.minimum(weight, _check_clip(clip)), False)


def snips_estimate(rewards: ArrayLike, logging_propensities: ArrayLike, target_propensities: ArrayLike, *,
                   clip: float | None = None) -> float:
    """The self-normalised IPS (SNIPS) estimate: weights divided by their mean, position by position.

    .. math::

        \\hat V_{\\mathrm{SNIPS}} = \\sum_k \\frac{\\sum_{i} w_{ik}\\, r_{ik}}{\\sum_{i} w_{ik}},

    biased (slightly, for large :math:`n`) but bounded by the rewards, and usually far less
    variable than :func:`ips_estimate` when weights are large :cite:p:`swaminathan2015self`.

    Parameters
    ----------
    rewards : array-like of float, shape (n,) or (n, n_positions)
        The logged rewards.
    logging_propensities : array-like of float, same shape
        :math:`\\pi_0` of what was logged, in (0, 1].
    target_propensities : array-like of float, same shape
        :math:`\\pi` of what was logged, in [0, 1].
    clip : float, optional
        The largest weight kept (default: no clipping).

    Returns
    -------
    float
        The estimated value.

    Raises
    ------
    ValueError
        As :func:`ips_estimate`, and if every weight of a position is 0.
    TypeError
        If an array holds anything but numbers.

    Examples
    --------
    >>> snips_estimate([1, 0, 1, 1], [0.5, 0.5, 0.25, 0.5], [1.0, 0.0, 0.5, 0.25])
    1.0

    References
    ----------
    :cite:p:`swaminathan2015self`.
    """
    reward, weight = _logged(rewards, logging_propensities, target_propensities)
    return _value(reward, np.minimum(weight, _check_clip(clip)), True)


def doubly_robust_estimate(rewards: ArrayLike, logging_propensities: ArrayLike, target_propensities: ArrayLike,
                           *, predicted_rewards: ArrayLike, predicted_target_values: ArrayLike,
                           cascade: bool = False, clip: float | None = None) -> float:
    """The doubly robust (DR) estimate: a reward model's prediction, corrected by weighted residuals.

    With :math:`\\hat q_{ik}` the model's prediction of the logged reward and
    :math:`\\hat v_{ik}` its expectation under the new policy,

    .. math::

        \\hat V_{\\mathrm{DR}} = \\frac{1}{n} \\sum_{i} \\sum_{k}
            \\Bigl(\\bar w_{ik}\\, \\hat v_{ik} + w_{ik} (r_{ik} - \\hat q_{ik})\\Bigr),

    where :math:`\\bar w_{ik} = 1` (a bandit, or positions assumed independent) or, with
    ``cascade=True`` and prefix propensities, the weight of the prefix above position
    :math:`k`, :math:`\\bar w_{ik} = w_{i,k-1}` (:math:`w_{i0} = 1`): the cascade doubly
    robust estimator :cite:p:`kiyohara2022doubly`. It is unbiased when the weights are
    right or the reward model is :cite:p:`dudik2011doubly`.

    Parameters
    ----------
    rewards : array-like of float, shape (n,) or (n, n_positions)
        The logged rewards.
    logging_propensities : array-like of float, same shape
        :math:`\\pi_0` of what was logged (with ``cascade=True``: of the prefix down to
        each position).
    target_propensities : array-like of float, same shape
        :math:`\\pi` of what was logged, likewise.
    predicted_rewards : array-like of float, same shape
        :math:`\\hat q_{ik}`, the model's reward for what was logged.
    predicted_target_values : array-like of float, same shape
        :math:`\\hat v_{ik} = \\sum_a \\pi(a \\mid \\cdot)\\, \\hat q(a)`, the model's expected
        reward under the new policy (given the logged prefix, with ``cascade=True``).
    cascade : bool, default False
        Weight the model's term by the prefix above (cascade DR).
    clip : float, optional
        The largest weight kept (default: no clipping).

    Returns
    -------
    float
        The estimated value.

    Raises
    ------
    ValueError
        As :func:`ips_estimate`, and if the predictions do not match the rewards in shape
        or are not finite.
    TypeError
        If an array holds anything but numbers, or ``cascade`` is not a bool.

    Examples
    --------
    >>> doubly_robust_estimate([1, 0], [0.5, 0.5], [1.0, 0.0], predicted_rewards=[0.8, 0.2],
    ...                        predicted_target_values=[0.8, 0.8])
    1.0

    References
    ----------
    :cite:p:`dudik2011doubly`, :cite:p:`kiyohara2022doubly`.
    """
    if not isinstance(cascade, (bool, np.bool_)):
        raise TypeError(f"cascade must be True or False, got {cascade!r}")
    reward, weight = _logged(rewards, logging_propensities, target_propensities)
    predictions = []
    for name, values in (("predicted_rewards", predicted_rewards),
                         ("predicted_target_values", predicted_target_values)):
        array = as_array(values, name, what="one prediction per reward")
        array = np.atleast_2d(array.T).T if array.ndim == 1 else array
        same_shape(name, array, "rewards", reward)
        predictions.append(array)
    q_hat, v_hat = predictions
    weight = np.minimum(weight, _check_clip(clip))
    above = np.hstack([np.ones((weight.shape[0], 1)), weight[:, :-1]]) if cascade else np.ones_like(weight)
    return float((above * v_hat + weight * (reward - q_hat)).sum(axis=1).mean())


def slate_ips_estimate(rewards: ArrayLike, logging_propensities: ArrayLike, target_propensities: ArrayLike,
                       *, assumption: str, self_normalised: bool = False, clip: float | None = None) -> float:
    """IPS for rankings (slates), with the propensities that a user model allows.

    A ranking earns a reward :math:`r_{ik}` at each position :math:`k`. Which probability
    weights :math:`r_{ik}` depends on what the reward at :math:`k` may depend on:

    .. math::

        w_{ik} = \\frac{\\pi(\\,\\cdot\\,)}{\\pi_0(\\,\\cdot\\,)} \\text{ of }
        \\begin{cases}
        \\text{the whole ranking } s_i & \\text{standard: anything}\\\\
        \\text{document } a_{ik} \\text{ at position } k & \\text{independent: only its own position}\\\\
        \\text{the prefix } a_{i1}, \\dots, a_{ik} & \\text{cascade: the positions above}
        \\end{cases}

    and :math:`\\hat V = \\frac1n \\sum_i \\sum_k w_{ik} r_{ik}` (:func:`ips_estimate`), or its
    self-normalised form (:func:`snips_estimate`). The stronger the assumption, the smaller
    the weights and the variance, and the larger the bias when it fails
    :cite:p:`li2018offline,swaminathan2017off,mcinerney2020counterfactual`.

    Parameters
    ----------
    rewards : array-like of float, shape (n, n_positions)
        The logged reward at each position of each logged ranking.
    logging_propensities : array-like of float, shape (n,) or (n, n_positions)
        :math:`\\pi_0` of the logged ranking (``"standard"``: shape (n,), or the same value
        along each row), of each document at its position (``"independent"``), or of each
        prefix (``"cascade"``: non-increasing along each row).
    target_propensities : array-like of float, same shape
        :math:`\\pi` of the same events.
    assumption : {"standard", "independent", "cascade"}
        What the reward at a position may depend on.
    self_normalised : bool, default False
        Divide each position's weighted rewards by the mean of its weights.
    clip : float, optional
        The largest weight kept (default: no clipping).

    Returns
    -------
    float
        The estimated value: expected summed reward per ranking.

    Raises
    ------
    ValueError
        As :func:`ips_estimate`; and if the propensities do not have the form the
        assumption needs (one per ranking, or prefixes that grow more likely further down).
    TypeError
        If an array holds anything but numbers, or ``assumption`` is not a string.

    Examples
    --------
    >>> clicks = [[1, 0], [0, 1]]
    >>> slate_ips_estimate(clicks, [0.5, 0.5], [0.25, 0.75], assumption="standard")
    1.0
    >>> slate_ips_estimate(clicks, [[0.5, 0.5], [0.5, 0.5]], [[0.5, 0.25], [0.5, 0.25]],
    ...                    assumption="cascade")
    0.75

    References
    ----------
    :cite:p:`li2018offline`, :cite:p:`swaminathan2017off`, :cite:p:`mcinerney2020counterfactual`.
    """
    check_choice(assumption, "assumption", SLATE_ASSUMPTIONS)
    if not isinstance(self_normalised, (bool, np.bool_)):
        raise TypeError(f"self_normalised must be True or False, got {self_normalised!r}")
    reward = as_array(rewards, "rewards", what="one reward per position, one row per logged ranking")
    if reward.ndim != 2:
        raise ValueError(f"rewards must be 2-D, one row per logged ranking and one column per position, "
                         f"got shape {reward.shape}")
    propensities = []
    for name, values in (("logging_propensities", logging_propensities),
                         ("target_propensities", target_propensities)):
        p = as_probabilities(values, name, what="one per ranking, or per ranking and position")
        if assumption == "standard":
            if p.ndim == 2 and (p != p[:, :1]).any():
                raise ValueError(f"{name} must give one probability per ranking for assumption='standard' "
                                 "(the chance of the whole ranking); its rows vary along the positions")
            p = np.repeat(p[:, :1] if p.ndim == 2 else p[:, None], reward.shape[1], axis=1)
        elif p.ndim != 2:
            raise ValueError(f"{name} must be 2-D for assumption={assumption!r}: one probability per "
                             "ranking and position")
        if assumption == "cascade" and (np.diff(p, axis=1) > 1e-12).any():
            raise ValueError(f"{name} must be prefix probabilities for assumption='cascade': the chance of "
                             "the top k cannot grow with k, yet a row increases")
        propensities.append(p)
    reward2, weight = _logged(reward, *propensities)
    return _value(reward2, np.minimum(weight, _check_clip(clip)), bool(self_normalised))
