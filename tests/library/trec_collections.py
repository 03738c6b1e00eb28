"""Seeded random TREC collections that probe what trec_eval and a reimplementation may disagree on.

:func:`random_collection` draws a run and qrels (as dicts); :func:`write_collection`
writes them as files in every form trec_eval reads the same way. Together they hold:

* scores tied only at float32 precision (0.1 vs 0.1 + 1e-9, 16777216 vs 16777217),
  exact ties, negative scores and scores beyond float32's range (inf in 9.0.8);
* every spelling of a number trec_eval's atof and atol read: signs, leading zeros,
  ``.5``, ``1.``, exponents in either case, hexadecimal (``0x1.8p3``);
* graded and negative grades, ids whose byte order and collation disagree (case,
  digits, accents, CJK, emoji, fullwidth forms, a no-break space inside an id);
* queries judged but not run, run but not judged, with no relevant document, with
  a single document, and (one seed in five) a ranking longer than 1,000 documents;
* CR LF line ends, tabs and runs of spaces, leading blanks, extra run columns,
  blank run lines, shuffled lines, no final newline, and (``comments=True``, for
  trec_eval 10.0 only) comment lines where 10.0 reads them as comments.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

QUERY_IDS = ["301", "q1", "Q1", "q10", "q9", "9", "10", "é", "e", "f", "z", "Z", "É", "文書",
             "😀", "ｑ", "q\u00a0x", "q#1", "-1"]
DOC_IDS = ["d1", "d10", "d2", "D1", "d9", "10", "9", "100", "é", "e", "É", "f", "z", "Z",
           "文", "中", "😀", "🙂", "ｚ", "\uff5e", "d\u00a01", "#d", "d#", "-", "é1", "e\u0301"]
DOC_IDS += [f"doc{i}" for i in range(40)]

FLOAT32_TIES = [0.1, 0.1 + 1e-9, 0.1 - 1e-9, 16777216.0, 16777217.0, 16777215.0, 1.0, 1.0 + 2**-30]
EXACT_TIES = [0.0, -0.0, 0.5, 1.0, 2.0, -1.0]
EXTREMES = [-1e300, 1e300, 3.4e38, 3.5e38, 1e39, -1e39, 1e-45, 1e-46, 5e-324, -5e-324, 0.0, -0.0,
            1.7976931348623157e308, -2.5, 7.0]
GRADES = [-2, -1, 0, 0, 0, 1, 1, 1, 2, 2, 3, 4]


@dataclass
class Collection:
    run: dict[str, dict[str, float]]
    qrels: dict[str, dict[str, int]]


def random_collection(seed: int) -> Collection:
    """A run and qrels drawn from ``seed``; the same seed gives the same collection."""
    rng = random.Random(seed)
    qids = rng.sample(QUERY_IDS, rng.randint(6, 12))
    run: dict[str, dict[str, float]] = {}
    qrels: dict[str, dict[str, int]] = {}
    roles = ["normal"] * 4 + ["judged only", "run only", "no relevant", "single", "all judged"]
    long_query = qids[0] if seed % 5 == 0 else None
    for qid in qids:
        role = "long" if qid == long_query else rng.choice(roles)
        pool = [f"L{i}" for i in range(1300)] + DOC_IDS if role == "long" else DOC_IDS
        if role != "run only":
            judged = rng.sample(DOC_IDS, rng.randint(1, 20))
            grades = [rng.choice(GRADES) for _ in judged]
            if role == "no relevant":
                grades = [min(g, 0) for g in grades]
            if max(grades) < -1:  # both releases crash (form_res_rels.c sizes an array max_rel + 1)
                grades[0] = rng.choice([-1, 0])
            qrels[qid] = dict(zip(judged, grades))
        if role != "judged only":
            size = {"single": 1, "long": rng.randint(1001, 1300)}.get(role, rng.randint(1, 40))
            if role == "all judged":
                ranked = list(qrels[qid])
            else:
                ranked = rng.sample(pool, min(size, len(pool)))
            if role == "long":
                ranked += [d for d in qrels[qid] if d not in ranked and rng.random() < 0.5]
            run[qid] = {docno: _score(rng) for docno in ranked}
    if not qrels:  # trec_eval needs a judged query
        qrels[qids[0]] = {"d1": 1}
    if not set(run) & set(qrels):  # and evaluate a run sharing one
        run[next(iter(qrels))] = {"d1": 1.0}
    return Collection(run, qrels)


def _score(rng: random.Random) -> float:
    kind = rng.random()
    if kind < 0.3:
        return rng.choice(FLOAT32_TIES)
    if kind < 0.5:
        return rng.choice(EXACT_TIES)
    if kind < 0.6:
        return rng.choice(EXTREMES)
    return round(rng.gauss(0, 3), rng.choice([1, 2, 6, 12]))


def spell_score(value: float, rng: random.Random) -> str:
    """One of the spellings that C's strtod reads as exactly ``value``."""
    text = repr(value)
    spellings = [text, f"{value:.17g}", f"{value:.17e}", f"{value:.17E}", value.hex(), value.hex().upper()]
    if not text.startswith("-"):
        spellings += ["+" + text, "00" + text]
    if text.startswith(("0.", "-0.")):
        spellings.append(text.replace("0.", ".", 1))
    if value.is_integer() and abs(value) < 1e15:
        spellings += [f"{int(value)}", f"{int(value)}.", f"{int(value)}e0", f"{int(value)}E+00"]
    return rng.choice(spellings)


def spell_grade(grade: int, rng: random.Random) -> str:
    """One of the spellings that C's atol reads as exactly ``grade``."""
    sign = "-" if grade < 0 else rng.choice(["", "+"])
    return sign + "0" * rng.choice([0, 0, 0, 1, 2]) + str(abs(grade))


def write_collection(collection: Collection, folder: Path, seed: int, comments: bool) -> tuple[Path, Path]:
    """Write ``qrels`` and ``run`` files for ``collection``; return their paths.

    The text varies with ``seed`` (line ends, separators, spellings, order), never
    the content: read back, the files hold exactly ``collection``.
    """
    rng = random.Random(seed * 7919 + comments)
    newline = rng.choice(["\n", "\r\n"])
    qrels_lines = [
        [qid, rng.choice(["0", "Q0", "iter"]), docno, spell_grade(grade, rng)]
        for qid, judged in collection.qrels.items() for docno, grade in judged.items()
    ]
    run_lines = [
        [qid, rng.choice(["Q0", "0"]), docno, str(rng.randint(0, 2000)), spell_score(score, rng), "run"]
        + (["extra", "columns"] if rng.random() < 0.1 else [])
        for qid, ranking in collection.run.items() for docno, score in ranking.items()
    ]
    rng.shuffle(qrels_lines)
    rng.shuffle(run_lines)
    qrels_text = [_join(fields, rng) for fields in qrels_lines]
    run_text = [_join(fields, rng) for fields in run_lines]
    for _ in range(3):  # trec_eval skips blank lines in runs (it refuses them in qrels)
        run_text.insert(rng.randrange(len(run_text) + 1), rng.choice(["", "  ", "\t"]))
    if comments:
        _add_comments(qrels_text, run_text, rng)
    paths = folder / f"qrels.{seed}{'.comments' if comments else ''}", folder / f"run.{seed}{'.comments' if comments else ''}"
    for path, lines in zip(paths, (qrels_text, run_text)):
        text = newline.join(lines) + (newline if rng.random() < 0.7 else "")
        path.write_bytes(text.encode("utf-8"))
    return paths


def _join(fields: list[str], rng: random.Random) -> str:
    line = rng.choice(["", "", "", " ", "\t"])
    for i, value in enumerate(fields):
        line += (rng.choice([" ", " ", "\t", "   ", " \t "]) if i else "") + value
    return line + rng.choice(["", "", "", " ", "\t"])


def _add_comments(qrels_text: list[str], run_text: list[str], rng: random.Random) -> None:
    """Comment lines where trec_eval 10.0 reads them as comments: in a run anywhere
    (also indented, also in a row); in qrels only with '#' in column 1, never two in a
    row and never last (10.0 reads a second one as data, and past the end after a last)."""
    for _ in range(4):
        run_text.insert(rng.randrange(len(run_text) + 1), rng.choice(["# run comment", "  #x 0 d 1 1 r", "#"]))
    for _ in range(2):
        slots = [i for i in range(len(qrels_text)) if not _is_comment(qrels_text, i - 1) and not _is_comment(qrels_text, i)]
        qrels_text.insert(rng.choice(slots), rng.choice(["# judged by two assessors", "#q 0 d 1"]))


def _is_comment(lines: list[str], i: int) -> bool:
    return 0 <= i < len(lines) and lines[i].startswith("#")
