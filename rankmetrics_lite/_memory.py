"""Memory of the large phases (a read, a join, a ranking): freed pages handed back, and
steps on sorted keys done a block at a time.

glibc's malloc keeps the pages of freed heap blocks for reuse. When one phase
frees many arrays of a few hundred kilobytes (a file's pieces, once joined) and
the next allocates arrays of hundreds of megabytes (which glibc maps afresh),
the freed pages stay resident beside the new ones: at 100,000 queries x 100
documents, 330 MiB held for nothing. ``malloc_trim(0)`` returns them; where the
C library has no such function, nothing is done.
"""

from __future__ import annotations

import ctypes
import functools

import numpy as np

BLOCK = 1 << 16  # entries a step reads at a time: its temporaries stay under a MiB


def release_freed_memory() -> None:
    """Return the free pages of the C heap to the system (glibc); elsewhere a no-op."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim():
    try:
        return ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None


def equal_in_order(keys: np.ndarray, order: np.ndarray) -> np.ndarray:
    """``keys[order][1:] == keys[order][:-1]``, without the sorted copy of ``keys``."""
    same = np.empty(max(keys.size - 1, 0), dtype=bool)
    for start in range(0, same.size, BLOCK):
        stop = min(start + BLOCK, same.size)
        block = keys[order[start : stop + 1]]
        np.equal(block[1:], block[:-1], out=same[start:stop])
    return same


def inverse_order(order: np.ndarray) -> np.ndarray:
    """Each entry's place in ``order`` (``inverse[order] = arange``), without the arange."""
    inverse = np.empty(order.size, dtype=np.int64)
    for start in range(0, order.size, BLOCK):
        stop = min(start + BLOCK, order.size)
        inverse[order[start:stop]] = np.arange(start, stop)
    return inverse


def subtract_taken(out: np.ndarray, table: np.ndarray, index: np.ndarray) -> None:
    """``out -= table[index]`` in place, without the gathered copy."""
    for start in range(0, out.size, BLOCK):
        out[start : start + BLOCK] -= table[index[start : start + BLOCK]]
