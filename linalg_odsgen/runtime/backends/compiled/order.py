"""A kernel's loop nest: which instances run as kernels, and in which loop order.

Loops may be reordered only when each output is indexed by exactly the parallel dims;
the inner loops then sweep an L1-sized block of the output at unit stride, and a small
window of plain arithmetic runs innermost with its trip counts in the text.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from linalg_odsgen.affine import AffineDimExpr
from linalg_odsgen.payload import OpCategory
from linalg_odsgen.payloads import field_table
from linalg_odsgen.runtime.backends.compiled.expressions import (
    SUPPORTED_FLOATS,
    Unsupported,
    access,
    op_expression,
)

if TYPE_CHECKING:
    from linalg_odsgen.runtime.protocol import OpInstance


@dataclass(frozen=True)
class LoopNest:
    """What a kernel is specialised to besides the op instance: loop order and threads."""

    order: tuple[int, ...]  # loop dims, outermost first
    parallel: bool = False  # the outermost (parallel) loop runs over [lo, hi): one chunk a thread
    fixed: tuple[tuple[int, int], ...] = ()  # (dim, trip count) written into the text
    # Payload ops whose f16/bf16 rounding may take Veltkamp's short form (`scalars.sh`/`sb`):
    # the call's operand ranges prove its preconditions (see `bounds.py`).
    short_rounding: frozenset[str] = frozenset()
    # Register tile (`tiles.py`): (dim, copies) of the loops unrolled inside the vector loop.
    unroll: tuple[tuple[int, int], ...] = ()


def check_supported(op: OpInstance) -> None:
    """Raise `Unsupported` for instances no kernel can run exactly: the same translations
    `kernel_source` uses, tried once up front (so a kernel is never half written)."""
    for t in op.element_types:
        if t.is_float and t.name not in SUPPORTED_FLOATS:
            raise Unsupported(f"element type {t} has no compiled semantics")
    for p in op.region.ops:
        if p.category not in (OpCategory.CONSTANT, OpCategory.INDEX):
            op_expression(p, ["x"] * len(p.operands))
    for m in op.indexing_maps:
        access(m)


def reorderable(op: OpInstance) -> bool:
    """True when each output's map is exactly the parallel dims (a permutation of them)."""
    parallel = {i for i, it in enumerate(op.iterator_types) if it.value == "parallel"}
    for m, d in zip(op.indexing_maps, op.value_operands, strict=True):
        if d.kind.is_input:
            continue
        dims = [r.position for r in m.results if isinstance(r, AffineDimExpr)]
        if len(dims) != len(m.results) or len(set(dims)) != len(dims) or set(dims) != parallel:
            return False
    return True


# The output block swept inside the reduction loops must stay in the L1 data cache.
BLOCK_BYTES = 32 << 10
# A reduction over at most this many points (a pooling or depthwise window) whose payload
# is plain arithmetic runs innermost with its trip counts in the text: LLVM unrolls it,
# keeps the accumulator in a register and vectorises the loop around it.
SMALL_WINDOW = 16
# (plain arithmetic and conversions: the records' `kernel_plain`)
_PLAIN_OPS: dict[str, bool] = field_table(lambda r: r.kernel_plain or None)


def small_window(op: OpInstance, ranges: Sequence[int]) -> tuple[int, ...]:
    """The reduction dims when together they span at most SMALL_WINDOW points and the
    payload is additions/multiplications of f32/f64/i32/i64 values (no helper calls)."""
    dims = tuple(d for d, it in enumerate(op.iterator_types) if it.value != "parallel")
    points = 1
    for d in dims:
        points *= ranges[d]
    if not dims or points > SMALL_WINDOW:
        return ()
    for p in op.region.ops:
        if p.name not in _PLAIN_OPS:
            return ()
        if p.result.type.name not in ("f32", "f64", "i32", "i64"):
            return ()
    return dims


def window_dims(op: OpInstance, ranges: Sequence[int]) -> tuple[int, ...]:
    """The reduction dims when together they span at most SMALL_WINDOW points (any payload)."""
    dims = tuple(d for d, it in enumerate(op.iterator_types) if it.value != "parallel")
    return dims if dims and math.prod(ranges[d] for d in dims) <= SMALL_WINDOW else ()


def loop_steps(op: OpInstance, strides: Sequence[tuple[int, ...] | None]) -> list[list[int]]:
    """steps[k][d]: elements operand k moves when loop dim d advances by one."""
    n = op.num_loops
    steps = []
    for m, st in zip(op.indexing_maps, strides, strict=True):
        row = [0] * n
        for r, s in zip(m.results, st or (), strict=True):
            form = r.linear_form(n)
            coeffs = (
                form[0] if form is not None else tuple(int(i in r.used_dims()) for i in range(n))
            )
            for i, c in enumerate(coeffs):
                row[i] += abs(c) * abs(s)
        steps.append(row)
    return steps


def choose_order(
    op: OpInstance,
    strides: Sequence[tuple[int, ...] | None],
    may_reorder: bool,
    ranges: Sequence[int] = (),
    itemsizes: Sequence[int] = (),
) -> tuple[int, ...]:
    """The loop order (outermost first); strides are in elements, per operand and result.

    With reductions, the inner loops sweep a block of the first output that fits in L1
    (its fastest dims, the innermost of unit stride for every operand, so it vectorises)
    and the reduction loops run just outside that block, as a tap loop over whole rows —
    unless they are a small window of plain arithmetic (`small_window`): innermost then;
    other parallel dims are outermost, the ones whose steps move the most bytes first.
    Without a usable block, every dim is ordered by the bytes its step moves. Reduction
    dims keep their relative order either way (each output element's steps stay in order).
    """
    n = op.num_loops
    if not may_reorder or n < 2:
        return tuple(range(n))
    steps = loop_steps(op, strides)
    sizes = list(itemsizes) or [1] * len(steps)
    cost = [sum(row[d] * sz for row, sz in zip(steps, sizes, strict=True)) for d in range(n)]
    parallel = [it.value == "parallel" for it in op.iterator_types]
    reductions = [d for d in range(n) if not parallel[d]]
    by_cost = sorted(range(n), key=lambda d: (-cost[d], d))
    if ranges and small_window(op, ranges):
        return tuple([d for d in by_cost if parallel[d]] + reductions)
    block = _output_block(op, steps, ranges, sizes) if reductions and ranges else []
    if block:
        outer = [d for d in by_cost if parallel[d] and d not in block]
        return tuple(outer + reductions + block)
    fill = iter(reductions)
    return tuple(next(fill) if not parallel[d] else d for d in by_cost)


def _output_block(
    op: OpInstance, steps: list[list[int]], ranges: Sequence[int], sizes: Sequence[int]
) -> list[int]:
    """The first output's fastest dims (outermost first) whose block fits BLOCK_BYTES, when
    its fastest dim has unit (or zero) stride in every operand; else []."""
    k = op.num_inputs
    out = steps[k]
    dims = sorted((d for d in range(op.num_loops) if out[d] != 0), key=lambda d: out[d])
    if not dims or any(row[dims[0]] > 1 for row in steps):
        return []
    block: list[int] = []
    size = sizes[k]
    for d in dims:
        if block and size * ranges[d] > BLOCK_BYTES:
            break
        block.insert(0, d)
        size *= ranges[d]
    return block


__all__ = [
    "BLOCK_BYTES",
    "SMALL_WINDOW",
    "LoopNest",
    "check_supported",
    "choose_order",
    "loop_steps",
    "reorderable",
    "small_window",
    "window_dims",
]
