"""rankmetrics_lite: the ranking metrics of the Ranking Metrics course.

Exact against trec_eval where trec_eval defines a measure, vectorised across
queries, and strict about input: bad input raises with a message that names
the argument and the fix.
"""

__version__ = "0.2.0"

_WHERE = {  # public name -> the private module that defines it, imported on first use
    "BootstrapInterval": "._significance",
    "CWLMeasure": "._user_models",
    "ConfusionTable": "._agreement",
    "ExpectedExposure": "._exposure",
    "GroupExposure": "._exposure",
    "KappaInterval": "._agreement",
    "PairedEffectSize": "._power",
    "PairedTTest": "._significance",
    "QrelsColumns": "._columns",
    "RandomBaseline": "._random_baseline",
    "RandomizationTest": "._significance",
    "RankBiasedOverlap": "._agreement",
    "RankingMetrics": "._ranking_metrics",
    "RunColumns": "._columns",
    "SignTest": "._significance",
    "Split": "._recommenders",
    "SystemPair": "._power",
    "TRiskTest": "._risk",
    "TopicSetSize": "._power",
    "TukeyHSD": "._power",
    "alpha_dcg_at_k": "._diversity",
    "alpha_ndcg_at_k": "._diversity",
    "attention_weighted_rank_fairness": "._exposure",
    "auprc_trapezoid": "._pr_curves",
    "average_precision": "._average_precision",
    "average_precision_from_scores": "._pr_curves",
    "average_precision_ia": "._diversity",
    "bootstrap_ci": "._significance",
    "bpref": "._incomplete_judgements",
    "catalogue_coverage": "._recommenders",
    "cohen_kappa": "._agreement",
    "cohen_kappa_interval": "._agreement",
    "condensed_list": "._incomplete_judgements",
    "confusion_table": "._agreement",
    "corrected_sampled_metric": "._recommenders",
    "cwl_measure": "._user_models",
    "dcg_at_k": "._dcg",
    "eleven_point_precision": "._pr_curves",
    "err_ia_at_k": "._diversity",
    "evaluate": "._evaluate",
    "expected_average_precision": "._ties",
    "expected_exposure": "._exposure",
    "expected_ndcg_at_k": "._ties",
    "expected_precision_at_k": "._ties",
    "expected_reciprocal_rank": "._reciprocal_rank",
    "expected_sampled_metric": "._recommenders",
    "exposure": "._recommenders",
    "f1_at_k": "._cutoff_metrics",
    "fairness_of_exposure": "._exposure",
    "fleiss_kappa": "._agreement",
    "full_ranks": "._recommenders",
    "gains_from_ids": "._adapters",
    "georisk": "._risk",
    "gini_index": "._recommenders",
    "gmap": "._average_precision",
    "greedy_ideal_ranking": "._diversity",
    "hit_rate_at_k": "._cutoff_metrics",
    "holm_bonferroni": "._significance",
    "inferred_average_precision": "._incomplete_judgements",
    "interpolated_precision": "._pr_curves",
    "intra_list_diversity": "._recommenders",
    "judged_at_k": "._incomplete_judgements",
    "kendall_tau": "._agreement",
    "krippendorff_alpha": "._agreement",
    "leave_one_out_split": "._recommenders",
    "max_f1": "._pr_curves",
    "metric_of_rank": "._recommenders",
    "ndcg_at_k": "._dcg",
    "nerr_ia_at_k": "._diversity",
    "normalised_novelty_rank_biased_precision": "._diversity",
    "novelty": "._recommenders",
    "novelty_rank_biased_precision": "._diversity",
    "paired_effect_size": "._power",
    "paired_t_test": "._significance",
    "paired_t_test_power": "._power",
    "partial_auc": "._roc",
    "pr_curve_from_cutoffs": "._pr_curves",
    "pr_curve_from_scores": "._pr_curves",
    "precision_at_k": "._cutoff_metrics",
    "precision_at_recall": "._pr_curves",
    "precision_ia_at_k": "._diversity",
    "precision_recall_at_all_k": "._cutoff_metrics",
    "queries_for_power": "._power",
    "r_precision": "._cutoff_metrics",
    "random_hits_distribution": "._random_baseline",
    "random_precision_at_k": "._random_baseline",
    "random_recall_at_k": "._random_baseline",
    "random_split": "._recommenders",
    "randomised_tukey_hsd": "._power",
    "randomization_test": "._significance",
    "rank_biased_overlap": "._agreement",
    "rank_biased_precision": "._incomplete_judgements",
    "rank_biased_precision_residual": "._incomplete_judgements",
    "rank_by_score": "._adapters",
    "read_trec_qrels": "._trec_io",
    "read_trec_qrels_columns": "._trec_io",
    "read_trec_run": "._trec_io",
    "read_trec_run_columns": "._trec_io",
    "read_trec_subtopic_qrels": "._diversity",
    "recall_at_k": "._cutoff_metrics",
    "reciprocal_rank": "._reciprocal_rank",
    "relevance_from_ids": "._adapters",
    "risk_adjusted_differences": "._risk",
    "roc_auc": "._roc",
    "roc_curve_points": "._roc",
    "sampled_metric": "._recommenders",
    "sampled_ranks": "._recommenders",
    "sign_test": "._significance",
    "simulate_random_precision": "._random_baseline",
    "subtopic_recall_at_k": "._diversity",
    "target_exposure": "._exposure",
    "tau_ap": "._agreement",
    "temporal_split": "._recommenders",
    "topic_set_size": "._power",
    "trisk": "._risk",
    "tukey_hsd": "._power",
    "urisk": "._risk",
    "variance_from_scores": "._power",
    "write_trec_run": "._trec_io",
}


def __getattr__(name: str):
    """Import a public name's module when the name is first asked for (PEP 562), so that
    ``import rankmetrics_lite`` and the command line load only what they use."""
    if name in _WHERE:
        from importlib import import_module

        value = getattr(import_module(_WHERE[name], __name__), name)
        globals()[name] = value  # later look-ups find it directly
        return value
    raise AttributeError(f"module 'rankmetrics_lite' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


__all__ = sorted(_WHERE)
