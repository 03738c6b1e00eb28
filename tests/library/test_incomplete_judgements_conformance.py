"""Bpref, infAP, Judged@k, RBP, RBP_resid and condensed lists against the trec_eval binaries.

trec_eval 10.0 and 9.0.8 are built from their unmodified sources (see
``trec_eval_binary.py``) and run on trec_eval's own test collection and on 60
seeded random collections holding pool-unjudged (-1) grades, documents absent
from the qrels, graded and zero grades, queries without a relevant document
and judged queries missing from the run. Every value, per query and mean,
must agree at trec_eval's 4 decimals. 9.0.8 has only bpref and infAP.

Two facts shape the commands:

* Judged@k is compared with 1 - ``unj_k`` (10.0 reports the unjudged share).
* ``rbp`` is always run on its own. In 10.0's ``m_rbp.c`` the locals ``min``
  and ``max`` are read before they are set; built with the Makefile's flags
  they hold what the previous measure's code left on the stack. Alone (and
  with ``-m all_trec``) that is a tiny positive number, so the gains are the
  intended grade / max(1, top grade); after ``ndcg``, ``ndcg_cut``,
  ``ndcg_rel``, ``G``, ``11pt_avg`` or ``iprec_at_recall`` it can be large,
  and every gain is divided by it (test collection: 0.3234 alone, 0.0171
  with ``-m ndcg``). ``test_rbp_depends_on_the_measures_beside_it`` keeps
  that observation honest.
* With ``-c``, 10.0 scores a judged query missing from the run on a one-document
  ranking of an unjudged dummy, then zeroes the measures that would see it:
  it tests ``rbp_resid`` by its exact name, so ``rbp_resid.p=0.8`` (printed
  ``rbp_resid_p=0.8``) keeps the dummy's residual, 1.0. We follow the default
  measure (0, as ``-m rbp_resid`` and ``-m all_trec`` print it); with a
  parameter, the test checks that trec_eval printed 1.0 there and takes its
  mean less those 1.0s.

Run as a script to print the number of values compared and differing per
measure and release: ``.venv/bin/python tests/test_incomplete_judgements_conformance.py``.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from rankmetrics_lite import evaluate, read_trec_qrels, read_trec_run
from rankmetrics_lite.measures import parse_measure
from tests.library import trec_eval_binary as te

# Compared with the real trec_eval 10.0 and 9.0.8 programs, built from their sources.
pytestmark = pytest.mark.reference

SEEDS = range(60)
JUDGED_CUTOFFS = (1, 3, 5, 10, 20)
TOLERANCE = 5e-5 + 1e-9  # trec_eval prints 4 decimals
# Measures that run beside the new ones in the condensed-list (-J) comparison.
CLASSIC = ["AP", "P@5", "P@10", "nDCG", "nDCG@10", "RR", "Rprec", "R@10", "Success@1", "Success@5"]
CLASSIC_TREC_EVAL = ["-m", "map", "-m", "P.5,10", "-m", "ndcg", "-m", "ndcg_cut.10", "-m",
                     "recip_rank", "-m", "Rprec", "-m", "recall.10", "-m", "success.1,5"]


# --------------------------------------------------------- the collections --


def random_collection(seed: int):
    """(qrels, run, relevance level, persistence p) of one seeded random collection."""
    rng = np.random.default_rng(seed)
    qrels, run = {}, {}
    for i in range(int(rng.integers(3, 9))):
        qid = f"q{i}"
        docs = [f"d{j}" for j in rng.choice(300, int(rng.integers(4, 70)), replace=False)]
        if rng.random() < 0.2:  # no relevant document: pool-unjudged and zero grades only
            grades = rng.choice([-1, 0], len(docs), p=[0.3, 0.7])
        else:
            grades = rng.choice([-1, 0, 1, 2, 3], len(docs), p=[0.15, 0.45, 0.2, 0.12, 0.08])
        in_qrels = rng.random(len(docs)) < 0.6
        qrels[qid] = {d: int(g) for d, g, kept in zip(docs, grades, in_qrels) if kept}
        if not qrels[qid]:
            qrels[qid] = {docs[0]: int(grades[0])}
        if rng.random() < 0.1:
            continue  # judged but missing from the run: scores 0 (-c)
        retrieved = [d for d in docs if rng.random() < 0.8] or docs[:1]
        # Scores rounded to two decimals: many ties, broken by document id.
        run[qid] = {d: float(round(rng.random() * 3, 2)) for d in retrieved}
    run["unjudged_query"] = {"d1": 1.0}  # in the run only: no query of trec_eval's output
    level = int(rng.choice([0, 1, 1, 2]))
    p = float(rng.choice([0.5, 0.8, 0.9, 0.95]))
    return qrels, run, level, p


# ----------------------------------------------------------- comparing --


def new_measures(p: float) -> list[str]:
    return ["Bpref", "infAP", *(f"Judged@{k}" for k in JUDGED_CUTOFFS),
            f"RBP(p={p})", f"RBP_resid(p={p})"]


def their_value(name: str, theirs: dict[str, float], *, default_p: float | None = None):
    """trec_eval's value for our measure ``name`` (None if it printed none)."""
    measure = parse_measure(name)
    if measure.family == "Judged":
        unjudged = theirs.get(f"unj_{measure.cutoff}")
        return None if unjudged is None else 1.0 - unjudged
    if default_p is not None and measure.value == default_p:  # -m rbp without a parameter
        return theirs.get({"RBP": "rbp", "RBP_resid": "rbp_resid"}[measure.family])
    return theirs.get(measure.trec_eval_name)


def compare(ours: dict, theirs: dict, release: str, tally: Counter, wrong: list, label: str,
            default_p: float | None = None, missing: frozenset = frozenset()) -> None:
    """Count every value trec_eval printed for our measures (per query and 'all');
    ``missing``: the judged queries absent from the run (see the module's notes)."""
    means = ours.pop("all")
    assert set(ours) == set(theirs) - {"all"}, f"{label}: queries differ"
    for qid, values in [*ours.items(), ("all", means)]:
        for name, value in values.items():
            expected = their_value(name, theirs[qid], default_p=default_p)
            if expected is None:
                continue
            family = parse_measure(name).family
            if family == "RBP_resid" and missing and parse_measure(name).value != default_p:
                if qid in missing and expected == 1.0:
                    expected = 0.0  # trec_eval's dummy ranking, left unzeroed
                elif qid == "all":  # less the 1.0s (-J removes the dummy: none there)
                    name_there = parse_measure(name).trec_eval_name
                    left = sum(theirs[q].get(name_there) == 1.0 for q in missing)
                    expected -= left / len(ours)
            tally[release, family, "compared"] += 1
            if abs(value - expected) > TOLERANCE:
                tally[release, family, "differing"] += 1
                wrong.append((label, qid, name, value, expected))


def ours(run, qrels, measures, **options) -> dict:
    table = evaluate(run, qrels, measures, per_query=True, **options)
    table["all"] = evaluate(run, qrels, measures, **options)
    return table


def compare_random(binaries: dict, seed: int, folder: Path, tally: Counter, wrong: list) -> None:
    qrels, run, level, p = random_collection(seed)
    qrels_file = te.write_qrels(folder / f"qrels.{seed}", qrels)
    run_file = te.write_run(folder / f"run.{seed}", run)
    level_option = ["-c", f"-l{level}"]
    for release, binary in binaries.items():
        label = f"seed {seed}, trec_eval {release}"
        if release == "10.0":
            # trec_eval's default p (0.9) under its plain names, other values as parameters.
            given = "" if p == 0.9 else f".p={p}"
            theirs = te.run(binary, qrels_file, run_file, *level_option, "-m", "bpref", "-m", "infAP",
                            "-m", "unj." + ",".join(map(str, JUDGED_CUTOFFS)),
                            "-m", f"rbp_resid{given}")
            rbp = te.run(binary, qrels_file, run_file, *level_option, "-m", f"rbp{given}")
            for qid, values in rbp.items():
                theirs.setdefault(qid, {}).update(values)
            measures = new_measures(p)
            condensed = te.run(binary, qrels_file, run_file, *level_option, "-J", "-m", "bpref",
                               "-m", "infAP", "-m", "unj.5,10", "-m", f"rbp_resid{given}",
                               *CLASSIC_TREC_EVAL)
            condensed_rbp = te.run(binary, qrels_file, run_file, *level_option, "-J",
                                   "-m", f"rbp{given}")
            for qid, values in condensed_rbp.items():
                condensed.setdefault(qid, {}).update(values)
        else:
            theirs = te.run(binary, qrels_file, run_file, *level_option, "-m", "bpref", "-m", "infAP")
            measures = ["Bpref", "infAP"]
            condensed = te.run(binary, qrels_file, run_file, *level_option, "-J", "-m", "bpref",
                               "-m", "infAP", *CLASSIC_TREC_EVAL)
        options = {"relevance_level": level, "trec_eval_version": release}
        notes = {"default_p": 0.9, "missing": frozenset(q for q in qrels if q not in run)}
        compare(ours(run, qrels, measures, **options), theirs, release, tally, wrong, label, **notes)
        compare(ours(run, qrels, measures + CLASSIC, unjudged="condensed", **options), condensed,
                f"{release} -J", tally, wrong, label + " -J", **notes)


# trec_eval's test collection: expected output, qrels, run, relevance level.
STORED = {
    "out.test.aq": ("qrels.test", "results.test", 1),
    "out.test.aqc": ("qrels.test", "results.trunc", 1),
    "out.test.aql": ("qrels.rel_level", "results.test", 2),
}


def stored_output(name: str) -> dict[str, dict[str, float]]:
    table: dict[str, dict[str, float]] = {}
    for line in (te.TEST_COLLECTION / name).read_text().splitlines():
        measure, qid, value = line.split("\t")
        try:
            table.setdefault(qid, {})[measure.strip()] = float(value)
        except ValueError:  # runid, relstring
            continue
    return table


def compare_test_collection(binaries: dict, tally: Counter, wrong: list) -> None:
    """The stored outputs of -m all_trec (10.0: p = 0.9), then the built binaries, with -J too."""
    for name, (qrels_name, run_name, level) in STORED.items():
        qrels_file, run_file = te.TEST_COLLECTION / qrels_name, te.TEST_COLLECTION / run_name
        qrels, run = read_trec_qrels(qrels_file), read_trec_run(run_file)
        measures = new_measures(0.9)
        compare(ours(run, qrels, measures, relevance_level=level), stored_output(name),
                "10.0", tally, wrong, name, default_p=0.9)
        for release, binary in binaries.items():
            level_option = ["-c", f"-l{level}"]
            options = {"relevance_level": level, "trec_eval_version": release}
            extra = ["-m", "unj.1,3,5,10,20"] if release == "10.0" else []
            theirs = te.run(binary, qrels_file, run_file, *level_option, "-m", "bpref", "-m", "infAP",
                            *extra)
            ours_now = ["Bpref", "infAP", *(f"Judged@{k}" for k in JUDGED_CUTOFFS)][:None if extra else 2]
            if release == "10.0":
                for p in (0.5, 0.8, 0.95):
                    for measure in ("rbp", "rbp_resid"):
                        for qid, values in te.run(binary, qrels_file, run_file, *level_option,
                                                  "-m", f"{measure}.p={p}").items():
                            theirs.setdefault(qid, {}).update(values)
                    ours_now += [f"RBP(p={p})", f"RBP_resid(p={p})"]
            missing = frozenset(q for q in qrels if q not in run)
            compare(ours(run, qrels, ours_now, **options), theirs, release, tally, wrong,
                    f"{name} built {release}", missing=missing)
            condensed = te.run(binary, qrels_file, run_file, *level_option, "-J", "-m", "bpref",
                               "-m", "infAP", *CLASSIC_TREC_EVAL)
            compare(ours(run, qrels, ["Bpref", "infAP", *CLASSIC], unjudged="condensed", **options),
                    condensed, f"{release} -J", tally, wrong, f"{name} built {release} -J")


# ------------------------------------------------------------------ tests --


@pytest.fixture(scope="session")
def binaries() -> dict[str, Path]:
    return {release: te.trec_eval_binary(release) for release in ("10.0", "9.0.8")}


def _no_difference(tally: Counter, wrong: list) -> None:
    compared = sum(n for (_, _, what), n in tally.items() if what == "compared")
    assert compared > 0, "nothing was compared"
    assert not wrong, f"{len(wrong)} of {compared} values differ from trec_eval, first: {wrong[:5]}"


def test_trec_eval_test_collection(binaries):
    tally, wrong = Counter(), []
    compare_test_collection(binaries, tally, wrong)
    _no_difference(tally, wrong)
    assert tally["10.0", "Bpref", "compared"] >= 3 * 4 and tally["9.0.8", "infAP", "compared"] >= 9


@pytest.mark.parametrize("batch", range(4))
def test_seeded_random_collections(binaries, tmp_path, batch):
    tally, wrong = Counter(), []
    for seed in SEEDS[batch::4]:
        compare_random(binaries, seed, tmp_path, tally, wrong)
    _no_difference(tally, wrong)
    for release, family in [("10.0", f) for f in ("Bpref", "infAP", "Judged", "RBP", "RBP_resid")] + [
            ("9.0.8", "Bpref"), ("9.0.8", "infAP"), ("10.0 -J", "AP"), ("9.0.8 -J", "nDCG")]:
        assert tally[release, family, "compared"] > 0, (release, family)


def test_the_random_collections_hold_every_case():
    kinds = Counter()
    for seed in SEEDS:
        qrels, run, level, _ = random_collection(seed)
        grades = [g for docs in qrels.values() for g in docs.values()]
        kinds["pool-unjudged"] += -1 in grades
        kinds["graded"] += 3 in grades
        kinds["no relevant"] += any(max(d.values()) < max(level, 1) for d in qrels.values())
        kinds["missing from run"] += any(q not in run for q in qrels)
        kinds["not in qrels"] += any(d not in qrels.get(q, {}) for q in run for d in run[q])
        kinds["level 2"] += level == 2
    assert min(kinds.values()) >= 5, kinds


def test_rbp_depends_on_the_measures_beside_it(binaries):
    # The finding behind running rbp alone: same data, same binary, other numbers.
    binary = binaries["10.0"]
    qrels, results = te.TEST_COLLECTION / "qrels.test", te.TEST_COLLECTION / "results.test"
    alone = te.run(binary, qrels, results, "-m", "rbp")["all"]["rbp"]
    beside_ndcg = te.run(binary, qrels, results, "-m", "rbp", "-m", "ndcg")["all"]["rbp"]
    assert alone == stored_output("out.test.aq")["all"]["rbp"] == 0.3234
    assert beside_ndcg != alone  # 0.0171 with this build


# ----------------------------------------------------------------- report --


def report() -> str:
    """The table of values compared and differing, per release and measure."""
    tally, wrong = Counter(), []
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        binaries = {release: te.build_trec_eval(release, base / "bin") for release in ("10.0", "9.0.8")}
        compare_test_collection(binaries, tally, wrong)
        for seed in SEEDS:
            compare_random(binaries, seed, base, tally, wrong)
    keys = sorted({(release, family) for release, family, _ in tally})
    lines = [f"{'release':<11}{'measure':<11}{'compared':>9}{'differing':>10}"]
    lines += [f"{r:<11}{f:<11}{tally[r, f, 'compared']:>9}{tally[r, f, 'differing']:>10}"
              for r, f in keys]
    return "\n".join(lines + [f"first differences: {wrong[:5]}" if wrong else "no difference"])


if __name__ == "__main__":
    print(report())
