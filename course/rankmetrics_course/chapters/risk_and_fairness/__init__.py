"""The chapter "Risk and fairness": the risk slider over alpha, MovieLens recommendations and their exposure, and the exercises\x27 checks."""
