"""Checks of the exercises in the chapter "A/B tests and interleaving".

Every expected value is computed here, from the chapter's data and simulations, when an
answer is first checked; none is written out.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from rankmetrics_course.exercises.registry import ExerciseMistake, answer_number, exercise
from rankmetrics_lite import balanced_interleave, balanced_outcome, team_draft_many, team_draft_outcome

from .online import ALPHA, POWER, ab_test_with_users, cuped, impressions_for_ab, per_topic
from .users import web_topics


def _pair(answer, what: str) -> tuple[float, float]:
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__len__") or len(answer) != 2:
        raise ExerciseMistake(f"expected a pair {what}.")
    return answer_number(answer[0], "a number"), answer_number(answer[1], "a number")


@lru_cache(maxsize=1)
def _abandonment() -> dict[str, float]:
    topics = web_topics()
    none = {s: np.mean([np.prod(1 - topics.attractiveness(t, topics.rankings[s][t])) for t in topics.ids])
            for s in ("A", "B")}
    stats = per_topic(topics)
    rr = impressions_for_ab(*stats.ab_a.mean(axis=0), *stats.ab_b.mean(axis=0))
    return {"right": impressions_for_ab(none["A"], none["A"], none["B"], none["B"]), "rr": rr}


@exercise("ab-interleaving-abandonment")
def _abandonment_check(answer) -> None:
    got, values = answer_number(answer, "a number"), _abandonment()
    if abs(got - values["right"]) <= 0.01 * values["right"]:
        return
    if abs(got - values["rr"]) <= 0.01 * values["rr"]:
        raise ExerciseMistake("That is the number for the reciprocal rank of the first click; the question "
                              "asks for abandonment, the share of impressions without any click.")
    if abs(2 * got - values["right"]) <= 0.01 * values["right"]:
        raise ExerciseMistake("That is one arm; give the impressions of both arms together.")
    raise ExerciseMistake("Not the impressions an A/B test of abandonment needs: a user who reads down until "
                          "satisfied clicks nothing with chance prod(1 - alpha_k); average it over the topics "
                          "for each system, and use the variance p(1 - p) of each arm.")


@lru_cache(maxsize=1)
def _users_needed() -> dict[str, tuple[float, float]]:
    from scipy.stats import norm

    run = ab_test_with_users(web_topics())
    arm_a = run["arm"] == "A"
    z = norm.ppf(1 - ALPHA / 2) + norm.ppf(POWER)

    def per_arm(values, delta=0.01):
        return z**2 * (values[arm_a].var(ddof=1) + values[~arm_a].var(ddof=1)) / delta**2

    adjusted, _ = cuped(run["before"], run["during"])
    return {"right": (per_arm(run["during"]), per_arm(adjusted))}


@exercise("ab-interleaving-cuped-users")
def _users_check(answer) -> None:
    got, (raw, adjusted) = _pair(answer, "(without CUPED, with CUPED)"), _users_needed()["right"]
    close = [abs(g - w) <= 0.01 * w for g, w in zip(got, (raw, adjusted))]
    if all(close):
        return
    if abs(got[0] - adjusted) <= 0.01 * adjusted and abs(got[1] - raw) <= 0.01 * raw:
        raise ExerciseMistake("The two values are swapped: the number without CUPED comes first.")
    if abs(2 * got[0] - raw) <= 0.01 * raw:
        raise ExerciseMistake("Those look like halves: each arm's variance counts, sigma_A^2 + sigma_B^2.")
    if close[0]:
        raise ExerciseMistake("Without CUPED is right; with CUPED, use the variances of the adjusted values.")
    raise ExerciseMistake("Not the users per arm: n = (z_{0.975} + z_{0.8})^2 (var_A + var_B) / 0.01^2, with "
                          "each arm's variance of the per-user mean first-click RR.")


@lru_cache(maxsize=1)
def _random_clicker() -> tuple[float, float]:
    """Each method's mean outcome when one of the three documents shown is clicked at random."""
    a, b, one_click = ["d1", "d2", "d3"], ["d2", "d3", "d1"], np.eye(3)
    balanced = np.mean([balanced_outcome(a, b, balanced_interleave(a, b, seed=seed).ranking, click)
                        for seed in range(400) for click in one_click])
    teams = team_draft_many([a, b], n_impressions=20_000, seed=0).teams
    draft = team_draft_outcome(np.repeat(teams, 3, axis=0), np.tile(one_click, (teams.shape[0], 1)))
    return float(balanced), float(draft.mean())


@exercise("ab-interleaving-balanced-bias")
def _bias_check(answer) -> None:
    got, (balanced, draft) = _pair(answer, "(balanced, team draft)"), _random_clicker()
    if abs(got[0] - balanced) <= 0.03 and abs(got[1] - draft) <= 0.03:
        return
    if abs(got[0] + balanced) <= 0.03:
        raise ExerciseMistake("The balanced value has the wrong sign: the outcome is positive when A is "
                              "preferred.")
    if abs(got[1] - draft) <= 0.03:
        raise ExerciseMistake("Team draft is right; for balanced interleaving, list both possible lists "
                              "(A leads, B leads) and read every single click by the outcome rule.")
    raise ExerciseMistake("Not the expected outcomes: average over the coin (both lists equally likely) and "
                          "over the three equally likely clicks.")
