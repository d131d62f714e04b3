"""Exact scalar semantics of the payload ops, as MLIR's arith/math dialects define them.

The loop backend evaluates a region one element at a time with these functions.
Values travel in a *canonical* form so every op is a small pure function:

- integers of every width (`i1`..`i64`) and `index`: a Python `int` holding the
  signed two's-complement reading of the bits (`i1` true is `-1`, `i8` 0xFF is `-1`);
  signedness is a property of the op (`extui`, `maxui`, `divui` reinterpret as unsigned);
- floats: a NumPy scalar of the type's dtype (`np.float16`, `ml_dtypes.bfloat16`, ...),
  so every step rounds to the type exactly as the hardware does.

Choices where MLIR leaves behaviour undefined (the fast backend follows them too):

- integer division by zero (`divsi`, `divui`) yields 0, and `divsi` of INT_MIN by -1
  wraps to INT_MIN (LLVM would trap; NumPy yields 0 for x // 0 too);
- `fptosi`/`fptoui` of NaN yield 0 and out-of-range values saturate to the
  destination's min/max (LLVM's `fptosi.sat` behaviour); from the 8-bit floats
  (`f8E4M3FN`, `f8E5M2`) they round to nearest even, as MLIR 22's APFloat lowering does;
- `math.round` rounds half away from zero (as libm's `round`).

Conversions and `powf` follow what MLIR 22's own lowering computes (mlir-opt-22 to the
LLVM dialect, JIT-run by mlir-runner-22 on x86-64), checked against it in tests/runtime:

- `sitofp`/`uitofp` round the integer once, to nearest even, to f16/f32/f64; to bf16
  LLVM rounds to f32 first and then to bf16, so bf16 rounds twice (as MLIR does);
- `truncf` f64 -> bf16 also goes through f32 (two roundings); f64 -> f16 rounds once;
- `math.powf` is the C library's `pow`/`powf` (`pow(-inf, 0.5)` is `+inf`, `pow(-0.0, 0.5)`
  is `+0.0`); f16/bf16 compute in f32 and round the result.

`SCALAR_OPS[name](op)` returns a function specialised to `op`'s types.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from linalg_odsgen.payload import PayloadOp
from linalg_odsgen.runtime.libm import c_pow
from linalg_odsgen.types import ElementType

ScalarFn = Callable[..., Any]


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


def _width(t: ElementType) -> int:
    return t.width


# -- integer arithmetic -------------------------------------------------------------------


def _int_binary(fn: Callable[[int, int], int]) -> Callable[[PayloadOp], ScalarFn]:
    def make(op: PayloadOp) -> ScalarFn:
        w = _width(op.result.type)
        return lambda a, b: wrap(fn(a, b), w)

    return make


def _divsi(op: PayloadOp) -> ScalarFn:
    w = _width(op.result.type)

    def divsi(a: int, b: int) -> int:
        if b == 0:
            return 0
        q = abs(a) // abs(b)
        return wrap(q if (a < 0) == (b < 0) else -q, w)

    return divsi


def _divui(op: PayloadOp) -> ScalarFn:
    w = _width(op.result.type)

    def divui(a: int, b: int) -> int:
        ub = unsigned(b, w)
        return 0 if ub == 0 else wrap(unsigned(a, w) // ub, w)

    return divui


def _maxui(op: PayloadOp) -> ScalarFn:
    w = _width(op.result.type)
    return lambda a, b: a if unsigned(a, w) >= unsigned(b, w) else b


def _minui(op: PayloadOp) -> ScalarFn:
    w = _width(op.result.type)
    return lambda a, b: a if unsigned(a, w) <= unsigned(b, w) else b


# -- float arithmetic ---------------------------------------------------------------------


def _float_binary(fn: Callable[[Any, Any], Any]) -> Callable[[PayloadOp], ScalarFn]:
    def make(op: PayloadOp) -> ScalarFn:
        t = op.result.type.dtype.type
        return lambda a, b: t(fn(a, b))

    return make


def _maximumf(op: PayloadOp) -> ScalarFn:
    """NaN wins; -0.0 < +0.0 (IEEE 754-2019 maximum)."""

    def maximumf(a: Any, b: Any) -> Any:
        if a != a:
            return a
        if b != b:
            return b
        if a == b:
            return b if np.signbit(a) else a
        return a if a > b else b

    return maximumf


def _minimumf(op: PayloadOp) -> ScalarFn:
    """NaN wins; -0.0 < +0.0 (IEEE 754-2019 minimum)."""

    def minimumf(a: Any, b: Any) -> Any:
        if a != a:
            return a
        if b != b:
            return b
        if a == b:
            return a if np.signbit(a) else b
        return a if a < b else b

    return minimumf


def _maxnumf(op: PayloadOp) -> ScalarFn:
    """A NaN operand is ignored (IEEE 754-2008 maxNum)."""
    maximum = _maximumf(op)
    return lambda a, b: b if a != a else a if b != b else maximum(a, b)


def _minnumf(op: PayloadOp) -> ScalarFn:
    minimum = _minimumf(op)
    return lambda a, b: b if a != a else a if b != b else minimum(a, b)


def _float_unary(fn: Callable[[Any], Any]) -> Callable[[PayloadOp], ScalarFn]:
    def make(op: PayloadOp) -> ScalarFn:
        t = op.result.type.dtype.type
        return lambda a: t(fn(a))

    return make


def _round_half_away(a: Any) -> Any:
    t = np.trunc(a)
    if abs(a - t) >= 0.5:
        t = t + np.sign(a)
    return t


def _rsqrt(op: PayloadOp) -> ScalarFn:
    t = op.result.type.dtype.type
    one = t(1)
    return lambda a: t(one / t(np.sqrt(a)))


def erf_value(x: float) -> float:
    """erf in double precision as the C library computes it (a NaN is returned as it is)."""
    return x if x != x else math.erf(x)


def _erf(op: PayloadOp) -> ScalarFn:
    t = op.result.type.dtype.type
    return lambda a: t(erf_value(float(a)))


# -- casts --------------------------------------------------------------------------------


def _extsi(op: PayloadOp) -> ScalarFn:
    return lambda a: a


def _extui(op: PayloadOp) -> ScalarFn:
    src = _width(op.operands[0].type)
    dst = _width(op.result.type)
    return lambda a: wrap(unsigned(a, src), dst)


def _trunci(op: PayloadOp) -> ScalarFn:
    dst = _width(op.result.type)
    return lambda a: wrap(a, dst)


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


def _int_to_float(t: ElementType) -> Callable[[int], Any]:
    """An exact integer -> the float `sitofp`/`uitofp` give (the rounded integer converts exactly;
    a result beyond f16's range becomes inf in the conversion)."""
    make = t.dtype.type
    if t.name == "bf16":
        # LLVM converts to f32, then rounds that to bf16: the second rounding is MLIR's too.
        return lambda v: make(float(round_int(round_int(v, 24), 8)))
    precision = t.precision
    return lambda v: make(float(round_int(v, precision)))


def _sitofp(op: PayloadOp) -> ScalarFn:
    return _int_to_float(op.result.type)


def _uitofp(op: PayloadOp) -> ScalarFn:
    convert = _int_to_float(op.result.type)
    src = _width(op.operands[0].type)
    return lambda a: convert(unsigned(a, src))


def _fptoi(op: PayloadOp, is_unsigned: bool) -> ScalarFn:
    w = _width(op.result.type)
    lo, hi = (0, (1 << w) - 1) if is_unsigned else (-(1 << (w - 1)), (1 << (w - 1)) - 1)
    # 8-bit floats have no LLVM type: MLIR 22 converts them with APFloat, which rounds to
    # nearest even (1.5 -> 2); the other floats truncate toward zero as LLVM's fptosi does.
    to_int = round if op.operands[0].type.width == 8 else math.trunc

    def fptoi(a: Any) -> int:
        x = float(a)
        if x != x:
            return 0
        v = (hi if x > 0 else lo) if math.isinf(x) else min(max(to_int(x), lo), hi)
        return wrap(v, w)

    return fptoi


def _float_cast(op: PayloadOp) -> ScalarFn:
    t = op.result.type.dtype.type
    if op.result.type.name == "bf16" and op.operands[0].type.name == "f64":
        # MLIR's lowering rounds f64 -> f32 -> bf16; say so rather than rely on ml_dtypes doing it.
        return lambda a: t(np.float32(a))
    return lambda a: t(a)


def _powf(op: PayloadOp) -> ScalarFn:
    """The C library's pow/powf, which MLIR's lowering calls (NumPy's power is its own code)."""
    dtype = op.result.type.dtype
    t = dtype.type

    def powf(a: Any, b: Any) -> Any:
        return t(c_pow(a, b, dtype)[()])

    return powf


def _index_cast(op: PayloadOp) -> ScalarFn:
    # index -> iN truncates, iN -> index sign-extends: both are `wrap` to the result width.
    dst = _width(op.result.type)
    return lambda a: wrap(a, dst)


def _index_castui(op: PayloadOp) -> ScalarFn:
    src = _width(op.operands[0].type)
    dst = _width(op.result.type)
    if src < dst:
        return lambda a: unsigned(a, src)
    return lambda a: wrap(a, dst)


def _bitcast(op: PayloadOp) -> ScalarFn:
    src, dst = op.operands[0].type, op.result.type
    if src.width != dst.width or src.is_bool:
        raise ValueError(f"bitcast needs equal widths, got {src} to {dst}")
    src_store = src.dtype
    dst_store = dst.dtype

    def bitcast(a: Any) -> Any:
        raw = np.array(from_canonical(a, src), dtype=src_store).view(dst_store)[()]
        return to_canonical(raw, dst)

    return bitcast


def _select(op: PayloadOp) -> ScalarFn:
    return lambda c, a, b: a if c else b


SCALAR_OPS: dict[str, Callable[[PayloadOp], ScalarFn]] = {
    "arith.addi": _int_binary(lambda a, b: a + b),
    "arith.subi": _int_binary(lambda a, b: a - b),
    "arith.muli": _int_binary(lambda a, b: a * b),
    "arith.andi": _int_binary(lambda a, b: a & b),
    "arith.ori": _int_binary(lambda a, b: a | b),
    "arith.xori": _int_binary(lambda a, b: a ^ b),
    "arith.divsi": _divsi,
    "arith.divui": _divui,
    "arith.maxsi": _int_binary(max),
    "arith.minsi": _int_binary(min),
    "arith.maxui": _maxui,
    "arith.minui": _minui,
    "arith.addf": _float_binary(lambda a, b: a + b),
    "arith.subf": _float_binary(lambda a, b: a - b),
    "arith.mulf": _float_binary(lambda a, b: a * b),
    "arith.divf": _float_binary(lambda a, b: a / b),
    "arith.maximumf": _maximumf,
    "arith.minimumf": _minimumf,
    "arith.maxnumf": _maxnumf,
    "arith.minnumf": _minnumf,
    "math.powf": _powf,
    "math.exp": _float_unary(np.exp),
    "math.log": _float_unary(np.log),
    "math.absf": _float_unary(np.abs),
    "math.ceil": _float_unary(np.ceil),
    "math.floor": _float_unary(np.floor),
    "math.round": _float_unary(_round_half_away),
    "math.sqrt": _float_unary(np.sqrt),
    "math.rsqrt": _rsqrt,
    "math.tanh": _float_unary(np.tanh),
    "math.erf": _erf,
    "arith.negf": _float_unary(lambda a: -a),
    "arith.extsi": _extsi,
    "arith.extui": _extui,
    "arith.trunci": _trunci,
    "arith.sitofp": _sitofp,
    "arith.uitofp": _uitofp,
    "arith.fptosi": lambda op: _fptoi(op, is_unsigned=False),
    "arith.fptoui": lambda op: _fptoi(op, is_unsigned=True),
    "arith.extf": _float_cast,
    "arith.truncf": _float_cast,
    "arith.index_cast": _index_cast,
    "arith.index_castui": _index_castui,
    "arith.bitcast": _bitcast,
    "arith.select": _select,
}


def scalar_function(op: PayloadOp) -> ScalarFn:
    """The exact scalar function of a computing payload op (not constants or linalg.index)."""
    return SCALAR_OPS[op.name](op)


def constant_value(op: PayloadOp) -> Any:
    """The canonical value of an `arith.constant`."""
    return to_canonical(op.attr("value"), op.result.type)


__all__ = [
    "SCALAR_OPS",
    "constant_value",
    "from_canonical",
    "round_int",
    "scalar_function",
    "to_canonical",
    "unsigned",
    "wrap",
]
