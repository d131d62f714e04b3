"""Operand data for a case: values that reach the corners of each element type, never UB.

Starts from conformance's `make_data` (floats in [-2, 2], integers over the type
or a positive range under integer division) and then plants the values where
passes go wrong: NaN, infinities, -0, subnormals and the largest finite value
for floats; the minimum, maximum, -1 and 0 for integers (i8/i4 data with the
high bit set is already common). Values that would make the program undefined
are never planted: no specials when the payload converts floats to integers
(out-of-range `fptosi`/`fptoui` is poison) and no zero, -1 or minimum when it
divides integers (division by zero and MIN / -1 are undefined).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ml_dtypes
import numpy as np

from linalg_odsgen import payloads
from linalg_odsgen.conformance.library import _region_op_names, make_data
from linalg_odsgen.model import OperandKind

if TYPE_CHECKING:
    from linalg_odsgen.runtime import StructuredOp
    from linalg_odsgen.types import ElementType

# Payload ops for which MLIR leaves float specials (NaN, inf, out of range) undefined, and
# those for which any special value may trap (integer division): from the records.
_FP_TO_INT = frozenset(r.name for r in payloads.records() if r.undefined_on == "float")
_INT_DIV = frozenset(r.name for r in payloads.records() if r.undefined_on == "all")


def _float_specials(t: ElementType) -> list[Any]:
    dt = t.dtype
    info = ml_dtypes.finfo(dt)
    tiny = info.smallest_subnormal
    return [np.nan, np.inf, -np.inf, -0.0, float(tiny), -float(tiny), float(info.max)]


def _int_specials(t: ElementType) -> list[int]:
    if t.is_bool:
        return [0, 1]
    info = ml_dtypes.iinfo(t.dtype) if t.width == 4 else np.iinfo(t.dtype)
    return [int(info.min), int(info.max), -1, 0, 1]


def case_data(op: StructuredOp, seed: int, *, specials: bool = True) -> list[Any]:
    """Deterministic operand values (value operands, declaration order) for `op`."""
    values = make_data(op, seed)
    if not specials:
        return values
    names = _region_op_names(op)
    if names & _INT_DIV:
        return values
    rng = np.random.default_rng(seed ^ 0x5EED)
    out: list[Any] = []
    for d, t, v in zip(op.value_operands, op.element_types, values, strict=True):
        if t.is_float:
            pool = [] if names & _FP_TO_INT else _float_specials(t)
        elif t.is_integer and not t.is_index:
            pool = _int_specials(t)
        else:
            pool = []
        if not pool:
            out.append(v)
            continue
        if d.kind is OperandKind.SCALAR:
            out.append(
                t.dtype.type(pool[int(rng.integers(len(pool)))]) if rng.random() < 0.2 else v
            )
            continue
        arr = np.array(v, dtype=t.dtype)
        flat = arr.reshape(-1)
        hit = rng.random(flat.size) < 0.2
        picks = rng.integers(len(pool), size=flat.size)
        for i in np.nonzero(hit)[0]:
            flat[i] = np.array(pool[int(picks[i])]).astype(t.dtype)
        out.append(arr)
    return out


__all__ = ["case_data"]
