"""Which threads run a parallel nest's chunks: numba's own workers when they answer fast.

numba's OpenMP (or TBB) workers take a parallel loop's chunks within a few microseconds;
a Python thread pool's hand-off costs 25-30 us here, a large part of a 0.1 ms kernel.
numba's fallback layer (`workqueue`) is slower still (~120 us a loop), so with it the
pool runs the chunks.

GNU OpenMP's workers spin after each loop by default (~4 ms of CPU time here). On a
machine shared with other work that backfires: a spinning worker uses up its share of
a busy core, then runs its chunk at half speed while the loop's end waits for it (two
threads measured at 1.5-2x the one-thread time, and 30-220 us to start a loop after a
pause). Unless the user chose a wait policy, the workers therefore wait passively
(`GOMP_SPINCOUNT=0`): a loop then starts in 2.5-3.5 us back to back and 6-10 us after a
pause, and two threads are never much slower than one.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import numpy as np

# libgomp's spin iterations before a worker sleeps (its default: 300000, ~4 ms here).
SPIN_COUNT = "0"


# The process that started numba's workers, and whether they are fast ones.
_STARTED: dict[str, int | bool] = {}


def numba_workers() -> bool:
    """True when numba's threading layer is one whose workers answer fast (not
    `workqueue`); starts numba's workers (once a process). False in a process forked
    from one that started them: GNU OpenMP cannot run there (numba would end it)."""
    if "pid" not in _STARTED:
        _STARTED["pid"] = os.getpid()
        _STARTED["fast"] = _start()
    return bool(_STARTED["fast"]) and _STARTED["pid"] == os.getpid()


def _start() -> bool:
    if "OMP_WAIT_POLICY" not in os.environ:
        os.environ.setdefault("GOMP_SPINCOUNT", SPIN_COUNT)  # read when libgomp loads
    try:
        import numba
        from numba.np.ufunc.parallel import _launch_threads

        _launch_threads()
        return bool(numba.threading_layer() != "workqueue")
    except Exception:  # no usable layer: the Python pool runs the chunks
        return False


def run_chunks(chunks: Any, args: Sequence[Any], cuts: Sequence[int]) -> None:
    """A kernel module's `chunks` on numba's workers, the chunks handed out one at a time
    (numba's chunk size 1, for this call only): a worker still waking up, or whose core
    another process holds, takes fewer chunks instead of a fixed half."""
    import numba

    before = numba.set_parallel_chunksize(1)
    try:
        chunks(*args, np.asarray(cuts, np.int64))
    finally:
        numba.set_parallel_chunksize(before)


__all__ = ["SPIN_COUNT", "numba_workers", "run_chunks"]
