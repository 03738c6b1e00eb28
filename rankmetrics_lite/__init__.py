"""rankmetrics_lite: the ranking metrics of the Ranking Metrics course.

Exact against trec_eval where trec_eval defines a measure, vectorised across
queries, and strict about input: bad input raises with a message that names
the argument and the fix.
"""

from .cutoff_metrics import (
    f1_at_k,
    hit_rate_at_k,
    precision_at_k,
    precision_recall_at_all_k,
    r_precision,
    recall_at_k,
)

__all__ = [
    "f1_at_k",
    "hit_rate_at_k",
    "precision_at_k",
    "precision_recall_at_all_k",
    "r_precision",
    "recall_at_k",
]
