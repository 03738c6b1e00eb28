"""The chapter "Areas, operating points and ROC against PR": its view and its exercises' checks."""
