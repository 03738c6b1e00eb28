"""The chapter's TREC 2012 Web track helpers: the re-rankings, the facts about the baselines
and the figures, each checked against a computation written here from the files."""

from __future__ import annotations

from itertools import combinations

import pytest
from matplotlib.figure import Figure

from rankmetrics_course.chapters.diversity_and_novelty import web2012 as trec
from rankmetrics_lite import greedy_ideal_ranking, rank_by_score

pytestmark = pytest.mark.slow  # reads the track and evaluates its four baselines


def test_one_page_per_file_first_keeps_the_run_order_within_each_group():
    ranking = ["clueweb09-en0001-02-00010", "clueweb09-en0001-02-00003", "clueweb09-en0005-11-00001",
               "clueweb09-en0001-02-00007", "clueweb09-en0005-11-00002", "clueweb09-en0009-00-00001"]
    assert trec.clueweb_file(ranking[0]) == "clueweb09-en0001-02"
    assert trec.one_per_file_first(ranking, "151") == [ranking[i] for i in (0, 2, 5, 1, 3, 4)]


@pytest.mark.parametrize("alpha", [0.0, 0.5])
def test_the_oracle_puts_the_relevant_pages_first_in_the_greedy_order(alpha):
    top = rank_by_score(trec.track().runs["rm-cata"]["153"])[:trec.DEPTH]
    judged = trec.relevant_subtopics("153")
    relevant = [doc for doc in top if doc in judged]
    reordered = trec.oracle(alpha)(top, "153")
    assert sorted(reordered) == sorted(top) and len(relevant) > 20
    assert reordered[:len(relevant)] == greedy_ideal_ranking({d: judged[d] for d in relevant}, alpha=alpha)
    assert reordered[len(relevant):] == [doc for doc in top if doc not in judged]
    if alpha == 0:  # each page valued alone: by how many subtopics it serves
        counts = [len(judged[doc]) for doc in reordered[:len(relevant)]]
        assert counts == sorted(counts, reverse=True)


def test_a_reranked_run_holds_each_topics_top_100():
    for how in ("baseline", *trec.RERANKINGS):
        run = trec.reranked("ql-catb", how)
        for topic, scores in trec.track().runs["ql-catb"].items():
            assert set(run[topic]) == set(rank_by_score(scores)[:100])
    with pytest.raises(ValueError, match="how must be 'baseline' or one of"):
        trec.reranked("ql-catb", "mmr")


def test_same_file_agreement_counts_every_pair():
    same, other = [0, 0], [0, 0]
    for topic in trec.topic_ids():
        judged = trec.relevant_subtopics(topic)
        for a, b in combinations(judged, 2):
            tally = same if trec.clueweb_file(a) == trec.clueweb_file(b) else other
            tally[0] += judged[a] == judged[b]
            tally[1] += 1
    assert trec.same_file_agreement() == (same[0] / same[1], other[0] / other[1])


def test_the_facts_about_each_baseline_from_its_file():
    files = trec.track().files
    spam = {tuple(line.split()[::2][:2]) for line in files["adhoc_qrels"].read_text().splitlines()
            if line.split()[3] == "-2"}
    facts = trec.real_run_facts()
    for name in trec.track().runs:
        rows: dict[str, list[tuple[float, str]]] = {}
        for line in files[name].read_text().splitlines():
            topic, _, doc, _, score, _ = line.split()
            rows.setdefault(topic, []).append((float(score), doc))
        tops = {t: sorted(r, reverse=True)[:20] for t, r in rows.items()}  # score, then id descending
        assert facts[name].short_topics == tuple(t for t, r in rows.items() if len(r) < 20)
        assert facts[name].tied_topics == sum(len({s for s, _ in top}) < len(top) for top in tops.values())
        assert facts[name].spam_pages == sum((t, d) in spam for t, top in tops.items() for _, d in top)
    assert facts["ql-cata"].short_topics == ("180", "181", "185", "188")
    assert trec.facts_table().startswith("judgements: 195 subtopics listed, 187 with a relevant page; "
                                         "858 pages judged spam on 48 topics")


def test_the_tables_and_figures():
    table = trec.means_table().splitlines()
    assert len(table) == 2 + 4 and table[1].split()[1:] == [trec.LABELS[m] for m in (*trec.MEASURES,
                                                                                      *trec.ADHOC_MEASURES)]
    assert table[3].startswith("rm-cata ") and "0.4011" in table[3]
    figure = trec.per_topic_figure()
    assert isinstance(figure.figure, Figure) and len(figure.figure.axes) == 4
    assert all(len(ax.lines) == 4 for ax in figure.figure.axes)
    assert "alpha-nDCG@20 runs from 0.00 to 0.94" in figure.alt
    gains = trec.oracle_gain("rm-cata")
    shown = trec.oracle_gain_figure("rm-cata")
    assert f"higher on {(gains > 0).sum()} topics" in shown.alt and len(shown.figure.axes[0].lines) == 3
    assert trec.most_helped("rm-cata").splitlines()[0].startswith("153 'pocono' (faceted, 4 subtopics)")
    rows = trec.rerank_table().splitlines()
    assert len(rows) == 5 and rows[2].split()[:2] == ["rm-cata", "0.4011"]
