"""The chapter "nDCG": its view and its exercises' checks."""
