"""Measure names for batch evaluation, as ir_measures writes them: ``P@10``, ``nDCG``, ...

A name is a family (``P``, ``R``, ``F1``, ``Rprec``, ``AP``, ``RR``, ``nDCG``,
``Success``) with an optional cutoff after ``@``. This module only reads and
checks names, and knows the name trec_eval gives each measure; the numbers
come from the kernels that :func:`rankmetrics_lite.evaluate.evaluate` calls.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass

# family -> (cutoff rule, trec_eval name without a cutoff, trec_eval name with one).
# Cutoff rule: "required" (P@k needs its k), "optional" (AP and AP@k both exist)
# or "none" (Rprec has its own cutoff, |R|). None: trec_eval has no such measure.
_FAMILIES: dict[str, tuple[str, str | None, str | None]] = {
    "P": ("required", None, "P_{k}"),
    "R": ("required", None, "recall_{k}"),
    "F1": ("required", None, None),
    "Rprec": ("none", "Rprec", None),
    "AP": ("optional", "map", "map_cut_{k}"),
    "RR": ("optional", "recip_rank", None),
    "nDCG": ("optional", "ndcg", "ndcg_cut_{k}"),
    "Success": ("required", None, "success_{k}"),
}

# Other spellings people type (trec_eval's names, common abbreviations), used only
# to suggest the right name: a name is accepted in one spelling, so that results
# keyed by measure name never hold the same measure twice.
_OTHER_SPELLINGS = {
    "map": "AP", "mrr": "RR", "recip_rank": "RR", "ndcg": "nDCG", "ndcg_cut": "nDCG",
    "map_cut": "AP", "recall": "R", "precision": "P", "p": "P", "f1": "F1", "f": "F1",
    "success": "Success", "hit": "Success", "hits": "Success", "hitrate": "Success",
    "hit_rate": "Success", "rprec": "Rprec", "r-prec": "Rprec", "r-precision": "Rprec",
}

_NAME = re.compile(r"(?P<family>[^@]+?)(?:@(?P<cutoff>[0-9]+))?")
_TREC_EVAL_NAME = re.compile(r"(?P<family>[A-Za-z_]+?)_(?P<cutoff>[0-9]+)")


@dataclass(frozen=True)
class Measure:
    """One measure: a family and its cutoff k (None: the whole ranking).

    Examples
    --------
    >>> m = parse_measure("nDCG@10")
    >>> m.family, m.cutoff, m.name, m.trec_eval_name
    ('nDCG', 10, 'nDCG@10', 'ndcg_cut_10')
    """

    family: str
    cutoff: int | None = None

    @property
    def name(self) -> str:
        """The name in ir_measures' spelling, such as ``P@10``."""
        return self.family if self.cutoff is None else f"{self.family}@{self.cutoff}"

    @property
    def trec_eval_name(self) -> str | None:
        """trec_eval's name for this measure (``map_cut_10``), or None if it has none."""
        _, plain, cut = _FAMILIES[self.family]
        template = plain if self.cutoff is None else cut
        return None if template is None else template.format(k=self.cutoff)


def parse_measure(name: str) -> Measure:
    """Read one measure name such as ``"P@10"``, ``"AP"`` or ``"nDCG@5"``.

    Known families: ``P@k``, ``R@k``, ``F1@k``, ``Rprec``, ``AP``, ``AP@k``,
    ``RR``, ``RR@k``, ``nDCG``, ``nDCG@k``, ``Success@k``. An unknown name
    raises ``ValueError`` with the closest known names.

    Examples
    --------
    >>> parse_measure("AP@100")
    Measure(family='AP', cutoff=100)
    >>> parse_measure("map")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown measure 'map' (trec_eval's name); did you mean 'AP'? ...
    """
    if not isinstance(name, str):
        raise TypeError(
            f"a measure name must be a string such as 'P@10' or 'AP', got {name!r} "
            f"({type(name).__name__})"
        )
    match = _NAME.fullmatch(name)
    if match is None or match["family"] not in _FAMILIES:
        raise ValueError(_unknown_name_message(name))
    family = match["family"]
    rule = _FAMILIES[family][0]
    cutoff = match["cutoff"]
    if cutoff is None:
        if rule == "required":
            raise ValueError(
                f"measure {name!r} needs a cutoff: write it as '{family}@k' with k a positive "
                f"integer, for example '{family}@10'"
            )
        return Measure(family)
    if rule == "none":
        raise ValueError(
            f"measure {name!r} takes no cutoff ({family} sets its own cutoff, |R|): write '{family}'"
        )
    if cutoff.startswith("0"):
        raise ValueError(
            f"the cutoff of measure {name!r} must be a positive integer without leading zeros, "
            f"got {cutoff!r}"
        )
    return Measure(family, int(cutoff))


def parse_measures(measures: str | Iterable[str]) -> list[Measure]:
    """Read one name or a list of names, in order, each once.

    Examples
    --------
    >>> [m.name for m in parse_measures(["P@5", "AP", "P@5"])]
    ['P@5', 'AP']
    """
    if isinstance(measures, str):
        measures = [measures]
    elif not isinstance(measures, Iterable):
        raise TypeError(
            "measures must be a measure name or a list of names such as ['P@10', 'AP'], "
            f"got {type(measures).__name__}"
        )
    parsed = list(dict.fromkeys(parse_measure(name) for name in measures))
    if not parsed:
        raise ValueError("measures is empty: name at least one measure, for example ['P@10', 'AP']")
    return parsed


def _unknown_name_message(name: str) -> str:
    known = ", ".join(_example(family) for family in _FAMILIES)
    guess = _translation(name)
    if guess is not None:
        hint, origin = guess
        return f"unknown measure {name!r}{origin}; did you mean {hint!r}? Known measures: {known}"
    close = _close_names(name)
    hint = f"; did you mean {' or '.join(map(repr, close))}?" if close else "."
    return f"unknown measure {name!r}{hint} Known measures: {known}"


def _translation(name: str) -> tuple[str, str] | None:
    """The right spelling of a name in trec_eval's or another common spelling."""
    trec = _TREC_EVAL_NAME.fullmatch(name)
    if trec is not None and trec["family"].lower() in _OTHER_SPELLINGS:
        family = _OTHER_SPELLINGS[trec["family"].lower()]
        return f"{family}@{int(trec['cutoff'])}", " (trec_eval's name)"
    match = _NAME.fullmatch(name)
    if match is None or match["family"].lower() not in _OTHER_SPELLINGS:
        return None
    family = _OTHER_SPELLINGS[match["family"].lower()]
    is_trec_eval = match["cutoff"] is None and match["family"] in {"map", "recip_rank", "ndcg"}
    origin = " (trec_eval's name)" if is_trec_eval else ""
    if match["cutoff"] is None and _FAMILIES[family][0] == "required":
        return f"{family}@10", origin
    return (family if match["cutoff"] is None else f"{family}@{match['cutoff']}"), origin


def _close_names(name: str) -> list[str]:
    """Up to three known names close to ``name`` (difflib, ignoring case)."""
    match = _NAME.fullmatch(name)
    cutoff = match["cutoff"] if match is not None else None
    candidates = {}
    for family, (rule, _, _) in _FAMILIES.items():
        takes_cutoff = rule != "none" and (cutoff is not None or rule == "required")
        candidate = f"{family}@{cutoff or 10}" if takes_cutoff else family
        candidates[candidate.lower()] = candidate
    close = difflib.get_close_matches(name.lower(), candidates, n=3, cutoff=0.5)
    return [candidates[c] for c in close]


def _example(family: str) -> str:
    rule = _FAMILIES[family][0]
    return {"required": f"{family}@k", "optional": f"{family}, {family}@k", "none": family}[rule]
