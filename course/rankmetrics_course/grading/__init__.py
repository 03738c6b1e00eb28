"""Grading a class's notebooks: ``python -m rankmetrics_course.grading.grade_submissions`` (``make grade``).

Each submission runs in its own bubblewrap sandbox (:mod:`.sandbox`,
:mod:`.cgroup_limits`), driven by :mod:`.run_submission` and, inside the
sandbox, :mod:`.notebook_runner`; the answers are judged in the grader's own
process (:mod:`rankmetrics_course.exercises.replay`).
"""
