"""The scalar semantics of `runtime/scalar_semantics.py`, as numba-compiled functions.

Generated kernels call these for every payload op whose meaning differs from what
numba would do with a plain Python operator. Values travel as in the loops backend:

- integers of every width as int64 holding the signed reading of the bits (i1 true
  is -1); each op wraps its result to the op's width;
- f32/f64 as numba's float32/float64; f16 and bf16 as float32 registers holding a
  value of the narrow type exactly, rounded back to it after every op (a float32
  result of +, -, *, /, sqrt on narrow values rounded once more to f16/bf16 equals the
  correctly rounded narrow result, so this is MLIR's per-step rounding bit for bit).

Arrays of f16/bf16 are passed as uint16 views: numba has no such dtypes. Kernels call
the library as one namespace (`S.<name>`): this module, with the narrow-float
conversions of `narrow.py` and the LLVM helpers of `llvm.py` imported into it.
"""

from __future__ import annotations

import math

import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from linalg_odsgen.runtime.backends.compiled.llvm import (  # noqa: F401  (the kernels' S.*)
    f32_bits,
    f32_from_bits,
    f64_bits,
    f64_from_bits,
    tile,
    wide_vectors,
)
from linalg_odsgen.runtime.backends.compiled.llvm import jit as _jit
from linalg_odsgen.runtime.backends.compiled.narrow import (  # noqa: F401  (the kernels' S.*)
    HARDWARE_F16,
    b2f,
    bf16_bits,
    d2b,
    d2h,
    f2b,
    f2h,
    f64_to_f32_odd,
    h2f,
    rb,
    rh,
    sb,
    sh,
    soft_f16_to_f32,
    soft_f32_to_f16,
)

# -- 8-bit floats (f8E4M3FN, f8E5M2) --------------------------------------------------------


def _f8_tables(dtype: object) -> tuple[np.ndarray, np.ndarray, float, int]:
    """(value of every code as f32, the finite positive values in code order as f64, the
    magnitude one step past the largest, the code that step overflows to)."""
    codes = np.arange(256, dtype=np.uint8)
    values = codes.view(dtype).astype(np.float32)
    positive = codes[:128].view(dtype).astype(np.float64)
    finite = int(np.isfinite(positive).sum())  # codes 0..finite-1, increasing
    pos = positive[:finite].copy()
    step = pos[-1] - pos[-2]
    overflow = 0x7F if np.isnan(positive[finite]) else finite  # E4M3FN: NaN; E5M2: inf
    return values, pos, float(pos[-1] + step), overflow


def _build_f8() -> None:
    import ml_dtypes

    tables = {
        "E4M3FN": _f8_tables(ml_dtypes.float8_e4m3fn),
        "E5M2": _f8_tables(ml_dtypes.float8_e5m2),
    }
    for name, (values, pos, nxt, overflow) in tables.items():
        globals()[f"{name}_VALUES"] = values
        globals()[f"{name}_POS"] = pos
        globals()[f"{name}_NEXT"] = nxt
        globals()[f"{name}_OVERFLOW"] = overflow


_build_f8()


@_jit
def f8_code(x: float, pos: np.ndarray, nxt: float, overflow: int) -> int:
    """A float (f32 or f64) -> the 8-bit float code of its value rounded once, to nearest
    even, as ml_dtypes converts: past the largest value, inf (E5M2) or NaN (E4M3FN)."""
    v = np.float64(x)
    if v != v:
        return np.uint8(0x7F)
    sign = 0x80 if math.copysign(1.0, v) < 0 else 0
    a = abs(v)
    n = pos.size
    if a >= nxt:
        return np.uint8(sign | overflow)
    lo = 0
    hi = n - 1
    while lo < hi:  # the largest i with pos[i] <= a
        mid = (lo + hi + 1) >> 1
        if pos[mid] <= a:
            lo = mid
        else:
            hi = mid - 1
    upper = pos[lo + 1] if lo + 1 < n else nxt
    half = (pos[lo] + upper) * 0.5  # exact: both have few significant bits
    i = lo
    if a > half or (a == half and (lo & 1) == 1):
        i = lo + 1
    if i >= n:
        return np.uint8(sign | overflow)
    return np.uint8(sign | i)


@_jit
def f8_round(x: float, values: np.ndarray, pos: np.ndarray, nxt: float, overflow: int) -> float:
    """A float rounded once to an 8-bit float, as a float32 holding that value."""
    return values[f8_code(x, pos, nxt, overflow)]


# -- integers -------------------------------------------------------------------------------


@_jit
def wrap(v: int, w: int) -> int:
    """The signed reading of the low `w` bits of an int64 (w < 64)."""
    half = np.int64(1) << np.int64(w - 1)
    mask = (np.int64(1) << np.int64(w)) - np.int64(1)
    return ((v + half) & mask) - half


@_jit
def low(v: int, w: int) -> int:
    """The unsigned reading of the low `w` bits (w < 64)."""
    return v & ((np.int64(1) << np.int64(w)) - np.int64(1))


@_jit
def divsi(a: int, b: int) -> int:
    """Truncating signed division on canonical int64 values; x / 0 = 0 (as loops)."""
    if b == 0:
        return np.int64(0)
    if b == -1:
        return -a  # INT64_MIN / -1 wraps to INT64_MIN
    q = a // b
    if q < 0 and q * b != a:
        q += 1
    return q


@_jit
def divui(a: int, b: int, w: int) -> int:
    if w == 64:
        ub = np.uint64(b)
        if ub == 0:
            return np.int64(0)
        return np.int64(np.uint64(a) // ub)
    ub = low(b, w)
    if ub == 0:
        return np.int64(0)
    return wrap(low(a, w) // ub, w)


@_jit
def maxui(a: int, b: int, w: int) -> int:
    if w == 64:
        return a if np.uint64(a) >= np.uint64(b) else b
    return a if low(a, w) >= low(b, w) else b


@_jit
def minui(a: int, b: int, w: int) -> int:
    if w == 64:
        return a if np.uint64(a) <= np.uint64(b) else b
    return a if low(a, w) <= low(b, w) else b


@_jit
def fptosi(x: float, w: int) -> int:
    """Saturating float -> signed int (NaN -> 0), truncating toward zero."""
    v = np.float64(x)
    if v != v:
        return np.int64(0)
    limit = np.float64(2.0) ** (w - 1)
    if v >= limit:
        return (np.int64(1) << np.int64(w - 1)) - np.int64(1) if w < 64 else np.int64(2**63 - 1)
    if v <= -limit:
        return -(np.int64(1) << np.int64(w - 1)) if w < 64 else np.int64(-(2**63))
    return np.int64(v)


@_jit
def fptosi_even(x: float, w: int) -> int:
    """`fptosi` from an 8-bit float: rounded to nearest even first (MLIR 22's APFloat)."""
    return fptosi(np.rint(np.float64(x)), w)


@_jit
def fptoui_even(x: float, w: int) -> int:
    return fptoui(np.rint(np.float64(x)), w)


@_jit
def fptoui(x: float, w: int) -> int:
    """Saturating float -> unsigned int (NaN -> 0), truncating, as its signed reading."""
    v = np.float64(x)
    if v != v or v <= 0.0:
        return np.int64(0)
    limit = np.float64(2.0) ** w
    if v >= limit:
        return np.int64(-1) if w == 64 else wrap((np.int64(1) << np.int64(w)) - 1, w)
    if w == 64:
        return np.int64(np.uint64(v))
    return wrap(np.int64(v), w)


@_jit
def int_to_f16(v: int) -> float:
    """An exact integer -> f16 with one rounding (beyond 65520 in magnitude: inf)."""
    if v >= 65520:
        return np.float32(np.inf)
    if v <= -65520:
        return np.float32(-np.inf)
    return d2h(np.float64(v))


@_jit
def uint64_to_f16(v: int) -> float:
    if v < 0 or v >= 65520:  # the unsigned reading is >= 2**63 or large
        return np.float32(np.inf)
    return d2h(np.float64(v))


@_jit
def uint64_to_f32(v: int) -> float:
    return np.float32(np.uint64(v))


@_jit
def uint64_to_f64(v: int) -> float:
    return np.float64(np.uint64(v))


# -- floats ---------------------------------------------------------------------------------


def _bitwise_floats(combine: str) -> object:
    """Two floats of one type combined bit by bit (`and`/`or` of their encodings)."""

    @intrinsic
    def combined(typingctx, a, b):
        if not isinstance(a, types.Float) or a != b:
            return None

        def codegen(context, builder, signature, args):
            bits = ir.IntType(a.bitwidth)
            x, y = (builder.bitcast(v, bits) for v in args)
            return builder.bitcast(getattr(builder, combine)(x, y), args[0].type)

        return a(a, b), codegen

    return combined


_bits_and = _bitwise_floats("and_")
_bits_or = _bitwise_floats("or_")


# Selects only (no branches), so LLVM vectorises loops around them. Equal operands differ
# at most in the sign of zero: `and` of the encodings keeps +0.0 for the maximum, `or`
# keeps -0.0 for the minimum, and is the identity otherwise.
@_jit
def maximumf(a: float, b: float) -> float:
    """NaN wins (the first operand's when both are); -0.0 < +0.0."""
    r = a if a > b else b
    r = _bits_and(a, b) if a == b else r
    r = b if b != b else r
    return a if a != a else r


@_jit
def minimumf(a: float, b: float) -> float:
    r = a if a < b else b
    r = _bits_or(a, b) if a == b else r
    r = b if b != b else r
    return a if a != a else r


@_jit
def maxnumf(a: float, b: float) -> float:
    if a != a:
        return b
    if b != b:
        return a
    return maximumf(a, b)


@_jit
def minnumf(a: float, b: float) -> float:
    if a != a:
        return b
    if b != b:
        return a
    return minimumf(a, b)


@_jit
def round_half_away(a: float) -> float:
    t = np.trunc(a)
    if abs(a - t) >= 0.5:
        t = t + np.sign(a)
    return t


# -- exp of float32 --------------------------------------------------------------------------

_TWO_OVER_LN2 = 2.8853900817779268  # 2 / ln 2
_HALF_LN2 = 0.34657359027997264  # ln(2) / 2
_SQRT2 = 1.4142135623730951
_ROUNDER = 6755399441055744.0  # 1.5 * 2**52: x + _ROUNDER - _ROUNDER is x rounded to an integer
_ROUNDER_BITS = 0x4338000000000000  # its encoding; the low bits of x + _ROUNDER hold the integer
# 1/n! for n = 7 .. 0: e**r on |r| <= ln(2)/4 to ~2e-11 relative (Taylor, Horner's rule)
_INV_FACTORIALS = tuple(1.0 / math.factorial(n) for n in range(7, -1, -1))


@intrinsic
def _muladd(typingctx, a, b, c):
    """a * b + c for float64, fused where the CPU has FMA (LLVM `fmuladd`). Only for our own
    approximations (expf): payload arithmetic is never fused, as MLIR does not fuse it."""
    if not (a == b == c == types.float64):
        return None

    def codegen(context, builder, signature, args):
        d = ir.DoubleType()
        fn = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(d, [d, d, d]), "llvm.fmuladd.f64"
        )
        return builder.call(fn, args)

    return types.float64(a, b, c), codegen


@_jit
def expf(x: float) -> float:
    """e**x for a float32, in float64 without branches so loops around it vectorise (the C
    library's expf is a call per element). The float64 value is within ~1e-10 relative of
    e**x, so the float32 result is correctly rounded but for ties closer than that, and
    always within 1 ulp; NaN is returned as it is, overflow is inf, underflow 0."""
    v = np.float64(x)
    c = v if v > -104.0 else -104.0  # e**-104 rounds to 0 in float32, e**89 to inf
    c = c if c < 89.0 else 89.0
    t = _muladd(c, _TWO_OVER_LN2, _ROUNDER)
    h = t - _ROUNDER  # c = h ln(2)/2 + r, |r| <= ln(2)/4
    r = _muladd(h, -_HALF_LN2, c)
    p = _INV_FACTORIALS[0]
    for q in _INV_FACTORIALS[1:]:
        p = _muladd(p, r, q)
    n = f64_bits(t) - _ROUNDER_BITS  # h as an integer: e**c = 2**(n >> 1) * sqrt2**(n & 1) * p
    scale = f64_from_bits(((n >> 1) + 1023) << 52)
    scale = scale * _SQRT2 if n & 1 else scale
    e = np.float32(p * scale)
    return x if x != x else e


@_jit
def erf64(x: float) -> float:
    """erf in double precision (a NaN is returned as it is)."""
    v = np.float64(x)
    return v if v != v else math.erf(v)


__all__ = [
    "HARDWARE_F16",
    "b2f",
    "bf16_bits",
    "d2b",
    "d2h",
    "divsi",
    "divui",
    "erf64",
    "expf",
    "f2b",
    "f2h",
    "f8_code",
    "f8_round",
    "fptosi",
    "fptosi_even",
    "fptoui",
    "fptoui_even",
    "h2f",
    "int_to_f16",
    "low",
    "maximumf",
    "maxnumf",
    "maxui",
    "minimumf",
    "minnumf",
    "minui",
    "rb",
    "rh",
    "round_half_away",
    "uint64_to_f16",
    "uint64_to_f32",
    "uint64_to_f64",
    "wrap",
]
