"""Vectorised twin of the scalar payload semantics: payload op name -> NumPy array function.

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

import math
from collections.abc import Callable, Sequence

import ml_dtypes
import numpy as np

from linalg_odsgen.payload import PayloadOp
from linalg_odsgen.runtime.backends.fast.erf import erf_rounded
from linalg_odsgen.runtime.libm import c_pow
from linalg_odsgen.types import ElementType, element_type_of

VecFn = Callable[[PayloadOp, Sequence[np.ndarray], "np.ndarray | None"], np.ndarray]

_BF16 = np.dtype(ml_dtypes.bfloat16)
_F16 = np.dtype(np.float16)


def unsigned(x: np.ndarray) -> np.ndarray:
    """The same bits read as unsigned (bool stays bool)."""
    if x.dtype == np.bool_:
        return x
    return x.view(np.dtype(f"uint{x.dtype.itemsize * 8}"))


def signed(x: np.ndarray) -> np.ndarray:
    """The same bits read as signed (bool stays bool)."""
    if x.dtype == np.bool_:
        return x
    return x.view(np.dtype(f"int{x.dtype.itemsize * 8}"))


def _finish(result: np.ndarray, t: ElementType, out: np.ndarray | None) -> np.ndarray:
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


def _ufunc2(ufunc: np.ufunc) -> VecFn:
    """A binary op computed directly by a NumPy ufunc in the operands' dtype."""

    def fn(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
        if out is not None and out.dtype == op.result.type.dtype:
            return ufunc(a[0], a[1], out=out)
        return _finish(ufunc(a[0], a[1]), op.result.type, out)

    return fn


def _int2(ufunc: np.ufunc, bool_ufunc: np.ufunc) -> VecFn:
    """A wrap-around integer op (also signed min/max); on i1 `bool_ufunc` gives its one-bit
    two's-complement meaning (`true` is -1: add is xor, signed max is and, min is or)."""

    def fn(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
        f = bool_ufunc if a[0].dtype == np.bool_ else ufunc
        if out is not None and out.dtype == op.result.type.dtype:
            return f(a[0], a[1], out=out)
        return _finish(f(a[0], a[1]), op.result.type, out)

    return fn


def _unsigned2(ufunc: np.ufunc) -> VecFn:
    """An op on the unsigned reading of integer bits."""

    def fn(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
        return _finish(signed(ufunc(unsigned(a[0]), unsigned(a[1]))), op.result.type, out)

    return fn


def _divsi(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    x, y = a
    if x.dtype == np.bool_:
        # i1: division by true (-1) keeps x (-x == x in one bit), by false yields 0.
        return _finish(x & y, op.result.type, out)
    safe = np.where(y == 0, np.ones_like(y), y)  # division by zero is UB: yield 0 like the loops
    q = np.floor_divide(x, safe)
    r = x - q * safe
    q = q + ((r != 0) & ((x < 0) != (safe < 0))).astype(q.dtype)
    q = np.where(y == 0, np.zeros_like(q), q)
    return _finish(q, op.result.type, out)


def _divui(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    x, y = unsigned(a[0]), unsigned(a[1])
    if x.dtype == np.bool_:
        return _finish(x & y, op.result.type, out)
    safe = np.where(y == 0, np.ones_like(y), y)
    q = np.where(y == 0, np.zeros_like(x), np.floor_divide(x, safe))
    return _finish(signed(q), op.result.type, out)


def _float_bits(x: np.ndarray) -> np.ndarray:
    return x.view(np.dtype(f"uint{x.dtype.itemsize * 8}"))


def _ieee_minmax(ufunc: np.ufunc, combine_bits: np.ufunc) -> VecFn:
    """maximumf/minimumf (and the num variants) with MLIR's signed-zero order.

    NumPy's maximum/minimum pick either zero when comparing -0.0 with +0.0; MLIR
    orders -0.0 < +0.0. Only where both operands are zeros does that matter, and
    there the wanted zero's bits are the `and` (max) or `or` (min) of the
    operands' bits. Operands without zeros (the common case) take one ufunc call.
    """

    def fn(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
        x, y = a
        t = op.result.type
        first, second = (x, y) if x.flags.c_contiguous else (y, x)  # cheaper check first
        if not (np.any(first == 0) and np.any(second == 0)):
            if out is not None and out.dtype == t.dtype:
                return ufunc(x, y, out=out)
            return _finish(ufunc(x, y), t, None)
        r = np.array(ufunc(x, y), dtype=t.dtype)
        both_zero = (r == 0) & (x == y)
        bx, by = np.broadcast_arrays(_float_bits(np.asarray(x)), _float_bits(np.asarray(y)))
        fixed = combine_bits(bx, by).view(t.dtype)
        r = np.array(np.broadcast_to(r, both_zero.shape))
        np.copyto(r, fixed, where=both_zero)
        return _finish(r, t, out)

    return fn


def _powf(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    """The C library's pow/powf elementwise, as MLIR's lowering calls them.

    NumPy's power is its own code (SIMD on AVX-512 hosts, sqrt/square shortcuts for a
    broadcast exponent) and differs from the C library in the last bit on some inputs.
    """
    x, y = a
    t = op.result.type
    return _finish(c_pow(x, y, t.dtype), t, out)


def _unary_float(f: Callable[[np.ndarray], np.ndarray]) -> VecFn:
    """A unary float function computed in the operand's dtype (f16/bf16 ufuncs round each result)."""

    def fn(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
        t = op.result.type
        if out is not None and out.dtype == t.dtype and isinstance(f, np.ufunc):
            return f(a[0], out=out)
        return _finish(f(a[0]), t, out)

    return fn


def _round_half_away(x: np.ndarray) -> np.ndarray:
    t = np.trunc(x)
    return np.where(np.abs(x - t) >= 0.5, t + np.sign(x), t)


def _rsqrt(x: np.ndarray) -> np.ndarray:
    r = np.asarray(np.sqrt(x))  # (a 0-d operand gives a NumPy scalar)
    return np.divide(r.dtype.type(1), r, out=r)  # in place: one temporary, the result


_ERF = np.frompyfunc(math.erf, 1, 1)


def _erf(x: np.ndarray) -> np.ndarray:
    """erf has no NumPy ufunc: `math.erf` in double precision, rounded once to the type
    (vectorised for f32/f16/bf16 by `fast.erf`, per element for f64)."""
    if x.dtype in (np.float32, np.float16, _BF16):
        return erf_rounded(x, x.dtype)
    x64 = np.asarray(x, dtype=np.float64)
    return np.asarray(_ERF(x64), dtype=np.float64).reshape(x64.shape).astype(x.dtype)


def _negf(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    if out is not None and out.dtype == a[0].dtype:
        return np.negative(a[0], out=out)
    return _finish(np.negative(a[0]), op.result.type, out)


def _absf(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    if out is not None and out.dtype == a[0].dtype:
        return np.abs(a[0], out=out)
    return _finish(np.abs(a[0]), op.result.type, out)


# ----------------------------------------------------------------------------- casts


def _src(op: PayloadOp) -> ElementType:
    return op.operands[0].type


def _extsi(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    x, t = a[0], op.result.type
    if x.dtype == np.bool_:
        return _finish(np.negative(x.astype(t.dtype)), t, out)  # i1 true is -1
    return _finish(x.astype(t.dtype), t, out)


def _extui(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    t = op.result.type
    return _finish(unsigned(a[0]).astype(t.unsigned_dtype).view(t.dtype), t, out)


def _trunci(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    x, t = a[0], op.result.type
    if t.is_bool:
        return _finish((x & 1).astype(np.bool_) if x.dtype != np.bool_ else x, t, out)
    return _finish(x.astype(t.dtype), t, out)


def _sitofp(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    return _finish(_int_to_float(a[0], op.result.type, False), op.result.type, out)


def _uitofp(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    return _finish(_int_to_float(a[0], op.result.type, True), op.result.type, out)


_BIT53 = np.uint64(1 << 53)
_STICKY = np.uint64(11)  # 64 - 53: the bits an f64 cannot hold once the value reaches 2**63
_STICKY_MASK = np.uint64((1 << 11) - 1)


def _magnitude(x: np.ndarray, is_unsigned: bool) -> int:
    """The largest |value| of integers read signed or unsigned (0 for an empty array)."""
    if not x.size:
        return 0
    if is_unsigned:
        return int(unsigned(x).max())
    return max(int(x.max()), -int(x.min()))


def _int_to_f64(x: np.ndarray, is_unsigned: bool, magnitude: int | None = None) -> np.ndarray:
    """Integers as f64 that a later rounding to <= 24 bits turns into one correct rounding.

    Integers up to 32 bits (and 64-bit ones below 2**53) are exact in f64. Above 2**53 the
    value is rounded to odd at bit 11: bits from 12 up are kept, bit 11 is set when any
    lower bit was; every bit a 24-bit rounding looks at (its rounding bit, 2**29 or higher,
    and whether anything below is nonzero) survives, so f64 -> f32 rounds as once from the integer.
    """
    if x.dtype == np.bool_:
        return np.where(x, 1.0 if is_unsigned else -1.0, 0.0)  # i1 true is -1 when signed
    if x.dtype.itemsize < 8:
        return (unsigned(x) if is_unsigned else x).astype(np.float64)
    if magnitude is None:
        magnitude = _magnitude(x, is_unsigned)
    if magnitude <= 1 << 53:  # common case (indices, counters): exact in f64
        return (unsigned(x) if is_unsigned else x).astype(np.float64)
    bits = x.view(np.uint64)
    negative = None if is_unsigned else x < 0
    mag = bits if negative is None else np.where(negative, np.negative(bits), bits)
    sticky = ((mag & _STICKY_MASK) != 0).astype(np.uint64)
    odd = ((mag >> _STICKY) | sticky) << _STICKY
    f = np.where(mag >= _BIT53, odd, mag).astype(np.float64)
    return f if negative is None else np.where(negative, -f, f)


_EXACT_INTS: dict[np.dtype, int] = {
    np.dtype(np.float32): 1 << 24,
    np.dtype(np.float16): 1 << 11,
    _BF16: 1 << 8,
}


def _int_to_float(x: np.ndarray, t: ElementType, is_unsigned: bool) -> np.ndarray:
    """sitofp/uitofp as MLIR computes them: one rounding to f16/f32/f64; bf16 rounds to f32
    first (LLVM's lowering), then to bf16."""
    if t.width == 64:
        if x.dtype == np.bool_:
            return _int_to_f64(x, is_unsigned)
        return (unsigned(x) if is_unsigned else x).astype(np.float64)  # one hardware rounding
    magnitude = None
    if x.dtype != np.bool_ and t.dtype in _EXACT_INTS:
        # Integers the target holds exactly (|x| <= 2**precision) convert with no rounding.
        magnitude = _magnitude(x, is_unsigned)
        if magnitude <= _EXACT_INTS[t.dtype]:
            return (unsigned(x) if is_unsigned else x).astype(t.dtype)
    f = _int_to_f64(x, is_unsigned, magnitude)
    if t.dtype == _BF16:
        return f.astype(np.float32).astype(_BF16)
    return f.astype(t.dtype)


def _float_to_int(x: np.ndarray, t: ElementType, is_unsigned: bool) -> np.ndarray:
    """fptosi/fptoui: truncate toward zero; NaN gives 0, out-of-range values saturate.

    (MLIR makes those poison; the scalar table saturates like LLVM's fptosi.sat.)
    """
    w = t.width
    lo, hi = (0, (1 << w) - 1) if is_unsigned else (-(1 << (w - 1)), (1 << (w - 1)) - 1)
    x = np.asarray(x)
    # MLIR 22 converts 8-bit floats through APFloat, rounding to nearest even (see
    # scalar_semantics); LLVM's own fptosi of the wider floats truncates.
    to_int = np.rint if element_type_of(x.dtype).width == 8 and x.dtype.kind != "i" else np.trunc
    v = to_int(np.asarray(x, dtype=np.float64))
    v = np.where(np.isnan(v), 0.0, v)
    low = v <= float(lo)
    high = v >= float(hi)
    mid = np.where(low | high, 0.0, v)
    if is_unsigned and w == 64:
        ints = mid.astype(np.uint64)
        ints = np.where(high, np.uint64(hi), ints).view(np.int64)
    else:
        ints = mid.astype(np.int64)
        ints = np.where(low, np.int64(lo), np.where(high, np.int64(hi) if hi < 2**63 else -1, ints))
    if w == 1:
        return (ints & 1).astype(np.bool_)
    if w == 64:
        return ints.astype(np.int64)
    return ints.astype(t.unsigned_dtype if is_unsigned else t.dtype).view(t.dtype)


def _fptosi(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    return _finish(_float_to_int(a[0], op.result.type, False), op.result.type, out)


def _fptoui(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    return _finish(_float_to_int(a[0], op.result.type, True), op.result.type, out)


def _float_cast(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    t = op.result.type
    x = a[0]
    if (x.dtype == _BF16 and t.dtype == _F16) or (x.dtype == _F16 and t.dtype == _BF16):
        x = x.astype(np.float32)  # exact widening first
    elif x.dtype == np.float64 and t.dtype == _BF16:
        x = x.astype(np.float32)  # MLIR's lowering rounds f64 -> f32 -> bf16 (twice), as here
    return _finish(x.astype(t.dtype), t, out)


def _index_cast(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    """Between index and a signless integer: sign-extend or truncate."""
    src, t = _src(op), op.result.type
    if src.width < t.width:
        return _extsi(op, a, out)
    if src.width > t.width:
        return _trunci(op, a, out)
    return _finish(a[0], t, out)


def _index_castui(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    """Between index and a signless integer: zero-extend or truncate."""
    src, t = _src(op), op.result.type
    if src.width < t.width:
        return _extui(op, a, out)
    if src.width > t.width:
        return _trunci(op, a, out)
    return _finish(a[0], t, out)


def _bitcast(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    x, t = a[0], op.result.type
    if x.dtype.itemsize != t.dtype.itemsize:
        raise TypeError(f"bitcast between {_src(op)} and {t} of different widths")
    return _finish(np.ascontiguousarray(x).view(t.dtype), t, out)


def _select(op: PayloadOp, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    return _finish(np.where(a[0], a[1], a[2]), op.result.type, out)


def constant_array(value: int | float | bool, t: ElementType) -> np.ndarray:
    """A 0-d array holding `value` as type `t` (integers wrap to the width, as MLIR's attribute does)."""
    if t.is_float:
        return np.array(float(value), dtype=np.float64).astype(t.dtype)
    if t.is_bool:
        return np.array(bool(int(value) & 1))
    v = int(value) & ((1 << t.width) - 1)
    return np.array(v, dtype=t.unsigned_dtype).view(t.dtype)


_FLOAT_BINARY: dict[str, np.ufunc] = {
    "addf": np.add,
    "subf": np.subtract,
    "mulf": np.multiply,
    "divf": np.divide,
}

VECTOR_SEMANTICS: dict[str, VecFn] = {
    **{f"arith.{n}": _ufunc2(u) for n, u in _FLOAT_BINARY.items()},
    "arith.addi": _int2(np.add, np.not_equal),
    "arith.subi": _int2(np.subtract, np.not_equal),
    "arith.muli": _int2(np.multiply, np.logical_and),
    "arith.divsi": _divsi,
    "arith.divui": _divui,
    "arith.maxsi": _int2(np.maximum, np.logical_and),
    "arith.minsi": _int2(np.minimum, np.logical_or),
    "arith.maxui": _unsigned2(np.maximum),
    "arith.minui": _unsigned2(np.minimum),
    "arith.maximumf": _ieee_minmax(np.maximum, np.bitwise_and),
    "arith.minimumf": _ieee_minmax(np.minimum, np.bitwise_or),
    "arith.maxnumf": _ieee_minmax(np.fmax, np.bitwise_and),
    "arith.minnumf": _ieee_minmax(np.fmin, np.bitwise_or),
    "arith.andi": _ufunc2(np.bitwise_and),
    "arith.ori": _ufunc2(np.bitwise_or),
    "arith.xori": _ufunc2(np.bitwise_xor),
    "math.powf": _powf,
    "math.exp": _unary_float(np.exp),
    "math.log": _unary_float(np.log),
    "math.absf": _absf,
    "math.ceil": _unary_float(np.ceil),
    "math.floor": _unary_float(np.floor),
    "math.round": _unary_float(_round_half_away),
    "math.sqrt": _unary_float(np.sqrt),
    "math.rsqrt": _unary_float(_rsqrt),
    "math.tanh": _unary_float(np.tanh),
    "math.erf": _unary_float(_erf),
    "arith.negf": _negf,
    "arith.extsi": _extsi,
    "arith.extui": _extui,
    "arith.trunci": _trunci,
    "arith.sitofp": _sitofp,
    "arith.uitofp": _uitofp,
    "arith.fptosi": _fptosi,
    "arith.fptoui": _fptoui,
    "arith.extf": _float_cast,
    "arith.truncf": _float_cast,
    "arith.index_cast": _index_cast,
    "arith.index_castui": _index_castui,
    "arith.bitcast": _bitcast,
    "arith.select": _select,
}

# Float min/max ops whose NumPy ufunc is exact when either operand has no zeros.
MINMAX_UFUNCS: dict[str, np.ufunc] = {
    "arith.maximumf": np.maximum,
    "arith.minimumf": np.minimum,
    "arith.maxnumf": np.fmax,
    "arith.minnumf": np.fmin,
}

__all__ = [
    "MINMAX_UFUNCS",
    "VECTOR_SEMANTICS",
    "VecFn",
    "constant_array",
    "signed",
    "unsigned",
]
