"""The chapter "MRR and hit rate": its view and its exercises' checks."""
