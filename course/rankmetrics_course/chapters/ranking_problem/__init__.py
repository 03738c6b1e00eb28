"""The chapter "The ranking problem": its view and its exercises' checks."""
