"""Checks of the exercises in the chapter "Can the judgements be trusted?".

Every expected value is computed here, with the package's functions, from the data the
exercise gives; none is written out.

>>> from rankmetrics_course.exercises import check
>>> check("judgements-kappa-from-table", 0.925)
judgements-kappa-from-table: not yet. That is the observed agreement, p_o: kappa sets it against the agreement chance alone would give.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from rankmetrics_course.chapters.can_the_judgements_be_trusted.judges import (
    simulated_collection_of_twelve,
    simulated_judgements,
)
from rankmetrics_course.chapters.can_the_judgements_be_trusted.real_judges import (
    graded_kappa,
    judge_agreements,
    llm_judges,
    median_judge,
    on_scale,
)
from rankmetrics_course.chapters.can_the_judgements_be_trusted.view import system_means
from rankmetrics_course.exercises.registry import ExerciseMistake, answer_number, exercise, expect_callable, returned_number
from rankmetrics_lite import cohen_kappa, kendall_tau, rank_biased_overlap, tau_ap

# The exercise's table: both relevant, only the first, only the second, neither (a tuple:
# a value answer reads no hidden inputs).
_TABLE_COUNTS = (15, 10, 5, 170)


def _table_labels() -> tuple[list[int], list[int]]:
    both, first, second, neither = _TABLE_COUNTS
    a = [1] * both + [1] * first + [0] * second + [0] * neither
    b = [1] * both + [0] * first + [1] * second + [0] * neither
    return a, b


@exercise("judgements-kappa-from-table")
def _kappa_from_table(answer) -> None:
    got = answer_number(answer, "a number")
    a, b = _table_labels()
    want = cohen_kappa(a, b)
    if abs(got - want) <= 5e-4:
        return
    observed = sum(x == y for x, y in zip(a, b)) / len(a)
    if abs(got - observed) <= 5e-4:
        raise ExerciseMistake("That is the observed agreement, p_o: kappa sets it against the "
                              "agreement chance alone would give.")
    if abs(got - (observed - 0.5) / 0.5) <= 5e-4:
        raise ExerciseMistake("p_e is not 1/2: each assessor keeps its own share of relevant "
                              "documents, so p_e adds the chance that both say relevant and the "
                              "chance that both say not relevant.")
    raise ExerciseMistake("Not kappa for this table: p_e is the sum over the two labels of the "
                          "product of the two assessors' shares.")


@lru_cache(maxsize=1)
def _many_judges() -> tuple[float, float]:
    collection = simulated_collection_of_twelve()
    runs = {f"S{i + 1}": run for i, run in enumerate(collection.runs)}
    true = system_means(runs, collection.pool, "P@10")
    pairs = []
    for seed in range(100):
        judged = system_means(runs, simulated_judgements(collection, 0.3, seed=seed), "P@10")
        pairs.append((kendall_tau(true, judged), tau_ap(true, judged)))
    tau, tau_ap_mean = np.mean(pairs, axis=0)
    return float(tau), float(tau_ap_mean)


@exercise("judgements-many-judges")
def _many(answer) -> None:
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__len__") or len(answer) != 2:
        raise ExerciseMistake("expected a pair (mean tau, mean tau_AP).")
    tau, tau_ap_mean = (answer_number(value, "two numbers") for value in answer)
    want_tau, want_ap = _many_judges()
    if abs(tau - want_ap) <= 1e-3 and abs(tau_ap_mean - want_tau) <= 1e-3 and want_tau != want_ap:
        raise ExerciseMistake("The two are swapped: mean tau first, then mean tau_AP.")
    if abs(tau - want_tau) > 1e-3:
        raise ExerciseMistake("The mean tau is not right: compare the twelve systems' mean P@10 "
                              "under collection.pool with their mean P@10 under each of the 100 "
                              "assessors (seeds 0 to 99) at error rate 0.3, then average.")
    if abs(tau_ap_mean - want_ap) > 1e-3:
        raise ExerciseMistake("The mean tau_AP is not right: the true ordering is the first "
                              "argument of tau_ap, the judged one the second.")


# Rankings of eight and five items as integer ids, and the persistence of each case.
_RBO_FIRST = [[1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5], [4, 7, 1, 9, 2], [1, 2, 3, 4, 5, 6, 7, 8]]
_RBO_SECOND = [[2, 1, 4, 3, 9, 10, 6, 12], [6, 7, 8, 9, 10], [4, 1, 7, 2, 9], [8, 7, 6, 5, 4, 3, 2, 1]]
_RBO_P = [0.9, 0.8, 0.5, 0.95]


@exercise("judgements-rbo-bounds")
def _rbo_bounds(answer) -> None:
    expect_callable(answer, "rbo_bounds")
    for a, b in zip(_RBO_FIRST, _RBO_SECOND):
        for p in _RBO_P:
            want = rank_biased_overlap(a, b, p=p)
            got = answer(list(a), list(b), p)
            where = f"for a={a}, b={b}, p={p}"
            if isinstance(got, (str, bytes)) or not hasattr(got, "__len__") or len(got) != 2:
                raise ExerciseMistake(f"{where} your function returned {got!r}, not a pair (minimum, maximum).")
            low, high = (returned_number(value, where) for value in got)
            if abs(low - want.minimum) > 1e-9:
                raise ExerciseMistake(f"{where} your minimum is {low:.6f}, which is not RBO_min: check "
                                      "the depths beyond k, which the minimum also counts.")
            if abs(high - want.maximum) > 1e-9:
                raise ExerciseMistake(f"{where} your maximum is {high:.6f}, which is not RBO_max: check "
                                      "how fast the overlap can grow beyond depth k, and when it stops.")


@lru_cache(maxsize=1)
def _best_single_judge_kappa() -> float:
    """Kept: every judge's agreement takes seconds, and a wrong answer should not wait for it twice."""
    return judge_agreements(llm_judges())[0].graded


@exercise("judgements-median-judge")
def _median_judge(answer) -> None:
    got = answer_number(answer, "a number")
    pairs = llm_judges()
    want = graded_kappa(pairs.nist, median_judge(pairs))
    if abs(got - want) <= 5e-4:
        return
    if abs(got - _best_single_judge_kappa()) <= 5e-4:
        raise ExerciseMistake("That is the best single judge's kappa: build the panel's label first, the "
                              "median of the 33 labels of each pair, then compare it with NIST's.")
    labels = on_scale(np.stack(list(pairs.judges.values())))
    if abs(got - graded_kappa(pairs.nist, np.rint(labels.mean(axis=0)).astype(int))) <= 5e-4:
        raise ExerciseMistake("That is the kappa of the rounded mean label: a mean of grades treats them "
                              "as distances; take the median, the middle one of the 33 labels.")
    raise ExerciseMistake("Not the graded kappa of the median judge: for every pair take the median of "
                          "the 33 judges' labels (read a label above 3 as 3), and compare those grades "
                          "with NIST's, unweighted over the four grades 0 to 3.")
