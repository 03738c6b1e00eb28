"""Answers to the exercises of the chapter "Evaluating recommenders offline".

The right numbers are written out from the chapter's synthetic data (seed 2024) and its
three recommenders, so that a change in the data, a recommender or the package that moves
them makes this test fail.
"""

ANSWERS = {
    # leave-one-out, 100 negatives: expected sampled nDCG@10 (item-kNN, ALS); full 0.0937, 0.0956;
    # sampled HR@10 0.5301, 0.5262
    "recommenders-offline-sampled-ndcg": {"right": (0.3278, 0.3176),
                                          "wrong": [(0.3176, 0.3278), (0.0937, 0.0956), (0.5301, 0.5262),
                                                    (0.33, 0.31), 0.3278, "0.3278"]},
    # temporal split: recent popularity (30 days) HR@10; all-time most popular 0.1576
    "recommenders-offline-recent-popularity": {"right": 0.1787, "wrong": [0.1576, 0.1496, 0.2, "x", True]},
    # ALS under leave-one-out: (HR@10, true hit rate)
    "recommenders-offline-loo-truth": {"right": (0.1855, 0.1674),
                                       "wrong": [(0.1674, 0.1855), (0.1855, 0.1402), (0.1496, 0.1402), 0.1855]},
}
