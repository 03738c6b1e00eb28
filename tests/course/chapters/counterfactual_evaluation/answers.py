"""Answers to the exercises of the chapter "Counterfactual evaluation from logs".

The right numbers are written out from the chapter's log and exact moments on the TREC 2012 Web
track's topics, so that a change in the data, the policies, the simulation or the package that
moves them makes this test fail.
"""

ANSWERS = {
    # effective sample size of the whole-slate weights of the 20,000-slate log; n / mean(w^2) is 523.3,
    # the share 0.0278
    "ope-effective-sample-size": {"right": 555.56, "wrong": [20_000, 523.3, 0.0278, 1, "556"]},
    # the swap estimator on cascade users, ranks 1 to 10 (position-based users: 1/k)
    "ope-swaps-under-cascade": {
        "right": [1.0, 0.7604, 0.663, 0.5206, 0.4133, 0.355, 0.32, 0.2491, 0.177, 0.1634],
        "wrong": [[1 / k for k in range(1, 11)], [0.7604, 0.663, 0.5206, 0.4133, 0.355, 0.32, 0.2491, 0.177,
                                                   0.1634, 0.16], [1.0] * 9, 0.7604]},
    # logged slates for a 95% interval of +-0.01 at drift 1: (cascade estimator, whole slate)
    "ope-impressions-for-precision": {"right": (262_983, 833_846),
                                      "wrong": [(833_846, 262_983), (68_458, 217_064), (262_983, 262_983), 262_983]},
}
