"""Tests of rankmetrics_lite._recommenders: splits, sampled metrics, beyond-accuracy measures.

Cross-checks against maintained implementations (marked ``reference``):

* novelty, catalogue coverage and intra-list diversity against Microsoft's
  ``recommenders`` (``recommenders.evaluation.python_evaluation``: ``novelty``,
  ``catalog_coverage``, ``diversity`` with item feature vectors);
* HR@k and nDCG@k of a held-out item, from :func:`full_ranks` and
  :func:`metric_of_rank`, against cornac's ``HitRatio`` and ``NDCG`` on the full
  ranking, and against the package's own ``evaluate`` (trec_eval's ties);

(the same HR@k and nDCG@k on MovieLens, the expected sampled metric against real sampled
negatives and the correction against Krichene and Rendle's least squares are checked with the
chapter's data, in ``tests/course/chapters/recommenders_offline/test_movielens.py``);

and against definitions on exhaustive small cases: the expected sampled metric
against the mean over every possible sample of negatives, ranked by their scores;
the Gini index against the mean absolute difference over every set of small lists;
the splits against a plain loop over users.
"""

from __future__ import annotations

import importlib

import math
from itertools import combinations, product

import numpy as np
import pytest

from rankmetrics_lite import (
    catalogue_coverage,
    corrected_sampled_metric,
    evaluate,
    expected_sampled_metric,
    exposure,
    full_ranks,
    gini_index,
    intra_list_diversity,
    leave_one_out_split,
    metric_of_rank,
    novelty,
    random_split,
    sampled_metric,
    sampled_ranks,
    temporal_split,
)

reference = pytest.mark.reference
# recommenders 1.2.1 calls pandas in ways pandas 2.3 warns about (not our concern here)
quiet_pandas = pytest.mark.filterwarnings("ignore::FutureWarning")


def top_k_lists(rng: np.random.Generator, n_users: int, n_items: int, k: int) -> np.ndarray:
    """Each user's k distinct items, skewed to the low indices (popular items)."""
    weights = 1.0 / np.arange(1, n_items + 1)
    return np.stack([rng.choice(n_items, k, replace=False, p=weights / weights.sum())
                     for _ in range(n_users)])


def log_of(rng: np.random.Generator, n_users: int, n_items: int, per_user: int):
    """A training log in which every item appears: user and item columns."""
    users = np.repeat(np.arange(n_users), per_user)
    items = np.concatenate([rng.choice(n_items, per_user, replace=False) for _ in range(n_users)])
    missing = np.setdiff1d(np.arange(n_items), items)
    return np.r_[users, np.zeros(missing.size, int)], np.r_[items, missing]


# ------------------------------------------------- against Microsoft recommenders --


@reference
@quiet_pandas
@pytest.mark.parametrize("seed", range(6))
def test_novelty_and_coverage_agree_with_microsoft_recommenders(seed):
    pd = importlib.import_module("pandas")
    python_evaluation = importlib.import_module("recommenders.evaluation.python_evaluation")
    rng = np.random.default_rng(seed)
    n_users, n_items, k = 12, 30, 4
    train_users, train_items = log_of(rng, n_users, n_items, 6)
    lists = top_k_lists(rng, n_users, n_items, k)
    # recommenders refuses a list that repeats a training pair: recommend to new users
    train = pd.DataFrame({"userID": train_users, "itemID": train_items})
    reco = pd.DataFrame({"userID": np.repeat(np.arange(n_users) + 100, k), "itemID": lists.ravel(),
                         "prediction": 1.0})
    counts = np.bincount(train_items, minlength=n_items)
    assert novelty(lists, counts) == pytest.approx(python_evaluation.novelty(train, reco), rel=1e-12)
    expected = python_evaluation.catalog_coverage(train, reco)  # over the items seen in training
    assert catalogue_coverage(lists, n_items) == pytest.approx(expected, rel=1e-12)


@reference
@quiet_pandas
@pytest.mark.parametrize("seed", range(4))
def test_intra_list_diversity_agrees_with_microsoft_recommenders(seed):
    pd = importlib.import_module("pandas")
    python_evaluation = importlib.import_module("recommenders.evaluation.python_evaluation")
    rng = np.random.default_rng(seed)
    n_users, n_items, k = 8, 15, 4
    features = rng.normal(size=(n_items, 3))
    lists = top_k_lists(rng, n_users, n_items, k)
    train = pd.DataFrame({"userID": [999], "itemID": [0]})
    reco = pd.DataFrame({"userID": np.repeat(np.arange(n_users), k), "itemID": lists.ravel(),
                         "prediction": 1.0})
    item_features = pd.DataFrame({"itemID": np.arange(n_items), "features": list(features)})
    expected = python_evaluation.diversity(train, reco, item_feature_df=item_features,
                                           item_sim_measure="item_feature_vector")
    assert intra_list_diversity(lists, features) == pytest.approx(expected, rel=1e-9)


# ------------------------------------------------------ against cornac, evaluate --


def tied_scores(rng: np.random.Generator, n_users: int, n_items: int) -> np.ndarray:
    return rng.integers(0, 6, size=(n_users, n_items)).astype(float)  # many ties


@reference
@pytest.mark.parametrize("seed", range(5))
def test_held_out_hit_rate_and_ndcg_agree_with_cornac(seed):
    metrics = importlib.import_module("cornac.metrics")
    rng = np.random.default_rng(seed)
    n_users, n_items = 40, 25
    scores = rng.normal(size=(n_users, n_items))
    exclude = rng.random((n_users, n_items)) < 0.3
    targets = rng.integers(0, n_items, n_users)
    exclude[np.arange(n_users), targets] = False
    ranks = full_ranks(scores, targets, exclude=exclude)
    for k in (1, 5, 10):
        ours_hr, ours_ndcg = (metric_of_rank(ranks, f"{name}@{k}") for name in ("HR", "nDCG"))
        for u in range(n_users):
            candidates = np.flatnonzero(~exclude[u])
            ranking = candidates[np.argsort(-scores[u, candidates], kind="stable")]
            gt = np.array([targets[u]])
            assert ours_hr[u] == metrics.HitRatio(k=k).compute(gt, ranking)
            assert ours_ndcg[u] == pytest.approx(metrics.NDCG(k=k).compute(gt, ranking), abs=1e-15)


@pytest.mark.parametrize("seed", range(4))
def test_held_out_metrics_agree_with_evaluate_on_tied_scores(seed):
    rng = np.random.default_rng(seed)
    n_users, n_items = 30, 12
    scores = tied_scores(rng, n_users, n_items)
    targets = rng.integers(0, n_items, n_users)
    ranks = full_ranks(scores, targets)
    run = {f"u{u}": {f"i{i:02d}": scores[u, i] for i in range(n_items)} for u in range(n_users)}
    qrels = {f"u{u}": {f"i{targets[u]:02d}": 1} for u in range(n_users)}
    for k in (1, 3, 10):
        found = evaluate(run, qrels, [f"Success@{k}", f"nDCG@{k}"], per_query=True)
        for u in range(n_users):
            assert metric_of_rank(ranks[u:u + 1], f"HR@{k}")[0] == found[f"u{u}"][f"Success@{k}"]
            assert metric_of_rank(ranks[u:u + 1], f"nDCG@{k}")[0] == pytest.approx(
                found[f"u{u}"][f"nDCG@{k}"], abs=1e-15)


# ------------------------------------------------------------- sampled metrics --


def rank_among(scores: np.ndarray, target: int, negatives) -> int:
    """The target's rank among itself and the negatives (ties to the larger index)."""
    own = scores[target]
    return 1 + sum(scores[j] > own or (scores[j] == own and j > target) for j in negatives)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("n_negatives", [1, 3, 6])
@pytest.mark.parametrize("measure", ["HR@1", "HR@2", "nDCG@3"])
def test_expected_sampled_metric_is_the_mean_over_every_sample(seed, n_negatives, measure):
    rng = np.random.default_rng(seed)
    n_items = 9
    scores = rng.integers(0, 4, n_items).astype(float)
    for target in range(n_items):
        negatives = [j for j in range(n_items) if j != target]
        brute = np.mean([metric_of_rank([rank_among(scores, target, sample)], measure)[0]
                         for sample in combinations(negatives, n_negatives)])
        rank = full_ranks(scores[None, :], np.array([target]))
        assert expected_sampled_metric(rank, n_items, n_negatives, measure) == pytest.approx(brute, abs=1e-12)


def test_sampled_metric_averages_to_its_expectation():
    rng = np.random.default_rng(7)
    ranks = rng.integers(1, 500, 200)
    exact = expected_sampled_metric(ranks, 500, 50, "nDCG@10")
    draws = [sampled_metric(ranks, 500, 50, "nDCG@10", seed=s) for s in range(400)]
    assert np.mean(draws) == pytest.approx(exact, abs=4 * np.std(draws) / math.sqrt(len(draws)))


def test_sampled_ranks_follow_the_hypergeometric_law_of_real_samples():
    # rank a target at full rank 4 of 10 among 3 negatives drawn as items, many times
    rng = np.random.default_rng(3)
    scores = np.arange(10.0)[::-1]  # item j at full rank j + 1
    target = 3
    negatives = [j for j in range(10) if j != target]
    real = [rank_among(scores, target, rng.choice(negatives, 3, replace=False)) for _ in range(20000)]
    drawn = sampled_ranks(np.full(20000, 4), 10, 3, seed=4)
    assert np.bincount(real, minlength=5) / 20000 == pytest.approx(np.bincount(drawn, minlength=5) / 20000,
                                                                    abs=0.015)


def test_sampling_every_negative_gives_the_full_metric():
    ranks = np.array([1, 2, 5, 11, 40])
    full = metric_of_rank(ranks, "nDCG@10").mean()
    assert expected_sampled_metric(ranks, 40, 39, "nDCG@10") == pytest.approx(full, abs=1e-12)
    assert sampled_metric(ranks, 40, 39, "nDCG@10", seed=0) == pytest.approx(full, abs=1e-12)
    assert corrected_sampled_metric(ranks, 40, 39, "nDCG@10", gamma=0.0) == pytest.approx(full, abs=1e-9)


def test_the_correction_minimises_its_objective():
    from scipy import stats

    n_candidates, n, gamma = 60, 9, 0.1
    law = np.stack([stats.hypergeom(n_candidates - 1, r - 1, n).pmf(np.arange(n + 1))
                    for r in range(1, n_candidates + 1)])
    target = metric_of_rank(np.arange(1, n_candidates + 1), "HR@5")
    fitted = np.array([corrected_sampled_metric([j], n_candidates, n, "HR@5", gamma=gamma)
                       for j in range(1, n + 2)])

    def objective(x):
        mean = law @ x
        return ((mean - target) ** 2).sum() + gamma * (law @ x**2 - mean**2).sum()

    best = objective(fitted)
    rng = np.random.default_rng(0)
    for _ in range(50):
        assert objective(fitted + 1e-3 * rng.normal(size=fitted.size)) > best
    naive = metric_of_rank(np.arange(1, n + 2), "HR@5")
    assert best < objective(naive)


# ----------------------------------------------------------------- Gini index --


def gini_by_mean_difference(values: np.ndarray) -> float:
    n, total = values.size, values.sum()
    return np.abs(values[:, None] - values[None, :]).sum() / (2 * n * total) * n / (n - 1)


def test_gini_index_is_the_mean_absolute_difference_over_every_small_case():
    n_items = 4
    pairs = list(combinations(range(n_items), 2))
    for chosen in product(pairs, repeat=3):
        lists = np.array(chosen)
        expected = gini_by_mean_difference(exposure(lists, n_items).astype(float))
        assert gini_index(lists, n_items) == pytest.approx(expected, abs=1e-12)


def test_gini_index_bounds():
    assert gini_index([[0, 1], [2, 3]], 4) == 0.0
    assert gini_index([[0]] * 5, 6) == 1.0


@pytest.mark.parametrize("n_items, k", [(5, 2), (6, 3), (5, 1)])
def test_the_largest_gini_of_top_k_lists_is_one_minus_k_minus_1_over_n_minus_1(n_items, k):
    every_list = list(combinations(range(n_items), k))
    largest = max(gini_index(np.array(lists), n_items) for lists in product(every_list, repeat=2))
    assert largest == pytest.approx(1 - (k - 1) / (n_items - 1), abs=1e-12)
    assert gini_index([every_list[0]] * 3, n_items) == pytest.approx(largest, abs=1e-12)


# --------------------------------------------------------------------- novelty --


def test_novelty_with_n_users_is_zhous_self_information():
    # Zhou et al. 2010: an item collected by k_i of u users carries log2(u / k_i) bits
    rng = np.random.default_rng(4)
    n_users, n_items = 30, 12
    picked = rng.random((n_users, n_items)) < 0.3
    picked[0] = True  # every item picked by someone
    lists = top_k_lists(rng, 7, n_items, 3)
    degrees = picked.sum(axis=0)
    expected = np.mean([math.log2(n_users / degrees[i]) for row in lists for i in row])
    assert novelty(lists, degrees, n_users=n_users) == pytest.approx(expected, abs=1e-12)
    # the share of interactions adds log2(interactions / users) bits to every list
    shift = math.log2(degrees.sum() / n_users)
    assert novelty(lists, degrees) == pytest.approx(expected + shift, abs=1e-12)


# -------------------------------------------------------- the sampled rank's law --


@pytest.mark.parametrize("n_candidates, n_negatives", [(2, 1), (12, 4), (300, 20), (1025, 7)])
def test_the_correction_law_is_scipys_hypergeometric(n_candidates, n_negatives):
    from scipy import stats

    from rankmetrics_lite._recommenders import _full_law, _sampled_rank_pmf

    ranks = np.arange(1, n_candidates + 1)
    expected = stats.hypergeom(n_candidates - 1, ranks[:, None] - 1, n_negatives).pmf(np.arange(n_negatives + 1))
    assert _full_law(n_candidates, n_negatives) == pytest.approx(expected, abs=1e-12)
    assert _full_law(n_candidates, n_negatives) == pytest.approx(
        _sampled_rank_pmf(ranks, n_candidates, n_negatives), abs=1e-12)


# ---------------------------------------------------------------------- splits --


def interaction_log(seed: int, n_users: int = 20):
    rng = np.random.default_rng(seed)
    sizes = rng.integers(1, 8, n_users)
    users = np.repeat(np.arange(n_users), sizes.astype(np.intp))  # int64 draws; repeat takes intp
    times = rng.integers(0, 30, users.size).astype(float)  # ties in time
    order = rng.permutation(users.size)
    return users[order], times[order]


@pytest.mark.parametrize("seed", range(5))
def test_leave_one_out_holds_out_each_users_latest_row(seed):
    users, times = interaction_log(seed)
    split = leave_one_out_split(users, times)
    expected = []
    for u in np.unique(users):
        rows = np.flatnonzero(users == u)
        if rows.size >= 2:
            expected.append(max(rows, key=lambda j: (times[j], j)))
    assert split.test.tolist() == sorted(expected)
    assert sorted(split.train.tolist() + split.test.tolist()) == list(range(users.size))


@pytest.mark.parametrize("seed", range(5))
def test_temporal_splits(seed):
    users, times = interaction_log(seed)
    split = temporal_split(users, times, test_fraction=0.25)
    assert times[split.train].max() <= times[split.test].min()
    assert split.test.size == users.size - math.ceil(0.75 * users.size)
    by_user = temporal_split(users, times, test_fraction=0.25, by="user")
    for u in np.unique(users):
        rows = np.flatnonzero(users == u)
        tested = np.intersect1d(rows, by_user.test)
        want = 0 if rows.size < 2 else min(max(1, math.floor(0.25 * rows.size)), rows.size - 1)
        assert tested.size == want
        if want:
            trained = np.setdiff1d(rows, tested)
            assert times[trained].max() <= times[tested].min()


@pytest.mark.parametrize("by", ["global", "user"])
def test_random_split_is_reproducible_and_partitions(by):
    users, _ = interaction_log(1)
    one = random_split(users, test_fraction=0.3, by=by, seed=5)
    assert np.array_equal(one.test, random_split(users, test_fraction=0.3, by=by, seed=5).test)
    assert sorted(one.train.tolist() + one.test.tolist()) == list(range(users.size))
    if by == "user":
        for u in np.unique(users):
            rows = np.flatnonzero(users == u)
            tested = np.intersect1d(rows, one.test).size
            assert tested == (0 if rows.size < 2 else min(max(1, math.floor(0.3 * rows.size)), rows.size - 1))
    else:
        assert one.test.size == math.floor(0.3 * users.size)


# ---------------------------------------------------------------- bad input --


@pytest.mark.parametrize("call, words", [
    (lambda: metric_of_rank([1], "Recall@10"), "measure"),
    (lambda: metric_of_rank([0], "HR@10"), "ranks"),
    (lambda: sampled_ranks([5], 10, 10, seed=0), "n_negatives"),
    (lambda: sampled_ranks([11], 10, 3, seed=0), "n_candidates"),
    (lambda: sampled_metric([1], 10, 3, "HR@10", seed=None), "seed"),
    (lambda: corrected_sampled_metric([12], 100, 10, "HR@10"), "sampled"),
    (lambda: corrected_sampled_metric([1], 5, 10, "HR@10"), "n_negatives"),
    (lambda: corrected_sampled_metric([1], 100, 10, "HR@10", gamma=-1), "gamma"),
    (lambda: catalogue_coverage([[0, 0]], 5), "repeats"),
    (lambda: catalogue_coverage([[0, 7]], 5), "n_items"),
    (lambda: novelty([[0, 1]], [3, 0]), "no training interaction"),
    (lambda: novelty([[0, 1]], [3, 1], n_users=2), "n_users"),
    (lambda: novelty([[0, 1]], [3, 1], n_users=3.0), "n_users"),
    (lambda: gini_index([[0]], 1), "n_items"),
    (lambda: intra_list_diversity([[0]], [[1.0]]), "at least 2"),
    (lambda: intra_list_diversity([[0, 1]], [[1.0], [0.0]]), "zero vector"),
    (lambda: full_ranks([[1.0, np.nan]], [0]), "finite"),
    (lambda: full_ranks([[1.0, 2.0]], [2]), "targets"),
    (lambda: temporal_split([0, 1], [1.0, 2.0], test_fraction=1.5), "test_fraction"),
    (lambda: temporal_split([0, 1], [1.0], test_fraction=0.5), "timestamps"),
    (lambda: random_split([0, 1], by="time", seed=0), "by"),
])
def test_bad_input_is_refused_naming_the_argument(call, words):
    with pytest.raises((ValueError, TypeError), match=words):
        call()


def test_the_correction_fits_one_table_per_number_of_candidates():
    sampled, counts = np.array([1, 3, 2, 7]), np.array([50, 80, 50, 80])
    one_by_one = [corrected_sampled_metric([s], int(c), 9, "nDCG@5") for s, c in zip(sampled, counts)]
    assert corrected_sampled_metric(sampled, counts, 9, "nDCG@5") == pytest.approx(np.mean(one_by_one), abs=1e-12)
