"""Risk (URisk, TRisk, GeoRisk) and exposure (expected exposure, AWRF, fairness of exposure).

URisk and TRisk are checked on cases computed by hand, in exact fractions, from the
formulas of Dinçer, Macdonald & Ounis (2014), and TRisk against scipy's one-sample t test
of the risk-adjusted differences; GeoRisk on a case computed by hand from Dinçer et al.
(2016). Expected exposure is checked on a case computed by hand from Diaz et al. (2020),
its decomposition and its ideal policy; AWRF against the TREC 2021-22 Fair Ranking tracks'
own formula (attention 1/log2(max(i, 2)) in float32, scipy's Jensen-Shannon distance
squared); Singh & Joachims' group exposure against FairRankTune 0.0.7 (EXP and EXPU),
which implements it. FairRankTune's AWRF is not the track's (it uses a geometric attention
and no target distribution), so AWRF is not compared with it.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats
from scipy.spatial.distance import jensenshannon

from rankmetrics_lite import (attention_weighted_rank_fairness, expected_exposure, fairness_of_exposure,
                              georisk, risk_adjusted_differences, target_exposure, trisk, urisk)

# ------------------------------------------------------------------- risk --

# A system against its baseline on five topics; by hand, with alpha = 2:
# deltas 0.2, -0.1, 0, 0.3, -0.2; risk-adjusted 0.2, -0.3, 0, 0.3, -0.6; URisk = -0.4 / 5.
SYSTEM = [Fraction(6, 10), Fraction(3, 10), Fraction(5, 10), Fraction(9, 10), Fraction(1, 10)]
BASELINE = [Fraction(4, 10), Fraction(4, 10), Fraction(5, 10), Fraction(6, 10), Fraction(3, 10)]


def _hand_z(alpha):
    return [d if d >= 0 else (1 + alpha) * d for d in (s - b for s, b in zip(SYSTEM, BASELINE))]


@pytest.mark.parametrize("alpha", [0, 1, 2, 5])
def test_urisk_is_the_hand_computed_mean(alpha):
    want = sum(_hand_z(Fraction(alpha))) / 5
    assert urisk([float(s) for s in SYSTEM], [float(b) for b in BASELINE], alpha=alpha) == pytest.approx(
        float(want), abs=1e-15)
    assert float(sum(_hand_z(Fraction(2))) / 5) == pytest.approx(-0.08)


@pytest.mark.parametrize("alpha", [0, 1, 2, 5])
def test_trisk_is_the_hand_computed_t_statistic(alpha):
    z = _hand_z(Fraction(alpha))
    mean = sum(z) / 5
    variance = sum((x - mean) ** 2 for x in z) / 4  # the t test's (c - 1)
    want = float(mean) / math.sqrt(float(variance) / 5)
    test = trisk([float(s) for s in SYSTEM], [float(b) for b in BASELINE], alpha=alpha)
    assert test.trisk == pytest.approx(want, rel=1e-12)
    scipy_t = stats.ttest_1samp([float(x) for x in z], 0.0)
    assert test.trisk == pytest.approx(scipy_t.statistic, rel=1e-12)
    assert test.p_value == pytest.approx(scipy_t.pvalue, rel=1e-10)


def test_urisk_at_alpha_zero_is_the_difference_of_means_and_trisk_the_paired_t():
    rng = np.random.default_rng(3)
    s, b = rng.random(30), rng.random(30)
    assert urisk(s, b, alpha=0) == pytest.approx(s.mean() - b.mean(), abs=1e-15)
    assert trisk(s, b, alpha=0).trisk == pytest.approx(stats.ttest_rel(s, b).statistic, rel=1e-12)


def test_risk_reads_dicts_by_topic_and_refuses_a_baseline_that_lacks_topics():
    scores, baseline = {"a": 0.5, "b": 0.2}, {"b": 0.4, "a": 0.3}
    assert risk_adjusted_differences(scores, baseline).tolist() == pytest.approx([0.2, -0.4])
    with pytest.raises(ValueError, match=r"baseline lacks 1 of the topics of scores \('c'\)"):
        urisk({**scores, "c": 0.1}, baseline)
    with pytest.raises(ValueError, match="alpha must be a finite number 0 or more"):
        urisk(scores, baseline, alpha=-1)
    with pytest.raises(ValueError, match="one score per topic"):
        urisk([0.1, 0.2], [0.1])
    with pytest.raises(ValueError, match="standard error is 0"):
        trisk([0.5, 0.6], [0.4, 0.5])


def test_georisk_is_the_hand_computed_value():
    # Two topics, three systems; by hand from Dincer et al. (2016).
    x = [[0.2, 0.4, 0.3], [0.6, 0.4, 0.0]]
    alpha = 1.0
    S, T, N = [0.8, 0.8, 0.3], [0.9, 1.0], 1.9
    want = []
    for s in range(3):
        z = [(x[q][s] - S[s] * T[q] / N) / math.sqrt(S[s] * T[q] / N) for q in range(2)]
        zrisk = sum(v if v > 0 else (1 + alpha) * v for v in z)
        want.append(math.sqrt(S[s] / 2 * stats.norm.cdf(zrisk / 2)))
    assert georisk(x, alpha=alpha).tolist() == pytest.approx(want, rel=1e-12)
    with pytest.raises(ValueError, match="0 or more"):
        georisk([[0.1, -0.2]])


# --------------------------------------------------------------- exposure --


def test_expected_exposure_is_the_hand_computed_case():
    # gamma = 1/2; items a (grade 2), b, c (grade 1), d (0). Ideal: a at rank 1; b and c share
    # ranks 2 and 3; d rank 4. Target: 1, (1/2 + 1/4) / 2 = 3/8, 3/8, 1/8.
    grades = {"a": 2, "b": 1, "c": 1, "d": 0}
    assert target_exposure(grades) == {"a": 1.0, "b": 0.375, "c": 0.375, "d": 0.125}
    # The policy: half the time a b c d, half the time d c b a.
    ee = expected_exposure([["a", "b", "c", "d"], ["d", "c", "b", "a"]], grades)
    e = dict(zip(ee.items, ee.exposure))
    assert e == {"a": (1 + 1 / 8) / 2, "b": (1 / 2 + 1 / 4) / 2, "c": (1 / 4 + 1 / 2) / 2, "d": (1 / 8 + 1) / 2}
    want_loss = (9 / 16 - 1) ** 2 + 0 + 0 + (9 / 16 - 1 / 8) ** 2
    assert ee.loss == pytest.approx(want_loss, abs=1e-15)
    assert ee.disparity == pytest.approx(2 * (9 / 16) ** 2 + 2 * (3 / 8) ** 2, abs=1e-15)
    assert ee.relevance == pytest.approx(9 / 16 + 2 * (3 / 8) ** 2 + 9 / 128, abs=1e-15)
    assert ee.loss == pytest.approx(ee.disparity - 2 * ee.relevance + float(ee.target @ ee.target))


def test_the_ideal_policy_has_no_loss_and_a_deterministic_one_cannot():
    grades = {"a": 1, "b": 1, "c": 1, "d": 0}
    import itertools
    shuffled = [list(p) + ["d"] for p in itertools.permutations("abc")]
    assert expected_exposure(shuffled, grades).loss == pytest.approx(0, abs=1e-15)
    assert expected_exposure([shuffled[0]], grades).loss > 0.01


def test_expected_exposure_refuses_an_item_without_a_grade():
    with pytest.raises(ValueError, match=r"rankings\[0\] ranks 'z' at rank 2, which grades lacks"):
        expected_exposure([["a", "z"]], {"a": 1})
    with pytest.raises(ValueError, match="ranks item 'a' twice"):
        expected_exposure([["a", "a"]], {"a": 1})
    with pytest.raises(ValueError, match="patience must be strictly between 0 and 1"):
        expected_exposure([["a"]], {"a": 1}, patience=1)


def _track_awrf(groups, target):
    """The TREC 2021-22 Fair Ranking tracks' AWRF (their metrics code, for one-hot alignments)."""
    ranks = np.maximum(np.arange(1, len(groups) + 1, dtype="f4"), 2)
    disc = np.reciprocal(np.log2(ranks))
    labels = list(target)
    align = np.array([[g == label for label in labels] for g in groups], dtype=float)
    dist = (align * disc[:, None]).sum(axis=0) / disc.sum()
    return 1 - jensenshannon(dist, [target[label] for label in labels]) ** 2


@pytest.mark.parametrize("seed", range(20))
def test_awrf_agrees_with_the_fair_ranking_tracks_formula(seed):
    rng = np.random.default_rng(seed)
    labels = ["g1", "g2", "g3", "g4"][: rng.integers(2, 5)]
    groups = list(rng.choice(labels, size=int(rng.integers(1, 60))))
    shares = rng.dirichlet(np.ones(len(labels)))
    target = dict(zip(labels, shares / shares.sum()))
    target[labels[-1]] = 1 - sum(target[g] for g in labels[:-1])
    assert attention_weighted_rank_fairness(groups, target) == pytest.approx(_track_awrf(groups, target),
                                                                             abs=1e-6)  # float32 discounts


def test_awrf_refuses_a_ranked_item_without_a_group():
    with pytest.raises(ValueError, match="the item at rank 2 has no group"):
        attention_weighted_rank_fairness(["x", None], {"x": 1.0})
    with pytest.raises(ValueError, match="group 'y', which target lacks"):
        attention_weighted_rank_fairness(["x", "y"], {"x": 1.0})
    with pytest.raises(ValueError, match="must sum to 1"):
        attention_weighted_rank_fairness(["x"], {"x": 0.5})


@pytest.mark.reference
@pytest.mark.parametrize("seed", range(10))
def test_fairness_of_exposure_agrees_with_fairranktune(seed):
    import pandas as pd
    from FairRankTune.Metrics.EXP import EXP, EXPU

    rng = np.random.default_rng(seed)
    n, n_rankings = int(rng.integers(4, 30)), int(rng.integers(1, 5))
    items = [f"i{j}" for j in range(n)]
    groups = {item: f"g{rng.integers(0, 3)}" for item in items}
    groups[items[0]], groups[items[1]] = "g0", "g1"  # at least two groups
    merit = {item: float(rng.uniform(0.05, 1)) for item in items}
    rankings = [list(rng.permutation(items)) for _ in range(n_rankings)]
    frame = pd.DataFrame({r: ranking for r, ranking in enumerate(rankings)})
    relevance = pd.DataFrame({r: [merit[d] for d in ranking] for r, ranking in enumerate(rankings)})
    ratio, values = EXP(frame, groups, "MinMaxRatio")
    ours = fairness_of_exposure(rankings, groups)
    for group, value in zip(ours.groups, ours.exposure):
        assert value * n_rankings == pytest.approx(values[group], rel=1e-12)  # FairRankTune sums draws
    assert ours.parity == pytest.approx(ratio, rel=1e-12)
    ratio, values = EXPU(frame, groups, relevance, "MinMaxRatio")
    ours = fairness_of_exposure(rankings, groups, merit=merit)
    assert ours.parity == pytest.approx(ratio, rel=1e-12)
    assert dict(zip(ours.groups, ours.value)) == pytest.approx(values, rel=1e-12)


def test_fairness_of_exposure_refuses_missing_groups_and_merit():
    with pytest.raises(ValueError, match=r"ranks 'b' at rank 2, which groups lacks"):
        fairness_of_exposure([["a", "b"]], {"a": "x"})
    with pytest.raises(ValueError, match="merit lacks 1 items"):
        fairness_of_exposure([["a", "b"]], {"a": "x", "b": "y"}, merit={"a": 1.0})
    with pytest.raises(ValueError, match="group 'y' has merit 0"):
        fairness_of_exposure([["a", "b"]], {"a": "x", "b": "y"}, merit={"a": 1.0, "b": 0.0})
