"""The course's command-line tools (`make student`, `make grade`, `make notebooks`).

A package, so that ``python -m tools.grade_submissions`` works from any folder
and its worker processes find the runner by its full name.
"""
