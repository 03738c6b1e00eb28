"""The chapter "Measures as users": users of one expected depth, the slider, order changes."""

from __future__ import annotations

import numpy as np
import pytest

from rankmetrics_course.chapters.measures_as_users.view import (
    DEPTHS, order_changes, same_depth_models, weights_frame, weights_slider)
from rankmetrics_lite import cwl_measure
from tests.course.stored_faces import stored_frames_of

GAINS = [1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0]


@pytest.mark.parametrize("depth", DEPTHS)
def test_the_three_users_read_the_same_number_of_documents(depth):
    for name in same_depth_models(depth).values():
        assert cwl_measure([0], name).depth == pytest.approx(depth, abs=1e-3)


def test_the_frame_gives_each_users_rate_of_gain():
    frame = weights_frame(GAINS, 5)
    assert frame.numbers["P@k ERG"] == f"{cwl_measure(GAINS, 'CWL_P@5').rate_of_gain:.4f}"
    assert frame.numbers["RBP ERG"] == f"{cwl_measure(GAINS, 'CWL_RBP(p=0.8)').rate_of_gain:.4f}"


def test_the_stored_slider_is_what_the_view_computes():
    slider = weights_slider(GAINS, depth=5)
    stored_frames_of("27-measures-as-users", slider)


def test_order_changes_counts_each_reversed_pair_once():
    first = np.array([[0.1, 0.2, 0.3]])
    assert order_changes(first, first) == (0, 3)
    assert order_changes(first, first[:, ::-1]) == (3, 3)
    assert order_changes(first, np.array([[0.1, 0.1, 0.3]])) == (0, 3)  # a tie is no change
