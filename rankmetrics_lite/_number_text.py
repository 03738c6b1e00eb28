"""Numbers as text, in the one spelling each place needs.

* :func:`number_text`: a number in a measure's name (``RBP(p=0.8)``, ``nDCG(gains=1:3)``);
* :func:`c_format` and :func:`c_fixed`: C's ``printf`` of a double, as trec_eval prints its
  values (``%6.4f``) and its cutoffs in names (``%3.2f``: ``iprec_at_recall_0.10``), with
  C's ``-nan``;
* :func:`long_of`: C's ``(long)`` cast of a double, as trec_eval prints its counts;
* :func:`fixed_text`: a value at a fixed precision, for the results' reprs (stable on every
  machine, as notebooks compare them);
* :func:`json_number` and :func:`csv_text`: values in the command line's JSON and CSV.
"""

from __future__ import annotations

import math
import numbers

from ._c_numbers import c_long_of


def number_text(value: float) -> str:
    """A number in its one spelling in names: an integer without a point, else repr."""
    value = float(value)
    return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)


def c_format(value: float, spec: str) -> str:
    """``printf`` of a double: as Python formats it, with C's ``-nan`` for a negative NaN."""
    if math.isnan(value):
        width = int(spec.split(".")[0] or 0)
        text = "-nan" if math.copysign(1.0, value) < 0 else "nan"
        return text.rjust(width)
    return format(value, spec)


def c_fixed(value: float) -> str:
    """C's ``%3.2f``."""
    return c_format(value, "3.2f")


def long_of(value: float) -> int:
    """C's (long) cast of a double."""
    return int(c_long_of(value))


def fixed_text(value: object, fmt: str) -> str:
    """A result's field as its repr shows it: a real at ``fmt`` (a format spec, or ``"p"``
    for a p-value), an integer as itself, anything else as its repr."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return repr(value)
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if fmt == "p":
        # Tiny p-values in scientific notation, so that 3e-07 does not print as 0.0000.
        return f"{value:.4f}" if value >= 1e-4 or value == 0 else f"{value:.2e}"
    return format(float(value), fmt)


def json_number(value):
    """JSON has no infinity or NaN: they are written as strings (\"inf\", \"nan\")."""
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    return value


def csv_text(value) -> str:
    """A value in a CSV cell: a float at full precision (repr)."""
    return repr(value) if isinstance(value, float) else str(value)
