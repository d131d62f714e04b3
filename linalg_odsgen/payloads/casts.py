"""Conversions of the `arith` dialect, as MLIR 22's lowering computes them.

Checked against mlir-opt-22 to the LLVM dialect, JIT-run by mlir-runner-22 on x86-64:

- `sitofp`/`uitofp` round the integer once, to nearest even, to f16/f32/f64; to bf16
  LLVM rounds to f32 first and then to bf16, so bf16 rounds twice (as MLIR does);
- `truncf` f64 -> bf16 also goes through f32 (two roundings); f64 -> f16 rounds once;
- `fptosi`/`fptoui` of NaN yield 0 and out-of-range values saturate to the destination's
  min/max (LLVM's `fptosi.sat`); from the 8-bit floats (`f8E4M3FN`, `f8E5M2`) they round
  to nearest even, as MLIR 22's APFloat lowering does; the wider floats truncate.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import ml_dtypes
import numpy as np

from linalg_odsgen.payloads.canonical import (
    finish,
    from_canonical,
    round_int,
    to_canonical,
    unsigned,
    unsigned_view,
    wrap,
)
from linalg_odsgen.payloads.record import (
    Finish,
    NumbaText,
    OpCategory,
    Operands,
    PayloadFn,
    ResultRule,
    ScalarImpl,
    VecFn,
)
from linalg_odsgen.types import ElementType, element_type_of

_BF16 = np.dtype(ml_dtypes.bfloat16)
_F16 = np.dtype(np.float16)

# -- scalar -------------------------------------------------------------------------------


def _extsi(op: Any) -> ScalarImpl:
    return lambda a: a


def _extui(op: Any) -> ScalarImpl:
    src = op.operands[0].type.width
    dst = op.result.type.width
    return lambda a: wrap(unsigned(a, src), dst)


def _trunci(op: Any) -> ScalarImpl:
    dst = op.result.type.width
    return lambda a: wrap(a, dst)


def _int_to_float(t: ElementType) -> Callable[[int], Any]:
    """An exact integer -> the float `sitofp`/`uitofp` give (the rounded integer converts exactly;
    a result beyond f16's range becomes inf in the conversion)."""
    make = t.dtype.type
    if t.name == "bf16":
        # LLVM converts to f32, then rounds that to bf16: the second rounding is MLIR's too.
        return lambda v: make(float(round_int(round_int(v, 24), 8)))
    precision = t.precision
    return lambda v: make(float(round_int(v, precision)))


def _sitofp(op: Any) -> ScalarImpl:
    return _int_to_float(op.result.type)


def _uitofp(op: Any) -> ScalarImpl:
    convert = _int_to_float(op.result.type)
    src = op.operands[0].type.width
    return lambda a: convert(unsigned(a, src))


def _fptoi(is_unsigned: bool) -> Callable[[Any], ScalarImpl]:
    def make(op: Any) -> ScalarImpl:
        w = op.result.type.width
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

    return make


def _float_cast(op: Any) -> ScalarImpl:
    t = op.result.type.dtype.type
    if op.result.type.name == "bf16" and op.operands[0].type.name == "f64":
        # MLIR's lowering rounds f64 -> f32 -> bf16; say so rather than rely on ml_dtypes doing it.
        return lambda a: t(np.float32(a))
    return lambda a: t(a)


def _index_cast(op: Any) -> ScalarImpl:
    # index -> iN truncates, iN -> index sign-extends: both are `wrap` to the result width.
    dst = op.result.type.width
    return lambda a: wrap(a, dst)


def _index_castui(op: Any) -> ScalarImpl:
    src = op.operands[0].type.width
    dst = op.result.type.width
    if src < dst:
        return lambda a: unsigned(a, src)
    return lambda a: wrap(a, dst)


def _bitcast(op: Any) -> ScalarImpl:
    src, dst = op.operands[0].type, op.result.type
    if src.width != dst.width or src.is_bool:
        raise ValueError(f"bitcast needs equal widths, got {src} to {dst}")
    src_store = src.dtype
    dst_store = dst.dtype

    def bitcast(a: Any) -> Any:
        raw = np.array(from_canonical(a, src), dtype=src_store).view(dst_store)[()]
        return to_canonical(raw, dst)

    return bitcast


# -- vector -------------------------------------------------------------------------------


def _src(op: Any) -> ElementType:
    return op.operands[0].type


def _vextsi(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    x, t = a[0], op.result.type
    if x.dtype == np.bool_:
        return finish(np.negative(x.astype(t.dtype)), t, out)  # i1 true is -1
    return finish(x.astype(t.dtype), t, out)


def _vextui(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    t = op.result.type
    return finish(unsigned_view(a[0]).astype(t.unsigned_dtype).view(t.dtype), t, out)


def _vtrunci(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    x, t = a[0], op.result.type
    if t.is_bool:
        return finish((x & 1).astype(np.bool_) if x.dtype != np.bool_ else x, t, out)
    return finish(x.astype(t.dtype), t, out)


def _vsitofp(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    return finish(_vint_to_float(a[0], op.result.type, False), op.result.type, out)


def _vuitofp(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    return finish(_vint_to_float(a[0], op.result.type, True), op.result.type, out)


_BIT53 = np.uint64(1 << 53)
_STICKY = np.uint64(11)  # 64 - 53: the bits an f64 cannot hold once the value reaches 2**63
_STICKY_MASK = np.uint64((1 << 11) - 1)


def _magnitude(x: np.ndarray, is_unsigned: bool) -> int:
    """The largest |value| of integers read signed or unsigned (0 for an empty array)."""
    if not x.size:
        return 0
    if is_unsigned:
        return int(unsigned_view(x).max())
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
        return (unsigned_view(x) if is_unsigned else x).astype(np.float64)
    if magnitude is None:
        magnitude = _magnitude(x, is_unsigned)
    if magnitude <= 1 << 53:  # common case (indices, counters): exact in f64
        return (unsigned_view(x) if is_unsigned else x).astype(np.float64)
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


def _vint_to_float(x: np.ndarray, t: ElementType, is_unsigned: bool) -> np.ndarray:
    """sitofp/uitofp as MLIR computes them: one rounding to f16/f32/f64; bf16 rounds to f32
    first (LLVM's lowering), then to bf16."""
    if t.width == 64:
        if x.dtype == np.bool_:
            return _int_to_f64(x, is_unsigned)
        return (unsigned_view(x) if is_unsigned else x).astype(np.float64)  # one rounding
    magnitude = None
    if x.dtype != np.bool_ and t.dtype in _EXACT_INTS:
        # Integers the target holds exactly (|x| <= 2**precision) convert with no rounding.
        magnitude = _magnitude(x, is_unsigned)
        if magnitude <= _EXACT_INTS[t.dtype]:
            return (unsigned_view(x) if is_unsigned else x).astype(t.dtype)
    f = _int_to_f64(x, is_unsigned, magnitude)
    if t.dtype == _BF16:
        return f.astype(np.float32).astype(_BF16)
    return f.astype(t.dtype)


def _float_to_int(x: np.ndarray, t: ElementType, is_unsigned: bool) -> np.ndarray:
    """fptosi/fptoui: truncate toward zero; NaN gives 0, out-of-range values saturate.

    (MLIR makes those poison; the scalar semantics saturate like LLVM's fptosi.sat.)
    """
    w = t.width
    lo, hi = (0, (1 << w) - 1) if is_unsigned else (-(1 << (w - 1)), (1 << (w - 1)) - 1)
    x = np.asarray(x)
    # MLIR 22 converts 8-bit floats through APFloat, rounding to nearest even (see the
    # scalar semantics); LLVM's own fptosi of the wider floats truncates.
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


def _vfptoi(is_unsigned: bool) -> VecFn:
    def fn(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
        return finish(_float_to_int(a[0], op.result.type, is_unsigned), op.result.type, out)

    return fn


def _vfloat_cast(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    t = op.result.type
    x = a[0]
    if (x.dtype == _BF16 and t.dtype == _F16) or (x.dtype == _F16 and t.dtype == _BF16):
        x = x.astype(np.float32)  # exact widening first
    elif x.dtype == np.float64 and t.dtype == _BF16:
        x = x.astype(np.float32)  # MLIR's lowering rounds f64 -> f32 -> bf16 (twice), as here
    return finish(x.astype(t.dtype), t, out)


def _vindex_cast(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    """Between index and a signless integer: sign-extend or truncate."""
    src, t = _src(op), op.result.type
    if src.width < t.width:
        return _vextsi(op, a, out)
    if src.width > t.width:
        return _vtrunci(op, a, out)
    return finish(a[0], t, out)


def _vindex_castui(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    """Between index and a signless integer: zero-extend or truncate."""
    src, t = _src(op), op.result.type
    if src.width < t.width:
        return _vextui(op, a, out)
    if src.width > t.width:
        return _vtrunci(op, a, out)
    return finish(a[0], t, out)


def _vbitcast(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    x, t = a[0], op.result.type
    if x.dtype.itemsize != t.dtype.itemsize:
        raise TypeError(f"bitcast between {_src(op)} and {t} of different widths")
    return finish(np.ascontiguousarray(x).view(t.dtype), t, out)


def _cast(
    mnemonic: str,
    cpp_class: str,
    doc: str,
    operands: Operands,
    scalar: Callable[[Any], ScalarImpl],
    vector: VecFn,
    numba: NumbaText | None,
    **fields: Any,
) -> PayloadFn:
    return PayloadFn(
        name=f"arith.{mnemonic}",
        cpp_class=cpp_class,
        category=OpCategory.CAST,
        family="casts",
        operands=operands,
        result=ResultRule.CHOSEN,
        doc=doc,
        scalar=scalar,
        vector=vector,
        numba=numba,
        **fields,
    )


def _rule(name: str) -> NumbaText:
    """A conversion whose kernel text depends on both types: the compiled backend's rule."""
    return NumbaText(name, Finish.CUSTOM)


_INT, _FLOAT = Operands.INTEGER, Operands.FLOAT

RECORDS: tuple[PayloadFn, ...] = (
    _cast(
        "extsi",
        "ExtSIOp",
        "sign-extend to a wider integer",
        _INT,
        _extsi,
        _vextsi,
        NumbaText("{a}"),
        kernel_plain=True,
    ),
    _cast(
        "extui", "ExtUIOp", "zero-extend to a wider integer", _INT, _extui, _vextui, _rule("extui")
    ),
    _cast(
        "trunci",
        "TruncIOp",
        "keep the low bits",
        _INT,
        _trunci,
        _vtrunci,
        NumbaText("{a}", Finish.WRAP),
    ),
    _cast(
        "sitofp",
        "SIToFPOp",
        "signed integer to float, rounded to nearest even",
        _INT,
        _sitofp,
        _vsitofp,
        _rule("sitofp"),
        temps=7,
        f64_work=True,
        kernel_plain=True,
    ),
    _cast(
        "uitofp",
        "UIToFPOp",
        "unsigned integer to float, rounded to nearest even",
        _INT,
        _uitofp,
        _vuitofp,
        _rule("uitofp"),
        temps=7,
        f64_work=True,
    ),
    _cast(
        "fptosi",
        "FPToSIOp",
        "float to signed integer, saturating (NaN: 0)",
        _FLOAT,
        _fptoi(False),
        _vfptoi(False),
        _rule("fptoi"),
        temps=5,
        f64_work=True,
        undefined_on="float",
    ),
    _cast(
        "fptoui",
        "FPToUIOp",
        "float to unsigned integer, saturating (NaN: 0)",
        _FLOAT,
        _fptoi(True),
        _vfptoi(True),
        _rule("fptoi"),
        temps=5,
        f64_work=True,
        positive_inputs=True,
        undefined_on="float",
    ),
    _cast(
        "extf",
        "ExtFOp",
        "widen a float (exact)",
        _FLOAT,
        _float_cast,
        _vfloat_cast,
        _rule("extf"),
        kernel_plain=True,
    ),
    _cast(
        "truncf",
        "TruncFOp",
        "narrow a float, rounded to nearest even",
        _FLOAT,
        _float_cast,
        _vfloat_cast,
        _rule("truncf"),
    ),
    _cast(
        "index_cast",
        "IndexCastOp",
        "index to or from an integer, sign-extending",
        _INT,
        _index_cast,
        _vindex_cast,
        NumbaText("{a}", Finish.WRAP),
    ),
    _cast(
        "index_castui",
        "IndexCastUIOp",
        "index to or from an integer, zero-extending",
        _INT,
        _index_castui,
        _vindex_castui,
        _rule("index_castui"),
    ),
    # (no compiled kernel text: instances using it run on the other backends)
    _cast(
        "bitcast",
        "BitcastOp",
        "the same bits read as another type",
        Operands.ANY,
        _bitcast,
        _vbitcast,
        None,
    ),
)


def conversion(src: ElementType, dst: ElementType, is_unsigned: bool) -> str | None:
    """The cast op MLIR 22's region builder makes for `cast_signed`/`cast_unsigned` from
    `src` to a different `dst` (None: a conversion it cannot make either)."""
    if dst.is_integer:
        if src.is_float:
            return "arith.fptoui" if is_unsigned else "arith.fptosi"
        if src.is_index:
            return "arith.index_cast"
        if dst.width > src.width:
            return "arith.extui" if is_unsigned else "arith.extsi"
        if dst.width < src.width:
            return "arith.trunci"
    elif dst.is_float:
        if src.is_integer:
            return "arith.uitofp" if is_unsigned else "arith.sitofp"
        if src.is_float and dst.width > src.width:
            return "arith.extf"
        if src.is_float and dst.width < src.width:
            return "arith.truncf"
    return None


__all__ = ["RECORDS", "conversion"]
