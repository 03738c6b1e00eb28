"""The chapter "When judgements run out": its view and its exercises' checks."""
