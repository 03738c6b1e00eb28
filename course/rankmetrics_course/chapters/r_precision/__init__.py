"""The chapter "R-precision": its view and its exercises' checks."""
