"""The chapter's real judges: every figure it shows on the real data, against independent
references on the same data.

- Cohen's kappa: scikit-learn's ``cohen_kappa_score`` (plain, linear and quadratic weights,
  graded and binary) against ``rankmetrics_lite.cohen_kappa``, for each of LLMJudge's 33
  judges and for GPT-4, on every pair.
- Kendall's tau-b: scipy's ``kendalltau`` against ``rankmetrics_lite.kendall_tau`` between the
  DL 2019-23 system orderings under NIST's and GPT-4's qrels.
- tau_AP: a direct implementation of Yilmaz, Aslam & Robertson's (2008) definition, averaged
  over every order of tied systems (both orderings), against the chapter's figure.

The two floating-point computations of kappa and tau differ only in the order of their
operations, so they agree to within a few units in the last place, not bit for bit: the
tolerance is 1e-15.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from scipy.stats import kendalltau

from rankmetrics_course.chapters.can_the_judgements_be_trusted.real_judges import (
    GRADES,
    RELEVANT_FROM,
    YEARS,
    binary_kappa,
    compare_rankings,
    dl_system_means,
    dl_tables,
    gpt4_pairs,
    graded_kappa,
    judge_agreements,
    llm_judges,
    median_judge,
    off_scale,
    on_scale,
    prompt_groups,
    prompt_of,
    tau_ap_over_truth_ties,
    team_of,
)
from rankmetrics_lite import cohen_kappa, kendall_tau

EXACT = 1e-15


def _every_judge():
    pairs = llm_judges()
    yield from ((name, pairs.nist, labels) for name, labels in pairs.judges.items())
    yield "GPT-4", gpt4_pairs().nist, gpt4_pairs().judges["GPT-4"]


JUDGES = list(_every_judge())


# ---------------------------------------------------------------- the labels --


def test_the_data_is_what_the_chapter_says():
    pairs = llm_judges()
    assert len(pairs.nist) == 4423 and len(set(pairs.query_ids)) == 25 and len(pairs.judges) == 33
    assert len(gpt4_pairs().nist) == 22327 and len(set(gpt4_pairs().query_ids)) == 82
    assert set(np.unique(pairs.nist).tolist()) == set(GRADES)


def test_three_labels_lie_off_the_scale_and_are_read_as_3():
    pairs = llm_judges()
    assert sorted((judge, label, nist) for judge, _, label, nist in off_scale(pairs)) == [
        ("RMITIR-llama70B", 5, 0), ("RMITIR-llama70B", 5, 0), ("h2oloo-zeroshot2", 10, 0)]
    for judge, index, _, _ in off_scale(pairs):
        assert on_scale(pairs.judges[judge])[index] == 3
    for labels in pairs.judges.values():  # nothing else moves
        inside = labels <= 3
        assert np.array_equal(on_scale(labels)[inside], labels[inside])
    assert not off_scale(gpt4_pairs())
    with pytest.raises(ValueError, match="labels must not lie below grade 0, got -1"):
        on_scale(np.array([0, -1]))


@pytest.mark.reference
@pytest.mark.parametrize("name, truth, labels", JUDGES, ids=[j[0] for j in JUDGES])
def test_kappa_is_scikit_learns_on_every_judge(name, truth, labels):
    from sklearn.metrics import cohen_kappa_score

    labels = on_scale(labels)
    for weights in (None, "linear", "quadratic"):
        ours = cohen_kappa(truth, labels, weights=weights, categories=list(GRADES))
        theirs = cohen_kappa_score(truth, labels, weights=weights, labels=list(GRADES))
        assert ours == pytest.approx(theirs, abs=EXACT), weights
    assert graded_kappa(truth, labels) == pytest.approx(cohen_kappa_score(truth, labels), abs=EXACT)
    relevant, called = truth >= RELEVANT_FROM, labels >= RELEVANT_FROM
    assert binary_kappa(truth, labels) == pytest.approx(cohen_kappa_score(relevant, called), abs=EXACT)


def test_the_binary_threshold_is_trec_dls():
    assert RELEVANT_FROM == 2  # highly and perfectly relevant count as relevant


def test_judge_agreements_are_the_kappas_best_first():
    rows = judge_agreements()
    pairs = llm_judges()
    assert [row.graded for row in rows] == sorted((row.graded for row in rows), reverse=True)
    for row in rows:
        labels = pairs.judges[row.judge]
        assert row.graded == graded_kappa(pairs.nist, labels)
        assert row.binary == binary_kappa(pairs.nist, labels)
        assert row.team == team_of(row.judge) and row.judge in prompt_groups()[row.prompt]
    graded = [row.graded for row in rows]
    assert round(min(graded), 2) == 0.06 and round(max(graded), 2) == 0.29  # the mirror's README


def test_prompt_groups_are_judges_with_the_same_prompt_text():
    pairs = llm_judges()
    groups = prompt_groups()
    assert sorted(j for judges in groups.values() for j in judges) == sorted(pairs.judges)
    for name, judges in groups.items():
        assert {pairs.prompts[prompt_of(judge)] for judge in judges} == {pairs.prompts[name]}
    texts = [pairs.prompts[name] for name in groups]
    assert len(set(texts)) == len(texts)  # different groups, different prompts
    assert groups["RMITIR-GPT4o"] == ("RMITIR-GPT4o", "RMITIR-llama38b", "RMITIR-llama70B")
    assert groups["Prophet-llama38B"] == ("prophet-setting1", "prophet-setting2", "prophet-setting4")
    with pytest.raises(ValueError, match="judge must be one of LLMJudge's 33 judges, got 'GPT-4'"):
        prompt_of("GPT-4")


def test_median_judge_is_the_middle_label_of_33():
    pairs = llm_judges()
    median = median_judge()
    stacked = np.sort(on_scale(np.stack(list(pairs.judges.values()))), axis=0)
    assert np.array_equal(median, stacked[16])
    assert set(np.unique(median).tolist()) <= set(GRADES)


# -------------------------------------------------------------- the rankings --


def _tau_ap_yilmaz(truth: dict, estimate: dict) -> float:
    """Yilmaz, Aslam & Robertson's tau_AP, as defined, for two orderings without ties: walk
    the estimated ordering; C(i) counts the systems above position i that truth puts above it."""
    walk = sorted(estimate, key=estimate.get, reverse=True)
    total = sum(sum(truth[above] > truth[walk[i]] for above in walk[:i]) / i for i in range(1, len(walk)))
    return 2 * total / (len(walk) - 1) - 1


def _tau_ap_every_tie_order(truth: dict, estimate: dict) -> float:
    """The mean of the definition over every way to order each ordering's tied systems."""
    def orders(scores):
        groups = [[n for n in scores if scores[n] == v] for v in sorted(set(scores.values()))]
        tied = [g for g in groups if len(g) > 1]
        for choice in itertools.product(*(itertools.permutations(g) for g in tied)):
            place = {n: i for order in choice for i, n in enumerate(order)}
            yield {n: (scores[n], -place.get(n, 0)) for n in scores}
    values = [_tau_ap_yilmaz(t, e) for t in orders(truth) for e in orders(estimate)]
    return float(np.mean(values))


@pytest.mark.reference
@pytest.mark.parametrize("year", YEARS)
def test_tau_is_scipys(year):
    nist, gpt4 = dl_system_means(year)
    runs = list(nist)
    theirs = kendalltau([nist[r] for r in runs], [gpt4[r] for r in runs]).statistic  # tau-b
    assert kendall_tau(nist, gpt4) == pytest.approx(theirs, abs=EXACT)
    assert compare_rankings(year).tau == kendall_tau(nist, gpt4)


@pytest.mark.reference
@pytest.mark.parametrize("year", YEARS)
def test_tau_ap_is_the_definition(year):
    nist, gpt4 = dl_system_means(year)
    assert compare_rankings(year).tau_ap == pytest.approx(_tau_ap_every_tie_order(nist, gpt4), abs=1e-12)


def test_ties_in_the_real_orderings():
    """The years where ties matter: three copies of one run in 2021, two runs NIST ties in 2022."""
    def tied(scores):
        return sorted(n for n in scores if list(scores.values()).count(scores[n]) > 1)
    assert tied(dl_system_means(2021)[0]) == tied(dl_system_means(2021)[1]) == ["pash_f1", "pash_f2", "pash_f3"]
    assert tied(dl_system_means(2022)[0]) == ["uogtr_se_gb", "uogtr_se_gt"] and not tied(dl_system_means(2022)[1])
    assert all(not tied(scores) for year in (2019, 2020, 2023) for scores in dl_system_means(year))


def test_tau_ap_over_truth_ties_averages_the_orders():
    truth = {"a": 3.0, "b": 2.0, "c": 2.0, "d": 1.0}
    estimate = {"a": 4.0, "b": 3.0, "c": 2.0, "d": 1.0}
    one = {"a": 3.0, "b": 2.5, "c": 2.0, "d": 1.0}
    other = {"a": 3.0, "b": 2.0, "c": 2.5, "d": 1.0}
    want = (_tau_ap_yilmaz(one, estimate) + _tau_ap_yilmaz(other, estimate)) / 2
    assert tau_ap_over_truth_ties(truth, estimate) == pytest.approx(want, abs=1e-15)
    assert tau_ap_over_truth_ties(one, estimate) == pytest.approx(_tau_ap_yilmaz(one, estimate), abs=1e-15)
    with pytest.raises(ValueError, match="more than 720 orders"):
        tau_ap_over_truth_ties({str(i): 1.0 for i in range(7)}, {str(i): float(i) for i in range(7)})


@pytest.mark.parametrize("year", YEARS)
def test_where_the_orderings_differ_near_the_top(year):
    row = compare_rankings(year)
    nist, gpt4 = dl_system_means(year)
    by_nist = sorted(nist, key=lambda n: (-nist[n], n))
    by_gpt4 = sorted(gpt4, key=lambda n: (-gpt4[n], n))
    assert row.top_ranks == tuple(by_gpt4.index(n) + 1 for n in by_nist[:5])
    assert row.overlap == len(set(by_nist[:10]) & set(by_gpt4[:10]))
    assert row.tau_top == kendall_tau({n: nist[n] for n in by_nist[:10]}, {n: gpt4[n] for n in by_nist[:10]})
    tables = dl_tables(year)
    assert row.nist_topics == len(tables["nist"].topics) and row.runs == len(tables["nist"].runs)
    assert row.shared_topics == 0  # the two collections score no topic in common


def test_what_the_chapter_says_of_the_real_data():
    rows = judge_agreements()
    pairs = llm_judges()
    # dropping the off-scale pairs instead of reading them as 3 moves every kappa by less than 0.0006
    moved = [abs(kappa(pairs.nist, pairs.judges[judge]) - kappa(pairs.nist[keep], pairs.judges[judge][keep]))
             for judge in {judge for judge, *_ in off_scale(pairs)} for keep in [pairs.judges[judge] <= 3]
             for kappa in (graded_kappa, binary_kappa)]
    assert 5e-4 < max(moved) < 6e-4
    # the panel's median does not beat its best member
    assert graded_kappa(pairs.nist, median_judge()) < rows[0].graded
    # GPT-4 sits among the better judges: above the median LLMJudge judge, graded and binary
    gpt4 = gpt4_pairs()
    assert graded_kappa(gpt4.nist, gpt4.judges["GPT-4"]) > np.median([r.graded for r in rows])
    assert binary_kappa(gpt4.nist, gpt4.judges["GPT-4"]) > np.median([r.binary for r in rows])
    # the swaps sit near the top: tau_AP below tau every year, NIST's best run first in one year
    years = [compare_rankings(year) for year in YEARS]
    assert all(r.tau_ap < r.tau for r in years) and all(r.tau_top < r.tau for r in years)
    assert [r.year for r in years if r.top_ranks[0] == 1] == [2023]
    assert round(min(r.tau for r in years), 2) == 0.85 and round(max(r.tau for r in years), 2) == 0.90


def test_what_the_chapter_says_of_prompts_and_models():
    rows = judge_agreements()
    pairs = llm_judges()
    assert rows[0].judge.startswith("willia-umbrela")  # UMBRELA's prompt leads
    for prompt in ("NISTRetrieval-instruct0", "NISTRetrieval-reason0"):  # near-copies of one another
        judges = prompt_groups()[prompt]
        assert all(graded_kappa(on_scale(pairs.judges[a]), pairs.judges[b]) > 0.99
                   for a, b in itertools.combinations(judges, 2))
        assert all(row.graded < 0.19 for row in rows if row.prompt == prompt)

    def spread(prompt):
        kappas = [row.graded for row in rows if row.prompt == prompt]
        return max(kappas) - min(kappas)
    assert spread("TREMA-all") > spread("RMITIR-GPT4o")  # one prompt used four ways, against three models
