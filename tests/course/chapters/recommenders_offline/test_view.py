"""The chapter "Evaluating recommenders offline": its synthetic data, recommenders and views
(held-out tests, true hit rates, orders with ties, and the sampled-metrics slider in both
faces)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from matplotlib.figure import Figure

from rankmetrics_course.chapters.recommenders_offline.data import synthetic_interactions
from rankmetrics_course.chapters.recommenders_offline.recommenders import ALS, ItemKNN, MostPopular
from rankmetrics_course.chapters.recommenders_offline.view import (
    NEGATIVES,
    fit_and_rank,
    held_out_test,
    order_text,
    reversed_pairs,
    sampled_frame,
    sampled_slider,
    top_k_lists,
    true_hit_rate,
)
from rankmetrics_lite import expected_sampled_metric, leave_one_out_split, metric_of_rank, temporal_split
from tests.course.stored_faces import stored_frames_of

CHAPTER = "24-recommenders-offline"


@pytest.fixture(scope="module")
def small():
    data = synthetic_interactions(n_users=150, n_items=120, mean_extra=8.0, seed=7)
    held = held_out_test(data, leave_one_out_split(data.users, data.timestamps))
    return data, held


def test_the_data_is_seeded_sorted_and_as_stated():
    one = synthetic_interactions(n_users=50, n_items=40, seed=3)
    two = synthetic_interactions(n_users=50, n_items=40, seed=3)
    assert np.array_equal(one.items, two.items) and np.array_equal(one.timestamps, two.timestamps)
    assert (np.diff(one.timestamps) >= 0).all()
    pairs = set(zip(one.users.tolist(), one.items.tolist()))
    assert len(pairs) == len(one)  # a user picks an item once
    assert (one.released[one.items] <= one.timestamps).all()  # never before its release
    assert np.bincount(one.users, minlength=50).min() >= 5
    p = one.choice_probabilities(0, 100.0, seen=[0, 1])
    assert p.sum() == pytest.approx(1.0) and p[0] == 0 and p[1] == 0


def test_the_recommenders_are_deterministic_and_refuse_a_bad_matrix(small):
    data, held = small
    for make in (MostPopular, ItemKNN, ALS):
        a, b = make().fit(held.train).scores(held.users[:5]), make().fit(held.train).scores(held.users[:5])
        assert np.array_equal(a, b) and a.shape == (5, data.n_items)
    with pytest.raises(ValueError, match="0/1 matrix"):
        MostPopular().fit(np.full((2, 2), 2.0))


def test_held_out_is_each_users_earliest_test_row(small):
    data, held = small
    assert len(set(held.users.tolist())) == held.users.size
    for row, user in zip(held.rows[:20], held.users[:20]):
        assert data.timestamps[row] == data.timestamps[data.users == user].max()
    assert not held.exclude[np.arange(held.users.size), held.items].any()
    assert (held.n_candidates == data.n_items - np.diff(held.train.indptr)[held.users]).all()


def test_top_k_lists_leave_training_items_out_and_follow_full_ranks(small):
    data, held = small
    model = ItemKNN().fit(held.train)
    lists = top_k_lists(model, held, 10)
    assert not np.take_along_axis(held.exclude, lists, axis=1).any()
    ranks = fit_and_rank(held, [ItemKNN()])["item-kNN"]
    inside = (lists == held.items[:, None]).any(axis=1)
    assert np.array_equal(inside, ranks <= 10)


def test_true_hit_rate_is_the_mean_hit_of_many_draws(small):
    data, held = small
    model = MostPopular().fit(held.train)
    truth = true_hit_rate(data, held, model)
    lists = top_k_lists(model, held, 10)
    rng = np.random.default_rng(0)
    hits = []
    for u, row, seen, top in zip(held.users, held.rows, held.exclude, lists):
        p = data.choice_probabilities(u, data.timestamps[row], np.flatnonzero(seen))
        hits.append(np.isin(rng.choice(data.n_items, 400, p=p), top).mean())
    assert np.mean(hits) == pytest.approx(truth, abs=0.01)


def test_sampled_frame_numbers_and_alt_text(small):
    data, held = small
    ranks = fit_and_rank(held)
    frame = sampled_frame(ranks, held.n_candidates, 20)
    for name, r in ranks.items():
        want = expected_sampled_metric(r, held.n_candidates, 20, "HR@10")
        assert frame.numbers[f"sampled HR@10 {name}"] == f"{want:.4f}"
    full = sampled_frame(ranks, held.n_candidates, "all")
    assert full.numbers["negatives"] == "all"
    assert full.numbers["sampled HR@10 ALS"] == f"{metric_of_rank(ranks['ALS'], 'HR@10').mean():.4f}"
    assert "The bars give the same order as the full metric." in full.alt
    assert isinstance(frame.figure, Figure) and len(frame.figure.axes[0].patches) == 3


def test_live_widget_follows_the_slider(small):
    data, held = small
    ranks = fit_and_rank(held)
    box = sampled_slider(ranks, held.n_candidates, value=20).widget()
    control, shown = box.children
    want = expected_sampled_metric(ranks["ALS"], held.n_candidates, 50, "HR@10")
    control.value = 50
    assert f'data-name="sampled HR@10 ALS">{want:.4f}<' in shown.value


def test_static_face_holds_every_number_of_negatives():
    """The chapter's stored face of the slider, compared with frames computed now."""
    data = synthetic_interactions()
    held = held_out_test(data, leave_one_out_split(data.users, data.timestamps))
    ranks = fit_and_rank(held)
    html, frames = stored_frames_of(CHAPTER, sampled_slider(ranks, held.n_candidates, value=100))
    assert frames["values"] == [str(n) for n in NEGATIVES]
    at_100 = frames["html"][NEGATIVES.index(100)]
    assert "order\">item-kNN &gt; ALS &gt; most popular<" in at_100 or "item-kNN > ALS > most popular" in at_100
    assert "most popular = item-kNN = ALS" in frames["html"][NEGATIVES.index(5)]  # every HR@10 is 1
    assert not re.search(r"(src|href)=\"(https?:)?//", html)


def test_the_temporal_split_trains_on_the_past_only():
    data = synthetic_interactions(n_users=100, n_items=80, seed=5)
    split = temporal_split(data.users, data.timestamps, test_fraction=0.2)
    held = held_out_test(data, split)
    assert data.timestamps[split.train].max() <= data.timestamps[held.rows].min()


# ------------------------------------------------------------ the recommenders --


def dense_item_knn_scores(train: np.ndarray, users, neighbours: int) -> np.ndarray:
    """Item-kNN as a plain dense computation: each item keeps its most similar items by a
    stable sort of decreasing cosine (equal values: the lower index)."""
    norms = np.sqrt(train.sum(axis=0))
    norms[norms == 0] = 1.0
    similarity = (train.T @ train) / np.outer(norms, norms)
    np.fill_diagonal(similarity, 0.0)
    kept = np.zeros_like(similarity)
    for i, row in enumerate(similarity):
        top = np.argsort(-row, kind="stable")[:neighbours]
        kept[i, top] = row[top]
    return train[users] @ kept


@pytest.mark.parametrize("seed", range(4))
def test_item_knn_keeps_what_a_stable_sort_keeps_block_by_block(seed):
    rng = np.random.default_rng(seed)
    train = (rng.random((40, 30)) < 0.15).astype(float)  # few co-raters: many tied cosines
    users = np.arange(40)
    want = dense_item_knn_scores(train, users, 5)
    got = ItemKNN(neighbours=5, block=7).fit(train).scores(users)
    assert np.allclose(got, want, rtol=0, atol=1e-12)


def test_scores_of_a_users_history_are_the_scores_of_that_user(small):
    data, held = small
    users = held.users[:6]
    for make in (MostPopular, ItemKNN, ALS):
        model = make().fit(held.train)
        from_history = model.scores_of(held.train[users])
        if make is ALS:  # a fresh half-step from the fitted items: close, not equal
            assert np.corrcoef(from_history.ravel(), model.scores(users).ravel())[0, 1] > 0.99
        else:
            assert np.array_equal(from_history, model.scores(users))


# ------------------------------------------------------------- orders and ties --


def test_an_order_prints_ties_as_ties():
    assert order_text({"a": 1.0, "b": 1.0, "c": 1.0}) == "a = b = c"
    assert order_text({"a": 0.2, "b": 0.5, "c": 0.20001}) == "b > a = c"  # equal as shown
    assert order_text({"a": 0.1, "b": 0.3, "c": 0.2}) == "b > c > a"


def test_reversed_pairs_are_strict_on_both_sides():
    full = {"pop": 0.13, "knn": 0.17, "als": 0.18}
    assert reversed_pairs(full, {"pop": 0.98, "knn": 0.96, "als": 0.979}) == ["pop > knn", "pop > als"]
    assert reversed_pairs(full, {"pop": 1.0, "knn": 1.0, "als": 1.0}) == []
    assert reversed_pairs({"a": 0.5, "b": 0.5}, {"a": 0.1, "b": 0.9}) == []


def test_the_slider_shows_a_tie_where_every_hit_rate_is_one(small):
    data, held = small
    frame = sampled_frame(fit_and_rank(held), held.n_candidates, 5)
    assert {frame.numbers[f"sampled HR@10 {name}"] for name in ("most popular", "item-kNN", "ALS")} == {"1.0000"}
    assert frame.numbers["order"] == "most popular = item-kNN = ALS"


def drawn_pick_by_pick(n_users, n_items, seed, mean_extra=20.0):
    """The log as the model states it, one pick at a time (skipping a moment when the user has
    picked every released item), from the same generator as synthetic_interactions."""
    rng = np.random.default_rng(seed)
    tastes_items = rng.normal(size=(n_items, 8))
    tastes_users = rng.normal(size=(n_users, 8)) * 1.5 / np.sqrt(8)
    base = -np.log(rng.permutation(n_items) + 1.0)
    released = np.where(rng.random(n_items) < 0.4, rng.uniform(0, 365, n_items), 0.0)
    counts = 5 + rng.geometric(1 / (mean_extra + 1), n_users) - 1
    starts = rng.uniform(0, 300, n_users)
    ends = rng.uniform(starts + 65, 365)
    picks = []
    for u in range(n_users):
        seen = np.zeros(n_items, bool)
        for t in np.sort(rng.uniform(starts[u], ends[u], counts[u])):
            popularity = np.where(released <= t, base - (t - released) / 90.0, -np.inf)
            logits = tastes_items @ tastes_users[u] + popularity
            logits[seen] = -np.inf
            if np.isfinite(logits).any():
                chosen = int(np.argmax(logits + rng.gumbel(size=n_items)))
                seen[chosen] = True
                picks.append((t, u, chosen))
    return sorted(picks, key=lambda pick: pick[0])


@pytest.mark.parametrize("n_users, n_items, seed", [(40, 60, 0), (30, 12, 1), (25, 8, 2)])
def test_the_draw_is_the_model_pick_by_pick(n_users, n_items, seed):
    data = synthetic_interactions(n_users=n_users, n_items=n_items, seed=seed)
    picks = drawn_pick_by_pick(n_users, n_items, seed)
    assert len(picks) == len(data)
    assert [(u, i) for _, u, i in picks] == list(zip(data.users.tolist(), data.items.tolist()))
    assert np.array_equal([t for t, _, _ in picks], data.timestamps)
