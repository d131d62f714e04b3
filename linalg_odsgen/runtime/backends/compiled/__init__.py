"""The `compiled` backend: each op instance's loop nest compiled by numba.

Results are those of the `loops` backend bit for bit (same scalar semantics, each
output element's reduction steps in the same order); speed comes from compiling the
nest, ordering its loops for unit-stride inner loops and keeping accumulators in
registers (see `kernel`). numba is the optional extra `linalg-ods-gen[jit]`; this
package is imported only when the backend is first asked for.

Instances the kernels cannot express exactly (payloads with `arith.bitcast`, which no
region builder emits today) run on the loops backend, with a warning the first time.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import os
import threading
import time
import warnings
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError
from linalg_odsgen.runtime import reference
from linalg_odsgen.runtime.backends.compiled.kernel import (
    KernelText,
    LoopNest,
    Unsupported,
    check_supported,
    choose_order,
    kernel_text,
    reorderable,
    small_window,
    storage_kind,
    window_dims,
)
from linalg_odsgen.runtime.settings import COMPILED_PARALLEL_ENV_VAR, CURRENT_RUNTIME

if TYPE_CHECKING:
    from linalg_odsgen.runtime.protocol import OpInstance


def _require_numba() -> None:
    try:
        import numba  # noqa: F401
    except ImportError:
        raise DiagnosticError(
            Diagnostic(
                "the 'compiled' backend needs numba: pip install 'linalg-ods-gen[jit]' "
                "(or choose backend='fast' or 'loops')",
                file="<runtime>",
            )
        ) from None


_require_numba()

from linalg_odsgen.runtime.backends.compiled.bounds import (  # noqa: E402
    NarrowReduction,
    reduction_of,
    short_rounding,
)
from linalg_odsgen.runtime.backends.compiled.cache import load_kernel  # noqa: E402
from linalg_odsgen.runtime.backends.compiled.tiles import (  # noqa: E402
    choose_tiling,
    tiled_text,
)
from linalg_odsgen.runtime.backends.compiled.workers import (  # noqa: E402
    numba_workers,
    run_chunks,
)

# Whether f16/bf16 reductions may round by Veltkamp's split where the operands' ranges
# prove it exact (`bounds.py`); tests switch it off to compare with the exact roundings.
_short_allowed = True
# Whether reorderable nests with reductions may run as register tiles (`tiles.py`); tests
# and the benchmark switch it off to compare with the plain nest.
_tiles_allowed = True
# A register tile's vector loop of at most this many iterations has its trip count in the
# text (a conv's 64 output channels): LLVM then vectorises it without a scalar remainder.
FIXED_VECTOR_TRIPS = 128

PARALLEL_ENV_VAR = COMPILED_PARALLEL_ENV_VAR


def parallel_choice() -> bool | None:
    """The parallel setting as chosen: `set_parallel` (the current `Runtime`'s
    `compiled_parallel`), else `LINALG_ODSGEN_COMPILED_PARALLEL` (1/true/yes/on or
    0/false/no/off), else None (not chosen)."""
    return CURRENT_RUNTIME.get().parallel_choice()


def parallel_enabled() -> bool:
    """Outer parallel loops on threads: `set_parallel`, else `LINALG_ODSGEN_COMPILED_PARALLEL=1`."""
    return bool(parallel_choice())


def set_parallel(enabled: bool | None) -> None:
    """Split the outermost parallel loop of reorderable nests into one chunk per core, run
    on threads (results stay bit for bit: each thread owns whole output elements). None
    restores the environment's choice."""
    CURRENT_RUNTIME.get().compiled_parallel = enabled


@contextmanager
def parallel(enabled: bool = True) -> Iterator[None]:
    """`with parallel(False):` runs the compiled backend's kernels on one thread (or, with
    True, in parallel) inside the block only; the previous choice comes back after it."""
    rt = CURRENT_RUNTIME.get()
    previous = rt.compiled_parallel
    rt.compiled_parallel = enabled
    try:
        yield
    finally:
        rt.compiled_parallel = previous


@dataclass
class CacheStats:
    """What kernel compilation cost this process (for the benchmark and `cache_info`)."""

    kernels: int = 0  # distinct kernel sources prepared
    compiled: int = 0  # signatures compiled from scratch
    loaded: int = 0  # signatures read from numba's on-disk cache
    seconds: float = 0.0  # time in first calls (compile or load)
    events: list[tuple[str, str, float]] = field(default_factory=list)  # (op, how, seconds)


STATS = CacheStats()


def cache_info() -> CacheStats:
    """What kernel compilation has cost this process so far: kernels prepared, signatures
    compiled or loaded from numba's disk cache, and the seconds spent."""
    return STATS


@dataclass(frozen=True)
class _Kernel:
    """A compiled kernel with what calling it needs besides the operands."""

    fn: Any  # the numba dispatcher
    nest: LoopNest
    shadows: tuple[int, ...]  # operands whose f32 shadow the caller passes (`KernelText`)
    fills: bool  # takes a last `fill` argument: convert the inputs' shadows
    chunks: Any = None  # a parallel nest's `chunks(.., cuts)`: its chunks on numba's workers


@dataclass
class _Kernels:
    """Per op instance: the kernel of each loop nest (instances are cached by the runtime)."""

    views: tuple[Any, ...]  # per operand: the dtype the kernel sees it as (None: its own)
    reorderable: bool = False
    reduction: NarrowReduction | None = None  # a narrow reduction the short roundings may serve
    by_nest: dict[LoopNest, _Kernel] = field(default_factory=dict)
    # (ranges, strides, parallel) -> kernel: repeated calls skip choosing the loop order
    by_call: dict[tuple[Any, ...], _Kernel] = field(default_factory=dict)
    # (ranges, strides) -> whether an f16 output runs as a register tile (exact roundings)
    f16_tiles: dict[tuple[Any, ...], bool] = field(default_factory=dict)


_WARNED: set[tuple[str, str]] = set()
_HITS_SEEN: dict[Any, int] = {}


def _kernels_of(op: OpInstance) -> _Kernels | str:
    cached = op.__dict__.get("_compiled_kernels")
    if cached is None:
        try:
            check_supported(op)
            cached = _Kernels(
                tuple(_view_dtype(t) for t in op.element_types), reorderable(op), reduction_of(op)
            )
        except Unsupported as exc:
            cached = str(exc)
        op.__dict__["_compiled_kernels"] = cached
    return cached


def supports(op: OpInstance) -> bool:
    """True when `op` runs as a kernel (not handed to the loops backend)."""
    return not isinstance(_kernels_of(op), str)


def _view_dtype(t: Any) -> Any:
    kind = storage_kind(t)
    if kind in ("f16", "bf16"):
        return np.dtype(np.uint16)
    if kind in ("i4", "f8"):
        return np.dtype(np.uint8)
    if t.is_integer and not t.is_bool:
        return np.dtype(f"i{t.dtype.itemsize}")  # signless: unsigned arrays read as signed
    return None


def _arrays(kernels: _Kernels, operands: Sequence[Any]) -> list[np.ndarray]:
    out = []
    for view, value in zip(kernels.views, operands, strict=True):
        arr = value if isinstance(value, np.ndarray) else np.asarray(value)
        out.append(arr if view is None or arr.dtype == view else arr.view(view))
    return out


def explain(op: OpInstance, operands: Sequence[Any]) -> str:
    """One line: the loop order the kernel would use, or why the loops backend runs."""
    kernels = _kernels_of(op)
    if isinstance(kernels, str):
        return f"loops backend: {kernels}"
    nest = _nest_for(op, kernels, operands)
    where = f" (outermost loop in parallel, {threads()} threads)" if nest.parallel else ""
    tile = ", ".join(f"d{d} x {f}" for d, f in nest.unroll)
    where += f", unrolled {tile}" if nest.unroll else ""
    return "compiled: loop order " + ", ".join(f"d{d}" for d in nest.order) + where


def source(op: OpInstance, operands: Sequence[Any]) -> str:
    """The kernel module the backend would compile for these operands."""
    kernels = _kernels_of(op)
    if isinstance(kernels, str):
        raise DiagnosticError(Diagnostic(f"no kernel: {kernels}", file="<runtime>"))
    return _text(op, _nest_for(op, kernels, operands)).render()


def _text(op: OpInstance, nest: LoopNest) -> KernelText:
    return tiled_text(op, nest) if nest.unroll else kernel_text(op, nest)


def _nest_for(op: OpInstance, kernels: _Kernels, operands: Sequence[Any]) -> LoopNest:
    """The loop nest a call with `operands` would run (see `run`)."""
    arrays, ranges = _arrays(kernels, operands), _ranges(op)
    nest = _nest(op, kernels, arrays, ranges, parallel_enabled())
    return dataclasses.replace(nest, short_rounding=_short(op, kernels, arrays, ranges))


def _short(
    op: OpInstance, kernels: _Kernels, arrays: Sequence[np.ndarray], ranges: Sequence[int]
) -> frozenset[str]:
    """The payload ops whose narrow rounding may take the short form on these arrays."""
    if kernels.reduction is None or not _short_allowed:
        return frozenset()
    if kernels.reduction.type_name == "f16" and _tiles_allowed:
        # an f16 tile rounds exactly (LLVM makes f16 arithmetic of it): no pass over the
        # data to bound it (~0.1 ms on a 256 x 256 matmul) for the remainders' sake
        key = (tuple(ranges), tuple(a.strides for a in arrays))
        tiled = kernels.f16_tiles.get(key)
        if tiled is None:
            strides = [
                tuple(s // a.itemsize for s in a.strides) if a.ndim else None for a in arrays
            ]
            tiled = kernels.reorderable and choose_tiling(op, strides, ranges) is not None
            if len(kernels.f16_tiles) >= 64:
                kernels.f16_tiles.clear()
            kernels.f16_tiles[key] = tiled
        if tiled:
            return frozenset()
    return short_rounding(kernels.reduction, op, arrays, ranges)


def _ranges(op: OpInstance) -> tuple[int, ...]:
    return tuple(int(r or 0) for r in op.loop_ranges())  # all known: arrays are bound


def _nest(
    op: OpInstance,
    kernels: _Kernels,
    arrays: Sequence[np.ndarray],
    ranges: Sequence[int],
    threaded: bool,
) -> LoopNest:
    strides = [tuple(s // a.itemsize for s in a.strides) if a.ndim else None for a in arrays]
    tiling = choose_tiling(op, strides, ranges) if kernels.reorderable and _tiles_allowed else None
    unroll: tuple[tuple[int, int], ...] = ()
    if tiling is not None:
        order, unroll = tiling.order, tiling.unroll
        # dims unrolled whole have their trip counts in the text
        fixed = tuple((d, f) for d, f in unroll if f == ranges[d])
        v = tiling.vector
        if ranges[v] <= FIXED_VECTOR_TRIPS and v not in dict(fixed):
            fixed += ((v, ranges[v]),)
        fixed += tuple((d, ranges[d]) for d in window_dims(op, ranges) if d not in dict(fixed))
    else:
        order = choose_order(op, strides, kernels.reorderable, ranges, [a.itemsize for a in arrays])
        window = small_window(op, ranges) if kernels.reorderable else ()
        fixed = tuple((d, ranges[d]) for d in window)  # trip counts LLVM can unroll
    big = math.prod(ranges) >= PARALLEL_MIN_POINTS
    if not (threaded and kernels.reorderable and threads() > 1 and big):
        return LoopNest(order, fixed=fixed, unroll=unroll)
    # Threads split the outermost loop: the first leading parallel loop with two or more
    # iterations (or, when a reduction leads, the first such parallel loop at all).
    wide = [d for d in order if op.iterator_types[d].value == "parallel" and ranges[d] >= 2]
    if not wide:
        return LoopNest(order, fixed=fixed, unroll=unroll)
    first = wide[0]
    if first in dict(fixed):  # a dim unrolled whole has no loop to split
        return LoopNest(order, fixed=fixed, unroll=unroll)
    order = (first, *(d for d in order if d != first))
    return LoopNest(order, parallel=True, fixed=fixed, unroll=unroll)


def _kernel(op: OpInstance, kernels: _Kernels, nest: LoopNest) -> _Kernel:
    kernel = kernels.by_nest.get(nest)
    if kernel is None:
        text = _text(op, nest)
        module = load_kernel(text.name, text.render)
        chunks = getattr(module, "chunks", None)
        kernel = _Kernel(module.kernel, nest, text.shadows, text.fills, chunks)
        kernels.by_nest[nest] = kernel
        STATS.kernels += 1
    return kernel


_POOL: ThreadPoolExecutor | None = None


def threads() -> int:
    """How many chunks a parallel nest is split into: the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - platforms without sched_getaffinity
        return max(1, os.cpu_count() or 1)


def _pool() -> ThreadPoolExecutor:
    global _POOL
    if _POOL is None:
        _POOL = ThreadPoolExecutor(max(1, threads() - 1), "linalg-odsgen-compiled")
    return _POOL


# Nests of fewer loop points run on one thread even when parallel loops are on: numba's
# workers take a chunk within ~2 us (`workers.py`), but a parallel loop also waits for a
# worker whose core another process holds, which costs a short nest most (a 256K-point
# nest takes 30-100 us).
PARALLEL_MIN_POINTS = 1 << 18

# Chunks per thread: threads take the next chunk when done, so a core another process's
# (or OpenBLAS's spinning) thread holds takes fewer chunks instead of holding up the call.
CHUNKS_PER_THREAD = 4


def _cuts(trips: int, align: int = 1) -> list[int]:
    """Chunk bounds 0 = c0 < c1 < .. < ck = trips, each a multiple of `align` but the last:
    CHUNKS_PER_THREAD chunks a thread (fewer when there are fewer trips)."""
    pieces = min(trips, min(threads(), trips) * CHUNKS_PER_THREAD)
    cuts = {min(trips, trips * k // pieces // align * align) for k in range(pieces)}
    return sorted(cuts | {trips})


def _in_chunks(
    fn: Any, args: Sequence[Any], trips: int, tail: Sequence[Any] = (), align: int = 1
) -> None:
    """Call a nest whose outer loop runs over [lo, hi) on chunks covering [0, trips): the
    calling thread and pool threads (kernels release the GIL) take chunks until none is
    left. Idle pool threads sleep rather than spin, so BLAS calls that follow keep their
    speed. Chunks start at multiples of `align` (a register tile's rows: a chunk cut
    inside a tile would run its rows as the slower leftover nest)."""
    n = min(threads(), trips)
    chunks = list(itertools.pairwise(_cuts(trips, align)))

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


@contextmanager
def _slp_vectorizer(on: bool) -> Iterator[None]:
    """LLVM's SLP vectorizer while a register-tiled kernel compiles (numba leaves it off):
    it turns a tile's rows of scalar accumulators into vectors. It never reassociates
    float operations (no fast-math flags), so the bits stay those of the scalar code."""
    if not on:
        yield
        return
    from numba.core import config

    before = getattr(config, "SLP_VECTORIZE", 0)  # read by numba's pass builder
    setattr(config, "SLP_VECTORIZE", 1)  # noqa: B010
    try:
        yield
    finally:
        setattr(config, "SLP_VECTORIZE", before)  # noqa: B010


def run(
    op: OpInstance,
    operands: Sequence[Any],
    parallel: bool | None = None,
    min_parallel_points: int = 0,
) -> None:
    """Execute `op` on normalised operands with its compiled kernel, outputs in place.
    `parallel` overrides the parallel setting for this call (None: the setting); nests
    of fewer than `min_parallel_points` (or `PARALLEL_MIN_POINTS`) stay on one thread."""
    kernels = _kernels_of(op)
    if isinstance(kernels, str):
        key = (op.OP_NAME, kernels)
        if key not in _WARNED:
            _WARNED.add(key)
            warnings.warn(
                f"compiled backend: {op.OP_NAME}: {kernels}; running it on the loops backend",
                RuntimeWarning,
                stacklevel=4,
            )
        reference.run(op, operands)
        return
    ranges = _ranges(op)
    if 0 in ranges:
        return
    arrays = _arrays(kernels, operands)
    threaded = parallel_enabled() if parallel is None else parallel
    threaded = threaded and math.prod(ranges) >= min_parallel_points
    short = _short(op, kernels, arrays, ranges)
    call_key = (ranges, tuple(a.strides for a in arrays), threaded, short)
    found = kernels.by_call.get(call_key)
    if found is None:
        nest = _nest(op, kernels, arrays, ranges, threaded)
        found = _kernel(op, kernels, dataclasses.replace(nest, short_rounding=short))
        if len(kernels.by_call) >= 64:
            kernels.by_call.clear()
        kernels.by_call[call_key] = found
    shadows = [np.empty(arrays[i].shape, np.float32) for i in found.shadows]
    kernel = found.fn
    before = len(kernel.overloads)
    start = time.perf_counter()
    # (numba's floating-point errors are silent: error_model="numpy")
    args = [*arrays, *shadows, *ranges]
    with _slp_vectorizer(bool(found.nest.unroll) and not kernel.overloads):
        if found.nest.parallel:
            if found.fills:  # the inputs' shadows, once, before the chunks share them
                kernel(*args, 0, 0, True)
            split = found.nest.order[0]
            align = dict(found.nest.unroll).get(split, 1)
            if found.chunks is not None and numba_workers():
                run_chunks(found.chunks, args, _cuts(ranges[split], align))
            else:
                _in_chunks(kernel, args, ranges[split], (False,) if found.fills else (), align)
        else:
            kernel(*args, *((True,) if found.fills else ()))
    if len(kernel.overloads) != before:  # this call compiled or loaded a signature
        elapsed = time.perf_counter() - start
        hits = sum(kernel.stats.cache_hits.values())
        how = "loaded" if hits > _HITS_SEEN.get(kernel, 0) else "compiled"
        _HITS_SEEN[kernel] = hits
        if how == "loaded":
            STATS.loaded += 1
        else:
            STATS.compiled += 1
        STATS.seconds += elapsed
        STATS.events.append((op.OP_NAME, how, elapsed))


__all__ = [
    "PARALLEL_ENV_VAR",
    "PARALLEL_MIN_POINTS",
    "CacheStats",
    "cache_info",
    "explain",
    "parallel",
    "parallel_choice",
    "parallel_enabled",
    "run",
    "set_parallel",
    "source",
    "supports",
    "threads",
]
