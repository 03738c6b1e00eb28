"""Hostile input, round four: the newer modules (agreement, power, recommenders) are exact or
refuse. Every argument of every public function, given each hostile value in turn: the call
returns a finite value (in [0, 1] where it is a probability or a share), or raises TypeError or
ValueError whose message names the argument; never another exception, a numpy warning or NaN."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import rankmetrics_lite as rl

HOSTILE = {
    "None": None, "text": "0.5", "empty": [], "nan": math.nan, "inf": math.inf, "-inf": -math.inf,
    "negative": -1, "zero": 0, "true": True, "huge int": 10**400, "2**63": 2**63,
    "largest float": 1.7976931348623157e308, "smallest float": 5e-324, "half": 0.5,
    "nested": [[1, 2], [3, 4]], "nan list": [math.nan, 1.0], "inf list": [math.inf, 0.0],
    "text list": ["a", "b"], "huge list": [10**400, 1], "object": object(),
    "2-D array": np.zeros((2, 2)), "bool array": np.array([True, False]),
    "float array": np.array([0.5, 1e308]), "int64 extremes": np.array([-2**63, 2**63 - 1]),
}

# One valid call per public function: (function, {argument: valid value}).
SCORES = {"a": [0.6, 0.4, 0.8, 0.5], "b": [0.4, 0.4, 0.5, 0.6], "c": [0.1, 0.0, 0.2, 0.1]}
CALLS = {
    "confusion_table": {"labels_a": [0, 1, 1, 2], "labels_b": [0, 1, 2, 2]},
    "cohen_kappa": {"labels_a": [0, 1, 1, 2], "labels_b": [0, 1, 2, 2], "weights": "linear"},
    "cohen_kappa_interval": {"labels_a": [0, 1, 1, 0, 1, 0], "labels_b": [0, 1, 0, 0, 1, 1],
                             "confidence": 0.9, "n_resamples": 50, "seed": 0},
    "fleiss_kappa": {"reliability_data": [[1, 1, 0, 2], [1, 0, 0, 2], [1, 1, 0, 1]]},
    "krippendorff_alpha": {"reliability_data": [[1, 2, 3, 3], [1, 2, 3, 4]], "level": "interval"},
    "kendall_tau": {"x": [0.3, 0.2, 0.1, 0.4], "y": [0.4, 0.1, 0.2, 0.3]},
    "tau_ap": {"truth": [0.3, 0.2, 0.1, 0.4], "estimate": [0.4, 0.1, 0.2, 0.3]},
    "rank_biased_overlap": {"ranking_a": ["a", "b", "c"], "ranking_b": ["b", "a", "d"], "p": 0.9},
    "paired_t_test_power": {"effect_size": 0.5, "n_queries": 30, "alpha": 0.05},
    "queries_for_power": {"effect_size": 0.5, "power": 0.8, "alpha": 0.05},
    "topic_set_size": {"minimum_detectable_difference": 0.05, "variance": 0.02, "alpha": 0.05,
                       "beta": 0.2},
    "variance_from_scores": {"scores_by_system": SCORES},
    "paired_effect_size": {"a": SCORES["a"], "b": SCORES["b"]},
    "tukey_hsd": {"scores_by_system": SCORES},
    "randomised_tukey_hsd": {"scores_by_system": SCORES, "n_permutations": 50, "seed": 0},
    "leave_one_out_split": {"users": [0, 0, 1, 1], "timestamps": [1.0, 2.0, 2.0, 1.0]},
    "temporal_split": {"users": [0, 0, 1, 1], "timestamps": [1.0, 2.0, 2.0, 1.0], "test_fraction": 0.5},
    "random_split": {"users": [0, 0, 1, 1], "test_fraction": 0.5, "seed": 0},
    "full_ranks": {"scores": [[0.1, 0.9, 0.3], [0.5, 0.2, 0.4]], "targets": [0, 2]},
    "metric_of_rank": {"ranks": [1, 3, 11], "measure": "nDCG@10"},
    "sampled_ranks": {"full_ranks": [1, 50], "n_candidates": 100, "n_negatives": 10, "seed": 0},
    "sampled_metric": {"full_ranks": [1, 50], "n_candidates": 100, "n_negatives": 10,
                       "measure": "HR@5", "seed": 0},
    "expected_sampled_metric": {"full_ranks": [1, 50], "n_candidates": 100, "n_negatives": 10,
                                "measure": "HR@5"},
    "corrected_sampled_metric": {"sampled": [1, 2, 5], "n_candidates": 100, "n_negatives": 10,
                                 "measure": "HR@5", "gamma": 0.1},
    "catalogue_coverage": {"recommended": [[0, 1], [1, 2]], "n_items": 5},
    "exposure": {"recommended": [[0, 1], [1, 2]], "n_items": 5},
    "gini_index": {"recommended": [[0, 1], [1, 2]], "n_items": 5},
    "novelty": {"recommended": [[0, 1], [1, 2]], "item_counts": [5, 3, 1]},
    "intra_list_diversity": {"recommended": [[0, 1], [1, 2]],
                             "item_features": [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]},
}
# What lies in [0, 1] whatever the input: probabilities and shares (a result's fields named).
UNIT = {"paired_t_test_power": None, "expected_sampled_metric": None, "sampled_metric": None,
        "catalogue_coverage": None, "gini_index": None,
        "rank_biased_overlap": ("minimum", "maximum", "residual", "extrapolated")}
# What numpy, scipy and Python say when a value reaches them unchecked.
RAW_MESSAGES = ("could not convert", "could not be broadcast", "input operand", "ufunc", "too large to",
                "setting an array element", "invalid literal", "ngood", "object arrays", "only integer",
                "truth value of an array", "unsupported operand", "not supported between")


def numbers_in(value) -> list[float]:
    """The float fields of a result (a number, an array, a frozen result's attributes)."""
    if isinstance(value, (bool, np.bool_)):
        return []
    if isinstance(value, (int, float, np.integer, np.floating)):
        return [float(value)]
    if isinstance(value, np.ndarray) and value.dtype.kind in "fiu":
        return value.astype(float).ravel().tolist()
    if hasattr(value, "__dataclass_fields__"):
        return [x for name in value.__dataclass_fields__ for x in numbers_in(getattr(value, name))]
    if isinstance(value, (tuple, list)):
        return [x for item in value for x in numbers_in(item)]
    return []


def call_with(name: str, argument: str, value):
    kwargs = dict(CALLS[name], **{argument: value})
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a numpy or scipy warning is a failure here
        try:
            return getattr(rl, name)(**kwargs), None
        except (TypeError, ValueError) as refusal:
            return None, refusal


CASES = [(name, argument, label) for name, call in CALLS.items() for argument in call
         for label in HOSTILE]


@pytest.mark.parametrize("name", CALLS)
def test_the_valid_calls_are_valid(name):
    result, refusal = call_with(name, next(iter(CALLS[name])), CALLS[name][next(iter(CALLS[name]))])
    assert refusal is None, refusal


@pytest.mark.parametrize("name, argument, label", CASES)
def test_a_hostile_argument_gives_a_sound_value_or_a_refusal_that_names_it(name, argument, label):
    result, refusal = call_with(name, argument, HOSTILE[label])
    if refusal is not None:
        message = str(refusal)
        # It names this argument, or another of the call when that one is the cause
        # (an index beyond a hostile matrix, too few items of a category to resample).
        assert any(other in message for other in CALLS[name]), f"{type(refusal).__name__}: {message}"
        assert not any(raw in message for raw in RAW_MESSAGES), message
        return
    values = numbers_in(result)
    # Cohen's d and Glass's delta are +-inf when a spread is 0 (documented); nothing is NaN.
    assert all(math.isfinite(v) or (abs(v) == math.inf and name == "paired_effect_size")
               for v in values), result
    if name in UNIT:
        shares = values if UNIT[name] is None else [getattr(result, f) for f in UNIT[name]]
        assert all(0.0 <= v <= 1.0 for v in shares), result
