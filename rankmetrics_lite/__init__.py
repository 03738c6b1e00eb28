"""rankmetrics_lite: the ranking metrics of the Ranking Metrics course.

Exact against trec_eval where trec_eval defines a measure, vectorised across
queries, and strict about input: bad input raises with a message that names
the argument and the fix.
"""

__version__ = "0.2.0"

from ._adapters import gains_from_ids, rank_by_score, relevance_from_ids
from ._average_precision import average_precision, gmap
from ._cutoff_metrics import (
    f1_at_k,
    hit_rate_at_k,
    precision_at_k,
    precision_recall_at_all_k,
    r_precision,
    recall_at_k,
)
from ._columns import QrelsColumns, RunColumns
from ._dcg import dcg_at_k, ndcg_at_k
from ._evaluate import evaluate
from ._incomplete_judgements import (
    bpref,
    condensed_list,
    inferred_average_precision,
    judged_at_k,
    rank_biased_precision,
    rank_biased_precision_residual,
)
from ._power import (
    PairedEffectSize,
    SystemPair,
    TopicSetSize,
    TukeyHSD,
    paired_effect_size,
    paired_t_test_power,
    queries_for_power,
    randomised_tukey_hsd,
    topic_set_size,
    tukey_hsd,
    variance_from_scores,
)
from ._pr_curves import (
    auprc_trapezoid,
    average_precision_from_scores,
    eleven_point_precision,
    interpolated_precision,
    max_f1,
    pr_curve_from_cutoffs,
    pr_curve_from_scores,
    precision_at_recall,
)
from ._ranking_metrics import RankingMetrics
from ._random_baseline import (
    RandomBaseline,
    random_hits_distribution,
    random_precision_at_k,
    random_recall_at_k,
    simulate_random_precision,
)
from ._recommenders import (
    Split,
    catalogue_coverage,
    corrected_sampled_metric,
    expected_sampled_metric,
    exposure,
    full_ranks,
    gini_index,
    intra_list_diversity,
    leave_one_out_split,
    metric_of_rank,
    novelty,
    random_split,
    sampled_metric,
    sampled_ranks,
    temporal_split,
)
from ._reciprocal_rank import expected_reciprocal_rank, reciprocal_rank
from ._roc import partial_auc, roc_auc, roc_curve_points
from ._significance import (
    BootstrapInterval,
    PairedTTest,
    RandomizationTest,
    SignTest,
    bootstrap_ci,
    holm_bonferroni,
    paired_t_test,
    randomization_test,
    sign_test,
)
from ._ties import expected_average_precision, expected_ndcg_at_k, expected_precision_at_k
from ._trec_io import (
    read_trec_qrels,
    read_trec_qrels_columns,
    read_trec_run,
    read_trec_run_columns,
    write_trec_run,
)

__all__ = [
    "BootstrapInterval",
    "PairedEffectSize",
    "PairedTTest",
    "QrelsColumns",
    "RandomBaseline",
    "RandomizationTest",
    "RankingMetrics",
    "RunColumns",
    "SignTest",
    "Split",
    "SystemPair",
    "TopicSetSize",
    "TukeyHSD",
    "auprc_trapezoid",
    "average_precision",
    "average_precision_from_scores",
    "bootstrap_ci",
    "bpref",
    "catalogue_coverage",
    "condensed_list",
    "corrected_sampled_metric",
    "dcg_at_k",
    "eleven_point_precision",
    "evaluate",
    "expected_average_precision",
    "expected_ndcg_at_k",
    "expected_precision_at_k",
    "expected_reciprocal_rank",
    "expected_sampled_metric",
    "exposure",
    "f1_at_k",
    "full_ranks",
    "gains_from_ids",
    "gini_index",
    "gmap",
    "hit_rate_at_k",
    "holm_bonferroni",
    "inferred_average_precision",
    "interpolated_precision",
    "intra_list_diversity",
    "judged_at_k",
    "leave_one_out_split",
    "max_f1",
    "metric_of_rank",
    "ndcg_at_k",
    "novelty",
    "paired_effect_size",
    "paired_t_test",
    "paired_t_test_power",
    "partial_auc",
    "pr_curve_from_cutoffs",
    "pr_curve_from_scores",
    "precision_at_k",
    "precision_at_recall",
    "precision_recall_at_all_k",
    "queries_for_power",
    "r_precision",
    "random_hits_distribution",
    "random_precision_at_k",
    "random_recall_at_k",
    "random_split",
    "randomised_tukey_hsd",
    "randomization_test",
    "rank_biased_precision",
    "rank_biased_precision_residual",
    "rank_by_score",
    "read_trec_qrels",
    "read_trec_qrels_columns",
    "read_trec_run",
    "read_trec_run_columns",
    "recall_at_k",
    "reciprocal_rank",
    "relevance_from_ids",
    "roc_auc",
    "roc_curve_points",
    "sampled_metric",
    "sampled_ranks",
    "sign_test",
    "simulate_random_precision",
    "temporal_split",
    "topic_set_size",
    "tukey_hsd",
    "variance_from_scores",
    "write_trec_run",
]
