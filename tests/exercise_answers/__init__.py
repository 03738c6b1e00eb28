"""Right and wrong answers to each chapter's exercises, for tests/test_exercise_checks.py."""
