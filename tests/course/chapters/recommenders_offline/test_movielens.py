"""MovieLens ``ml-latest-small`` as chapter 24 reads it, and what the chapter computes on it,
against independent references:

* the log: every rating, sorted by time, ties in file order;
* HR@10 and nDCG@10 of each user's held-out rating under leave-one-out, for the chapter's
  three recommenders, against cornac's ``HitRatio`` and ``NDCG`` and Microsoft's
  ``recommenders`` (``recall_at_k`` is the hit rate with one held-out item, ``ndcg_at_k``),
  each given the ranking built here by sorting (trec_eval's order: score, then larger index);
* the expected sampled metric against sampling real negatives and ranking them by the
  models' scores, many times;
* Krichene and Rendle's correction against their least-squares problem solved afresh
  (the hypergeometric law from scipy's binomial coefficients, the problem stacked and
  given to ``numpy.linalg.lstsq``), and against their own sampling with replacement
  (scipy's binomial distribution).
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from scipy import special, stats

from rankmetrics_course import data
from rankmetrics_course.chapters.recommenders_offline.movielens import movielens_log
from rankmetrics_course.chapters.recommenders_offline.view import held_out_test, recommenders
from rankmetrics_lite import (
    corrected_sampled_metric,
    expected_sampled_metric,
    full_ranks,
    leave_one_out_split,
    metric_of_rank,
    sampled_ranks,
)

pytestmark = pytest.mark.slow
reference = pytest.mark.reference
quiet_pandas = pytest.mark.filterwarnings("ignore::FutureWarning")


@pytest.fixture(scope="module")
def loo():
    """Leave-one-out on MovieLens: the held-out test and each recommender's scores and ranks."""
    log = movielens_log()
    held = held_out_test(log, leave_one_out_split(log.users, log.timestamps))
    scores, ranks = {}, {}
    for model in recommenders():
        scores[model.name] = model.fit(held.train).scores(held.users)
        ranks[model.name] = full_ranks(scores[model.name], held.items, exclude=held.exclude)
    return held, scores, ranks


def ranking(scores: np.ndarray, exclude: np.ndarray) -> np.ndarray:
    """The candidates by decreasing score, of equal scores the larger index first."""
    candidates = np.flatnonzero(~exclude)
    return candidates[np.lexsort((-candidates, -scores[candidates]))]


def test_the_log_is_every_rating_sorted_by_time_ties_in_file_order():
    ratings = data.movielens_small()
    log = movielens_log()
    assert (len(log), log.n_users, log.n_items) == (100_836, 610, 9_724)
    assert (np.diff(log.timestamps) >= 0).all()
    order = np.argsort(ratings.timestamps, kind="stable")
    assert np.array_equal(log.user_ids[log.users], ratings.users[order])
    assert np.array_equal(log.movie_ids[log.items], ratings.items[order])
    liked = movielens_log(min_rating=4)
    assert len(liked) == int((ratings.ratings >= 4).sum()) and liked.ratings.min() == 4.0
    assert log.matrix().nnz == len(log)  # a user rates a movie once
    with pytest.raises(ValueError, match="min_rating"):
        movielens_log(min_rating=6)


@reference
def test_held_out_metrics_on_movielens_agree_with_cornac(loo):
    metrics = importlib.import_module("cornac.metrics")
    held, scores, ranks = loo
    for name, rank in ranks.items():
        hits, gains = metric_of_rank(rank, "HR@10"), metric_of_rank(rank, "nDCG@10")
        for u in range(held.users.size):
            ranked, truth = ranking(scores[name][u], held.exclude[u]), np.array([held.items[u]])
            assert hits[u] == metrics.HitRatio(k=10).compute(truth, ranked)
            assert gains[u] == pytest.approx(metrics.NDCG(k=10).compute(truth, ranked), abs=1e-15)


@reference
@quiet_pandas
def test_held_out_metrics_on_movielens_agree_with_microsoft_recommenders(loo):
    pd = importlib.import_module("pandas")
    python_evaluation = importlib.import_module("recommenders.evaluation.python_evaluation")
    held, scores, ranks = loo
    truth = pd.DataFrame({"userID": held.users, "itemID": held.items, "rating": 1.0})
    for name, rank in ranks.items():
        top = np.stack([ranking(scores[name][u], held.exclude[u])[:10] for u in range(held.users.size)])
        predicted = pd.DataFrame({"userID": np.repeat(held.users, 10), "itemID": top.ravel(),
                                  "prediction": np.tile(np.arange(10, 0, -1.0), held.users.size)})
        for function, measure in (("recall_at_k", "HR@10"), ("ndcg_at_k", "nDCG@10")):
            expected = getattr(python_evaluation, function)(truth, predicted, k=10)
            assert metric_of_rank(rank, measure).mean() == pytest.approx(expected, abs=1e-12), (name, measure)


@pytest.mark.parametrize("name", ["most popular", "ALS"])  # many tied scores; none
def test_the_expected_sampled_metric_is_what_sampling_real_negatives_gives(loo, name):
    held, scores, ranks = loo
    rng = np.random.default_rng(0)
    users, n, draws = np.arange(held.users.size), 100, 40
    own = scores[name][users, held.items][:, None]
    above = (scores[name] > own) | ((scores[name] == own) & (np.arange(scores[name].shape[1]) > held.items[:, None]))
    negatives = ~held.exclude
    negatives[users, held.items] = False
    values = {"HR@10": [], "nDCG@10": []}
    for _ in range(draws):  # n negatives per user, uniformly without replacement: the n smallest keys
        keys = np.where(negatives, rng.random(negatives.shape, dtype=np.float32), np.inf)
        sample = np.argpartition(keys, n - 1, axis=1)[:, :n]
        sampled = 1 + np.take_along_axis(above, sample, axis=1).sum(axis=1)
        for measure in values:
            values[measure].append(metric_of_rank(sampled, measure).mean())
    for measure, drawn in values.items():
        exact = expected_sampled_metric(ranks[name], held.n_candidates, n, measure)
        assert abs(np.mean(drawn) - exact) < 4 * np.std(drawn, ddof=1) / np.sqrt(draws), (measure, exact)


def krichene_rendle_table(law: np.ndarray, target: np.ndarray, gamma: float) -> np.ndarray:
    """argmin_x sum_r (E[x | r] - M(r))^2 + gamma Var[x | r], as one stacked least-squares problem:
    (1 - gamma) |A x - M / (1 - gamma)|^2 + gamma |diag(sqrt(A'1)) x|^2 + a constant."""
    stacked = np.vstack([np.sqrt(1 - gamma) * law, np.diag(np.sqrt(gamma * law.sum(axis=0)))])
    wanted = np.r_[target / np.sqrt(1 - gamma), np.zeros(law.shape[1])]
    return np.linalg.lstsq(stacked, wanted, rcond=None)[0]


@pytest.mark.parametrize("measure", ["HR@10", "nDCG@10"])
def test_the_correction_solves_krichene_and_rendles_problem_on_movielens(loo, measure):
    held, _, ranks = loo
    n, gamma = 100, 0.1
    chosen = np.unique(held.n_candidates, return_index=True)[1][::150]  # 4 users of distinct N
    sampled = sampled_ranks(ranks["ALS"][chosen], held.n_candidates[chosen], n, seed=1)
    for user, rank in zip(chosen, sampled):
        size = int(held.n_candidates[user])
        full = np.arange(1, size + 1)
        caught = np.arange(n + 1)
        hypergeometric = (special.binom(full[:, None] - 1, caught) * special.binom(size - full[:, None], n - caught)
                          / special.binom(size - 1, n))
        binomial = stats.binom(full[:, None] - 1, n / (size - 1)).pmf(np.arange(n + 1))
        ours = corrected_sampled_metric([rank], size, n, measure, gamma=gamma)
        target = metric_of_rank(full, measure)
        assert ours == pytest.approx(krichene_rendle_table(hypergeometric, target, gamma)[rank - 1], abs=1e-9)
        # with replacement, as Krichene and Rendle sample: the same to 2 decimals at n << N
        assert ours == pytest.approx(krichene_rendle_table(binomial, target, gamma)[rank - 1], abs=0.01)
