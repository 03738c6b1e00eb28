"""The chapter "Evaluating recommenders offline": its synthetic data, MovieLens as a log, recommenders, leakage, view and checks."""
