"""Vectorised twin of the scalar payload semantics: payload op name -> NumPy array function.

Each function is its record's `vector` in `linalg_odsgen.payloads`.

Every function takes the payload op (for its result type and attributes), its
operand arrays (each in the canonical dtype of its element type: signed
integers, `bool` for i1, `ml_dtypes.bfloat16` for bf16) and an optional `out`
array to write into; it returns an array of the result's canonical dtype.

MLIR's rules are followed exactly, which is why nothing here relies on NumPy's
type promotion:
- integers wrap around (NumPy integer dtypes do), signedness lives in the op:
  `extsi`/`extui`, `maxsi`/`maxui`, `divsi`/`divui` read the same bits through
  signed or unsigned views;
- i1 is two's complement one-bit: `true` is -1 when sign-extended, `addi` is xor;
- floats are rounded to the result type after every op: every function runs
  in the operand's dtype, as the scalar table's NumPy scalars do (f16/bf16
  ufuncs round each result); `erf` uses `math.erf` in f64, rounded once;
- `maximumf`/`minimumf` propagate NaN and order -0.0 below +0.0;
- `math.round` rounds half away from zero; `divsi` truncates toward zero;
- conversions and `powf` are what MLIR 22's lowering computes (see `scalar_semantics`):
  `sitofp`/`uitofp` round once (bf16: through f32, twice), f64 -> bf16 goes through f32,
  `powf` is the C library's pow even for a broadcast exponent.
"""

from __future__ import annotations

import numpy as np

from linalg_odsgen.payloads import VecFn, field_table
from linalg_odsgen.payloads.canonical import signed_view as signed
from linalg_odsgen.payloads.canonical import unsigned_view as unsigned
from linalg_odsgen.types import ElementType


def constant_array(value: int | float | bool, t: ElementType) -> np.ndarray:
    """A 0-d array holding `value` as type `t` (integers wrap to the width, as MLIR's attribute does)."""
    if t.is_float:
        return np.array(float(value), dtype=np.float64).astype(t.dtype)
    if t.is_bool:
        return np.array(bool(int(value) & 1))
    v = int(value) & ((1 << t.width) - 1)
    return np.array(v, dtype=t.unsigned_dtype).view(t.dtype)


# Plain dicts the registry keeps current.
VECTOR_SEMANTICS: dict[str, VecFn] = field_table(lambda r: r.vector)

# Float min/max ops whose NumPy ufunc is exact when either operand has no zeros.
MINMAX_UFUNCS: dict[str, np.ufunc] = field_table(lambda r: r.minmax_ufunc)

__all__ = [
    "MINMAX_UFUNCS",
    "VECTOR_SEMANTICS",
    "VecFn",
    "constant_array",
    "signed",
    "unsigned",
]
