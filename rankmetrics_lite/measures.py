"""The catalogue of measures for batch evaluation, named as ir_measures names them.

A name is a family (``P``, ``AP``, ``nDCG``, ...) with an optional cutoff after
``@``: ``P@10``, ``AP``, ``nDCG@5``; a family with a parameter writes it in
brackets, as ir_measures does: ``RBP(p=0.8)``. :data:`CATALOGUE` holds one record per
family: how its name is written, its cutoff rule, trec_eval's name for it,
the single-query function that teaches it, the row kernel that computes it
and when it is undefined. :func:`rankmetrics_lite.evaluate`
dispatches from it; its docstring, the book's notation table and the
conformance tests are generated from it. Adding a measure means adding its
kernel and one record here.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import numpy as np

from ._average_precision import average_precision_rows
from ._cutoff_metrics import f1_rows, hit_rows, precision_rows, r_precision_rows, recall_rows
from ._dcg import ndcg_rows
from ._incomplete_judgements import bpref_rows, infap_rows, judged_rows, rbp_residual_rows, rbp_rows
from ._reciprocal_rank import reciprocal_rank_rows


@dataclass(frozen=True)
class MeasureFamily:
    """One family of measures, such as ``P`` (``P@5``, ``P@10``, ...).

    ``kernel(rows, k, gain)`` returns one value per query from the row data of
    :func:`~rankmetrics_lite.evaluate` (``rows.binary``: 1 where the document at
    a rank is relevant; ``rows.gains``: its grade, negative grades as 0;
    ``rows.ideal``: every judged grade, sorted; ``rows.n_rel``: |R|).
    ``undefined(rows)`` marks the queries on which the measure has no value
    (None: defined everywhere), and ``undefined_reason`` says why in a message;
    ``evaluate``'s ``empty_queries`` decides what happens to them
    (``_refuse_undefined``). A family with a ``parameter`` (its name and an example
    value, such as RBP's persistence ``("p", 0.8)``) has the kernel
    ``kernel(rows, k, gain, value)``, and a name that must give the value.
    """

    name: str
    title: str
    cutoff: str  # "required" (P@k needs its k), "optional" (AP and AP@k) or "none" (Rprec)
    function: str  # the single-query function of rankmetrics_lite
    kernel: Callable = field(repr=False)
    trec_eval: str | None = None  # trec_eval's name without a cutoff (None: no such measure)
    trec_eval_cut: str | None = None  # ... and with one, "{k}" standing for the cutoff
    undefined: Callable | None = field(default=None, repr=False)
    # Why a query has no value, for messages ("{level}" stands for relevance_level).
    undefined_reason: str = "has no relevant document (grade >= relevance_level={level})"
    spellings: tuple[str, ...] = ()  # other names people type for it, to suggest this one
    parameter: tuple[str, float] | None = None  # (name, example value): RBP's ("p", 0.8)

    def example(self) -> str:
        """How the name is written: ``P@k``, ``AP, AP@k``, ``Rprec`` or ``RBP(p=0.8)``."""
        name = self.name
        if self.parameter is not None:
            name += "({}={})".format(*self.parameter)
        return {"required": f"{name}@k", "optional": f"{name}, {name}@k", "none": name}[self.cutoff]

    def example_names(self, k: int) -> list[str]:
        """The names of this family written out, with cutoff ``k`` where it takes one."""
        name = self.example().split(",")[0].replace("@k", "")
        return {"required": [f"{name}@{k}"], "optional": [name, f"{name}@{k}"],
                "none": [name]}[self.cutoff]


def _no_relevant(rows) -> np.ndarray:
    return rows.n_rel == 0


def _bpref(rows, k, gain):
    return bpref_rows(rows.binary, rows.nonrelevant, rows.n_rel, rows.n_nonrel)


def _infap(rows, k, gain):
    return infap_rows(rows.binary, rows.nonrelevant, rows.pool_unjudged, rows.n_rel)


def _no_ideal_gain(rows) -> np.ndarray:
    # nDCG is undefined only when the ideal DCG is 0: no judged document gains
    # anything. It does not depend on relevance_level.
    return ~(rows.ideal > 0).any(axis=1)


CATALOGUE: dict[str, MeasureFamily] = {family.name: family for family in [
    MeasureFamily("P", "precision at k", "required", "precision_at_k",
                  lambda rows, k, gain: precision_rows(rows.binary, k),
                  trec_eval_cut="P_{k}", spellings=("p", "precision")),
    MeasureFamily("R", "recall at k", "required", "recall_at_k",
                  lambda rows, k, gain: recall_rows(rows.binary, k, rows.n_rel),
                  trec_eval_cut="recall_{k}", undefined=_no_relevant, spellings=("recall",)),
    MeasureFamily("F1", "F1 at k", "required", "f1_at_k",
                  lambda rows, k, gain: f1_rows(rows.binary, k, rows.n_rel),
                  spellings=("f1", "f")),
    MeasureFamily("Rprec", "R-precision", "none", "r_precision",
                  lambda rows, k, gain: r_precision_rows(rows.binary, rows.n_rel),
                  trec_eval="Rprec", undefined=_no_relevant,
                  spellings=("rprec", "r-prec", "r-precision")),
    MeasureFamily("AP", "average precision (MAP over queries)", "optional", "average_precision",
                  lambda rows, k, gain: average_precision_rows(rows.binary, rows.n_rel, k),
                  trec_eval="map", trec_eval_cut="map_cut_{k}", undefined=_no_relevant,
                  spellings=("map", "map_cut")),
    MeasureFamily("RR", "reciprocal rank (MRR over queries)", "optional", "reciprocal_rank",
                  lambda rows, k, gain: reciprocal_rank_rows(rows.binary, k),
                  trec_eval="recip_rank", spellings=("mrr", "recip_rank")),
    MeasureFamily("nDCG", "normalised discounted cumulative gain", "optional", "ndcg_at_k",
                  lambda rows, k, gain: ndcg_rows(rows.gains, rows.ideal, k, gain),
                  trec_eval="ndcg", trec_eval_cut="ndcg_cut_{k}", undefined=_no_ideal_gain,
                  undefined_reason="has no judged document with a positive grade",
                  spellings=("ndcg", "ndcg_cut")),
    MeasureFamily("Success", "success at k (hit rate)", "required", "hit_rate_at_k",
                  lambda rows, k, gain: hit_rows(rows.binary, k),
                  trec_eval_cut="success_{k}",
                  spellings=("success", "hit", "hits", "hitrate", "hit_rate")),
    # Incomplete judgements: these read what Rows keeps about unjudged documents.
    MeasureFamily("Bpref", "binary preference (judged documents only)", "none", "bpref",
                  _bpref, trec_eval="bpref", undefined=_no_relevant, spellings=("bpref",)),
    MeasureFamily("infAP", "inferred average precision (sampled judgements)", "none",
                  "inferred_average_precision", _infap, trec_eval="infAP",
                  undefined=_no_relevant, spellings=("infap", "inf_ap")),
    MeasureFamily("Judged", "share of the top k judged (1 - trec_eval's unj_k)", "required",
                  "judged_at_k", lambda rows, k, gain: judged_rows(rows.unjudged, k),
                  spellings=("judged", "unj")),
    MeasureFamily("RBP", "rank-biased precision, persistence p", "none", "rank_biased_precision",
                  lambda rows, k, gain, p: rbp_rows(rows.gains, rows.max_grade, p),
                  trec_eval="rbp_p={p}", spellings=("rbp",), parameter=("p", 0.8)),
    MeasureFamily("RBP_resid", "RBP's residual: what unjudged documents could add", "none",
                  "rank_biased_precision_residual",
                  lambda rows, k, gain, p: rbp_residual_rows(rows.unjudged, rows.n_ranked, p),
                  trec_eval="rbp_resid_p={p}", spellings=("rbp_resid", "rbpresid", "rbp_res"),
                  parameter=("p", 0.8)),
]}


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
    parameter's value (None: the family takes none).

    Examples
    --------
    >>> m = parse_measure("nDCG@10")
    >>> m.family, m.cutoff, m.name, m.trec_eval_name
    ('nDCG', 10, 'nDCG@10', 'ndcg_cut_10')
    >>> parse_measure("RBP(p=0.8)").trec_eval_name  # trec_eval -m rbp.p=0.8
    'rbp_p=0.8'
    """

    family: str
    cutoff: int | None = None
    value: float | None = None

    @property
    def name(self) -> str:
        """The name in ir_measures' spelling, such as ``P@10`` or ``RBP(p=0.8)``."""
        name = self.family
        if self.value is not None:
            name += f"({self.record.parameter[0]}={self.value!r})"
        return name if self.cutoff is None else f"{name}@{self.cutoff}"

    @property
    def trec_eval_name(self) -> str | None:
        """trec_eval's name for this measure (``map_cut_10``), or None if it has none."""
        family = CATALOGUE[self.family]
        template = family.trec_eval if self.cutoff is None else family.trec_eval_cut
        return None if template is None else template.format(k=self.cutoff, p=self.value)

    def __repr__(self) -> str:  # the value only where the family takes one
        value = "" if self.value is None else f", value={self.value!r}"
        return f"Measure(family={self.family!r}, cutoff={self.cutoff!r}{value})"

    def values(self, rows, gain: str) -> np.ndarray:
        """One value per row of :class:`~rankmetrics_lite._evaluate.Rows`."""
        if self.value is None:
            return self.record.kernel(rows, self.cutoff, gain)
        return self.record.kernel(rows, self.cutoff, gain, self.value)

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
        )
    if cutoff.startswith("0"):
        raise ValueError(
            f"the cutoff of measure {name!r} must be a positive integer without leading zeros, "
            f"got {cutoff!r}"
        )
    return Measure(family, int(cutoff), value)


def _parameter_value(name: str, family: MeasureFamily, text: str | None) -> float | None:
    """The value of the family's parameter, written once and in one spelling."""
    if family.parameter is None:
        if text is not None:
            raise ValueError(f"measure {name!r} takes no parameter: write {family.example()!r}")
        return None
    key, example = family.parameter
    form = f"{family.name}({key}=...)"
    if text is None:
        raise ValueError(
            f"measure {name!r} needs its {key}: write it as {form}, for example "
            f"'{family.name}({key}={example})' (ir_measures' default; trec_eval's is {key}=0.9)"
        )
    given, _, number = text.partition("=")
    try:
        value = float(number)
    except ValueError:
        value = None
    if given.strip() != key or value is None or not 0 < value < 1:
        raise ValueError(
            f"measure {name!r}: write its parameter as {form} with {key} a number strictly "
            f"between 0 and 1, for example '{family.name}({key}={example})'"
        )
    if text != f"{key}={value!r}":  # one spelling per measure, so results hold it once
        raise ValueError(f"measure {name!r}: write it as '{family.name}({key}={value!r})'")
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
    if CATALOGUE[family].parameter is not None:
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
        candidate = f"{family.name}@{cutoff or 10}" if takes_cutoff else family.example()
        candidates[candidate.lower()] = candidate
    close = difflib.get_close_matches(name.lower(), candidates, n=3, cutoff=0.5)
    return [candidates[c] for c in close]
