"""Threads for a parallel nest: its outer loop cut into chunks the cores take in turn.

A parallel nest's outer loop runs over [lo, hi); the chunks go to numba's workers when
they answer fast (`workers.py`), else to a small Python pool. Either way a core another
process holds takes fewer chunks instead of holding up the call, and each thread owns
whole output elements, so results stay bit for bit those of one thread.
"""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import Any

import numpy as np

from linalg_odsgen.runtime.backends.compiled.workers import numba_workers, run_chunks

# Chunks per thread: threads take the next chunk when done, so a core another process's
# (or OpenBLAS's spinning) thread holds takes fewer chunks instead of holding up the call.
CHUNKS_PER_THREAD = 4

_POOL: list[ThreadPoolExecutor] = []


def threads() -> int:
    """How many chunks a parallel nest is split into: the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - platforms without sched_getaffinity
        return max(1, os.cpu_count() or 1)


def _pool() -> ThreadPoolExecutor:
    if not _POOL:
        _POOL.append(ThreadPoolExecutor(max(1, threads() - 1), "linalg-odsgen-compiled"))
    return _POOL[0]


def cuts(trips: int, align: int = 1) -> list[int]:
    """Chunk bounds 0 = c0 < c1 < .. < ck = trips, each a multiple of `align` but the last:
    CHUNKS_PER_THREAD chunks a thread (fewer when there are fewer trips)."""
    return list(_cuts(trips, align, threads()))


@lru_cache(maxsize=256)
def _cuts(trips: int, align: int, n: int) -> tuple[int, ...]:
    pieces = min(trips, min(n, trips) * CHUNKS_PER_THREAD)
    found = {min(trips, trips * k // pieces // align * align) for k in range(pieces)}
    return tuple(sorted(found | {trips}))


@lru_cache(maxsize=256)
def _cut_array(trips: int, align: int, n: int) -> np.ndarray:
    """The bounds as the int64 array a kernel module's `chunks` takes (built once: a
    parallel call of a 0.2 ms nest should not spend microseconds on its own bookkeeping)."""
    return np.asarray(_cuts(trips, align, n), np.int64)  # (writable: numba types a
    # read-only array apart, which would compile every `chunks` again)


def in_chunks(
    fn: Any, args: Sequence[Any], trips: int, tail: Sequence[Any] = (), align: int = 1
) -> None:
    """Call a nest whose outer loop runs over [lo, hi) on chunks covering [0, trips): the
    calling thread and pool threads (kernels release the GIL) take chunks until none is
    left. Idle pool threads sleep rather than spin, so BLAS calls that follow keep their
    speed. Chunks start at multiples of `align` (a register tile's rows: a chunk cut
    inside a tile would run its rows as the slower leftover nest)."""
    n = min(threads(), trips)
    chunks = list(itertools.pairwise(cuts(trips, align)))

    def call(lo: int, hi: int) -> None:
        fn(*args, lo, hi, *tail)

    if not fn.overloads:  # a first call compiles (or loads) the kernel once, on this thread
        call(*chunks.pop(0))
    if not chunks:
        return
    left = iter(chunks)
    lock = threading.Lock()

    def take() -> None:
        while True:
            with lock:
                chunk = next(left, None)
            if chunk is None:
                return
            call(*chunk)

    pending = [_pool().submit(take) for _ in range(min(n, len(chunks)) - 1)]
    try:
        take()
    finally:
        for f in pending:
            f.result()


def run_split(
    kernel: Any, chunked: Any, args: Sequence[Any], trips: int, fills: bool, align: int
) -> None:
    """Run a parallel nest over its outer loop's `trips`: its module's `chunks` on numba's
    workers when they answer fast, else `in_chunks` on the pool. A kernel that converts
    its inputs' shadows (`fills`) does so once, before the chunks share them."""
    if fills:
        kernel(*args, 0, 0, True)
    if chunked is not None and numba_workers():
        run_chunks(chunked, args, _cut_array(trips, align, threads()))
    else:
        in_chunks(kernel, args, trips, (False,) if fills else (), align)


__all__ = ["CHUNKS_PER_THREAD", "cuts", "in_chunks", "run_split", "threads"]
