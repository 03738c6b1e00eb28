"""Leakage measured on the synthetic log: the deployable model's lists see only the past."""

from __future__ import annotations

import numpy as np
import pytest

from rankmetrics_course.chapters.recommenders_offline.data import synthetic_interactions
from rankmetrics_course.chapters.recommenders_offline.leakage import history_before, top_k_from_the_past
from rankmetrics_course.chapters.recommenders_offline.recommenders import ItemKNN, MostPopular
from rankmetrics_course.chapters.recommenders_offline.view import (
    held_out_test,
    top_k_by_score,
    top_k_lists,
    true_hit_chances,
    true_hit_rate,
)
from rankmetrics_lite import leave_one_out_split


@pytest.fixture(scope="module")
def small():
    data = synthetic_interactions(n_users=150, n_items=120, mean_extra=8.0, seed=7)
    return data, held_out_test(data, leave_one_out_split(data.users, data.timestamps))


class Spy(MostPopular):
    """Most popular, recording the times of what it is fitted on and the histories it scores."""

    def __init__(self):
        self.fitted, self.scored = [], []

    def fit(self, train):
        self.fitted.append(train)
        return super().fit(train)

    def scores_of(self, history):
        self.scored.append(history)
        return super().scores_of(history)


def pairs(matrix) -> set[tuple[int, int]]:
    rows, columns = matrix.nonzero()
    return set(zip(rows.tolist(), columns.tolist()))


def test_history_before_is_each_users_earlier_interactions(small):
    data, held = small
    users, times = held.users[:25], data.timestamps[held.rows[:25]]  # the held-out pick is not before itself
    want = {(j, int(i)) for j, (u, t) in enumerate(zip(users, times))
            for i, when in zip(data.items[data.users == u], data.timestamps[data.users == u]) if when < t}
    assert pairs(history_before(data, users, times)) == want


def test_the_past_model_is_fitted_before_the_period_and_scores_the_users_past(small):
    data, held = small
    spy = Spy()
    lists = top_k_from_the_past(data, held, spy, every=30.0)
    times = data.timestamps[held.rows]
    starts = np.unique(np.floor(times / 30.0)) * 30.0
    assert len(spy.fitted) == starts.size
    for start, fitted, history in zip(starts, spy.fitted, spy.scored):
        before = np.flatnonzero(data.timestamps < start)
        assert pairs(fitted) == set(zip(data.users[before].tolist(), data.items[before].tolist()))
        group = np.flatnonzero(np.floor(times / 30.0) * 30.0 == start)
        assert pairs(history) == pairs(history_before(data, held.users[group], times[group]))
    assert not np.take_along_axis(held.exclude, lists, axis=1).any()


def test_the_past_model_of_one_long_period_is_most_popular_before_it(small):
    data, held = small
    every = 1000.0  # one period starting at day 0: nothing before it, every count 0
    lists = top_k_from_the_past(data, held, MostPopular(), every=every)
    assert np.array_equal(lists, top_k_by_score(np.zeros(held.exclude.shape), held.exclude))


def test_true_hit_chances_average_to_the_true_hit_rate(small):
    data, held = small
    model = ItemKNN().fit(held.train)
    chances = true_hit_chances(data, held, top_k_lists(model, held))
    assert chances.shape == held.users.shape and ((chances >= 0) & (chances <= 1)).all()
    assert chances.mean() == pytest.approx(true_hit_rate(data, held, model), abs=1e-15)
