"""A readable, stable repr for the frozen result objects of the statistics modules.

Notebook outputs are compared cell by cell (nbval), so a result must print the
same on every machine: floats are shown at a fixed precision chosen per field,
never with the full float repr (whose last digits can drift between platforms).
"""

from __future__ import annotations

import dataclasses

from ._number_text import fixed_text


def shown_as(fmt: str) -> dict:
    """Field metadata: how a float field is printed (a format spec, or ``"p"``)."""
    return {"format": fmt}


class FrozenResult:
    """Base of the result dataclasses: ``Name(field=value, ...)`` at fixed precision."""

    def __repr__(self) -> str:
        shown = (
            f"{f.name}={fixed_text(getattr(self, f.name), f.metadata.get('format', '.4f'))}"
            for f in dataclasses.fields(self)  # type: ignore[arg-type]
            if f.repr
        )
        return f"{type(self).__name__}({', '.join(shown)})"
