"""Preference judgements (trec_eval's -R prefs): the counts and the measures on small cases by hand.

The command line's byte-for-byte tests compare every prefs_* measure with the
trec_eval programs (test_command_line_against_trec_eval.py); here the counting
itself is checked where it can be followed by hand.
"""

from __future__ import annotations

import pytest

from rankmetrics_lite._trec_prefs import PREFERENCE_MEASURES, PreferenceError, preference_counts


def measure(name, counts):
    return PREFERENCE_MEASURES[name][1](counts)


def test_one_sub_group_counts_by_hand():
    # A (level 2) > B (1) > C (0); the run retrieves C then A: C is internal docid 0, A 1, B 2.
    counts = preference_counts([(b"u", b"s", 2.0, b"A"), (b"u", b"s", 1.0, b"B"), (b"u", b"s", 0.0, b"C")],
                               [b"C", b"X", b"A"])
    assert (counts.n_judged, counts.n_judged_ret) == (3, 2)
    (group,) = counts.groups
    # A>B: A retrieved, B not: fulfilled (implied). A>C: both retrieved, C above A: not.
    # B>C: B not retrieved, C is: not fulfilled (implied).
    assert (group.fulfilled_ret, group.possible_ret, group.fulfilled_imp, group.possible_imp) == (0, 1, 1, 2)
    assert (group.n_rel, group.n_rel_ret, group.n_nonrel, group.n_nonrel_ret) == (2, 1, 1, 1)
    assert measure("prefs_num_prefs_poss", counts) == 3 and measure("prefs_num_prefs_ful", counts) == 1
    assert measure("prefs_simp", counts) == pytest.approx(1 / 3)
    assert measure("prefs_simp_ret", counts) == 0.0
    # Rnonrel: R = 2 >= N = 1: each retrieved relevant document gains R - N fulfilled preferences.
    assert measure("prefs_avgjg_Rnonrel", counts) == pytest.approx((1 + 1 * 1) / (3 + 2 * 1))
    # pairs (C,A): 0 of 1 prefer the first; (C,B): 0 of 1; (A,B): 1 of 1.
    assert measure("prefs_pair", counts) == pytest.approx(1 / 3)


def test_several_sub_groups_close_transitively():
    # s1: A > B; s2: B > C. Together A > C too, though no sub-group says so.
    lines = [(b"u", b"s1", 2.0, b"A"), (b"u", b"s1", 1.0, b"B"),
             (b"u", b"s2", 5.0, b"B"), (b"u", b"s2", 4.0, b"C")]
    counts = preference_counts(lines, [b"A", b"B", b"C"])
    assert counts.groups[0].matrix.sum() == 3
    assert measure("prefs_num_prefs_ful_ret", counts) == 3 and measure("prefs_simp", counts) == 1.0


def test_groups_that_disagree_are_averaged_or_pooled():
    lines = [(b"u1", b"s", 1.0, b"A"), (b"u1", b"s", 0.0, b"B"),
             (b"u2", b"s", 1.0, b"B"), (b"u2", b"s", 0.0, b"A")]
    counts = preference_counts(lines, [b"A", b"B"])
    assert measure("prefs_avgjg", counts) == pytest.approx((1 + 0) / 2)
    assert measure("prefs_pair", counts) == pytest.approx(1 / 2)  # one pair, preferred 1 time of 2


def test_inconsistent_judgements_are_refused():
    with pytest.raises(PreferenceError, match="different levels in one judgement sub-group"):
        preference_counts([(b"u", b"s", 1.0, b"A"), (b"u", b"s", 0.0, b"A")], [b"A"])
    with pytest.raises(PreferenceError, match="both 0 and non-0"):
        preference_counts([(b"u", b"s1", 1.0, b"A"), (b"u", b"s1", 2.0, b"B"),
                           (b"u", b"s2", 0.0, b"A"), (b"u", b"s2", 3.0, b"C")], [b"A"])
    with pytest.raises(PreferenceError, match="inconsistent preferences"):
        preference_counts([(b"u", b"s1", 2.0, b"A"), (b"u", b"s1", 1.0, b"B"),
                           (b"u", b"s2", 2.0, b"B"), (b"u", b"s2", 1.0, b"A")], [b"A"])
