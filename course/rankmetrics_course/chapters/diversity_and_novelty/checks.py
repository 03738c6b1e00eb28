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
from itertools import combinations, permutations

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
from rankmetrics_lite import alpha_dcg_at_k, alpha_ndcg_at_k, greedy_ideal_ranking, ndcg_at_k, rank_by_score


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


# ------------------------------------------- Hard: not maximum coverage --
_MOST_PAGES = 6


def _as_pool(answer) -> dict:
    try:
        greedy_ideal_ranking(answer, alpha=1.0)  # the package's own checks of judgements
    except (TypeError, ValueError) as error:
        raise ExerciseMistake(f"The package refuses these judgements: {error}.") from None
    if len(answer) > _MOST_PAGES:
        raise ExerciseMistake(f"At most {_MOST_PAGES} pages: {len(answer)} given.")
    pool = {page: set(covered) for page, covered in answer.items()}
    if sum(1 for covered in pool.values() if covered) < 3:
        raise ExerciseMistake("With fewer than three pages relevant to something, the best ranking "
                              "and the best-covering pair hold the same pages: add pages.")
    return pool


@exercise("diversity-not-max-coverage")
def _not_max_coverage(answer) -> None:
    pool = _as_pool(answer)
    judged = {page: covered for page, covered in pool.items() if covered}

    def value(order):
        return alpha_ndcg_at_k([pool[page] for page in order], 2, judged=judged, alpha=1.0)

    values = {order: value(order) for order in permutations(pool, 2)}
    best = max(values.values())
    most = max(len(pool[a] | pool[b]) for a, b in combinations(pool, 2))
    covering = [order for order, v in values.items()
                if same_number(v, best, 1e-12) and len(pool[order[0]] | pool[order[1]]) == most]
    if covering:
        a, b = covering[0]
        raise ExerciseMistake(f"Here the best ranking, {a!r} then {b!r}, also covers the most "
                              f"subtopics ({most}). Make one page larger than both pages of the "
                              "best-covering pair, by more than the subtopic it loses to them.")


# ------------------------------- Medium: readings no baseline reaches --


@lru_cache(maxsize=1)
def _unreached() -> dict[str, int]:
    """How many subtopics with a relevant page no baseline covers in its top 20 (``"none"``),
    and the counts a wrong reading of the exercise gives."""
    from rankmetrics_course.chapters.diversity_and_novelty import web2012

    def covered(depth):
        return {name: {(topic, s) for topic, scores in run.items()
                       for doc in rank_by_score(scores)[:depth]
                       for s in web2012.relevant_subtopics(topic).get(doc, ())}
                for name, run in web2012.track().runs.items()}

    subtopics = {(topic, s) for topic in web2012.topic_ids()
                 for covers in web2012.relevant_subtopics(topic).values() for s in covers}
    listed = sum(len(topic.subtopics) for topic in web2012.track().topics.values())
    at_20, anywhere = covered(web2012.CUTOFF), covered(None)
    none = len(subtopics - set().union(*at_20.values()))
    return {"none": none, "listed": none + listed - len(subtopics),
            "reached": len(subtopics) - none,
            "anywhere": len(subtopics - set().union(*anywhere.values())),
            **{name: len(subtopics - reached) for name, reached in at_20.items()}}


@exercise("diversity-unreached-subtopics")
def _unreached_subtopics(answer) -> None:
    got = answer_number(answer, "a number of subtopics")
    counts = _unreached()
    if same_number(got, counts["none"]):
        return
    for name in ("ql-cata", "rm-cata", "ql-catb", "rm-catb"):
        if same_number(got, counts[name]):
            raise ExerciseMistake(f"That is what {name} alone misses: count the subtopics that none "
                                  "of the four reaches.")
    hints = {
        "listed": "That counts the subtopics nobody found a relevant page for too: they are not in S.",
        "reached": "That is how many the baselines do reach: the exercise asks for the others.",
        "anywhere": "That counts what the whole runs miss: stop at rank 20 (rank_by_score, then [:20]).",
    }
    for key, hint in hints.items():
        if same_number(got, counts[key]):
            raise ExerciseMistake(hint)
    raise ExerciseMistake("Not that. For each baseline and topic, rank by score (rank_by_score), keep "
                          "the top 20, collect the (topic, subtopic) pairs its relevant pages cover, and "
                          "count the pairs of S that no baseline collected.")
