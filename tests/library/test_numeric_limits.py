"""Numbers at the edge of a float: each gives a correct value or a clear error, never NaN."""

from __future__ import annotations

import numpy as np
import pytest

from rankmetrics_lite import (
    dcg_at_k,
    evaluate,
    ndcg_at_k,
    paired_t_test,
    partial_auc,
    precision_at_k,
    randomization_test,
)


def test_exponential_ndcg_of_top_grades_is_one_not_nan():
    # 2**1023 - 1 fits in a float, three of them summed do not.
    assert ndcg_at_k([1023] * 3, None, judged_grades=[1023] * 3, gain="exponential") == 1.0
    assert ndcg_at_k([1023, 0], None, judged_grades=[1023, 1023], gain="exponential") == pytest.approx(1 / (1 + 1 / np.log2(3)))
    run, qrels = {"q": {"a": 2.0, "b": 1.0, "c": 0.5}}, {"q": {"a": 1023, "b": 1023, "c": 1023}}
    assert evaluate(run, qrels, "nDCG", gain="exponential") == {"nDCG": 1.0}


def test_an_unnormalised_dcg_that_overflows_is_an_error():
    with pytest.raises(ValueError, match="the DCG of these grades is too large for a float"):
        dcg_at_k([1023] * 3, None, gain="exponential")


def test_integers_too_large_for_a_float_are_named():
    with pytest.raises(ValueError, match=r"relevance must hold numbers that fit in a float; rank 2 holds an integer with 401 digits"):
        precision_at_k([1, 10**400], k=1)
    with pytest.raises(ValueError, match=r"qrels\['q'\]\['a'\] is 1000.*outside the 64-bit range"):
        evaluate({"q": {"a": 1.0}}, {"q": {"a": 10**30}}, "P@1")


@pytest.mark.parametrize("test", [paired_t_test, lambda a, b: randomization_test(a, b, seed=0)])
def test_differences_that_overflow_are_an_error_not_a_nan(test):
    with pytest.raises(ValueError, match=r"the differences a - b are too large"):
        test([1e308, -1e308, 0.5], [-1e308, 1e308, 0.25])
    with pytest.raises(ValueError, match=r"too large to square"):
        test([1e200, 0.0, 0.5], [0.0, 0.0, 0.25])


def test_a_standardised_partial_auc_over_a_vanishing_range_is_an_error():
    labels, scores = [0, 1, 0, 1], [0.1, 0.9, 0.3, 0.5]
    with pytest.raises(ValueError, match=r"too narrow to standardise"):
        partial_auc(labels, scores, max_fpr=1.0, min_fpr=1 - 1e-16, standardized=True)
    # The raw area over it is a tiny, correct number; a narrow but usable range standardises.
    assert 0 < partial_auc(labels, scores, max_fpr=1.0, min_fpr=1 - 1e-16) < 1e-15
    assert partial_auc(labels, scores, max_fpr=1.0, min_fpr=0.999, standardized=True) == pytest.approx(1.0)
