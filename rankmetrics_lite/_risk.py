r"""Risk-sensitive evaluation: how badly a system does where it loses to a baseline.

A mean hides the topics on which a new system does worse than the one it
replaces. With :math:`\delta_q = s_q - b_q` the difference from the baseline on
topic :math:`q`, and losses weighted :math:`1 + \alpha`, the risk-adjusted
differences are :math:`z_q = \delta_q` where :math:`\delta_q \ge 0` and
:math:`(1+\alpha)\delta_q` where it is negative. URisk is their mean (Wang,
Bennett & Collins-Thompson; the TREC 2013-14 Web track's risk measure), TRisk
their t statistic (Dinçer, Macdonald & Ounis 2014), and GeoRisk compares each
system with what every system of a set scores on each topic (Dinçer, Macdonald
& Ounis 2016).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .validation import as_vector

if TYPE_CHECKING:  # annotations only: numpy.typing is not imported at run time
    from collections.abc import Hashable
    from numpy.typing import ArrayLike


def _check_alpha(alpha: object) -> float:
    if isinstance(alpha, bool) or not isinstance(alpha, numbers.Real):
        raise TypeError(f"alpha must be a number 0 or more (losses weigh 1 + alpha), got {alpha!r} "
                        f"({type(alpha).__name__})")
    if not (math.isfinite(alpha) and alpha >= 0):  # type: ignore[operator]  # numeric tower
        raise ValueError(f"alpha must be a finite number 0 or more (losses weigh 1 + alpha), got {alpha}")
    return float(alpha)


def _paired(scores: Mapping[Hashable, float] | ArrayLike,
            baseline: Mapping[Hashable, float] | ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """Per-topic scores of a system and its baseline, topic by topic, as two arrays."""
    if isinstance(scores, Mapping) != isinstance(baseline, Mapping):
        raise TypeError("scores and baseline must both be {topic: score} dicts or both sequences "
                        "in the same topic order")
    if isinstance(scores, Mapping) and isinstance(baseline, Mapping):  # both or neither, checked above
        missing = [topic for topic in scores if topic not in baseline]
        if missing:
            shown = ", ".join(map(repr, missing[:5])) + (", ..." if len(missing) > 5 else "")
            raise ValueError(f"baseline lacks {len(missing)} of the topics of scores ({shown}): score "
                             "the baseline on every topic (trec_eval -c scores a topic a run lacks 0), "
                             "or leave those topics out of both")
        extra = [topic for topic in baseline if topic not in scores]
        if extra:
            shown = ", ".join(map(repr, extra[:5])) + (", ..." if len(extra) > 5 else "")
            raise ValueError(f"scores lacks {len(extra)} of the baseline's topics ({shown}): compare "
                             "the two runs on the same topics")
        topics = list(scores)
        scores = [scores[t] for t in topics]
        baseline = [baseline[t] for t in topics]
    s = as_vector(scores, "scores", ranked=False)
    b = as_vector(baseline, "baseline", ranked=False)
    if s.size != b.size:
        raise ValueError(f"scores and baseline must hold one score per topic each: got {s.size} and "
                         f"{b.size}")
    if s.size == 0:
        raise ValueError("scores is empty: give one score per topic")
    return s, b


def risk_adjusted_differences(scores: Mapping[Hashable, float] | ArrayLike,
                              baseline: Mapping[Hashable, float] | ArrayLike, *,
                              alpha: float = 1.0) -> np.ndarray:
    r"""Each topic's difference from the baseline, losses weighted :math:`1 + \alpha`.

    .. math:: z_q = \delta_q \text{ if } \delta_q \ge 0, \quad (1 + \alpha)\,\delta_q
        \text{ otherwise}, \qquad \delta_q = s_q - b_q

    Their mean is :func:`urisk`, their t statistic :func:`trisk`.

    Parameters
    ----------
    scores, baseline : dict {topic: score} or sequence of float
        Per-topic scores of the system and of the baseline (dicts: the same
        topics; sequences: the same order and length).
    alpha : float, default=1.0
        Aversion to risk, 0 or more: each loss weighs :math:`1 + \alpha`.

    Returns
    -------
    numpy.ndarray
        One risk-adjusted difference per topic, in the order of ``scores``.

    Raises
    ------
    TypeError
        ``scores`` and ``baseline`` not both dicts or both sequences, a score
        that is not a number, or an ``alpha`` that is not a number.
    ValueError
        A baseline that lacks some of the system's topics (or the reverse),
        sequences of different lengths, no topic, a score that is not finite,
        a negative or infinite ``alpha``.

    Examples
    --------
    >>> risk_adjusted_differences([0.5, 0.2], [0.3, 0.4], alpha=1).round(4).tolist()
    [0.2, -0.4]

    References
    ----------
    Wang, Bennett & Collins-Thompson (2012). Robust ranking models via
    risk-sensitive optimization. SIGIR. :cite:p:`wang2012robust`
    """
    s, b = _paired(scores, baseline)
    delta = s - b
    return np.where(delta >= 0, delta, (1.0 + _check_alpha(alpha)) * delta)


def urisk(scores: Mapping[Hashable, float] | ArrayLike, baseline: Mapping[Hashable, float] | ArrayLike, *,
          alpha: float = 1.0) -> float:
    r"""URisk: the mean difference from a baseline, each loss weighted :math:`1 + \alpha`.

    .. math:: \mathrm{URisk}_\alpha = \frac{1}{|Q|}\Big[\sum_{\delta_q > 0} \delta_q
        + (1 + \alpha) \sum_{\delta_q < 0} \delta_q\Big]

    over the :math:`|Q|` topics. :math:`\alpha = 0` gives the difference of the means; the
    TREC 2013 and 2014 Web tracks reported :math:`\alpha = 1` and 5. Above 0, the
    system improves on the baseline at that aversion to risk.

    Parameters
    ----------
    scores, baseline : dict {topic: score} or sequence of float
        Per-topic scores of the system and of the baseline (dicts: the same
        topics; sequences: the same order and length).
    alpha : float, default=1.0
        Aversion to risk, 0 or more.

    Returns
    -------
    float
        URisk: above 0, the system improves on the baseline at that aversion to risk.

    Raises
    ------
    TypeError, ValueError
        A baseline that lacks some of the system's topics (or the reverse),
        sequences of different lengths, a score that is not finite, a negative alpha.

    Examples
    --------
    >>> round(urisk([0.5, 0.2, 0.6], [0.3, 0.4, 0.6], alpha=1), 4)  # (0.2 - 2 x 0.2 + 0) / 3
    -0.0667
    >>> round(urisk({"q1": 0.5, "q2": 0.2}, {"q1": 0.3, "q2": 0.4}, alpha=0), 4)
    0.0

    References
    ----------
    Wang, Bennett & Collins-Thompson (2012). Robust ranking models via
    risk-sensitive optimization. SIGIR. :cite:p:`wang2012robust`

    Dinçer, Macdonald & Ounis (2014). Hypothesis testing for the risk-sensitive
    evaluation of retrieval systems. SIGIR. :cite:p:`dincer2014hypothesis`
    """
    return float(np.mean(risk_adjusted_differences(scores, baseline, alpha=alpha)))


@dataclass(frozen=True)
class TRiskTest:
    """Result of :func:`trisk`: URisk, its standard error, the t statistic and its p-value.

    Attributes
    ----------
    urisk : float
        URisk, the mean of the risk-adjusted differences (:func:`urisk`).
    standard_error : float
        Its standard error: the differences' sample standard deviation over
        the square root of the number of topics.
    trisk : float
        TRisk, ``urisk / standard_error``: above 2, the system beats the
        baseline at this aversion to risk; below -2, it is riskier.
    p_value : float
        The two-sided p-value, Student's t with ``n_topics - 1`` degrees of freedom.
    n_topics : int
        The number of topics compared.
    alpha : float
        The aversion to risk used: each loss weighed ``1 + alpha``.

    Examples
    --------
    >>> test = trisk([0.5, 0.2, 0.6, 0.9], [0.3, 0.4, 0.6, 0.5], alpha=1)
    >>> test.n_topics, test.alpha, round(test.standard_error, 4)
    (4, 1.0, 0.1708)

    References
    ----------
    Dinçer, Macdonald & Ounis (2014). Hypothesis testing for the risk-sensitive
    evaluation of retrieval systems. SIGIR. :cite:p:`dincer2014hypothesis`
    """

    urisk: float
    standard_error: float
    trisk: float
    p_value: float  # two-sided, Student's t with c - 1 degrees of freedom
    n_topics: int
    alpha: float


def trisk(scores: Mapping[Hashable, float] | ArrayLike, baseline: Mapping[Hashable, float] | ArrayLike, *,
          alpha: float = 1.0) -> TRiskTest:
    r"""TRisk: URisk over its standard error, a paired t statistic (Dinçer et al. 2014).

    .. math:: T_{\mathrm{Risk}} = \frac{\mathrm{URisk}_\alpha}{\mathrm{SE}}, \qquad
        \mathrm{SE} = \frac{s_z}{\sqrt{c}}, \qquad
        s_z^2 = \frac{1}{c - 1}\sum_q (z_q - \bar z)^2

    with :math:`z_q` the risk-adjusted differences
    (:func:`risk_adjusted_differences`), whose mean is URisk. It is Student's t
    for the paired differences :math:`z_q`: at :math:`\alpha = 0`, exactly the
    paired t test of the system against its baseline. TRisk above 2 says the
    system beats the baseline at that aversion to risk, below -2 that it is
    riskier than the baseline, each at about the 5% level; the p-value is
    two-sided, with c - 1 degrees of freedom. (Some tools divide by c rather
    than c - 1 in :math:`s_z`; this is the t test's form.)

    Parameters
    ----------
    scores, baseline : dict {topic: score} or sequence of float
        Per-topic scores of the system and of the baseline (dicts: the same
        topics; sequences: the same order and length).
    alpha : float, default=1.0
        Aversion to risk, 0 or more.

    Returns
    -------
    TRiskTest
        URisk, its standard error, TRisk, the two-sided p-value, the number
        of topics and ``alpha``.

    Raises
    ------
    ValueError
        Fewer than two topics, or risk-adjusted differences that are all equal
        (their standard error is 0, and t has no value); and as :func:`urisk`.

    Examples
    --------
    >>> test = trisk([0.5, 0.2, 0.6, 0.9], [0.3, 0.4, 0.6, 0.5], alpha=1)
    >>> round(test.urisk, 4), round(test.trisk, 4), round(test.p_value, 4)
    (0.05, 0.2928, 0.7888)

    References
    ----------
    Dinçer, Macdonald & Ounis (2014). :cite:p:`dincer2014hypothesis`
    """
    from scipy import stats

    alpha = _check_alpha(alpha)
    z = risk_adjusted_differences(scores, baseline, alpha=alpha)
    if z.size < 2:
        raise ValueError(f"TRisk needs at least two topics (its standard error has c - 1 = {z.size - 1} "
                         "degrees of freedom)")
    spread = float(np.std(z, ddof=1))
    if spread == 0:
        raise ValueError("every topic's risk-adjusted difference is the same, so their standard error "
                         "is 0 and TRisk has no value: report URisk alone")
    se = spread / math.sqrt(z.size)
    t = float(np.mean(z)) / se
    return TRiskTest(float(np.mean(z)), se, t, float(2 * stats.t.sf(abs(t), z.size - 1)), int(z.size), alpha)


def georisk(scores: ArrayLike, *, alpha: float = 1.0) -> np.ndarray:
    r"""GeoRisk of every system of a set, each judged against all of them (Dinçer et al. 2016).

    With :math:`x_{qs}` the score of system s on topic q (c topics, r systems),
    :math:`S_s` a system's total, :math:`T_q` a topic's total and N the grand
    total, the score expected of s on q if systems and topics did not interact is
    :math:`e_{qs} = S_s T_q / N`. Then

    .. math::

        z_{qs} = \frac{x_{qs} - e_{qs}}{\sqrt{e_{qs}}}, \quad
        \mathrm{ZRisk}_s = \sum_{z_{qs} > 0} z_{qs} + (1 + \alpha)\sum_{z_{qs} < 0} z_{qs},
        \quad
        \mathrm{GeoRisk}_s = \sqrt{\frac{S_s}{c}\;\Phi\!\Big(\frac{\mathrm{ZRisk}_s}{c}\Big)}

    the geometric mean of a system's mean score and of the standard normal
    probability :math:`\Phi` of its ZRisk per topic: a system is rewarded for
    scoring high and for doing at least what is expected of it on every topic.
    A topic on which every system scores 0 adds nothing.

    Parameters
    ----------
    scores : 2-D array, (topics, systems)
        Scores of 0 or more, one column per system (the baselines among them).
    alpha : float, default=1.0
        Aversion to risk, 0 or more: each shortfall from the expected score
        weighs ``1 + alpha``.

    Returns
    -------
    numpy.ndarray
        GeoRisk of each system, in column order.

    Raises
    ------
    TypeError
        ``scores`` that are not numbers, or an ``alpha`` that is not a number.
    ValueError
        ``scores`` that are not 2-D with at least one topic and two systems,
        a score that is negative or not finite, scores that are all 0, a
        negative or infinite ``alpha``.

    Examples
    --------
    >>> georisk([[0.2, 0.4], [0.6, 0.4]], alpha=0).round(4).tolist()
    [0.4435, 0.4509]

    References
    ----------
    Dinçer, Macdonald & Ounis (2016). Risk-sensitive evaluation and learning to
    rank using multiple baselines. SIGIR. :cite:p:`dincer2016risk`
    """
    from scipy import stats

    alpha = _check_alpha(alpha)
    try:
        x = np.asarray(scores, dtype=float)
    except (TypeError, ValueError):
        raise TypeError("scores must be a 2-D array of numbers, one row per topic and one column "
                        "per system") from None
    if x.ndim != 2 or x.shape[0] < 1 or x.shape[1] < 2:
        raise ValueError("scores must be 2-D, one row per topic and one column per system, with at "
                         f"least two systems; got shape {x.shape}")
    if not np.isfinite(x).all() or (x < 0).any():
        raise ValueError("scores must be finite and 0 or more (effectiveness scores such as nDCG or AP)")
    total = x.sum()
    if total == 0:
        raise ValueError("every score is 0: GeoRisk compares scores with their expected values, "
                         "and there are none")
    expected = np.outer(x.sum(axis=1), x.sum(axis=0)) / total
    z = np.divide(x - expected, np.sqrt(expected), out=np.zeros_like(x), where=expected > 0)
    zrisk = np.where(z > 0, z, (1.0 + alpha) * z).sum(axis=0)
    c = x.shape[0]
    return np.sqrt(x.sum(axis=0) / c * stats.norm.cdf(zrisk / c))
