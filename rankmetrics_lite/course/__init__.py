"""The course's machinery: what the chapters need and a reader at work does not.

The two-faced slider (:mod:`.slider`), figures as deterministic SVG
(:mod:`.figures`), each chapter's views (:mod:`.views`, one module per chapter,
named like its notebook), the exercise checks (:mod:`.exercises`) and the case
study's help centre and retrievers. The metrics themselves live in
:mod:`rankmetrics_lite`.
"""
