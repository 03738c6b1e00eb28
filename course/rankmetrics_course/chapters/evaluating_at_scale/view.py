"""What the chapter "Evaluating at scale" shows: one run handed to Spark in the
forms its own ranking metrics take, and the measured scaling table.

Spark's built-ins take one row per query holding the ranked ids and the ids of
the relevant documents (``pyspark.mllib.evaluation.RankingMetrics``), or the same
as numbers (``pyspark.ml.evaluation.RankingEvaluator``);
:func:`ranking_lists` builds that row from a run and its judgements, ranking as
trec_eval 10.0 does. pyspark is imported only by the functions that need it.
"""

from __future__ import annotations

import json
from importlib import resources

import numpy as np

from rankmetrics_lite import rank_by_score

SCALING_FILE = "spark_scaling.json"


def demo_collection(n_queries: int = 400, *, seed: int = 7) -> tuple[dict, dict]:
    """A seeded run and graded qrels: 30 retrieved documents per query, 1 to 8
    relevant ones (grades 1 to 3, some never retrieved), and one judged query in
    twenty missing from the run, so that trec_eval's ``-c`` matters.

    >>> run, qrels = demo_collection(20)
    >>> len(qrels), len(run), len(run["q000"])
    (20, 19, 30)
    """
    rng = np.random.default_rng(seed)
    run, qrels = {}, {}
    for q in range(n_queries):
        qid = f"q{q:03d}"
        docs = [f"{qid}-d{i:02d}" for i in range(40)]
        relevant = rng.choice(40, size=rng.integers(1, 9), replace=False)
        grades = dict.fromkeys(docs[:36:3], 0) | {docs[i]: int(rng.integers(1, 4)) for i in relevant}
        qrels[qid] = grades
        if q % 20 != 19:
            boost = np.array([grades.get(d, 0) for d in docs[:30]], dtype=float)
            scores = np.round(rng.normal(size=30) + 0.7 * boost, 2)
            run[qid] = dict(zip(docs[:30], scores.tolist()))
    return run, qrels


def to_frames(spark, run: dict, qrels: dict):
    """The run and the qrels as the DataFrames ``rankmetrics_lite.spark.evaluate`` reads."""
    run_rows = [(q, d, float(s)) for q, ranking in run.items() for d, s in ranking.items()]
    qrels_rows = [(q, d, int(g)) for q, judged in qrels.items() for d, g in judged.items()]
    return (spark.createDataFrame(run_rows, "query_id string, doc_id string, score double"),
            spark.createDataFrame(qrels_rows, "query_id string, doc_id string, grade int"))


def ranking_lists(run: dict, qrels: dict, *, relevance_level: int = 1) -> list[tuple[list, list]]:
    """One ``(ranked ids, relevant ids)`` pair per judged query, in the order of the
    qrels: the input of Spark's ``RankingMetrics``. The ranking is trec_eval 10.0's
    (score descending, ties by id descending); a judged query missing from the run
    gets an empty ranking, as under trec_eval's ``-c``.

    >>> ranking_lists({"q": {"a": 1.0, "b": 2.0}}, {"q": {"a": 1, "c": 2, "d": 0}, "r": {"x": 1}})
    [(['b', 'a'], ['a', 'c']), ([], ['x'])]
    """
    pairs = []
    for qid, judged in qrels.items():
        ranked = rank_by_score(run[qid]) if qid in run else []
        pairs.append((ranked, [d for d, g in judged.items() if g >= relevance_level]))
    return pairs


def numeric_ids(pairs: list[tuple[list, list]]) -> list[tuple[list, list]]:
    """The same pairs with every document id replaced by a number (``RankingEvaluator``
    takes ``array<double>`` columns only).

    >>> numeric_ids([(["b", "a"], ["a", "c"])])
    [([0.0, 1.0], [1.0, 2.0])]
    """
    codes: dict = {}
    for ranked, relevant in pairs:
        for doc in [*ranked, *relevant]:
            codes.setdefault(doc, float(len(codes)))
    return [([codes[d] for d in ranked], [codes[d] for d in relevant]) for ranked, relevant in pairs]


def scala_ranking_metrics(spark, triples: list[tuple[list, list, list]]):
    """Spark's Scala ``RankingMetrics`` on ``(ranked ids, relevant ids, their grades)``
    triples, called directly on the JVM: PySpark's own ``RankingMetrics`` does not
    pass the grades on. Returns the JVM object (``.ndcgAt(k)``)."""
    jvm = spark.sparkContext._jvm
    rows = [jvm.scala.Tuple3(list(r), list(labels), [float(g) for g in grades])
            for r, labels, grades in triples]
    rdd = spark.sparkContext._jsc.parallelize(rows)
    return jvm.org.apache.spark.mllib.evaluation.RankingMetrics.of(rdd)


def load_scaling() -> dict:
    """The measured scaling data written by ``benchmarks/bench_spark.py``."""
    text = resources.files(__package__).joinpath("data", SCALING_FILE).read_text()
    return json.loads(text)


def scaling_table(data: dict | None = None) -> str:
    """The scaling measurements as a text table: one line per size, seconds per engine,
    and the speed-up of two cores over one.

    >>> data = {"rows": [
    ...     {"queries": 10, "docs": 5, "engine": "evaluate (dicts in memory)", "cores": 1, "seconds": 0.01},
    ...     {"queries": 10, "docs": 5, "engine": "Spark", "cores": 1, "seconds": 4.0},
    ...     {"queries": 10, "docs": 5, "engine": "Spark", "cores": 2, "seconds": 2.5}]}
    >>> print(scaling_table(data))
    queries  run lines   evaluate (s)  Spark 1 core (s)  Spark 2 cores (s)  speed-up
         10         50           0.01              4.00               2.50      1.60
    """
    data = load_scaling() if data is None else data
    table: dict[int, dict] = {}
    for row in data["rows"]:
        key = "evaluate" if row["engine"].startswith("evaluate") else f"spark{row['cores']}"
        table.setdefault(row["queries"], {"lines": row["queries"] * row["docs"]})[key] = row["seconds"]
    lines = [f"{'queries':>7}  {'run lines':>9}  {'evaluate (s)':>13}  {'Spark 1 core (s)':>16}  "
             f"{'Spark 2 cores (s)':>17}  {'speed-up':>8}"]
    for n, cells in sorted(table.items()):
        lines.append(f"{n:>7,}  {cells['lines']:>9,}  {cells['evaluate']:>13.2f}  {cells['spark1']:>16.2f}  "
                     f"{cells['spark2']:>17.2f}  {cells['spark1'] / cells['spark2']:>8.2f}")
    return "\n".join(lines)
