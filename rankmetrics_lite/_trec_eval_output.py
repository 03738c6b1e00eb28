"""What the command line writes beyond trec_eval's text: JSON or CSV, per-query lines in
a file of their own, and a paired comparison of every run with the first.

The command line (``rankmetrics_lite._trec_eval_cli``) computes each printed value once
and hands it here as a :class:`Line`: the measure's printed name, the query (``all``
for the summary), the value at full precision and trec_eval's text of the line. The
default output joins the texts, byte for byte trec_eval's; the other formats and the
comparison read the values, so none of them rounds to trec_eval's four decimals.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

from ._number_text import csv_text, json_number

FORMATS = ("trec_eval", "json", "csv")


@dataclass(frozen=True)
class Line:
    """One value the command line prints."""

    measure: str  # as trec_eval prints it: P_5, Zmap, iprec_at_recall_0.10
    query: str    # a query id, or "all" for the summary
    value: float | int | str  # the value itself (runid and relstring: text)
    text: str     # trec_eval's line for it, newline included


@dataclass
class RunLines:
    """The lines of one run file."""

    path: str
    lines: list[Line]

    def per_query(self, measure: str) -> dict[str, float]:
        return {line.query: float(line.value) for line in self.lines
                if line.measure == measure and line.query != "all"
                and not isinstance(line.value, str)}

    def measures(self) -> list[str]:
        """Measures with per-query numbers, in printed order."""
        seen = dict.fromkeys(line.measure for line in self.lines
                             if line.query != "all" and not isinstance(line.value, str))
        return list(seen)


def trec_eval_text(lines: list[Line], *, queries: bool, summary: bool) -> str:
    """trec_eval's text: per-query lines (when ``queries``) and summary lines (``summary``)."""
    return "".join(line.text for line in lines
                   if (queries if line.query != "all" else summary))


def as_json(runs: list[RunLines], comparisons: list[dict] | None) -> str:
    """``{"runs": [{"run": path, "values": {measure: {query: value}}}], "comparisons": [...]}``."""
    import json  # here: the trec_eval text, the default, needs neither json nor csv

    out = []
    for run in runs:
        values: dict[str, dict] = {}
        for line in run.lines:
            values.setdefault(line.measure, {})[line.query] = json_number(line.value)
        out.append({"run": run.path, "values": values})
    document = {"runs": out}
    if comparisons is not None:
        document["comparisons"] = [{k: json_number(v) for k, v in c.items()} for c in comparisons]
    return json.dumps(document, indent=1, ensure_ascii=False, allow_nan=False) + "\n"


def as_csv(runs: list[RunLines], comparisons: list[dict] | None) -> str:
    """One row per value, ``run,measure,query,value``; with a comparison, a second table
    after an empty line, one row per (run, measure)."""
    import csv  # here: the trec_eval text, the default, needs neither csv nor json

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["run", "measure", "query", "value"])
    for run in runs:
        for line in run.lines:
            writer.writerow([run.path, line.measure, line.query, csv_text(line.value)])
    if comparisons:
        buffer.write("\n")
        writer.writerow(list(comparisons[0]))
        for row in comparisons:
            writer.writerow([csv_text(v) for v in row.values()])
    return buffer.getvalue()


def compare(runs: list[RunLines]) -> list[dict]:
    """Every later run against the first, measure by measure, on the queries both scored:
    the means, their difference, a paired t-test, and its p-value adjusted by Holm's
    method over the later runs (one family per measure)."""
    from ._significance import holm_bonferroni, paired_t_test

    if len(runs) < 2:
        raise ValueError("--compare needs at least two run files: the first is the baseline "
                         "every other run is compared with")
    base, rows = runs[0], []
    for measure in base.measures():
        first = base.per_query(measure)
        found = []
        for run in runs[1:]:
            other = run.per_query(measure)
            shared = [q for q in first if q in other]
            if len(shared) < 2:
                continue  # a t-test needs two queries: nothing to report
            a = [other[q] for q in shared]
            b = [first[q] for q in shared]
            test = paired_t_test(a, b)
            found.append({"run": run.path, "baseline": base.path, "measure": measure,
                          "queries": len(shared), "mean_baseline": math.fsum(b) / len(b),
                          "mean_run": math.fsum(a) / len(a),
                          "difference": test.mean_difference, "t": test.t_statistic,
                          "p": test.p_value})
        for row, adjusted in zip(found, holm_bonferroni([row["p"] for row in found])):
            row["p_holm"] = float(adjusted)
        rows += found
    return rows


def comparison_text(rows: list[dict]) -> str:
    """The comparison as a table for a terminal, after trec_eval's output."""
    if not rows:
        return "compare: no measure has per-query values on two or more shared queries\n"
    out = [f"compare: each run against {rows[0]['baseline']} (paired t-test, two-sided; "
           "p_holm: Holm's adjustment over the runs, per measure)\n",
           f"{'measure':<22}\t{'run':<20}\tqueries\tbaseline\trun\tdiff\tt\tp\tp_holm\n"]
    for row in rows:
        out.append(f"{row['measure']:<22}\t{row['run']:<20}\t{row['queries']}\t"
                   f"{row['mean_baseline']:.4f}\t{row['mean_run']:.4f}\t{row['difference']:+.4f}\t"
                   f"{row['t']:.3f}\t{row['p']:.4g}\t{row['p_holm']:.4g}\n")
    return "".join(out)
