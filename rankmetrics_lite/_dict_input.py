"""A run and its judgements given as dicts, read and checked at C speed.

``{query_id: {doc_id: score}}`` and ``{query_id: {doc_id: grade}}`` are the forms
people write by hand and pytrec_eval takes. :func:`~rankmetrics_lite.evaluate`
reads them here, and so do :meth:`RunColumns.from_dict
<rankmetrics_lite.RunColumns.from_dict>` and :meth:`QrelsColumns.from_dict
<rankmetrics_lite.QrelsColumns.from_dict>`, so that both forms accept and refuse
the same values. The usual case (a dict of dicts, string ids, numbers) is
confirmed by C-speed passes; the slow, item-by-item pass runs only to name a
culprit.
"""

from __future__ import annotations

import numbers
from array import array
from collections.abc import Callable, Iterable, Mapping
from itertools import chain

import numpy as np

from .validation import no_shared_query


def read_qrels(qrels: object) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Query ids, judgements per query and all grades (flat, in query order), checked."""
    check_nested(qrels, "qrels", "{doc_id: grade}")
    if not qrels:
        raise ValueError("qrels is empty: evaluation needs at least one judged query")
    qids = list(qrels)
    judgements = as_dicts(qrels.values())
    if not _only(chain.from_iterable(judgements), str):
        for qid, judged in zip(qids, judgements):
            for docid in judged:
                check_doc_id(docid, "qrels", qid)
    counts = np.fromiter(map(len, judgements), dtype=np.intp, count=len(qids))  # np.repeat's index type
    try:
        # array('q') takes ints only: a float or a string grade fails here, at C speed.
        grades = np.frombuffer(array("q", chain.from_iterable(map(dict.values, judgements))), np.int64)
    except (TypeError, OverflowError):
        qid, docid, grade = _first_entry(qrels, lambda g: not _is_integer(g))
        if isinstance(grade, numbers.Integral) and not isinstance(grade, bool):
            raise ValueError(
                f"qrels[{qid!r}][{docid!r}] is {grade!r}, outside the 64-bit range of grades "
                "(trec_eval reads grades as C longs): use grades such as 0, 1, 2, 3"
            ) from None
        raise TypeError(
            f"qrels[{qid!r}][{docid!r}] must be an integer grade (as in a qrels file), "
            f"got {grade!r} ({type(grade).__name__})"
        ) from None
    return qids, counts, grades


def _is_integer(value: object) -> bool:
    return isinstance(value, numbers.Integral) and -(2**63) <= value < 2**63


def check_run(run: object, qrels: Mapping | None = None) -> None:
    """A dict of dicts with string ids (an id that is not a string would silently match no
    judgement), sharing a query id with ``qrels`` when they are given."""
    check_nested(run, "run", "{doc_id: score}")
    if not _only(chain.from_iterable(run.values()), str):
        for qid, ranking in run.items():
            for docid in ranking:
                check_doc_id(docid, "run", qid)
    if qrels is not None and not any(qid in run for qid in qrels):
        raise no_shared_query(list(run)[:3], list(qrels)[:3])


def run_scores(qids: list[str], rankings: list[dict]) -> np.ndarray:
    """All scores, end to end, checked: real and finite."""
    try:
        # array('d') takes real numbers only (no strings, no None), at C speed.
        values = np.frombuffer(array("d", chain.from_iterable(map(dict.values, rankings))))
    except (TypeError, ValueError, OverflowError):
        qid, docid, score = _first_entry(dict(zip(qids, rankings)), _not_a_double)
        if isinstance(score, numbers.Real):
            raise ValueError(
                f"run[{qid!r}][{docid!r}] is {score!r}, too large for a double (trec_eval reads "
                "scores as C doubles): scale the run's scores down"
            ) from None
        raise TypeError(
            f"run[{qid!r}][{docid!r}] must be a number (the document's score), "
            f"got {score!r} ({type(score).__name__})"
        ) from None
    if not np.all(np.isfinite(values)):
        qid, docid, score = _first_entry(
            dict(zip(qids, rankings)), lambda s: not np.isfinite(s)
        )
        raise ValueError(
            f"run[{qid!r}][{docid!r}] is {score!r}: scores must be finite numbers; "
            "give the document a real score or drop it from the run"
        )
    return values


def check_nested(nested: object, name: str, inner_shape: str) -> None:
    """``nested`` must be a mapping from string query ids to mappings. The usual
    case (a dict of dicts with str keys) is confirmed by C-speed passes; the
    slow, item-by-item pass runs only to name a culprit (or admit subclasses)."""
    if not isinstance(nested, Mapping):
        raise TypeError(
            f"{name} must be a dict {{query_id: {inner_shape}}}, got {type(nested).__name__}"
        )
    if not _only(nested.keys(), str):
        for qid in nested:
            if not isinstance(qid, str):
                raise TypeError(
                    f"{name} query ids must be strings (as in TREC files), got {qid!r} "
                    f"({type(qid).__name__}): convert them with str()"
                )
    if not _only(nested.values(), dict):
        for qid, inner in nested.items():
            if not isinstance(inner, Mapping):
                raise TypeError(f"{name}[{qid!r}] must be a dict {inner_shape}, got {type(inner).__name__}")


def check_doc_id(docid: object, name: str, qid: str) -> None:
    if not isinstance(docid, str):
        raise TypeError(
            f"{name}[{qid!r}] has the document id {docid!r} ({type(docid).__name__}): document "
            "ids must be strings (as in TREC files), convert them with str()"
        )


def as_dicts(mappings: Iterable[Mapping]) -> list[dict]:
    """The mappings as a list of dicts (copying only those that are not), so that
    C-level helpers such as ``dict.get`` and ``dict.values`` apply to all."""
    mappings = list(mappings)
    if _only(mappings, dict):
        return mappings
    return [m if isinstance(m, dict) else dict(m) for m in mappings]


def _not_a_double(value: object) -> bool:
    if not isinstance(value, numbers.Real):
        return True
    try:
        float(value)
    except OverflowError:
        return True
    return False


def _only(values: Iterable, kind: type) -> bool:
    """Whether every value is exactly of type ``kind``, in one C-speed pass."""
    return set(map(type, values)) <= {kind}


def _first_entry(nested: Mapping, is_bad: Callable[[object], bool]) -> tuple[str, str, object]:
    for qid, inner in nested.items():
        for docid, value in inner.items():
            if is_bad(value):
                return qid, docid, value
    raise AssertionError("unreachable: a bad entry was detected but not found")
