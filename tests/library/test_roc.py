"""Tests of rankmetrics_lite._roc: ROC curve, AUC and partial AUC.

Hand-computed values, cross-checks with scikit-learn (roc_curve, roc_auc_score
with and without max_fpr), hypothesis properties, and every bad input with its
message.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankmetrics_lite._roc import partial_auc, roc_auc, roc_curve_points

FAST = settings(max_examples=40, deadline=None, database=None)

# A positive and a negative tie at 0.8: one diagonal step.
LABELS = [1, 1, 0, 1, 0, 0]
SCORES = [0.9, 0.8, 0.8, 0.6, 0.3, 0.1]

# Both classes present; scores on a coarse grid so that ties are common.
both_classes = st.integers(2, 40).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 1), min_size=n, max_size=n).filter(lambda y: 0 in y and 1 in y),
        st.lists(st.integers(0, 8), min_size=n, max_size=n),
    )
)
fpr_ends = st.integers(1, 20).map(lambda i: i / 20)


def random_scored_set(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Seeded labels (both classes) and scores with many ties."""
    rng = np.random.default_rng(1000 + seed)
    n = int(rng.integers(2, 80))
    labels = rng.integers(0, 2, n)
    labels[:2] = [0, 1]
    rng.shuffle(labels)
    scores = rng.integers(0, int(rng.integers(1, 15)), n) / 4.0
    return labels, scores


def pairwise_auc(labels, scores) -> float:
    """Pr(positive outscores negative) + 1/2 Pr(tie), over all pairs."""
    labels, scores = np.asarray(labels), np.asarray(scores, dtype=float)
    positive, negative = scores[labels == 1], scores[labels == 0]
    wins = (positive[:, None] > negative[None, :]).sum() + 0.5 * (positive[:, None] == negative[None, :]).sum()
    return wins / (positive.size * negative.size)


# ------------------------------------------------------ hand-computed values --


def test_roc_curve_by_hand():
    curve = roc_curve_points(LABELS, SCORES)
    assert curve.thresholds.tolist() == [np.inf, 0.9, 0.8, 0.6, 0.3, 0.1]
    assert curve.fpr.tolist() == pytest.approx([0, 0, 1 / 3, 1 / 3, 2 / 3, 1])
    assert curve.tpr.tolist() == pytest.approx([0, 1 / 3, 2 / 3, 1, 1, 1])


def test_auc_by_hand():
    # Pairs: 0.9 beats 3 negatives, 0.8 ties one and beats 2, 0.6 beats 2: 7.5 of 9.
    assert roc_auc(LABELS, SCORES) == pytest.approx(7.5 / 9)
    assert roc_auc([1, 1, 0], [3, 2, 1]) == 1.0
    assert roc_auc([0, 0, 1], [3, 2, 1]) == 0.0
    assert roc_auc([1, 0, 1, 0], [2, 2, 2, 2]) == 0.5


def test_all_tied_scores_give_one_diagonal_step():
    curve = roc_curve_points([1, 0, 0], [7, 7, 7])
    assert curve.fpr.tolist() == [0.0, 1.0] and curve.tpr.tolist() == [0.0, 1.0]


def test_partial_auc_by_hand():
    # Up to FPR 1/3: the diagonal step from (0, 1/3) to (1/3, 2/3), area 1/6; then TPR = 1.
    assert partial_auc(LABELS, SCORES, max_fpr=1 / 3) == pytest.approx(1 / 6)
    assert partial_auc(LABELS, SCORES, max_fpr=0.5) == pytest.approx(1 / 3)
    # McClish at 0.5: 0.5 (1 + (1/3 - 1/8) / (1/2 - 1/8)) = 7/9.
    assert partial_auc(LABELS, SCORES, max_fpr=0.5, standardized=True) == pytest.approx(7 / 9)
    # Cut inside the diagonal step: TPR(0.2) = 1/3 + 0.2 = 8/15, area to 0.2 = 13/150.
    assert partial_auc(LABELS, SCORES, max_fpr=0.2) == pytest.approx(13 / 150)
    assert partial_auc(LABELS, SCORES, max_fpr=0.5, min_fpr=0.2) == pytest.approx(1 / 3 - 13 / 150)
    assert partial_auc(LABELS, SCORES, max_fpr=1.0, min_fpr=1 / 3) == pytest.approx(5 / 6 - 1 / 6)


def test_partial_auc_cut_at_a_vertical_segment():
    # The curve rises from (0.5, 0.5) to (0.5, 1) at FPR 0.5: the area up to 0.5 is unchanged.
    labels, scores = [1, 0, 1, 0], [4, 3, 2, 1]
    assert roc_curve_points(labels, scores).fpr.tolist() == [0, 0, 0.5, 0.5, 1]
    assert partial_auc(labels, scores, max_fpr=0.5) == pytest.approx(0.25)
    assert partial_auc(labels, scores, max_fpr=1.0, min_fpr=0.5) == pytest.approx(0.5)


def test_standardized_partial_auc_of_chance_and_perfect_curves():
    tied = ([1, 0, 1, 0], [1, 1, 1, 1])  # the chance diagonal
    perfect = ([1, 1, 0, 0], [4, 3, 2, 1])
    for max_fpr, min_fpr in [(0.1, 0.0), (0.5, 0.0), (1.0, 0.0), (0.6, 0.2)]:
        assert partial_auc(*tied, max_fpr=max_fpr, standardized=True, min_fpr=min_fpr) == pytest.approx(0.5)
        assert partial_auc(*perfect, max_fpr=max_fpr, standardized=True, min_fpr=min_fpr) == pytest.approx(1.0)
    assert partial_auc([0, 0, 1, 1], [4, 3, 2, 1], max_fpr=0.5, standardized=True) == pytest.approx(1 / 3)  # (1-f)/(2-f)
    # The worst curve over [0.4, 0.8] (midpoint 0.6): 0.5 (1 - 0.6 / 0.4) < 0.
    assert partial_auc([0, 0, 1, 1], [4, 3, 2, 1], max_fpr=0.8, standardized=True, min_fpr=0.4) == pytest.approx(-0.25)


# ------------------------------------------------ cross-check: scikit-learn --


@pytest.mark.reference
@pytest.mark.parametrize("seed", range(40))
def test_roc_matches_scikit_learn(seed):
    from sklearn import metrics as sk
    labels, scores = random_scored_set(seed)
    curve = roc_curve_points(labels, scores)
    fpr, tpr, thresholds = sk.roc_curve(labels, scores, drop_intermediate=False)
    np.testing.assert_allclose(curve.fpr, fpr, rtol=0, atol=1e-15)
    np.testing.assert_allclose(curve.tpr, tpr, rtol=0, atol=1e-15)
    assert np.array_equal(curve.thresholds, thresholds)
    assert roc_auc(labels, scores) == pytest.approx(sk.roc_auc_score(labels, scores), abs=1e-12)
    for max_fpr in (0.01, 0.1, 0.25, 1 / 3, 0.5, 0.8, 1.0):
        expected = sk.roc_auc_score(labels, scores, max_fpr=max_fpr)
        assert partial_auc(labels, scores, max_fpr=max_fpr, standardized=True) == pytest.approx(expected, abs=1e-12)


# ------------------------------------------------------------- properties --


@FAST
@given(both_classes)
def test_auc_is_the_probability_a_positive_outscores_a_negative(labelled):
    labels, scores = labelled
    assert roc_auc(labels, scores) == pytest.approx(pairwise_auc(labels, scores), abs=1e-12)


@FAST
@given(both_classes, st.sampled_from(["affine", "exp", "cube", "rank"]))
def test_auc_is_invariant_under_a_monotone_transform(labelled, transform):
    labels, scores = labelled
    scores = np.asarray(scores, dtype=float)
    moved = {
        "affine": 3 * scores - 7,
        "exp": np.exp(scores),
        "cube": (scores - 4) ** 3,
        "rank": np.unique(scores, return_inverse=True)[1] * 10.0,  # dense ranks, ties kept
    }[transform]
    assert roc_auc(labels, moved) == pytest.approx(roc_auc(labels, scores), abs=1e-12)
    assert partial_auc(labels, moved, max_fpr=0.3) == pytest.approx(partial_auc(labels, scores, max_fpr=0.3), abs=1e-12)


@FAST
@given(both_classes)
def test_reversing_the_scores_gives_one_minus_auc(labelled):
    labels, scores = labelled
    flipped = [1 - s / 8 for s in scores]  # scores / 8 lie in [0, 1]
    assert roc_auc(labels, flipped) == pytest.approx(1 - roc_auc(labels, scores), abs=1e-12)


@FAST
@given(both_classes, fpr_ends, fpr_ends)
def test_partial_auc_properties(labelled, end_a, end_b):
    labels, scores = labelled
    auc = roc_auc(labels, scores)
    assert partial_auc(labels, scores, max_fpr=1.0) == pytest.approx(auc, abs=1e-12)
    assert partial_auc(labels, scores, max_fpr=1.0, standardized=True) == pytest.approx(auc, abs=1e-12)
    low, high = sorted((end_a, end_b))
    raw = partial_auc(labels, scores, max_fpr=high)
    assert -1e-12 <= raw <= high + 1e-12
    assert 0.0 <= partial_auc(labels, scores, max_fpr=high, standardized=True) <= 1.0
    # The ranges [0, low], [low, high] and [high, 1] add up to the whole area.
    if low < high:
        middle = partial_auc(labels, scores, max_fpr=high, min_fpr=low)
        # Over [a, b] the standardized value stays at most 1, and at least 0 only when
        # the range's midpoint (a + b) / 2 is at most 0.5.
        standardized = partial_auc(labels, scores, max_fpr=high, standardized=True, min_fpr=low)
        assert standardized <= 1.0 + 1e-12
        assert standardized >= -1e-12 or (low + high) / 2 > 0.5
    else:
        middle = 0.0
    rest = partial_auc(labels, scores, max_fpr=1.0, min_fpr=high) if high < 1 else 0.0
    assert partial_auc(labels, scores, max_fpr=low) + middle + rest == pytest.approx(auc, abs=1e-12)


@FAST
@given(both_classes)
def test_roc_curve_properties(labelled):
    labels, scores = labelled
    curve = roc_curve_points(labels, scores)
    assert len(curve.thresholds) == len(set(scores)) + 1
    assert (curve.fpr[0], curve.tpr[0], curve.fpr[-1], curve.tpr[-1]) == (0, 0, 1, 1)
    assert np.all(np.diff(curve.fpr) >= 0) and np.all(np.diff(curve.tpr) >= 0)
    assert np.all(np.diff(curve.thresholds) < 0)


# ------------------------------------------------------------- bad input --

ROC_FUNCTIONS = [roc_curve_points, roc_auc, lambda labels, scores: partial_auc(labels, scores, max_fpr=0.5)]


@pytest.mark.parametrize("function", ROC_FUNCTIONS)
@pytest.mark.parametrize(
    ("labels", "scores", "error", "message"),
    [
        ([1, 0, 0.5], [0.3, 0.2, 0.1], ValueError,
         r"labels must hold only 0 \(negative\) and 1 \(positive\); labels\[2\] is 0.5"),
        ([1, 0, 1], [0.3, 0.2], ValueError,
         r"labels and scores must have the same length .* got 3 labels and 2 scores"),
        ([1, 0], [float("nan"), 0.2], ValueError, r"scores must be finite; scores\[0\] is nan"),
        ([1, 0], [0.3, -np.inf], ValueError, r"scores must be finite; scores\[1\] is -inf"),
        ([1, 1, 1], [0.3, 0.2, 0.1], ValueError,
         r"needs at least one negative \(0\) in labels, but all 3 labels are 1: the false positive rate"),
        ([0, 0], [0.3, 0.2], ValueError, r"needs at least one positive \(1\) in labels, but all 2 labels are 0"),
        ([], [], ValueError, r"labels and scores are empty"),
        ([1, 0], "ab", TypeError, r"scores must be a sequence of numbers, one per item .* got str"),
        (None, [0.3], TypeError, r"labels must be a sequence of numbers, one per item .* got NoneType"),
        ([1, "0"], [0.3, 0.2], TypeError, r"labels must contain only numbers; labels\[1\] is '0' \(str\)"),
        ([1, 0], np.array(["0.3", "0.2"]), TypeError, r"scores must contain only numbers; scores\[0\] is '0.3'"),
    ],
)
def test_bad_input_is_refused_with_a_helpful_message(function, labels, scores, error, message):
    with pytest.raises(error, match=message):
        function(labels, scores)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"max_fpr": 0}, ValueError, r"max_fpr must be a number in \(0, 1\], got 0"),
        ({"max_fpr": 1.5}, ValueError, r"max_fpr must be a number in \(0, 1\], got 1.5"),
        ({"max_fpr": -0.2}, ValueError, r"max_fpr must be a number in \(0, 1\], got -0.2"),
        ({"max_fpr": float("nan")}, ValueError, r"max_fpr must be a number in \(0, 1\], got nan"),
        ({"max_fpr": "0.1"}, TypeError, r"max_fpr must be a number in \(0, 1\], got '0.1' \(str\)"),
        ({"max_fpr": True}, TypeError, r"max_fpr must be a number in \(0, 1\], got True \(bool\)"),
        ({"max_fpr": 0.3, "min_fpr": 0.3}, ValueError,
         r"min_fpr must be a number in \[0, max_fpr = 0.3\), got 0.3"),
        ({"max_fpr": 0.3, "min_fpr": -0.1}, ValueError, r"min_fpr must be a number in \[0, max_fpr = 0.3\)"),
        ({"max_fpr": 0.3, "standardized": "yes"}, TypeError, r"standardized must be True or False, got 'yes'"),
    ],
)
def test_bad_fpr_range_is_refused(kwargs, error, message):
    with pytest.raises(error, match=message):
        partial_auc(LABELS, SCORES, **kwargs)
