"""Checks of the exercises in the chapter "Diversity and novelty".

Every expected value is computed here from the chapter's data
(:mod:`rankmetrics_course.chapters.diversity_and_novelty.view`) and the package's
functions; none is written out.

>>> from rankmetrics_course.exercises import check
>>> check("diversity-true-ideal", 1.0)
diversity-true-ideal: not yet. That is the greedy ideal's own value: some ranking of four documents does better. Try every ordering (itertools.permutations).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from scipy.optimize import brentq

from rankmetrics_course.chapters.diversity_and_novelty.view import (
    EASY_RANKING,
    FEWER_NEEDS,
    JAGUAR,
    MANY_CATS,
    POOL,
    subtopics_by_rank,
)
from rankmetrics_course.exercises.registry import ExerciseMistake, answer_number, exercise, same_number
from rankmetrics_lite import alpha_dcg_at_k, alpha_ndcg_at_k, ndcg_at_k


def _easy(alpha: float) -> float:
    return alpha_ndcg_at_k(subtopics_by_rank(EASY_RANKING), 5, judged=JAGUAR, alpha=alpha)


@exercise("diversity-alpha-ndcg")
def _alpha_ndcg(answer) -> None:
    got = answer_number(answer, "a number, alpha-nDCG@5")
    if same_number(got, _easy(0.25), 1e-4):
        return
    if same_number(got, _easy(0.5), 1e-4):
        raise ExerciseMistake("That is the value at alpha = 0.5, the default: the exercise asks for "
                              "alpha = 0.25.")
    binary = [1 if JAGUAR.get(doc) else 0 for doc in EASY_RANKING]
    plain = ndcg_at_k(binary, 5, judged_grades=[1] * len(JAGUAR))
    if same_number(got, plain, 1e-4):
        raise ExerciseMistake("That is plain nDCG@5, which sees one relevant page per rank: count "
                              "each subtopic a page covers, discounted by how often it was covered above.")
    if got > 1.5:
        raise ExerciseMistake("That looks like a DCG: divide by the ideal ranking's, built greedily.")
    raise ExerciseMistake("Not that. List each rank's subtopics, weigh each by 0.75 to the power of "
                          "its earlier coverings, and divide by the greedy ideal's sum.")


@lru_cache(maxsize=1)
def _best_and_greedy() -> tuple[float, float]:
    best = max(alpha_ndcg_at_k([POOL[d] for d in order], 4, judged=POOL, alpha=0.5)
               for order in permutations(POOL, 4))
    return best, 1.0


@exercise("diversity-true-ideal")
def _true_ideal(answer) -> None:
    got = answer_number(answer, "a number, the best alpha-nDCG@4")
    best, greedy = _best_and_greedy()
    if same_number(got, best, 1e-4):
        return
    if same_number(got, greedy, 1e-4):
        raise ExerciseMistake("That is the greedy ideal's own value: some ranking of four documents "
                              "does better. Try every ordering (itertools.permutations).")
    if got < greedy:
        raise ExerciseMistake("Too low: the greedy ideal itself already scores 1.")
    raise ExerciseMistake("Not the best ordering: did you keep alpha = 0.5 and k = 4, and try every "
                          "ordered choice of four documents?")


def _gap(alpha: float) -> float:
    many, fewer = (alpha_dcg_at_k(subtopics_by_rank(r), 5, judged=JAGUAR, alpha=alpha)
                   for r in (MANY_CATS, FEWER_NEEDS))
    return many - fewer


@lru_cache(maxsize=1)
def _crossing() -> float:
    return brentq(_gap, 0.0, 1.0, xtol=1e-12)


@exercise("diversity-crossing-alpha")
def _crossing_alpha(answer) -> None:
    got = answer_number(answer, "a number, the alpha where the two rankings tie")
    if same_number(got, _crossing(), 1e-4):
        return
    if not 0 < got < 1:
        raise ExerciseMistake("The rankings tie at an alpha strictly between 0 and 1.")
    if _gap(got) > 0:
        raise ExerciseMistake(f"At alpha = {got:g} the ranking with many cat pages still scores "
                              "higher: the tie lies at a larger alpha.")
    raise ExerciseMistake(f"At alpha = {got:g} the ranking with fewer needs already scores higher: "
                          "the tie lies at a smaller alpha.")
