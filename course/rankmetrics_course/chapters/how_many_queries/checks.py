"""Checks of the exercises in the chapter "How many queries, and how sure".

Every expected value is computed here, from the case study's per-question scores
(:func:`~rankmetrics_course.chapters.how_many_queries.view.case_study_scores`), the TREC
runs (:mod:`~rankmetrics_course.chapters.how_many_queries.trec`) and the package's
functions; none is written out.

>>> from rankmetrics_course.exercises import check
>>> check("how-many-queries-one-sided", 2)
how-many-queries-one-sided: not yet. Too few: with 2 questions the one-sided test does not yet reach 80% power for a gain of 0.05. Check how you turned 0.05 into an effect size.
"""

from __future__ import annotations

import math
from functools import lru_cache

from rankmetrics_course import data
from rankmetrics_course.chapters.how_many_queries.trec import SWAP_BINS, extrapolated_swap_rate, swap_rates
from rankmetrics_course.chapters.how_many_queries.view import case_study_retrievers, case_study_scores
from rankmetrics_course.exercises.registry import ExerciseMistake, check_function_on_cases, exercise
from rankmetrics_lite import anova_power, paired_effect_size, queries_for_power, tukey_hsd, variance_from_scores


def _whole_number(answer, what: str) -> int:
    if isinstance(answer, bool):
        raise ExerciseMistake(f"expected {what}, got a bool.")
    try:
        value = float(answer)
    except (TypeError, ValueError):
        raise ExerciseMistake(f"expected {what}, got {type(answer).__name__}.") from None
    if not math.isfinite(value) or value != int(value):
        raise ExerciseMistake(f"expected {what}: a whole number of queries, got {answer!r}. "
                              "Round up: the smallest number that reaches the power.")
    return int(value)


@lru_cache(maxsize=1)
def _r5_sizes() -> dict[str, int]:
    """The one-sided answer and the sizes of the usual slips, for R@5 and minD = 0.05."""
    scores = case_study_scores()
    within, residual = (variance_from_scores(scores, measure="R@5", paired=p) for p in (False, True))
    effect = 0.05 / math.sqrt(2 * within)
    return {"right": queries_for_power(effect, alternative="greater"),
            "two-sided": queries_for_power(effect),
            "variance as sigma_d^2": queries_for_power(0.05 / math.sqrt(within), alternative="greater"),
            "residual": queries_for_power(0.05 / math.sqrt(2 * residual), alternative="greater")}


@exercise("how-many-queries-one-sided")
def _one_sided(answer) -> None:
    got, sizes = _whole_number(answer, "a number of questions"), _r5_sizes()
    if got == sizes["right"]:
        return
    if got == sizes["two-sided"]:
        raise ExerciseMistake("That is the two-sided design. A one-sided test puts all of alpha "
                              "in one tail: pass alternative=\"greater\".")
    if got == sizes["variance as sigma_d^2"]:
        raise ExerciseMistake("The variance of a difference of two systems is 2 sigma^2: "
                              "divide 0.05 by the square root of twice the estimate.")
    if got == sizes["residual"]:
        raise ExerciseMistake("That is the paired design from the two-way residual V_E. Sakai's "
                              "design takes the within-system variance, variance_from_scores's "
                              "default, as the chapter's worked design does.")
    if got < sizes["right"]:
        raise ExerciseMistake(f"Too few: with {got} questions the one-sided test does not yet "
                              "reach 80% power for a gain of 0.05. Check how you turned 0.05 into "
                              "an effect size.")
    if got < sizes["two-sided"]:
        raise ExerciseMistake("Too many: fewer questions already reach 80% power; the design asks "
                              "for the smallest number that does.")
    raise ExerciseMistake("A one-sided test needs fewer questions than the two-sided design, not more.")


@lru_cache(maxsize=1)
def _glass_sizes() -> tuple[int, int]:
    scores = case_study_scores()
    effect = paired_effect_size(scores["title+text"], scores["text"], measure="nDCG@5")
    return queries_for_power(effect.glass_delta), queries_for_power(effect.cohens_d)


@exercise("how-many-queries-glass-delta")
def _glass(answer) -> None:
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__len__") or len(answer) != 2:
        raise ExerciseMistake("expected a pair (colleague's number, right number).")
    colleague, right = (_whole_number(value, "two numbers of questions") for value in answer)
    want_colleague, want_right = _glass_sizes()
    if (colleague, right) == (want_right, want_colleague):
        raise ExerciseMistake("The two numbers are swapped: the colleague's comes first.")
    if colleague != want_colleague:
        raise ExerciseMistake("The colleague's number is not right: Glass's delta divides the gain "
                              "by the standard deviation of the baseline's scores, text's nDCG@5.")
    if right != want_right:
        raise ExerciseMistake("The right number is not right: a paired t-test's effect size "
                              "divides the gain by the spread of the per-question differences.")


# The cases zip these lists; a graded run shuffles each list on its own, so the grader's
# cases mix them anew (every mix is a valid design).
_ANOVA_RANGES = [0.05, 0.05, 0.1, 0.1, 0.2, 0.03, 0.15]
_ANOVA_VARIANCES = [0.02, 0.02, 0.03, 0.005, 0.05, 0.01, 0.04]
_ANOVA_SYSTEMS = [2, 5, 4, 10, 3, 20, 6]
_ANOVA_QUERIES = [128, 192, 30, 5, 2, 400, 61]


@exercise("how-many-queries-anova-power")
def _anova(answer) -> None:
    check_function_on_cases(
        answer, "anova_power",
        [{"min_range": min_range, "variance": variance, "n_systems": n_systems,
          "n_queries": n_queries, "alpha": alpha}
         for min_range, variance, n_systems, n_queries in zip(_ANOVA_RANGES, _ANOVA_VARIANCES,
                                                               _ANOVA_SYSTEMS, _ANOVA_QUERIES)
         for alpha in (0.05, 0.01)],
        lambda min_range, variance, n_systems, n_queries, alpha: anova_power(
            min_range, variance, n_queries, n_systems=n_systems, alpha=alpha),
        "Check the noncentrality (the number of queries times the sum of squared distances of "
        "the system means from their mean, over sigma^2) and the error degrees of freedom, "
        "m(|Q| - 1).",
        tolerance=1e-6)


@lru_cache(maxsize=1)
def _weak_system_p() -> float:
    scores = case_study_scores(list(case_study_retrievers()))
    return tukey_hsd(scores, measure="AP").p_value("text", "title+text")


@exercise("how-many-queries-weak-system")
def _weak_system(answer) -> None:
    try:
        value = float(answer)
    except (TypeError, ValueError):
        raise ExerciseMistake(f"expected a p-value, got {type(answer).__name__}.") from None
    if abs(value - _weak_system_p()) > 5e-4:
        raise ExerciseMistake("That is not the adjusted p-value of text against title+text: run tukey_hsd "
                              "on AP over all five retrievers, paired, and read that pair.")


#: The swap-rate exercise: TREC-7 ad hoc, AP, sets of 5 to 25 topics, as the chapter runs TREC-8.
SWAP_EXERCISE = {"track": "adhoc7", "measure": "AP", "sizes": (5, 10, 15, 20, 25), "trials": 100,
                 "seed": 7, "topics": 50, "below": 0.05}


@lru_cache(maxsize=1)
def _extrapolated_rates() -> dict[float, float]:
    """{lower edge of a bin: its swap rate extrapolated to 50 topics} for TREC-7's AP."""
    setting = SWAP_EXERCISE
    matrix = data.trec_per_topic(setting["track"], setting["measure"]).scores
    rates = swap_rates(matrix, setting["sizes"], trials=setting["trials"], seed=setting["seed"])
    return {low: extrapolated_swap_rate(rates, low, setting["topics"]) for low in SWAP_BINS[:-2]}


@exercise("how-many-queries-swap-extrapolation")
def _swap_extrapolation(answer) -> None:
    rates = _extrapolated_rates()
    below = SWAP_EXERCISE["below"]
    right = min(low for low, rate in rates.items() if rate < below)
    try:
        value = float(answer)
    except (TypeError, ValueError):
        raise ExerciseMistake(f"expected the lower edge of a bin (a number such as 0.05), got "
                              f"{type(answer).__name__}.") from None
    if any(math.isclose(value, low, abs_tol=1e-9) for low in SWAP_BINS):
        if math.isclose(value, right, abs_tol=1e-9):
            return
        if value > right:
            raise ExerciseMistake(f"That bin's swap rate is below {below} at 50 topics, but a bin of "
                                  "smaller differences is too: look for the smallest.")
        raise ExerciseMistake(f"That bin's swap rate extrapolated to 50 topics is {rates[value]:.3f}, "
                              f"not below {below}.")
    if any(math.isclose(value, rate, rel_tol=0.2) for rate in rates.values()):
        raise ExerciseMistake("That looks like a swap rate; the answer is the difference where the "
                              "bin starts (its lower edge).")
    raise ExerciseMistake(f"Answer with the lower edge of one of the bins: {list(SWAP_BINS[:-1])}.")
