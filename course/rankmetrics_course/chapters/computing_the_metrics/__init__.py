"""The chapter "Computing the metrics": its view and its exercises' checks."""
