"""The chapter "Evaluating at scale": its view and its exercises' checks."""
