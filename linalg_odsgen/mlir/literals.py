"""Scalar literals spelled exactly as MLIR 22 prints them (`1.000000e+00 : f64`, `42 : i64`, `true`).

Printing floats the way MLIR does lets a reader diff our output against
`mlir-opt`'s. MLIR first tries a short scientific form (six digits after the
point) and keeps it only when it reads back to the same bits; otherwise it
uses the natural-precision form if that has a decimal point, and the raw bit
pattern in hex as a last resort (also for NaN and infinities). The digit
generation is LLVM's, shared with the DSL in `linalg_odsgen.float_text`; this
module adds the per-type rounding and bit patterns.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

import ml_dtypes
import numpy as np

from linalg_odsgen.float_text import float_attr_decimal
from linalg_odsgen.types import ElementType


def _round_to(value: float, type_: ElementType) -> float:
    """`value` rounded to `type_` (round to nearest even), back as an exact Python float."""
    if type_.name == "f64":
        return float(value)
    with np.errstate(over="ignore"):
        if type_.name == "bf16":
            return float(ml_dtypes.bfloat16(value))
        return float(np.dtype(type_.dtype).type(value))


def float_bits(value: float, type_: ElementType) -> int:
    """The IEEE bit pattern of `value` stored as `type_`."""
    if type_.name == "f64":
        return struct.unpack("<Q", struct.pack("<d", float(value)))[0]
    if type_.name == "bf16":
        return int(np.array([value], dtype=ml_dtypes.bfloat16).view(np.uint16)[0])
    width = type_.width
    arr = np.array([value], dtype=type_.dtype)
    return int(arr.view(np.dtype(f"uint{width}"))[0])


def _parses_back(text: str, value: float, type_: ElementType) -> bool:
    return float_bits(_round_to(float(text), type_), type_) == float_bits(value, type_)


def format_float(value: float, type_: ElementType) -> str:
    """A float literal as MLIR prints it for `type_` (without the `: type` suffix)."""
    if not type_.is_float:
        raise TypeError(f"{type_} is not a float type")
    value = _round_to(value, type_)
    text = float_attr_decimal(
        value,
        significand_bits=type_.precision,
        reads_back=lambda text: _parses_back(text, value, type_),
    )
    if text is not None:
        return text
    return f"0x{float_bits(value, type_):X}"


def format_int(value: int | bool, type_: ElementType) -> str:
    """An integer literal as MLIR prints it: signed decimal for iN (wrapped), `true`/`false` for i1."""
    if type_.is_bool:
        return "true" if value else "false"
    v = int(value)
    if type_.is_integer or type_.is_index:
        width = type_.width
        v &= (1 << width) - 1
        if v >= 1 << (width - 1):
            v -= 1 << width
    return str(v)


def element_literal(value: object, type_: ElementType, floats: str = "bits") -> str:
    """One element inside `dense<...>`: decimal integers, `true`/`false` for i1, and floats
    as their bit pattern in hex (`floats="bits"`: exact and read alike by every MLIR version)
    or as MLIR prints them (`"decimal"`: for a reader, still exact)."""
    if type_.is_float:
        if floats == "bits":
            return f"0x{float_bits(float(value), type_):X}"  # type: ignore[arg-type]
        return format_float(float(value), type_)  # type: ignore[arg-type]
    if type_.is_bool:
        return "true" if bool(value) else "false"
    return format_int(int(value), type_)  # type: ignore[call-overload]


def dense_literal(
    value: object, type_: ElementType, shape: Sequence[int] | None = None, floats: str = "bits"
) -> str:
    """The one writer of `dense<...>` data: every element spelled on its own, nested by
    dimension. Never MLIR's hex-packed blob: how it packs `i1` differs between MLIR versions,
    and a module crosses versions when another version's opt tool runs the pipeline."""
    arr = np.asarray(value, dtype=type_.dtype)
    if shape is not None:
        arr = arr.reshape(tuple(shape))
    if arr.size == 0:
        return "dense<>"  # MLIR's spelling of an empty literal of any shape
    if arr.ndim == 0:
        return f"dense<{element_literal(arr[()], type_, floats)}>"
    flat = _element_texts(arr.reshape(-1), type_, floats)

    def nest(dims: tuple[int, ...], items: list[str]) -> str:
        if len(dims) == 1:
            return "[" + ", ".join(items) + "]"
        step = len(items) // dims[0]
        parts = [nest(dims[1:], items[i * step : (i + 1) * step]) for i in range(dims[0])]
        return "[" + ", ".join(parts) + "]"

    return f"dense<{nest(arr.shape, flat)}>"


def _element_texts(flat: np.ndarray, type_: ElementType, floats: str) -> list[str]:
    """`element_literal` of every element of a flat array, vectorized where it is simple
    (bit patterns and integers: the common, large case)."""
    if type_.is_float and floats == "bits":
        width = type_.width
        bits = np.ascontiguousarray(flat).view(np.dtype(f"uint{width}"))
        return [f"0x{int(b):X}" for b in bits.tolist()]
    if type_.is_bool:
        return ["true" if x else "false" for x in flat.tolist()]
    if type_.is_integer and type_.width >= 8 and flat.dtype.kind in "iu":
        return [str(x) for x in flat.astype(np.int64).tolist()]  # the dtype is the type's own
    return [element_literal(x, type_, floats) for x in flat]


def format_scalar(value: int | float | bool, type_: ElementType) -> str:
    """`value` as a typed MLIR attribute: `1.000000e+00 : f64`, `42 : i64`, `7 : index`, `true`."""
    if type_.is_float:
        return f"{format_float(float(value), type_)} : {type_}"
    if type_.is_bool:
        return format_int(bool(value), type_)
    return f"{format_int(int(value), type_)} : {type_}"


__all__ = [
    "dense_literal",
    "element_literal",
    "float_bits",
    "format_float",
    "format_int",
    "format_scalar",
]
