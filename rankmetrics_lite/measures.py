"""The catalogue of measures for batch evaluation, named as ir_measures names them.

A name is a family (``P``, ``AP``, ``nDCG``, ...) with an optional cutoff after
``@``: ``P@10``, ``AP``, ``nDCG@5``; a family with a parameter writes it in
brackets, as ir_measures does: ``RBP(p=0.8)``, ``IPrec(recall=0.5)``,
``nDCG(gains=1:3,2:9)``. :data:`CATALOGUE` holds one record per family: how
its name is written, its cutoff rule and parameter, trec_eval's names for it
(:class:`TrecEvalName`: kind, default parameters, releases, nicknames), the
single-query function that teaches it, the row kernel that computes it, when it is undefined and how its values
combine over queries (a mean, a sum, a geometric mean). Every measure of
trec_eval 10.0 that reads a qrels file is here, but ``runid``, which is the
run file's name for itself, not a measure (the command line prints it).
:func:`rankmetrics_lite.evaluate` dispatches from the catalogue, and so does
the command line (``python -m rankmetrics_lite``); its docstring, the book's
notation table, the command line's table of trec_eval measures and the
conformance tests are generated from it. Adding a measure means adding its
kernel and one record here.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ._average_precision import average_precision_rows, yaap_rows
from ._counts_and_sets import (
    relevance_string_rows,
    set_average_precision_rows,
    set_f_rows,
    set_precision_rows,
    set_recall_rows,
    set_relative_precision_rows,
    utility_rows,
)
from ._number_text import number_text
from ._cutoff_metrics import (
    f1_rows,
    hit_rows,
    precision_at_multiples_rows,
    precision_rows,
    r_precision_rows,
    recall_rows,
    relative_precision_rows,
)
from ._dcg import dcg_rows, ndcg_rows
from ._incomplete_judgements import (
    bpref_rows,
    infap_rows,
    judged_rows,
    rbp_residual_rows,
    rbp_rows,
    unjudged_rows,
)
from ._pr_curves import interpolated_precision_average_rows, interpolated_precision_rows
from ._reciprocal_rank import reciprocal_rank_rows
from ._summary import summary
from ._trec_gains import bing_rows, g_rows, ndcg_rel_rows, rndcg_rows
from . import _diversity as _div
from ._user_models import cwl_kernel


@dataclass(frozen=True)
class Parameter:
    """A family's parameter, written in brackets after its name: ``RBP(p=0.8)``.

    ``read`` turns the text after ``key=`` into the value (a number or a tuple) or
    raises ValueError saying what it must be; ``write`` gives the value's one
    spelling in names, ``trec_eval`` its spelling in trec_eval's printed name.
    ``default`` is the value when the name gives none (None: the name must give it).
    """

    key: str
    example: str  # an example value as written, such as "0.8" or "1:3,2:9"
    form: str  # what the value must be, for messages
    read: Callable[[str], object] = field(repr=False)
    write: Callable[[Any], str] = field(repr=False)  # takes what read returned
    trec_eval: Callable[[Any], object] = field(repr=False)  # what trec_eval_param formats
    default: object = None
    hint: str = ""  # said when the name lacks a required value
    optional: bool = False  # the name may leave it out even without a default (a gain map)

    @property
    def required(self) -> bool:
        return self.default is None and not self.optional


def _real(low: float, high: float, *, open_low: bool = False, open_high: bool = False) -> Callable:
    def read(text: str) -> float:
        value = float(text)  # ValueError if not a number
        if not math.isfinite(value) or value < low or value > high or (open_low and value == low) \
                or (open_high and value == high):
            raise ValueError
        return value
    return read


def _reals(count: int | None, low: float = -math.inf, high: float = math.inf) -> Callable:
    def read(text: str) -> tuple[float, ...]:
        values = tuple(float(part) for part in text.split(","))
        if (count is not None and len(values) != count) or not all(
                math.isfinite(v) and low <= v <= high for v in values):
            raise ValueError
        return values
    return read


def _read_gains(text: str) -> tuple[tuple[int, float], ...]:
    pairs = []
    for part in text.split(","):
        grade, colon, gain = part.partition(":")
        if not colon or not re.fullmatch(r"-?[0-9]+", grade.strip()):
            raise ValueError
        value = float(gain)
        if not math.isfinite(value):
            raise ValueError
        pairs.append((int(grade), value))
    return tuple(pairs)


def _write_reals(values: tuple[float, ...]) -> str:
    return ",".join(map(number_text, values))


def _write_gains(pairs: tuple[tuple[int, float], ...]) -> str:
    return ",".join(f"{grade}:{number_text(gain)}" for grade, gain in pairs)


def _trec_eval_gains(pairs: tuple[tuple[int, float], ...]) -> str:
    return ",".join(f"{grade}={number_text(gain)}" for grade, gain in pairs)


_PROBABILITY = Parameter("p", "0.8", "a number strictly between 0 and 1",
                         _real(0, 1, open_low=True, open_high=True), number_text, repr,
                         hint=" (ir_measures' default; trec_eval's is p=0.9)")
_GAINS = Parameter("gains", "1:1,2:3", "grade:gain pairs separated by commas, such as 1:1,2:3 "
                   "(grades not listed gain their grade)", _read_gains, _write_gains, _trec_eval_gains,
                   optional=True)
ELEVEN_LEVELS = tuple(i / 10 for i in range(11))
_ALPHA = Parameter("alpha", "0.3", "a number from 0 to 1 (the novelty discount)", _real(0, 1),
                   number_text, number_text, default=0.5)

_CWL_TARGET = Parameter("T", "2", "a number 0.5 or more (the gain the user wants)", _real(0.5, math.inf),
                        number_text, number_text)


def _cwl_positive(key: str, example: str, form: str) -> Parameter:
    return Parameter(key, example, form, _real(0, math.inf, open_low=True), number_text, number_text)


_BOTH_RELEASES = ("10.0", "9.0.8")
# trec_eval's nicknames (-m official, ...), in the order its messages list them.
TREC_EVAL_NICKNAMES = ("official", "set", "all_trec", "qrels_jg", "all_prefs", "prefs")
_EVERY_NICKNAME = TREC_EVAL_NICKNAMES  # num_q (and runid) belong to every nickname
_OFFICIAL_AND_SET = ("official", "set", "all_trec")
_OFFICIAL = ("official", "all_trec")
_SET = ("set", "all_trec")
_ALL_TREC = ("all_trec",)
_QRELS_JG = ("qrels_jg",)
# The kinds of trec_eval measure whose name, without parameters, is the family's plain name.
_PLAIN_KINDS = ("count", "long", "double", "geometric", "p_double", "p_pair")


@dataclass(frozen=True)
class TrecEvalName:
    """One of trec_eval's measures, as its ``measures.c`` and ``m_<name>.c`` define it.

    ``position`` is its place in trec_eval 10.0's table of measures (``te_trec_measures``),
    which orders its output. ``kind`` says how trec_eval reads its parameters, names its
    values and prints them: ``count`` (num_q), ``long`` (a count per query, summed),
    ``double``, ``geometric`` (gm_*: summary only, a geometric mean), ``cut_long``
    (integer cutoffs: P_5), ``cut_double`` (real cutoffs: iprec_at_recall_0.10),
    ``p_double`` (real parameters: utility_2,-1,0,0), ``p_pair`` (name=value pairs:
    ndcg_1=3,2=9), ``string`` (relstring). ``defaults``: its parameters when ``-m`` gives
    none; ``releases``: those that have it; ``nicknames``: the ``-m`` nicknames that
    include it; ``reads``: the judgements it computes from (``qrels``, ``qrels_jg``: each
    judgement group's value, averaged; ``any``).
    """

    name: str
    position: int
    kind: str
    defaults: tuple = ()
    releases: tuple[str, ...] = _BOTH_RELEASES
    nicknames: tuple[str, ...] = ()
    reads: str = "qrels"


_CUTOFFS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)  # trec_eval's default cutoffs
_MULTIPLES = (0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0)  # Rprec_mult's multiples of |R|


@dataclass(frozen=True)
class MeasureFamily:
    """One family of measures, such as ``P`` (``P@5``, ``P@10``, ...).

    ``kernel(rows, k, gain)`` returns one value per query from the row data of
    :func:`~rankmetrics_lite.evaluate` (``rows.binary``: 1 where the document at
    a rank is relevant; ``rows.gains``: its grade, negative grades as 0;
    ``rows.ideal``: every judged grade, sorted; ``rows.n_rel``: |R|;
    ``rows.n_ret``: documents retrieved; see ``_engine.Rows``).
    ``undefined(rows, value)`` marks the queries on which the measure has no value
    (None: defined everywhere), and ``undefined_reason`` says why in a message;
    ``evaluate``'s ``empty_queries`` decides what happens to them
    (``_refuse_undefined``). A family with a ``parameter`` has the kernel
    ``kernel(rows, k, gain, value)``. ``aggregate`` says how the values of the
    queries combine: ``"mean"`` (most), ``"sum"`` (the counts), ``"geometric"``
    (GMAP: the geometric mean, each value floored at 1e-5) or ``"none"`` (text).
    """

    name: str
    title: str
    cutoff: str  # "required" (P@k needs its k), "optional" (AP and AP@k) or "none" (Rprec)
    function: str | None  # the single-query function of rankmetrics_lite (None: evaluate only)
    kernel: Callable = field(repr=False)
    undefined: Callable | None = field(default=None, repr=False)
    # Why a query has no value, for messages ("{level}" stands for relevance_level).
    undefined_reason: str = "has no relevant document (grade >= relevance_level={level})"
    spellings: tuple[str, ...] = ()  # other names people type for it, to suggest this one
    parameter: Parameter | None = None
    aggregate: str = "mean"
    trec_eval_names: tuple[TrecEvalName, ...] = ()  # trec_eval's measures that it computes
    linear_gain_only: bool = False  # trec_eval's gains only: evaluate's gain="exponential" is refused
    # What the family reads: "documents" (qrels {query: {doc: grade}}) or "subtopics"
    # (ndeval's qrels {query: {subtopic: {doc: grade}}}: the diversity measures).
    judgements: str = "documents"

    def _base(self) -> str:
        if self.parameter is not None and self.parameter.required:
            return f"{self.name}({self.parameter.key}={self.parameter.example})"
        return self.name

    def example(self) -> str:
        """How the name is written: ``P@k``, ``AP, AP@k``, ``Rprec``, ``RBP(p=0.8)``,
        ``SetF, SetF(beta=1)``."""
        base = self._base()
        shown = {"required": [f"{base}@k"], "optional": [base, f"{base}@k"], "none": [base]}[self.cutoff]
        if self.parameter is not None and not self.parameter.required:
            with_value = f"{self.name}({self.parameter.key}={self.parameter.example})"
            shown.append(with_value + ("@k" if self.cutoff == "required" else ""))
        return ", ".join(shown)

    def example_names(self, k: int) -> list[str]:
        """The names of this family written out, with cutoff ``k`` where it takes one."""
        base = self._base()
        return {"required": [f"{base}@{k}"], "optional": [base, f"{base}@{k}"], "none": [base]}[self.cutoff]

    # trec_eval's names for this family's measures, from its trec_eval_names (the first that
    # reads plain qrels: the others average over judgement groups).
    def _trec_eval_entry(self, *kinds: str) -> TrecEvalName | None:
        return next((t for t in self.trec_eval_names if t.kind in kinds and t.reads != "qrels_jg"), None)

    @property
    def trec_eval(self) -> str | None:
        """trec_eval's name without a cutoff (None: no such measure)."""
        entry = self._trec_eval_entry(*_PLAIN_KINDS)
        return None if entry is None else entry.name

    @property
    def trec_eval_cut(self) -> str | None:
        """trec_eval's name with a cutoff, ``"{k}"`` standing for it (``"P_{k}"``)."""
        entry = self._trec_eval_entry("cut_long", "string")
        return None if entry is None else entry.name + "_{k}"

    @property
    def trec_eval_param(self) -> str | None:
        """trec_eval's name with the family's parameter, ``"{p}"`` standing for it."""
        entry = self._trec_eval_entry("cut_double", "p_double", "p_pair")
        if entry is None or self.parameter is None:
            return None
        if entry.kind == "cut_double":  # printed as C's %3.2f: iprec_at_recall_0.10
            return entry.name + "_{p:.2f}"
        return entry.name + ("_p={p}" if entry.kind == "p_pair" and self.parameter.key == "p" else "_{p}")

    @property
    def trec_eval_releases(self) -> tuple[str, ...]:
        """The trec_eval releases that have the family's trec_eval name."""
        entry = self._trec_eval_entry(*_PLAIN_KINDS, "cut_long", "string", "cut_double")
        return _BOTH_RELEASES if entry is None else entry.releases


def _no_relevant(rows, value=None) -> np.ndarray:
    return rows.n_rel == 0


def _nothing_retrieved(rows, value=None) -> np.ndarray:
    return rows.n_ret == 0


def _no_relevant_or_nothing_retrieved(rows, value=None) -> np.ndarray:
    return (rows.n_rel == 0) | (rows.n_ret == 0)


def _bpref(rows, k, gain):
    return bpref_rows(rows.binary, rows.nonrelevant, rows.n_rel, rows.n_nonrel)


def _infap(rows, k, gain):
    return infap_rows(rows.binary, rows.nonrelevant, rows.pool_unjudged, rows.n_rel)


def _no_ideal_gain(rows, gains=None) -> np.ndarray:
    # nDCG is undefined only when the ideal DCG is 0: no judged document gains
    # anything. It does not depend on relevance_level.
    return ~(rows.gain_tables(gains).ideal > 0).any(axis=1)


def _no_relevant_or_ideal_gain(rows, gains=None) -> np.ndarray:
    return _no_relevant(rows) | _no_ideal_gain(rows, gains)


def _tables(rows, gain, gains):
    if gain != "linear" and gains:
        raise ValueError("a gain map (gains=...) sets each grade's gain itself: evaluate it with "
                         "gain='linear' (the default)")
    return rows.gain_tables(gains)


def _ndcg(rows, k, gain, gains=None):
    if not gains:
        return ndcg_rows(rows.gains, rows.ideal, k, gain)
    tables = _tables(rows, gain, gains)
    return ndcg_rows(tables.gains, tables.ideal, k, "linear")


def _rprec_mult(rows, k, gain, multiple):
    # trec_eval: (long)(multiple |R| + 0.9) documents, in both releases
    return precision_at_multiples_rows(rows.binary, rows.n_rel, rows.n_ret, [multiple], rows.hits)[:, 0]


_NO_SUBTOPIC = "has no document relevant to any subtopic (grade >= relevance_level={level})"

CATALOGUE: dict[str, MeasureFamily] = {family.name: family for family in [
    MeasureFamily("P", "precision at k", "required", "precision_at_k",
                  lambda rows, k, gain: precision_rows(rows.binary, k),
                  trec_eval_names=(
                      TrecEvalName("P", 11, "cut_long", _CUTOFFS, nicknames=_OFFICIAL),
                      TrecEvalName("P_avgjg", 51, "cut_long", _CUTOFFS, nicknames=_QRELS_JG,
                                   reads="qrels_jg"),
                  ), spellings=("p", "precision")),
    MeasureFamily("R", "recall at k", "required", "recall_at_k",
                  lambda rows, k, gain: recall_rows(rows.binary, k, rows.n_rel),
                  trec_eval_names=(TrecEvalName("recall", 13, "cut_long", _CUTOFFS, nicknames=_ALL_TREC),),
                  undefined=_no_relevant, spellings=("recall",)),
    MeasureFamily("F1", "F1 at k", "required", "f1_at_k",
                  lambda rows, k, gain: f1_rows(rows.binary, k, rows.n_rel),
                  spellings=("f1", "f")),
    MeasureFamily("Rprec", "R-precision", "none", "r_precision",
                  lambda rows, k, gain: r_precision_rows(rows.binary, rows.n_rel),
                  trec_eval_names=(TrecEvalName("Rprec", 7, "double", nicknames=_OFFICIAL),),
                  undefined=_no_relevant,
                  spellings=("rprec", "r-prec", "r-precision")),
    MeasureFamily("AP", "average precision (MAP over queries)", "optional", "average_precision",
                  lambda rows, k, gain: average_precision_rows(rows.binary, rows.n_rel, k,
                                                               precision=rows.precision),
                  trec_eval_names=(
                      TrecEvalName("map", 5, "double", nicknames=_OFFICIAL),
                      TrecEvalName("map_cut", 27, "cut_long", _CUTOFFS, nicknames=_ALL_TREC),
                      TrecEvalName("map_avgjg", 50, "double", nicknames=_QRELS_JG, reads="qrels_jg"),
                  ), undefined=_no_relevant,
                  spellings=("map", "map_cut")),
    MeasureFamily("RR", "reciprocal rank (MRR over queries)", "optional", "reciprocal_rank",
                  lambda rows, k, gain: reciprocal_rank_rows(rows.binary, k),
                  trec_eval_names=(TrecEvalName("recip_rank", 9, "double", nicknames=_OFFICIAL),),
                  spellings=("mrr", "recip_rank")),
    MeasureFamily("nDCG", "normalised discounted cumulative gain (optional gain map)", "optional",
                  "ndcg_at_k", _ndcg,
                  trec_eval_names=(
                      TrecEvalName("ndcg", 23, "p_pair", nicknames=_ALL_TREC),
                      TrecEvalName("ndcg_cut", 26, "cut_long", _CUTOFFS, nicknames=_ALL_TREC),
                  ), undefined=_no_ideal_gain,
                  undefined_reason="has no judged document with a positive gain",
                  spellings=("ndcg", "ndcg_cut"), parameter=_GAINS),
    MeasureFamily("Success", "success at k (hit rate)", "required", "hit_rate_at_k",
                  lambda rows, k, gain: hit_rows(rows.binary, k),
                  trec_eval_names=(TrecEvalName("success", 29, "cut_long", (1, 5, 10), nicknames=_ALL_TREC),),
                  spellings=("success", "hit", "hits", "hitrate", "hit_rate")),
    # Incomplete judgements: these read what Rows keeps about unjudged documents.
    MeasureFamily("Bpref", "binary preference (judged documents only)", "none", "bpref",
                  _bpref,
                  trec_eval_names=(TrecEvalName("bpref", 8, "double", nicknames=_OFFICIAL),),
                  undefined=_no_relevant, spellings=("bpref",)),
    MeasureFamily("infAP", "inferred average precision (sampled judgements)", "none",
                  "inferred_average_precision", _infap,
                  trec_eval_names=(TrecEvalName("infAP", 14, "double", nicknames=_ALL_TREC),),
                  undefined=_no_relevant, spellings=("infap", "inf_ap")),
    MeasureFamily("Judged", "share of the top k judged (1 - trec_eval's unj_k)", "required",
                  "judged_at_k", lambda rows, k, gain: judged_rows(rows.unjudged, k),
                  spellings=("judged",)),
    MeasureFamily("Unjudged", "share of the top k unjudged (trec_eval's unj_k)", "required",
                  None, lambda rows, k, gain: unjudged_rows(rows.unjudged, k),
                  trec_eval_names=(
                      TrecEvalName("unj", 56, "cut_long", (5, 10, 20), releases=("10.0",),
                                   nicknames=_ALL_TREC),
                  ), spellings=("unj", "unjudged")),
    MeasureFamily("RBP", "rank-biased precision, persistence p", "none", "rank_biased_precision",
                  lambda rows, k, gain, p: rbp_rows(rows.gains, rows.max_grade, p),
                  trec_eval_names=(
                      TrecEvalName("rbp", 54, "p_pair", releases=("10.0",), nicknames=_ALL_TREC),
                  ), spellings=("rbp",),
                  parameter=_PROBABILITY),
    MeasureFamily("RBP_resid", "RBP's residual: what unjudged documents could add", "none",
                  "rank_biased_precision_residual",
                  lambda rows, k, gain, p: rbp_residual_rows(rows.unjudged, rows.n_ranked, p),
                  trec_eval_names=(
                      TrecEvalName("rbp_resid", 55, "p_pair", releases=("10.0",), nicknames=_ALL_TREC),
                  ),
                  spellings=("rbp_resid", "rbpresid", "rbp_res"), parameter=_PROBABILITY),
    # Counts, summed over queries (trec_eval prints them as integers).
    MeasureFamily("NumQ", "number of queries evaluated (sum of 1 per query)", "none", None,
                  lambda rows, k, gain: np.ones(rows.n_rel.size),
                  trec_eval_names=(
                      TrecEvalName("num_q", 1, "count", nicknames=_EVERY_NICKNAME, reads="any"),
                  ),
                  spellings=("num_q", "numq"), aggregate="sum"),
    MeasureFamily("NumRet", "documents retrieved (summed over queries)", "none", None,
                  lambda rows, k, gain: rows.n_ret.copy(),
                  trec_eval_names=(TrecEvalName("num_ret", 2, "long", nicknames=_OFFICIAL_AND_SET),),
                  spellings=("num_ret", "numret"), aggregate="sum"),
    MeasureFamily("NumRel", "relevant documents judged, |R| (summed over queries)", "none", None,
                  lambda rows, k, gain: rows.n_rel.copy(),
                  trec_eval_names=(TrecEvalName("num_rel", 3, "long", nicknames=_OFFICIAL_AND_SET),),
                  spellings=("num_rel", "numrel"), aggregate="sum"),
    MeasureFamily("NumRelRet", "relevant documents retrieved (summed over queries)", "none", None,
                  lambda rows, k, gain: rows.n_rel_ret.astype(float),
                  trec_eval_names=(TrecEvalName("num_rel_ret", 4, "long", nicknames=_OFFICIAL_AND_SET),),
                  spellings=("num_rel_ret", "numrelret"), aggregate="sum"),
    MeasureFamily("NumNonrelJudgedRet", "judged non-relevant documents retrieved (summed)", "none",
                  None, lambda rows, k, gain: rows.nonrelevant.sum(axis=1).astype(float),
                  trec_eval_names=(TrecEvalName("num_nonrel_judged_ret", 35, "long", nicknames=_ALL_TREC),),
                  spellings=("num_nonrel_judged_ret",),
                  aggregate="sum"),
    # Geometric means over queries.
    MeasureFamily("GMAP", "average precision, geometric mean over queries", "none", "gmap",
                  lambda rows, k, gain: average_precision_rows(rows.binary, rows.n_rel,
                                                               precision=rows.precision),
                  trec_eval_names=(TrecEvalName("gm_map", 6, "geometric", nicknames=_OFFICIAL),),
                  undefined=_no_relevant, spellings=("gm_map", "gmap"),
                  aggregate="geometric"),
    MeasureFamily("GMBpref", "bpref, geometric mean over queries", "none", None, _bpref,
                  trec_eval_names=(TrecEvalName("gm_bpref", 15, "geometric", nicknames=_ALL_TREC),),
                  undefined=_no_relevant, spellings=("gm_bpref", "gmbpref"),
                  aggregate="geometric"),
    MeasureFamily("YAAP", "Robertson's yet another AP: ln((1 + s) / (1 + |R| - s)), s AP's numerator",
                  "none", None, lambda rows, k, gain: yaap_rows(rows.binary, rows.n_rel, rows.precision),
                  trec_eval_names=(TrecEvalName("yaap", 53, "double"),), spellings=("yaap",)),
    # Interpolated precision and precision at multiples of |R|.
    MeasureFamily("IPrec", "interpolated precision at a recall level", "none",
                  "eleven_point_precision",
                  lambda rows, k, gain, recall: interpolated_precision_rows(
                      rows.binary, rows.n_rel, rows.n_ret, [recall], rows.version, rows.hits)[:, 0],
                  trec_eval_names=(
                      TrecEvalName("iprec_at_recall", 10, "cut_double", ELEVEN_LEVELS, nicknames=_OFFICIAL),
                  ), undefined=_no_relevant_or_nothing_retrieved,
                  undefined_reason="has no relevant document or retrieved none",
                  spellings=("iprec_at_recall", "iprec"),
                  parameter=Parameter("recall", "0.5", "a recall level between 0 and 1", _real(0, 1),
                                      number_text, float)),
    MeasureFamily("IPrecAvg", "interpolated precision averaged over recall levels (11-point)", "none",
                  "eleven_point_precision",
                  lambda rows, k, gain, levels: interpolated_precision_average_rows(
                      rows.binary, rows.n_rel, rows.n_ret, levels, rows.version, rows.hits),
                  trec_eval_names=(
                      TrecEvalName("11pt_avg", 18, "p_double", ELEVEN_LEVELS, nicknames=_ALL_TREC),
                  ),
                  undefined=_no_relevant_or_nothing_retrieved,
                  undefined_reason="has no relevant document or retrieved none",
                  spellings=("11pt_avg", "11pt", "iprecavg"),
                  parameter=Parameter("levels", "0.25,0.5,0.75", "recall levels between 0 and 1, "
                                      "separated by commas", _reals(None, 0, 1), _write_reals,
                                      _write_reals, default=ELEVEN_LEVELS)),
    MeasureFamily("RprecMult", "precision after a multiple of |R| documents", "none", None,
                  _rprec_mult,
                  trec_eval_names=(
                      TrecEvalName("Rprec_mult", 16, "cut_double", _MULTIPLES, nicknames=_ALL_TREC),
                      TrecEvalName("Rprec_mult_avgjg", 52, "cut_double", _MULTIPLES, nicknames=_QRELS_JG,
                                   reads="qrels_jg"),
                  ), undefined=_no_relevant,
                  spellings=("rprec_mult",),
                  parameter=Parameter("multiple", "2", "a positive number (1: R-precision)",
                                      _real(0, math.inf, open_low=True), number_text, float)),
    MeasureFamily("RelP", "relative precision at k: found over min(k, |R|)", "required", None,
                  lambda rows, k, gain: relative_precision_rows(rows.binary, k, rows.n_rel),
                  trec_eval_names=(
                      TrecEvalName("relative_P", 28, "cut_long", _CUTOFFS, nicknames=_ALL_TREC),
                  ), undefined=_no_relevant, spellings=("relative_p",)),
    # The retrieved set as a set.
    MeasureFamily("SetP", "set precision: relevant retrieved over retrieved", "none", None,
                  lambda rows, k, gain: set_precision_rows(rows.n_rel_ret, rows.n_ret),
                  trec_eval_names=(TrecEvalName("set_P", 30, "double", nicknames=_SET),),
                  undefined=_nothing_retrieved,
                  undefined_reason="retrieved no document", spellings=("set_p", "setp")),
    MeasureFamily("SetR", "set recall: relevant retrieved over |R|", "none", None,
                  lambda rows, k, gain: set_recall_rows(rows.n_rel_ret, rows.n_rel),
                  trec_eval_names=(TrecEvalName("set_recall", 32, "double", nicknames=_SET),),
                  undefined=_no_relevant, spellings=("set_recall", "setr")),
    MeasureFamily("SetRelP", "set relative precision: relevant retrieved over min(retrieved, |R|)",
                  "none", None,
                  lambda rows, k, gain: set_relative_precision_rows(rows.n_rel_ret, rows.n_ret, rows.n_rel),
                  trec_eval_names=(TrecEvalName("set_relative_P", 31, "double", nicknames=_SET),),
                  undefined=_no_relevant_or_nothing_retrieved,
                  undefined_reason="has no relevant document or retrieved none",
                  spellings=("set_relative_p",)),
    MeasureFamily("SetAP", "set AP: set precision times set recall", "none", None,
                  lambda rows, k, gain: set_average_precision_rows(rows.n_rel_ret, rows.n_ret, rows.n_rel),
                  trec_eval_names=(TrecEvalName("set_map", 33, "double", nicknames=_SET),),
                  undefined=_no_relevant_or_nothing_retrieved,
                  undefined_reason="has no relevant document or retrieved none",
                  spellings=("set_map", "setap")),
    MeasureFamily("SetF", "set F: (beta+1)PR / (beta P + R), trec_eval's weighting", "none", None,
                  lambda rows, k, gain, beta: set_f_rows(rows.n_rel_ret, rows.n_ret, rows.n_rel, beta),
                  trec_eval_names=(TrecEvalName("set_F", 34, "p_double", (1.0,), nicknames=_SET),),
                  undefined=_no_relevant,
                  spellings=("set_f", "setf"),
                  parameter=Parameter("beta", "2", "a number 0 or more", _real(0, math.inf),
                                      number_text, number_text, default=1.0)),
    MeasureFamily("Utility", "linear utility a TP + b FP + c FN + d TN", "none", None,
                  lambda rows, k, gain, weights: utility_rows(
                      rows.n_rel_ret, rows.n_ret, rows.n_rel, weights, rows.collection_size),
                  trec_eval_names=(
                      TrecEvalName("utility", 17, "p_double", (1.0, -1.0, 0.0, 0.0), nicknames=_SET),
                  ), spellings=("utility",),
                  parameter=Parameter("weights", "2,-1,0,0", "four numbers a,b,c,d separated by "
                                      "commas", _reals(4), _write_reals, _write_reals,
                                      default=(1.0, -1.0, 0.0, 0.0))),
    # Graded measures with trec_eval's gains (a grade's gain is the grade unless mapped).
    MeasureFamily("DCG", "discounted cumulative gain (optional gain map)", "none", "dcg_at_k",
                  lambda rows, k, gain, gains=None: dcg_rows(_tables(rows, gain, gains).gains, None,
                                                              gain if not gains else "linear"),
                  trec_eval_names=(TrecEvalName("dcg", 21, "p_pair", releases=("10.0",)),),
                  spellings=("dcg",),
                  parameter=_GAINS),
    MeasureFamily("IdealDCG", "DCG of the ideal ranking of every judged document", "none", None,
                  lambda rows, k, gain, gains=None: dcg_rows(_tables(rows, gain, gains).ideal, None,
                                                              gain if not gains else "linear"),
                  trec_eval_names=(TrecEvalName("ideal_dcg", 22, "p_pair", releases=("10.0",)),),
                  spellings=("ideal_dcg", "idcg"), parameter=_GAINS),
    MeasureFamily("nDCG_rel", "nDCG averaged over the ranks of the relevant documents", "none", None,
                  lambda rows, k, gain, gains=None: ndcg_rel_rows(
                      _tables(rows, gain, gains).gains, _tables(rows, gain, gains).ideal, rows.n_ret),
                  trec_eval_names=(TrecEvalName("ndcg_rel", 24, "p_pair", nicknames=_ALL_TREC),),
                  undefined=_no_ideal_gain,
                  undefined_reason="has no judged document with a positive gain",
                  spellings=("ndcg_rel",), parameter=_GAINS, linear_gain_only=True),
    MeasureFamily("RnDCG", "nDCG averaged where the ideal ranking's gain changes", "none", None,
                  lambda rows, k, gain, gains=None: rndcg_rows(
                      _tables(rows, gain, gains).gains, _tables(rows, gain, gains).ideal, rows.n_ret,
                      rows.n_rel, _tables(rows, gain, gains).top),
                  trec_eval_names=(TrecEvalName("Rndcg", 25, "p_pair", nicknames=_ALL_TREC),),
                  undefined=_no_relevant_or_ideal_gain,
                  undefined_reason="has no relevant document or no judged document with a positive gain",
                  spellings=("rndcg",), parameter=_GAINS, linear_gain_only=True),
    MeasureFamily("G", "trec_eval's G: gains over a cost of the ideal gains so far", "none", None,
                  lambda rows, k, gain, gains=None: g_rows(
                      _tables(rows, gain, gains).gains, _tables(rows, gain, gains).ideal, rows.n_ret),
                  trec_eval_names=(TrecEvalName("G", 20, "p_pair", nicknames=_ALL_TREC),),
                  undefined=_no_ideal_gain,
                  undefined_reason="has no judged document with a positive gain", parameter=_GAINS,
                  linear_gain_only=True),
    MeasureFamily("BinG", "trec_eval's binG: G with binary relevance", "none", None,
                  lambda rows, k, gain: bing_rows(rows.binary, rows.n_rel),
                  trec_eval_names=(TrecEvalName("binG", 19, "double", nicknames=_ALL_TREC),),
                  undefined=_no_relevant, spellings=("bing",)),
    # Diversity: ndeval's measures, on subtopic qrels {query: {subtopic: {doc: grade}}}.
    MeasureFamily("alpha_nDCG", "alpha-nDCG: novelty-discounted nDCG over subtopics (ndeval)", "required",
                  "alpha_ndcg_at_k", _div.alpha_ndcg_rows, undefined=_div.no_subtopic,
                  undefined_reason=_NO_SUBTOPIC, spellings=("alpha-ndcg", "alpha_ndcg", "andcg"),
                  parameter=_ALPHA, judgements="subtopics"),
    MeasureFamily("alpha_DCG", "alpha-DCG over an all-subtopic ideal (ndeval)", "required",
                  "alpha_dcg_at_k", _div.alpha_dcg_rows, undefined=_div.no_subtopic,
                  undefined_reason=_NO_SUBTOPIC, spellings=("alpha-dcg", "alpha_dcg"),
                  parameter=_ALPHA, judgements="subtopics"),
    MeasureFamily("ERR_IA", "intent-aware expected reciprocal rank (ndeval)", "required",
                  "err_ia_at_k", _div.err_ia_rows, undefined=_div.no_subtopic,
                  undefined_reason=_NO_SUBTOPIC, spellings=("err-ia", "err_ia", "erria"),
                  parameter=_ALPHA, judgements="subtopics"),
    MeasureFamily("nERR_IA", "ERR-IA over the greedy ideal ranking's (ndeval)", "required",
                  "nerr_ia_at_k", _div.nerr_ia_rows, undefined=_div.no_subtopic,
                  undefined_reason=_NO_SUBTOPIC, spellings=("nerr-ia", "nerr_ia"),
                  parameter=_ALPHA, judgements="subtopics"),
    MeasureFamily("NRBP", "novelty- and rank-biased precision, beta = 0.5 (ndeval)", "none",
                  "novelty_rank_biased_precision", _div.nrbp_rows, undefined=_div.no_subtopic,
                  undefined_reason=_NO_SUBTOPIC, spellings=("nrbp",), parameter=_ALPHA,
                  judgements="subtopics"),
    MeasureFamily("nNRBP", "NRBP over the greedy ideal ranking's (ndeval)", "none",
                  "normalised_novelty_rank_biased_precision", _div.nnrbp_rows,
                  undefined=_div.no_subtopic, undefined_reason=_NO_SUBTOPIC, spellings=("nnrbp",),
                  parameter=_ALPHA, judgements="subtopics"),
    MeasureFamily("P_IA", "intent-aware precision at k (ndeval)", "required", "precision_ia_at_k",
                  _div.precision_ia_rows, undefined=_div.no_subtopic, undefined_reason=_NO_SUBTOPIC,
                  spellings=("p-ia", "p_ia", "pia", "precision_ia"), judgements="subtopics"),
    MeasureFamily("MAP_IA", "intent-aware average precision (ndeval)", "none", "average_precision_ia",
                  _div.map_ia_rows, undefined=_div.no_subtopic, undefined_reason=_NO_SUBTOPIC,
                  spellings=("map-ia", "map_ia", "ap_ia", "ap-ia"), judgements="subtopics"),
    MeasureFamily("StRecall", "subtopic recall at k (ndeval's strec)", "required", "subtopic_recall_at_k",
                  _div.subtopic_recall_rows, undefined=_div.no_subtopic, undefined_reason=_NO_SUBTOPIC,
                  spellings=("strec", "s-recall", "subtopic_recall", "strecall"), judgements="subtopics"),
    # Measures as users (C/W/L, as cwl_eval 1.0.12 computes them): the expected rate of gain,
    # each document's gain its grade over the query's highest grade.
    *[MeasureFamily(name, f"C/W/L: {title}", cutoff, "cwl_measure", cwl_kernel(name), parameter=parameter,
                    linear_gain_only=True, spellings=spellings)
      for name, title, cutoff, parameter, spellings in [
          ("CWL_P", "precision at k (graded)", "required", None, ("cwl_p",)),
          ("CWL_RBP", "rank-biased precision to depth 1000", "none", _PROBABILITY, ("cwl_rbp",)),
          ("CWL_RR", "reciprocal rank (graded: first gain over its rank)", "none", None, ("cwl_rr",)),
          ("CWL_AP", "average precision over the relevant retrieved (graded)", "none", None, ("cwl_ap",)),
          ("SDCG", "scaled DCG at k: DCG over the sum of its discounts", "required", None, ("sdcg",)),
          ("INST", "INST: goes on until T gain is found (Moffat et al. 2015)", "none", _CWL_TARGET,
           ("inst",)),
          ("INSQ", "INSQ: INST's patience, blind to gain (Moffat et al. 2012)", "none", _CWL_TARGET,
           ("insq",)),
          ("TBG", "time-biased gain with unit costs (Smucker & Clarke 2012)", "none",
           _cwl_positive("halflife", "224", "a positive number (in documents, here)"), ("tbg",)),
          ("UMeasure", "U-measure with unit costs (Sakai & Dou 2013)", "none",
           _cwl_positive("L", "50", "a positive number (in documents, here)"), ("umeasure", "u-measure")),
          ("BPM", "bejewelled player, static: stops at gain T or rank K (Zhang et al. 2017)", "required",
           _CWL_TARGET, ("bpm",)),
          ("NERR8", "nearly ERR, truncated at k (Azzopardi et al. 2021, eq. 8)", "required", None,
           ("nerr8",)),
          ("NERR9", "nearly ERR, truncated at k, with RR's discount (eq. 9)", "required", None,
           ("nerr9",)),
          ("NERR10", "nearly ERR with RBP's patience phi (eq. 10)", "none",
           Parameter("phi", "0.8", "a number strictly between 0 and 1",
                     _real(0, 1, open_low=True, open_high=True), number_text, repr), ("nerr10",)),
          ("NERR11", "nearly ERR with INSQ's goal T (eq. 11)", "none", _CWL_TARGET, ("nerr11",)),
      ]],
    # Text: the grades at the top of each ranking.
    MeasureFamily("RelString", "the grades of the top k documents as text (- not judged)", "required",
                  None, lambda rows, k, gain: relevance_string_rows(rows.values, rows.n_ret, k),
                  trec_eval_names=(TrecEvalName("relstring", 12, "string", (10.0,), nicknames=_ALL_TREC),),
                  spellings=("relstring",), aggregate="none",),
]}


def summarize(measure: Measure, values: np.ndarray, *, absent: int = 0) -> float:
    """The measure's values over queries combined as its family says: a mean, a sum or
    a geometric mean, by :func:`rankmetrics_lite._summary.summary` (trec_eval's sequential
    sum in query order; ``absent`` judged queries the run lacks count 0). ``evaluate`` and
    ``rankmetrics_lite.spark`` call it.

    Examples
    --------
    >>> values = np.array([0.5, 0.0])
    >>> summarize(parse_measure("AP"), values), summarize(parse_measure("NumRet"), values)
    (0.25, 0.5)
    >>> round(summarize(parse_measure("GMAP"), values), 5)  # sqrt(0.5 * 1e-5): 0 floored
    0.00224
    """
    how = measure.record.aggregate
    if how == "none":
        raise ValueError(f"{measure.name} is text, one string per query, with no summary over queries: "
                         "ask for it with per_query=True")
    return summary(values, how, absent=absent)


def _refuse_undefined(measure: Measure, queries: list[str], *, policy: str, any_defined: bool,
                     relevance_level: int) -> None:
    """``evaluate``'s policy for a measure that has no value on ``queries`` (not empty).

    ``"raise"`` refuses them all; ``"skip"`` leaves them out, but refuses when no
    query evaluated has a value; ``"zero"`` (trec_eval) scores them 0 and never
    comes here. Both ``evaluate`` and ``rankmetrics_lite.spark.evaluate`` call it.
    """
    if policy == "skip" and any_defined:
        return
    shown = ", ".join(map(repr, queries[:5])) + (", ..." if len(queries) > 5 else "")
    why = measure.record.undefined_reason.format(level=relevance_level)
    lead = f"{measure.name} is undefined on {len(queries)} judged quer{'y' if len(queries) == 1 else 'ies'}"
    if policy == "skip":
        raise ValueError(
            f"{lead}, every query evaluated ({shown}): each {why}, and empty_queries='skip' "
            "left them all out; use empty_queries='zero' to score them 0 (trec_eval)")
    raise ValueError(
        f"{lead} ({shown}): each {why}. Pass empty_queries='zero' to score them 0 "
        "(trec_eval) or empty_queries='skip' to leave them out of this measure")


def describe_measures() -> str:
    """The catalogue as one line per family, for docstrings and messages."""
    width = max(len(family.example()) for family in CATALOGUE.values())
    return "\n".join(f"{family.example():<{width}}  {family.title}" for family in CATALOGUE.values())


# Other spellings people type (trec_eval's names, common abbreviations), used only
# to suggest the right name: a name is accepted in one spelling, so that results
# keyed by measure name never hold the same measure twice.
_OTHER_SPELLINGS = {spelling: family.name for family in CATALOGUE.values() for spelling in family.spellings}
_TREC_EVAL_PLAIN_NAMES = {family.trec_eval for family in CATALOGUE.values() if family.trec_eval}

_NAME = re.compile(r"(?P<family>[^@(]+?)(?:\((?P<parameter>[^)]*)\))?(?:@(?P<cutoff>[0-9]+))?")
_TREC_EVAL_NAME = re.compile(r"(?P<family>[A-Za-z_]+?)_(?P<cutoff>[0-9]+)")


@dataclass(frozen=True)
class Measure:
    """One measure: a family, its cutoff k (None: the whole ranking) and its
    parameter's value (None: the family takes none, or its default).

    Examples
    --------
    >>> m = parse_measure("nDCG@10")
    >>> m.family, m.cutoff, m.name, m.trec_eval_name
    ('nDCG', 10, 'nDCG@10', 'ndcg_cut_10')
    >>> parse_measure("RBP(p=0.8)").trec_eval_name  # trec_eval -m rbp.p=0.8
    'rbp_p=0.8'
    >>> parse_measure("IPrec(recall=0.1)").trec_eval_name
    'iprec_at_recall_0.10'
    """

    family: str
    cutoff: int | None = None
    value: object = None

    @property
    def name(self) -> str:
        """The name in ir_measures' spelling, such as ``P@10`` or ``RBP(p=0.8)``."""
        name = self.family
        parameter = self.record.parameter
        if self.value is not None and parameter is not None:  # only a parameter gives a value
            name += f"({parameter.key}={parameter.write(self.value)})"
        return name if self.cutoff is None else f"{name}@{self.cutoff}"

    @property
    def trec_eval_name(self) -> str | None:
        """trec_eval's name for this measure (``map_cut_10``), or None if it has none."""
        family = CATALOGUE[self.family]
        if self.value is not None:
            if family.trec_eval_param is None or self.cutoff is not None or family.parameter is None:
                return None
            return family.trec_eval_param.format(p=family.parameter.trec_eval(self.value))
        template = family.trec_eval if self.cutoff is None else family.trec_eval_cut
        return None if template is None else template.format(k=self.cutoff)

    def __repr__(self) -> str:  # the value only where the family takes one
        value = "" if self.value is None else f", value={self.value!r}"
        return f"Measure(family={self.family!r}, cutoff={self.cutoff!r}{value})"

    def values(self, rows, gain: str) -> np.ndarray:
        """One value per row of :class:`~rankmetrics_lite._engine.Rows`."""
        parameter = self.record.parameter
        if parameter is None:
            return self.record.kernel(rows, self.cutoff, gain)
        value = parameter.default if self.value is None else self.value
        return self.record.kernel(rows, self.cutoff, gain, value)

    def undefined(self, rows) -> np.ndarray | None:
        """Where the measure has no value (None: defined everywhere)."""
        rule = self.record.undefined
        if rule is None:
            return None
        gains = self.value if self.record.parameter is _GAINS else None
        return rule(rows, gains)

    @property
    def record(self) -> MeasureFamily:
        """The catalogue's record of this measure's family."""
        return CATALOGUE[self.family]


def parse_measure(name: str) -> Measure:
    """Read one measure name such as ``"P@10"``, ``"AP"`` or ``"nDCG@5"``.

    The known families are those of :data:`CATALOGUE`. An unknown name
    raises ``ValueError`` with the closest known names.

    Examples
    --------
    >>> parse_measure("AP@100")
    Measure(family='AP', cutoff=100)
    >>> parse_measure("nDCG(gains=1:1,2:3)")
    Measure(family='nDCG', cutoff=None, value=((1, 1.0), (2, 3.0)))
    >>> parse_measure("map")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown measure 'map' (trec_eval's name); did you mean 'AP'? ...
    """
    if not isinstance(name, str):
        raise TypeError(
            f"a measure name must be a string such as 'P@10' or 'AP', got {name!r} "
            f"({type(name).__name__})"
        )
    match = _NAME.fullmatch(name)
    if match is None or match["family"] not in CATALOGUE:
        raise ValueError(_unknown_name_message(name))
    family = match["family"]
    rule = CATALOGUE[family].cutoff
    value = _parameter_value(name, CATALOGUE[family], match["parameter"])
    cutoff = match["cutoff"]
    if cutoff is None:
        if rule == "required":
            raise ValueError(
                f"measure {name!r} needs a cutoff: write it as '{family}@k' with k a positive "
                f"integer, for example '{family}@10'"
            )
        return Measure(family, None, value)
    if rule == "none":
        raise ValueError(
            f"measure {name!r} takes no cutoff ({family} sets its own cutoff, |R|): write '{family}'"
            if family == "Rprec" else f"measure {name!r} takes no cutoff: write {CATALOGUE[family]._base()!r}"
        )
    if cutoff.startswith("0"):
        raise ValueError(
            f"the cutoff of measure {name!r} must be a positive integer without leading zeros, "
            f"got {cutoff!r}"
        )
    return Measure(family, int(cutoff), value)


def _parameter_value(name: str, family: MeasureFamily, text: str | None) -> object:
    """The value of the family's parameter, written once and in one spelling
    (None: the family takes none, or the name keeps its default)."""
    parameter = family.parameter
    if parameter is None:
        if text is not None:
            raise ValueError(f"measure {name!r} takes no parameter: write {family._base()!r}")
        return None
    key, example = parameter.key, parameter.example
    form = f"{family.name}({key}=...)"
    if text is None:
        if not parameter.required:
            return None
        raise ValueError(
            f"measure {name!r} needs its {key}: write it as {form}, for example "
            f"'{family.name}({key}={example})'{parameter.hint}"
        )
    given, _, written = text.partition("=")
    try:
        value = parameter.read(written) if given.strip() == key else None
    except ValueError:
        value = None
    if value is None:
        raise ValueError(
            f"measure {name!r}: write its parameter as {form} with {key} {parameter.form}, "
            f"for example '{family.name}({key}={example})'"
        )
    spelled = f"{family.name}({key}={parameter.write(value)})"
    if value == parameter.default:
        raise ValueError(f"measure {name!r} is {family.name}'s default: write it as {family.name!r}")
    if text != f"{key}={parameter.write(value)}":  # one spelling per measure, so results hold it once
        raise ValueError(f"measure {name!r}: write it as {spelled!r}")
    return value


def parse_measures(measures: str | Iterable[str]) -> list[Measure]:
    """Read one name or a list of names, in order, each once.

    Examples
    --------
    >>> [m.name for m in parse_measures(["P@5", "AP", "P@5"])]
    ['P@5', 'AP']
    """
    if isinstance(measures, str):
        measures = [measures]
    elif not isinstance(measures, Iterable):
        raise TypeError(
            "measures must be a measure name or a list of names such as ['P@10', 'AP'], "
            f"got {type(measures).__name__}"
        )
    parsed = list(dict.fromkeys(parse_measure(name) for name in measures))
    if not parsed:
        raise ValueError("measures is empty: name at least one measure, for example ['P@10', 'AP']")
    return parsed


def _unknown_name_message(name: str) -> str:
    known = ", ".join(family.example() for family in CATALOGUE.values())
    guess = _translation(name)
    if guess is not None:
        hint, origin = guess
        return f"unknown measure {name!r}{origin}; did you mean {hint!r}? Known measures: {known}"
    close = _close_names(name)
    hint = f"; did you mean {' or '.join(map(repr, close))}?" if close else "."
    return f"unknown measure {name!r}{hint} Known measures: {known}"


def _translation(name: str) -> tuple[str, str] | None:
    """The right spelling of a name in trec_eval's or another common spelling."""
    trec = _TREC_EVAL_NAME.fullmatch(name)
    if trec is not None and trec["family"].lower() in _OTHER_SPELLINGS:
        family = _OTHER_SPELLINGS[trec["family"].lower()]
        return f"{family}@{int(trec['cutoff'])}", " (trec_eval's name)"
    match = _NAME.fullmatch(name)
    if match is None or match["family"].lower() not in _OTHER_SPELLINGS:
        return None
    family = _OTHER_SPELLINGS[match["family"].lower()]
    is_trec_eval = match["cutoff"] is None and match["family"] in _TREC_EVAL_PLAIN_NAMES
    origin = " (trec_eval's name)" if is_trec_eval else ""
    parameter = CATALOGUE[family].parameter
    if parameter is not None and parameter.required:
        return CATALOGUE[family].example(), origin
    if match["cutoff"] is None and CATALOGUE[family].cutoff == "required":
        return f"{family}@10", origin
    return (family if match["cutoff"] is None else f"{family}@{match['cutoff']}"), origin


def _close_names(name: str) -> list[str]:
    """Up to three known names close to ``name`` (difflib, ignoring case)."""
    match = _NAME.fullmatch(name)
    cutoff = match["cutoff"] if match is not None else None
    candidates = {}
    for family in CATALOGUE.values():
        rule = family.cutoff
        takes_cutoff = rule != "none" and (cutoff is not None or rule == "required")
        candidate = f"{family.name}@{cutoff or 10}" if takes_cutoff else family._base()
        candidates[candidate.lower()] = candidate
    import difflib  # only for a misspelt name

    close = difflib.get_close_matches(name.lower(), candidates, n=3, cutoff=0.5)
    return [candidates[c] for c in close]
