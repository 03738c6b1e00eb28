"""What the command line prints: trec_eval's per-query and summary lines (its averages,
sums and geometric means, z-scores with ``-Z``), and the outputs beyond trec_eval (JSON,
CSV, ``--compare``, ``--per-query-file``: ``rankmetrics_lite._trec_eval_output``)."""

from __future__ import annotations

import numpy as np

from .. import _trec_eval_output as output
from .._number_text import c_format, long_of
from .._summary import GEOMETRIC_FLOOR, summary
from .._trec_eval_output import Line, RunLines
from .errors import TrecEvalExit
from .options import Options
from .run import Evaluation
from .table import Marked


_MISSING_ZSCORE = -1000000.0


class Zscores:
    """convert_zscores.c: the (mean, stddev) of a query's measure, found by trec_eval's binary
    searches (whose upper bound is one past the end: a name beyond the query's last one is
    compared with the next query's first, and past the table's end is not found)."""

    def __init__(self, lines: list[tuple[bytes, bytes, float, float]]):
        qids = [line[0] for line in lines]
        self.names = [line[1] for line in lines]
        self.means = np.array([line[2] for line in lines])
        self.stddevs = np.array([line[3] for line in lines])
        self.starts, self.qids = [], []
        for i, qid in enumerate(qids):
            if not self.qids or self.qids[-1] != qid:
                self.qids.append(qid)
                self.starts.append(i)
        self.starts.append(len(qids))

    @staticmethod
    def _search(keys: list[bytes], start: int, end: int, key: bytes, limit: int) -> int | None:
        low, high = start, end
        while low <= high:
            current = (low + high) // 2
            if current >= limit:
                return None  # trec_eval reads past its table here
            if key < keys[current]:
                high = current - 1
            elif key > keys[current]:
                low = current + 1
            else:
                return current
        return None

    def query(self, qid: bytes) -> tuple[int, int] | None:
        """The range of the query's lines, or None."""
        found = self._search(self.qids, 0, len(self.qids), qid, len(self.qids))
        return None if found is None else (self.starts[found], self.starts[found + 1])

    def convert(self, where: tuple[int, int] | None, name: bytes, value: float) -> float:
        if where is None:
            return _MISSING_ZSCORE
        start, end = where
        found = self._search(self.names, start, end, name, len(self.names))
        if found is None:
            return _MISSING_ZSCORE
        mean, stddev = float(self.means[found]), float(self.stddevs[found])
        if stddev:
            return float(np.float64(value - mean) / np.float64(stddev))
        return 0.0 if value == mean else _MISSING_ZSCORE


def run_lines(options: Options, marked: list[Marked], evaluation: Evaluation, zscores: Zscores | None,
              out: list[Line]) -> None:
    """trec_eval's per-query lines (with -q or --compare) and summary lines, in its order
    and format, each with its value at full precision."""
    names, values_of = evaluation.queries, evaluation.values
    evaluated = [q.encode("utf-8") for q in names]
    z = zscores is not None
    prefix = "Z" if z else ""
    n = len(evaluated)
    # Per-query values as trec_eval holds them: geometric means keep log(max(v, MIN_GEO_MEAN)),
    # counts their integer; with -Z, each then becomes a z-score.
    held: dict[str, np.ndarray] = {}
    for m in marked:
        for value in m.values:
            if value.measure is None and m.spec.kind == "count":
                raw = np.ones(n)
            elif value.measure is None:
                continue
            elif m.spec.kind == "string":
                raw = np.zeros(n)
            else:
                raw = np.asarray(values_of.get(value.name, np.zeros(n)), dtype=float)
            if m.spec.kind == "geometric":
                raw = np.log(np.maximum(raw, GEOMETRIC_FLOOR))
            held[value.name] = raw
    if z:
        for i, qid in enumerate(evaluated):
            where = zscores.query(qid)
            for name, column in held.items():
                column[i] = zscores.convert(where, name.encode("utf-8"), float(column[i]))
    if options.query or options.compare:
        for i, qid in enumerate(names):
            for m in marked:
                kind = m.spec.kind
                if kind in ("runid", "count", "geometric"):
                    continue
                for value in m.values:
                    if kind == "string":
                        text = values_of[value.name][i]
                        out.append(Line(value.name, qid, text, f"{value.name:<22}\t{qid}\t'{text}'\n"))
                    elif kind == "long" and not z:
                        number = long_of(float(held[value.name][i]))
                        out.append(Line(value.name, qid, number, f"{value.name:<22}\t{qid}\t{number}\n"))
                    else:
                        number = float(held[value.name][i])
                        out.append(Line(prefix + value.name, qid, number, f"{prefix}{value.name:<22}\t"
                                        f"{qid}\t{c_format(number, '6.4f')}\n"))
    if evaluation.stop is not None or not options.summary:
        return
    divisor = evaluation.n_judged if options.complete else n
    for m in marked:
        kind = m.spec.kind
        for value in m.values:
            if kind == "runid":
                out.append(Line("runid", "all", evaluation.run_tag, f"{'runid':<22}\tall\t{evaluation.run_tag}\n"))
                continue
            if kind == "string":
                continue
            if kind == "count":
                total = float(divisor)
            elif kind == "long" and m.spec.name == "num_rel" and options.complete:
                total = float(np.count_nonzero(evaluation.qrels.grades > 0))
            else:  # with -c, the judged queries the run lacks count 0 (log(floor) for gm_*)
                how = {"long": "sum", "geometric": "geometric"}.get(kind, "mean")
                total = summary(held[value.name], how, absent=divisor - n, logged=True)
            if kind in ("count", "long") and not z:
                number = long_of(float(total))
                out.append(Line(value.name, "all", number, f"{value.name:<22}\tall\t{number}\n"))
            else:
                out.append(Line(prefix + value.name, "all", total,
                                f"{prefix}{value.name:<22}\tall\t{c_format(total, '6.4f')}\n"))


def write_kept(runs: list[RunLines], options: Options, stdout) -> None:
    """The outputs that need every run: --format json or csv, --compare, --per-query-file
    (per-query lines to that file, the summary and the comparison to standard output)."""
    comparisons = None
    if options.compare:
        try:
            comparisons = output.compare(runs)
        except ValueError as exc:
            raise TrecEvalExit(1, str(exc)) from None

    def part(queries: bool, summary: bool) -> list[RunLines]:
        return [RunLines(run.path, [line for line in run.lines
                                    if (queries if line.query != "all" else summary)])
                for run in runs]

    def render(shown: list[RunLines], compared: list[dict] | None) -> str:
        if options.output_format == "json":
            return output.as_json(shown, compared)
        if options.output_format == "csv":
            return output.as_csv(shown, compared)
        text = "".join(line.text for run in shown for line in run.lines)
        return text + ("" if compared is None else "\n" + output.comparison_text(compared))

    if options.per_query_file is not None:
        with open(options.per_query_file, "w", encoding="utf-8") as per_query:
            per_query.write(render(part(True, False), None))
        stdout.write(render(part(False, options.summary), comparisons).encode("utf-8"))
    else:
        stdout.write(render(part(options.query, options.summary), comparisons).encode("utf-8"))
