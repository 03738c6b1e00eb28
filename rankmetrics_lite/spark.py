"""Batch evaluation on Apache Spark, with exactly the numbers of :func:`rankmetrics_lite.evaluate`.

The run and the judgements arrive as Spark DataFrames, one row per (query,
document). Spark hashes the queries into a few buckets per core, brings every
row of a bucket's queries together (``cogroup`` + ``applyInPandas``) and hands
them to :func:`rankmetrics_lite.evaluate` in a Python worker: no measure is
implemented here. A query's values depend on its own rows only, so the work
splits by query with nothing to exchange between queries. Only the per-query
values (a few numbers per query) come back to the driver, which averages them
in the order of the judgements, the order in which ``evaluate`` averages them,
so that the means are equal bit for bit.

pyspark is imported only when a function of this module is called, so that
``import rankmetrics_lite`` works without it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np

from ._engine import defined_by_policy, prepare_rows, query_values
from ._evaluate import check_options
from .measures import parse_measures, summarize
from ._trec_ranking import DEFAULT_TREC_EVAL_VERSION
from .validation import no_shared_query, repeated_document

if TYPE_CHECKING:  # annotations only: pyspark is imported when a session starts
    from pyspark.sql import DataFrame, SparkSession

RUN_COLUMNS = {"query_id": "string", "doc_id": "string", "score": "number"}
QRELS_COLUMNS = {"query_id": "string", "doc_id": "string", "grade": "integer"}

_INSTALL_HINT = (
    "install it with `pip install -r requirements-spark.txt` (the course's `make test`, "
    "`make notebooks` and `make lab` do)"
)


def _pyspark():
    """The pyspark modules this module uses, or an ImportError that names the fix."""
    try:
        import pyspark.sql.functions as functions
        import pyspark.sql.types as types
        from pyspark.sql import DataFrame, SparkSession
    except ImportError as error:
        raise ImportError(f"rankmetrics_lite.spark needs pyspark: {_INSTALL_HINT}") from error
    return functions, types, DataFrame, SparkSession


def local_session(cores: int = 2, *, app_name: str = "rankmetrics_lite") -> SparkSession:
    r"""Start (or reuse) a local Spark session on ``cores`` cores, quiet and reproducible.

    The session runs driver and executors in one JVM on this machine
    (master URL ``local[cores]``); on a cluster only the master URL changes.
    Spark's progress bars and its web UI are off, its log shows errors only, and
    what the JVM prints to the console goes to a file in the temporary folder
    (``rankmetrics_lite-spark-<pid>.log``), so that notebook outputs hold
    results, not log lines. The Python workers
    run the interpreter that calls this function, so they see the same
    packages. Work is split into :math:`2 \times` ``cores`` partitions after
    a shuffle (Spark's default of 200 suits a cluster, not a laptop).

    Parameters
    ----------
    cores : int
        How many worker threads (``local[cores]``).
    app_name : str
        The application's name in Spark's logs.

    Returns
    -------
    pyspark.sql.SparkSession
        The session; ``session.stop()`` ends it and its JVM.

    Raises
    ------
    ImportError
        pyspark is not installed (the message says how to install it).
    RuntimeError
        No Java runtime is found (the message names the package to install).
    TypeError, ValueError
        ``cores`` is not a positive integer.

    Examples
    --------
    >>> spark = local_session(cores=2)  # doctest: +SKIP
    >>> spark.sparkContext.master  # doctest: +SKIP
    'local[2]'

    References
    ----------
    Zaharia et al. (2016). Apache Spark: a unified engine for big data processing.
    :cite:p:`zaharia2016spark`
    """
    from .validation import check_k

    cores = check_k(cores, "cores")
    _functions, _types, _frame, SparkSession = _pyspark()
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        raise RuntimeError(
            "Spark needs a Java runtime (17 or later) and none was found: install one "
            "(Debian/Ubuntu: sudo apt-get install openjdk-17-jre-headless) or set JAVA_HOME"
        )
    # The Python workers must import this package and pandas: run them in this interpreter.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")  # local mode: no network interface needed
    with _console_to_file():
        session = _build_session(SparkSession, cores, app_name)
    session.sparkContext.setLogLevel("ERROR")
    return session


@contextlib.contextmanager
def _console_to_file():
    """Send what the JVM (started inside) writes to the console into a log file.

    The JVM inherits this process's standard output and error; Jupyter shows what
    arrives there in the cell, so Spark's start-up lines would land in the notebook.
    """
    log = open(os.path.join(tempfile.gettempdir(), f"rankmetrics_lite-spark-{os.getpid()}.log"), "ab")
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    try:
        os.dup2(log.fileno(), 1)
        os.dup2(log.fileno(), 2)
        yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in saved:
            os.close(fd)
        log.close()


def _build_session(SparkSession, cores: int, app_name: str):
    return (
        SparkSession.builder.master(f"local[{cores}]")
        .appName(app_name)
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", str(2 * cores))
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .getOrCreate()
    )


def evaluate(
    df_run: DataFrame,
    df_qrels: DataFrame,
    measures: str | Iterable[str],
    *,
    per_query: bool = False,
    relevance_level: int = 1,
    empty_queries: str = "zero",
    gain: str = "linear",
    trec_eval_version: str = DEFAULT_TREC_EVAL_VERSION,
    unjudged: str = "nonrelevant",
) -> dict[str, float] | tuple[dict[str, float], DataFrame]:
    r"""Score a run held in Spark DataFrames, query by query, exactly as :func:`rankmetrics_lite.evaluate` does.

    Each judged query's rows go to one Python worker, which scores them with
    the engine of :func:`rankmetrics_lite.evaluate` (queries are hashed into buckets,
    a few per core, each scored in one call); the driver then takes the mean of each
    measure over the judged queries as ``evaluate`` does,

    .. math:: \overline{M} = \frac{1}{|Q|} \sum_{q \in Q} M(\pi_q, \mathrm{qrels}_q),

    summing in the order in which the queries first appear in ``df_qrels``.
    The semantics are ``evaluate``'s, which are those of ``trec_eval -c``
    (10.0 by default): a judged query missing from the run scores 0 and counts
    in the means, a run query without judgements is ignored, ties are broken
    by document id descending.

    Parameters
    ----------
    df_run : pyspark.sql.DataFrame
        One row per retrieved document, with the columns ``query_id`` (string),
        ``doc_id`` (string) and ``score`` (any integer or floating-point type).
        Other columns (a TREC run's rank and tag) are ignored: the ranking
        comes from the scores.
    df_qrels : pyspark.sql.DataFrame
        One row per judgement, with the columns ``query_id`` (string),
        ``doc_id`` (string) and ``grade`` (an integer type); other columns are
        ignored.
    measures : str or list of str
        Names as in :func:`rankmetrics_lite.evaluate`: every measure of its catalogue.
    per_query : bool
        False: return the means. True: return the means and a DataFrame of
        per-query values (``query_id`` and one column per measure; null where
        ``empty_queries="skip"`` left a query out of a measure), holding the
        queries that ``evaluate(..., per_query=True)`` reports, in the order
        of ``df_qrels``. Unlike ``evaluate``, the means come in both cases.
    relevance_level : int
        The lowest grade that counts as relevant (trec_eval's ``-l``).
    empty_queries : {"zero", "skip", "raise"}
        What to do with a measure's value on a query where it is undefined.
    gain : {"linear", "exponential"}
        nDCG's gain.
    trec_eval_version : {"10.0", "9.0.8"}
        The trec_eval release whose numbers to reproduce.
    unjudged : {"nonrelevant", "condensed"}
        What a ranked document without a judgement is (see :func:`rankmetrics_lite.evaluate`).

    Returns
    -------
    dict or tuple
        ``{measure: mean}``, equal to ``evaluate``'s on the same data given as
        dicts whose queries are in the order of ``df_qrels``; with
        ``per_query=True``, ``(means, per_query_frame)``.

    Raises
    ------
    TypeError
        An argument is not a Spark DataFrame, or a column has the wrong type
        (the message says how to cast it).
    ValueError
        A column is missing, an id, score or grade is null, a document is
        listed twice for a query, the run shares no query with the judgements,
        or anything :func:`rankmetrics_lite.evaluate` refuses (an unknown measure, a score that
        is not finite, ...), naming the query.
    ImportError, RuntimeError
        pyspark or Java is missing (see :func:`local_session`).

    Examples
    --------
    >>> spark = local_session(cores=2)  # doctest: +SKIP
    >>> run = spark.createDataFrame(
    ...     [("q1", "d1", 0.9), ("q1", "d2", 0.8), ("q1", "d3", 0.7), ("q2", "d4", 0.5),
    ...      ("q2", "d5", 0.5)], "query_id string, doc_id string, score double")  # doctest: +SKIP
    >>> qrels = spark.createDataFrame(
    ...     [("q1", "d1", 1), ("q1", "d3", 2), ("q1", "d9", 1), ("q2", "d4", 1), ("q3", "d7", 1)],
    ...     "query_id string, doc_id string, grade int")  # doctest: +SKIP
    >>> evaluate(run, qrels, ["P@2", "AP"])  # as rankmetrics_lite.evaluate  # doctest: +SKIP
    {'P@2': 0.3333333333333333, 'AP': 0.3518518518518518}
    >>> means, table = evaluate(run, qrels, "RR", per_query=True)  # doctest: +SKIP
    >>> [tuple(row) for row in table.collect()]  # doctest: +SKIP
    [('q1', 1.0), ('q2', 0.5), ('q3', 0.0)]

    References
    ----------
    Zaharia et al. (2016). Apache Spark: a unified engine for big data processing.
    :cite:p:`zaharia2016spark`

    Voorhees & Harman (2005). *TREC: Experiment and Evaluation in Information Retrieval*.
    :cite:p:`voorhees2005trec`
    """
    functions, types, DataFrame, _session = _pyspark()
    _check_frame(df_run, "df_run", RUN_COLUMNS, DataFrame, types)
    _check_frame(df_qrels, "df_qrels", QRELS_COLUMNS, DataFrame, types)
    parsed = parse_measures(measures)
    diversity = [m.name for m in parsed if m.record.judgements == "subtopics"]
    if diversity:
        raise ValueError(f"{', '.join(diversity)} read subtopic qrels and are not computed on Spark; "
                         "use rankmetrics_lite.evaluate with {query: {subtopic: {doc: grade}}}")
    text = [m.name for m in parsed if m.record.aggregate == "none"]
    if text:
        raise ValueError(f"{', '.join(text)}: text measures, one string per query, are not computed on "
                         "Spark; use rankmetrics_lite.evaluate(..., per_query=True)")
    names = [m.name for m in parsed]
    options = check_options(parsed, per_query=per_query, relevance_level=relevance_level,
                            empty_queries=empty_queries, trec_eval_version=trec_eval_version,
                            unjudged=unjudged, gain=gain)
    per_query = options.pop("per_query")
    empty_queries = options.pop("empty_queries")

    scored = _per_query_values(df_run, df_qrels, names, options, functions, types)
    means = _means(scored, parsed, empty_queries, relevance_level)
    if not per_query:
        return means
    return means, _per_query_frame(df_run.sparkSession, scored, names, empty_queries,
                                   trec_eval_version, types)


# ------------------------------------------------------------ the door --


def _check_frame(frame, name: str, columns: dict[str, str], DataFrame, types) -> None:
    """A DataFrame with the named columns, each of the right kind of type."""
    if not isinstance(frame, DataFrame):
        hint = (" (for dicts, use rankmetrics_lite.evaluate)" if isinstance(frame, dict) else "")
        raise TypeError(f"{name} must be a pyspark.sql.DataFrame, got {type(frame).__name__}{hint}")
    kinds = {
        "string": (types.StringType,),
        "integer": (types.ByteType, types.ShortType, types.IntegerType, types.LongType),
    }
    kinds["number"] = kinds["integer"] + (types.FloatType, types.DoubleType)
    spelled = {"string": "string", "integer": "an integer type", "number": "a number type"}
    casts = {"string": "string", "integer": "long", "number": "double"}
    fields = {field.name: field.dataType for field in frame.schema.fields}
    for column, kind in columns.items():
        if column not in fields:
            raise ValueError(
                f"{name} has no column {column!r} (its columns: {', '.join(fields) or 'none'}); "
                f"{name} needs {', '.join(columns)}: rename yours with "
                f".withColumnRenamed('yours', {column!r})"
            )
        if not isinstance(fields[column], kinds[kind]):
            raise TypeError(
                f"{name}.{column} must be {spelled[kind]}, got {fields[column].simpleString()}: "
                f"cast it with .withColumn({column!r}, F.col({column!r}).cast({casts[kind]!r}))"
            )


# ------------------------------------------------------- on the workers --


def _output_schema(names: list[str], types):
    fields = [
        types.StructField("query_id", types.StringType()),
        types.StructField("position", types.LongType()),
        types.StructField("in_run", types.BooleanType()),
        types.StructField("error_type", types.StringType()),
        types.StructField("error", types.StringType()),
    ]
    for i, _ in enumerate(names):
        fields.append(types.StructField(f"value_{i}", types.DoubleType()))
        fields.append(types.StructField(f"defined_{i}", types.BooleanType()))
    return types.StructType(fields)


def _per_query_values(df_run, df_qrels, names, options, functions, types):
    """One pandas row per judged query: its position in df_qrels, whether the run
    holds it, each measure's value and whether it is defined (or an error)."""
    col = functions.col
    run = df_run.select("query_id", "doc_id", col("score").cast("double"))
    qrels = df_qrels.select("query_id", "doc_id", col("grade").cast("long"),
                            functions.monotonically_increasing_id().alias("position"))
    # Queries are hashed into buckets, a few per core: every row of a query lands
    # in its bucket, and each bucket is scored in one call of evaluate.
    buckets = 4 * df_run.sparkSession.sparkContext.defaultParallelism
    bucket = functions.pmod(functions.hash(col("query_id")), functions.lit(buckets)).alias("bucket")

    def score(run_rows, qrels_rows):
        return _score_bucket(run_rows, qrels_rows, names, options)

    scored = (run.select("*", bucket).groupBy("bucket")
              .cogroup(qrels.select("*", bucket).groupBy("bucket"))
              .applyInPandas(score, schema=_output_schema(names, types)))
    return scored.toPandas().sort_values("position", kind="stable").reset_index(drop=True)


def _score_bucket(run_rows, qrels_rows, names: list[str], options: dict):
    """Score one bucket's queries with evaluate: a pandas frame, one row per judged
    query (or a single row holding the error that stopped the bucket)."""
    import pandas as pd

    columns = ["query_id", "position", "in_run", "error_type", "error"] + [
        f"{c}_{i}" for i in range(len(names)) for c in ("value", "defined")]
    if qrels_rows.empty:  # run queries without judgements only: ignored, as by evaluate
        return pd.DataFrame({c: pd.Series(dtype=_DTYPES[c.split("_")[0]]) for c in columns})
    try:
        ranking = _nested(run_rows, "df_run", "score", float)
        judged = _nested(qrels_rows, "df_qrels", "grade", int)
        positions = qrels_rows.groupby("query_id", sort=False)["position"].min()
        # Every judged query of the bucket, in the run (an empty ranking where the run lacks it, so
        # that a bucket whose queries the run lacks still meets the run); which it lacks is told
        # apart. First, a stand-in query (its row is dropped): numpy sums a one-row matrix along
        # its row in another order than a matrix of several rows, so that a bucket of one query
        # would differ from evaluate in the last bit (SDCG@1000 on the conformance collections).
        stand_in = next(f"~{i}" for i in range(len(judged) + 1) if f"~{i}" not in judged)
        grade = max(options["relevance_level"], 1)
        run = {stand_in: {"c0": 0.0}} | {qid: ranking.get(qid, {}) for qid in judged}
        measures = parse_measures(names)
        try:
            run, rows = prepare_rows(run, {stand_in: {"c0": grade}} | judged, measures,
                                     relevance_level=options["relevance_level"],
                                     version=options["trec_eval_version"],
                                     condensed=options["unjudged"] == "condensed", gain=options["gain"])
            absent = np.array([qid not in ranking for qid in rows.qids], dtype=bool)
            values, undefined = query_values(rows, measures, gain=options["gain"], absent=absent)
        except (TypeError, ValueError) as error:  # its message speaks of dicts
            raise type(error)(f"rankmetrics_lite.evaluate refused the rows: {error}") from None
    except (TypeError, ValueError) as error:
        row = dict.fromkeys(columns) | {"query_id": "", "position": -1, "in_run": False,
                                        "error_type": type(error).__name__, "error": str(error)}
        return pd.DataFrame([row]).astype({c: _DTYPES[c.split("_")[0]] for c in columns})
    qids = rows.qids[1:]  # the stand-in's row left out
    out = {"query_id": qids, "position": [int(positions[qid]) for qid in qids],
           "in_run": (~absent[1:]).tolist(), "error_type": [None] * len(qids), "error": [None] * len(qids)}
    for i, name in enumerate(names):
        out[f"value_{i}"] = values[name][1:].tolist()
        nowhere = undefined[name]
        out[f"defined_{i}"] = [True] * len(qids) if nowhere is None else (~nowhere[1:]).tolist()
    return pd.DataFrame(out).astype({c: _DTYPES[c.split("_")[0]] for c in columns})


_DTYPES = {"query": object, "position": "int64", "in": bool, "error": object,
           "value": float, "defined": bool}


def _nested(rows, frame: str, column: str, convert) -> dict:
    """``{query_id: {doc_id: value}}`` of a bucket's rows; nulls and repeated documents refused."""
    for name in ("query_id", "doc_id", column):
        missing = rows[name].isna().to_numpy()
        if missing.any():
            where = rows["query_id"].iloc[int(missing.argmax())]
            query = "" if name == "query_id" else f" of query {where!r}"
            raise ValueError(f"{frame} has a null (or NaN) {name} in a row{query}: drop the "
                             f"row or give it a {'finite ' if name == 'score' else ''}{name}")
    nested: dict = {}
    for qid, doc, value in zip(rows["query_id"].tolist(), rows["doc_id"].tolist(),
                               map(convert, rows[column].tolist())):
        inner = nested.setdefault(qid, {})
        if doc in inner:
            raise repeated_document(frame, doc, qid)
        inner[doc] = value
    return nested


# ------------------------------------------------------- on the driver --


def _first_error(scored) -> None:
    failed = scored[scored["error"].notna()]
    if not failed.empty:
        kind = TypeError if failed["error_type"].iloc[0] == "TypeError" else ValueError
        raise kind(failed["error"].iloc[0])


def _means(scored, measures, policy: str, level: int) -> dict:
    """Each measure's summary over the judged queries, in qrels order as evaluate takes it
    (values and the rule for a judged query the run lacks are the engine's, from the workers)."""
    _first_error(scored)
    if not scored["in_run"].any():
        raise no_shared_query([], scored["query_id"].head(3).tolist(), ("df_run", "df_qrels"))
    qids = scored["query_id"].tolist()
    means = {}
    for i, m in enumerate(measures):
        values = scored[f"value_{i}"].to_numpy(dtype=float)
        undefined = ~scored[f"defined_{i}"].to_numpy(dtype=bool)
        defined = defined_by_policy(m, undefined, qids, policy, level)
        means[m.name] = summarize(m, values[defined])  # evaluate's summary, in its order
    return means


def _per_query_frame(session, scored, names, policy, version, types):
    """The per-query values as a Spark DataFrame, as evaluate(..., per_query=True) reports them."""
    shown = scored if version == "10.0" else scored[scored["in_run"]]
    rows = []
    for record in shown.itertuples(index=False):
        values = []
        for i in range(len(names)):
            value, is_defined = getattr(record, f"value_{i}"), getattr(record, f"defined_{i}")
            values.append(float(value) if is_defined or policy == "zero" else None)
        if any(value is not None for value in values):  # as evaluate: no entry, no row
            rows.append((record.query_id, *values))
    schema = types.StructType([types.StructField("query_id", types.StringType())] + [
        types.StructField(name, types.DoubleType()) for name in names])
    return session.createDataFrame(rows, schema)
