"""Decode and judge one answer line in a limited child of the grader's worker (:mod:`.limited_child`).

Past the child's CPU-time or memory limit, that exercise scores 0 and the feedback
says why; the grader goes on with the next answer. A verdict's message is cut to
:data:`MAX_MESSAGE` characters: a hint may quote what the student's function
returned, and the grader keeps one message per exercise and student.
"""

from __future__ import annotations

import json

from rankmetrics_course.exercises import Verdict
from rankmetrics_course.exercises.registry import prepare_check
from rankmetrics_course.exercises.replay import judge
from rankmetrics_grading.limited_child import CHILD_MEMORY, CHILD_SECONDS, call_within_limits

MAX_MESSAGE = 1_000  # characters of a verdict's message (a hint is under 400)


def judge_within_limits(label: str, line: bytes, variants: dict) -> tuple[Verdict, float]:
    """The verdict on the answer ``line`` (JSON, as the notebook sent it) to ``label``, or a
    failing one that says which limit it passed; and the judging child's peak memory (MiB)."""
    # The course's own expected values, computed here once: not the answer's cost.
    _prepared(label)
    outcome = call_within_limits(_decoded_and_judged, label, line, variants)
    if outcome.ended == "returned" and isinstance(outcome.value, Verdict):
        return outcome.value, outcome.peak_mib
    if outcome.ended == "memory":
        why = f"it needed more than {CHILD_MEMORY // 2**20} MiB of memory"
    else:
        why = (f"decoding and checking it took more than {CHILD_SECONDS} s (a number with "
               "millions of digits, such as Fraction('1e999999999')?)")
    return Verdict(label, False, f"not yet. The grader stopped judging your answer: {why}"), outcome.peak_mib


def _prepared(label: str) -> None:
    try:
        prepare_check(label)
    except Exception:  # noqa: BLE001 - the check, in the child, will say what is wrong
        pass


def _decoded_and_judged(label: str, line: bytes, variants: dict) -> Verdict:
    try:
        answer = json.loads(line)
        if not (isinstance(answer, dict) and answer.get("label") == label):
            raise ValueError("not an answer line")
        verdict = judge(answer, variants)
    except MemoryError:
        raise
    except Exception as error:  # a malformed answer line: the student's, not ours
        return Verdict(label, False, f"not yet. The answer could not be read ({type(error).__name__}).")
    message = verdict.message
    if len(message) > MAX_MESSAGE:
        message = message[:MAX_MESSAGE - 3] + "..."
    return Verdict(label, verdict.passed, message)
