"""Input checks shared by every public function, and the refusals every input form shares.

Each check fails at the door with a message that names the argument and the
fix, so that no metric ever returns a silent NaN or a wrong number. A run and
its judgements arrive in several forms (dicts, numpy columns, TREC files, Spark
DataFrames), each read by its own code; what is refused, and how the refusal
reads, is written once here (:func:`no_shared_query`, :func:`repeated_document`).
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Sequence

import numpy as np


_LARGEST_FLOAT = float(np.finfo(float).max)


# Counts (ranks, items, cutoffs) are at most this: the largest 64-bit integer, far beyond any
# ranking, and what numpy and a float divide by without overflow.
LARGEST_COUNT = 2**63 - 1


def check_k(k: object, name: str = "k") -> int:
    """Return ``k`` as an int, or raise if it is not a positive integer."""
    if isinstance(k, bool) or not isinstance(k, numbers.Integral):
        raise TypeError(f"{name} must be a positive integer, got {k!r} ({type(k).__name__})")
    if k < 1:
        raise ValueError(f"{name} must be a positive integer, got {k}")
    return _not_too_large(int(k), name)


def check_count(n: object, name: str) -> int:
    """Return ``n`` as an int, or raise if it is not a non-negative integer."""
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise TypeError(f"{name} must be a non-negative integer, got {n!r} ({type(n).__name__})")
    if n < 0:
        raise ValueError(f"{name} must be a non-negative integer, got {n}")
    return _not_too_large(int(n), name)


def _not_too_large(n: int, name: str) -> int:
    if n > LARGEST_COUNT:
        raise ValueError(f"{name} counts ranks or items and must be at most 2**63 - 1, got an "
                         f"integer with {len(str(n))} digits")
    return n


def as_vector(values: object, name: str, *, ranked: bool = True) -> np.ndarray:
    """Return ``values`` as a finite 1-D float array, or raise.

    ``ranked`` says whether the values are in rank order (messages then name
    the rank) or one per item of a set, such as labels (messages name
    ``name[i]``).
    """
    def where(index: int) -> str:
        return f"rank {index + 1} holds" if ranked else f"{name}[{index}] is"

    kind = " in rank order" if ranked else ", one per item"
    if isinstance(values, (str, bytes)) or not isinstance(values, (Sequence, np.ndarray)):
        raise TypeError(
            f"{name} must be a sequence of numbers{kind} "
            "(list, tuple or 1-D array), "
            f"got {type(values).__name__}"
        )
    if not (isinstance(values, np.ndarray) and values.dtype.kind in "biuf"):
        # Text such as "1" would silently become a number, None would become NaN.
        for index, item in enumerate(np.ravel(np.asarray(values, dtype=object))):
            if not isinstance(item, (numbers.Real, np.bool_)):
                raise TypeError(
                    f"{name} must contain only numbers; {where(index)} {item!r} "
                    f"({type(item).__name__}): convert it first (for example int(x))"
                )
    try:
        array = np.asarray(values, dtype=float)
    except OverflowError:  # an int beyond float range; compared as Python numbers, exactly
        items = list(np.ravel(np.asarray(values, dtype=object)))
        index = next(i for i, item in enumerate(items) if abs(item) > _LARGEST_FLOAT)
        raise ValueError(
            f"{name} must hold numbers that fit in a float; {where(index)} an integer with "
            f"{len(str(abs(int(items[index]))))} digits: rescale it"
        ) from None
    except (TypeError, ValueError) as exc:
        raise TypeError(f"{name} must contain only numbers: {exc}") from None
    if array.ndim != 1:
        one = "one ranking" if ranked else "one value per item"
        raise ValueError(f"{name} must be one-dimensional ({one}), got shape {array.shape}")
    if not np.all(np.isfinite(array)):
        index = int(np.flatnonzero(~np.isfinite(array))[0])
        raise ValueError(
            f"{name} must be finite; {where(index)} {array[index]}: "
            "replace NaN or infinite values first"
        )
    return array


def as_binary_relevance(relevance: object, name: str = "relevance") -> np.ndarray:
    """Return a 0/1 relevance vector in rank order, or raise."""
    array = as_vector(relevance, name)
    bad = (array != 0) & (array != 1)
    if np.any(bad):
        position = int(np.flatnonzero(bad)[0])
        raise ValueError(
            f"{name} must hold only 0 (not relevant) and 1 (relevant); rank {position + 1} "
            f"holds {array[position]:g}. For graded judgements, binarise first "
            "(for example `[int(g >= 1) for g in grades]`) or use a graded measure such as ndcg_at_k"
        )
    return array


def as_gains(gains: object, name: str = "gains") -> np.ndarray:
    """Return a vector of non-negative grades in rank order, or raise."""
    array = as_vector(gains, name)
    if np.any(array < 0):
        position = int(np.flatnonzero(array < 0)[0])
        raise ValueError(
            f"{name} must be non-negative; rank {position + 1} holds {array[position]:g}. "
            "trec_eval counts negative grades as 0: clip them first (`max(g, 0)`)"
        )
    return array


def check_n_relevant(n_relevant: object, relevance: np.ndarray, measure: str) -> int:
    """Return |R|, or raise if it is impossible or makes ``measure`` undefined.

    Policy for a single query: a recall-type measure with |R| = 0 is undefined,
    so it raises ``ValueError`` (batch evaluation follows trec_eval instead).
    """
    n = check_count(n_relevant, "n_relevant")
    found = int(relevance.sum())
    if n < found:
        raise ValueError(
            f"n_relevant must be at least the number of relevant items in the ranking ({found}), "
            f"got {n}: |R| counts every relevant item in the collection, retrieved or not"
        )
    if n == 0:
        raise ValueError(
            f"{measure} is undefined when n_relevant is 0 (the query has no relevant item): "
            "leave such queries out, or score them explicitly with evaluate(..., empty_queries=...)"
        )
    return n


def check_open_unit(value: object, name: str) -> float:
    """Return ``value`` as a float strictly between 0 and 1, or raise."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(
            f"{name} must be a number strictly between 0 and 1, got {value!r} ({type(value).__name__})"
        )
    if not 0 < value < 1:  # also rejects NaN
        raise ValueError(f"{name} must be strictly between 0 and 1 (for example 0.95), got {value}")
    return float(value)


def as_fraction(
    value: object, name: str, *, high: float = 1.0, open_low: bool = False, open_high: bool = False,
    high_name: str = "1",
) -> float:
    """Return ``value`` as a float between 0 and ``high`` (each end open or closed), or raise.

    >>> as_fraction(0.25, "base_rate", open_low=True)
    0.25
    >>> as_fraction(0, "base_rate", open_low=True)
    Traceback (most recent call last):
    ...
    ValueError: base_rate must be a number in (0, 1], got 0
    """
    interval = f"{'(' if open_low else '['}0, {high_name}{')' if open_high else ']'}"
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(
            f"{name} must be a number in {interval}, got {value!r} ({type(value).__name__})"
        )
    value = float(value)
    low_ok = value > 0 if open_low else value >= 0
    high_ok = value < high if open_high else value <= high
    if not (low_ok and high_ok):  # NaN fails both
        raise ValueError(f"{name} must be a number in {interval}, got {value:g}")
    return value


def labels_and_scores(labels: object, scores: object) -> tuple[np.ndarray, np.ndarray]:
    """Validated 0/1 labels and finite scores of the same, non-zero length (a scored set of
    items, not a ranking: the messages name items by index, ``labels[3]``).

    >>> labels, scores = labels_and_scores([1, 0, 1], [0.9, 0.4, 0.1])
    >>> labels.tolist(), scores.tolist()
    ([1.0, 0.0, 1.0], [0.9, 0.4, 0.1])
    >>> labels_and_scores([1, 2], [0.9, 0.4])
    Traceback (most recent call last):
    ...
    ValueError: labels must hold only 0 (negative) and 1 (positive); labels[1] is 2. Binarise first, for example `[int(y == positive_class) for y in labels]`
    """
    label_array = as_vector(labels, "labels", ranked=False)
    bad = (label_array != 0) & (label_array != 1)
    if np.any(bad):
        index = int(np.flatnonzero(bad)[0])
        raise ValueError(
            f"labels must hold only 0 (negative) and 1 (positive); labels[{index}] is "
            f"{label_array[index]:g}. Binarise first, for example "
            "`[int(y == positive_class) for y in labels]`"
        )
    score_array = as_vector(scores, "scores", ranked=False)
    if label_array.size != score_array.size:
        raise ValueError(
            f"labels and scores must have the same length (one score per labelled item), "
            f"got {label_array.size} labels and {score_array.size} scores"
        )
    if label_array.size == 0:
        raise ValueError("labels and scores are empty: pass at least one scored item")
    return label_array, score_array


def as_rng(seed: object, name: str = "seed") -> np.random.Generator:
    """Return a numpy Generator from a non-negative integer seed (or a Generator), or raise.

    ``None`` is refused on purpose: a result drawn from fresh entropy cannot be
    reproduced, and a notebook that prints it cannot be checked.
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise TypeError(
            f"{name} must be a non-negative integer (or a numpy.random.Generator) so that "
            f"results are reproducible, got {seed!r} ({type(seed).__name__})"
        )
    if seed < 0:
        raise ValueError(f"{name} must be a non-negative integer, got {seed}")
    return np.random.default_rng(int(seed))


def check_choice(value: object, name: str, choices: Iterable[str]) -> str:
    """Return ``value`` if it is one of the strings ``choices`` (any iterable of str).

    A value that is not a string raises ``TypeError``; a string that is not
    among the choices raises ``ValueError``. Both messages list the choices.
    """
    choices = tuple(choices)
    valid = ", ".join(map(repr, choices))
    if not isinstance(value, str):
        raise TypeError(f"{name} must be one of {valid}; got {value!r} ({type(value).__name__})")
    if value not in choices:
        raise ValueError(f"{name} must be one of {valid}; got {value!r}")
    return value


def no_shared_query(run_ids: list[str], qrels_ids: list[str], names: tuple[str, str] = ("run", "qrels")) -> ValueError:
    """The error for a run that shares no query id with its judgements (every query would
    score 0: almost always ids that differ in form, such as ``"1"`` and ``"q1"``).

    >>> print(no_shared_query(["1", "2"], ["q1"]))
    run and qrels share no query id (run: '1', '2'; qrels: 'q1'): every query would score 0. Check that both use the same query ids, as strings
    """
    run, qrels = names
    shown = [", ".join(map(repr, list(ids)[:3])) or "none" for ids in (run_ids, qrels_ids)]
    return ValueError(
        f"{run} and {qrels} share no query id ({run}: {shown[0]}; {qrels}: {shown[1]}): every query "
        "would score 0. Check that both use the same query ids, as strings")


class RepeatedDocument(ValueError):
    """A document listed twice for one query (a ValueError: callers may tell it apart)."""


def repeated_document(where: str, doc: str, qid: str, first: str = "") -> RepeatedDocument:
    """The error for a document listed twice for one query (trec_eval 10.0 stops on it too).

    >>> print(repeated_document("run.txt, line 7", "d1", "q1", first="first on line 2"))
    run.txt, line 7: document 'd1' is listed twice for query 'q1' (first on line 2); each document may appear once per query: keep one of the two
    """
    first = f" ({first})" if first else ""
    return RepeatedDocument(f"{where}: document {doc!r} is listed twice for query {qid!r}{first}; each "
                      "document may appear once per query: keep one of the two")


# ------------------------------------------------------------ options --
# A small vocabulary of constraints on keyword options (as scikit-learn's validate_params):
# a door names each option's constraint once, and validate_options checks them all, with the
# messages of the checks above (the argument's name, what it must be, the fix).


class Constraint:
    """What one option must be: ``check(value, name)`` returns the value (normalised) or raises."""

    def check(self, value: object, name: str) -> object:
        raise NotImplementedError


class Boolean(Constraint):
    """True or False (not 0 or 1: a flag given a number is almost always a misplaced argument)."""

    def check(self, value: object, name: str) -> bool:
        if not isinstance(value, bool):
            raise TypeError(f"{name} must be True or False, got {value!r}")
        return value


class Count(Constraint):
    """A non-negative integer (``positive=True``: at least 1), at most 2**63 - 1."""

    def __init__(self, *, positive: bool = False) -> None:
        self.positive = positive

    def check(self, value: object, name: str) -> int:
        return check_k(value, name) if self.positive else check_count(value, name)


class OneOf(Constraint):
    """One of the given strings."""

    def __init__(self, *choices: str) -> None:
        self.choices = choices

    def check(self, value: object, name: str) -> str:
        return check_choice(value, name, self.choices)


class Optional(Constraint):
    """None, or what ``constraint`` accepts."""

    def __init__(self, constraint: Constraint) -> None:
        self.constraint = constraint

    def check(self, value: object, name: str) -> object:
        return None if value is None else self.constraint.check(value, name)


def validate_options(options: dict[str, object], constraints: dict[str, Constraint]) -> dict[str, object]:
    """``options`` checked against the constraint named for each, normalised; raises on the first
    option (in the order of ``options``) that breaks its constraint.

    >>> validate_options({"k": 3, "policy": "zero"}, {"k": Count(positive=True), "policy": OneOf("zero", "skip")})
    {'k': 3, 'policy': 'zero'}
    >>> validate_options({"policy": "never"}, {"policy": OneOf("zero", "skip")})
    Traceback (most recent call last):
    ...
    ValueError: policy must be one of 'zero', 'skip'; got 'never'
    """
    return {name: constraints[name].check(value, name) for name, value in options.items()}
