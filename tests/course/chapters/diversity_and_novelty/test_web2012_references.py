"""The chapter's numbers on the TREC 2012 Web track against the reference programs.

* The diversity measures of the four baselines, every topic and every measure ``ndeval``
  prints by default (alpha = beta = 0.5, cutoffs 5, 10 and 20), against ``ndeval``'s own C
  code (pyndeval). pyndeval reads what ``ndeval`` reads: the lines of ``qrels-for-ndeval.txt``
  (spam set to 0, eight subtopics without a relevant page removed) and each run file's lines.
  It ranks by score, ties by id *ascending*, so the test hands it one distinct score per rank:
  the order ``ndeval -traditional`` makes (score descending, then ``strcmp`` of the ids,
  descending), written here from ndeval's comparator, or the run's rank column (``ndeval``
  without ``-traditional``). The package's side reads the judgements both from that file and
  from the track's own ``qrels.diversity.txt`` (spam graded -2, the eight subtopics kept).
* The baselines' ad hoc measures (P@20, nDCG@20, AP) against trec_eval 10.0, built from its
  sources, on ``qrels.adhoc.txt`` (which grades spam -2): equal as trec_eval prints them.
"""

from __future__ import annotations

import functools
import math
from importlib.metadata import version

import pytest

from rankmetrics_course.chapters.diversity_and_novelty import web2012 as trec
from rankmetrics_lite import evaluate
from rankmetrics_lite.measures import parse_measure
from tests.library.trec_eval_compare import compare_tables, trec_eval_options
from tests.library.trec_eval_programs import run_trec_eval, trec_eval_binary

pytestmark = pytest.mark.reference

RUNS = ("ql-cata", "rm-cata", "ql-catb", "rm-catb")
# The package's name for each measure of ndeval's default output.
OURS = {"ERR-IA": "ERR_IA", "nERR-IA": "nERR_IA", "alpha-DCG": "alpha_DCG", "alpha-nDCG": "alpha_nDCG",
        "NRBP": "NRBP", "nNRBP": "nNRBP", "MAP-IA": "MAP_IA", "P-IA": "P_IA", "strec": "StRecall"}
# Last bits only: ndeval adds and divides in another order (its alpha-nDCG is alpha-DCG over the
# ideal's alpha-DCG, both already divided by the "ideal ideal").
TOLERANCE = 1e-12


def ndeval_measures() -> list[str]:
    """ndeval's default output (pyndeval imported here: the quick loop runs without it)."""
    import pyndeval

    return pyndeval.DEFAULT_MEASURES


def our_name(ndeval_name: str) -> str:
    family, _, cutoff = ndeval_name.partition("@")
    return OURS[family] + (f"@{cutoff}" if cutoff else "")


def file_lines(name: str) -> list[list[str]]:
    return [line.split() for line in trec.track().files[name].read_text().splitlines() if line.strip()]


def _ndeval_traditional(a: tuple[str, float], b: tuple[str, float]) -> int:
    """ndeval's resultCompareByScore within one topic: score descending, then strcmp(b, a)."""
    if a[1] != b[1]:
        return 1 if a[1] < b[1] else -1
    return (b[0].encode() > a[0].encode()) - (b[0].encode() < a[0].encode())


def ndeval_ranks(name: str, traditional: bool) -> dict[str, list[str]]:
    """Each topic's pages as ndeval ranks the run file: by score and id (-traditional) or by the
    rank column (its default)."""
    by_topic: dict[str, list[tuple[str, float, int]]] = {}
    for topic, _, doc, rank, score, _ in file_lines(name):
        by_topic.setdefault(topic, []).append((doc, float(score), int(rank)))
    if traditional:
        key = functools.cmp_to_key(lambda a, b: _ndeval_traditional(a[:2], b[:2]))
    else:
        key = lambda entry: entry[2]  # noqa: E731
    return {topic: [doc for doc, *_ in sorted(entries, key=key)] for topic, entries in by_topic.items()}


@functools.lru_cache(maxsize=None)
def ndeval_values(name: str, traditional: bool = True) -> dict[str, dict[str, float]]:
    """pyndeval's per-topic values of baseline ``name`` on the file ndeval reads."""
    import pyndeval

    qrels = [(q, s, d, int(g)) for q, s, d, g in file_lines("subtopic_qrels")]
    evaluator = pyndeval.RelevanceEvaluator(qrels, ndeval_measures())  # alpha = beta = 0.5, level 1
    scored = [(topic, doc, float(-rank)) for topic, ranking in ndeval_ranks(name, traditional).items()
              for rank, doc in enumerate(ranking)]
    return evaluator.evaluate(scored)


def largest_difference(ours: dict, theirs: dict, measures=None) -> float:
    """The largest |ours - ndeval's| over topics and measures, asserting both cover the same topics."""
    measures = ndeval_measures() if measures is None else measures
    assert set(ours) == set(theirs) == set(trec.topic_ids())
    largest = 0.0
    for topic, values in theirs.items():
        for measure in measures:
            assert math.isfinite(values[measure]), (topic, measure)
            largest = max(largest, abs(ours[topic][our_name(measure)] - values[measure]))
    return largest


@pytest.mark.parametrize("judgements", ["ndeval's file", "the track's file, with spam"])
@pytest.mark.parametrize("name", RUNS)
def test_every_diversity_measure_of_each_baseline_against_ndeval(name, judgements):
    qrels = trec.track().subtopic_qrels if judgements == "ndeval's file" else trec.diversity_qrels()
    names = [our_name(m) for m in ndeval_measures()]
    ours = evaluate(trec.track().runs[name], qrels, names, per_query=True)
    theirs = ndeval_values(name)
    largest = largest_difference(ours, theirs)
    assert largest <= TOLERANCE, largest
    means = evaluate(trec.track().runs[name], qrels, names)
    for measure in ndeval_measures():
        mean = sum(values[measure] for values in theirs.values()) / len(theirs)
        assert abs(means[our_name(measure)] - mean) <= TOLERANCE, measure
    print(f"{name}, {judgements}: {len(theirs)} topics x {len(ndeval_measures())} measures, largest "
          f"difference from pyndeval {version('pyndeval')}: {largest:.1e}; alpha-nDCG@20 "
          f"{means['alpha_nDCG@20']:.4f}")


def test_the_track_file_holds_what_ndeval_refuses():
    spam = [(q, s, d) for q, subs in trec.diversity_qrels().items() for s, grades in subs.items()
            for d, g in grades.items() if g == trec.SPAM]
    assert len(spam) > 1000  # every subtopic of a spam page
    empty = {(q, s) for q, subs in trec.diversity_qrels().items() for s, grades in subs.items()
             if max(grades.values()) < 1}
    assert empty == {("167", "5"), ("170", "2"), ("174", "2"), ("177", "4"), ("183", "3"),
                     ("187", "3"), ("190", "3"), ("195", "4")}  # as the track's README lists them
    assert not any(s in trec.track().subtopic_qrels[q] for q, s in empty)


@pytest.mark.parametrize("name", RUNS)
def test_the_rank_column_as_ndeval_reads_it_by_default(name):
    theirs = ndeval_values(name, traditional=False)
    measures = ["alpha-nDCG@20", "ERR-IA@20", "strec@20"]
    ours = evaluate(trec.rank_column_run(name), trec.track().subtopic_qrels,
                    [our_name(m) for m in measures], per_query=True)
    assert largest_difference(ours, theirs, measures) <= TOLERANCE
    # and the two orders do differ: on some topic, the package follows -traditional, not this
    differ = [t for t in theirs if theirs[t]["alpha-nDCG@20"] != ndeval_values(name)[t]["alpha-nDCG@20"]]
    assert differ, name


def test_the_chapter_reports_the_rank_column_effect_as_ndeval_computes_it():
    changed, largest, mean_change = trec.rank_column_effect()
    default = {n: ndeval_values(n, traditional=False) for n in RUNS}
    traditional = {n: ndeval_values(n) for n in RUNS}
    gaps = [abs(default[n][t]["alpha-nDCG@20"] - traditional[n][t]["alpha-nDCG@20"])
            for n in RUNS for t in trec.topic_ids()]
    assert changed == sum(gap > TOLERANCE for gap in gaps) > 0
    assert largest == pytest.approx(max(gaps), abs=TOLERANCE)
    assert mean_change == pytest.approx(max(abs(sum(default[n][t]["alpha-nDCG@20"] - traditional[n][t]["alpha-nDCG@20"]
                                                    for t in trec.topic_ids())) / 50 for n in RUNS),
                                        abs=TOLERANCE)


ADHOC = [parse_measure(name) for name in ("P@20", "nDCG@20", "AP")]


@pytest.mark.parametrize("name", RUNS)
def test_the_ad_hoc_measures_of_each_baseline_against_trec_eval_10(name):
    web = trec.track()
    theirs = run_trec_eval(trec_eval_binary("10.0"), web.files["adhoc_qrels"], web.files[name], "-c",
                           *trec_eval_options(ADHOC))
    names = [m.name for m in ADHOC]
    ours = evaluate(web.runs[name], web.adhoc_qrels, names, per_query=True)
    comparison = compare_tables(ours, evaluate(web.runs[name], web.adhoc_qrels, names), theirs, ADHOC,
                                set(web.adhoc_qrels))
    assert comparison.compared == 51 * len(ADHOC)
    assert not comparison.differences, comparison.differences[:5]
    # the chapter's table shows these means
    for measure in ADHOC:
        assert f"{trec.baseline_scores()[name][measure.name].mean():.4f}" == theirs["all"][measure.trec_eval_name]
