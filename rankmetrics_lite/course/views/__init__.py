"""The pure functions behind each chapter's interactions and figures."""
