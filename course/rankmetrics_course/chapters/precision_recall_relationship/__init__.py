"""The chapter "The precision–recall relationship": its view and its exercises' checks."""
