"""The chapter "Precision@k": its view and its exercises' checks."""
