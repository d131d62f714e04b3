"""Which kernel a call runs: the loop nest for its operands, and the kernel compiled for it.

Per op instance the runtime keeps a `Kernels` record (in `Runtime.compiled_kernels`,
weakly keyed by the instance, so it goes with the instance): the dtypes the kernels see
the operands as, and the kernels already chosen, by nest and by call shape, so repeated
calls skip choosing the loop order. The choice reads the runtime's compiled settings
(register tiles, short roundings, the parallel threshold).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from linalg_odsgen.runtime.backends.compiled.bounds import (
    NarrowReduction,
    reduction_of,
    short_rounding,
)
from linalg_odsgen.runtime.backends.compiled.cache import load_kernel
from linalg_odsgen.runtime.backends.compiled.chunking import threads
from linalg_odsgen.runtime.backends.compiled.expressions import Unsupported, storage_kind
from linalg_odsgen.runtime.backends.compiled.kernel import KernelText, kernel_text
from linalg_odsgen.runtime.backends.compiled.order import (
    LoopNest,
    check_supported,
    choose_order,
    reorderable,
    small_window,
    window_dims,
)
from linalg_odsgen.runtime.backends.compiled.tiles import choose_tiling, tiled_text

if TYPE_CHECKING:
    from linalg_odsgen.runtime.protocol import OpInstance
    from linalg_odsgen.runtime.settings import Runtime

# A register tile's vector loop of at most this many iterations has its trip count in the
# text (a conv's 64 output channels): LLVM then vectorises it without a scalar remainder.
FIXED_VECTOR_TRIPS = 128
# Entries of an instance's per-call tables before they are emptied and refilled.
_CALL_TABLE_LIMIT = 64


@dataclass(frozen=True)
class Kernel:
    """A compiled kernel with what calling it needs besides the operands."""

    fn: Any  # the numba dispatcher
    nest: LoopNest
    shadows: tuple[int, ...]  # operands whose f32 shadow the caller passes (`KernelText`)
    fills: bool  # takes a last `fill` argument: convert the inputs' shadows
    chunks: Any = None  # a parallel nest's `chunks(.., cuts)`: its chunks on numba's workers


@dataclass
class Kernels:
    """Per op instance: the kernel of each loop nest (instances are cached by the runtime)."""

    views: tuple[Any, ...]  # per operand: the dtype the kernel sees it as (None: its own)
    reorderable: bool = False
    reduction: NarrowReduction | None = None  # a narrow reduction the short roundings may serve
    by_nest: dict[LoopNest, Kernel] = field(default_factory=dict)
    # (ranges, strides, parallel, short roundings, tiles) -> kernel
    by_call: dict[tuple[Any, ...], Kernel] = field(default_factory=dict)
    # (ranges, strides) -> whether an f16 output runs as a register tile (exact roundings)
    f16_tiles: dict[tuple[Any, ...], bool] = field(default_factory=dict)


def kernels_of(rt: Runtime, op: OpInstance) -> Kernels | str:
    """The instance's kernel record in `rt`, or why it cannot run as a kernel."""
    cached = rt.compiled_kernels.get(op)
    if cached is None:
        try:
            check_supported(op)
            cached = Kernels(
                tuple(_view_dtype(t) for t in op.element_types), reorderable(op), reduction_of(op)
            )
        except Unsupported as exc:
            cached = str(exc)
        with rt.lock:
            rt.compiled_kernels[op] = cached
    return cached


def _view_dtype(t: Any) -> Any:
    kind = storage_kind(t)
    if kind in ("f16", "bf16"):
        return np.dtype(np.uint16)
    if kind in ("i4", "f8"):
        return np.dtype(np.uint8)
    if t.is_integer and not t.is_bool:
        return np.dtype(f"i{t.dtype.itemsize}")  # signless: unsigned arrays read as signed
    return None


def arrays(kernels: Kernels, operands: Sequence[Any]) -> list[np.ndarray]:
    """The operands as the kernel reads them (narrow floats and signless ints as views)."""
    out = []
    for view, value in zip(kernels.views, operands, strict=True):
        arr = value if isinstance(value, np.ndarray) else np.asarray(value)
        out.append(arr if view is None or arr.dtype == view else arr.view(view))
    return out


def ranges(op: OpInstance) -> tuple[int, ...]:
    """The loop ranges of a bound instance (all known: its arrays are bound)."""
    return tuple(int(r or 0) for r in op.loop_ranges())


def text(op: OpInstance, nest: LoopNest) -> KernelText:
    """The kernel module of `nest`: a register tile's, or the plain nest's."""
    return tiled_text(op, nest) if nest.unroll else kernel_text(op, nest)


def short(
    rt: Runtime,
    op: OpInstance,
    kernels: Kernels,
    views: Sequence[np.ndarray],
    loop_ranges: Sequence[int],
) -> frozenset[str]:
    """The payload ops whose narrow rounding may take the short form on these arrays."""
    if kernels.reduction is None or not rt.compiled_short_rounding:
        return frozenset()
    if kernels.reduction.type_name == "f16" and rt.compiled_tiles:
        # an f16 tile rounds exactly (LLVM makes f16 arithmetic of it): no pass over the
        # data to bound it (~0.1 ms on a 256 x 256 matmul) for the remainders' sake
        key = (tuple(loop_ranges), tuple(a.strides for a in views))
        tiled = kernels.f16_tiles.get(key)
        if tiled is None:
            strides = [tuple(s // a.itemsize for s in a.strides) if a.ndim else None for a in views]
            tiled = kernels.reorderable and choose_tiling(op, strides, loop_ranges) is not None
            if len(kernels.f16_tiles) >= _CALL_TABLE_LIMIT:
                kernels.f16_tiles.clear()
            kernels.f16_tiles[key] = tiled
        if tiled:
            return frozenset()
    return short_rounding(kernels.reduction, op, views, loop_ranges)


def threaded(rt: Runtime, wanted: bool, loop_ranges: Sequence[int], min_points: int = 0) -> bool:
    """Whether a call that `wanted` parallel loops gets them: nests of fewer than the
    runtime's `compiled_parallel_min_points` (or `min_points`) stay on one thread."""
    if not wanted or math.prod(loop_ranges) < max(min_points, rt.compiled_parallel_min_points):
        return False
    return threads() > 1


def choose_nest(
    rt: Runtime,
    op: OpInstance,
    kernels: Kernels,
    views: Sequence[np.ndarray],
    loop_ranges: Sequence[int],
    parallel: bool,
) -> LoopNest:
    """The loop order, unrolling and (with `parallel`) the loop split over the threads."""
    strides = [tuple(s // a.itemsize for s in a.strides) if a.ndim else None for a in views]
    tiles = kernels.reorderable and rt.compiled_tiles
    tiling = choose_tiling(op, strides, loop_ranges) if tiles else None
    unroll: tuple[tuple[int, int], ...] = ()
    if tiling is not None:
        order, unroll = tiling.order, tiling.unroll
        # dims unrolled whole have their trip counts in the text
        fixed = tuple((d, f) for d, f in unroll if f == loop_ranges[d])
        v = tiling.vector
        if loop_ranges[v] <= FIXED_VECTOR_TRIPS and v not in dict(fixed):
            fixed += ((v, loop_ranges[v]),)
        window = window_dims(op, loop_ranges)
        fixed += tuple((d, loop_ranges[d]) for d in window if d not in dict(fixed))
    else:
        itemsizes = [a.itemsize for a in views]
        order = choose_order(op, strides, kernels.reorderable, loop_ranges, itemsizes)
        window = small_window(op, loop_ranges) if kernels.reorderable else ()
        fixed = tuple((d, loop_ranges[d]) for d in window)  # trip counts LLVM can unroll
    if not (parallel and kernels.reorderable):
        return LoopNest(order, fixed=fixed, unroll=unroll)
    # Threads split the outermost loop: the first leading parallel loop with two or more
    # iterations (or, when a reduction leads, the first such parallel loop at all).
    wide = [d for d in order if op.iterator_types[d].value == "parallel" and loop_ranges[d] >= 2]
    if not wide or wide[0] in dict(fixed):  # a dim unrolled whole has no loop to split
        return LoopNest(order, fixed=fixed, unroll=unroll)
    first = wide[0]
    order = (first, *(d for d in order if d != first))
    return LoopNest(order, parallel=True, fixed=fixed, unroll=unroll)


def kernel_for(rt: Runtime, op: OpInstance, kernels: Kernels, nest: LoopNest) -> Kernel:
    """The kernel of `nest`, its module written (or found) and loaded once per instance."""
    kernel = kernels.by_nest.get(nest)
    if kernel is None:
        kt = text(op, nest)
        module = load_kernel(kt.name, kt.render)
        chunks = getattr(module, "chunks", None)
        kernel = Kernel(module.kernel, nest, kt.shadows, kt.fills, chunks)
        kernels.by_nest[nest] = kernel
        rt.compiled_stats.kernels += 1
    return kernel


def call_kernel(
    rt: Runtime,
    op: OpInstance,
    kernels: Kernels,
    views: Sequence[np.ndarray],
    loop_ranges: tuple[int, ...],
    parallel: bool,
) -> Kernel:
    """The kernel a call runs, remembered by the call's shape so a repeated call skips the
    choice (the key holds every setting the choice reads)."""
    rounding = short(rt, op, kernels, views, loop_ranges)
    key = (loop_ranges, tuple(a.strides for a in views), parallel, rounding, rt.compiled_tiles)
    found = kernels.by_call.get(key)
    if found is None:
        nest = choose_nest(rt, op, kernels, views, loop_ranges, parallel)
        found = kernel_for(rt, op, kernels, dataclasses.replace(nest, short_rounding=rounding))
        if len(kernels.by_call) >= _CALL_TABLE_LIMIT:
            kernels.by_call.clear()
        kernels.by_call[key] = found
    return found


__all__ = [
    "FIXED_VECTOR_TRIPS",
    "Kernel",
    "Kernels",
    "arrays",
    "call_kernel",
    "choose_nest",
    "kernel_for",
    "kernels_of",
    "ranges",
    "short",
    "text",
    "threaded",
]
