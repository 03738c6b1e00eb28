"""The command line (``python -m rankmetrics_lite``) against the real trec_eval programs, byte for byte.

trec_eval 10.0 and 9.0.8 are built from their unmodified sources
(``trec_eval_programs.py``). Each command runs both ways on the same files: the
binary, and the package's command line in this process (``run_command``, what
``main`` runs), with ``--trec-eval-version`` for 9.0.8. Their standard outputs
must be equal byte for byte and their exit codes equal: every measure of
``all_trec`` and the others (``dcg``, ``ideal_dcg``, parameters, gain maps),
the judgement-group measures (``-R qrels_jg``), the preference measures (``-R prefs``
and ``qrels_prefs``, also on seeded preference files; not below level 0, where 10.0
reads memory no query wrote), and the options
``-q -c -n -J -l -M -N -Z -D``, on trec_eval's own test
collection (its ``quicktest`` commands and more) and on 60 seeded adversarial
collections (``trec_collections.py``: float32 ties, every number spelling,
graded and negative grades, queries judged but not run and run but not
judged, CR LF, comments for 10.0). Run with ``-rA`` to see the figures.

Where trec_eval itself fails, the commands avoid it: 10.0's ``rbp`` reads two
variables it never sets (``m_rbp.c``), which hold what the measure computed
before it left on the stack; it runs here alone or after
``num_nonrel_judged_ret`` (as in ``all_trec``), where that is a tiny number.
And 10.0's ``dcg``, ``ideal_dcg`` and ``ndcg`` share one parameter list: two of
them with gains given to one crash it (a double free), so gains go to one at a time.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.library.command_line_compare import compare, report
from tests.library.trec_collections import Collection, random_collection, write_collection
from tests.library.trec_eval_programs import RELEASES, SOURCES, missing, trec_eval_binary

pytestmark = pytest.mark.reference

SEEDS = range(60)
SEED_GROUPS = [range(start, start + 15) for start in range(0, 60, 15)]

# trec_eval's own test collection, with its own commands (Makefile's quicktest) and more.
OWN_COMMANDS = [
    "qrels.test results.test",
    "-m all_trec qrels.test results.test",
    "-m all_trec -q qrels.test results.test",
    "-m all_trec -q -c qrels.test results.trunc",
    "-m all_trec -q -c -M100 qrels.test results.trunc",
    "-m all_trec -mrelstring.20 -q -l2 qrels.rel_level results.test",
    "-q -miprec_at_recall..10,.20,.25,.75,.50 -m P.5,7,3 -m recall.20,2000 -m Rprec_mult.5.0,0.2,0.35 "
    "-mutility.2,-1,0,0 -m 11pt_avg..25,.5,.75 -mndcg.1=3,2=9,4=4.5 -mndcg_cut.10,20,23.4 "
    "-msuccess.2,5,20 qrels.test results.test",
    "-q -m all_trec -Z zscores_file qrels.test results.test",
    "-m all_trec -q qrels.test results.trunc",  # 10.0: stops at query 302 (exit 4)
    "-m all_trec -q -J qrels.test results.test",
    "-m all_trec -q -c -J -l2 qrels.rel_level results.trunc",
    "-m set -q -c -N 100000 -M 50 qrels.test results.trunc",
    "-m official -n -q qrels.test results.test",
    "--measure=P.1,2 --query_eval_wanted --complete_rel_info_wanted qrels.test results.trunc",
    "-q -D 0.302 -m map -m P.5 qrels.test results.test",
    "-q -m ndcg.0=1,1=0.5 -m G.2=0.5,1=3 -m ndcg_rel.1=2 -m Rndcg.1=1,2=1.5 -m binG qrels.rel_level results.test",
    "-q -m 11pt_avg.0.9,0.1,0.5 -m iprec_at_recall.-0.5,1.5 -m relstring.3 -m set_F.0.25 qrels.test results.test",
    "-q -m P.5,5 qrels.test results.test",  # duplicate cutoffs: exit 2
    "-q -m P.0,5 qrels.test results.test",  # negative cutoff: exit 2
    "-q -m utility.1,2 qrels.test results.test",  # utility needs 4 coefficients: exit 4
    "-q -R qrels_jg -m qrels_jg qrels.123 results.test",  # judgement groups
    "-q -c -J -l2 -R qrels_jg -m qrels_jg -m P_avgjg.1,3,1000 -M 50 qrels.123 results.trunc",
    "-q -R qrels_jg -m map qrels.123 results.test",  # map reads qrels: exit 4
    "-q -m map_avgjg qrels.test results.test",  # map_avgjg reads qrels_jg: exit 4
    "-q -c -m yaap -m map qrels.test results.trunc",
    "-m all_prefs -q -R prefs prefs.test prefs.results.test",  # preferences
    "-m all_prefs -q -c -M 20 -R prefs prefs.test prefs.results.test",
    "-m all_prefs -q -R qrels_prefs qrels.test results.test",
    "-m all_prefs -q -c -R qrels_prefs qrels.test results.trunc",
    "-m prefs -m map -q -R prefs prefs.test prefs.results.test",  # map reads qrels: exit 4
    "-q -m nonesuch qrels.test results.test",  # exit 1
    "-q qrels.test",  # exit 1
    "-q qrels.test no_such_run",  # exit 2
]
OWN_COMMANDS_10 = [
    "qrels.comment.test results.comment.test",
    "-q -R qrels_jg -m qrels_jg qrels.comments.123 results.test",
    "-m all_prefs -q -R prefs prefs.comment.test prefs.results.test",
    "-q -c -m dcg.1=2 -m unj.1,2,3 qrels.test results.trunc",
    "-q -c -m ideal_dcg.2=4,1=0.5 -m ndcg_cut.3 qrels.rel_level results.trunc",
    "-q -c -m dcg -m ideal_dcg -m ndcg qrels.rel_level results.trunc",
    "-q -m rbp qrels.test results.test",
    "-q -m rbp.p=0.5 qrels.test results.test",
    "-q -c -m rbp_resid -m rbp_resid.p=0.95 qrels.test results.trunc",
]

# Options run on every adversarial collection (each a list of arguments before the files).
RANDOM_COMMANDS = [
    ["-q", "-c", "-m", "all_trec"],
    ["-q", "-m", "all_trec"],  # 10.0 stops at the first judged query the run lacks
    ["-q", "-c", "-J", "-m", "all_trec"],
    ["-q", "-c", "-l2", "-m", "all_trec"],
    ["-q", "-c", "-M", "5", "-m", "all_trec"],
    ["-c", "-n", "-q", "-m", "official"],
    ["-c", "-m", "all_trec"],
    ["-q", "-c", "-m", "ndcg.0=1,1=3,3=0.5,2=2.5", "-m", "G.1=0.5,4=9", "-m", "ndcg_rel.2=0",
     "-m", "Rndcg.1=2,2=1", "-m", "11pt_avg.0.5,0.2,0.8", "-m", "Rprec_mult.0.5,3",
     "-m", "utility.2,-1,1,-0.5", "-N", "1000", "-m", "relstring.4", "-m", "set_F.3",
     "-m", "P.3,1", "-m", "relative_P.2,50", "-m", "iprec_at_recall.0.05,0.55", "-m", "yaap"],
    # The qrels' second column (0, Q0 or iter at random) read as judgement groups.
    ["-q", "-c", "-R", "qrels_jg", "-m", "qrels_jg", "-m", "P_avgjg.1,3"],
    ["-q", "-c", "-J", "-l2", "-R", "qrels_jg", "-m", "map_avgjg", "-m", "Rprec_mult_avgjg.0.5,2"],
]
RANDOM_COMMANDS_10 = [
    ["-q", "-c", "-m", "ideal_dcg.1=0.5,3=7", "-m", "unj.1,7"],
    ["-q", "-c", "-m", "dcg", "-m", "ideal_dcg", "-m", "ndcg"],
    ["-q", "-c", "-m", "rbp.p=0.7"],
    ["-q", "-c", "-J", "-m", "rbp_resid.p=0.5"],
]


@pytest.fixture(scope="module", params=RELEASES)
def release(request):
    return request.param, trec_eval_binary(request.param)


@pytest.fixture(scope="module")
def collections(tmp_path_factory) -> dict[int, tuple[Path, Path, Path, Path, Path]]:
    """Per seed: plain qrels and run, the same with comment lines (10.0 only), and a
    zscores file for the collection's queries."""
    folder = tmp_path_factory.mktemp("command_line")
    written = {}
    for seed in SEEDS:
        collection = random_collection(seed)
        plain = write_collection(collection, folder, seed, comments=False)
        commented = write_collection(collection, folder, seed, comments=True)
        # The qrels read as preferences (their second column a group, the grade a level), with
        # grades below 0 raised to 0: below 0, several classes are non-relevant, and trec_eval's
        # Rnonrel measures read ranks past the last one, into memory no query wrote.
        levels = Collection(collection.run, {q: {d: max(g, 0) for d, g in judged.items()}
                                             for q, judged in collection.qrels.items()})
        (folder / "levels").mkdir(exist_ok=True)
        as_prefs = [write_collection(levels, folder / "levels", seed, comments=c)[0] for c in (False, True)]
        written[seed] = (*plain, *commented, _zscores(collection, folder / f"zscores.{seed}", seed),
                         _preferences(collection, folder / f"prefs.{seed}", seed), *as_prefs)
    return written


def _preferences(collection, path: Path, seed: int) -> Path:
    """A prefs file for the collection's queries: groups of one sub-group (classes of equal
    level) and of several, consistent within a group (each document keeps one level in it,
    so that the closure has no cycle), levels 0, whole and fractional, on documents retrieved
    and not."""
    rng = random.Random(seed * 31 + 7)
    lines = []
    for qid in list(collection.qrels)[: rng.randint(1, len(collection.qrels))]:
        pool = list(collection.run.get(qid, {})) + [f"p{i}" for i in range(8)] + list(collection.qrels[qid])
        pool = list(dict.fromkeys(pool))
        for jg in range(rng.randint(1, 4)):
            docs = rng.sample(pool, min(len(pool), rng.randint(2, 9)))
            level = {d: rng.choice([0.0, 0.0, 1.0, 2.0, 2.5, 3.0, 0.5]) for d in docs}
            for jsg in range(rng.choice([1, 1, 2, 3])):
                subset = rng.sample(docs, min(len(docs), rng.randint(2, 6)))
                lines += [f"{qid} g{jg} s{jsg} {d} {level[d]!r}\n" for d in subset]
    rng.shuffle(lines)
    path.write_text("".join(lines), encoding="utf-8")
    return path


def _zscores(collection, path: Path, seed: int) -> Path:
    """Means and deviations for some queries and measures (others are missing on purpose)."""
    rng = random.Random(seed)
    names = ["num_ret", "num_rel", "num_rel_ret", "map", "P_5", "P_10", "Rprec", "bpref", "recip_rank",
             "gm_map", "num_q", "iprec_at_recall_0.00", "iprec_at_recall_0.50", "ndcg", "zzz"]
    lines = [f"{qid} {name} {rng.uniform(0, 2):.4f} {rng.choice([0.0, 0.5, 1.25]):.4f}\n"
             for qid in collection.qrels if rng.random() < 0.8 for name in names if rng.random() < 0.7]
    # trec_eval's binary searches read one entry past their table: a last query above every
    # query id keeps those reads inside it (past it, trec_eval reads freed memory and may crash).
    lines.append("\U0010ffff map 0.5 1\n")
    path.write_text("".join(lines), encoding="utf-8")
    return path


def test_trec_evals_own_collection(release):
    name, binary = release
    folder = SOURCES / name / "test"
    if not folder.is_dir():
        missing(f"trec_eval {name}'s test folder (trec_eval/{name}/test/)")
    commands = OWN_COMMANDS + (OWN_COMMANDS_10 if name == "10.0" else [])
    lines, differences = 0, []
    for command in commands:
        compared, different = compare(binary, name, command.split(), folder)
        lines += compared
        differences += different
    report(f"trec_eval {name}, its test collection, {len(commands)} commands", lines, differences)


@pytest.mark.parametrize("seeds", SEED_GROUPS, ids=lambda r: f"seeds{r.start}-{r.stop - 1}")
def test_adversarial_collections(release, collections, seeds):
    name, binary = release
    commands = RANDOM_COMMANDS + (RANDOM_COMMANDS_10 if name == "10.0" else [])
    lines, differences, n_commands = 0, [], 0
    for seed in seeds:
        qrels, run, qrels_c, run_c, zscores, prefs, levels, levels_c = collections[seed]
        # 10.0 reads the files with comment lines, 9.0.8 those without.
        files = [str(qrels_c), str(run_c)] if name == "10.0" else [str(qrels), str(run)]
        runs = [options + files for options in commands + [["-q", "-c", "-Z", str(zscores), "-m", "official"]]]
        runs += [["-q", "-c", "-R", "prefs", "-m", "all_prefs", str(prefs), files[1]],
                 ["-q", "-R", "prefs", "-M", "7", "-m", "all_prefs", str(prefs), files[1]],
                 ["-q", "-c", "-R", "qrels_prefs", "-m", "all_prefs",
                  str(levels_c if name == "10.0" else levels), files[1]]]
        n_commands = len(runs)
        for argv in runs:
            compared, different = compare(binary, name, argv, qrels.parent)
            lines += compared
            differences += [f"seed {seed}: {d}" for d in different]
    report(f"trec_eval {name}, seeds {seeds.start}-{seeds.stop - 1}, {n_commands} commands each",
            lines, differences)


@pytest.mark.parametrize("file", ["run", "qrels"])
@pytest.mark.parametrize("where", ["in both files", "in one file", "both"])
def test_a_document_twice_stops_at_the_first_query_evaluated(release, collections, file, where, tmp_path):
    # trec_eval looks for a document listed twice in a run, or judged twice in the qrels,
    # in each query it evaluates, in order, and stops at the first (after printing the
    # queries before it); in the queries it does not evaluate it never looks.
    name, binary = release
    lines, differences = 0, []
    for seed in range(0, 60, 4):
        collection = random_collection(seed)
        qrels, run = collections[seed][:2]
        mine, theirs = (collection.run, collection.qrels) if file == "run" else (collection.qrels, collection.run)
        shared, only_here = sorted(q for q in mine if q in theirs), sorted(q for q in mine if q not in theirs)
        rng = random.Random(seed)
        twice = [rng.choice(shared)] if where != "in one file" else []
        twice += [rng.choice(only_here)] if where != "in both files" and only_here else []
        text = (run if file == "run" else qrels).read_text(encoding="utf-8").rstrip("\n") + "\n"
        for qid in twice:
            docno, value = next(iter(mine[qid].items()))
            text += f"{qid} Q0 {docno} 9 {value - 1:.3f} again\n" if file == "run" else f"{qid} 0 {docno} {value + 1}\n"
        changed = tmp_path / f"{file}.{seed}.twice"
        changed.write_text(text, encoding="utf-8")
        files = [str(qrels), str(changed)] if file == "run" else [str(changed), str(run)]
        commands = [["-q", "-c", "-m", "all_trec"], ["-q", "-m", "official"], ["-c", "-m", "map"]]
        commands += [["-q", "-c", "-R", "prefs", "-m", "all_prefs", str(collections[seed][5])]] if file == "run" else []
        for argv in commands:
            compared, different = compare(binary, name, argv + (files[1:] if "prefs" in argv else files),
                                           qrels.parent)
            lines += compared
            differences += [f"seed {seed}: {d}" for d in different]
    report(f"trec_eval {name}, a document twice in the {file} ({where})", lines, differences)


@pytest.mark.parametrize("blank", ["\n", "  \n", "\t\r\n"])
@pytest.mark.parametrize("at", ["first", "middle", "last"])
def test_a_blank_qrels_line_is_malformed(release, tmp_path, blank, at):
    # trec_eval's get_qrels reads every line as 'qid iter docno rel' (its runs may have blank lines).
    name, binary = release
    lines = ["1 0 a 1\n", "1 0 b 0\n", "2 0 a 1\n"]
    lines.insert({"first": 0, "middle": 2, "last": 3}[at], blank)
    (tmp_path / "qrels").write_text("".join(lines))
    (tmp_path / "run").write_text("1 Q0 a 1 0.9 r\n\n1 Q0 b 2 0.8 r\n2 Q0 a 1 0.5 r\n")
    compared, differences = compare(binary, name, ["-q", "-m", "map", "qrels", "run"], tmp_path)
    assert not differences, differences


def test_the_collections_hold_what_the_commands_need(collections):
    # Both ways of stopping and going on: some collections have judged queries the run lacks.
    lacking = [seed for seed in SEEDS if set(random_collection(seed).qrels) - set(random_collection(seed).run)]
    assert 0 < len(lacking) < len(SEEDS)
