"""Seeded command lines for the command line's fuzz test against the real trec_eval programs.

:func:`fuzz_commands` draws, from a seed, command lines that trec_eval accepts
or refuses: measures with parameters of every shape (``inf``, ``nan``,
huge, negative, empty, hexadecimal, junk after a number, repeated), nicknames,
options clustered, abbreviated (``--c``, ``--comp``, ``--meas=``) and combined,
on small collections with odd grades (:func:`odd_collection`: queries whose every
grade is -1 or lower, first or later, grades up to 2,000, no relevant document).
Each command is a list of arguments whose file names are relative to the folder
:func:`write_fuzz_files` wrote.
"""

from __future__ import annotations

import random
from pathlib import Path

from tests.library.trec_collections import Collection, random_collection, write_collection

# Parameter values, by how trec_eval reads them.
LONGS = ["1", "2", "3", "5", "10", "20", "100", "1000", "0", "-1", "-5", "+3", "007", "1e2", "0x10", " 5",
         "5abc", "", "inf", "nan", "99999999999999999999", "-99999999999999999999", "2147483648"]
DOUBLES = ["0", "0.1", "0.25", "0.5", ".5", "1", "1.0", "1.5", "2", "-0.5", "-0", "inf", "-inf", "nan",
           "-nan", "1e308", "1e309", "-1e308", "1e-320", "0x1p-2", "2.5x", "", "0.35", "10", "0.999999"]
PAIR_KEYS = ["0", "1", "2", "3", "4", "-1", "-2", "+1", "01", "2000", "p", "a", "", "1.5", "2x"]
PAIR_VALUES = ["1", "0", "0.5", "2", "3.5", "-1", "inf", "-inf", "nan", "1e308", "1e-308", "", "x", "0x10"]

# trec_eval's measures (both releases unless noted) with the shape of their parameters.
MEASURES = {
    "num_q": None, "num_ret": None, "num_rel": None, "num_rel_ret": None, "map": None, "gm_map": None,
    "Rprec": None, "bpref": None, "recip_rank": None, "infAP": None, "gm_bpref": None, "binG": None,
    "set_P": None, "set_relative_P": None, "set_recall": None, "set_map": None, "yaap": None,
    "num_nonrel_judged_ret": None, "runid": None,
    "P": "longs", "recall": "longs", "ndcg_cut": "longs", "map_cut": "longs", "relative_P": "longs",
    "success": "longs", "iprec_at_recall": "doubles", "Rprec_mult": "doubles", "11pt_avg": "doubles",
    "utility": "doubles", "set_F": "doubles", "relstring": "doubles",
    "G": "pairs", "ndcg": "pairs", "ndcg_rel": "pairs", "Rndcg": "pairs",
}
MEASURES_10 = {"dcg": "pairs", "ideal_dcg": "pairs", "rbp": "p", "rbp_resid": "p", "unj": "longs"}
NICKNAMES = ["official", "all_trec", "set"]

# Long options as a user may abbreviate them (getopt_long takes any unique prefix).
FLAGS = {"q": ["-q", "--q", "--query", "--query_eval_wanted"],
         "c": ["-c", "--c", "--co", "--comp", "--complete", "--complete_rel_info_wanted"],
         "n": ["-n", "--n", "--nosum", "--nosummary"],
         "J": ["-J", "--J", "--Judged", "--Judged_docs_only"]}
WITH_VALUE = {"l": ["-l", "--l", "--level_for_rel"], "M": ["-M", "--Max", "--Max_retrieved_per_topic"],
              "N": ["-N", "--Nu", "--Number_docs_in_coll"]}
LEVELS = ["0", "1", "2", "3", "5", "00", "+2", "1x"]
MAXIMA = ["0", "1", "2", "5", "100", "9999999999"]
SIZES = ["0", "10", "1000", "-5", "x"]


def odd_collection(seed: int) -> Collection:
    """A small collection with odd grades: a query whose every grade is -1, or -2 or lower
    (first or later: later, trec_eval writes before an array and crashes), no relevant
    document, grades up to 2,000, and the usual runs (ties, unjudged documents)."""
    rng = random.Random(seed * 104729 + 17)
    qids = rng.sample(["1", "2", "3", "10", "A", "b", "q9", "z"], rng.randint(2, 5))
    qrels: dict[str, dict[str, int]] = {}
    run: dict[str, dict[str, float]] = {}
    docs = [f"d{i}" for i in range(30)]
    for qid in qids:
        kind = rng.choice(["normal", "normal", "minus one", "no relevant", "huge", "low"]
                          + ["lowest"] * (seed % 8 == 0))
        judged = rng.sample(docs, rng.randint(1, 12))
        grades = {"normal": [-1, 0, 0, 1, 2, 3], "minus one": [-1], "no relevant": [-1, 0],
                  "huge": [0, 1, 7, 300, 2000], "low": [-1, 0, 1], "lowest": [-2, -3, -7]}[kind]
        qrels[qid] = {d: rng.choice(grades) for d in judged}
        if rng.random() < 0.85:
            ranked = rng.sample(docs, rng.randint(1, 25))
            run[qid] = {d: rng.choice([1.0, 0.5, 0.25, 2.0, round(rng.random(), 3)]) for d in ranked}
    if not run:
        run[qids[0]] = {"d1": 1.0}
    return Collection(run, qrels)


def write_fuzz_files(folder: Path, n_collections: int = 24) -> list[tuple[str, str]]:
    """(qrels, run) file names in ``folder``: odd collections, and adversarial ones
    (trec_collections) without comment lines, which 9.0.8 does not read."""
    pairs = []
    for seed in range(n_collections):
        collection = odd_collection(seed) if seed % 2 == 0 else random_collection(seed)
        qrels, run = write_collection(collection, folder, 1000 + seed, comments=False)
        pairs.append((qrels.name, run.name))
    return pairs


def _parameters(rng: random.Random, shape: str) -> str:
    if shape == "longs":
        return ",".join(rng.choice(LONGS) for _ in range(rng.choice([1, 1, 2, 3, 4])))
    if shape == "doubles":
        return ",".join(rng.choice(DOUBLES) for _ in range(rng.choice([1, 1, 2, 3, 4])))
    if shape == "p":
        return f"p={rng.choice(DOUBLES)}"
    pairs = [f"{rng.choice(PAIR_KEYS)}={rng.choice(PAIR_VALUES)}" for _ in range(rng.choice([1, 1, 2, 3]))]
    return ",".join(pairs)


def _measure(rng: random.Random, release: str) -> str:
    table = dict(MEASURES, **(MEASURES_10 if release == "10.0" else {}))
    roll = rng.random()
    if roll < 0.08:
        return rng.choice(NICKNAMES)
    if roll < 0.1:
        return rng.choice(["nonesuch", "P_5", "map.", "ndcg.", ""])
    name = rng.choice(sorted(table))
    shape = table[name]
    if shape is None or rng.random() < 0.25:
        return name
    return f"{name}.{_parameters(rng, shape)}"


def _measure_options(rng: random.Random, release: str) -> list[str]:
    measures = [_measure(rng, release) for _ in range(rng.choice([1, 1, 2, 2, 3, 4]))]
    # Where trec_eval 10.0 is undefined, the command line refuses or notes it (its own tests):
    # two of dcg, ideal_dcg and ndcg (all_trec holds ndcg) with gains free one list twice: at
    # most one of them, and none with gains beside a nickname.
    shared = [m for m in measures if m.split(".")[0] in ("dcg", "ideal_dcg", "ndcg")]
    for extra in shared[1:]:
        measures.remove(extra)
    if any(m in NICKNAMES for m in measures):
        measures = [m.split(".")[0] if m in shared else m for m in measures]
    # rbp reads two variables it never sets (min and max) whatever measure comes before it
    # left there: it comes first, or after num_nonrel_judged_ret, as in all_trec (yaap would
    # come between); and gain pairs, which rescale by them, are refused here: p only.
    measures = [m if not m.startswith("rbp.") or m.startswith("rbp.p=") else "rbp" for m in measures]
    if any(m.split(".")[0] == "rbp" or m == "all_trec" for m in measures):
        measures = [m for m in measures if m.split(".")[0] != "yaap"] + ["num_nonrel_judged_ret"]
    options = []
    for m in measures:
        style = rng.random()
        if style < 0.5:
            options += ["-m", m]
        elif style < 0.7:
            options.append(f"-m{m}")
        elif style < 0.85:
            options.append(f"--measure={m}")
        else:
            options += [rng.choice(["--meas", "--m", "--measure"]), m]
    return options


def fuzz_command(rng: random.Random, release: str, files: list[tuple[str, str]]) -> list[str]:
    """One command line: options, measures and a (qrels, run) pair, shuffled as getopt allows."""
    options: list[list[str]] = []
    for flag, spellings in FLAGS.items():
        if rng.random() < {"q": 0.6, "c": 0.5, "n": 0.1, "J": 0.15}[flag]:
            options.append([rng.choice(spellings)])
    for flag, spellings in WITH_VALUE.items():
        if rng.random() < 0.2:
            value = rng.choice({"l": LEVELS, "M": MAXIMA, "N": SIZES}[flag])
            spelling = rng.choice(spellings)
            options.append([f"{spelling}={value}"] if spelling.startswith("--") and rng.random() < 0.5
                           else [spelling, value])
    if rng.random() < 0.9:
        options.append(_measure_options(rng, release))
    rng.shuffle(options)
    qrels, run = rng.choice(files)
    args = [arg for option in options for arg in option]
    cut = rng.randint(0, len(args)) if rng.random() < 0.2 else len(args)
    while cut < len(args) and args[cut - 1] in ("-m", "--meas", "--m", "--measure", "-l", "--l",
                                                 "--level_for_rel", "-M", "--Max", "--Max_retrieved_per_topic",
                                                 "-N", "--Nu", "--Number_docs_in_coll"):
        cut += 1  # never between an option and its value
    return args[:cut] + [qrels, run] + args[cut:]


def fuzz_commands(seed: int, count: int, release: str, files: list[tuple[str, str]]) -> list[list[str]]:
    rng = random.Random(f"{release}:{seed}")
    return [fuzz_command(rng, release, files) for _ in range(count)]
