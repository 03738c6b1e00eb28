"""Checks of the exercises in the chapter "Summary"."""

from __future__ import annotations

from rankmetrics_course.exercises.registry import ExerciseMistake, exercise, expect_callable
from rankmetrics_lite import f1_at_k, hit_rate_at_k, precision_at_k, r_precision, recall_at_k

# The pitfalls the colleague's code in the exercise commits, by their number in the
# chapter's table: 1 divide by the number returned, 2 count beyond k, 7 hit rate as
# recall, 8 unpaired test. It prints the per-query table, so not 4.
_SPOTTED = frozenset({1, 2, 7, 8})
_N_PITFALLS = 8

# (relevance, n_relevant, k): long and short rankings, |R| above and below k, |R| = 0.
_CASES = [
    ([1, 0, 1, 1, 0, 1, 0, 1, 0, 1], 8, 5),
    ([1, 0, 1, 1, 0, 1, 0, 1, 0, 1], 8, 10),
    ([1, 1], 3, 5),
    ([0, 0, 1], 1, 2),
    ([0, 1, 0, 0], 2, 1),
    ([0, 0, 0], 0, 3),
    ([1, 0], 0, 4),
]


def _expected(relevance, n_relevant, k) -> dict:
    # F1@k = 2|R_k| / (k + |R|) stays defined when |R| = 0 (the chapter's table); f1_at_k
    # raises there, as it does for recall, so the check applies the formula itself.
    if n_relevant == 0:
        by_r = {"R": None, "F1": 2 * sum(relevance[:k]) / k, "Rprec": None}
    else:
        by_r = {"R": recall_at_k(relevance, k, n_relevant=n_relevant),
                "F1": f1_at_k(relevance, k, n_relevant=n_relevant),
                "Rprec": r_precision(relevance, n_relevant=n_relevant)}
    return {"P": precision_at_k(relevance, k), "Hit": hit_rate_at_k(relevance, k), **by_r}


@exercise("summary-spot-pitfalls")
def _spot_pitfalls(answer) -> None:
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__iter__"):
        raise ExerciseMistake("give a set of pitfall numbers, for example {2, 5}.")
    try:
        named = {int(number) for number in answer}
    except (TypeError, ValueError):
        raise ExerciseMistake(f"every element must be a pitfall number from 1 to "
                              f"{_N_PITFALLS}.") from None
    if not named <= set(range(1, _N_PITFALLS + 1)):
        raise ExerciseMistake(f"the table numbers its pitfalls from 1 to {_N_PITFALLS}.")
    extra, missing = named - _SPOTTED, _SPOTTED - named
    if extra or missing:
        parts = []
        if extra:
            parts.append(f"your set holds {len(extra)} number(s) naming a pitfall the code "
                         "avoids")
        if missing:
            parts.append(f"{len(missing)} pitfall(s) it commits are not in your set")
        raise ExerciseMistake("; ".join(parts) + ". Read each function line by line: what "
                              "does it count, what does it divide by, and what does the "
                              "test assume about the two lists?")


@exercise("summary-all-measures")
def _all_measures(answer) -> None:
    expect_callable(answer, "part_one_measures")
    for relevance, n_relevant, k in _CASES:
        got = answer(list(relevance), n_relevant, k)
        want = _expected(relevance, n_relevant, k)
        if not isinstance(got, dict) or set(got) != set(want):
            raise ExerciseMistake(f"return a dict with the keys {sorted(want)}; for "
                                  f"relevance={relevance} your function returned {got!r}.")
        for name, value in want.items():
            if value is None:
                if got[name] is not None:
                    raise ExerciseMistake(
                        f"with n_relevant=0, {name} is undefined: return None for it, "
                        f"not {got[name]!r}.")
                continue
            try:
                close = abs(float(got[name]) - value) <= 1e-9
            except (TypeError, ValueError):
                close = False
            if not close:
                raise ExerciseMistake(
                    f"for relevance={relevance}, n_relevant={n_relevant}, k={k} your "
                    f"{name} is {got[name]!r}. Check its denominator in the table, and "
                    "remember that a ranking shorter than k still divides P@k by k.")
