"""pytest's set-up for every test path (the packages' doctests, tests/, the chapters under nbval).

The real data is read from its local mirror beside the repository when it is there, as the
Makefile sets it up (RANKMETRICS_DATA); elsewhere the data layer downloads it once instead.
"""

import os

from tests.paths import REAL_DATA

if REAL_DATA.is_dir():
    os.environ.setdefault("RANKMETRICS_DATA", str(REAL_DATA))
