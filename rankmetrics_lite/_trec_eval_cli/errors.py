"""How the command line stops: trec_eval's exit code and a message."""

from __future__ import annotations

PROGRAM = "rankmetrics-trec-eval"


class TrecEvalExit(Exception):
    """Stop with trec_eval's exit code and a message for standard error."""

    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code = code
        self.message = message
