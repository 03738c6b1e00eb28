"""The chapter "Precision–recall curves and interpolation": its view and its exercises' checks."""
