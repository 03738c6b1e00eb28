"""The command line's options, read as trec_eval reads them (GNU ``getopt_long``)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field

from .. import __version__
from .._c_numbers import atol_prefix
from .._trec_eval_output import FORMATS
from .._trec_ranking import TREC_EVAL_VERSIONS
from ..validation import OneOf, validate_options
from .errors import PROGRAM, TrecEvalExit
from .table import mark, measures_of


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


def help_text(version: str) -> str:
    """``-h``: the usage, the options, and the release's measures."""
    names = ", ".join(measures_of(version))
    names = textwrap.fill(names, 88, initial_indent=" " * 10, subsequent_indent="  ").strip()
    return HELP.replace("{measures}", names)


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


@dataclass
class Options:
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


REL_FORMATS = ("qrels", "qrels_jg", "prefs", "qrels_prefs")


def parse_options(argv: Sequence[str]) -> tuple[Options, list[str], bool]:
    """Options, operands and whether help was asked, in trec_eval's order of reactions."""
    parsed, operands = getopt_long(argv)
    options = Options()
    help_wanted = False
    version_given = [value for option, value in parsed if option == "version-of-trec-eval"]
    if version_given:
        options.version = _checked("--trec-eval-version", version_given[-1])
    for option, value in parsed:
        if option == "h":
            help_wanted = True
        elif option == "v":
            raise TrecEvalExit(0, f"{PROGRAM} {__version__}, reproducing trec_eval {options.version}")
        elif option == "q":
            options.query = True
        elif option == "m":
            mark(value, options.measures, options.params, options.version)
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
            options.output_format = _checked("--format", value)
        elif option == "compare":
            options.compare = True
        elif option == "per-query-file":
            options.per_query_file = value
            options.query = True
    return options, operands, help_wanted


# The options beyond trec_eval's own C parsing (which reads numbers with atol: -l 2x is -l 2),
# checked through the package's shared vocabulary of constraints.
_CONSTRAINTS = {"--trec-eval-version": OneOf(*TREC_EVAL_VERSIONS), "--format": OneOf(*FORMATS)}


def _checked(option: str, value: str) -> str:
    try:
        return validate_options({option: value}, _CONSTRAINTS)[option]
    except ValueError as exc:  # exit 1, as trec_eval exits on a bad option
        raise TrecEvalExit(1, str(exc)) from None


# m_ndcg.c defines dcg, ideal_dcg and ndcg over one parameter list.
_SHARED_GAINS = ("dcg", "ideal_dcg", "ndcg")


def refuse_shared_gains(options: Options) -> None:
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
