"""Checks of the exercises in the chapter "Risk and fairness".

Every expected value is computed here when an answer is first checked, by the library or
from the real TREC per-topic scores; none is written out.
"""

from __future__ import annotations

import numpy as np

from rankmetrics_course.exercises.registry import ExerciseMistake, answer_number, exercise
from rankmetrics_lite import expected_exposure, georisk, trisk

SYSTEM = [0.42, 0.10, 0.55, 0.30, 0.61, 0.20]
BASELINE = [0.40, 0.25, 0.50, 0.35, 0.45, 0.20]
GRADES = {"a": 1, "b": 1, "c": 1, "d": 0, "e": 0}
ROTATION = [["a", "b", "c", "d", "e"], ["b", "c", "a", "d", "e"], ["c", "a", "b", "d", "e"]]


@exercise("risk-trisk-by-hand")
def _trisk_by_hand(answer) -> None:
    value = answer_number(answer, "a number")
    want = trisk(SYSTEM, BASELINE, alpha=3).trisk
    if abs(value - want) > 5e-4:
        raise ExerciseMistake("weight each loss by 1 + alpha (here 4), keep wins and ties as they are, "
                              "then divide the mean by the sample standard deviation over the square "
                              "root of the number of topics.")


@exercise("risk-georisk-leader")
def _georisk_leader(answer) -> None:
    from rankmetrics_course import data

    scores = data.trec_per_topic("web2012", "ERR@20")
    leader = scores.runs[int(np.argmax(georisk(scores.scores, alpha=1)))]
    if answer != leader:
        raise ExerciseMistake("give the name of the run (as in scores.runs) with the highest GeoRisk "
                              "at alpha = 1, computed over every run of the track at once.")


@exercise("fairness-rotation")
def _rotation(answer) -> None:
    value = answer_number(answer, "a number")
    want = expected_exposure(ROTATION, GRADES, patience=0.5).loss
    if abs(value - want) > 1e-6:
        raise ExerciseMistake("the three rankings are equally likely; average each item's exposure "
                              "over them, and remember that d and e are equally relevant too.")
