"""Every measure of evaluate's catalogue, written out: the tests' lists of "every measure"
come from here, so that a measure added to CATALOGUE is tested without anyone listing it."""

from __future__ import annotations

from rankmetrics_lite.measures import CATALOGUE


def every_measure(*cutoffs: int, text: bool = True, gain: str = "linear") -> list[str]:
    """Each family's names at each of ``cutoffs`` (a family without a cutoff once).
    ``text=False`` leaves out the measures without a summary over queries (RelString);
    ``gain="exponential"`` those that walk trec_eval's linear gains only (G, nDCG_rel, RnDCG)."""
    families = [f for f in CATALOGUE.values() if (text or f.aggregate != "none")
                and (gain == "linear" or not f.linear_gain_only)]
    return list(dict.fromkeys(name for family in families for k in cutoffs
                              for name in family.example_names(k)))
