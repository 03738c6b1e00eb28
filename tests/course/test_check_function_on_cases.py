"""The exercise-check loop shared by the chapters: call the learner's function on every case,
compare with the reference, and say which case failed, what came back and what to fix."""

from __future__ import annotations

import pytest

from rankmetrics_course.exercises.registry import ExerciseMistake, check_function_on_cases

CASES = [{"relevance": [1, 0, 1], "k": 2}, {"relevance": [0, 1], "k": 1}]


def precision(relevance, k):
    return sum(relevance[:k]) / k


def mistake_of(answer, hint="Divide by k.", **options) -> str:
    with pytest.raises(ExerciseMistake) as caught:
        check_function_on_cases(answer, "precision", CASES, precision, hint, **options)
    return str(caught.value)


def test_a_right_function_passes_every_case():
    check_function_on_cases(precision, "precision", CASES, precision, "Divide by k.")
    check_function_on_cases(lambda relevance, k: precision(relevance, k) + 1e-12, "precision",
                            CASES, precision, "Divide by k.")


def test_a_wrong_value_names_the_case_the_value_and_the_hint():
    def by_length(relevance, k):
        return sum(relevance[:k]) / len(relevance)

    assert mistake_of(by_length) == (
        "for relevance=[1, 0, 1] and k=2 your function returned 0.3333333333333333. Divide by k.")


def test_the_first_failing_case_is_reported_and_one_argument_reads_plainly():
    def wrong_on_the_second(relevance, k):
        return precision(relevance, k) if relevance[0] else 0.5

    assert mistake_of(wrong_on_the_second).startswith("for relevance=[0, 1] and k=1 your function")
    with pytest.raises(ExerciseMistake, match=r"^for x=3 your function returned 5\.0\. Double it\.$"):
        check_function_on_cases(lambda x: 5, "double", [{"x": 3}], lambda x: 2 * x, "Double it.")


def test_a_hint_can_depend_on_the_case_and_on_the_value_returned():
    seen = []

    def hint(case, got):
        seen.append((case, got))
        return f"Expected a share of {case['k']} results."

    assert mistake_of(lambda relevance, k: 7, hint).endswith("returned 7.0. Expected a share of 2 results.")
    assert seen == [({"relevance": [1, 0, 1], "k": 2}, 7.0)]


def test_the_tolerance_is_the_checks():
    def close(relevance, k):
        return precision(relevance, k) + 1e-4

    assert "returned 0.5001" in mistake_of(close)
    check_function_on_cases(close, "precision", CASES, precision, "Divide by k.", tolerance=1e-3)


def test_a_result_instead_of_the_function_names_the_function():
    assert mistake_of(0.5) == "pass your function itself, precision, not its result."


@pytest.mark.parametrize("returned", [None, "half", [0.5]])
def test_a_value_that_is_not_a_number_is_named(returned):
    assert mistake_of(lambda relevance, k: returned) == (
        f"for relevance=[1, 0, 1] and k=2 your function returned {returned!r}, not a number.")


def test_an_error_in_the_function_names_the_case():
    assert mistake_of(lambda relevance, k: relevance[k + 5]) == (
        "for relevance=[1, 0, 1] and k=2 your function raised IndexError: list index out of range")


def test_a_function_that_changes_its_input_spoils_neither_the_reference_nor_the_message():
    def emptying(relevance, k):
        value = precision(relevance, k)
        relevance.clear()
        return value

    check_function_on_cases(emptying, "precision", CASES, precision, "Divide by k.")
    assert CASES[0]["relevance"] == [1, 0, 1]

    def emptying_then_wrong(relevance, k):
        relevance.clear()
        return 0.0

    assert mistake_of(emptying_then_wrong).startswith("for relevance=[1, 0, 1] and k=2 ")


def test_describe_replaces_the_arguments_in_the_message():
    message = mistake_of(lambda relevance, k: 0.0,
                         describe=lambda case: f"for a ranking of {len(case['relevance'])}")
    assert message == "for a ranking of 3 your function returned 0.0. Divide by k."
