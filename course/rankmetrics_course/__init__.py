"""rankmetrics_course: the machinery of the Ranking Metrics course.

What the chapters need and a reader at work does not: the two-faced slider
(:mod:`.slider`, live in Jupyter, static in the online book), figures as
deterministic SVG (:mod:`.figures`, :mod:`.style`, :mod:`.alt_text`), one folder
per chapter under :mod:`.chapters` (its view and its exercises' checks), the
exercise machinery (:mod:`.exercises`: ``check``, hidden cases, replay),
grading in a sandbox (:mod:`.grading`) and the course's other command-line
tools (:mod:`.tools`). The metrics themselves live in :mod:`rankmetrics_lite`,
which this package depends on and never extends.
"""

__version__ = "0.2.0"
