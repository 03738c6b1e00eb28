"""The chapter "Evaluating recommenders offline": its synthetic data, recommenders, view and checks."""
