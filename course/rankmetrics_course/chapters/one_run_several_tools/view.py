"""What the chapter "One run, several tools" shows: one measure, per query, tool by tool.

The values come from the tools themselves (``rankmetrics_lite.evaluate``,
pytrec_eval, scikit-learn). This module drives the tools that have no notion
of a run (scikit-learn scores one list at a time; the 11-point average is
computed one ranking at a time) and lays their values out. A table of values is ``{tool: {query_id: value}}``, with ``None``
(or no entry) where a tool did not score a query, which is itself one of the
differences the chapter shows: pytrec_eval leaves out a judged query that is
missing from the run, and a loop over the run never sees it.

``cutoff_comparison_frame`` is the pure function behind the chapter's k-slider;
``cutoff_comparison_slider`` wraps it in the two-faced
:class:`~rankmetrics_course.slider.Slider`.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from functools import partial

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.figures import ShownFigure, show_figure
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, RELEVANT, SECOND
from rankmetrics_lite import eleven_point_precision, rank_by_score, relevance_from_ids
from rankmetrics_lite.validation import check_k

# One colour per tool, in the order the chapter names them.
TOOL_COLOURS = {"rankmetrics_lite": RELEVANT, "pytrec_eval": SECOND, "scikit-learn": CURRENT}

Table = Mapping[str, Mapping[str, "float | None"]]


def _check_table(table: object, name: str) -> None:
    if not isinstance(table, Mapping) or not table:
        raise ValueError(f"{name} must be a non-empty dict {{tool: {{query_id: value}}}}")
    for tool, values in table.items():
        if tool not in TOOL_COLOURS:
            known = ", ".join(map(repr, TOOL_COLOURS))
            raise ValueError(f"{name} names the tool {tool!r}; known tools: {known}")
        if not isinstance(values, Mapping):
            raise ValueError(f"{name}[{tool!r}] must be a dict {{query_id: value}}")


def scored_mean(values: Mapping[str, float | None]) -> tuple[float, int]:
    """The mean over the queries a tool scored (None: not scored), and how many they are.

    This is the mean each tool reports on its own: pytrec_eval's output and a
    loop over the run hold only the queries they saw.

    >>> scored_mean({"q1": 0.5, "q2": None, "q3": 1.0})
    (0.75, 2)
    """
    scored = [float(v) for v in values.values() if v is not None]
    if not scored:
        raise ValueError("no query was scored: there is no mean to take")
    return float(np.mean(scored)), len(scored)


def tool_comparison_figure(tables: Mapping[str, Table], queries: Sequence[str]) -> ShownFigure:
    """Grouped bars, one group per query and one bar per tool; one panel per measure.

    ``tables`` maps a measure name (the panel's title) to its table of values.
    A query that a tool did not score gets a cross on the axis instead of a bar.
    The alt text names the queries where the tools agree and gives the values
    where they do not.
    """
    figure = _comparison_bars(tables, queries)
    return show_figure(figure, alt=comparison_alt(tables, list(queries)))


def comparison_alt(tables: Mapping[str, Table], queries: list[str]) -> str:
    """Describe the grouped bars: where every tool agrees, and the values elsewhere."""
    tools = list(next(iter(tables.values())))
    agree, differ = [], []
    for q in queries:
        cells = {m: [table[t].get(q) for t in tools] for m, table in tables.items()}
        same = all(None not in v and max(v) - min(v) < 5e-5 for v in cells.values())
        if same:
            agree.append(q)
            continue
        parts = [f"{m} " + ", ".join(f"{t} " + ("not scored" if v is None else f"{v:.2f}")
                                     for t, v in zip(tools, values))
                 for m, values in cells.items()]
        differ.append(f"{q}: " + "; ".join(parts))
    text = (f"{len(tables)} panel(s) of grouped bars ({', '.join(tables)}) for queries "
            f"{', '.join(queries)}, one bar per tool ({', '.join(tools)}); a cross marks a "
            "query the tool did not score. ")
    if agree:
        text += f"The tools agree on {', '.join(agree)}. "
    return text + ". ".join(differ) + ("." if differ else "")


def _comparison_bars(tables: Mapping[str, Table], queries: Sequence[str]) -> Figure:
    if not isinstance(tables, Mapping) or not tables:
        raise ValueError("tables must be a non-empty dict {measure: {tool: {query_id: value}}}")
    for measure, table in tables.items():
        _check_table(table, f"tables[{measure!r}]")
    queries = list(queries)
    if not queries:
        raise ValueError("queries must name at least one query")
    figure = Figure(figsize=(6.4, 3.6))
    axes = np.atleast_1d(figure.subplots(1, len(tables), sharey=True))
    positions = np.arange(len(queries))
    for ax, (measure, table) in zip(axes, tables.items()):
        width = 0.8 / len(table)
        for i, (tool, values) in enumerate(table.items()):
            x = positions - 0.4 + width * (i + 0.5)
            heights = [values.get(q) for q in queries]
            shown = [h is not None for h in heights]
            ax.bar(x[shown], [h for h in heights if h is not None], width=width * 0.92,
                   color=TOOL_COLOURS[tool], label=tool)
            missing = [not s for s in shown]
            if any(missing):
                ax.plot(x[missing], np.full(sum(missing), 0.03), linestyle="none", marker="x",
                        markersize=7, color=TOOL_COLOURS[tool])
        ax.set_xticks(positions, queries)
        ax.set(ylim=(0, 1.05), title=measure)
        ax.title.set_fontsize(10)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
    axes[0].set_ylabel("value per query")
    axes[0].legend(loc="upper right", fontsize=7, frameon=False)
    figure.text(0.5, -0.02, "x on the axis: the tool did not score that query", ha="center",
                fontsize=8)
    return figure


def cutoff_comparison_frame(tables_by_k: Mapping[int, Table], k: int, queries: Sequence[str],
                            measure: str = "nDCG") -> Frame:
    """The numbers and the figure for one position of the k-slider.

    ``tables_by_k[k]`` holds each tool's value of ``measure@k`` per query. The
    numbers are each tool's own mean (over the queries it scored) and the
    number of queries behind it.
    """
    k = check_k(k)
    if k not in tables_by_k:
        raise ValueError(f"k = {k} has no values in tables_by_k (cutoffs: {sorted(tables_by_k)})")
    table = tables_by_k[k]
    _check_table(table, f"tables_by_k[{k}]")
    numbers = {"k": str(k)}
    parts = []
    for tool, values in table.items():
        mean, count = scored_mean(values)
        numbers[f"{tool} mean"] = f"{mean:.4f} over {count}"
        parts.append(f"{tool} {mean:.4f}")
    name = f"{measure}@{k}"
    alt = (f"Bars of {name} per query, one bar per tool, for queries {', '.join(queries)}; "
           f"means: {'; '.join(parts)}.")
    return Frame(numbers, partial(_comparison_bars, {name: table}, queries), alt)


def cutoff_comparison_slider(tables_by_k: Mapping[int, Table], queries: Sequence[str],
                             measure: str = "nDCG", k: int | None = None) -> Slider:
    """A k-slider over the cutoffs of ``tables_by_k``, live in Jupyter, static in the book."""
    cutoffs = sorted(tables_by_k)
    if not cutoffs:
        raise ValueError("tables_by_k must hold at least one cutoff")
    queries = list(queries)
    return Slider(lambda value: cutoff_comparison_frame(tables_by_k, value, queries, measure),
                  cutoffs, label="k", value=cutoffs[0] if k is None else k)


# ------------------------------------------------------------------ the tools' loops --

def sklearn_inputs(ranking: Mapping[str, float], judged: Mapping[str, int]):
    """Grades and scores of the retrieved documents, as scikit-learn takes them.

    A retrieved document nobody judged gets grade 0.

    >>> sklearn_inputs({"a": 2.0, "b": 1.0}, {"b": 1})
    (array([0, 1]), array([2., 1.]))
    """
    docids = list(ranking)
    grades = np.array([judged.get(docid, 0) for docid in docids])
    scores = np.array([ranking[docid] for docid in docids], dtype=float)
    return grades, scores


def score_with_sklearn(run: Mapping, qrels: Mapping, level: int = 1):
    """AP, nDCG and nDCG@5 of each query of the run, by scikit-learn, and its warnings.

    The loop most people write: over the queries of the **run**, with the
    retrieved documents only. Returns ``({qid: {measure: value}}, [(qid,
    warning class name, message)])``; the warnings are recorded, not shown.
    """
    from sklearn.metrics import average_precision_score, ndcg_score

    values, heard = {}, []
    for qid, ranking in run.items():
        grades, scores = sklearn_inputs(ranking, qrels.get(qid, {}))
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            values[qid] = {"AP": float(average_precision_score(grades >= level, scores)),
                           "nDCG": float(ndcg_score([grades], [scores])),
                           "nDCG@5": float(ndcg_score([grades], [scores], k=5))}
        heard += [(qid, w.category.__name__, str(w.message)) for w in caught]
    return values, heard


def eleven_point_per_query(run: Mapping, qrels: Mapping, version: str = "10.0",
                           level: int = 1) -> dict[str, float]:
    """trec_eval's ``11pt_avg`` of every judged query, as the given release computes it.

    A judged query missing from the run has an empty ranking; a query with no
    relevant document scores 0, as in trec_eval.
    """
    values = {}
    for qid, judged in qrels.items():
        relevant = [d for d, grade in judged.items() if grade >= level]
        if not relevant:
            values[qid] = 0.0
            continue
        ranked = rank_by_score(run.get(qid, {}), trec_eval_version=version)
        ranking = relevance_from_ids(ranked, relevant_items=relevant)
        values[qid] = eleven_point_precision(ranking, n_relevant=len(relevant),
                                             trec_eval_version=version).average
    return values


def mean_over(per_query: Mapping[str, Mapping[str, float]], name: str,
              queries: Sequence[str] | None = None) -> float:
    """The mean of measure ``name`` over the queries of ``per_query``, or over ``queries``.

    With ``queries`` (say, every judged query) a query absent from
    ``per_query`` counts 0, as ``trec_eval -c`` counts it.

    >>> mean_over({"q1": {"map": 0.5}}, "map"), mean_over({"q1": {"map": 0.5}}, "map", ["q1", "q2"])
    (0.5, 0.25)
    """
    if queries is None:
        queries = list(per_query)
    if not queries:
        raise ValueError("there is no query to average over: pass at least one query")
    return float(np.mean([per_query.get(q, {}).get(name, 0.0) for q in queries]))


def per_query_table(columns: Mapping[str, Mapping[str, Mapping[str, float]]],
                    queries: Sequence[str], names: Mapping[str, str]) -> Table:
    """``{tool: {qid: value or None}}`` of one measure; ``names[tool]`` is its name there."""
    return {tool: {q: values[q][names[tool]] if q in values else None for q in queries}
            for tool, values in columns.items()}


def format_table(rows: Mapping[str, Sequence["float | int | None"]], header: Sequence[str],
                 first: str = "measure", width: int = 17) -> str:
    """Rows of numbers under a header, at 4 decimals; ``None`` prints as a dash."""
    def cell(v):
        if v is None:
            return f"{'—':>{width}}"
        return f"{v:>{width}}" if isinstance(v, (int, str)) else f"{v:>{width}.4f}"
    lines = [f"{first:<9}" + "".join(f"{h:>{width}}" for h in header)]
    lines += [f"{name:<9}" + "".join(cell(v) for v in values) for name, values in rows.items()]
    return "\n".join(lines)


def ndcg_tables_by_k(run: Mapping, qrels: Mapping, depth: int) -> dict[int, Table]:
    """``{k: {tool: {qid: nDCG@k or None}}}`` for k = 1..depth, by each of the three tools."""
    import pytrec_eval
    from sklearn.metrics import ndcg_score

    from rankmetrics_lite import evaluate

    cuts = ",".join(str(k) for k in range(1, depth + 1))
    trec = pytrec_eval.RelevanceEvaluator(qrels, {f"ndcg_cut.{cuts}"}).evaluate(run)
    inputs = {qid: sklearn_inputs(ranking, qrels.get(qid, {})) for qid, ranking in run.items()}
    tables = {}
    for k in range(1, depth + 1):
        ours = evaluate(run, qrels, f"nDCG@{k}", per_query=True)
        tables[k] = {
            "rankmetrics_lite": {q: ours[q][f"nDCG@{k}"] for q in qrels},
            "pytrec_eval": {q: trec[q][f"ndcg_cut_{k}"] if q in trec else None for q in qrels},
            "scikit-learn": {q: float(ndcg_score([g], [s], k=k)) if q in inputs else None
                             for q, (g, s) in ((q, inputs.get(q, (None, None))) for q in qrels)},
        }
    return tables
