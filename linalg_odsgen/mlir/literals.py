"""Scalar literals spelled exactly as MLIR 22 prints them (`1.000000e+00 : f64`, `42 : i64`, `true`).

Printing floats the way MLIR does lets a reader diff our output against
`mlir-opt`'s. MLIR first tries a short scientific form (six digits after the
point) and keeps it only when it reads back to the same bits; otherwise it
uses the natural-precision form if that has a decimal point, and the raw bit
pattern in hex as a last resort (also for NaN and infinities). The digit
generation below reproduces that behaviour, measured against `mlir-opt-22`.
"""

from __future__ import annotations

import math
import struct

import ml_dtypes
import numpy as np

from linalg_odsgen.types import ElementType

# Significand precision in bits (with the hidden bit) of each float type.
_PRECISION = {"f16": 11, "bf16": 8, "f32": 24, "f64": 53}


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


def _decimal_digits(value: float, precision_bits: int, max_digits: int) -> tuple[str, int]:
    """Digits (most significant first, no trailing zeros) and a power of ten: value = D * 10**e.

    The significand is first cut down by whole powers of ten to a little over
    `max_digits` digits (truncating), then rounded half-up on the first
    dropped digit to at most `max_digits` digits, as MLIR's printer does.
    """
    mant, exp2 = math.frexp(abs(value))
    # Exact integer significand and binary exponent: value = sig * 2**exp2.
    sig = int(mant * (1 << precision_bits))
    exp2 -= precision_bits
    while sig and not sig & 1:
        sig >>= 1
        exp2 += 1
    exp10 = 0
    if exp2 > 0:
        sig <<= exp2
    elif exp2 < 0:
        sig *= 5 ** (-exp2)
        exp10 = exp2
    bits = sig.bit_length()
    bits_required = (max_digits * 196 + 58) // 59
    if bits > bits_required:
        removable = (bits - bits_required) * 59 // 196
        if removable:
            sig //= 10**removable
            exp10 += removable
    text = str(sig)
    stripped = text.rstrip("0")
    exp10 += len(text) - len(stripped)
    digits = stripped
    if len(digits) > max_digits:
        dropped = len(digits) - max_digits
        kept = digits[:max_digits]
        if digits[max_digits] >= "5":
            kept = str(int(kept) + 1)
            if len(kept) > max_digits:  # carried into a new leading digit: 99.. -> 100..
                dropped += 1
                kept = kept[:max_digits]
        exp10 += dropped
        digits = kept.rstrip("0")
        exp10 += len(kept) - len(digits)
    return digits, exp10


def _format(
    value: float,
    precision_bits: int,
    max_digits: int,
    max_padding: int,
    truncate_zero: bool,
) -> str:
    """A finite float in MLIR's (LLVM's) decimal notation with the given knobs."""
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    if value == 0.0:
        if max_padding:
            return sign + "0.0"
        if truncate_zero:
            return sign + "0.0E+0"
        return sign + "0." + "0" * max(max_digits, 1) + "e+00"
    digits, exp10 = _decimal_digits(value, precision_bits, max_digits)
    n = len(digits)
    if not max_padding:
        scientific = True
    elif exp10 >= 0:
        scientific = exp10 > max_padding or n + exp10 > max_digits
    else:
        msd = exp10 + n - 1
        scientific = msd < 0 and -msd > max_padding
    if scientific:
        mantissa = digits[0] + "."
        if n == 1 and truncate_zero:
            mantissa += "0"
        else:
            mantissa += digits[1:]
        if not truncate_zero and max_digits > n - 1:
            mantissa += "0" * (max_digits - n + 1)
        e = exp10 + n - 1
        exp_sign = "-" if e < 0 else "+"
        exp_digits = str(abs(e))
        if not truncate_zero and len(exp_digits) < 2:
            exp_digits = "0" + exp_digits
        return f"{sign}{mantissa}{'E' if truncate_zero else 'e'}{exp_sign}{exp_digits}"
    if exp10 >= 0:
        return sign + digits + "0" * exp10
    whole = exp10 + n
    if whole > 0:
        return f"{sign}{digits[:whole]}.{digits[whole:]}"
    return f"{sign}0.{'0' * -whole}{digits}"


def _parses_back(text: str, value: float, type_: ElementType) -> bool:
    return float_bits(_round_to(float(text), type_), type_) == float_bits(value, type_)


def format_float(value: float, type_: ElementType) -> str:
    """A float literal as MLIR prints it for `type_` (without the `: type` suffix)."""
    if not type_.is_float:
        raise TypeError(f"{type_} is not a float type")
    value = _round_to(value, type_)
    if math.isfinite(value):
        precision = _PRECISION[type_.name]
        short = _format(value, precision, 6, 0, truncate_zero=False)
        if _parses_back(short, value, type_):
            return short
        natural = _format(value, precision, 2 + precision * 59 // 196, 3, truncate_zero=True)
        if "." in natural:
            return natural
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
        return format_int(value, type_)
    return f"{format_int(value, type_)} : {type_}"


__all__ = ["float_bits", "format_float", "format_int", "format_scalar"]
