"""The chapter "How many queries, and how sure": its view and its exercises' checks."""
