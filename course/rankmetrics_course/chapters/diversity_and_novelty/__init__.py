"""The chapter "Diversity and novelty": its view and its exercises' checks."""
