"""trec_eval's command line, computed by the package: ``python -m rankmetrics_lite``.

``rankmetrics-trec-eval [options] qrels run [run ...]`` takes trec_eval's
arguments and prints what trec_eval 10.0 prints, byte for byte (with
``--trec-eval-version 9.0.8``, what 9.0.8 prints): the same measures, names,
order, columns and ``%6.4f`` values, the same query sets with and without
``-c``, the same exit codes. Every value comes from the package's catalogue
(:data:`rankmetrics_lite.measures.CATALOGUE`) through the rows that
:func:`rankmetrics_lite.evaluate` builds: nothing is computed here but the
averages and the printing. What this module reproduces of trec_eval, and where:

* the options (GNU ``getopt_long``, as trec_eval parses them: clustered short
  options, ``-m P.5`` or ``-mP.5``, long options and unique abbreviations of
  them, options after the file names);
* ``-m measure[.params]``: trec_eval's measure names and nicknames
  (``official``, ``all_trec``, ``set``, ``qrels_jg``, ``all_prefs``,
  ``prefs``); the parameters read with C's ``atol``/``atof``, cutoffs sorted
  as trec_eval's ``qsort`` sorts them and refused (``Negative cutoff``,
  ``duplicate cutoffs``) where it refuses them; the measure's printed name
  (``P_5``, ``iprec_at_recall_0.10``, ``utility_2,-1,0,0``);
* ``-R``: ``qrels``; ``qrels_jg`` (judgement groups: the catalogue's AP, P and
  RprecMult per group, averaged); ``prefs`` and ``qrels_prefs`` (preferences,
  ``rankmetrics_lite._trec_prefs``);
* the query sets: 10.0 evaluates every judged query and stops (exit 4) at the
  first one the run lacks unless ``-c`` is given, in which case that query is
  scored on trec_eval's one-document stand-in ranking; 9.0.8 evaluates the
  queries both files hold and, with ``-c``, divides by the number of judged
  queries; queries print in byte order of their ids;
* repeats: a document listed twice in the run, or judged twice in the qrels,
  stops trec_eval (exit 4) at the first query it evaluates that holds one,
  after printing the queries before it; in a query it does not evaluate it is
  never looked at. A blank qrels line stops it (exit 2; a run may have them);
* the summary: sums in query order, averages over the evaluated (or, with
  ``-c``, the judged) queries, sums for the ``num_*`` counts, geometric means
  for ``gm_*``, z-scores with ``-Z`` (trec_eval's binary search, which reads
  one entry past a query's lines, included);
* trec_eval's slips that change what it prints: a judged query that the run
  lacks, scored under ``-c`` on its stand-in ranking, keeps what that ranking
  gives where 10.0 resets only some measures by name (``utility_2,-1,0,0`` but
  not ``utility``); a query with no judgement of grade 0 or more reads the grade
  levels of the query evaluated before it (its gains and ideal ranking), and
  stops trec_eval (exit 4) if it is the first; cutoff lists read in one walk
  over the ranking, where a cutoff out of order (trec_eval's comparators leave
  cutoffs 2**31 apart so) or below 1 changes what the cutoffs after it read;
* C's arithmetic: p^k step by step (rbp, rbp_resid), gains divided by log2,
  doubles cast to long as x86-64 does (LONG_MIN for inf, NaN and overflow),
  sums from 0.0 and the sign of a NaN as trec_eval prints it (``-nan``).

Beyond trec_eval: several run files in one call (the output is that of one
trec_eval call per run, one after the other), ``-`` for standard input in
either position, gzip'd files; long options for JSON or CSV output, a paired
comparison of each run with the first, and per-query lines in a file of their
own (``rankmetrics_lite._trec_eval_output``). Departures, each refused with a message that
says why (exit 1 or 2), or noted: ``-l`` or ``-M`` below 0 (with ``-M``, trec_eval
crashes); debug output (``-D`` above 0); gain pairs for ``rbp`` (10.0 rescales
them by two variables it never sets); ``rbp`` after a measure other than
``num_nonrel_judged_ret`` (those two variables then hold what that measure left:
a note on standard error); the file contents the package's readers refuse where
trec_eval would misread them (``rankmetrics_lite._trec_io`` lists them; a prefs
level that is not a number, which trec_eval reads as 0); where trec_eval crashes:
two of ``dcg``, ``ideal_dcg`` and ``ndcg`` with gains given to one (10.0 frees
their one parameter list twice), and a query whose every grade is -2 or lower
after the first query (an array of negative size); and inconsistent preferences
within one judgement group (trec_eval aborts; here exit 4 with the reason).
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

# The command line multiplies no matrices: numpy's BLAS threads would only cost start-up time
# (about 0.06 s of CPU here). Set before numpy is first imported; a user's setting stands.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")
# numpy asks Linux for 2 MiB pages for arrays of 4 MiB and more; here, where most large arrays
# live briefly, that costs memory and time (100k x 100: 784 -> 735 MiB, system CPU 1.6 -> 0.8 s).
os.environ.setdefault("NUMPY_MADVISE_HUGEPAGE", "0")

import numpy as np  # noqa: E402

from ._c_numbers import atof_prefix, atol_prefix, c_long_of  # noqa: E402
from ._c_qsort import c_qsort, compare_double, compare_long  # noqa: E402
from ._trec_eval_output import FORMATS, Line, RunLines  # noqa: E402

# ------------------------------------------------------------------ errors --


class TrecEvalExit(Exception):
    """Stop with trec_eval's exit code and a message for standard error."""

    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


PROGRAM = "rankmetrics-trec-eval"

USAGE = f"""\
Usage: {PROGRAM} [-h] [-q] [-c] [-n] [-J] [-l level] [-M max] [-N size] [-Z zscores]
       [-D 0[.qid]] [-R qrels] [-T trec_results] {{-m measure[.params]}}*
       [--trec-eval-version 10.0|9.0.8] [--format trec_eval|json|csv] [--compare]
       [--per-query-file FILE] qrels_file run_file [run_file ...]
"""

HELP = USAGE + """
Evaluate each run file against the judgements in qrels_file, as trec_eval does,
and print what trec_eval prints (10.0 by default; 9.0.8 with
--trec-eval-version 9.0.8). A file named '-' is read from standard input; gzip'd
files are read as they are. Several run files print one after the other.

  -q, --query_eval_wanted        one line per query and measure, before the summary
  -c, --complete_rel_info_wanted average over every judged query (a judged query the
                                 run lacks scores 0); without it, 10.0 stops at such a
                                 query (exit 4) and 9.0.8 leaves it out
  -n, --nosummary                no summary lines
  -l, --level_for_rel LEVEL      lowest grade that counts as relevant (default 1)
  -J, --Judged_docs_only         remove unjudged documents from each ranking first
  -M, --Max_retrieved_per_topic MAX  keep only the first MAX documents of each ranking
  -N, --Number_docs_in_coll SIZE documents in the collection (utility's 4th coefficient)
  -m, --measure NAME[.PARAMS]    a trec_eval measure, or a nickname: official (the
                                 default), all_trec, set, ... Parameters follow a dot:
                                 -m P.5,10  -m iprec_at_recall.0.5  -m ndcg.1=1,2=3
  -Z, --Zscore FILE              print z-scores against FILE's lines 'qid measure mean sd'
  -D, --Debug_level 0.QID        evaluate query QID only (debug output is not reproduced)
  -R, --Rel_info_format FORMAT   qrels (default), qrels_jg (2nd column: judgement group),
                                 prefs (qid jg jsg docno level), qrels_prefs
  -T, --Results_format trec_results
      --trec-eval-version V      the release to reproduce: 10.0 (default) or 9.0.8
Beyond trec_eval:
      --format F                 trec_eval (its text, the default), json or csv: every
                                 value at full precision
      --compare                  each run against the first: paired t-test per measure on
                                 the queries both scored, p-values Holm-adjusted over the runs
      --per-query-file FILE      the per-query lines (as -q) to FILE, in the chosen format
  -v, --version                  print the version and exit
  -h, --help                     print this help and exit

Measures: {measures}
Nicknames: official, all_trec, set, qrels_jg, all_prefs, prefs.
"""

# ---------------------------------------------------------- the options --

# getopt_long's table in trec_eval.c: (long name, takes an argument, short name).
_LONG_OPTIONS = [
    ("help", False, "h"), ("version", False, "v"), ("query_eval_wanted", False, "q"),
    ("measure", True, "m"), ("complete_rel_info_wanted", False, "c"), ("level_for_rel", True, "l"),
    ("nosummary", False, "n"), ("Debug_level", True, "D"), ("Judged_docs_only", False, "J"),
    ("Number_docs_in_coll", True, "N"), ("Max_retrieved_per_topic", True, "M"),
    ("Rel_info_format", True, "R"), ("Results_format", True, "T"),
    ("Output_old_results_format", True, "o"), ("Zscore", True, "Z"),
]
_TREC_EVAL_LONG_OPTIONS = len(_LONG_OPTIONS)
_LONG_OPTIONS += [
    ("trec-eval-version", True, "version-of-trec-eval"),
    # Beyond trec_eval (long names only):
    ("format", True, "format"), ("compare", False, "compare"), ("per-query-file", True, "per-query-file"),
]
_SHORT_OPTIONS = "hvqm:cl:nD:JN:M:R:T:oZ:"


def getopt_long(argv: Sequence[str]) -> tuple[list[tuple[str, str | None]], list[str]]:
    """GNU ``getopt_long`` over trec_eval's options: (option, argument) pairs in order, and
    the operands (non-options, in order; options may follow them). Raises TrecEvalExit(1)
    for an unknown, ambiguous or incomplete option, as trec_eval prints its usage then."""
    takes = {}
    for i, char in enumerate(_SHORT_OPTIONS):
        if char != ":":
            takes[char] = _SHORT_OPTIONS[i + 1:i + 2] == ":"
    options, operands = [], []
    i = 0
    while i < len(argv):
        arg = argv[i]
        i += 1
        if arg == "--":
            operands.extend(argv[i:])
            break
        if arg.startswith("--"):
            name, eq, value = arg[2:].partition("=")
            # An abbreviation means what it means to trec_eval (--c, --comp: -c); this
            # program's own long options are reached by the prefixes trec_eval leaves free.
            matches = ([o for o in _LONG_OPTIONS if o[0] == name]
                       or [o for o in _LONG_OPTIONS[:_TREC_EVAL_LONG_OPTIONS] if o[0].startswith(name)]
                       or [o for o in _LONG_OPTIONS if o[0].startswith(name)])
            if len({o[2] for o in matches}) != 1:
                problem = "is ambiguous" if matches else "is not an option"
                raise TrecEvalExit(1, f"option '--{name}' {problem}")
            long_name, needs, short = matches[0]
            if needs and not eq:
                if i >= len(argv):
                    raise TrecEvalExit(1, f"option '--{long_name}' needs an argument")
                value, i = argv[i], i + 1
            elif not needs and eq:
                raise TrecEvalExit(1, f"option '--{long_name}' takes no argument")
            options.append((short, value if needs else None))
        elif arg.startswith("-") and arg != "-":
            j = 1
            while j < len(arg):
                char = arg[j]
                j += 1
                if char not in takes:
                    raise TrecEvalExit(1, f"invalid option -- '{char}'")
                if not takes[char]:
                    options.append((char, None))
                    continue
                if j < len(arg):
                    options.append((char, arg[j:]))
                elif i < len(argv):
                    options.append((char, argv[i]))
                    i += 1
                else:
                    raise TrecEvalExit(1, f"option requires an argument -- '{char}'")
                break
        else:
            operands.append(arg)
    return options, operands


# ------------------------------------------------------ trec_eval's measures --


@dataclass(frozen=True)
class TrecEvalMeasure:
    """One of trec_eval's measures, as its ``measures.c`` and ``m_<name>.c`` define it.

    ``kind`` says how trec_eval reads its parameters, names its values and prints
    them: ``runid``, ``count`` (num_q), ``long`` (a count per query, summed),
    ``double``, ``geometric`` (gm_*: summary only, a geometric mean), ``cut_long``
    (integer cutoffs: P_5), ``cut_double`` (real cutoffs: iprec_at_recall_0.10),
    ``p_double`` (real parameters: utility_2,-1,0,0), ``p_pair`` (name=value pairs:
    ndcg_1=3,2=9), ``string`` (relstring). ``family`` is the catalogue family that
    computes it.
    """

    name: str
    kind: str
    family: str | None
    defaults: tuple = ()
    releases: tuple[str, ...] = ("10.0", "9.0.8")
    reads: str = "qrels"  # the judgements it computes from: "qrels", "qrels_jg" or "any"


_MEASURES = [  # trec_eval's order (measures.c), which is the order of its output
    TrecEvalMeasure("runid", "runid", None, reads="any"),
    TrecEvalMeasure("num_q", "count", "NumQ", reads="any"),
    TrecEvalMeasure("num_ret", "long", "NumRet"),
    TrecEvalMeasure("num_rel", "long", "NumRel"),
    TrecEvalMeasure("num_rel_ret", "long", "NumRelRet"),
    TrecEvalMeasure("map", "double", "AP"),
    TrecEvalMeasure("gm_map", "geometric", "GMAP"),
    TrecEvalMeasure("Rprec", "double", "Rprec"),
    TrecEvalMeasure("bpref", "double", "Bpref"),
    TrecEvalMeasure("recip_rank", "double", "RR"),
    TrecEvalMeasure("iprec_at_recall", "cut_double", "IPrec",
                    (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)),
    TrecEvalMeasure("P", "cut_long", "P", (5, 10, 15, 20, 30, 100, 200, 500, 1000)),
    TrecEvalMeasure("relstring", "string", "RelString", (10.0,)),
    TrecEvalMeasure("recall", "cut_long", "R", (5, 10, 15, 20, 30, 100, 200, 500, 1000)),
    TrecEvalMeasure("infAP", "double", "infAP"),
    TrecEvalMeasure("gm_bpref", "geometric", "GMBpref"),
    TrecEvalMeasure("Rprec_mult", "cut_double", "RprecMult",
                    (0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0)),
    TrecEvalMeasure("utility", "p_double", "Utility", (1.0, -1.0, 0.0, 0.0)),
    TrecEvalMeasure("11pt_avg", "p_double", "IPrecAvg",
                    (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)),
    TrecEvalMeasure("binG", "double", "BinG"),
    TrecEvalMeasure("G", "p_pair", "G"),
    TrecEvalMeasure("dcg", "p_pair", "DCG", releases=("10.0",)),
    TrecEvalMeasure("ideal_dcg", "p_pair", "IdealDCG", releases=("10.0",)),
    TrecEvalMeasure("ndcg", "p_pair", "nDCG"),
    TrecEvalMeasure("ndcg_rel", "p_pair", "nDCG_rel"),
    TrecEvalMeasure("Rndcg", "p_pair", "RnDCG"),
    TrecEvalMeasure("ndcg_cut", "cut_long", "nDCG", (5, 10, 15, 20, 30, 100, 200, 500, 1000)),
    TrecEvalMeasure("map_cut", "cut_long", "AP", (5, 10, 15, 20, 30, 100, 200, 500, 1000)),
    TrecEvalMeasure("relative_P", "cut_long", "RelP", (5, 10, 15, 20, 30, 100, 200, 500, 1000)),
    TrecEvalMeasure("success", "cut_long", "Success", (1, 5, 10)),
    TrecEvalMeasure("set_P", "double", "SetP"),
    TrecEvalMeasure("set_relative_P", "double", "SetRelP"),
    TrecEvalMeasure("set_recall", "double", "SetR"),
    TrecEvalMeasure("set_map", "double", "SetAP"),
    TrecEvalMeasure("set_F", "p_double", "SetF", (1.0,)),
    TrecEvalMeasure("num_nonrel_judged_ret", "long", "NumNonrelJudgedRet"),
    # Preferences (-R prefs or qrels_prefs): computed by _trec_prefs.PREFERENCE_MEASURES.
    *[TrecEvalMeasure(name, kind, None, reads="prefs") for name, kind in [
        ("prefs_num_prefs_poss", "long"), ("prefs_num_prefs_ful", "long"),
        ("prefs_num_prefs_ful_ret", "long"), ("prefs_simp", "double"), ("prefs_pair", "double"),
        ("prefs_avgjg", "double"), ("prefs_avgjg_Rnonrel", "double"), ("prefs_simp_ret", "double"),
        ("prefs_pair_ret", "double"), ("prefs_avgjg_ret", "double"),
        ("prefs_avgjg_Rnonrel_ret", "double"), ("prefs_simp_imp", "double"),
        ("prefs_pair_imp", "double"), ("prefs_avgjg_imp", "double")]],
    # Averaged over judgement groups (-R qrels_jg): the family's value per group, then the mean.
    TrecEvalMeasure("map_avgjg", "double", "AP", reads="qrels_jg"),
    TrecEvalMeasure("P_avgjg", "cut_long", "P", (5, 10, 15, 20, 30, 100, 200, 500, 1000), reads="qrels_jg"),
    TrecEvalMeasure("Rprec_mult_avgjg", "cut_double", "RprecMult",
                    (0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0), reads="qrels_jg"),
    TrecEvalMeasure("yaap", "double", "YAAP"),
    TrecEvalMeasure("rbp", "p_pair", "RBP", releases=("10.0",)),
    TrecEvalMeasure("rbp_resid", "p_pair", "RBP_resid", releases=("10.0",)),
    TrecEvalMeasure("unj", "cut_long", "Unjudged", (5, 10, 20), releases=("10.0",)),
]

_NICKNAMES = {
    "official": ["runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec",
                 "bpref", "recip_rank", "iprec_at_recall", "P"],
    "set": ["runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "utility", "set_P", "set_recall",
            "set_relative_P", "set_map", "set_F"],
    "all_trec": ["runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec",
                 "bpref", "recip_rank", "iprec_at_recall", "P", "relstring", "recall", "unj", "rbp",
                 "rbp_resid", "infAP", "gm_bpref", "utility", "11pt_avg", "ndcg", "relative_P",
                 "Rprec_mult", "success", "map_cut", "ndcg_cut", "ndcg_rel", "Rndcg", "binG", "G",
                 "set_P", "set_recall", "set_relative_P", "set_map", "set_F",
                 "num_nonrel_judged_ret"],
    "qrels_jg": ["runid", "num_q", "map_avgjg", "P_avgjg", "Rprec_mult_avgjg"],
    "all_prefs": ["runid", "num_q", "prefs_num_prefs_poss", "prefs_num_prefs_ful",
                  "prefs_num_prefs_ful_ret", "prefs_simp", "prefs_pair", "prefs_avgjg",
                  "prefs_avgjg_Rnonrel", "prefs_simp_ret", "prefs_pair_ret", "prefs_avgjg_ret",
                  "prefs_avgjg_Rnonrel_ret", "prefs_simp_imp", "prefs_pair_imp", "prefs_avgjg_imp"],
    "prefs": ["runid", "num_q", "prefs_num_prefs_poss", "prefs_num_prefs_ful", "prefs_num_prefs_ful_ret",
              "prefs_simp", "prefs_pair", "prefs_avgjg"],
}
_MIN_GEO_MEAN = 0.00001  # trec_eval.h
_PREFERENCE = "preference"  # stands for the catalogue measure of a prefs_* value
_MISSING_ZSCORE = -1000000.0
_BOGUS_DOCNO = b"ceci_nest_pas_un_docno"  # trec_eval 10.0's stand-in ranking for a missing query


def _available(measure: TrecEvalMeasure, version: str) -> bool:
    """Whether the release has the measure and the package computes it."""
    from .measures import CATALOGUE

    if version not in measure.releases:
        return False
    return measure.family is None or measure.family in CATALOGUE


def _table(version: str) -> dict[str, TrecEvalMeasure]:
    return {m.name: m for m in _MEASURES if version in m.releases}


def _mark(text: str, marked: dict[str, None], params: dict[str, str], version: str) -> None:
    """trec_eval's mark_measure: ``name`` or ``name.params``, a measure or a nickname."""
    name, dot, given = text.partition(".")
    if dot:
        if not given:
            raise TrecEvalExit(1, f"illegal measure '{name}': the parameters after the dot are "
                                  f"empty; write for example -m {name}.10, or -m {name}")
        params.setdefault(name, given)  # trec_eval reads the first parameters given
    table = _table(version)
    if name in _NICKNAMES:
        for member in _NICKNAMES[name]:
            if member in table and _available(table[member], version):
                marked[member] = None
        return
    if name not in table:
        known = ", ".join(sorted(table, key=str.lower))
        release = f"trec_eval {version}"
        raise TrecEvalExit(1, f"illegal measure '{name}': {release} has no such measure or nickname. "
                              f"Measures: {known}; nicknames: {', '.join(_NICKNAMES)}")
    if not _available(table[name], version):
        raise TrecEvalExit(1, f"measure '{name}' of trec_eval {version} is not computed by "
                              "rankmetrics_lite yet")
    marked[name] = None


# ------------------------------------------------------------ parameters --


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


def _fixed(value: float) -> str:
    """C's ``%3.2f``."""
    return _c_format(value, "3.2f")


def _c_format(value: float, spec: str) -> str:
    """``printf`` of a double: as Python formats it, with C's ``-nan`` for a negative NaN."""
    if math.isnan(value):
        width = int(spec.split(".")[0] or 0)
        text = "-nan" if math.copysign(1.0, value) < 0 else "nan"
        return text.rjust(width)
    return format(value, spec)


@dataclass
class _Value:
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
        from ._cutoff_metrics import precision_at_multiples_rows
        from ._pr_curves import interpolated_precision_rows

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
    from ._dcg import _dcg_rows
    from .measures import Measure

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
            dcg = np.where(passed, _dcg_rows(rows.gains), _dcg_rows(rows.gains, at))
            ideal = np.where(ideal_passed, _dcg_rows(rows.ideal), _dcg_rows(rows.ideal, at))
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
class _Marked:
    """A marked measure with its values (names and computations), as trec_eval initialised it."""

    spec: TrecEvalMeasure
    values: list[_Value] = field(default_factory=list)
    error: str | None = None  # trec_eval fails on it when it first computes it (exit 4)


def _initialise(spec: TrecEvalMeasure, params: str | None, version: str) -> _Marked:
    """trec_eval's init_meas: the values a measure prints, from its parameters or defaults."""
    from .measures import Measure

    name, kind, family = spec.name, spec.kind, spec.family
    marked = _Marked(spec)
    if kind == "runid":
        marked.values = [_Value("runid", None)]
    elif spec.reads == "prefs":
        marked.values = [_Value(name, _PREFERENCE)]
    elif kind in ("count", "long", "double", "geometric"):
        marked.values = [_Value(name, Measure(family))]
    elif kind == "cut_long":
        cutoffs = spec.defaults if params is None else _long_cutoffs(name, params)
        listed = _Cutoffs(family, tuple(int(k) for k in cutoffs))
        # (a cutoff below 1, which trec_eval reads where its walk ends, needs the whole ranking)
        marked.values = [_Value(f"{name}_{k}", Measure(family, int(k) if k > 0 else None), (listed, j))
                         for j, k in enumerate(cutoffs)]
    elif kind == "cut_double":
        cutoffs = spec.defaults if params is None else _double_cutoffs(name, params)
        # append_double: "%s_%3.2f" into strlen(name) + 10 bytes, NUL included
        listed = _Cutoffs(family, tuple(float(x) for x in cutoffs))
        marked.values = [_Value(f"{name}_{_fixed(x)}"[:len(name) + 9], Measure(family, None, float(x)),
                                (listed, j)) for j, x in enumerate(cutoffs)]
    elif kind in ("p_double", "string"):
        values = spec.defaults if params is None else tuple(atof_prefix(p) for p in params.split(","))
        printed = name if params is None else f"{name}_{params}"
        if family == "RelString":
            measure = Measure(family, max(_long_of(values[0]), 0))
        elif family == "Utility":
            if len(values) != 4:
                marked.error = (f"measure '{name}': utility takes 4 coefficients, got {len(values)} "
                                f"('{params}'); write for example -m utility.1,-1,0,0")
            measure = Measure(family, None, tuple(values) if len(values) == 4 else (1.0, -1.0, 0.0, 0.0))
        elif family == "SetF":
            measure = Measure(family, None, float(values[0]))
        else:  # 11pt_avg: the recall levels, in the order given
            measure = Measure(family, None, tuple(float(v) for v in values))
        marked.values = [_Value(printed, measure)]
    elif kind == "p_pair":
        pairs = [] if params is None else _pairs(name, params)
        printed = name if params is None else f"{name}_{params}"
        marked.values = [_Value(printed, _pair_measure(spec, pairs, version))]
    return marked


def _long_of(value: float) -> int:
    """C's (long) cast of a double."""
    return int(c_long_of(value))


def _pair_measure(spec: TrecEvalMeasure, pairs: list[tuple[str, float]], version: str):
    from .measures import Measure

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


# ------------------------------------------------------------------ input --


def _cannot_read(kind: str, path: str, exc: OSError, code: int = 2) -> TrecEvalExit:
    return TrecEvalExit(code, f"cannot read the {kind} file '{path}': {exc.strerror or exc}")


def _read_input(path: str, stdin, kind: str, code: int = 2) -> tuple[str, bytes]:
    """(name for messages, content) of a file argument; '-' is standard input. What is not
    a TREC file (a device, binary data, UTF-16, a gzip bomb) is refused by the reader,
    which names the file and what it found."""
    from ._trec_io import read_content

    from_stdin = path == "-" and stdin is not None  # (a zscores file named '-' is a file)
    name = "standard input" if from_stdin else path
    try:
        data = read_content(stdin if from_stdin else path, name, kind)
    except OSError as exc:
        raise _cannot_read(kind, path, exc, code) from None
    except ValueError as exc:
        raise TrecEvalExit(code, str(exc)) from None
    if not data:
        raise TrecEvalExit(code, f"the {kind} file '{name}' is empty")
    return name, data


def _read_columns(name: str, data: bytes, kind: str):
    from ._trec_io import columns_from_bytes

    if kind == "qrels":
        _refuse_blank_lines(name, data)
    try:  # a document listed or judged twice stops trec_eval only in a query it evaluates
        return columns_from_bytes(name, data, kind, repeats_allowed=True, long_ids=True)
    except ValueError as exc:
        raise TrecEvalExit(2, f"{exc}") from None


def _refuse_blank_lines(name: str, data: bytes) -> None:
    """trec_eval's get_qrels reads every line as 'qid iter docno rel': a blank line (or one of
    blanks only) is malformed, and it stops (exit 2). The package's readers skip such lines."""
    import re

    body = data[:-1] if data.endswith(b"\n") else data
    # A blank line is empty or starts with a blank: looked for only where some line does.
    codes = np.frombuffer(body, dtype=np.uint8)
    if codes.size and codes[0] > 32 and codes[-1] != 10 and not (codes[1:][codes[:-1] == 10] <= 32).any():
        return
    blank = re.search(rb"(?m)^[ \t\r\v\f]*$", body)
    if blank is not None:
        number = body.count(b"\n", 0, blank.start()) + 1
        raise TrecEvalExit(2, f"{name}, line {number}: a blank line; trec_eval reads every qrels line as "
                              "'qid iter docno rel' and stops at a blank one: remove it")


def _read_run(path: str, stdin) -> tuple:
    """(columns, run tag) of a run file argument. A file is read a piece at a time, never
    whole (its bytes are as large as its columns); standard input, and any file the fast
    path does not vouch for (the line-by-line reader then names the fault), whole."""
    from ._trec_io import run_tag, streamed_columns

    if path != "-":
        try:
            streamed = streamed_columns(path, "run", path, repeats_allowed=True, long_ids=True)
        except OSError as exc:
            raise _cannot_read("run", path, exc) from None
        except ValueError as exc:  # not a TREC file (see _read_input)
            raise TrecEvalExit(2, str(exc)) from None
        if streamed is not None:
            return streamed[0], run_tag(streamed[1])
    name, data = _read_input(path, stdin, "run")
    return _read_columns(name, data, "run"), run_tag(data)


def _read_zscores(path: str) -> tuple[list[bytes], list[bytes], np.ndarray, np.ndarray]:
    """get_zscores.c: lines ``qid measure mean stddev``, sorted by (qid, measure) as bytes."""
    _, data = _read_input(path, None, "zscores", code=255)
    lines = []
    for number, line in enumerate(data.split(b"\n")[:-1] if data.endswith(b"\n") else data.split(b"\n"), 1):
        fields = line.split()
        if len(fields) != 4:
            raise TrecEvalExit(255, f"{path}, line {number}: expected 4 columns 'qid measure mean "
                                    f"stddev', got {len(fields)}")
        qid, measure, mean, stddev = fields
        lines.append((qid, measure, atof_prefix(mean.decode("ascii", "replace")),
                      atof_prefix(stddev.decode("ascii", "replace"))))
    lines.sort(key=lambda line: (line[0], line[1]))
    return ([line[0] for line in lines], [line[1] for line in lines],
            np.array([line[2] for line in lines]), np.array([line[3] for line in lines]))


class _Zscores:
    """convert_zscores.c: the (mean, stddev) of a query's measure, found by trec_eval's binary
    searches (whose upper bound is one past the end: a name beyond the query's last one is
    compared with the next query's first, and past the table's end is not found)."""

    def __init__(self, path: str):
        qids, self.names, self.means, self.stddevs = _read_zscores(path)
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


# ------------------------------------------------------------ evaluation --


@dataclass
class _Options:
    query: bool = False
    complete: bool = False
    summary: bool = True
    judged_only: bool = False
    level: int = 1
    max_retrieved: int | None = None
    collection_size: int = 0
    debug_query: str | None = None
    rel_format: str = "qrels"
    results_format: str = "trec_results"
    zscores: str | None = None
    version: str = "10.0"
    output_format: str = "trec_eval"
    compare: bool = False
    per_query_file: str | None = None
    measures: dict[str, None] = field(default_factory=dict)
    params: dict[str, str] = field(default_factory=dict)


def _distinct(ids: np.ndarray) -> list[bytes]:
    from ._columnar import group_codes

    _, distinct = group_codes(ids)
    return [bytes(q) if isinstance(q, bytes) else q.encode("utf-8") for q in distinct.tolist()]


_REL_FORMATS = ("qrels", "qrels_jg", "prefs", "qrels_prefs")


@dataclass
class _Preferences:
    """Preference judgements (-R prefs, -R qrels_prefs): each query's (jg, jsg, level, docno)."""

    of_query: dict[bytes, list[tuple[bytes, bytes, float, bytes]]]

    @classmethod
    def read(cls, name: str, data: bytes, kind: str, version: str) -> _Preferences:
        from ._trec_io import preferences_from_bytes

        try:
            lines = preferences_from_bytes(name, data, kind)
        except ValueError as exc:
            raise TrecEvalExit(2, str(exc)) from None
        of_query: dict[bytes, list] = {}
        for qid, jg, jsg, docno, level in lines:
            if version == "9.0.8":  # 9.0.8 keeps levels as 32-bit floats
                level = float(np.float32(level))
            of_query.setdefault(qid.encode("utf-8"), []).append(
                (jg.encode("utf-8"), jsg.encode("utf-8"), level, docno.encode("utf-8")))
        return cls(of_query)

    def values(self, marked: list[_Marked], evaluated: list[bytes], run, options: _Options) -> dict:
        """Each prefs_* value of each evaluated query, from its ranking."""
        from ._trec_prefs import PREFERENCE_MEASURES, PreferenceError, RankPool, preference_counts
        from ._trec_ranking import score_as_stored

        qids = run.query_ids if run.query_ids.dtype.kind == "S" else np.char.encode(run.query_ids, "utf-8")
        docs = run.doc_ids if run.doc_ids.dtype.kind == "S" else np.char.encode(run.doc_ids, "utf-8")
        wanted = set(evaluated)
        rankings: dict[bytes, list] = {}
        for q, d, score in zip(qids.tolist(), docs.tolist(), run.scores.tolist()):
            if q in wanted:
                rankings.setdefault(q, []).append((d, score))
        names = [v.name for m in marked for v in m.values if v.measure is _PREFERENCE]
        out = {name: np.zeros(len(evaluated)) for name in names}
        pool = RankPool()
        for i, q in enumerate(evaluated):
            # form_prefs_counts.c breaks ties by document id *ascending* (form_res_rels.c: descending)
            ranked = [d for d, _ in sorted(rankings.get(q, []),
                                           key=lambda e: (-score_as_stored(e[1], options.version), e[0]))]
            if options.max_retrieved is not None:
                ranked = ranked[:options.max_retrieved]
            try:
                counts = preference_counts(self.of_query[q], ranked, pool)
            except PreferenceError as exc:
                raise TrecEvalExit(4, f"query '{q.decode('utf-8')}': {exc}") from None
            for name in names:
                out[name][i] = PREFERENCE_MEASURES[name][1](counts)
        return out


@dataclass
class _Groups:
    """Judgements in groups (``-R qrels_jg``): the qrels of every (query, group) pair as
    columns whose query id is ``'qid group'`` (ids hold no space), and each query's groups
    in trec_eval's order (bytes)."""

    qrels: object  # QrelsColumns
    of_query: dict[bytes, list[bytes]]

    @classmethod
    def read(cls, name: str, data: bytes) -> _Groups:
        from ._columns import QrelsColumns, padding_fits
        from ._trec_io import qrels_groups_from_bytes

        try:
            lines = qrels_groups_from_bytes(name, data)
        except ValueError as exc:
            raise TrecEvalExit(2, str(exc)) from None
        of_query: dict[bytes, set[bytes]] = {}
        for qid, group, _, _ in lines:
            of_query.setdefault(qid.encode("utf-8"), set()).add(group.encode("utf-8"))
        pairs = [f"{q} {g}".encode("utf-8") for q, g, _, _ in lines]
        docs = [d.encode("utf-8") for _, _, d, _ in lines]
        for ids in (pairs, docs):
            if not padding_fits(len(ids), max(map(len, ids)), sum(map(len, ids))):
                raise TrecEvalExit(2, f"{name}: an id of {max(map(len, ids)):,} bytes among short ones: "
                                      "judgement groups (-R qrels_jg) are kept in columns of one width, "
                                      "which it would make too large; shorten it")
        qrels = QrelsColumns(np.array(pairs), np.array(docs), np.array([v for _, _, _, v in lines], dtype=np.int64))
        return cls(qrels, {q: sorted(g) for q, g in of_query.items()})

    def pairs(self, qid: bytes) -> list[bytes]:
        return [qid + b" " + group for group in self.of_query[qid]]

    def run_for_pairs(self, run):
        """The run with each entry repeated for every group of its query (others dropped)."""
        from ._columns import RunColumns, handed_over

        qids = run.query_ids if run.query_ids.dtype.kind == "S" else np.char.encode(run.query_ids, "utf-8")
        distinct, inverse = np.unique(qids, return_inverse=True)
        pairs_of = [self.pairs(q) if q in self.of_query else [] for q in distinct.tolist()]
        repeats = np.array([len(p) for p in pairs_of], dtype=np.int64)[inverse.ravel()]
        entry = np.repeat(np.arange(qids.size), repeats)
        flat = np.array([p for ps in pairs_of for p in ps] or [b""])
        starts = np.concatenate(([0], np.cumsum([len(p) for p in pairs_of])[:-1])).astype(np.int64)
        within = np.arange(entry.size) - np.repeat(np.cumsum(repeats) - repeats, repeats)
        pair_ids = flat[starts[inverse.ravel()[entry]] + within]
        docs = run.doc_ids if run.doc_ids.dtype.kind == "S" else np.char.encode(run.doc_ids, "utf-8")
        return RunColumns(*handed_over(pair_ids, docs[entry], run.scores[entry]))


def _stop_at_repeats(stop, stop_message, evaluated: list[bytes], run, qrels, text: _Text, judgements: bool) -> tuple:
    """trec_eval looks for a document listed twice in a run, or judged twice in the qrels, only
    in the queries it evaluates, in order, and stops at the first (exit 4) after the queries
    before it: that query becomes the stop; every query with a repeat is left out of the
    join, which would refuse it. Returns (stop, its message, evaluated, run, qrels). The qrels
    are looked at only with ``judgements`` (groups and preferences refuse their own repeats)."""
    from ._columns import QrelsColumns, RunColumns, handed_over
    from ._trec_buffer import repeated_documents

    found = {"listed": repeated_documents(run.query_ids, run.doc_ids),
             "judged": repeated_documents(qrels.query_ids, qrels.doc_ids) if judgements else {}}
    first = next((q for q in evaluated if any(q in repeats for repeats in found.values())), None)
    if first is not None:
        how, doc = next((how, repeats[first]) for how, repeats in found.items() if first in repeats)
        stop, evaluated = first, evaluated[:evaluated.index(first)]
        stop_message = (f"document '{text.document(doc)}' is {how} twice for query '{text.query(first)}'"
                        ": trec_eval stops at this query (exit 4), after the queries before it; keep "
                        "one of the two")
    # (where no line would be left, no query is evaluated: nothing is joined)
    kept = ~np.isin(run.query_ids, list(found["listed"])) if found["listed"] else None
    if kept is not None and kept.any():
        run = RunColumns(*handed_over(run.query_ids[kept], run.doc_ids[kept], run.scores[kept]))
    kept = ~np.isin(qrels.query_ids, list(found["judged"])) if found["judged"] else None
    if kept is not None and kept.any():
        qrels = QrelsColumns(*handed_over(qrels.query_ids[kept], qrels.doc_ids[kept], qrels.grades[kept]))
    return stop, stop_message, evaluated, run, qrels


@dataclass
class _Text:
    """Query and document ids as the user wrote them, from the ids the evaluation holds
    (the same, or their codes where they were too long to pad: _columns.compact_ids)."""

    queries: object = None  # CompactIds of the query ids, or None
    documents: object = None

    def query(self, qid: bytes) -> str:
        return (qid if self.queries is None else self.queries.decode(qid)).decode("utf-8")

    def document(self, docno: bytes) -> str:
        return (docno if self.documents is None else self.documents.decode(docno)).decode("utf-8")

    def query_code(self, qid: bytes) -> bytes:
        if self.queries is None:
            return qid
        return self.queries.encode([qid])[0] if qid in self.queries.code_of else b"\0"  # (matches none)

    def document_codes(self, docnos: list[bytes]) -> np.ndarray:
        return np.array(docnos) if self.documents is None else self.documents.encode(docnos)


def _evaluate_run(options: _Options, marked: list[_Marked], qrels, pending: list, zscores: _Zscores | None,
                  out: list[Line], groups: _Groups | None = None) -> None:
    """Evaluate one run, ``pending``'s one ``(columns, run tag)``, and append its output lines
    to ``out``; raise TrecEvalExit where trec_eval stops (after appending what it printed
    before stopping). The run is taken out of ``pending`` so that, once joined, its columns
    (the largest arrays here) are let go before the measures are computed."""
    from ._columns import LongIdColumns, RunColumns, compact_ids, handed_over
    from ._engine import prepare_rows
    from .validation import RepeatedDocument

    run, run_tag = pending.pop()
    version = options.version
    codes = (None, None)  # ids replaced by short codes, and how to read them back (_columns.compact_ids)
    if groups is None:
        qrels, run, *codes = compact_ids(qrels, run, (_BOGUS_DOCNO,))
    elif isinstance(run, LongIdColumns):
        raise TrecEvalExit(2, f"the run's ids are too long to pad to one width beside each other (a few "
                              f"of thousands of bytes among short ones): -R {options.rel_format} keeps them "
                              "so; shorten them, or evaluate with -R qrels")
    text = _Text(*codes)
    judged = sorted(groups.of_query) if groups is not None else sorted(_distinct(qrels.query_ids))
    preferences = groups if isinstance(groups, _Preferences) else None
    in_run = set(_distinct(run.query_ids))
    debug = None if options.debug_query is None else text.query_code(options.debug_query.encode("utf-8"))
    if version == "10.0":
        evaluated = [q for q in judged if debug is None or q == debug]
        missing = [q for q in evaluated if q not in in_run]
        stop = None
        if missing and not options.complete:
            stop = missing[0]
            evaluated = evaluated[:evaluated.index(stop)]
        elif missing:  # -c: trec_eval scores the query on a one-document stand-in ranking
            if run.query_ids.dtype.kind == "S":
                extra_qids, extra_docs = np.array(missing), text.document_codes([_BOGUS_DOCNO] * len(missing))
            else:
                extra_qids = np.array([q.decode("utf-8") for q in missing])
                extra_docs = np.array([_BOGUS_DOCNO.decode("ascii")] * len(missing))
            qids = np.concatenate([run.query_ids, extra_qids])
            docs = np.concatenate([run.doc_ids, extra_docs])
            scores = np.concatenate([run.scores, np.ones(len(missing))])
            run = RunColumns(*handed_over(qids, docs, scores))
    else:
        evaluated = [q for q in judged if q in in_run and (debug is None or q == debug)]
        missing, stop = [], None
    stop_message = None if stop is None else (
        f"query '{text.query(stop)}' is judged in the qrels but absent from the run: trec_eval "
        "10.0 stops here (exit 4); give -c to score it 0, or remove its judgements")
    if groups is not None:  # with plain qrels, the join finds any repeat (below)
        stop, stop_message, evaluated, run, _ = _stop_at_repeats(stop, stop_message, evaluated, run, qrels, text,
                                                                 judgements=False)
    if not evaluated and stop is None:
        raise TrecEvalExit(7, "no queries with both results and relevance info: the run and the "
                              "qrels share no query id (compare their first columns)")
    top_grades = _top_grades(qrels, evaluated) if evaluated and groups is None and _reads_grades(marked) else None
    if top_grades is not None and top_grades[0] < 0:
        # form_res_rels.c sizes its grade counts by the highest grade + 1: for the first query
        # it reads, none (te_chk_and_malloc returns NULL), and trec_eval stops (exit 4).
        stop, evaluated, top_grades = evaluated[0], [], None
        stop_message = (f"Can't calculate measures on query '{text.query(stop)}': every grade in its "
                        "judgements is below 0, and trec_eval stops (exit 4) when the first query it "
                        "evaluates has no grade of 0 or more; judge a document 0 or more, or remove the query")

    measures = [value.measure for m in marked for value in m.values
                if value.measure is not None and value.measure is not _PREFERENCE]
    values_of: dict[str, np.ndarray] = {}
    rows = None
    if evaluated:
        form = "qrels" if groups is None else ("prefs" if preferences is not None else "qrels_jg")
        for m in marked:
            if m.spec.reads not in ("any", form):
                raise TrecEvalExit(4, f"Can't calculate measure '{m.spec.name}': it reads "
                                      f"{m.spec.reads} judgements, and -R gives {options.rel_format}")
    if evaluated and preferences is not None:
        values_of = preferences.values(marked, evaluated, run, options)
        for m in marked:
            if m.error is not None:
                raise TrecEvalExit(4, m.error)
    elif evaluated:
        def rows_of(run, judgements):
            return prepare_rows(run, judgements, measures or [_placeholder()], relevance_level=options.level,
                                version=version, condensed=options.judged_only,
                                max_retrieved=options.max_retrieved,
                                collection_size=options.collection_size)[1]

        if groups is not None:
            rows = rows_of(groups.run_for_pairs(run), groups.qrels)
        else:
            try:
                rows = rows_of(run, qrels)
            except RepeatedDocument:  # trec_eval stops there if it evaluates that query
                # (the summary's num_rel with -c counts every line of the qrels as read: they stay whole)
                stop, stop_message, evaluated, run, joined = _stop_at_repeats(stop, stop_message, evaluated,
                                                                              run, qrels, text, judgements=True)
                rows = rows_of(run, joined) if evaluated else None
    del run  # joined: what the measures read is in the rows
    if top_grades is not None:
        top_grades = top_grades[:len(evaluated)]
        _refuse_crashing_grades([text.query(q) for q in evaluated], top_grades, version)
    if rows is not None:
        position = {q.encode("utf-8"): i for i, q in enumerate(rows.qids)}
        if groups is None:
            order = np.array([position[q] for q in evaluated], dtype=np.int64)
        else:  # each query's groups, side by side; -1 where a query has fewer groups
            width = max(len(groups.of_query[q]) for q in evaluated)
            order = np.full((len(evaluated), width), -1, dtype=np.int64)
            for i, q in enumerate(evaluated):
                order[i, :len(groups.of_query[q])] = [position[p] for p in groups.pairs(q)]
        bogus = np.array([q in set(missing) for q in evaluated], dtype=bool)
        stale = _stale_levels(rows, order, top_grades)
        for m in marked:
            if m.error is not None:
                raise TrecEvalExit(4, m.error)
        computations = [value.measure if value.listed is None else value.listed[0] for m in marked
                        for value in m.values if value.measure is not None and value.measure is not _PREFERENCE]
        by_row = _in_blocks(rows, computations)
        for m in marked:
            for value in m.values:
                if value.measure is None or value.measure is _PREFERENCE:
                    continue
                computed = by_row[value.measure] if value.listed is None else by_row[value.listed[0]][:, value.listed[1]]
                computed = computed[order] if groups is None else _over_groups(computed, order)
                if bogus.any() and _zeroed_on_stand_in(m.spec, value.name):
                    computed = computed.copy()
                    computed[bogus] = "" if computed.dtype == object else 0.0
                if stale is not None and value.measure.family in _READS_GRADE_LEVELS:
                    computed = computed.copy()
                    computed[stale[0]] = value.on(stale[1])
                values_of[value.name] = computed
    names = [text.query(q) for q in evaluated]
    _print(options, marked, names, [q.encode("utf-8") for q in names], values_of, qrels, run_tag, zscores, out,
           n_judged=len(judged), stopped=stop is not None)
    if stop is not None:
        raise TrecEvalExit(4, stop_message)


_BLOCK_CELLS = 1 << 18  # queries x ranks per block: a float matrix of 2 MiB


def _in_blocks(rows, measures: list) -> dict:
    """Each measure's value on every row, computed block of queries by block of queries."""
    size = max(1, _BLOCK_CELLS // max(rows.grades.shape[1], 1))
    parts: dict = {m: [] for m in dict.fromkeys(measures)}
    for start in range(0, rows.n_rel.size, size):
        block = rows.block(start, min(start + size, rows.n_rel.size)) if rows.n_rel.size > size else rows
        for m in parts:
            parts[m].append(m.values(block, "linear"))
    return {m: (np.concatenate(p) if len(p) > 1 else p[0]) if p else np.zeros(0) for m, p in parts.items()}


def _over_groups(values: np.ndarray, order: np.ndarray) -> np.ndarray:
    """Each query's value averaged over its judgement groups, as trec_eval's *_avgjg
    measures add them up (in group order, from 0) and divide when there are several."""
    total = np.zeros(order.shape[0])
    for j in range(order.shape[1]):
        present = order[:, j] >= 0
        total = np.where(present, total + values[np.maximum(order[:, j], 0)], total)
    n_groups = (order >= 0).sum(axis=1)
    return np.where(n_groups > 1, total / np.maximum(n_groups, 1), total)


# The families whose values read a query's grade levels (trec_eval's setup_gains and rel_levels).
_READS_GRADE_LEVELS = frozenset({"DCG", "IdealDCG", "nDCG", "nDCG_rel", "G", "RnDCG", "RBP"})


def _reads_grades(marked: list[_Marked]) -> bool:
    """Whether a marked measure calls trec_eval's form_res_rels (all but runid and num_q)."""
    return any(m.spec.kind not in ("runid", "count") for m in marked)


def _top_grades(qrels, evaluated: list[bytes]) -> np.ndarray:
    """The highest grade judged for each evaluated query (trec_eval's max_rel)."""
    from ._columnar import group_codes

    codes, distinct = group_codes(qrels.query_ids)
    top = np.full(distinct.size, np.iinfo(np.int64).min, dtype=np.int64)
    np.maximum.at(top, codes, qrels.grades)
    ids = [bytes(q) if isinstance(q, bytes) else q.encode("utf-8") for q in distinct.tolist()]
    of_query = dict(zip(ids, top.tolist()))
    return np.array([of_query[q] for q in evaluated], dtype=np.int64)


def _refuse_crashing_grades(evaluated: list[str], top_grades: np.ndarray, version: str) -> None:
    """A query whose every grade is -2 or lower, evaluated after the first: trec_eval's
    form_res_rels.c clears its grade counts with memset((max_rel + 1) * sizeof(long)), a
    negative size, and crashes. Refused before anything is printed."""
    crashing = np.flatnonzero(top_grades[1:] <= -2)
    if crashing.size:
        qid = evaluated[int(crashing[0]) + 1]
        raise TrecEvalExit(2, f"query '{qid}': every grade in its judgements is -2 or lower "
                              f"(highest {int(top_grades[crashing[0] + 1])}); trec_eval {version} crashes on "
                              "such a query (form_res_rels.c clears an array of negative size) unless it is "
                              "the first it evaluates: give it a grade of -1 or more, or remove it")


def _stale_levels(rows, order: np.ndarray, top_grades: np.ndarray | None) -> tuple | None:
    """trec_eval's form_res_rels.c counts judged documents per grade into an array it keeps
    from query to query and sets the number of grades only when some grade is counted: a
    query with no grade of 0 or more (every grade -1) reads the grade levels of the last
    query evaluated before it that had some. Returns (positions of such queries in the
    evaluation order, their rows reading those levels), or None."""
    if top_grades is None or not (top_grades < 0).any():
        return None
    positions = np.flatnonzero(top_grades < 0)
    leveled = np.flatnonzero(top_grades >= 0)  # the first evaluated query is one of them
    sources = leveled[np.searchsorted(leveled, positions) - 1]
    return positions, rows.with_levels_of(order[positions], order[sources])


def _placeholder():
    from .measures import Measure

    return Measure("P", 1)


def _zeroed_on_stand_in(spec: TrecEvalMeasure, name: str) -> bool:
    """What trec_eval 10.0 resets after scoring a missing query on its stand-in ranking."""
    return name in ("num_ret", "utility", "relstring", "rbp_resid") or name.startswith("unj")


def _print(options: _Options, marked: list[_Marked], names: list[str], evaluated: list[bytes],
           values_of: dict[str, np.ndarray], qrels, run_tag: str | None, zscores: _Zscores | None,
           out: list[Line], *, n_judged: int, stopped: bool) -> None:
    """trec_eval's per-query lines (with -q or --compare) and summary lines, in its order
    and format, each with its value at full precision."""
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
                raw = np.log(np.maximum(raw, _MIN_GEO_MEAN))
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
                        number = _long_of(float(held[value.name][i]))
                        out.append(Line(value.name, qid, number, f"{value.name:<22}\t{qid}\t{number}\n"))
                    else:
                        number = float(held[value.name][i])
                        out.append(Line(prefix + value.name, qid, number, f"{prefix}{value.name:<22}\t"
                                        f"{qid}\t{_c_format(number, '6.4f')}\n"))
    if stopped or not options.summary:
        return
    divisor = n_judged if options.complete else n
    for m in marked:
        kind = m.spec.kind
        for value in m.values:
            if kind == "runid":
                out.append(Line("runid", "all", run_tag, f"{'runid':<22}\tall\t{run_tag}\n"))
                continue
            if kind == "string":
                continue
            total = _sequential_sum(held[value.name])
            if kind == "count":
                total = float(divisor)
            elif kind == "long":
                if m.spec.name == "num_rel" and options.complete:
                    total = float(np.count_nonzero(qrels.grades > 0))
            elif kind == "geometric":
                if divisor > 0:
                    if options.complete:
                        total += (divisor - n) * math.log(_MIN_GEO_MEAN)
                    total = math.exp(total / divisor)
            elif divisor:
                total = float(np.float64(total) / np.float64(divisor))
            if kind in ("count", "long") and not z:
                number = _long_of(float(total))
                out.append(Line(value.name, "all", number, f"{value.name:<22}\tall\t{number}\n"))
            else:
                out.append(Line(prefix + value.name, "all", total,
                                f"{prefix}{value.name:<22}\tall\t{_c_format(total, '6.4f')}\n"))


def _sequential_sum(values: np.ndarray) -> float:
    """Added one by one in query order to 0.0, as trec_eval accumulates (te_acc_meas_s; cumsum
    is sequential). Adding 0.0 last makes a sum of negative zeros +0.0, as it is when 0.0
    comes first; and a NaN sum takes the sign trec_eval's ``accum += value`` gives it (the
    sign shows: C prints ``-nan``): that of the last NaN value, where numpy keeps the first,
    or set, for a NaN the sum makes itself (inf - inf)."""
    if not values.size:
        return 0.0
    total = float(np.cumsum(values)[-1]) + 0.0
    if math.isnan(total):
        nan = np.flatnonzero(np.isnan(values))
        total = math.copysign(total, -1.0 if not nan.size or np.signbit(values[nan[-1]]) else 1.0)
    return total


# ------------------------------------------------------------------ main --


def _options(argv: Sequence[str]) -> tuple[_Options, list[str], bool]:
    """Options, operands and whether help was asked, in trec_eval's order of reactions."""
    from ._trec_ranking import TREC_EVAL_VERSIONS

    parsed, operands = getopt_long(argv)
    options = _Options()
    help_wanted = False
    version_given = [value for option, value in parsed if option == "version-of-trec-eval"]
    if version_given:
        if version_given[-1] not in TREC_EVAL_VERSIONS:
            raise TrecEvalExit(1, f"--trec-eval-version must be one of {', '.join(TREC_EVAL_VERSIONS)}, "
                                  f"got '{version_given[-1]}'")
        options.version = version_given[-1]
    for option, value in parsed:
        if option == "h":
            help_wanted = True
        elif option == "v":
            from . import __version__

            raise TrecEvalExit(0, f"{PROGRAM} {__version__}, reproducing trec_eval {options.version}")
        elif option == "q":
            options.query = True
        elif option == "m":
            _mark(value, options.measures, options.params, options.version)
        elif option == "c":
            options.complete = True
        elif option == "l":
            options.level = atol_prefix(value)
            if options.level < 0:
                raise TrecEvalExit(1, f"-l {value}: the relevance level must be 0 or more (trec_eval "
                                      "would count documents outside the pool as relevant)")
        elif option == "n":
            options.summary = False
        elif option == "D":
            level, _, query = value.partition(".")
            if atol_prefix(level) != 0:
                raise TrecEvalExit(1, f"-D {value}: trec_eval's debug output is not reproduced; "
                                      "use -D 0.QID to evaluate query QID alone")
            options.debug_query = query or None
        elif option == "J":
            options.judged_only = True
        elif option == "N":
            options.collection_size = atol_prefix(value)
        elif option == "M":
            options.max_retrieved = atol_prefix(value)
            if options.max_retrieved < 0:
                raise TrecEvalExit(1, f"-M {value}: the number of documents to keep must be 0 or more")
        elif option == "R":
            options.rel_format = value
        elif option == "T":
            options.results_format = value
        elif option == "o":
            pass  # obsolete in trec_eval: no effect
        elif option == "Z":
            options.zscores = value
        elif option == "format":
            if value not in FORMATS:
                raise TrecEvalExit(1, f"--format {value}: give one of {', '.join(FORMATS)}")
            options.output_format = value
        elif option == "compare":
            options.compare = True
        elif option == "per-query-file":
            options.per_query_file = value
            options.query = True
    return options, operands, help_wanted


# m_ndcg.c defines dcg, ideal_dcg and ndcg over one parameter list.
_SHARED_GAINS = ("dcg", "ideal_dcg", "ndcg")


def _refuse_shared_gains(options: _Options) -> None:
    """trec_eval 10.0 frees that list once per measure when two of dcg, ideal_dcg and ndcg
    are asked for and one has gains: a double free, which stops it (or, where the heap
    hides it, prints the gains under the other's name). Refused before reading a file."""
    asked = [name for name in _SHARED_GAINS if name in options.measures]
    given = [name for name in asked if name in options.params]
    if len(asked) > 1 and given and options.version == "10.0":
        raise TrecEvalExit(2, f"measures {', '.join(asked)} with gains for {given[0]} "
                              f"('{given[0]}.{options.params[given[0]]}'): trec_eval 10.0 crashes here (a "
                              "double free: m_ndcg.c gives them one parameter list); ask for them in "
                              "separate runs of the command")


def _note_rbp(options: _Options, marked: list[_Marked], stderr) -> None:
    """trec_eval 10.0's rbp reads two variables it never sets (min and max, m_rbp.c), which
    hold what the measure computed before it left there: what it prints then depends on
    that measure. Here they start harmless (gains above 1 are scaled by the top grade), as
    they are when rbp comes first or after num_nonrel_judged_ret (-m all_trec); a note says
    so where another measure comes before it."""
    names = [m.spec.name for m in marked if m.spec.kind not in ("runid", "count")]
    if options.version != "10.0" or "rbp" not in names:
        return
    before = names[:names.index("rbp")]
    if before and before[-1] != "num_nonrel_judged_ret":
        stderr.write(f"{PROGRAM}: note: trec_eval 10.0's rbp reads two variables it never sets "
                     f"(min and max in m_rbp.c) after {before[-1]}: its values may differ from these, "
                     "which are those it prints when rbp comes first or after num_nonrel_judged_ret "
                     "(-m all_trec)\n")


def run_command(argv: Sequence[str], stdin, stdout, stderr) -> int:
    """The command line on byte streams (``stdin``, ``stdout``) and a text stream for
    messages (``stderr``); returns trec_eval's exit code. Arithmetic runs as C's does, where
    an overflow or a NaN is a value, not a warning: numpy's floating-point warnings are off."""
    with np.errstate(all="ignore"):
        return _run_command(argv, stdin, stdout, stderr)


def _run_command(argv: Sequence[str], stdin, stdout, stderr) -> int:
    out: list[Line] = []
    try:
        options, operands, help_wanted = _options(argv)
        if help_wanted:
            import textwrap

            names = ", ".join(m.name for m in _MEASURES if _available(m, options.version))
            names = textwrap.fill(names, 88, initial_indent=" " * 10, subsequent_indent="  ").strip()
            stdout.write(HELP.replace("{measures}", names).encode("utf-8"))
            return 0
        if len(operands) < 2:
            raise TrecEvalExit(1, "give a qrels file and at least one run file")
        _refuse_shared_gains(options)
        qrels_path, run_paths = operands[0], operands[1:]
        if [qrels_path, *run_paths].count("-") > 1:
            raise TrecEvalExit(1, "standard input ('-') can stand for one file only")
        if options.rel_format not in _REL_FORMATS:
            raise TrecEvalExit(2, f"Illegal rel_format '{options.rel_format}': {PROGRAM} reads "
                                  f"{', '.join(_REL_FORMATS)}")
        qrels_name, qrels_data = _read_input(qrels_path, stdin, "qrels")
        groups = None
        if options.rel_format == "qrels_jg":
            groups = _Groups.read(qrels_name, qrels_data)
            qrels = groups.qrels
        elif options.rel_format in ("prefs", "qrels_prefs"):
            groups = _Preferences.read(qrels_name, qrels_data, options.rel_format, options.version)
            qrels = None
        else:
            qrels = _read_columns(qrels_name, qrels_data, "qrels")
        del qrels_data
        if options.results_format != "trec_results":
            raise TrecEvalExit(2, f"Illegal retrieval results format '{options.results_format}': "
                                  "trec_eval reads 'trec_results'")
        zscores = None
        # trec_eval's text goes out run by run; the other outputs need every run first.
        streaming = (options.output_format == "trec_eval" and not options.compare
                     and options.per_query_file is None)
        kept: list[RunLines] = []
        for run_path in run_paths:
            pending = [_read_run(run_path, stdin)]  # taken by _evaluate_run, which lets it go when joined
            if options.zscores is not None and zscores is None:
                zscores = _Zscores(options.zscores)
            if not options.measures:
                _mark("official", options.measures, options.params, options.version)
            table = _table(options.version)
            marked = [_initialise(table[name], options.params.get(name), options.version)
                      for name in table if name in options.measures]
            _note_rbp(options, marked, stderr)
            try:
                _evaluate_run(options, marked, qrels, pending, zscores, out, groups)
            finally:
                if streaming:
                    stdout.write(_text(out, options).encode("utf-8"))
                else:
                    kept.append(RunLines(run_path, list(out)))
                out.clear()
        if not streaming:
            _write_kept(kept, options, stdout)
        return 0
    except TrecEvalExit as stop:
        if stop.code == 0:
            stderr.write(stop.message + "\n")
            return 0
        stderr.write(f"{PROGRAM}: {stop.message}\n")
        if stop.code == 1 and stop.message.startswith(("option", "invalid option", "give a qrels")):
            stderr.write(USAGE)
        return stop.code


def _text(lines: list[Line], options: _Options) -> str:
    from ._trec_eval_output import trec_eval_text

    return trec_eval_text(lines, queries=options.query, summary=options.summary)


def _write_kept(runs: list[RunLines], options: _Options, stdout) -> None:
    """The outputs that need every run: --format json or csv, --compare, --per-query-file
    (per-query lines to that file, the summary and the comparison to standard output)."""
    from . import _trec_eval_output as output

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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on this process's arguments and streams; return the exit code."""
    stdout = sys.stdout.buffer
    try:
        code = run_command(sys.argv[1:] if argv is None else argv, sys.stdin.buffer, stdout, sys.stderr)
        stdout.flush()
    except BrokenPipeError:  # the output's reader stopped (e.g. | head): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        code = 0
    except MemoryError:  # the files are larger than this machine's memory (trec_eval: exit 3)
        sys.stderr.write(f"{PROGRAM}: out of memory: the files need more than this process may allocate\n")
        code = 3
    return code
