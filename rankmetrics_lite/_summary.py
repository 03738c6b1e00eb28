"""One summary of per-query values over queries, as trec_eval computes it.

:func:`summary` is the one place where a measure's per-query values become its
summary: :func:`~rankmetrics_lite.evaluate` (through
:func:`rankmetrics_lite.measures.summarize`), :mod:`rankmetrics_lite.spark` and
the command line call it. It reproduces trec_eval's bytes (10.0 and 9.0.8 alike):

* values are added one by one, in query order, to 0.0 (``te_acc_meas_s``), not
  pairwise as ``numpy.mean`` adds them;
* a geometric mean floors each value at :data:`GEOMETRIC_FLOOR` (trec_eval's
  ``MIN_GEO_MEAN``) and sums the logs;
* a judged query the run lacks counts 0 (trec_eval's ``-c``): ``absent`` such
  queries enter the divisor, and a geometric mean adds ``absent * log(floor)``.

The command line calls ``summary(held, kind, absent=n_judged - n, logged=True)``
for a geometric mean whose logs it holds (``-Z`` turns them into z-scores first).
"""

from __future__ import annotations

import math

import numpy as np

from ._average_precision import GMAP_FLOOR as GEOMETRIC_FLOOR
from .validation import check_choice

SUMMARIES = ("mean", "sum", "geometric")


def sequential_sum(values: np.ndarray) -> float:
    """Added one by one in query order to 0.0, as trec_eval accumulates (te_acc_meas_s;
    cumsum is sequential). Adding 0.0 last makes a sum of negative zeros +0.0, as it is
    when 0.0 comes first; and a NaN sum takes the sign trec_eval's ``accum += value``
    gives it (the sign shows: C prints ``-nan``): that of the last NaN value, where numpy
    keeps the first, or set, for a NaN the sum makes itself (inf - inf).

    >>> sequential_sum(np.array([0.1, 0.2, 0.3]))  # ((0.0 + 0.1) + 0.2) + 0.3
    0.6000000000000001
    """
    values = np.asarray(values, dtype=float)
    if not values.size:
        return 0.0
    total = float(np.cumsum(values)[-1]) + 0.0
    if math.isnan(total):
        nan = np.flatnonzero(np.isnan(values))
        total = math.copysign(total, -1.0 if not nan.size or np.signbit(values[nan[-1]]) else 1.0)
    return total


def summary(values: np.ndarray, how: str, *, absent: int = 0, logged: bool = False) -> float:
    r"""The summary of per-query ``values`` (in query order) over the queries.

    ``how``: ``"mean"`` (:math:`\frac{1}{n} \sum_q v_q`), ``"sum"``, or ``"geometric"``
    (:math:`\exp \frac{1}{n} \sum_q \log \max(v_q, 10^{-5})`, GMAP's). ``absent``
    judged queries the run lacks count 0 each (``n`` = ``len(values) + absent``);
    ``logged``: geometric values are already ``log(max(v, floor))``. With no query
    at all, the sum: 0.

    >>> summary(np.array([0.5, 0.0]), "mean"), summary(np.array([0.5]), "mean", absent=1)
    (0.25, 0.25)
    >>> round(summary(np.array([0.5, 0.0]), "geometric"), 5)  # sqrt(0.5 * 1e-5): 0 floored
    0.00224
    """
    check_choice(how, "how", SUMMARIES)
    values = np.asarray(values, dtype=float)
    divisor = values.size + absent
    if how == "geometric":
        logs = values if logged else np.log(np.maximum(values, GEOMETRIC_FLOOR))
        total = sequential_sum(logs)
        if absent:
            total += absent * math.log(GEOMETRIC_FLOOR)
        return math.exp(total / divisor) if divisor else total
    total = sequential_sum(values)
    if how == "sum" or not divisor:
        return total
    return float(np.float64(total) / np.float64(divisor))
