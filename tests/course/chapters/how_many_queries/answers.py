"""Answers to the exercises of the chapter "How many queries, and how sure".

The right numbers are written out from the chapter's data (the case study's 48
questions, its two retrievers and the BM25 variants), so that a change in the data,
a retriever or the package that moves them makes this test fail.
"""

import scipy.stats


def _anova_power(min_range, variance, n_systems, n_queries, alpha=0.05):
    df_systems, df_error = n_systems - 1, n_systems * (n_queries - 1)
    # least favourable means: two at +-min_range/2, the rest in the middle
    shift = n_queries * min_range**2 / (2 * variance)
    return scipy.stats.ncf.sf(scipy.stats.f.isf(alpha, df_systems, df_error), df_systems, df_error, shift)


def _anova_power_all_spread(min_range, variance, n_systems, n_queries, alpha=0.05):
    # the slip: every system at +-min_range/2, half on each side (the most favourable case)
    df_systems, df_error = n_systems - 1, n_systems * (n_queries - 1)
    shift = n_queries * n_systems * (min_range / 2) ** 2 / variance
    return scipy.stats.ncf.sf(scipy.stats.f.isf(alpha, df_systems, df_error), df_systems, df_error, shift)


def _anova_power_two_way_df(min_range, variance, n_systems, n_queries, alpha=0.05):
    # the slip: the two-way residual's degrees of freedom, (m-1)(n-1), in a one-way design
    df_systems, df_error = n_systems - 1, (n_systems - 1) * (n_queries - 1)
    shift = n_queries * min_range**2 / (2 * variance)
    return scipy.stats.ncf.sf(scipy.stats.f.isf(alpha, df_systems, df_error), df_systems, df_error, shift)


ANSWERS = {
    # R@5, minD 0.05, one-sided, Sakai's within-system variance: 313 (two-sided 398; sigma_d^2
    # taken as the variance itself: 158; the two-way residual instead: 129)
    "how-many-queries-one-sided": {"right": 313, "wrong": [398, 158, 129, 312, 350, 312.5, "313x"]},
    # nDCG@5, title+text against text: Glass's delta 0.3824 -> 56, Cohen's d 0.4562 -> 40
    "how-many-queries-glass-delta": {"right": (56, 40), "wrong": [(40, 56), (56, 41), 56, (55, 40)]},
    "how-many-queries-anova-power": {"right": _anova_power,
                                     "wrong": [_anova_power_all_spread, _anova_power_two_way_df, 0.8]},
    # AP over five retrievers (the four, and title only): 0.2788 (four alone: 0.0014)
    # TREC-7 ad hoc AP, swap rates extrapolated to 50 topics: 0.04-0.05 is the first bin below
    # 0.05 (0.0416); 0.03-0.04 is at 0.0834; 0.05 is below too but not the smallest
    "how-many-queries-swap-extrapolation": {"right": 0.04, "wrong": [0.05, 0.03, 0.0416, 0.045, "0.04x"]},
    "how-many-queries-weak-system": {"right": 0.2788, "wrong": [0.0014, 0.4028, "0.28x"]},
}
