"""What the chapter "One run, several tools" shows: one measure, per query, tool by tool.

The values come from the tools themselves (``rankmetrics_lite.evaluate``,
pytrec_eval, scikit-learn), computed in the chapter; this module only lays
them out. A table of values is ``{tool: {query_id: value}}``, with ``None``
(or no entry) where a tool did not score a query, which is itself one of the
differences the chapter shows: pytrec_eval leaves out a judged query that is
missing from the run, and a loop over the run never sees it.

``cutoff_comparison_frame`` is the pure function behind the chapter's k-slider;
``cutoff_comparison_slider`` wraps it in the two-faced
:class:`~rankmetrics_lite.course.slider.Slider`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.figure import Figure

from ..._checks import check_k
from ..slider import Frame, Slider
from ..style import CURRENT, RELEVANT, SECOND

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


def tool_comparison_figure(tables: Mapping[str, Table], queries: Sequence[str]) -> Figure:
    """Grouped bars, one group per query and one bar per tool; one panel per measure.

    ``tables`` maps a measure name (the panel's title) to its table of values.
    A query that a tool did not score gets a cross on the axis instead of a bar.
    """
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
    return Frame(numbers, tool_comparison_figure({name: table}, queries), alt)


def cutoff_comparison_slider(tables_by_k: Mapping[int, Table], queries: Sequence[str],
                             measure: str = "nDCG", k: int | None = None) -> Slider:
    """A k-slider over the cutoffs of ``tables_by_k``, live in Jupyter, static in the book."""
    cutoffs = sorted(tables_by_k)
    if not cutoffs:
        raise ValueError("tables_by_k must hold at least one cutoff")
    queries = list(queries)
    return Slider(lambda value: cutoff_comparison_frame(tables_by_k, value, queries, measure),
                  cutoffs, label="k", value=cutoffs[0] if k is None else k)
