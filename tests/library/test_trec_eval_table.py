"""The command line's table of trec_eval measures is the catalogue's, and trec_eval's own.

The command line derives its table from the catalogue's ``trec_eval_names`` records. The
ties checked here: every catalogue family with a trec_eval name is on the command line
under that name, in every release the catalogue gives it; every command-line measure a
family computes is one of that family's trec_eval names; and, per release, the table and
its nicknames are those of trec_eval's own ``measures.c``.
"""

from __future__ import annotations

import re

import pytest

from rankmetrics_lite._trec_eval_cli.table import MEASURES, NICKNAMES, measures_of
from rankmetrics_lite._trec_prefs import PREFERENCE_MEASURES
from rankmetrics_lite.measures import CATALOGUE
from tests.library.trec_eval_programs import RELEASES, SOURCES, missing


def names_in_templates(family) -> set[str]:
    """A family's trec_eval names without parameters (``map``, ``map_cut``, ``rbp``), read
    from the name templates that ``Measure.trec_eval_name`` fills in."""
    names = set()
    if family.trec_eval:
        names.add(family.trec_eval)
    if family.trec_eval_cut:
        names.add(family.trec_eval_cut.removesuffix("_{k}"))
    if family.trec_eval_param:
        names.add(re.split(r"_(?:p=)?\{p", family.trec_eval_param)[0])
    return names


NAMED = [family for family in CATALOGUE.values() if names_in_templates(family)]


def test_some_families_have_trec_eval_names():
    assert len(NAMED) >= 37 and {"AP", "P", "nDCG", "RBP", "IPrec"} <= {family.name for family in NAMED}


@pytest.mark.parametrize("family", NAMED, ids=lambda family: family.name)
def test_every_family_with_a_trec_eval_name_is_on_the_command_line(family):
    on_the_command_line = {m.name for m in MEASURES if m.family == family.name}
    assert names_in_templates(family) <= on_the_command_line, (
        f"{family.name}'s trec_eval names are missing from the command line's table")
    for release in family.trec_eval_releases:
        assert names_in_templates(family) <= set(measures_of(release)), release


@pytest.mark.parametrize("measure", MEASURES, ids=lambda measure: measure.name)
def test_every_command_line_measure_is_a_catalogue_name(measure):
    if measure.family is None:  # runid, and the preference measures of _trec_prefs
        assert measure.name == "runid" or measure.name in PREFERENCE_MEASURES
        return
    assert measure.family in CATALOGUE
    names = names_in_templates(CATALOGUE[measure.family])
    # The *_avgjg measures average their family's value over judgement groups (-R qrels_jg).
    name = measure.name.removesuffix("_avgjg") if measure.reads == "qrels_jg" else measure.name
    assert name in names, f"{measure.name} is not among {measure.family}'s trec_eval names {sorted(names)}"


def _measures_c(release: str) -> str:
    path = SOURCES / release / "measures.c"
    if not path.is_file():
        missing(f"trec_eval {release}'s source (trec_eval/{release}/measures.c)")
    return path.read_text(encoding="latin-1")


def _c_array(source: str, start: str) -> str:
    return source[source.index(start):].split("};", 1)[0]


@pytest.mark.parametrize("release", RELEASES)
def test_the_table_is_trec_evals_own(release):
    source = _measures_c(release)
    theirs = re.findall(r"&te_meas_(\w+)", _c_array(source, "te_trec_measures[]"))
    assert list(measures_of(release)) == theirs


@pytest.mark.parametrize("release", RELEASES)
def test_the_nicknames_are_trec_evals_own(release):
    source = _measures_c(release)
    pairs = re.findall(r'\{\s*"(\w+)",\s*(\w+)\s*\}', _c_array(source, "te_trec_measure_nicknames[]"))
    assert {nickname for nickname, _ in pairs} == set(NICKNAMES)
    table = measures_of(release)
    for nickname, array in pairs:
        theirs = re.findall(r'"(\w+)"', _c_array(source, f"*{array}[]"))
        assert {name for name in NICKNAMES[nickname] if name in table} == set(theirs), nickname
