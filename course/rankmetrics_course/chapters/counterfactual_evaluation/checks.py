"""Checks of the exercises in the chapter "Counterfactual evaluation from logs".

Every expected value is computed here, from the chapter's candidates, log and exact moments,
when an answer is first checked; none is written out.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from scipy.stats import norm

from rankmetrics_course.exercises.registry import ExerciseMistake, exercise

from .estimators import main_log, reward_model, setting
from .exact import EXAMINATION, SlateLaw
from .logs import propensities
from .policies import CANDIDATES, candidates


def _number(answer) -> float:
    if isinstance(answer, (bool, str, bytes)):
        raise ExerciseMistake(f"expected a number, got a {type(answer).__name__}.")
    try:
        return float(answer)
    except (TypeError, ValueError):
        raise ExerciseMistake(f"expected a number, got {type(answer).__name__}.") from None


def _numbers(answer, size: int, what: str) -> np.ndarray:
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__len__") or len(answer) != size:
        raise ExerciseMistake(f"expected {size} numbers: {what}.")
    return np.array([_number(x) for x in answer])


@lru_cache(maxsize=1)
def _weights() -> np.ndarray:
    c = candidates()
    s, log = setting(c, 1.0, reward_model(c)), main_log(c)
    new = propensities(log, s.new, s.new_marginals, "standard")
    return new / propensities(log, s.old, s.old_marginals, "standard")


@exercise("ope-effective-sample-size")
def _effective_size_check(answer) -> None:
    got, w = _number(answer), _weights()
    right = w.sum() ** 2 / (w**2).sum()
    if abs(got - right) <= 0.005 * right:
        return
    if abs(got - w.size) <= 0.5:
        raise ExerciseMistake("That is the number of logged slates; the question asks how many equally "
                          "weighted slates the weighted log is worth.")
    if abs(got - right / w.size) <= 0.005 * right / w.size:
        raise ExerciseMistake("That is the share of the log; give the number of slates it is worth.")
    if abs(got - w.size / (w**2).mean()) <= 0.005 * w.size / (w**2).mean():
        raise ExerciseMistake(f"Close: n / mean(w^2) assumes the weights average 1; here they average "
                              f"{w.mean():.2f}. Use (sum w)^2 / sum w^2.")
    raise ExerciseMistake("Not the effective sample size of the whole-slate weights w = pi(s) / pi_0(s) of the "
                          "chapter's log: (sum w)^2 / sum w^2.")


@lru_cache(maxsize=1)
def _swaps_on_cascade_users() -> np.ndarray:
    """What the swap experiment reports with cascade users, in closed form averaged over topics."""
    alpha = candidates().attractiveness  # A's order: the top document first
    rates = [alpha[:, 0].mean()]
    for k in range(1, CANDIDATES):  # top document at k + 1, A's document k + 1 at the top
        above = (1 - alpha[:, k]) * np.prod(1 - alpha[:, 1:k], axis=1)
        rates.append((alpha[:, 0] * above).mean())
    return np.array(rates) / rates[0]


@exercise("ope-swaps-under-cascade")
def _swaps_check(answer) -> None:
    got = _numbers(answer, CANDIDATES, "the relative propensities at ranks 1 to 10")
    right = _swaps_on_cascade_users()
    if np.abs(got - right).max() <= 0.02:
        return
    if np.abs(got - EXAMINATION / EXAMINATION[0]).max() <= 0.02:
        raise ExerciseMistake("Those are the position-based users' chances 1/k; simulate (or work out) the clicks "
                              "of cascade users, who stop at their first click.")
    if abs(got[0] - 1) > 0.02:
        raise ExerciseMistake("The swap estimator divides by the click rate at rank 1, so its first value is 1.")
    raise ExerciseMistake("Not what the swaps report for cascade users: the top document at rank k is clicked "
                          "only if nothing above it was, so its click rate at k is alpha times the chance that "
                          "the k - 1 documents above it (A's k-th first, then A's 2nd to (k-1)-th) are all passed.")


@lru_cache(maxsize=1)
def _impressions() -> tuple[float, float]:
    c = candidates()
    s = setting(c, 1.0, reward_model(c))
    law = SlateLaw(c, s.old, s.new, "cascade")
    z = norm.ppf(0.975)
    return tuple((z * law.moments(a).sd / 0.01) ** 2 for a in ("cascade", "standard"))


@exercise("ope-impressions-for-precision")
def _impressions_check(answer) -> None:
    got, (cascade, whole) = _numbers(answer, 2, "(cascade estimator, whole-slate IPS)"), _impressions()
    close = [abs(g - w) <= 0.02 * w for g, w in zip(got, (cascade, whole))]
    if all(close):
        return
    if abs(got[0] - whole) <= 0.02 * whole and abs(got[1] - cascade) <= 0.02 * cascade:
        raise ExerciseMistake("The two values are swapped: the cascade estimator comes first.")
    if abs(got[0] * norm.ppf(0.975) ** 2 - cascade) <= 0.02 * cascade:
        raise ExerciseMistake("A 95% interval is 1.96 standard errors wide on each side: n = (1.96 sd / 0.01)^2.")
    raise ExerciseMistake("Not the logged slates needed: the standard error of a log of n slates is the per-slate "
                          "standard deviation over sqrt(n); find n where 1.96 times it is 0.01.")
