"""Checks of the exercises in the chapter "Evaluating recommenders offline".

Every expected value is computed here, from the chapter's synthetic data, MovieLens and its
recommenders, when an answer is first checked (the right value first, the values behind the
hints only for a wrong answer); none is written out.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from rankmetrics_course.chapters.recommenders_offline.data import synthetic_interactions
from rankmetrics_course.chapters.recommenders_offline.leakage import top_k_from_the_past
from rankmetrics_course.chapters.recommenders_offline.movielens import movielens_log
from rankmetrics_course.chapters.recommenders_offline.recommenders import ItemKNN, MostPopular
from rankmetrics_course.chapters.recommenders_offline.view import (
    fit_and_rank,
    held_out_test,
    mean_and_error,
    true_hit_chances,
)
from rankmetrics_course.exercises.registry import ExerciseMistake, answer_number, exercise
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


@exercise("recommenders-offline-sampled-ndcg", prepare=_sampled_ndcg)
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


@exercise("recommenders-offline-recent-popularity", prepare=_recent_popularity)
def _recent_popularity_check(answer) -> None:
    got, values = answer_number(answer, "a number"), _recent_popularity()
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
def _weekly_lists():
    """The synthetic leave-one-out test and each user's top 10 from item-kNN retrained weekly."""
    data = synthetic_interactions()
    held = held_out_test(data, leave_one_out_split(data.users, data.timestamps))
    return data, held, top_k_from_the_past(data, held, ItemKNN(), every=7)


@exercise("recommenders-offline-loo-truth", prepare=_weekly_lists)
def _loo_truth_check(answer) -> None:
    data, held, lists = _weekly_lists()
    got = _pair(answer, "(replayed HR@10, standard error)")
    right = mean_and_error((lists == held.items[:, None]).any(axis=1))
    if _close(got, right):
        return
    if _close(got, right[::-1]):
        raise ExerciseMistake("The two values are swapped: the hit rate comes first, its standard error second.")
    if _close(got[0], right[0]):
        raise ExerciseMistake("The hit rate is right; its standard error is not: the standard deviation of "
                              "the per-user hits (0 or 1) over the square root of the number of users.")
    if _close(got[0], metric_of_rank(_leave_one_out()[2]["item-kNN"], "HR@10").mean()):
        raise ExerciseMistake("That is leave-one-out's estimate, from a model trained with the future: take "
                              "each user's top 10 from item-kNN retrained weekly on the past instead.")
    if _close(got[0], true_hit_chances(data, held, lists).mean()):
        raise ExerciseMistake("That is the past-only model's true hit rate, which a real log cannot give: "
                              "count the held-out items that the replayed top 10s hold.")
    raise ExerciseMistake("Not the replayed HR@10: under leave-one-out, top_k_from_the_past(data, loo, "
                          "ItemKNN(), every=7) gives each user's top 10; the hit rate is the share of users "
                          "whose held-out item is among them.")


@lru_cache(maxsize=2)
def _liked_ranks(min_rating):
    """Leave-one-out on MovieLens's ratings of at least ``min_rating`` stars (None: every
    rating), and the full ranks of item-kNN and most popular."""
    log = movielens_log(min_rating=min_rating)
    held = held_out_test(log, leave_one_out_split(log.users, log.timestamps))
    return held, fit_and_rank(held, [ItemKNN(), MostPopular()])


def _liked(min_rating, n_negatives: int = 100) -> tuple[float, float]:
    """(full, expected sampled) HR@10 of item-kNN minus most popular."""
    held, ranks = _liked_ranks(min_rating)
    full = [float(metric_of_rank(ranks[n], "HR@10").mean()) for n in ("item-kNN", "most popular")]
    sampled = [expected_sampled_metric(ranks[n], held.n_candidates, n_negatives, "HR@10")
               for n in ("item-kNN", "most popular")]
    return full[0] - full[1], sampled[0] - sampled[1]


@exercise("recommenders-offline-liked", prepare=lambda: _liked_ranks(4))
def _liked_check(answer) -> None:
    got, right = _pair(answer, "(full difference, sampled difference)"), _liked(4)
    if _close(got, right):
        return
    if _close(got, right[::-1]):
        raise ExerciseMistake("The two values are swapped: the full difference comes first.")
    if _close(got, (-right[0], -right[1])):
        raise ExerciseMistake("The signs are reversed: item-kNN minus most popular, not the other way.")
    if _close(got, _liked(None)):
        raise ExerciseMistake("Those are the differences with every rating as an interaction; keep only "
                              "the ratings of 4 stars or more (movielens_log(min_rating=4)).")
    if _close(got[0], right[0]) and _close(got[1], _liked(4, 50)[1]):
        raise ExerciseMistake("The sampled difference is for 50 negatives; the question asks for 100.")
    raise ExerciseMistake("Not the expected differences: with movielens_log(min_rating=4), hold out each "
                          "user's last rating, rank it among every movie the user did not train on, and "
                          "take HR@10 (full) and expected_sampled_metric with 100 negatives.")
