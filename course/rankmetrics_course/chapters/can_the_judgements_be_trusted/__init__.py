"""The chapter "Can the judgements be trusted?": its judges, view and exercises' checks."""
