"""Canonical scalar values and array views the payload semantics compute with.

Scalars travel in a *canonical* form so every op is a small pure function:

- integers of every width (`i1`..`i64`) and `index`: a Python `int` holding the
  signed two's-complement reading of the bits (`i1` true is `-1`, `i8` 0xFF is `-1`);
  signedness is a property of the op (`extui`, `maxui`, `divui` reinterpret as unsigned);
- floats: a NumPy scalar of the type's dtype (`np.float16`, `ml_dtypes.bfloat16`, ...),
  so every step rounds to the type exactly as the hardware does.

Arrays hold the canonical dtype of their element type: signed integers, `bool` for
i1, `ml_dtypes.bfloat16` for bf16.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from linalg_odsgen.types import ElementType


def wrap(value: int, width: int) -> int:
    """The signed reading of the low `width` bits of `value`."""
    half = 1 << (width - 1)
    return ((value + half) & ((1 << width) - 1)) - half


def unsigned(value: int, width: int) -> int:
    """The unsigned reading of the low `width` bits of `value`."""
    return value & ((1 << width) - 1)


def to_canonical(value: Any, type_: ElementType) -> Any:
    """Any Python/NumPy scalar -> canonical value of `type_` (ints wrapped, floats rounded)."""
    if type_.is_float:
        return type_.dtype.type(value)
    if isinstance(value, (float, np.floating)):
        value = math.trunc(float(value))
    return wrap(int(value), type_.width)


def from_canonical(value: Any, type_: ElementType) -> Any:
    """Canonical value -> NumPy scalar of the type's storage dtype (signed for integers)."""
    if type_.is_float:
        return type_.dtype.type(value)
    if type_.is_bool:
        return np.bool_(value != 0)
    return type_.dtype.type(value)


def round_int(value: int, precision: int) -> int:
    """`value` rounded to `precision` significant bits, ties to even, in exact integer arithmetic."""
    mag = abs(value)
    drop = mag.bit_length() - precision
    if drop <= 0:
        return value
    kept, rest = mag >> drop, mag & ((1 << drop) - 1)
    half = 1 << (drop - 1)
    if rest > half or (rest == half and kept & 1):
        kept += 1
    return kept << drop if value > 0 else -(kept << drop)


# -- arrays -------------------------------------------------------------------------------


def unsigned_view(x: np.ndarray) -> np.ndarray:
    """The same bits read as unsigned (bool stays bool)."""
    if x.dtype == np.bool_:
        return x
    return x.view(np.dtype(f"uint{x.dtype.itemsize * 8}"))


def signed_view(x: np.ndarray) -> np.ndarray:
    """The same bits read as signed (bool stays bool)."""
    if x.dtype == np.bool_:
        return x
    return x.view(np.dtype(f"int{x.dtype.itemsize * 8}"))


def finish(result: np.ndarray, t: ElementType, out: np.ndarray | None) -> np.ndarray:
    """Bring `result` to the canonical dtype of `t`, storing into `out` when given."""
    result = np.asarray(result)
    if result.dtype != t.dtype:
        if result.dtype.itemsize == t.dtype.itemsize and result.dtype.kind in "iu":
            result = result.view(t.dtype)
        else:
            result = result.astype(t.dtype)
    if out is not None:
        np.copyto(out, result, casting="unsafe")
        return out
    return result


def float_bits(x: np.ndarray) -> np.ndarray:
    return x.view(np.dtype(f"uint{x.dtype.itemsize * 8}"))


__all__ = [
    "finish",
    "float_bits",
    "from_canonical",
    "round_int",
    "signed_view",
    "to_canonical",
    "unsigned",
    "unsigned_view",
    "wrap",
]
