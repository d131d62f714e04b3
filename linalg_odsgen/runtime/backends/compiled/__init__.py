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

import time
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import numpy as np

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError
from linalg_odsgen.runtime import reference
from linalg_odsgen.runtime.backends.compiled.order import LoopNest
from linalg_odsgen.runtime.settings import (
    COMPILED_PARALLEL_ENV_VAR,
    CURRENT_RUNTIME,
    CompiledStats,
    Runtime,
)

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

from linalg_odsgen.runtime.backends.compiled import choice  # noqa: E402
from linalg_odsgen.runtime.backends.compiled.chunking import run_split, threads  # noqa: E402

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
    """`set_parallel(enabled)` inside the block (the current runtime's setting)."""
    with CURRENT_RUNTIME.get().changed(compiled_parallel=enabled):
        yield


def cache_info() -> CompiledStats:
    """What compiling or loading kernels cost the current runtime so far."""
    return CURRENT_RUNTIME.get().compiled_stats


_WARNED: set[tuple[str, str]] = set()
_HITS_SEEN: dict[Any, int] = {}


def supports(op: OpInstance) -> bool:
    """True when `op` runs as a kernel (not handed to the loops backend)."""
    return not isinstance(choice.kernels_of(CURRENT_RUNTIME.get(), op), str)


def nest(op: OpInstance, operands: Sequence[Any]) -> LoopNest:
    """The loop nest a call of `op` with these operands would run under the current
    runtime's settings (order, unrolling, thread split, short roundings)."""
    rt = CURRENT_RUNTIME.get()
    kernels = _kernels_or_raise(rt, op)
    views, loop_ranges = choice.arrays(kernels, operands), choice.ranges(op)
    split = choice.threaded(rt, parallel_enabled(), loop_ranges)
    return choice.call_kernel(rt, op, kernels, views, loop_ranges, split).nest


def _kernels_or_raise(rt: Runtime, op: OpInstance) -> choice.Kernels:
    kernels = choice.kernels_of(rt, op)
    if isinstance(kernels, str):
        raise DiagnosticError(Diagnostic(f"no kernel: {kernels}", file="<runtime>"))
    return kernels


def explain(op: OpInstance, operands: Sequence[Any]) -> str:
    """One line: the loop order the kernel would use, or why the loops backend runs."""
    kernels = choice.kernels_of(CURRENT_RUNTIME.get(), op)
    if isinstance(kernels, str):
        return f"loops backend: {kernels}"
    chosen = nest(op, operands)
    where = f" (outermost loop in parallel, {threads()} threads)" if chosen.parallel else ""
    tile = ", ".join(f"d{d} x {f}" for d, f in chosen.unroll)
    where += f", unrolled {tile}" if chosen.unroll else ""
    return "compiled: loop order " + ", ".join(f"d{d}" for d in chosen.order) + where


def source(op: OpInstance, operands: Sequence[Any]) -> str:
    """The kernel module the backend would compile for these operands."""
    return choice.text(op, nest(op, operands)).render()


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
    of fewer than `min_parallel_points` (or the runtime's `compiled_parallel_min_points`)
    stay on one thread."""
    rt = CURRENT_RUNTIME.get()
    kernels = choice.kernels_of(rt, op)
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
    loop_ranges = choice.ranges(op)
    if 0 in loop_ranges:
        return
    views = choice.arrays(kernels, operands)
    wanted = rt.parallel_choice() if parallel is None else parallel
    split = choice.threaded(rt, bool(wanted), loop_ranges, min_parallel_points)
    found = choice.call_kernel(rt, op, kernels, views, loop_ranges, split)
    shadows = [np.empty(views[i].shape, np.float32) for i in found.shadows]
    kernel = found.fn
    before = len(kernel.overloads)
    start = time.perf_counter()
    # (numba's floating-point errors are silent: error_model="numpy")
    args = [*views, *shadows, *loop_ranges]
    with _slp_vectorizer(bool(found.nest.unroll) and not kernel.overloads):
        if found.nest.parallel:
            outer = found.nest.order[0]
            align = dict(found.nest.unroll).get(outer, 1)
            run_split(kernel, found.chunks, args, loop_ranges[outer], found.fills, align)
        else:
            kernel(*args, *((True,) if found.fills else ()))
    if len(kernel.overloads) != before:  # this call compiled or loaded a signature
        _count_first_call(rt.compiled_stats, op, kernel, time.perf_counter() - start)


def _count_first_call(stats: CompiledStats, op: OpInstance, kernel: Any, elapsed: float) -> None:
    hits = sum(kernel.stats.cache_hits.values())
    how = "loaded" if hits > _HITS_SEEN.get(kernel, 0) else "compiled"
    _HITS_SEEN[kernel] = hits
    if how == "loaded":
        stats.loaded += 1
    else:
        stats.compiled += 1
    stats.seconds += elapsed
    stats.events.append((op.OP_NAME, how, elapsed))


__all__ = [
    "PARALLEL_ENV_VAR",
    "LoopNest",
    "cache_info",
    "explain",
    "nest",
    "parallel",
    "parallel_choice",
    "parallel_enabled",
    "run",
    "set_parallel",
    "source",
    "supports",
    "threads",
]
