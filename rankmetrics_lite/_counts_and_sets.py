"""Counts and set measures: what a run retrieved, taken as a set rather than a ranking.

trec_eval reports the counts behind every measure (``num_ret``, ``num_rel``,
``num_rel_ret``, ``num_nonrel_judged_ret``) and a family of measures on the
retrieved set as a whole: set precision and recall, their F measure, relative
precision, "set AP" and linear utility. Each is a formula on four counts per
query: the documents retrieved (:math:`|S|`, after any ``max_retrieved``
cut), the relevant ones (:math:`|R|`), the relevant retrieved
(:math:`|S \\cap R|`) and the collection's size :math:`N`. The kernels below take
those counts as arrays (one entry per query) and compute each formula once, in
the order of trec_eval's arithmetic, so that every value is trec_eval's to the
last bit. :func:`relevance_string_rows` spells the top of each ranking as
trec_eval's ``relstring`` does.
"""

from __future__ import annotations

import numpy as np

from ._kernels import safe_divide

# trec_eval's relevance values at a rank (form_res_rels.c): a grade >= 0, or these.
NOT_IN_POOL_VALUE = -1  # RELVALUE_NONPOOL: the qrels do not hold the document
UNJUDGED_VALUE = -2  # RELVALUE_UNJUDGED: in the qrels with a negative grade (pooled, not judged)
PAST_END_VALUE = -3  # not trec_eval's: the rank is past the end of the ranking


def _as_float(*counts: np.ndarray) -> list[np.ndarray]:
    return [np.asarray(c, dtype=float) for c in counts]


def set_precision_rows(n_rel_ret: np.ndarray, n_ret: np.ndarray) -> np.ndarray:
    r""":math:`|S \cap R| / |S|`, 0 for an empty set (trec_eval's ``set_P``)."""
    return safe_divide(n_rel_ret, n_ret)


def set_recall_rows(n_rel_ret: np.ndarray, n_rel: np.ndarray) -> np.ndarray:
    r""":math:`|S \cap R| / |R|`, 0 without a relevant document (``set_recall``)."""
    return safe_divide(n_rel_ret, n_rel)


def set_relative_precision_rows(n_rel_ret: np.ndarray, n_ret: np.ndarray, n_rel: np.ndarray) -> np.ndarray:
    r""":math:`|S \cap R| / \min(|S|, |R|)`: the share of what could have been found
    in a set of this size (``set_relative_P``); 0 if either count is 0."""
    n_rel_ret, n_ret, n_rel = _as_float(n_rel_ret, n_ret, n_rel)
    defined = (n_ret > 0) & (n_rel > 0)
    return safe_divide(np.where(defined, n_rel_ret, 0.0), np.where(defined, np.minimum(n_ret, n_rel), 0.0))


def set_average_precision_rows(n_rel_ret: np.ndarray, n_ret: np.ndarray, n_rel: np.ndarray) -> np.ndarray:
    r"""Set precision times set recall, :math:`|S \cap R|^2 / (|S|\,|R|)`: the AP of a
    set whose relevant documents all come first (``set_map``); 0 if either count is 0."""
    n_rel_ret, n_ret, n_rel = _as_float(n_rel_ret, n_ret, n_rel)
    return safe_divide(n_rel_ret * n_rel_ret, n_ret * n_rel)


def set_f_rows(n_rel_ret: np.ndarray, n_ret: np.ndarray, n_rel: np.ndarray, beta: float) -> np.ndarray:
    r"""trec_eval's ``set_F``: :math:`(x + 1) P R / (x P + R)` with :math:`x` = ``beta``
    (1: the harmonic mean F1); 0 when nothing relevant was retrieved.

    trec_eval weighs precision by the parameter itself, where van Rijsbergen's
    :math:`F_\beta` weighs it by :math:`\beta^2`: ``beta=4`` here is :math:`F_2`.
    """
    n_rel_ret, n_ret, n_rel = _as_float(n_rel_ret, n_ret, n_rel)
    found = n_rel_ret > 0
    precision = safe_divide(n_rel_ret, np.where(found, n_ret, 0.0))
    recall = safe_divide(n_rel_ret, np.where(found, n_rel, 0.0))
    with np.errstate(divide="ignore", invalid="ignore"):
        f = (beta + 1.0) * precision * recall / (beta * precision + recall)
    return np.where(found, f, 0.0)


def utility_rows(n_rel_ret: np.ndarray, n_ret: np.ndarray, n_rel: np.ndarray,
                 weights: tuple[float, float, float, float], collection_size: int) -> np.ndarray:
    r"""Linear utility: :math:`a\,TP + b\,FP + c\,FN + d\,TN` with
    :math:`TP = |S \cap R|`, :math:`FP = |S| - TP`, :math:`FN = |R| - TP` and
    :math:`TN = N + TP - |S| - |R|` (``utility``; TREC filtering's T11U is
    ``(2, -1, 0, 0)``). The counts are exact integers; each product is added in turn."""
    a, b, c, d = weights
    tp, ret, rel = (np.asarray(x, dtype=np.int64) for x in (n_rel_ret, n_ret, n_rel))
    return (a * tp.astype(float) + b * (ret - tp).astype(float) + c * (rel - tp).astype(float)
            + d * (collection_size + tp - ret - rel).astype(float))


def relevance_string_rows(values: np.ndarray, n_ret: np.ndarray, length: int) -> np.ndarray:
    """trec_eval's ``relstring``: one character per retrieved document among the first
    ``length``: its grade 0 to 9, ``>`` above 9, ``-`` not in the qrels, ``.`` judged
    with a negative grade (pooled but unjudged). ``values`` holds trec_eval's value at
    each rank (a grade, or the codes above). Returns an object array of strings."""
    top = np.asarray(values)[:, :max(length, 0)]
    symbols = np.full(top.shape, "<", dtype="<U1")
    symbols[top == NOT_IN_POOL_VALUE] = "-"
    symbols[top == UNJUDGED_VALUE] = "."
    for grade in range(10):
        symbols[top == grade] = str(grade)
    symbols[top > 9] = ">"
    ends = np.minimum(np.asarray(n_ret, dtype=np.int64), top.shape[1])
    joined = ["".join(row[:end]) for row, end in zip(symbols.tolist(), ends.tolist())]
    return np.array(joined, dtype=object)
