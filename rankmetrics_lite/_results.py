"""A readable, stable repr for the frozen result objects of the statistics modules.

Notebook outputs are compared cell by cell (nbval), so a result must print the
same on every machine: floats are shown at a fixed precision chosen per field,
never with the full float repr (whose last digits can drift between platforms).
"""

from __future__ import annotations

import dataclasses
import numbers


def shown_as(fmt: str) -> dict:
    """Field metadata: how a float field is printed (a format spec, or ``"p"``)."""
    return {"format": fmt}


def _format_value(value: object, fmt: str) -> str:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return repr(value)
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if fmt == "p":
        # Tiny p-values in scientific notation, so that 3e-07 does not print as 0.0000.
        return f"{value:.4f}" if value >= 1e-4 or value == 0 else f"{value:.2e}"
    return format(float(value), fmt)


class FrozenResult:
    """Base of the result dataclasses: ``Name(field=value, ...)`` at fixed precision."""

    def __repr__(self) -> str:
        shown = (
            f"{f.name}={_format_value(getattr(self, f.name), f.metadata.get('format', '.4f'))}"
            for f in dataclasses.fields(self)  # type: ignore[arg-type]
            if f.repr
        )
        return f"{type(self).__name__}({', '.join(shown)})"
