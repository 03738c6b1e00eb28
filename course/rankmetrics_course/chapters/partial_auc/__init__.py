"""The chapter "Partial AUC": its view and its exercises' checks."""
