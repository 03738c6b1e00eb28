"""The chapter "Choosing k in practice": its view and its exercises' checks."""
