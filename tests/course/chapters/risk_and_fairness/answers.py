"""Answers to the exercises of the chapter "Risk and fairness"."""

import numpy as np
from scipy import stats

from rankmetrics_course.chapters.risk_and_fairness.checks import BASELINE, GRADES, ROTATION, SYSTEM
from rankmetrics_lite import expected_exposure, georisk


def _z(alpha):
    d = np.subtract(SYSTEM, BASELINE)
    return np.where(d >= 0, d, (1 + alpha) * d)


def _leader(rank=0):
    from rankmetrics_course import data
    scores = data.trec_per_topic("web2012", "ERR@20")
    by_georisk = np.argsort(-georisk(scores.scores, alpha=1))
    return scores.runs[int(by_georisk[rank])]


def _best_mean():
    from rankmetrics_course import data
    scores = data.trec_per_topic("web2012", "ERR@20")
    return scores.runs[int(np.argmax(scores.scores.mean(axis=0)))]


_RIGHT_LEADER = _leader()

ANSWERS = {
    "risk-trisk-by-hand": {"right": float(stats.ttest_1samp(_z(3), 0).statistic),
                           "wrong": [float(stats.ttest_1samp(_z(0), 0).statistic),  # alpha ignored
                                     float(_z(3).mean() / (np.std(_z(3)) / np.sqrt(6)) * 2), "t"]},
    "risk-georisk-leader": {"right": _RIGHT_LEADER,
                            "wrong": [r for r in (_leader(1), _leader(-1), _best_mean()) if r != _RIGHT_LEADER]},
    "fairness-rotation": {"right": expected_exposure(ROTATION, GRADES, patience=0.5).loss,
                          "wrong": [0.0, expected_exposure(ROTATION[:1], GRADES, patience=0.5).loss]},
}
