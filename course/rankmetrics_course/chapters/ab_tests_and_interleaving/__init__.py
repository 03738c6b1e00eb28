"""A/B tests and interleaving."""
