"""Which threads run a parallel nest's chunks: numba's own workers when they answer fast.

numba's OpenMP (or TBB) workers take a parallel loop's chunks within a couple of
microseconds while they spin after the previous loop; a Python thread pool's hand-off
costs 25-30 us here, a large part of a 0.1 ms kernel. numba's fallback layer
(`workqueue`) is slower still (~120 us a loop), so with it the pool runs the chunks.

How long the workers spin decides what two threads give on a 0.1-0.3 ms kernel called
in a loop (depthwise 1x114x114x64, best of 200 calls: 0.30 ms on one thread): GNU
OpenMP's default (~4 ms of CPU after every loop) takes a core from other work and,
on a shared machine, costs a spinning worker its share of a busy core (then the loop's
end waits for it: milliseconds); waiting passively (`GOMP_SPINCOUNT=0`) costs each call
a wake-up (0.26 ms); 3000 spins (~0.12 ms) are too few to bridge two calls (0.25 ms);
10000 (~0.4 ms) give 0.17 ms. Unless the user chose a wait policy (`OMP_WAIT_POLICY`,
`GOMP_SPINCOUNT`), the backend sets 10000 before numba starts its workers.

An OpenMP loop ends when every worker has arrived; a worker on the calling thread's core
(where Linux may wake it and leave it) makes two threads slower than one, so each call
keeps the workers off the caller's current CPU (`_keep_apart`).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import threading
from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np

# libgomp's spin iterations before a worker sleeps (its default: 300000, ~4 ms here).
SPIN_COUNT = "10000"


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


def run_chunks(chunks: Any, args: Sequence[Any], cuts: np.ndarray) -> None:
    """A kernel module's `chunks` on numba's workers, the chunks handed out one at a time
    (numba's chunk size 1, for this call only): a worker still waking up, or whose core
    another process holds, takes fewer chunks instead of a fixed half."""
    import numba

    first = "workers" not in _STARTED
    tasks = _tasks() if first else set()
    _keep_apart()
    before = numba.set_parallel_chunksize(1)
    try:
        chunks(*args, cuts)
    finally:
        numba.set_parallel_chunksize(before)
    if first:  # the threads the first parallel loop started: GNU OpenMP's workers
        _STARTED["workers"] = len(_WORKERS)
        _WORKERS.extend(sorted(_tasks() - tasks - {threading.get_native_id()}))
        _keep_apart()


# numba's OpenMP worker threads (their ids, when the first parallel loop started them)
# and the CPU the calling thread was on when they were last kept off it.
_WORKERS: list[int] = []
_APART_FROM: list[int] = [-1]


def _tasks() -> set[int]:
    try:
        return {int(t) for t in os.listdir("/proc/self/task")}
    except OSError:  # no /proc: the workers are never moved
        return set()


@cache
def _getcpu() -> Any:
    try:
        return ctypes.CDLL(None, use_errno=True).sched_getcpu
    except (OSError, AttributeError):
        return None


def _keep_apart() -> None:
    """Keep numba's workers off the calling thread's current CPU. Linux may wake a
    sleeping worker on the core of the thread that wakes it (after another program has
    run, it did so here and left it there, call after call); an OpenMP loop waits for
    every worker, so the two then take turns: two threads at 2-4x one thread's time."""
    getcpu = _getcpu()
    if not _WORKERS or getcpu is None or not hasattr(os, "sched_setaffinity"):
        return
    cpu = int(getcpu())
    if cpu < 0 or cpu == _APART_FROM[0]:
        return
    others = os.sched_getaffinity(0) - {cpu}
    if not others:
        return
    for tid in _WORKERS:
        with contextlib.suppress(OSError):  # the thread has ended
            os.sched_setaffinity(tid, others)
    _APART_FROM[0] = cpu


def placement() -> tuple[int, tuple[int, ...]]:
    """The CPU numba's workers were last kept off (-1: never) and their thread ids (none
    known when the workers were started before the first parallel kernel)."""
    return _APART_FROM[0], tuple(_WORKERS)


__all__ = ["SPIN_COUNT", "numba_workers", "placement", "run_chunks"]
