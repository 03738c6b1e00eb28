"""glibc's ``qsort``, for the lists trec_eval sorts with comparators that are not an order.

trec_eval sorts measure cutoffs with ``comp_long``, which returns the
difference of two C ``long`` values as an ``int`` (so it wraps), and gain
levels with ``comp_rel_gain``, which returns the difference of two doubles as
an ``int`` (so gains less than 1 apart compare equal). What such a sort gives
depends on the sorting algorithm: glibc 2.36, on which trec_eval is built and
compared here, sorts with a stable top-down merge sort (``msort``), which
:func:`c_qsort` runs step for step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def c_qsort(items: Sequence, compare: Callable[[object, object], int]) -> list:
    """``items`` sorted as glibc's ``qsort`` sorts them with the C comparator ``compare``.

    >>> c_qsort([3, 1, 2], lambda a, b: a - b)
    [1, 2, 3]
    >>> c_qsort([(0, 2.5), (1, 2.0), (2, 1.0)], lambda a, b: c_int_of_double(a[1] - b[1]))
    [(2, 1.0), (0, 2.5), (1, 2.0)]
    """
    items = list(items)
    if len(items) <= 1:
        return items
    half = len(items) // 2
    left, right = c_qsort(items[:half], compare), c_qsort(items[half:], compare)
    merged, i, j = [], 0, 0
    while i < len(left) and j < len(right):
        if compare(left[i], right[j]) <= 0:
            merged.append(left[i])
            i += 1
        else:
            merged.append(right[j])
            j += 1
    return merged + left[i:] + right[j:]


def c_int_of_long(value: int) -> int:
    """A C long (64 bits, wrapping) converted to int: its low 32 bits, signed."""
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value


def c_int_of_double(value: float) -> int:
    """A double converted to int as x86 does it: truncated, or INT_MIN when it does not fit."""
    if value != value or not -2147483649.0 < value < 2147483648.0:
        return -(1 << 31)
    return int(value)


def compare_long(a: int, b: int) -> int:
    """trec_eval's comp_long: ``(int) (a - b)`` on C longs."""
    return c_int_of_long((a - b + (1 << 63)) % (1 << 64) - (1 << 63))


def compare_double(a: float, b: float) -> int:
    """trec_eval's comp_double: -1, 1 or 0 (also for NaN)."""
    return -1 if a < b else (1 if a > b else 0)
