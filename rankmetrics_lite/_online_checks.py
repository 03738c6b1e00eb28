"""Input checks shared by the modules on evaluating with users (clicks, interleaving, logs).

They follow :mod:`rankmetrics_lite.validation`: each refuses bad input at the door with a
message that names the argument and the fix. Arrays here are probabilities, 0/1 clicks,
or rankings of document ids, one row per impression.
"""

from __future__ import annotations

import numbers
from collections.abc import Hashable, Sequence

import numpy as np

from .validation import as_vector


def as_array(values: object, name: str, *, what: str) -> np.ndarray:
    """``values`` as a finite float array of one or two dimensions, or raise.

    ``what`` says what a row holds, for the messages (for example "one value per rank").
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, (Sequence, np.ndarray)):
        raise TypeError(f"{name} must be an array of numbers ({what}), got {type(values).__name__}")
    try:
        raw = np.asarray(values)
    except ValueError:  # rows of different lengths
        raise ValueError(f"{name} must be a rectangular array ({what}): its rows differ in length") from None
    if raw.ndim <= 1:
        return as_vector(values, name)
    if raw.ndim != 2:
        raise ValueError(f"{name} must have one or two dimensions ({what}), got shape {raw.shape}")
    if raw.dtype.kind not in "biuf":
        bad = next((x for x in raw.ravel() if isinstance(x, bool) or not isinstance(x, (numbers.Real, np.bool_))),
                   None)
        if raw.dtype.kind != "O" or bad is not None:
            raise TypeError(f"{name} must hold numbers only ({what}), got {raw.dtype} values")
    try:
        array = raw.astype(float)
    except OverflowError:
        raise ValueError(f"{name} must hold numbers that fit in a float: rescale them") from None
    if raw.size == 0:
        raise ValueError(f"{name} must not be empty ({what})")
    if not np.isfinite(array).all():
        row, column = np.argwhere(~np.isfinite(array))[0]
        raise ValueError(f"{name} must be finite; row {row}, column {column} holds {array[row, column]}: "
                         "replace NaN or infinite values first")
    return array


def as_probabilities(values: object, name: str, *, what: str, positive: bool = False) -> np.ndarray:
    """``values`` as an array of probabilities in [0, 1] (in (0, 1] if ``positive``), or raise."""
    array = as_array(values, name, what=what)
    if array.size == 0:
        raise ValueError(f"{name} must not be empty ({what})")
    low = array <= 0 if positive else array < 0
    bad = low | (array > 1)
    if bad.any():
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        at = f"index {where[0]}" if len(where) == 1 else f"row {where[0]}, column {where[1]}"
        interval = "(0, 1]" if positive else "[0, 1]"
        raise ValueError(f"{name} must hold probabilities in {interval}; {at} holds {array[where]:g}")
    return array


def as_clicks(values: object, name: str = "clicks") -> np.ndarray:
    """``values`` as an array of 0/1 clicks (one per rank, one row per impression), or raise."""
    array = as_array(values, name, what="one 0/1 click per rank")
    bad = (array != 0) & (array != 1)
    if bad.any():
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        raise ValueError(f"{name} must hold only 0 (not clicked) and 1 (clicked); index {where} holds "
                         f"{array[where]:g}")
    return array


def same_shape(name: str, array: np.ndarray, other_name: str, other: np.ndarray) -> None:
    """Raise if two arrays that describe the same impressions differ in shape."""
    if array.shape != other.shape:
        raise ValueError(f"{name} and {other_name} must have the same shape (one value per impression "
                         f"and rank), got {array.shape} and {other.shape}")


def as_ranking(ranking: object, name: str) -> list:
    """``ranking`` as a list of distinct, hashable document ids (top first), or raise."""
    if isinstance(ranking, (str, bytes)) or not isinstance(ranking, (Sequence, np.ndarray)):
        raise TypeError(f"{name} must be a sequence of document ids, top first (a list), "
                        f"got {type(ranking).__name__}")
    docs = ranking.tolist() if isinstance(ranking, np.ndarray) else list(ranking)
    if not docs:
        raise ValueError(f"{name} must hold at least one document")
    seen: dict = {}
    for rank, doc in enumerate(docs, start=1):
        if not isinstance(doc, Hashable) or isinstance(doc, float):
            raise TypeError(f"{name} must hold document ids (strings or integers); rank {rank} holds "
                            f"{doc!r} ({type(doc).__name__})")
        if doc in seen:
            raise ValueError(f"{name} repeats document {doc!r} (ranks {seen[doc]} and {rank}): a ranking "
                             "names each document once")
        seen[doc] = rank
    return docs


def check_length(length: object, longest: int, name: str = "length") -> int:
    """The length of an interleaved list: at most ``longest`` documents, or raise."""
    if isinstance(length, bool) or not isinstance(length, numbers.Integral) or length < 1:
        raise ValueError(f"{name} must be a positive integer (the number of documents shown), got {length!r}")
    if length > longest:  # type: ignore[operator]  # numeric tower
        raise ValueError(f"{name} must be at most {longest}, the number of distinct documents the rankings "
                         f"hold, got {length}")
    return int(length)
