"""Numbers in TREC files, read as trec_eval's C code reads them, but whole fields only.

trec_eval reads a run's score with ``atof`` (C's ``strtod``) and a qrels grade
with ``atol``. Both read the longest prefix that looks like a number and
silently ignore the rest: ``2.5x`` is 2.5, ``relevant`` is 0, ``1.5`` as a
grade is 1. Here every spelling that C reads in full reads to the same value,
and a field C would read only in part (or not at all) is refused. And
:func:`c_long_of`: a double converted to a C ``long`` as trec_eval's casts
and ``lround`` convert it.
"""

from __future__ import annotations

import math
import re

import numpy as np

# strtod's decimal form, and its C99 hexadecimal form (0x1.8p3 == 12.0).
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_HEXADECIMAL = re.compile(r"[+-]?0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?")
_INTEGER = re.compile(r"[+-]?[0-9]+")

# atol returns a C long: 64 bits on the platforms trec_eval is built on.
_LONG_MIN, _LONG_MAX = -(2**63), 2**63 - 1


def c_double(field: str) -> float:
    """The value of a score field as ``strtod`` reads it, read whole and finite.

    Raises ``ValueError`` with the reason (for the caller to prefix with the
    file and line): trailing text, ``nan``/``inf`` or a value beyond a double.

    Examples
    --------
    >>> [c_double(s) for s in ["2", "+.5", "1.", "-1E-3", "0x1.8p1", "0X10"]]
    [2.0, 0.5, 1.0, -0.001, 3.0, 16.0]
    """
    if _DECIMAL.fullmatch(field):
        value = float(field)  # correctly rounded, as glibc's strtod
    elif _HEXADECIMAL.fullmatch(field):
        try:
            value = float.fromhex(field)  # rounds half to even, as strtod
        except OverflowError:
            value = math.inf
    else:
        raise ValueError(
            "is not a number as a whole (trec_eval's atof would read only a prefix of it, "
            "or read 0); write a decimal such as 2.5, -1e-3 or 12"
        )
    if not math.isfinite(value):
        raise ValueError("is too large for a double (trec_eval would read it as infinity)")
    return value


def c_long(field: str) -> int:
    """The value of a grade field as ``atol`` reads it, read whole and within a C long.

    Examples
    --------
    >>> [c_long(s) for s in ["2", "+1", "-1", "007"]]
    [2, 1, -1, 7]
    """
    if not _INTEGER.fullmatch(field):
        raise ValueError(
            "is not an integer (trec_eval's atol would read only a prefix of it, or read 0); "
            "qrels grades are whole numbers such as 0, 1, 2 (or -1)"
        )
    value = int(field, 10)  # base 10: atol reads "007" as 7, never as octal
    if not _LONG_MIN <= value <= _LONG_MAX:
        raise ValueError("is beyond the range of a 64-bit integer, which trec_eval's atol reads")
    return value


# ------------------------------------------------- command-line arguments --
# trec_eval reads its options (-l, -M, -N) and measure parameters (-m P.5,10)
# with atol and atof, which read the longest prefix that is a number and ignore
# the rest. The command line (rankmetrics_lite._trec_eval_cli) reads them alike,
# so that every argument trec_eval takes means the same here.

_C_SPACE = " \t\n\r\v\f"
_INTEGER_PREFIX = re.compile(r"[+-]?[0-9]+")
_DECIMAL_PREFIX = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_HEX_PREFIX = re.compile(r"[+-]?0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?")
_SPECIAL_PREFIX = re.compile(r"([+-]?)(?:(inf(?:inity)?)|(nan)(?:\([0-9A-Za-z_]*\))?)", re.IGNORECASE)


def atol_prefix(text: str) -> int:
    """C's ``atol``: leading blanks, a sign and digits; 0 if none; saturated at a C long's limits.

    >>> [atol_prefix(s) for s in ["12", " -3x", "+7.9", "abc", ""]]
    [12, -3, 7, 0, 0]
    """
    match = _INTEGER_PREFIX.match(text.lstrip(_C_SPACE))
    if match is None:
        return 0
    return min(max(int(match.group(), 10), _LONG_MIN), _LONG_MAX)


def atof_prefix(text: str) -> float:
    """C's ``atof`` (``strtod``): the longest prefix that is a number, 0.0 if none.

    >>> [atof_prefix(s) for s in [".25", "1e1x", "0x1p-2", "-inf", "abc", "5.0,0.2"]]
    [0.25, 10.0, 0.25, -inf, 0.0, 5.0]
    """
    text = text.lstrip(_C_SPACE)
    hexadecimal = _HEX_PREFIX.match(text)
    if hexadecimal is not None:
        try:
            return float.fromhex(hexadecimal.group())
        except OverflowError:
            return -math.inf if text.startswith("-") else math.inf
    decimal = _DECIMAL_PREFIX.match(text)
    if decimal is not None:
        return float(decimal.group())  # correctly rounded, inf beyond range: as strtod
    special = _SPECIAL_PREFIX.match(text)
    if special is not None:
        value = math.inf if special.group(2) else math.nan
        return -value if special.group(1) == "-" else value
    return 0.0


def c_long_of(values: np.ndarray) -> np.ndarray:
    """C's conversion of doubles to ``long`` as x86-64 does it (also glibc's lround): truncated,
    or LONG_MIN for NaN, infinities and values out of range. A float array: exact, since
    every such long is a double."""
    values = np.asarray(values, dtype=float)
    inside = np.isfinite(values) & (values >= -(2.0**63)) & (values < 2.0**63)
    return np.where(inside, np.trunc(np.where(inside, values, 0.0)), -(2.0**63))
