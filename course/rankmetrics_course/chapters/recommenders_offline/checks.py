"""Checks of the exercises in the chapter "Evaluating recommenders offline".

Every expected value is computed here, from the chapter's synthetic data and its
recommenders, when an answer is first checked; none is written out.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from rankmetrics_course.chapters.recommenders_offline.data import synthetic_interactions
from rankmetrics_course.chapters.recommenders_offline.recommenders import ALS
from rankmetrics_course.chapters.recommenders_offline.view import (
    fit_and_rank,
    held_out_test,
    true_hit_rate,
)
from rankmetrics_course.exercises.registry import ExerciseMistake, exercise
from rankmetrics_lite import (
    expected_sampled_metric,
    full_ranks,
    leave_one_out_split,
    metric_of_rank,
    temporal_split,
)


def _pair(answer, what: str) -> tuple[float, float]:
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__len__") or len(answer) != 2:
        raise ExerciseMistake(f"expected a pair {what}.")
    try:
        return float(answer[0]), float(answer[1])
    except (TypeError, ValueError):
        raise ExerciseMistake(f"expected a pair of numbers {what}.") from None


def _number(answer) -> float:
    if isinstance(answer, bool):
        raise ExerciseMistake("expected a number, got a bool.")
    try:
        return float(answer)
    except (TypeError, ValueError):
        raise ExerciseMistake(f"expected a number, got {type(answer).__name__}.") from None


def _close(got, want, tolerance: float = 5e-4) -> bool:
    return bool(np.all(np.abs(np.subtract(got, want)) <= tolerance))


@lru_cache(maxsize=1)
def _leave_one_out():
    data = synthetic_interactions()
    held = held_out_test(data, leave_one_out_split(data.users, data.timestamps))
    return data, held, fit_and_rank(held)


@lru_cache(maxsize=1)
def _sampled_ndcg() -> dict[str, tuple[float, float]]:
    _, held, ranks = _leave_one_out()
    names = ("item-kNN", "ALS")
    return {"right": tuple(expected_sampled_metric(ranks[n], held.n_candidates, 100, "nDCG@10") for n in names),
            "full": tuple(float(metric_of_rank(ranks[n], "nDCG@10").mean()) for n in names),
            "hit rate": tuple(expected_sampled_metric(ranks[n], held.n_candidates, 100, "HR@10") for n in names)}


@exercise("recommenders-offline-sampled-ndcg")
def _sampled_ndcg_check(answer) -> None:
    got, values = _pair(answer, "(item-kNN, ALS)"), _sampled_ndcg()
    if _close(got, values["right"]):
        return
    if _close(got, values["right"][::-1]):
        raise ExerciseMistake("The two values are swapped: item-kNN comes first.")
    if _close(got, values["full"]):
        raise ExerciseMistake("Those are the full-catalogue nDCG@10 values; the question asks for the "
                              "sampled metric with 100 negatives.")
    if _close(got, values["hit rate"]):
        raise ExerciseMistake("Those are sampled HR@10 values; the question asks for nDCG@10.")
    if _close(got, values["right"], 0.02):
        raise ExerciseMistake("Close, but a single sample is noisy: ask for the expectation over every "
                              "sample, expected_sampled_metric.")
    raise ExerciseMistake("Not the expected sampled nDCG@10: rank each held-out item among 100 negatives "
                          "of the user's own candidates (n_candidates), under leave-one-out.")


def _temporal_hit_rate(counts_from) -> float:
    data = synthetic_interactions()
    split = temporal_split(data.users, data.timestamps, test_fraction=0.2)
    held = held_out_test(data, split)
    times = data.timestamps[split.train]
    rows = split.train[counts_from(times, data.timestamps[split.test].min())]
    counts = np.bincount(data.items[rows], minlength=data.n_items).astype(float)
    scores = np.tile(counts, (held.users.size, 1))
    return float(metric_of_rank(full_ranks(scores, held.items, exclude=held.exclude), "HR@10").mean())


@lru_cache(maxsize=1)
def _recent_popularity() -> dict[str, float]:
    return {"right": _temporal_hit_rate(lambda t, cut: t >= cut - 30),
            "all time": _temporal_hit_rate(lambda t, cut: t >= -np.inf),
            "7 days": _temporal_hit_rate(lambda t, cut: t >= cut - 7)}


@exercise("recommenders-offline-recent-popularity")
def _recent_popularity_check(answer) -> None:
    got, values = _number(answer), _recent_popularity()
    if _close(got, values["right"]):
        return
    if _close(got, values["all time"]):
        raise ExerciseMistake("That is the all-time most-popular baseline: count only the training "
                              "interactions of the last 30 days before the cut.")
    if _close(got, values["7 days"]):
        raise ExerciseMistake("That window is a week; the question asks for 30 days.")
    raise ExerciseMistake("Not the recent-popularity HR@10: the cut is the earliest test time; score "
                          "each item by its training interactions at most 30 days before it, leave "
                          "each user's training items out, and rank the held-out item among the rest.")


@lru_cache(maxsize=1)
def _loo_als() -> tuple[float, float]:
    data, held, ranks = _leave_one_out()
    estimate = float(metric_of_rank(ranks["ALS"], "HR@10").mean())
    return estimate, true_hit_rate(data, held, ALS().fit(held.train))


@exercise("recommenders-offline-loo-truth")
def _loo_truth_check(answer) -> None:
    got = _pair(answer, "(estimate, true hit rate)")
    estimate, truth = _loo_als()
    if _close(got, (estimate, truth)):
        return
    if _close(got, (truth, estimate)):
        raise ExerciseMistake("The two values are swapped: the leave-one-out estimate comes first.")
    if _close(got[0], estimate):
        raise ExerciseMistake("The estimate is right; the true hit rate is not. Use the model's choice "
                              "probabilities at each held-out interaction's time, given the user's "
                              "training items.")
    raise ExerciseMistake("The estimate is not ALS's leave-one-out HR@10: hold out each user's last "
                          "interaction and rank it among every item the user did not train on.")
