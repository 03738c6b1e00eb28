"""The registry of exercise checks and the verdict they return."""

from __future__ import annotations

import copy
import difflib
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

# label -> function that raises ExerciseMistake (with a hint) if the answer is wrong
_CHECKS: dict[str, Callable[[object], None]] = {}
# label -> function that computes (and caches) what the check compares with, for the grader
_PREPARE: dict[str, Callable[[], object]] = {}
# Every verdict given in this Python process, oldest first (a history for the learner;
# grading never reads it: the grader judges answers in its own process).
_RECORDED: list[Verdict] = []


class ExerciseMistake(Exception):
    """Raised by a check: its message says what is wrong and hints at the fix."""


NO_ANSWER = "no answer yet."  # the verdict on an exercise's untouched stub (None or ...)


@dataclass(frozen=True)
class Verdict:
    """The outcome of one check: ``passed`` and the message shown to the student."""

    label: str
    passed: bool
    message: str

    def __repr__(self) -> str:
        return f"{self.label}: {self.message}"

    def __bool__(self) -> bool:
        return self.passed


def exercise(label: str, *, prepare: Callable[[], object] | None = None):
    """Decorator: register ``function(answer)`` as the check of exercise ``label``.

    ``prepare``, if given, computes and caches the values the check compares answers with
    (an ``lru_cache``'d function): the grader calls it once in its worker, so that the
    time-limited child judging each answer (:mod:`rankmetrics_grading.limited_judge`)
    inherits the values instead of computing them again.
    """
    def register(function: Callable[[object], None]) -> Callable[[object], None]:
        if label in _CHECKS:
            raise ValueError(f"exercise label {label!r} is registered twice")
        _CHECKS[label] = function
        if prepare is not None:
            _PREPARE[label] = prepare
        return function
    return register


def prepare_check(label: str) -> None:
    """Compute, once per process, what the check of ``label`` compares with (if it says)."""
    if label in _PREPARE:
        _PREPARE[label]()


def exercise_labels() -> list[str]:
    """Every registered exercise label, sorted."""
    return sorted(_CHECKS)


def grade(label: str, answer) -> Verdict:
    """Run the check of ``label`` on ``answer``, record the verdict and return it."""
    verdict = _judge(label, answer)
    _RECORDED.append(verdict)
    return verdict


def recorded_verdicts() -> list[Verdict]:
    """Every verdict given so far in this process (by ``check`` or ``grade``), oldest first.

    >>> from rankmetrics_course.exercises import check
    >>> check("precision-short-list", 0.3)
    precision-short-list: correct.
    >>> recorded_verdicts()[-1]
    precision-short-list: correct.
    """
    return list(_RECORDED)


def require_label(label: str) -> None:
    """Raise, with the nearest labels, unless ``label`` names a registered exercise."""
    if label not in _CHECKS:
        close = difflib.get_close_matches(str(label), _CHECKS, n=3)
        hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
        raise ValueError(f"label must name an exercise of the course, got {label!r}{hint}")


def _judge(label: str, answer) -> Verdict:
    require_label(label)
    if answer is None or answer is Ellipsis:
        return Verdict(label, False, NO_ANSWER)
    try:
        _CHECKS[label](answer)
    except ExerciseMistake as mistake:
        return Verdict(label, False, f"not yet. {mistake}")
    except Exception as error:  # the student's own code failed inside the check
        return Verdict(label, False, f"not yet. Your answer raised {type(error).__name__}: {error}")
    return Verdict(label, True, "correct.")


def expect_number(answer, expected: float, hint: str, tolerance: float = 5e-4) -> None:
    """Accept a number within ``tolerance`` of ``expected``; otherwise raise with ``hint``."""
    try:
        value = float(answer)
    except (TypeError, ValueError):
        raise ExerciseMistake(f"expected a number, got {type(answer).__name__}.") from None
    if abs(value - expected) > tolerance:
        raise ExerciseMistake(hint)


def expect_callable(answer, name: str) -> None:
    """Accept only a function: students often pass its result instead."""
    if not callable(answer):
        raise ExerciseMistake(f"pass your function itself, {name}, not its result.")


def same_number(got, want: float, tolerance: float = 1e-9) -> bool:
    """Whether ``got`` is a number within ``tolerance`` of ``want``."""
    try:
        return abs(float(got) - want) <= tolerance
    except (TypeError, ValueError):
        return False


def answer_number(answer, what: str) -> float:
    """``answer`` as a finite float, or a mistake saying that ``what`` was expected
    (a bool is refused: ``True`` would read as 1)."""
    if isinstance(answer, bool):
        raise ExerciseMistake(f"expected {what}, got a bool.")
    try:
        value = float(answer)
    except (TypeError, ValueError):
        raise ExerciseMistake(f"expected {what}, got {type(answer).__name__}.") from None
    if not math.isfinite(value):
        raise ExerciseMistake(f"expected {what}, got {answer!r}.")
    return value


def returned_number(value, where: str) -> float:
    """``value`` as a float, or a mistake saying what the function returned."""
    try:
        return float(value)
    except (TypeError, ValueError):
        raise ExerciseMistake(f"{where} your function returned {value!r}, "
                              "not a number.") from None


def check_function_on_cases(answer, name: str, cases: Iterable[dict], reference: Callable,
                            hint: str | Callable[[dict, float], str], *,
                            tolerance: float = 1e-9,
                            describe: Callable[[dict], str] | None = None) -> None:
    """Check a function that returns a number: call it on every case, compare with ``reference``.

    ``cases`` holds one dict per call, ``{argument name: value}`` in the order of the
    function's parameters; the answer receives a deep copy of each value, by position (so a
    function that changes its input spoils no later case), and ``reference(**case)`` gives
    the number it should return. The first case where the two differ by more than
    ``tolerance`` raises a mistake that shows the case, the value returned and ``hint``
    (or ``hint(case, got)``, for a hint that depends on the case or on the wrong value).
    ``describe(case)`` replaces the default "for a=1, b=2 and c=3" where the arguments need
    shortening.

    >>> def double(x):
    ...     return 2 * x
    >>> check_function_on_cases(double, "double", [{"x": 1}, {"x": 2.5}], lambda x: 2 * x, "Double it.")
    >>> check_function_on_cases(lambda x: x + x if x < 2 else 5, "double", [{"x": 1}, {"x": 3}],
    ...                         lambda x: 2 * x, "Double it.")
    Traceback (most recent call last):
    ...
    rankmetrics_course.exercises.registry.ExerciseMistake: for x=3 your function returned 5.0. Double it.
    """
    expect_callable(answer, name)
    for case in cases:
        where = describe(case) if describe is not None else _for_arguments(case)
        try:
            returned = answer(*copy.deepcopy(list(case.values())))
        except Exception as error:  # the learner's code: say on which case it failed
            raise ExerciseMistake(f"{where} your function raised {type(error).__name__}: "
                                  f"{error}") from None
        got = returned_number(returned, where)
        if not same_number(got, reference(**case), tolerance):
            text = hint(case, got) if callable(hint) else hint
            raise ExerciseMistake(f"{where} your function returned {got!r}. {text}")


def _for_arguments(case: dict) -> str:
    """``{"a": 1, "b": [2], "c": "x"}`` -> "for a=1, b=[2] and c='x'"."""
    shown = [f"{argument}={value!r}" for argument, value in case.items()]
    if len(shown) < 2:
        return "for " + "".join(shown)
    return f"for {', '.join(shown[:-1])} and {shown[-1]}"
