"""Narrow floats in f32 registers: f16 and bf16 conversions and their roundings.

f16 goes through the CPU's F16C conversions (software on hosts without them), bf16 by
integer rounding to nearest even; Veltkamp's split gives the short exact roundings
the bounds allow, and f64 values reach a narrow type with a single rounding.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from linalg_odsgen.runtime.backends.compiled.llvm import f32_bits, f32_from_bits
from linalg_odsgen.runtime.backends.compiled.llvm import jit as _jit

# -- f16 <-> f32 ----------------------------------------------------------------------------


@intrinsic
def _hw_f32_to_f16(typingctx, x):
    """LLVM `fptrunc float to half` (one F16C instruction on x86-64 with F16C)."""
    if x != types.float32:
        return None

    def codegen(context, builder, signature, args):
        return builder.bitcast(builder.fptrunc(args[0], ir.HalfType()), ir.IntType(16))

    return types.uint16(types.float32), codegen


@intrinsic
def _hw_f16_to_f32(typingctx, x):
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        value = args[0]
        if x.bitwidth > 16:
            value = builder.trunc(value, ir.IntType(16))
        return builder.fpext(builder.bitcast(value, ir.HalfType()), ir.FloatType())

    return types.float32(x), codegen


def _host_has_f16c() -> bool:
    import llvmlite.binding as llvm

    features = llvm.get_host_cpu_features()
    return bool(features.get("f16c", False))


HARDWARE_F16 = _host_has_f16c()

_TWO_M24 = np.float32(2.0**-24)
_TWO_P24 = np.float32(2.0**24)


@_jit
def soft_f32_to_f16(x: float) -> int:
    """float32 -> f16 bits, rounded to nearest even (subnormals, overflow to inf, NaN kept)."""
    b = f32_bits(np.float32(x))
    sign = np.uint16((b >> np.uint32(16)) & np.uint32(0x8000))
    a = b & np.uint32(0x7FFFFFFF)
    if a > np.uint32(0x7F800000):  # NaN: keep the top payload bits, stay a NaN
        payload = np.uint16((a >> np.uint32(13)) & np.uint32(0x3FF))
        return sign | np.uint16(0x7C00) | payload | np.uint16(0x200)
    if a >= np.uint32(0x477FF000):  # >= 65520: inf
        return sign | np.uint16(0x7C00)
    if a >= np.uint32(0x38800000):  # normal f16
        m = a - np.uint32(0x38000000)
        return sign | np.uint16((m + np.uint32(0xFFF) + ((m >> np.uint32(13)) & 1)) >> 13)
    # subnormal or zero: |x| * 2**24 is exact; rint rounds to the nearest even step
    scaled = np.rint(f32_from_bits(a) * _TWO_P24)
    return sign | np.uint16(np.int32(scaled))


@_jit
def soft_f16_to_f32(h: int) -> float:
    h = np.uint32(h)
    sign = (h & np.uint32(0x8000)) << np.uint32(16)
    e = (h >> np.uint32(10)) & np.uint32(0x1F)
    m = h & np.uint32(0x3FF)
    if e == 0:
        v = np.float32(m) * _TWO_M24
        return -v if sign else v
    if e == 31:
        return f32_from_bits(sign | np.uint32(0x7F800000) | (m << np.uint32(13)))
    return f32_from_bits(sign | ((e + np.uint32(112)) << np.uint32(23)) | (m << np.uint32(13)))


if HARDWARE_F16:

    @_jit
    def f2h(x: float) -> int:
        """A float32 -> f16 bits (rounded to nearest even)."""
        return _hw_f32_to_f16(np.float32(x))

    @_jit
    def h2f(h: int) -> float:
        """f16 bits -> float32 (exact)."""
        return _hw_f16_to_f32(h)

else:  # pragma: no cover - hosts without F16C

    @_jit
    def f2h(x: float) -> int:
        return soft_f32_to_f16(x)

    @_jit
    def h2f(h: int) -> float:
        return soft_f16_to_f32(h)


@_jit
def rh(x: float) -> float:
    """A float32 rounded to the nearest f16 value (still a float32)."""
    return h2f(f2h(x))


# -- bf16 <-> f32 ---------------------------------------------------------------------------


@_jit
def f2b(x: float) -> int:
    """float32 -> bf16 bits, nearest even (as ml_dtypes: NaN stays a quiet NaN, no flushing)."""
    b = f32_bits(np.float32(x))
    if (b & np.uint32(0x7FFFFFFF)) > np.uint32(0x7F800000):
        return np.uint16((b >> np.uint32(16)) | np.uint32(0x40))
    return np.uint16((b + np.uint32(0x7FFF) + ((b >> np.uint32(16)) & np.uint32(1))) >> 16)


@intrinsic
def b2f(typingctx, h):
    """bf16 bits -> float32 (exact): the bits in the upper half."""
    if not isinstance(h, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        i32 = ir.IntType(32)
        value = args[0]
        if h.bitwidth > 16:
            value = builder.trunc(value, ir.IntType(16))
        wide = builder.shl(builder.zext(value, i32), ir.Constant(i32, 16))
        return builder.bitcast(wide, ir.FloatType())

    return types.float32(h), codegen


@intrinsic
def rb(typingctx, x):
    """A float32 rounded to the nearest bf16 value, still a float32 (`b2f(f2b(x))` in 32-bit
    integer operations and one select, so LLVM vectorises it)."""
    if x != types.float32:
        return None

    def codegen(context, builder, signature, args):
        i32 = ir.IntType(32)

        def c(v: int) -> ir.Constant:
            return ir.Constant(i32, v)

        bits = builder.bitcast(args[0], i32)
        is_nan = builder.icmp_unsigned(">", builder.and_(bits, c(0x7FFFFFFF)), c(0x7F800000))
        lsb = builder.and_(builder.lshr(bits, c(16)), c(1))
        rounded = builder.and_(builder.add(builder.add(bits, c(0x7FFF)), lsb), c(0xFFFF0000))
        quiet = builder.or_(builder.and_(bits, c(0xFFFF0000)), c(0x00400000))
        return builder.bitcast(builder.select(is_nan, quiet, rounded), ir.FloatType())

    return types.float32(types.float32), codegen


@intrinsic
def bf16_bits(typingctx, x):
    """The bf16 bits of a float32 that holds a bf16 value exactly (its upper half)."""
    if x != types.float32:
        return None

    def codegen(context, builder, signature, args):
        i32 = ir.IntType(32)
        bits = builder.bitcast(args[0], i32)
        return builder.trunc(builder.lshr(bits, ir.Constant(i32, 16)), ir.IntType(16))

    return types.uint16(types.float32), codegen


# -- Veltkamp's split: the short roundings ------------------------------------------------

_SPLIT_F16 = np.float32(2**13 + 1)
_SPLIT_BF16 = np.float32(2**16 + 1)


@_jit
def sh(x: float) -> float:
    """`rh(x)` in three float operations, for x finite, below f16's overflow edge and not
    a nonzero magnitude under 2**-14 that is not already an f16 value (the caller proves
    this from the operands' ranges: `bounds.py`). No conversion instructions."""
    t = x * _SPLIT_F16
    return t - (t - x)


@_jit
def sb(x: float) -> float:
    """`rb(x)` in three float operations, for x finite, |x| < 2**100 and not below 2**-126
    unless already a bf16 value (proved by the caller, as for `sh`)."""
    t = x * _SPLIT_BF16
    return t - (t - x)


# -- f64 -> narrow with one rounding --------------------------------------------------------


@_jit
def f64_to_f32_odd(x: float) -> float:
    """f64 -> f32 rounded to odd: a second rounding to any type of <= 22 bits of precision
    then equals rounding x once."""
    y = np.float32(x)
    if np.float64(y) == x or x != x:
        return y
    b = f32_bits(y)
    if abs(np.float64(y)) > abs(x):
        b -= np.uint32(1)
    return f32_from_bits(b | np.uint32(1))


@_jit
def d2h(x: float) -> float:
    """f64 -> the nearest f16 value (one rounding), as a float32."""
    return rh(f64_to_f32_odd(x))


@_jit
def d2b(x: float) -> float:
    """f64 -> bf16 as ml_dtypes (and MLIR's lowering) convert: rounded to f32, then to bf16."""
    return rb(np.float32(x))


__all__ = [
    "HARDWARE_F16",
    "b2f",
    "bf16_bits",
    "d2b",
    "d2h",
    "f2b",
    "f2h",
    "f64_to_f32_odd",
    "h2f",
    "rb",
    "rh",
    "sb",
    "sh",
    "soft_f16_to_f32",
    "soft_f32_to_f16",
]
