"""Every measure of evaluate's catalogue, written out: the tests' lists of "every measure"
come from here, so that a measure added to CATALOGUE is tested without anyone listing it."""

from __future__ import annotations

from rankmetrics_lite.measures import CATALOGUE


def every_measure(*cutoffs: int) -> list[str]:
    """Each family's names at each of ``cutoffs`` (a family without a cutoff once)."""
    return list(dict.fromkeys(name for family in CATALOGUE.values() for k in cutoffs
                              for name in family.example_names(k)))
