"""Grading a class's notebooks: ``python -m rankmetrics_grading.grade_submissions`` (``make grade``).

Each submission runs in its own bubblewrap sandbox (:mod:`.sandbox`,
:mod:`.cgroup_limits`), driven by :mod:`.run_submission` and, inside the
sandbox, :mod:`.notebook_runner`, which alone holds the hidden inputs until the last
cell has run; each notebook is read, and each answer judged
(:mod:`rankmetrics_course.exercises.replay`), in a limited child of the grader's worker
(:mod:`.limited_child`, :mod:`.limited_judge`).
"""

__version__ = "0.2.0"  # released with rankmetrics_course, whose checks it runs
