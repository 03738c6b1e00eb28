"""The chapter "Recall@k": its view and its exercises' checks."""
