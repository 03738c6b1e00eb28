"""The course's command-line tools, each run as ``python -m rankmetrics_course.tools.<name>``.

``execute_notebooks`` (``make notebooks``), ``student_edition`` (``make student``),
``page_weight`` and ``slow_link`` (what a reader's browser downloads and waits
for), with what they share: the course folder they work on, the output folders
they may write, a quiet local server and one way to start Chromium.
"""
