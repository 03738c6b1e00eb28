"""The chapter "Beyond classification: the ranking paradigm": its view and its exercises' checks."""
