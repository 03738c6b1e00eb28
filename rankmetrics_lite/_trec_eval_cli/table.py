"""trec_eval's measures as the command line marks and initialises them.

The table (:data:`MEASURES`, in trec_eval's order) is derived from the catalogue: each
family's :class:`~rankmetrics_lite.measures.TrecEvalName` records, with runid and the
preference measures (``rankmetrics_lite._trec_prefs``). Here ``-m name.params`` is read as
trec_eval reads it (C's ``atol``/``atof``, cutoffs sorted by its ``qsort``) into the values
a measure prints, each with the catalogue measure that computes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

import numpy as np

from .._c_numbers import atof_prefix, atol_prefix
from .._c_qsort import c_qsort, compare_double, compare_long
from .._cutoff_metrics import precision_at_multiples_rows
from .._dcg import dcg_rows
from .._number_text import c_fixed, long_of
from .._pr_curves import interpolated_precision_rows
from .._trec_prefs import PREFERENCE_MEASURES, PREFERENCE_POSITION
from ..measures import CATALOGUE, TREC_EVAL_NICKNAMES, Measure, TrecEvalName
from .errors import TrecEvalExit


@dataclass(frozen=True)
class TrecEvalMeasure(TrecEvalName):
    """One of trec_eval's measures, as the command line evaluates it: the catalogue's record
    of it (:class:`~rankmetrics_lite.measures.TrecEvalName`: its name, kind, default
    parameters, releases, nicknames and the judgements it reads) and ``family``, the
    catalogue family that computes it (None: runid, and the preference measures, which
    ``rankmetrics_lite._trec_prefs`` computes)."""

    family: str | None = None


def _trec_eval_measures() -> list[TrecEvalMeasure]:
    """trec_eval's table of measures, in its order (that of its output): runid, the
    catalogue's trec_eval names and the preference measures."""
    table = [TrecEvalMeasure("runid", 0, "runid", nicknames=TREC_EVAL_NICKNAMES, reads="any")]
    table += [TrecEvalMeasure(**{f.name: getattr(entry, f.name) for f in fields(entry)}, family=family.name)
              for family in CATALOGUE.values() for entry in family.trec_eval_names]
    table += [TrecEvalMeasure(name, PREFERENCE_POSITION + i, kind, nicknames=nicknames, reads="prefs")
              for i, (name, (kind, _, nicknames)) in enumerate(PREFERENCE_MEASURES.items())]
    return sorted(table, key=lambda m: m.position)


MEASURES = _trec_eval_measures()
NICKNAMES = {nickname: [m.name for m in MEASURES if nickname in m.nicknames] for nickname in TREC_EVAL_NICKNAMES}


PREFERENCE = "preference"  # stands for the catalogue measure of a prefs_* value


def measures_of(version: str) -> dict[str, TrecEvalMeasure]:
    """The release's measures by name, in trec_eval's order."""
    return {m.name: m for m in MEASURES if version in m.releases}


def mark(text: str, marked: dict[str, None], params: dict[str, str], version: str) -> None:
    """trec_eval's mark_measure: ``name`` or ``name.params``, a measure or a nickname."""
    name, dot, given = text.partition(".")
    if dot:
        if not given:
            raise TrecEvalExit(1, f"illegal measure '{name}': the parameters after the dot are "
                                  f"empty; write for example -m {name}.10, or -m {name}")
        params.setdefault(name, given)  # trec_eval reads the first parameters given
    table = measures_of(version)
    if name in NICKNAMES:
        for member in NICKNAMES[name]:
            if member in table:
                marked[member] = None
        return
    if name not in table:
        known = ", ".join(sorted(table, key=str.lower))
        release = f"trec_eval {version}"
        raise TrecEvalExit(1, f"illegal measure '{name}': {release} has no such measure or nickname. "
                              f"Measures: {known}; nicknames: {', '.join(NICKNAMES)}")
    marked[name] = None


def _long_cutoffs(name: str, text: str) -> list[int]:
    cutoffs = c_qsort([atol_prefix(part) for part in text.split(",")], compare_long)
    if cutoffs[0] <= 0:
        raise TrecEvalExit(2, f"measure '{name}': Negative cutoff detected in '{text}'; cutoffs "
                              "must be positive integers (trec_eval cannot initialize the measure)")
    if any(a == b for a, b in zip(cutoffs, cutoffs[1:])):
        raise TrecEvalExit(2, f"measure '{name}': duplicate cutoffs detected in '{text}'")
    return cutoffs


def _double_cutoffs(name: str, text: str) -> list[float]:
    cutoffs = c_qsort([atof_prefix(part) for part in text.split(",")], compare_double)
    if any(a == b for a, b in zip(cutoffs, cutoffs[1:])):
        raise TrecEvalExit(2, f"measure '{name}': duplicate cutoffs detected in '{text}'")
    return cutoffs


def _pairs(name: str, text: str) -> list[tuple[str, float]]:
    """trec_eval's get_param_pairs: ``name=value`` pairs separated by commas."""
    last = ","
    for char in text:
        if char == ",":
            if last == ",":
                break
            last = ","
        elif char == "=":
            if last == "=":
                last = ","
                break
            last = "="
    if last != "=":
        raise TrecEvalExit(2, f"measure '{name}': malformed pair parameters in '{text}'; write "
                              f"name=value pairs separated by commas, such as -m {name}.1=1,2=3")
    pairs = []
    for part in text.split(","):
        key, _, value = part.partition("=")
        pairs.append((key, atof_prefix(value)))
    return pairs


def _valid_int(text: str) -> bool:
    """gain_init.c's valid_int: an optional sign and at least one digit, nothing else."""
    body = text[1:] if text[:1] in "+-" else text
    return bool(body) and all(c in "0123456789" for c in body)


@dataclass
class Value:
    """One printed value of a marked measure: its trec_eval name and the catalogue measure
    that computes it (None for runid and num_q); ``listed``: the list of cutoffs it is
    computed in, and its place there, for a measure trec_eval reads its cutoffs of in one walk."""

    name: str
    measure: object | None
    listed: tuple[_Cutoffs, int] | None = None

    def on(self, rows) -> np.ndarray:
        """The value on each of ``rows``."""
        if self.listed is None:
            return self.measure.values(rows, "linear")
        return self.listed[0].values(rows, "linear")[:, self.listed[1]]


@dataclass(frozen=True)
class _Cutoffs:
    """A measure over its whole list of cutoffs, in the order trec_eval sorted them: it reads
    them in one walk over the ranking, where a cutoff the walk passes by (one out of order,
    as its comparators leave cutoffs that differ by 2**31 or more, or one below 1) changes
    what it and the cutoffs after it read. iprec_at_recall and Rprec_mult walk up from
    the ranking's end (their kernels take the list); the others down from the top
    (:func:`_walk_down`)."""

    family: str
    cutoffs: tuple

    def values(self, rows, gain: str) -> np.ndarray:
        if self.family == "IPrec":
            return interpolated_precision_rows(rows.binary, rows.n_rel, rows.n_ret, self.cutoffs,
                                               rows.version, rows.hits)
        if self.family == "RprecMult":
            return precision_at_multiples_rows(rows.binary, rows.n_rel, rows.n_ret, self.cutoffs, rows.hits)
        return _walk_down(self.family, self.cutoffs, rows)


def _met(cutoffs: tuple[int, ...], limit: np.ndarray) -> np.ndarray:
    """(rows, cutoffs): whether trec_eval's walk over ranks 0 .. limit - 1 meets each cutoff:
    it meets them in order while each is above the one before and below the limit."""
    met = np.zeros((limit.size, len(cutoffs)), dtype=bool)
    going, previous = np.ones(limit.size, dtype=bool), -1
    for j, c in enumerate(cutoffs):
        going &= (c > previous) & (c < limit)
        met[:, j] = going
        previous = c
    return met


def _walk_down(family: str, cutoffs: tuple[int, ...], rows) -> np.ndarray:
    """P, recall, success, map_cut, relative_P, unj and ndcg_cut at trec_eval's integer
    cutoffs (m_P.c and its siblings): a cutoff the walk meets reads the measure there; one
    it does not ("not achieved") reads the counts of the whole ranking, in the measure's
    formula with that cutoff (P: relevant retrieved / cutoff), which is the measure at the
    cutoff too unless the walk passed it by (out of order, or below 1)."""
    met = _met(cutoffs, rows.n_ret)
    out = np.empty(met.shape)
    for j, c in enumerate(cutoffs):
        passed = (~met[:, j] & (c < rows.n_ret)) | (c <= 0)
        if family == "nDCG":  # and the ideal ranking's walk, over its positive grades
            n_ideal = (rows.ideal > 0).sum(axis=1)
            ideal_passed = (~_met(cutoffs, n_ideal)[:, j] & (c < n_ideal)) | (c <= 0)
            if not passed.any() and not ideal_passed.any():
                out[:, j] = Measure(family, c).values(rows, "linear")
                continue
            at = c if c > 0 else None
            dcg = np.where(passed, dcg_rows(rows.gains), dcg_rows(rows.gains, at))
            ideal = np.where(ideal_passed, dcg_rows(rows.ideal), dcg_rows(rows.ideal, at))
            out[:, j] = np.where(ideal > 0, dcg / ideal, dcg)
            continue
        at = Measure(family, c).values(rows, "linear") if c > 0 else 0.0
        if not passed.any():
            out[:, j] = at
            continue
        if family == "P":
            not_met = rows.n_rel_ret / c
        elif family == "Unjudged":
            not_met = rows.unjudged.sum(axis=1) / c
        elif family == "RelP":
            not_met = np.where(rows.n_rel > 0, rows.n_rel_ret / np.minimum(c, rows.n_rel), 0.0)
        else:  # recall, success, map_cut: the cutoff only bounds the ranks read
            not_met = Measure(family, max(rows.grades.shape[1], 1)).values(rows, "linear")
        out[:, j] = np.where(passed, not_met, at)
    return out


@dataclass
class Marked:
    """A marked measure with its values (names and computations), as trec_eval initialised it."""

    spec: TrecEvalMeasure
    values: list[Value] = field(default_factory=list)
    error: str | None = None  # trec_eval fails on it when it first computes it (exit 4)


def initialise(spec: TrecEvalMeasure, params: str | None, version: str) -> Marked:
    """trec_eval's init_meas: the values a measure prints, from its parameters or defaults."""
    name, kind, family = spec.name, spec.kind, spec.family
    marked = Marked(spec)
    if kind == "runid":
        marked.values = [Value("runid", None)]
    elif spec.reads == "prefs":
        marked.values = [Value(name, PREFERENCE)]
    elif kind in ("count", "long", "double", "geometric"):
        marked.values = [Value(name, Measure(family))]
    elif kind == "cut_long":
        cutoffs = spec.defaults if params is None else _long_cutoffs(name, params)
        listed = _Cutoffs(family, tuple(int(k) for k in cutoffs))
        # (a cutoff below 1, which trec_eval reads where its walk ends, needs the whole ranking)
        marked.values = [Value(f"{name}_{k}", Measure(family, int(k) if k > 0 else None), (listed, j))
                         for j, k in enumerate(cutoffs)]
    elif kind == "cut_double":
        cutoffs = spec.defaults if params is None else _double_cutoffs(name, params)
        # append_double: "%s_%3.2f" into strlen(name) + 10 bytes, NUL included
        listed = _Cutoffs(family, tuple(float(x) for x in cutoffs))
        marked.values = [Value(f"{name}_{c_fixed(x)}"[:len(name) + 9], Measure(family, None, float(x)),
                                (listed, j)) for j, x in enumerate(cutoffs)]
    elif kind in ("p_double", "string"):
        values = spec.defaults if params is None else tuple(atof_prefix(p) for p in params.split(","))
        printed = name if params is None else f"{name}_{params}"
        if family == "RelString":
            measure = Measure(family, max(long_of(values[0]), 0))
        elif family == "Utility":
            if len(values) != 4:
                marked.error = (f"measure '{name}': utility takes 4 coefficients, got {len(values)} "
                                f"('{params}'); write for example -m utility.1,-1,0,0")
            measure = Measure(family, None, tuple(values) if len(values) == 4 else (1.0, -1.0, 0.0, 0.0))
        elif family == "SetF":
            measure = Measure(family, None, float(values[0]))
        else:  # 11pt_avg: the recall levels, in the order given
            measure = Measure(family, None, tuple(float(v) for v in values))
        marked.values = [Value(printed, measure)]
    elif kind == "p_pair":
        pairs = [] if params is None else _pairs(name, params)
        printed = name if params is None else f"{name}_{params}"
        marked.values = [Value(printed, _pair_measure(spec, pairs, version))]
    return marked


def _pair_measure(spec: TrecEvalMeasure, pairs: list[tuple[str, float]], version: str):
    if spec.family in ("RBP", "RBP_resid"):
        p = 0.9
        for key, value in pairs:
            if key == "p":
                p = value
            elif spec.family == "RBP" and (_valid_int(key) or version != "10.0"):
                raise TrecEvalExit(1, f"measure '{spec.name}': gain pairs ('{key}=...') are not "
                                      "reproduced: trec_eval 10.0's rbp rescales gains by values it "
                                      "never sets (m_rbp.c reads min and max uninitialised); give "
                                      "only p, as -m rbp.p=0.8")
        return Measure(spec.family, None, p)
    # setup_gains: 10.0 keeps the pairs whose name is an integer; 9.0.8 reads every name with atol.
    kept = [(atol_prefix(key), value) for key, value in pairs if version != "10.0" or _valid_int(key)]
    return Measure(spec.family, None, tuple(kept) if kept else None)
