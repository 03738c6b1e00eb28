"""The chapter "Statistics of P@k and R@k": its view and its exercises' checks."""
