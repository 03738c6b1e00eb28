"""Answers as plain data: what a graded notebook sends to the grader, and back.

JSON with tags for what JSON lacks (tuples, sets, dicts with any keys, numpy
arrays and scalars, fractions and decimals; any other iterable, such as a
generator or a ``map``, as the list of what it yields), so that a check sees the
same kinds of values in the grader as in the student's kernel. Anything else
travels as its repr only and can never pass a check.

The in-class ``check`` judges an answer as the grader will see it
(:func:`as_the_grader_sees_it`; a function's results likewise, through
``graded_run.CallRecorder``): one decoding for both, so that nothing is
"correct." in class and wrong in the grade.

Decoding is the grader's side, where the data is untrusted: every array and
string is measured against :data:`LIMITS` before anything is allocated for it.

>>> from_data(to_data((1, [2.5, None], {"k": {3}})))
(1, [2.5, None], {'k': {3}})
>>> from_data(to_data(x * x for x in range(3)))
[0, 1, 4]
"""

from __future__ import annotations

import builtins
import json
import math
from collections.abc import Iterable, Iterator
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from itertools import islice

import numpy as np

_TAG = "__rankmetrics__"
# Deeper nesting than this is no answer to any exercise (and guards the recursion).
_MAX_DEPTH = 20
# What one answer may hold once decoded; the grader refuses more, before allocating it.
LIMITS = {"items": 1_000_000, "text": 100_000}
# Arrays of numbers only, at most 8 bytes an item (what a student's code computes).
_ARRAY_KINDS = "biuf"


class Opaque:
    """A value that could not travel as data: only its repr came through."""

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return self.text


class AnswerTooLarge(ValueError):
    """An answer's data declares more than :data:`LIMITS` allows."""


def to_data(value, depth: int = 0):
    """``value`` as JSON-ready data (lists, dicts with string keys, numbers, strings)."""
    if depth > _MAX_DEPTH:
        return {_TAG: "repr", "text": "<nested too deeply>"}
    deeper = depth + 1
    if value is None or isinstance(value, (bool, str)):
        return value
    if value is Ellipsis:  # an exercise's stub, not yet answered
        return {_TAG: "ellipsis"}
    if isinstance(value, (np.integer, np.floating, np.bool_)):
        return {_TAG: "scalar", "dtype": value.dtype.str, "item": to_data(value.item(), deeper)}
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else {_TAG: "float", "text": repr(value)}
    if isinstance(value, Fraction):
        return {_TAG: "fraction", "text": str(value)}
    if isinstance(value, Decimal):
        return {_TAG: "decimal", "text": str(value)}
    if isinstance(value, list):
        return [to_data(item, deeper) for item in value]
    if isinstance(value, tuple):
        return {_TAG: "tuple", "items": [to_data(item, deeper) for item in value]}
    if isinstance(value, (set, frozenset)):
        # In a fixed order: a set of strings iterates in an order that changes with
        # each process's hash seed, and the grader finds calls by their data.
        items = [to_data(item, deeper) for item in value]
        return {_TAG: "set", "items": sorted(items, key=lambda item: json.dumps(item, sort_keys=True))}
    if isinstance(value, dict):
        return {_TAG: "dict", "items": [[to_data(k, deeper), to_data(v, deeper)]
                                        for k, v in value.items()]}
    if isinstance(value, np.ndarray) and value.dtype.kind in _ARRAY_KINDS and value.dtype.itemsize <= 8:
        return {_TAG: "array", "dtype": value.dtype.str, "items": to_data(value.tolist(), deeper)}
    if isinstance(value, (Iterator, range)) or _is_view(value):
        # What the check would have iterated over, up to what an answer may hold.
        try:
            items = list(islice(value, LIMITS["items"] + 1))
        except Exception as error:  # the student's generator raised
            return {_TAG: "repr", "text": f"<an iterable that raised {type(error).__name__}>"}
        return [to_data(item, deeper) for item in items]
    try:
        text = repr(value)[:200]
    except Exception:  # a student's object whose repr raises
        text = f"<{type(value).__name__}>"
    return {_TAG: "repr", "text": text}


def _is_view(value) -> bool:
    """dict.keys(), .values() and .items(): iterables a student may hand over as they are."""
    return isinstance(value, Iterable) and type(value).__name__ in ("dict_keys", "dict_values", "dict_items")


def from_data(data, depth: int = 0):
    """The value that ``to_data`` turned into ``data``; raises :class:`AnswerTooLarge` for
    data that would decode to more than :data:`LIMITS` allows, before allocating it."""
    if depth > _MAX_DEPTH + 2:
        raise AnswerTooLarge("the answer is nested too deeply")
    deeper = depth + 1
    if isinstance(data, list):
        _check_size(len(data), "items")
        return [from_data(item, deeper) for item in data]
    if isinstance(data, str):
        _check_size(len(data), "text")
        return data
    if not isinstance(data, dict):
        return data
    kind = data.get(_TAG)
    if kind == "tuple":
        return tuple(from_data(item, deeper) for item in _items(data))
    if kind == "set":
        return {from_data(item, deeper) for item in _items(data)}
    if kind == "dict":
        return {_hashable(from_data(k, deeper)): from_data(v, deeper) for k, v in _items(data)}
    if kind == "array":
        dtype = _numeric_dtype(data.get("dtype"))
        items = data.get("items")
        _check_size(_count_leaves(items), "items")  # before numpy allocates anything
        return np.array(from_data(items, deeper), dtype=dtype)
    if kind == "scalar":
        return _numeric_dtype(data.get("dtype")).type(from_data(data.get("item"), deeper))
    if kind == "ellipsis":
        return Ellipsis
    if kind == "float":
        return float(_text(data))
    if kind == "fraction":
        return Fraction(_text(data))
    if kind == "decimal":
        try:
            return Decimal(_text(data))
        except InvalidOperation:
            return Opaque("<not a decimal>")
    return Opaque(str(data.get("text", "<unknown>"))[:200])


def _items(data: dict) -> list:
    items = data.get("items")
    if not isinstance(items, list):
        raise AnswerTooLarge("the answer's data is malformed")
    _check_size(len(items), "items")
    return items


def _text(data: dict) -> str:
    text = str(data.get("text", ""))
    _check_size(len(text), "text")
    return text


def _numeric_dtype(spelled) -> np.dtype:
    """A numpy dtype of numbers (8 bytes or fewer), or AnswerTooLarge: a declared dtype such
    as ``'<U25000000'`` would allocate 100 MB an item."""
    try:
        dtype = np.dtype(str(spelled))
    except TypeError:
        raise AnswerTooLarge(f"the answer declares an unknown array type {str(spelled)[:40]!r}") from None
    if dtype.kind not in _ARRAY_KINDS or dtype.itemsize > 8:
        raise AnswerTooLarge(f"the answer declares an array of {dtype.str[:40]!r}, not of numbers")
    return dtype


def _count_leaves(items) -> int:
    """How many numbers a nested list holds (stops counting past the limit)."""
    count, stack = 0, [items]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
        else:
            count += 1
        if count + len(stack) > LIMITS["items"]:
            return count + len(stack)
    return count


def _check_size(size: int, kind: str) -> None:
    if size > LIMITS[kind]:
        raise AnswerTooLarge(f"the answer holds more than {LIMITS[kind]:,} {kind}, more than any "
                             "exercise asks for")


def raised_like(name: str, args: tuple) -> Exception:
    """The exception a student's function raised, as the grader rebuilds it: a built-in one
    as itself (checks may expect a ``ValueError``), any other as a plain look-alike that no
    check accepts."""
    builtin = getattr(builtins, name, None)
    if isinstance(builtin, type) and issubclass(builtin, Exception) and builtin is not Exception:
        try:
            return builtin(*args)
        except Exception:  # a built-in that wants other arguments
            pass
    return type(name if name.isidentifier() else "Exception", (Exception,), {})(*args)


def as_the_grader_sees_it(value):
    """``value`` as the grader will decode it from the data the notebook sends (a ``map``
    as the list it yielded, an unknown object as its repr); may raise :class:`AnswerTooLarge`."""
    return from_data(to_data(value))


def canonical(value) -> str:
    """One string per value (as data): how the grader finds the call a check asks for."""
    return json.dumps(to_data(value), sort_keys=True)


def _hashable(key):
    return tuple(key) if isinstance(key, list) else key
