"""Numbers in TREC files, read as trec_eval's C code reads them, but whole fields only.

trec_eval reads a run's score with ``atof`` (C's ``strtod``) and a qrels grade
with ``atol``. Both read the longest prefix that looks like a number and
silently ignore the rest: ``2.5x`` is 2.5, ``relevant`` is 0, ``1.5`` as a
grade is 1. Here every spelling that C reads in full reads to the same value,
and a field C would read only in part (or not at all) is refused.
"""

from __future__ import annotations

import math
import re

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
