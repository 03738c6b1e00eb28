"""The chapter "Limitations and extensions": its view and its exercises' checks."""
