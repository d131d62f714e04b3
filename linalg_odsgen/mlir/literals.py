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


def format_scalar(value: int | float | bool, type_: ElementType) -> str:
    """`value` as a typed MLIR attribute: `1.000000e+00 : f64`, `42 : i64`, `7 : index`, `true`."""
    if type_.is_float:
        return f"{format_float(float(value), type_)} : {type_}"
    if type_.is_bool:
        return format_int(bool(value), type_)
    return f"{format_int(int(value), type_)} : {type_}"


__all__ = ["float_bits", "format_float", "format_int", "format_scalar"]
