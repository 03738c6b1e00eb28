"""The chapter "One run, several tools": its view and its exercises' checks."""
