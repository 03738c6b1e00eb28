"""rankmetrics_lite: the ranking metrics of the Ranking Metrics course.

Exact against trec_eval where trec_eval defines a measure, vectorised across
queries, and strict about input: bad input raises with a message that names
the argument and the fix.
"""

# typing.TYPE_CHECKING, as IDEs, Jupyter's completion (jedi) and type checkers read it: typing costs
# a bare `import rankmetrics_lite` 6 ms, which numpy, imported by every use, pays anyway.
from typing import TYPE_CHECKING

__version__ = "0.2.0"

_WHERE = {  # public name -> the private module that defines it, imported on first use
    "BootstrapInterval": "._significance",
    "CWLMeasure": "._user_models",
    "ConfusionTable": "._agreement",
    "ExpectedExposure": "._exposure",
    "GroupExposure": "._exposure",
    "Interleaving": "._interleaving",
    "Interleavings": "._team_draft_many",
    "KappaInterval": "._agreement",
    "OperatingPoint": "._pr_curves",
    "PairedEffectSize": "._power",
    "PairedTTest": "._significance",
    "PositionBasedFit": "._position_bias",
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
    "anova_power": "._power",
    "attention_weighted_rank_fairness": "._exposure",
    "auprc_trapezoid": "._pr_curves",
    "average_precision": "._average_precision",
    "average_precision_from_scores": "._pr_curves",
    "average_precision_ia": "._diversity",
    "balanced_interleave": "._interleaving",
    "balanced_outcome": "._interleaving",
    "bootstrap_ci": "._significance",
    "bpref": "._incomplete_judgements",
    "catalogue_coverage": "._recommenders",
    "click_probabilities": "._click_models",
    "cohen_kappa": "._agreement",
    "cohen_kappa_interval": "._agreement",
    "condensed_list": "._incomplete_judgements",
    "confusion_table": "._agreement",
    "corrected_sampled_metric": "._recommenders",
    "cwl_measure": "._user_models",
    "dcg_at_k": "._dcg",
    "doubly_robust_estimate": "._off_policy",
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
    "fit_position_based_model": "._position_bias",
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
    "ips_click_dcg": "._position_bias",
    "ips_estimate": "._off_policy",
    "judged_at_k": "._incomplete_judgements",
    "kendall_tau": "._agreement",
    "krippendorff_alpha": "._agreement",
    "leave_one_out_split": "._recommenders",
    "max_f1": "._pr_curves",
    "metric_of_rank": "._recommenders",
    "multileaving_preferences": "._interleaving",
    "ndcg_at_k": "._dcg",
    "nerr_ia_at_k": "._diversity",
    "normalised_novelty_rank_biased_precision": "._diversity",
    "novelty": "._recommenders",
    "novelty_gains": "._diversity",
    "novelty_rank_biased_precision": "._diversity",
    "paired_effect_size": "._power",
    "paired_t_test": "._significance",
    "paired_t_test_power": "._power",
    "partial_auc": "._roc",
    "position_bias_from_swaps": "._position_bias",
    "pr_curve_from_cutoffs": "._pr_curves",
    "pr_curve_from_scores": "._pr_curves",
    "precision_at_k": "._cutoff_metrics",
    "precision_at_recall": "._pr_curves",
    "precision_ia_at_k": "._diversity",
    "precision_recall_at_all_k": "._cutoff_metrics",
    "probabilistic_interleave": "._probabilistic_interleaving",
    "probabilistic_outcome": "._probabilistic_interleaving",
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
    "read_trec_subtopic_qrels": "._trec_io",
    "recall_at_k": "._cutoff_metrics",
    "reciprocal_rank": "._reciprocal_rank",
    "relevance_from_ids": "._adapters",
    "risk_adjusted_differences": "._risk",
    "roc_auc": "._roc",
    "roc_curve_points": "._roc",
    "sampled_metric": "._recommenders",
    "sampled_ranks": "._recommenders",
    "sign_test": "._significance",
    "simulate_clicks": "._click_models",
    "simulate_random_precision": "._random_baseline",
    "slate_ips_estimate": "._off_policy",
    "snips_estimate": "._off_policy",
    "subtopic_recall_at_k": "._diversity",
    "target_exposure": "._exposure",
    "tau_ap": "._agreement",
    "team_draft_interleave": "._interleaving",
    "team_draft_many": "._team_draft_many",
    "team_draft_multileave": "._interleaving",
    "team_draft_outcome": "._interleaving",
    "temporal_split": "._recommenders",
    "topic_set_size": "._power",
    "trisk": "._risk",
    "tukey_hsd": "._power",
    "urisk": "._risk",
    "variance_from_scores": "._power",
    "write_trec_run": "._trec_io",
}

if TYPE_CHECKING:  # what IDEs, type checkers and help() read; the same names as _WHERE (a test checks)
    from ._adapters import gains_from_ids, rank_by_score, relevance_from_ids
    from ._agreement import (
        ConfusionTable, KappaInterval, RankBiasedOverlap, cohen_kappa, cohen_kappa_interval, confusion_table,
        fleiss_kappa, kendall_tau, krippendorff_alpha, rank_biased_overlap, tau_ap,
    )
    from ._average_precision import average_precision, gmap
    from ._click_models import click_probabilities, simulate_clicks
    from ._columns import QrelsColumns, RunColumns
    from ._cutoff_metrics import (
        f1_at_k, hit_rate_at_k, precision_at_k, precision_recall_at_all_k, r_precision, recall_at_k,
    )
    from ._dcg import dcg_at_k, ndcg_at_k
    from ._diversity import (
        alpha_dcg_at_k, alpha_ndcg_at_k, average_precision_ia, err_ia_at_k, greedy_ideal_ranking,
        nerr_ia_at_k, normalised_novelty_rank_biased_precision, novelty_gains, novelty_rank_biased_precision,
        precision_ia_at_k, subtopic_recall_at_k,
    )
    from ._evaluate import evaluate
    from ._exposure import (
        ExpectedExposure, GroupExposure, attention_weighted_rank_fairness, expected_exposure,
        fairness_of_exposure, target_exposure,
    )
    from ._incomplete_judgements import (
        bpref, condensed_list, inferred_average_precision, judged_at_k, rank_biased_precision,
        rank_biased_precision_residual,
    )
    from ._interleaving import (
        Interleaving, balanced_interleave, balanced_outcome, multileaving_preferences, team_draft_interleave,
        team_draft_multileave, team_draft_outcome,
    )
    from ._off_policy import doubly_robust_estimate, ips_estimate, slate_ips_estimate, snips_estimate
    from ._position_bias import (
        PositionBasedFit, fit_position_based_model, ips_click_dcg, position_bias_from_swaps,
    )
    from ._power import (
        PairedEffectSize, SystemPair, TopicSetSize, TukeyHSD, anova_power, paired_effect_size,
        paired_t_test_power, queries_for_power, randomised_tukey_hsd, topic_set_size, tukey_hsd,
        variance_from_scores,
    )
    from ._pr_curves import (
        OperatingPoint, auprc_trapezoid, average_precision_from_scores, eleven_point_precision,
        interpolated_precision, max_f1, pr_curve_from_cutoffs, pr_curve_from_scores, precision_at_recall,
    )
    from ._probabilistic_interleaving import probabilistic_interleave, probabilistic_outcome
    from ._random_baseline import (
        RandomBaseline, random_hits_distribution, random_precision_at_k, random_recall_at_k,
        simulate_random_precision,
    )
    from ._ranking_metrics import RankingMetrics
    from ._reciprocal_rank import expected_reciprocal_rank, reciprocal_rank
    from ._recommenders import (
        Split, catalogue_coverage, corrected_sampled_metric, expected_sampled_metric, exposure, full_ranks,
        gini_index, intra_list_diversity, leave_one_out_split, metric_of_rank, novelty, random_split,
        sampled_metric, sampled_ranks, temporal_split,
    )
    from ._risk import TRiskTest, georisk, risk_adjusted_differences, trisk, urisk
    from ._roc import partial_auc, roc_auc, roc_curve_points
    from ._significance import (
        BootstrapInterval, PairedTTest, RandomizationTest, SignTest, bootstrap_ci, holm_bonferroni,
        paired_t_test, randomization_test, sign_test,
    )
    from ._team_draft_many import Interleavings, team_draft_many
    from ._ties import expected_average_precision, expected_ndcg_at_k, expected_precision_at_k
    from ._trec_io import (
        read_trec_qrels, read_trec_qrels_columns, read_trec_run, read_trec_run_columns, read_trec_subtopic_qrels,
        write_trec_run,
    )
    from ._user_models import CWLMeasure, cwl_measure

__all__ = [  # every public name: _WHERE's keys, written out for static tools
    "BootstrapInterval", "CWLMeasure", "ConfusionTable", "ExpectedExposure", "GroupExposure",
    "Interleaving", "Interleavings", "KappaInterval", "OperatingPoint", "PairedEffectSize",
    "PairedTTest", "PositionBasedFit", "QrelsColumns", "RandomBaseline", "RandomizationTest",
    "RankBiasedOverlap", "RankingMetrics", "RunColumns", "SignTest", "Split", "SystemPair",
    "TRiskTest", "TopicSetSize", "TukeyHSD", "alpha_dcg_at_k", "alpha_ndcg_at_k", "anova_power",
    "attention_weighted_rank_fairness", "auprc_trapezoid", "average_precision",
    "average_precision_from_scores", "average_precision_ia", "balanced_interleave",
    "balanced_outcome", "bootstrap_ci", "bpref", "catalogue_coverage", "click_probabilities",
    "cohen_kappa", "cohen_kappa_interval", "condensed_list", "confusion_table",
    "corrected_sampled_metric", "cwl_measure", "dcg_at_k", "doubly_robust_estimate",
    "eleven_point_precision", "err_ia_at_k", "evaluate", "expected_average_precision",
    "expected_exposure", "expected_ndcg_at_k", "expected_precision_at_k",
    "expected_reciprocal_rank", "expected_sampled_metric", "exposure", "f1_at_k",
    "fairness_of_exposure", "fit_position_based_model", "fleiss_kappa", "full_ranks",
    "gains_from_ids", "georisk", "gini_index", "gmap", "greedy_ideal_ranking", "hit_rate_at_k",
    "holm_bonferroni", "inferred_average_precision", "interpolated_precision",
    "intra_list_diversity", "ips_click_dcg", "ips_estimate", "judged_at_k", "kendall_tau",
    "krippendorff_alpha", "leave_one_out_split", "max_f1", "metric_of_rank",
    "multileaving_preferences", "ndcg_at_k", "nerr_ia_at_k",
    "normalised_novelty_rank_biased_precision", "novelty", "novelty_gains",
    "novelty_rank_biased_precision", "paired_effect_size", "paired_t_test", "paired_t_test_power",
    "partial_auc", "position_bias_from_swaps", "pr_curve_from_cutoffs", "pr_curve_from_scores",
    "precision_at_k", "precision_at_recall", "precision_ia_at_k", "precision_recall_at_all_k",
    "probabilistic_interleave", "probabilistic_outcome", "queries_for_power", "r_precision",
    "random_hits_distribution", "random_precision_at_k", "random_recall_at_k", "random_split",
    "randomised_tukey_hsd", "randomization_test", "rank_biased_overlap", "rank_biased_precision",
    "rank_biased_precision_residual", "rank_by_score", "read_trec_qrels",
    "read_trec_qrels_columns", "read_trec_run", "read_trec_run_columns",
    "read_trec_subtopic_qrels", "recall_at_k", "reciprocal_rank", "relevance_from_ids",
    "risk_adjusted_differences", "roc_auc", "roc_curve_points", "sampled_metric", "sampled_ranks",
    "sign_test", "simulate_clicks", "simulate_random_precision", "slate_ips_estimate",
    "snips_estimate", "subtopic_recall_at_k", "target_exposure", "tau_ap", "team_draft_interleave",
    "team_draft_many", "team_draft_multileave", "team_draft_outcome", "temporal_split",
    "topic_set_size", "trisk", "tukey_hsd", "urisk", "variance_from_scores", "write_trec_run",
]


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

