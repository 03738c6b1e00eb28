"""The chapter "Mean Average Precision": its view and its exercises' checks."""
