"""rankmetrics_lite.spark.evaluate gives exactly rankmetrics_lite.evaluate's numbers, on Spark.

One local Spark session (``local[2]``) serves the module. The seeded conformance
collections of ``trec_collections`` (near-ties, extreme scores, awkward ids,
queries judged but not run and run but not judged, queries with no relevant
document) are scored by both, for every family of the catalogue, and compared
with ``==``: bit for bit, means and per-query values.
"""

from __future__ import annotations

import doctest
import re
import sys

import pytest

import rankmetrics_lite.spark as on_spark
from rankmetrics_lite import evaluate, read_trec_qrels, read_trec_run
from tests.library.catalogue_names import every_measure
from tests.library.trec_collections import random_collection
from tests.paths import TREC_EVAL_TEST

pytestmark = pytest.mark.spark

SEEDS = range(60)
# Every family of the catalogue, at cutoffs below, inside and beyond the rankings.
MEASURES = every_measure(1, 5, 20, 1000, text=False) + ["RBP(p=0.5)", "RBP_resid(p=0.95)"]


@pytest.fixture(scope="module")
def spark():
    session = on_spark.local_session(cores=2, app_name="rankmetrics_lite tests")
    yield session
    session.stop()


def frames(spark, run: dict, qrels: dict):
    """The run and the qrels as the DataFrames the entry point reads, rows in dict order."""
    run_rows = [(q, d, float(s)) for q, ranking in run.items() for d, s in ranking.items()]
    qrels_rows = [(q, d, int(g)) for q, judged in qrels.items() for d, g in judged.items()]
    return (spark.createDataFrame(run_rows, "query_id string, doc_id string, score double"),
            spark.createDataFrame(qrels_rows, "query_id string, doc_id string, grade long"))


def as_dict(table) -> dict:
    """A per-query DataFrame as evaluate(..., per_query=True) writes it (nulls left out)."""
    return {row["query_id"]: {m: v for m, v in row.asDict().items() if m != "query_id" and v is not None}
            for row in table.collect()}


def pooled(seeds) -> tuple[dict, dict]:
    """The seeded collections in one, query ids prefixed by the seed."""
    run, qrels = {}, {}
    for seed in seeds:
        collection = random_collection(seed)
        run |= {f"{seed}/{q}": r for q, r in collection.run.items()}
        qrels |= {f"{seed}/{q}": j for q, j in collection.qrels.items()}
    return run, qrels


# All 60 collections with the default options; twelve (two with a ranking longer
# than 1,000 documents) with each other option, to keep the module's run short.
OPTIONS = [
    {"seeds": SEEDS},
    {"relevance_level": 2},
    {"trec_eval_version": "9.0.8"},
    {"empty_queries": "skip"},
    {"gain": "exponential"},
    {"unjudged": "condensed"},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items() if k != "seeds") or "defaults")
def test_equals_evaluate_on_the_conformance_collections(spark, options):
    options = dict(options)
    run, qrels = pooled(options.pop("seeds", range(12)))
    measures = MEASURES if options.get("gain") != "exponential" else (
        every_measure(1, 5, 20, 1000, text=False, gain="exponential") + ["RBP(p=0.5)"])
    means, table = on_spark.evaluate(*frames(spark, run, qrels), measures, per_query=True, **options)
    assert means == evaluate(run, qrels, measures, **options)
    expected = evaluate(run, qrels, measures, per_query=True, **options)
    got = as_dict(table)
    assert list(got) == list(expected)  # the same queries, in the order of the qrels
    assert got == expected


@pytest.mark.parametrize("seed", range(4))
def test_equals_evaluate_on_each_collection_alone(spark, seed):
    collection = random_collection(seed)
    got = on_spark.evaluate(*frames(spark, collection.run, collection.qrels), MEASURES)
    assert got == evaluate(collection.run, collection.qrels, MEASURES)


def test_equals_evaluate_on_trec_evals_own_test_collection(spark):
    if not TREC_EVAL_TEST.is_dir():
        pytest.skip(f"trec_eval's test collection is not beside the repository ({TREC_EVAL_TEST.name})")
    qrels = read_trec_qrels(TREC_EVAL_TEST / "qrels.test")
    run = read_trec_run(TREC_EVAL_TEST / "results.test")
    names = ["P@10", "R@100", "Rprec", "AP", "AP@10", "RR", "nDCG", "nDCG@10", "Bpref", "Success@1"]
    assert on_spark.evaluate(*frames(spark, run, qrels), names) == evaluate(run, qrels, names)


def test_a_judged_query_missing_from_the_run_scores_zero(spark):
    run = {"q1": {"d1": 0.9, "d2": 0.8}, "q2": {"d4": 0.5}, "q9": {"d1": 1.0}}
    qrels = {"q1": {"d1": 1, "d3": 1}, "q2": {"d4": 1}, "q3": {"d7": 1}}
    means, table = on_spark.evaluate(*frames(spark, run, qrels), ["P@1", "AP"], per_query=True)
    assert as_dict(table) == {"q1": {"P@1": 1.0, "AP": 0.5}, "q2": {"P@1": 1.0, "AP": 1.0},
                              "q3": {"P@1": 0.0, "AP": 0.0}}  # q9 is not judged: ignored
    assert means == {"P@1": 2 / 3, "AP": 0.5}


def test_a_query_the_run_lacks_counts_zero_in_9_0_8_also_when_skipping(spark):
    """9.0.8 with empty_queries="skip": q2, judged with a relevant document and absent from the
    run, counts 0 in AP's mean (as in evaluate); q3, with no relevant document, is left out."""
    run = {"q1": {"a": 1.0}, "q3": {"c": 1.0}}
    qrels = {"q1": {"a": 1}, "q2": {"b": 1}, "q3": {"c": 0}}
    options = {"trec_eval_version": "9.0.8", "empty_queries": "skip"}
    expected = evaluate(run, qrels, "AP", **options)
    assert expected == {"AP": 0.5}
    assert on_spark.evaluate(*frames(spark, run, qrels), "AP", **options) == expected


def test_the_means_follow_the_order_of_the_qrels(spark):
    """The sum over queries depends on their order; a reordered qrels must still match."""
    collection = random_collection(7)
    reordered = dict(reversed(list(collection.qrels.items())))
    got = on_spark.evaluate(*frames(spark, collection.run, reordered), MEASURES)
    assert got == evaluate(collection.run, reordered, MEASURES)


@pytest.mark.parametrize("options", [{"per_query": 1}, {"relevance_level": -1}, {"empty_queries": "ignore"},
                                     {"trec_eval_version": "10"}, {"gain": "exp"}, {"unjudged": "judged"}])
def test_bad_options_are_refused_with_evaluates_messages(spark, options):
    run, qrels = {"q1": {"d1": 1.0}}, {"q1": {"d1": 1}}
    with pytest.raises((TypeError, ValueError)) as expected:
        evaluate(run, qrels, "AP", **options)
    with pytest.raises(expected.type, match=f"^{re.escape(str(expected.value))}$"):
        on_spark.evaluate(*frames(spark, run, qrels), "AP", **options)


def test_undefined_queries_raise_as_evaluate_does(spark):
    run, qrels = {"q1": {"d1": 1.0}, "q2": {"d2": 1.0}}, {"q1": {"d1": 1}, "q2": {"d2": 0}}
    frames_ = frames(spark, run, qrels)
    with pytest.raises(ValueError, match=r"AP is undefined on 1 judged query \('q2'\)"):
        on_spark.evaluate(*frames_, ["P@1", "AP"], empty_queries="raise")
    assert on_spark.evaluate(*frames_, "AP", empty_queries="skip") == {"AP": 1.0}
    only_empty = frames(spark, {"q2": {"d2": 1.0}}, {"q2": {"d2": 0}})
    with pytest.raises(ValueError, match="AP is undefined on 1 judged query"):
        on_spark.evaluate(*only_empty, "AP", empty_queries="skip")


def test_wrong_inputs_are_refused_at_the_door(spark):
    run, qrels = frames(spark, {"q1": {"d1": 1.0}}, {"q1": {"d1": 1}})
    with pytest.raises(TypeError, match="df_run must be a pyspark.sql.DataFrame.*rankmetrics_lite.evaluate"):
        on_spark.evaluate({"q1": {"d1": 1.0}}, qrels, "AP")
    with pytest.raises(ValueError, match=r"df_qrels has no column 'grade' .*withColumnRenamed"):
        on_spark.evaluate(run, qrels.withColumnRenamed("grade", "relevance"), "AP")
    with pytest.raises(TypeError, match=r"df_run.doc_id must be string, got bigint: cast it"):
        on_spark.evaluate(run.withColumn("doc_id", run["score"].cast("long")), qrels, "AP")
    with pytest.raises(TypeError, match=r"df_qrels.grade must be an integer type, got double"):
        on_spark.evaluate(run, qrels.withColumn("grade", qrels["grade"].cast("double")), "AP")
    with pytest.raises(ValueError, match="unknown measure 'map'"):
        on_spark.evaluate(run, qrels, "map")
    with pytest.raises(ValueError, match="empty_queries"):
        on_spark.evaluate(run, qrels, "AP", empty_queries="drop")
    with pytest.raises(TypeError, match="per_query must be True or False"):
        on_spark.evaluate(run, qrels, "AP", per_query="yes")
    with pytest.raises(ValueError, match=r"alpha_nDCG@5 read subtopic qrels and are not computed on Spark"):
        on_spark.evaluate(run, qrels, ["AP", "alpha_nDCG@5"])


def test_bad_rows_are_refused_naming_the_query(spark):
    schema_run = "query_id string, doc_id string, score double"
    qrels = spark.createDataFrame([("q1", "d1", 1)], "query_id string, doc_id string, grade int")
    twice = spark.createDataFrame([("q1", "d1", 1.0), ("q1", "d1", 2.0)], schema_run)
    with pytest.raises(ValueError, match="df_run: document 'd1' is listed twice for query 'q1'"):
        on_spark.evaluate(twice, qrels, "AP")
    null_score = spark.createDataFrame([("q1", "d1", None)], schema_run)
    with pytest.raises(ValueError, match=r"df_run has a null \(or NaN\) score in a row of query 'q1'"):
        on_spark.evaluate(null_score, qrels, "AP")
    infinite = spark.createDataFrame([("q1", "d1", float("inf"))], schema_run)
    with pytest.raises(ValueError, match=r"evaluate refused the rows: run\['q1'\]\['d1'\] is inf: scores must be finite"):
        on_spark.evaluate(infinite, qrels, "AP")
    elsewhere = spark.createDataFrame([("Q1", "d1", 1.0)], schema_run)
    with pytest.raises(ValueError, match="share no query id"):
        on_spark.evaluate(elsewhere, qrels, "AP")


def test_the_docstring_examples_run_as_written(spark):
    """The examples are skipped by the doctest run (they need Spark); here they run."""
    parser = doctest.DocTestParser()
    for function in (on_spark.evaluate,):
        text = function.__doc__.replace("# doctest: +SKIP", "")
        test = parser.get_doctest(text, {"local_session": on_spark.local_session,
                                         "evaluate": on_spark.evaluate}, function.__name__, None, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.failures == 0 and runner.tries > 3


def test_missing_java_is_named(monkeypatch):
    monkeypatch.setattr(on_spark.shutil, "which", lambda name: None)
    monkeypatch.delenv("JAVA_HOME", raising=False)
    with pytest.raises(RuntimeError, match="openjdk-17-jre-headless"):
        on_spark.local_session()


def test_missing_pyspark_is_named(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspark.sql", None)
    with pytest.raises(ImportError, match="requirements-spark.txt"):
        on_spark.evaluate(None, None, "AP")


def test_the_chapters_scala_ndcg_takes_the_ideal_from_the_labels_in_given_order(spark):
    """The chapter's helpers around Spark's own RankingMetrics (in this module's session)."""
    from rankmetrics_course.chapters.evaluating_at_scale.view import (
        demo_collection,
        scala_ranking_metrics,
        to_frames,
    )

    unsorted = scala_ranking_metrics(spark, [(["b", "a"], ["a", "b"], [1.0, 3.0])]).ndcgAt(2)
    in_order = scala_ranking_metrics(spark, [(["b", "a"], ["b", "a"], [3.0, 1.0])]).ndcgAt(2)
    assert unsorted > 1.4 and in_order == 1.0
    df_run, df_qrels = to_frames(spark, *demo_collection(5))
    assert df_run.count() == 5 * 30 and df_qrels.columns == ["query_id", "doc_id", "grade"]
