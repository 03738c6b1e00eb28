"""Answers to the exercises of the chapter "Measures as users"."""

import numpy as np

from rankmetrics_course.chapters.measures_as_users.view import order_changes
from rankmetrics_lite import cwl_measure


def _rate(gains, continuation):
    reach = np.cumprod(np.concatenate([[1.0], np.asarray(continuation, dtype=float)[:-1]]))
    return float(reach @ np.asarray(gains, dtype=float) / reach.sum())


def _rate_uses_c_at_its_own_rank(gains, continuation):  # the slip: R(i) = C(1)..C(i)
    reach = np.cumprod(np.asarray(continuation, dtype=float))
    return float(reach @ np.asarray(gains, dtype=float) / max(reach.sum(), 1e-12))


def _flips():
    from rankmetrics_course import data
    return order_changes(data.trec_per_topic("web2011", "P@20").scores,
                         data.trec_per_topic("web2011", "RR").scores)[0]


_INST = cwl_measure([0, 1, 0, 0, 1, 1, 0, 0, 0, 0], "INST(T=2)")

ANSWERS = {
    "cwl-inst-total": {"right": (_INST.total_gain, _INST.depth),
                       "wrong": [(_INST.rate_of_gain * 10, _INST.depth), (_INST.total_gain, 6),
                                 _INST.total_gain, "x"]},
    "cwl-own-continuation": {"right": _rate, "wrong": [_rate_uses_c_at_its_own_rank, 0.5,
                                                       lambda g, c: float(np.mean(g))]},
    "cwl-real-flips": {"right": _flips(), "wrong": [0, 1128, "many"]},
}
