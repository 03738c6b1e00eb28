"""The chapter's scikit-learn exercise: the values its test answers take as scikit-learn's are
scikit-learn's own (average_precision_score, ranks given as descending scores)."""

from __future__ import annotations

import pytest

from tests.course.chapters.mean_average_precision import answers


@pytest.mark.reference
@pytest.mark.parametrize("relevance, value", [(answers.SKLEARN_SHOWN, answers._sklearn_value),
                                              (answers.SKLEARN_PADDED, answers._padded_value)])
def test_the_answers_sklearn_values_are_scikit_learns(relevance, value):
    from sklearn.metrics import average_precision_score

    assert average_precision_score(relevance, [-rank for rank in range(len(relevance))]) == (
        pytest.approx(value, abs=1e-12))
