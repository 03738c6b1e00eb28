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

The command runs in stages, one module each: ``options`` (trec_eval's options and
``-m``), ``table`` (its measures, derived from the catalogue), ``inputs`` (the files,
through the package's readers, their faults mapped to exit codes), ``judgements``
(preferences and judgement groups), ``run`` (one run evaluated) and ``output`` (what is
printed); this module ties them together.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

# The command line multiplies no matrices: numpy's BLAS threads would only cost start-up time
# (about 0.06 s of CPU here). Set before numpy is first imported; a user's setting stands.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")
# numpy asks Linux for 2 MiB pages for arrays of 4 MiB and more; here, where most large arrays
# live briefly, that costs memory and time (100k x 100: 784 -> 735 MiB, system CPU 1.6 -> 0.8 s).
os.environ.setdefault("NUMPY_MADVISE_HUGEPAGE", "0")

import numpy as np  # noqa: E402

from .._trec_eval_output import Line, RunLines, trec_eval_text  # noqa: E402
from .errors import PROGRAM, TrecEvalExit  # noqa: E402
from .inputs import read_columns, read_input, read_run, read_zscores  # noqa: E402
from .judgements import Groups, Preferences  # noqa: E402
from .options import REL_FORMATS, USAGE, getopt_long, help_text, parse_options, refuse_shared_gains  # noqa: E402
from .output import Zscores, run_lines, write_kept  # noqa: E402
from .run import evaluate_run, note_rbp  # noqa: E402
from .table import initialise, mark, measures_of  # noqa: E402

__all__ = ["PROGRAM", "TrecEvalExit", "getopt_long", "main", "run_command"]


def run_command(argv: Sequence[str], stdin, stdout, stderr) -> int:
    """The command line on byte streams (``stdin``, ``stdout``) and a text stream for
    messages (``stderr``); returns trec_eval's exit code. Arithmetic runs as C's does, where
    an overflow or a NaN is a value, not a warning: numpy's floating-point warnings are off."""
    with np.errstate(all="ignore"):
        return _run_command(argv, stdin, stdout, stderr)


def _run_command(argv: Sequence[str], stdin, stdout, stderr) -> int:
    out: list[Line] = []
    try:
        options, operands, help_wanted = parse_options(argv)
        if help_wanted:
            stdout.write(help_text(options.version).encode("utf-8"))
            return 0
        if len(operands) < 2:
            raise TrecEvalExit(1, "give a qrels file and at least one run file")
        refuse_shared_gains(options)
        qrels_path, run_paths = operands[0], operands[1:]
        if [qrels_path, *run_paths].count("-") > 1:
            raise TrecEvalExit(1, "standard input ('-') can stand for one file only")
        if options.rel_format not in REL_FORMATS:
            raise TrecEvalExit(2, f"Illegal rel_format '{options.rel_format}': {PROGRAM} reads "
                                  f"{', '.join(REL_FORMATS)}")
        qrels_name, qrels_data = read_input(qrels_path, stdin, "qrels")
        groups = None
        if options.rel_format == "qrels_jg":
            groups = Groups.read(qrels_name, qrels_data)
            qrels = groups.qrels
        elif options.rel_format in ("prefs", "qrels_prefs"):
            groups = Preferences.read(qrels_name, qrels_data, options.rel_format, options.version)
            qrels = None
        else:
            qrels = read_columns(qrels_name, qrels_data, "qrels")
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
            pending = [read_run(run_path, stdin)]  # taken by evaluate_run, which lets it go when joined
            if options.zscores is not None and zscores is None:
                zscores = Zscores(read_zscores(options.zscores))
            if not options.measures:
                mark("official", options.measures, options.params, options.version)
            table = measures_of(options.version)
            marked = [initialise(table[name], options.params.get(name), options.version)
                      for name in table if name in options.measures]
            note_rbp(options, marked, stderr)
            try:
                evaluation = evaluate_run(options, marked, qrels, pending, groups)
                run_lines(options, marked, evaluation, zscores, out)
                if evaluation.stop is not None:  # after the queries before it
                    raise TrecEvalExit(4, evaluation.stop)
            finally:
                if streaming:
                    stdout.write(trec_eval_text(out, queries=options.query, summary=options.summary).encode("utf-8"))
                else:
                    kept.append(RunLines(run_path, list(out)))
                out.clear()
        if not streaming:
            write_kept(kept, options, stdout)
        return 0
    except TrecEvalExit as stop:
        if stop.code == 0:
            stderr.write(stop.message + "\n")
            return 0
        stderr.write(f"{PROGRAM}: {stop.message}\n")
        if stop.code == 1 and stop.message.startswith(("option", "invalid option", "give a qrels")):
            stderr.write(USAGE)
        return stop.code


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
