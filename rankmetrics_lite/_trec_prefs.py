"""Preference judgements (trec_eval's ``-R prefs`` and ``-R qrels_prefs``) and the 15 ``prefs_*`` measures.

A preference file says, per query, which documents a user preferred to which:
lines ``qid jg jsg docno rel_level``. Within a judgement sub-group (jsg) a
document is preferred to every document with a lower level; the sub-groups of
a judgement group (jg, one user) add up, transitively; different groups may
disagree. ``qrels_prefs`` reads a qrels file that way (its second column as the
group, one sub-group each).

:func:`preference_counts` does, for one query and one ranking, what trec_eval's
``form_prefs_counts.c`` does: it numbers the judged documents (the retrieved ones
in rank order, then the others by document id), and counts, per group, the
preferences fulfilled and possible among retrieved documents ("ret"), with one
of the two retrieved ("imp") and with neither, plus the number of groups that
prefer each document to each other. A group with one sub-group keeps its
documents as classes of equal level (trec_eval's EC); one with several builds
the preference matrix and closes it transitively. :data:`PREFERENCE_MEASURES`
computes each measure from those counts, in trec_eval's arithmetic (including
its ``recalculate`` for the ``Rnonrel`` measures).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass
class Group:
    """One judgement group's counts (trec_eval's JG)."""

    fulfilled_ret: int = 0
    possible_ret: int = 0
    fulfilled_imp: int = 0
    possible_imp: int = 0
    possible_notoccur: int = 0
    n_rel: int = 0
    n_rel_ret: int = 0
    n_nonrel: int = 0
    n_nonrel_ret: int = 0
    # EC form: the classes, each (level, docid ranks ascending), highest level first, and where
    # its last class starts in the rank pool; matrix form (several sub-groups): the closed
    # preference matrix and each document's level.
    classes: list[tuple[float, list[int]]] | None = None
    last_class_at: int = 0
    matrix: np.ndarray | None = None
    levels: np.ndarray | None = None


@dataclass
class PreferenceCounts:
    """A query's groups, the counts matrix over its judged documents, and how many of them
    were retrieved (documents numbered retrieved first, in rank order)."""

    groups: list[Group]
    counts: np.ndarray
    n_judged: int
    n_judged_ret: int
    pool: list[int] = field(default_factory=list)  # trec_eval's rank pool as this query left it


@dataclass
class RankPool:
    """trec_eval's rank_pool (form_prefs_counts.c): one array of the classes' ranks, reused
    from query to query, grown (and its content lost) when a query has more lines. Its
    recalculate (m_prefs_avgjg_Rnonrel*.c) reads |R| ranks from a group's last class, past
    its end when that class is smaller: the ranks of the next group, or what an earlier
    query left there (a slot no query wrote: _UNWRITTEN)."""

    capacity: int = 0
    memory: list[int] = field(default_factory=list)

    def write(self, needed: int, ranks: list[int]) -> list[int]:
        if needed > self.capacity:
            self.capacity += needed
            self.memory = []
        self.memory[:len(ranks)] = ranks
        return list(self.memory)


class PreferenceError(ValueError):
    """Judgements trec_eval refuses when it computes a measure (its exit 4)."""


@dataclass
class _Line:
    jg: bytes
    jsg: bytes
    level: float
    docno: bytes
    rank: int = field(default=-1)


def preference_counts(lines: list[tuple[bytes, bytes, float, bytes]], ranked: list[bytes],
                      pool: RankPool | None = None) -> PreferenceCounts:
    """form_prefs_counts for one query: ``lines`` its (jg, jsg, level, docno) judgements,
    ``ranked`` its retrieved documents in rank order (after any cut); ``pool``: the rank
    pool as the queries evaluated before left it (trec_eval evaluates them in turn)."""
    judged = sorted({line[3] for line in lines})
    in_prefs = set(judged)
    retrieved = [d for d in ranked if d in in_prefs]
    rank_of = {d: i for i, d in enumerate(retrieved)}
    next_rank = len(retrieved)
    for d in judged:  # not retrieved: numbered on, in document id order
        if d not in rank_of:
            rank_of[d] = next_rank
            next_rank += 1
    n_judged, n_judged_ret = next_rank, len(retrieved)
    prefs = [_Line(jg, jsg, level, docno, rank_of[docno]) for jg, jsg, level, docno in lines]
    prefs.sort(key=lambda p: (p.jg, p.jsg, -p.level, p.rank))
    counts = np.zeros((n_judged, n_judged), dtype=np.int64)
    groups = []
    flat: list[int] = []  # the classes' ranks, group after group (EC form only)
    start = 0
    while start < len(prefs):
        end = start
        while end < len(prefs) and prefs[end].jg == prefs[start].jg:
            end += 1
        members = prefs[start:end]
        if len({p.jsg for p in members}) > 1:
            groups.append(_matrix_group(members, n_judged, n_judged_ret, counts))
        else:
            group = _class_group(members, n_judged_ret, counts)
            group.last_class_at = len(flat) + sum(len(r) for _, r in group.classes[:-1])
            flat += [r for _, ranks in group.classes for r in ranks]
            groups.append(group)
        start = end
    memory = (pool if pool is not None else RankPool()).write(len(lines), flat)
    return PreferenceCounts(groups, counts, n_judged, n_judged_ret, memory)


def _class_group(members: list[_Line], njr: int, counts: np.ndarray) -> Group:
    """A group with one sub-group: classes of equal level, each preferred to the lower ones."""
    classes: list[tuple[float, list[int]]] = []
    for p in members:
        if not classes or classes[-1][0] != p.level:
            classes.append((p.level, []))
        classes[-1][1].append(p.rank)
    group = Group(classes=classes)
    for index, (level, ranks) in enumerate(classes):
        retrieved = 0
        for r in ranks:  # trec_eval counts the leading ranks below njr
            if r >= njr:
                break
            retrieved += 1
        if level > 0.0:
            group.n_rel_ret += retrieved
            group.n_rel += len(ranks)
        else:
            group.n_nonrel_ret += retrieved
            group.n_nonrel += len(ranks)
        for _, lower in classes[index + 1:]:
            for r1 in ranks:
                for r2 in lower:
                    counts[r1, r2] += 1
                    if r1 == r2:
                        raise PreferenceError(f"a document (internal docid {r1}) occurs with different "
                                              "levels in one judgement sub-group")
                    if r1 < r2:
                        if r2 < njr:
                            group.fulfilled_ret += 1
                        elif r1 < njr:
                            group.fulfilled_imp += 1
                        else:
                            group.possible_notoccur += 1
                    elif r1 < njr:
                        group.possible_ret += 1
                    elif r2 < njr:
                        group.possible_imp += 1
                    else:
                        group.possible_notoccur += 1
    group.possible_ret += group.fulfilled_ret
    group.possible_imp += group.fulfilled_imp
    return group


def _matrix_group(members: list[_Line], n_judged: int, njr: int, counts: np.ndarray) -> Group:
    """A group with several sub-groups: the preference matrix, closed transitively."""
    matrix = np.zeros((n_judged, n_judged), dtype=bool)
    levels = np.full(n_judged, -1.0)
    for i, p in enumerate(members):
        if (levels[p.rank] > 0.0 and p.level == 0.0) or (levels[p.rank] == 0.0 and p.level > 0.0):
            raise PreferenceError(f"document '{p.docno.decode('utf-8', 'replace')}' has both 0 and "
                                  "non-0 rel_level in one judgement group")
        levels[p.rank] = p.level
        j = i + 1
        while j < len(members) and members[j].jsg == p.jsg and members[j].level == p.level:
            j += 1
        while j < len(members) and members[j].jsg == p.jsg:
            matrix[p.rank, members[j].rank] = True
            j += 1
    closed = matrix | np.eye(n_judged, dtype=bool)
    while True:  # trec_eval multiplies until nothing changes: the reflexive transitive closure
        step = (closed.astype(np.uint8) @ closed.astype(np.uint8)) > 0
        if np.array_equal(step, closed):
            break
        closed = step
    np.fill_diagonal(closed, False)
    if (closed & closed.T).any():
        raise PreferenceError("inconsistent preferences in one judgement group (trec_eval aborts)")
    group = Group(matrix=closed, levels=levels)
    ret = levels[:njr]
    group.n_rel_ret = int((ret > 0.0).sum())
    group.n_nonrel_ret = int((ret == 0.0).sum())
    group.n_rel = int((levels > 0.0).sum())
    group.n_nonrel = int((levels == 0.0).sum())
    counts += closed
    upper = np.triu(np.ones((n_judged, n_judged), dtype=bool), 1)
    a = closed
    group.possible_ret = int((a[:njr, :njr] & ~upper[:njr, :njr]).sum())  # A2, not fulfilled
    group.fulfilled_ret = int((a[:njr, :njr] & upper[:njr, :njr]).sum())  # A1
    group.fulfilled_imp = int(a[:njr, njr:].sum())  # A3
    group.possible_imp = int(a[njr:, :njr].sum())  # A4
    group.possible_notoccur = int(a[njr:, njr:].sum())  # A5
    group.possible_ret += group.fulfilled_ret
    group.possible_imp += group.fulfilled_imp
    return group


# ------------------------------------------------------------------ measures --


def _ratio(numerator: int, denominator: int) -> float:
    return float(numerator) / float(denominator) if denominator else 0.0


def _sum_over_groups(pc: PreferenceCounts, fulfilled, possible) -> float:
    ful = sum(fulfilled(g) for g in pc.groups)
    poss = sum(possible(g) for g in pc.groups)
    return _ratio(ful, poss)


def _average_over_groups(pc: PreferenceCounts, fulfilled, possible) -> float:
    total = 0.0
    for g in pc.groups:
        poss = possible(g)
        if poss:
            total += float(fulfilled(g)) / float(poss)
    return total / float(len(pc.groups)) if total > 0.0 else 0.0


def _pairs(pc: PreferenceCounts, blocks: list[tuple[slice, slice, bool, bool]]) -> float:
    """prefs_pair*: the mean over document pairs of the share of groups preferring the first;
    ``blocks`` are (rows, columns, upper triangle only, adds to the sum) in trec_eval's order
    (pairs of which neither document was retrieved count, but add nothing)."""
    c = pc.counts
    total, pairs = 0.0, 0
    for rows, cols, triangle, adds in blocks:
        for i in range(rows.start, rows.stop):
            start = i + 1 if triangle else cols.start
            for j in range(start, cols.stop):
                if c[i, j] or c[j, i]:
                    pairs += 1
                    if adds:
                        total += float(c[i, j]) / float(c[i, j] + c[j, i])
    return total / float(pairs) if pairs else 0.0


def _pair_blocks(pc: PreferenceCounts, kind: str) -> list:
    njr, n = pc.n_judged_ret, pc.n_judged
    ret = (slice(0, njr), slice(0, njr), True, True)
    imp = (slice(0, njr), slice(njr, n), False, True)
    neither = (slice(njr, n), slice(njr, n), True, False)
    return {"ret": [ret], "imp": [ret, imp], "all": [ret, imp, neither]}[kind]


def _all_ful(g: Group) -> int:
    return g.fulfilled_ret + g.fulfilled_imp


def _all_poss(g: Group) -> int:
    return g.possible_ret + g.possible_imp + g.possible_notoccur


def _rnonrel(pc: PreferenceCounts, retrieved_only: bool) -> float:
    """prefs_avgjg_Rnonrel(_ret): as if each group had as many non-relevant documents
    (retrieved, for _ret) as relevant ones."""
    total = 0.0
    for g in pc.groups:
        big_r, big_n = (g.n_rel_ret, g.n_nonrel_ret) if retrieved_only else (g.n_rel, g.n_nonrel)
        if big_r >= big_n:
            if retrieved_only:
                ful, poss = g.fulfilled_ret, g.possible_ret
            else:
                ful, poss = _all_ful(g), _all_poss(g)
            ful += g.n_rel_ret * (big_r - big_n)
            poss += g.n_rel * (big_r - big_n)
        else:
            ful, poss = _recalculate(g, pc.n_judged_ret, pc.n_judged, retrieved_only, pc.pool)
        with np.errstate(divide="ignore", invalid="ignore"):
            total += float(np.float64(ful) / np.float64(poss))
    return total / float(len(pc.groups)) if total > 0.0 else 0.0


def _recalculate(g: Group, njr: int, n_judged: int, retrieved_only: bool,
                 pool: list[int]) -> tuple[int, int]:
    """trec_eval's recalculate (m_prefs_avgjg_Rnonrel*.c), its loops as they are."""
    ful = poss = 0
    if g.classes is not None:
        keep = g.n_rel_ret if retrieved_only else g.n_rel
        # |R| ranks from the last class's start in the rank pool (past its end if it is smaller)
        new_nonrel = [pool[i] if i < len(pool) else _UNWRITTEN
                      for i in range(g.last_class_at, g.last_class_at + keep)]

        def ranks(rs: list[int]) -> list[int]:
            if not retrieved_only:
                return rs
            out = []
            for r in rs:  # loops that stop at the first rank past the retrieved ones
                if r >= njr:
                    break
                out.append(r)
            return out

        for e1 in range(len(g.classes)):
            for e2 in range(e1 + 1, len(g.classes) - 1):
                for r1 in ranks(g.classes[e1][1]):
                    for r2 in ranks(g.classes[e2][1]):
                        if r1 < r2 and (retrieved_only or r1 < njr):
                            ful += 1
                        else:
                            poss += 1
        for e1 in range(len(g.classes)):
            for r1 in ranks(g.classes[e1][1]):
                for r2 in ranks(new_nonrel):
                    if r1 < r2 and (retrieved_only or r1 < njr):
                        ful += 1
                    else:
                        poss += 1
        return ful, poss + ful
    a, levels = g.matrix, g.levels
    seen, first_discarded = 0, (njr if retrieved_only else n_judged)
    for i in range(njr if retrieved_only else n_judged):
        if levels[i] == 0.0:
            seen += 1
            if seen == g.n_rel + 1:
                first_discarded = i
                break
    kept = ~((np.arange(n_judged) >= first_discarded) & (levels == 0.0))
    upper = np.triu(np.ones((n_judged, n_judged), dtype=bool), 1)
    a = a & kept[:, None] & kept[None, :]
    poss += int((a[:njr, :njr] & ~upper[:njr, :njr]).sum())
    ful += int((a[:njr, :njr] & upper[:njr, :njr]).sum())
    if not retrieved_only:
        ful += int(a[:njr, njr:].sum())
        poss += int(a[njr:, :njr].sum()) + int(a[njr:, njr:].sum())
    return ful, poss + ful


# A rank pool slot no query wrote: malloc's memory, which trec_eval reads as a rank; taken as
# larger than any rank (a heap address, as glibc's free lists leave there).
_UNWRITTEN = 1 << 62

# Their place in trec_eval 10.0's table of measures (measures.c), which orders its output: after
# num_nonrel_judged_ret, in the order below. -m all_prefs asks for them all, -m prefs for the first six.
PREFERENCE_POSITION = 36
_PREFS = ("all_prefs", "prefs")
_ALL_PREFS = ("all_prefs",)
PREFERENCE_MEASURES = {  # trec_eval's name -> (kind of value, function of a query's counts, nicknames)
    "prefs_num_prefs_poss": ("long", lambda pc: float(sum(_all_poss(g) for g in pc.groups)), _PREFS),
    "prefs_num_prefs_ful": ("long", lambda pc: float(sum(_all_ful(g) for g in pc.groups)), _PREFS),
    "prefs_num_prefs_ful_ret": ("long", lambda pc: float(sum(g.fulfilled_ret for g in pc.groups)), _PREFS),
    "prefs_simp": ("double", lambda pc: _sum_over_groups(pc, _all_ful, _all_poss), _PREFS),
    "prefs_pair": ("double", lambda pc: _pairs(pc, _pair_blocks(pc, "all")), _PREFS),
    "prefs_avgjg": ("double", lambda pc: _average_over_groups(pc, _all_ful, _all_poss), _PREFS),
    "prefs_avgjg_Rnonrel": ("double", lambda pc: _rnonrel(pc, retrieved_only=False), _ALL_PREFS),
    "prefs_simp_ret": ("double", lambda pc: _sum_over_groups(
        pc, lambda g: g.fulfilled_ret, lambda g: g.possible_ret), _ALL_PREFS),
    "prefs_pair_ret": ("double", lambda pc: _pairs(pc, _pair_blocks(pc, "ret")), _ALL_PREFS),
    "prefs_avgjg_ret": ("double", lambda pc: _average_over_groups(
        pc, lambda g: g.fulfilled_ret, lambda g: g.possible_ret), _ALL_PREFS),
    "prefs_avgjg_Rnonrel_ret": ("double", lambda pc: _rnonrel(pc, retrieved_only=True), _ALL_PREFS),
    "prefs_simp_imp": ("double", lambda pc: _sum_over_groups(
        pc, _all_ful, lambda g: g.possible_ret + g.possible_imp), _ALL_PREFS),
    "prefs_pair_imp": ("double", lambda pc: _pairs(pc, _pair_blocks(pc, "imp")), _ALL_PREFS),
    "prefs_avgjg_imp": ("double", lambda pc: _average_over_groups(
        pc, _all_ful, lambda g: g.possible_ret + g.possible_imp), _ALL_PREFS),
}
