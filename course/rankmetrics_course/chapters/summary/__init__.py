"""The chapter "Summary": its exercises' checks."""
