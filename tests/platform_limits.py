"""Skips for what a platform the tests also run on cannot do: Pyodide (sys.platform "emscripten",
tests/pyodide) starts no child process, and its C long is 32-bit."""

from __future__ import annotations

import ctypes
import sys

import pytest

needs_processes = pytest.mark.skipif(
    sys.platform == "emscripten", reason="starts a child process: Pyodide (emscripten) has none")
# trec_eval 10.0 and 9.0.8 as built on 64-bit Linux read grades into a 64-bit long.
needs_64_bit_long = pytest.mark.skipif(
    ctypes.sizeof(ctypes.c_long) < 8,
    reason="compares with this machine's C library, whose long is 32-bit (trec_eval's is 64-bit)")
