"""The diversity measures (rankmetrics_lite._diversity): hand-computed values, bad input,
and every measure against ndeval's own C code (pyndeval), per query and in the mean.

pyndeval ranks a run by score and breaks ties by document id *ascending*; the package
(and ndeval -traditional, and trec_eval) breaks them by id descending. The cross-checks
rank each run here, by that rule, and hand pyndeval one distinct score per rank, so that
ties in the run test the package's tie rule and pyndeval sees the same ranking.
"""

from __future__ import annotations

import math
from importlib.metadata import version

import numpy as np
import pytest

from rankmetrics_lite import (
    alpha_dcg_at_k,
    alpha_ndcg_at_k,
    average_precision_ia,
    err_ia_at_k,
    evaluate,
    greedy_ideal_ranking,
    nerr_ia_at_k,
    normalised_novelty_rank_biased_precision,
    novelty_gains,
    novelty_rank_biased_precision,
    precision_ia_at_k,
    read_trec_run,
    read_trec_subtopic_qrels,
    subtopic_recall_at_k,
)
from rankmetrics_lite.measures import CATALOGUE, parse_measure


DIVERSITY = [family for family in CATALOGUE.values() if family.judgements == "subtopics"]
CUTOFFS = (1, 2, 3, 5, 10, 20)
# Our family -> ndeval's name.
NDEVAL_NAMES = {"alpha_nDCG": "alpha-nDCG", "alpha_DCG": "alpha-DCG", "ERR_IA": "ERR-IA",
                "nERR_IA": "nERR-IA", "NRBP": "NRBP", "nNRBP": "nNRBP", "P_IA": "P-IA",
                "MAP_IA": "MAP-IA", "StRecall": "strec"}


def _log2(rank: int) -> float:
    return math.log2(rank + 1)


# ------------------------------------------------------ hand-computed values --
# "jaguar": subtopics cat, car. cat1 and cat2 are about the cat, car1 about the car.

JUDGED = {"cat1": {"cat"}, "cat2": {"cat"}, "car1": {"car"}}
REDUNDANT = [{"cat"}, {"cat"}, {"car"}]  # cat1, cat2, car1
DIVERSE = [{"cat"}, {"car"}, {"cat"}]


def test_hand_computed_values_of_a_redundant_ranking():
    # Novelty gains 1, 1/2, 1 (alpha = 0.5); the greedy ideal's 1, 1, 1/2.
    dcg = 1 + 0.5 / _log2(2) + 1 / _log2(3)
    ideal = 1 + 1 / _log2(2) + 0.5 / _log2(3)
    assert alpha_ndcg_at_k(REDUNDANT, 3, judged=JUDGED) == pytest.approx(dcg / ideal, abs=1e-15)
    assert alpha_ndcg_at_k(DIVERSE, 3, judged=JUDGED) == pytest.approx(1.0, abs=1e-15)
    ideal_ideal = 2 + 2 * 0.5 / _log2(2) + 2 * 0.25 / _log2(3)  # every document covers both
    assert alpha_dcg_at_k(REDUNDANT, 3, judged=JUDGED) == pytest.approx(dcg / ideal_ideal, abs=1e-15)
    assert alpha_dcg_at_k(REDUNDANT, 1, judged=JUDGED) == 1.0  # ndeval leaves rank 1 undivided
    err = 1 + 0.5 / 2 + 1 / 3
    assert err_ia_at_k(REDUNDANT, 3, judged=JUDGED) == pytest.approx(err / (2 + 1 / 2 + 0.5 / 3), abs=1e-15)
    assert nerr_ia_at_k(REDUNDANT, 3, judged=JUDGED) == pytest.approx(err / (1 + 1 / 2 + 0.5 / 3), abs=1e-15)
    nrbp = (1 + 0.5 * 0.5 + 1 * 0.25) * (1 - 0.5 * 0.5) / 2
    assert novelty_rank_biased_precision(REDUNDANT, judged=JUDGED) == pytest.approx(nrbp, abs=1e-15)
    ideal_nrbp = (1 + 1 * 0.5 + 0.5 * 0.25) * (1 - 0.5 * 0.5) / 2
    assert normalised_novelty_rank_biased_precision(REDUNDANT, judged=JUDGED) == pytest.approx(
        nrbp / ideal_nrbp, abs=1e-15)
    assert precision_ia_at_k(REDUNDANT, 2, judged=JUDGED) == pytest.approx((2 / 2 + 0 / 2) / 2)
    assert subtopic_recall_at_k(REDUNDANT, 2, judged=JUDGED) == 0.5
    assert subtopic_recall_at_k(REDUNDANT, 3, judged=JUDGED) == 1.0
    # AP per subtopic: cat (1/1 + 2/2) / 2 = 1, car (1/3) / 1.
    assert average_precision_ia(REDUNDANT, judged=JUDGED) == pytest.approx((1 + 1 / 3) / 2, abs=1e-15)


def test_alpha_zero_forgets_redundancy_and_alpha_one_counts_a_subtopic_once():
    assert alpha_ndcg_at_k(REDUNDANT, 2, judged=JUDGED, alpha=0.0) == 1.0  # two cat documents: as good
    assert alpha_ndcg_at_k(REDUNDANT, 2, judged=JUDGED, alpha=1.0) == pytest.approx(1 / (1 + 1 / _log2(2)))


def test_the_greedy_ideal_ranking_and_where_it_is_beaten():
    assert greedy_ideal_ranking(JUDGED) == ["cat2", "car1", "cat1"]  # ties: the larger id first
    # Greedy takes a (three subtopics new), then one new subtopic a rank; b, c, d cover
    # two new subtopics each, so at alpha = 1 they beat the greedy "ideal" at k = 3.
    beats = {"a": {1, 2, 3}, "b": {1, 4}, "c": {2, 5}, "d": {3, 6}}
    assert greedy_ideal_ranking(beats, alpha=1.0)[0] == "a"
    value = alpha_ndcg_at_k([beats["b"], beats["c"], beats["d"]], 3, judged=beats, alpha=1.0)
    assert value == pytest.approx((2 + 2 / _log2(2) + 2 / _log2(3)) / (3 + 1 / _log2(2) + 1 / _log2(3)))
    assert value > 1


def test_evaluate_reads_the_measures_from_the_catalogue():
    run = {"q1": {"cat1": 3.0, "cat2": 2.0, "car1": 1.0}}
    qrels = {"q1": {"cat": {"cat1": 1, "cat2": 1}, "car": {"car1": 1, "cat1": 0}}, "q2": {"cat": {"x": 1}}}
    names = [name for family in DIVERSITY for name in family.example_names(3)]
    per_query = evaluate(run, qrels, names, per_query=True)
    assert per_query["q1"]["alpha_nDCG@3"] == alpha_ndcg_at_k(REDUNDANT, 3, judged=JUDGED)
    assert per_query["q1"]["MAP_IA"] == average_precision_ia(REDUNDANT, judged=JUDGED)
    assert all(value == 0.0 for value in per_query["q2"].values())  # judged, not in the run: 0
    means = evaluate(run, qrels, names)
    assert means == pytest.approx({n: (per_query["q1"][n] + per_query["q2"][n]) / 2 for n in names})


def test_every_diversity_family_is_in_the_catalogue_and_checked_here():
    assert set(NDEVAL_NAMES) == {family.name for family in DIVERSITY}
    assert parse_measure("alpha_nDCG(alpha=0.3)@10").value == 0.3
    assert parse_measure("ERR_IA@20").trec_eval_name is None


# ----------------------------------------------------------------- bad input --


@pytest.mark.parametrize("call, message", [
    (lambda: alpha_ndcg_at_k([{"x"}], 0, judged={"a": {"x"}}), "k must be a positive integer"),
    (lambda: alpha_ndcg_at_k([{"x"}], 1, judged={"a": {"x"}}, alpha=1.5), "alpha must be a number from 0 to 1"),
    (lambda: alpha_ndcg_at_k([{"y"}], 1, judged={"a": {"x"}}), "no document of judged is relevant"),
    (lambda: alpha_ndcg_at_k([{"x"}], 1, judged={"a": set()}), "no document relevant to any subtopic"),
    (lambda: alpha_ndcg_at_k(["x"], 1, judged={"a": {"x"}}), "must be a set of subtopics"),
    (lambda: novelty_rank_biased_precision([{"x"}], judged={"a": {"x"}}, beta=-0.1), "beta must be"),
    (lambda: evaluate({"q": {"a": 1.0}}, {"q": {"x": {"a": 1}}}, ["P@5"]), "these qrels hold subtopics"),
    (lambda: evaluate({"q": {"a": 1.0}}, {"q": {"x": {"a": 1}}}, ["P@5", "ERR_IA@5"]), "in two calls"),
    (lambda: evaluate({"q": {"a": 1.0}}, {"q": {"a": 1}}, ["ERR_IA@5"]), "must be a dict {doc: grade}"),
    (lambda: evaluate({"q": {"a": 1.0}}, {"q": {"x": {"a": 1}}}, ["ERR_IA@5"], gain="exponential"),
     "does not apply to the diversity measures"),
    (lambda: evaluate({"q": {"a": 1.0}}, {"q": {"x": {"a": 1}}}, ["NRBP"], empty_queries="raise")
     if False else evaluate({"q": {"a": 1.0}}, {"q": {"x": {"a": 0}}}, ["NRBP"], empty_queries="raise"),
     "has no document relevant to any subtopic"),
    (lambda: evaluate({"q": {"a": float("nan")}}, {"q": {"x": {"a": 1}}}, ["NRBP"]), "finite"),
])
def test_bad_input_is_refused_with_the_fix(call, message):
    with pytest.raises((TypeError, ValueError), match=message.replace("{", r"\{").replace("}", r"\}")):
        call()


def test_the_reader_refuses_a_repeated_judgement(tmp_path):
    path = tmp_path / "qrels.txt"
    path.write_text("1 1 d1 1\n1 1 d1 0\n")
    with pytest.raises(ValueError, match="line 2: document 'd1' is judged twice for subtopic '1'"):
        read_trec_subtopic_qrels(path)
    path.write_text("1 1 d1\n")
    with pytest.raises(ValueError, match="line 1: expected 4 columns"):
        read_trec_subtopic_qrels(path)


# ------------------------------------------------------ against ndeval (C) --

# A Web-track-style example in ndeval's formats: topic 51 "jaguar"-like with four
# subtopics, topic 52 with three (subtopic 3 has no relevant document), topic 53
# judged but missing from the run, topic 54 judged with nothing relevant.
NDEVAL_QRELS = """\
51 1 clueweb09-en0000-00-00001 1
51 1 clueweb09-en0000-00-00002 1
51 1 clueweb09-en0000-00-00003 0
51 2 clueweb09-en0000-00-00002 1
51 2 clueweb09-en0000-00-00004 1
51 3 clueweb09-en0000-00-00005 1
51 3 clueweb09-en0000-00-00006 2
51 4 clueweb09-en0000-00-00007 1
51 4 clueweb09-en0000-00-00001 1
52 1 clueweb09-en0001-00-00001 1
52 2 clueweb09-en0001-00-00002 1
52 2 clueweb09-en0001-00-00003 1
52 3 clueweb09-en0001-00-00004 0
53 1 clueweb09-en0002-00-00001 1
54 1 clueweb09-en0003-00-00001 0
"""
NDEVAL_RUN = """\
51 Q0 clueweb09-en0000-00-00002 1 9.5 example
51 Q0 clueweb09-en0000-00-00003 2 9.1 example
51 Q0 clueweb09-en0000-00-00001 3 8.7 example
51 Q0 clueweb09-en0000-00-00099 4 8.7 example
51 Q0 clueweb09-en0000-00-00006 5 8.0 example
51 Q0 clueweb09-en0000-00-00004 6 7.2 example
51 Q0 clueweb09-en0000-00-00007 7 6.0 example
52 Q0 clueweb09-en0001-00-00002 1 3.0 example
52 Q0 clueweb09-en0001-00-00003 2 2.0 example
52 Q0 clueweb09-en0001-00-00001 3 1.0 example
54 Q0 clueweb09-en0003-00-00001 1 1.0 example
55 Q0 clueweb09-en0004-00-00001 1 1.0 example
"""


def _natural(subtopic: str) -> tuple:
    return (0, int(subtopic), "") if subtopic.isdigit() else (1, 0, subtopic)


def _trec_ranking(ranking: dict) -> list[str]:
    """Score descending, ties by id descending (bytes): trec_eval's and ndeval -traditional's rule."""
    return [doc for doc, _ in sorted(ranking.items(), key=lambda e: (e[1], e[0].encode()), reverse=True)]


def ndeval_values(run: dict, qrels: dict, measures: list[str], *, alpha=0.5, level=1) -> dict:
    """pyndeval's per-query values: qrels in ndeval's subtopic order, the run as ranks."""
    import pyndeval
    lines = sorted(((q, s, d, g) for q, subs in qrels.items() for s, docs in subs.items()
                    for d, g in docs.items()), key=lambda t: _natural(t[1]))
    scored = [(q, doc, float(-rank)) for q in sorted(run) for rank, doc in enumerate(_trec_ranking(run[q]))]
    evaluator = pyndeval.RelevanceEvaluator(lines, measures, relevance_level=level, alpha=alpha)
    return evaluator.evaluate(scored)


def our_names(alpha: float) -> dict[str, str]:
    """Our measure name -> ndeval's, every family at every cutoff ndeval allows."""
    names = {}
    for family in DIVERSITY:
        base = family.name if alpha == 0.5 or family.parameter is None else f"{family.name}(alpha={alpha:g})"
        for k in (CUTOFFS if family.cutoff == "required" else (None,)):
            ours = base if k is None else f"{base}@{k}"
            names[ours] = NDEVAL_NAMES[family.name] + ("" if k is None else f"@{k}")
    return names


def compare(run, qrels, *, alpha=0.5, level=1) -> tuple[int, float]:
    """Every measure per query and in the mean (ndeval -c: judged queries missing from the run
    score 0); returns how many values were compared and the largest difference."""
    names = our_names(alpha)
    theirs = ndeval_values(run, qrels, list(names.values()), alpha=alpha, level=level)
    ours = evaluate(run, qrels, list(names), per_query=True, relevance_level=level)
    means = evaluate(run, qrels, list(names), relevance_level=level)
    compared, largest = 0, 0.0
    for name, ndeval_name in names.items():
        column = []
        for qid in qrels:
            value = theirs[qid][ndeval_name] if qid in theirs else 0.0
            if math.isnan(value):  # nNRBP's 0/0 on a query with nothing relevant
                assert parse_measure(name).undefined is not None and ours[qid][name] == 0.0, (qid, name)
                value = 0.0
            difference = abs(ours[qid][name] - value)
            assert difference <= 1e-9, (qid, name, ours[qid][name], value)
            largest = max(largest, difference)
            column.append(value)
            compared += 1
        assert abs(means[name] - sum(column) / len(column)) <= 1e-9, name
        largest = max(largest, abs(means[name] - sum(column) / len(column)))
        compared += 1
    return compared, largest


@pytest.mark.reference
@pytest.mark.parametrize("alpha", [0.5, 0.2, 1.0])
def test_ndeval_format_example_against_pyndeval(tmp_path, alpha):
    (tmp_path / "qrels.txt").write_text(NDEVAL_QRELS)
    (tmp_path / "run.txt").write_text(NDEVAL_RUN)
    qrels = read_trec_subtopic_qrels(tmp_path / "qrels.txt")
    run = read_trec_run(tmp_path / "run.txt")
    assert list(qrels) == ["51", "52", "53", "54"] and qrels["51"]["3"]["clueweb09-en0000-00-00006"] == 2
    compared, largest = compare(run, qrels, alpha=alpha)
    assert compared == len(our_names(alpha)) * 5


def random_collection(seed: int) -> tuple[dict, dict]:
    """Queries with 1-6 subtopics (some with no relevant document), graded judgements,
    unjudged and repeated documents, tied scores, queries missing from the run or the qrels."""
    rng = np.random.default_rng(seed)
    qrels, run = {}, {}
    for q in range(int(rng.integers(3, 9))):
        qid = f"q{q}"
        docs = [f"d{i}" for i in range(int(rng.integers(1, 40)))]
        subtopics = {}
        for s in range(1, int(rng.integers(1, 7)) + 1):
            judged = rng.choice(docs, size=int(rng.integers(1, len(docs) + 1)), replace=False)
            grades = rng.choice([0, 0, 1, 1, 2, 3], size=judged.size)
            subtopics[str(s)] = {str(d): int(g) for d, g in zip(judged, grades)}
        qrels[qid] = subtopics
        if rng.random() < 0.15:
            continue  # judged, missing from the run
        pool = docs + [f"u{i}" for i in range(int(rng.integers(0, 10)))]  # unjudged documents
        ranked = rng.choice(pool, size=int(rng.integers(1, len(pool) + 1)), replace=False)
        run[qid] = {str(d): float(rng.integers(0, 6)) for d in ranked}  # few values: many ties
    run["not-judged"] = {"d1": 1.0}
    return run, qrels


@pytest.mark.reference
def test_random_collections_against_pyndeval():
    total, largest = 0, 0.0
    for seed in range(60):
        run, qrels = random_collection(seed)
        for alpha, level in ((0.5, 1), (0.3, 1), (0.5, 2), (0.9, 1)):
            compared, difference = compare(run, qrels, alpha=alpha, level=level)
            total, largest = total + compared, max(largest, difference)
    assert total > 30_000 and largest <= 1e-9
    print(f"compared {total} values with pyndeval {version('pyndeval')}; largest difference {largest:.2e}")


def test_novelty_gains_are_what_alpha_dcg_discounts():
    judged = {"a": {"x", "y"}, "b": {"x"}, "c": {"y", "z"}, "d": {"z"}}
    ranking = [{"x", "y"}, {"x"}, set(), {"y", "z"}, {"z"}]
    for alpha in (0.0, 0.3, 0.5, 1.0):
        gains = novelty_gains(ranking, judged=judged, alpha=alpha)
        seen = {"x": 0, "y": 0, "z": 0}
        want = []
        for covered in ranking:  # the definition, rank by rank
            want.append(sum((1 - alpha) ** seen[s] for s in covered))
            seen.update({s: seen[s] + 1 for s in covered})
        assert gains.tolist() == pytest.approx(want, abs=1e-15)
        assert gains[0] == alpha_dcg_at_k(ranking, 1, judged=judged, alpha=alpha)  # undivided at k = 1
    with pytest.raises(ValueError, match="alpha must be a number from 0 to 1"):
        novelty_gains(ranking, judged=judged, alpha=1.5)
    with pytest.raises(ValueError, match="names subtopic 'w'"):
        novelty_gains([{"w"}], judged=judged)
