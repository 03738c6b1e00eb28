"""Answers to the exercises of the chapter "Evaluating recommenders offline".

The right numbers are written out from the chapter's synthetic data (seed 2024), MovieLens
ml-latest-small and its recommenders, so that a change in the data, a recommender or the
package that moves them makes this test fail.
"""

ANSWERS = {
    # leave-one-out, 100 negatives: expected sampled nDCG@10 (item-kNN, ALS); full 0.0937, 0.0956;
    # sampled HR@10 0.5301, 0.5262
    "recommenders-offline-sampled-ndcg": {"right": (0.3278, 0.3176),
                                          "wrong": [(0.3176, 0.3278), (0.0937, 0.0956), (0.5301, 0.5262),
                                                    (0.33, 0.31), 0.3278, "0.3278"]},
    # temporal split: recent popularity (30 days) HR@10; all-time most popular 0.1576
    "recommenders-offline-recent-popularity": {"right": 0.1787, "wrong": [0.1576, 0.1496, 0.2, "x", True]},
    # item-kNN under leave-one-out, retrained weekly on the past: (replayed HR@10, standard error);
    # leave-one-out's estimate 0.1780 +- 0.0086, the past-only model's truth 0.1381
    "recommenders-offline-loo-truth": {"right": (0.1430, 0.0078),
                                       "wrong": [(0.0078, 0.1430), (0.1430, 0.0110), (0.1780, 0.0086),
                                                 (0.1381, 0.0078), 0.1430, "x"]},
    # MovieLens, ratings of 4 stars or more, leave-one-out: item-kNN minus most popular HR@10
    # (full, expected sampled with 100 negatives); every rating: (0.0180, -0.0564)
    "recommenders-offline-liked": {"right": (0.0230, -0.0521),
                                   "wrong": [(-0.0521, 0.0230), (-0.0230, 0.0521), (0.0180, -0.0564),
                                             (0.0230, 0.0), 0.0230, "x"]},
}
