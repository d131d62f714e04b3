"""Which f16/bf16 roundings of one call may take Veltkamp's short form.

`scalars.sh`/`sb` round a float32 to f16/bf16 in three float operations, where the exact
roundings `rh`/`rb` take two conversion instructions (f16) or ten integer operations
(bf16). The short form is exact only for values that are finite, below the type's
overflow edge and, unless they are values of the type already, not below its smallest
normal. For the narrow-float work that dominates — a reduction `yield out + x * y` (a
matmul, convolution, matvec, dot) or `yield out + x` (a pooling sum) — the operands'
ranges bound every value the loop computes, so a few passes over the inputs decide it:

- a partial sum is at most |out| + R * max|x| * max|y| after R reduction steps, grown by
  at most a factor (1 + 2**-p) per rounding; a sum (or difference) of two values of the
  type below its smallest normal is a value of the type (both are multiples of its
  smallest step), so sums need only the upper bound;
- a nonzero product is at least min|x| * min|y| over the nonzero magnitudes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from linalg_odsgen.runtime.protocol import OpInstance

# Per type: the first non-finite magnitude code, the bound every value must stay under,
# the smallest normal value and the unit roundoff.
_TYPES = {
    "f16": (0x7C00, 65504.0, 2.0**-14, 2.0**-11),
    "bf16": (0x7F80, 2.0**100, 2.0**-126, 2.0**-8),
}


@dataclass(frozen=True)
class NarrowReduction:
    """`yield out + x * y` (y None: `yield out + x`) over operands of one narrow type."""

    type_name: str
    x: int  # operand indices
    y: int | None
    out: int


def reduction_of(op: OpInstance) -> NarrowReduction | None:
    """The reduction the short roundings apply to, or None for any other payload."""
    types = {t.name for t in op.element_types}
    if len(types) != 1 or op.num_outputs != 1:
        return None
    (name,) = types
    if name not in _TYPES:
        return None
    region = op.region
    index = {a.id: i for i, a in enumerate(region.args)}
    out = len(region.args) - 1
    ops = region.ops
    if len(region.yields) != 1 or not ops or ops[-1].result.id != region.yields[0].id:
        return None
    total = ops[-1]
    if total.name != "arith.addf" or len(ops) > 2:
        return None
    a, b = (v.id for v in total.operands)
    if index.get(a) == out:
        term = b
    elif index.get(b) == out:
        term = a
    else:
        return None
    if len(ops) == 1:
        x = index.get(term)
        return NarrowReduction(name, x, None, out) if x is not None and x != out else None
    product = ops[0]
    if product.name != "arith.mulf" or product.result.id != term:
        return None
    x, y = (index.get(v.id) for v in product.operands)
    if x is None or y is None or out in (x, y):
        return None
    return NarrowReduction(name, x, y, out)


def _magnitudes(bits: np.ndarray, kind: str) -> tuple[float, float, bool]:
    """(largest magnitude, smallest nonzero magnitude (inf if none), all finite) of an
    array of f16/bf16 bit patterns."""
    first_bad = _TYPES[kind][0]
    m = np.bitwise_and(bits, np.uint16(0x7FFF))
    if not m.size:
        return 0.0, math.inf, True
    top = int(m.max())
    nonzero = m[m != 0]
    low = int(nonzero.min()) if nonzero.size else None

    def value(code: int) -> float:
        if kind == "f16":
            return float(np.uint16(code).view(np.float16))
        return float(np.uint32(code << 16).view(np.float32))

    return value(top), (value(low) if low is not None else math.inf), top < first_bad


def short_rounding(
    red: NarrowReduction, op: OpInstance, arrays: Sequence[np.ndarray], ranges: Sequence[int]
) -> frozenset[str]:
    """The payload ops (`arith.addf`, `arith.mulf`) whose rounding the short form may do
    on these operands (uint16 views of the f16/bf16 arrays)."""
    _, edge, tiny, unit = _TYPES[red.type_name]
    steps = 1
    for d, it in enumerate(op.iterator_types):
        if it.value != "parallel":
            steps *= int(ranges[d])
    try:  # before any pass over the data: a long reduction's growth factor alone overflows
        growth = (1 + unit) ** (steps + 1)
    except OverflowError:
        return frozenset()
    hx, lx, ok_x = _magnitudes(arrays[red.x], red.type_name)
    hy, ly, ok_y = (1.0, 1.0, True)
    if red.y is not None:
        hy, ly, ok_y = _magnitudes(arrays[red.y], red.type_name)
    ho, _, ok_o = _magnitudes(arrays[red.out], red.type_name)
    if not (ok_x and ok_y and ok_o):
        return frozenset()
    term = hx * hy * (1 + unit)
    try:
        bound = (ho + steps * term) * growth
    except OverflowError:
        return frozenset()
    if not bound < edge:
        return frozenset()
    short = {"arith.addf"}
    if red.y is not None and lx * ly >= tiny and term < edge:
        short.add("arith.mulf")
    return frozenset(short)


__all__ = ["NarrowReduction", "reduction_of", "short_rounding"]
