"""Counterfactual evaluation from logs."""
