"""Float functions of the `math` dialect: `unary(...)` makes a record from one NumPy function.

A unary function computes in the operand's dtype and rounds once to it (f16/bf16 NumPy
scalars and ufuncs round each result), so one elementwise NumPy function gives both the
scalar semantics (the loops backend) and the vector one (the fast backend). Functions
NumPy lacks or computes differently from what MLIR's lowering calls are spelled out:
`erf` (the C library's, in f64, rounded once), `round` (half away from zero, as libm's
`round`), `powf` (the C library's `pow`/`powf`; f16/bf16 compute in f32).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import ml_dtypes
import numpy as np

from linalg_odsgen.payloads.canonical import finish
from linalg_odsgen.payloads.erf import erf_rounded, erf_value
from linalg_odsgen.payloads.libm import c_pow
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

_BF16 = np.dtype(ml_dtypes.bfloat16)


def float_unary(fn: Callable[[Any], Any]) -> Callable[[Any], ScalarImpl]:
    """The scalar semantics of `fn` applied to one float, rounded to the result type."""

    def make(op: Any) -> ScalarImpl:
        t = op.result.type.dtype.type
        return lambda a: t(fn(a))

    return make


def unary_float(f: Callable[[np.ndarray], np.ndarray]) -> VecFn:
    """A unary float function computed in the operand's dtype (f16/bf16 ufuncs round each result)."""

    def fn(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
        t = op.result.type
        if out is not None and out.dtype == t.dtype and isinstance(f, np.ufunc):
            return f(a[0], out=out)
        return finish(f(a[0]), t, out)

    return fn


def unary(
    mnemonic: str,
    cpp_class: str,
    doc: str,
    fn: Callable[[Any], Any],
    numba: str | NumbaText,
    *,
    vector_fn: Callable[[np.ndarray], np.ndarray] | None = None,
    scalar: Callable[[Any], ScalarImpl] | None = None,
    **fields: Any,
) -> PayloadFn:
    """A `math` unary float function computed by the elementwise NumPy function `fn`
    (`vector_fn` when the vector form needs its own code); `numba` is the kernels' text
    of it, rounded to a narrow result type unless a `NumbaText` says otherwise."""
    return PayloadFn(
        name=f"math.{mnemonic}",
        cpp_class=cpp_class,
        category=OpCategory.UNARY,
        family="math",
        operands=Operands.FLOAT,
        result=ResultRule.SAME,
        doc=doc,
        scalar=scalar or float_unary(fn),
        vector=unary_float(vector_fn or fn),
        numba=numba if isinstance(numba, NumbaText) else NumbaText(numba, Finish.ROUND),
        **fields,
    )


# -- round, rsqrt, erf, powf --------------------------------------------------------------


def _round_half_away(a: Any) -> Any:
    t = np.trunc(a)
    if abs(a - t) >= 0.5:
        t = t + np.sign(a)
    return t


def _vround_half_away(x: np.ndarray) -> np.ndarray:
    t = np.trunc(x)
    return np.where(np.abs(x - t) >= 0.5, t + np.sign(x), t)


def _rsqrt(op: Any) -> ScalarImpl:
    t = op.result.type.dtype.type
    one = t(1)
    return lambda a: t(one / t(np.sqrt(a)))


def _vrsqrt(x: np.ndarray) -> np.ndarray:
    r = np.asarray(np.sqrt(x))  # (a 0-d operand gives a NumPy scalar)
    return np.divide(r.dtype.type(1), r, out=r)  # in place: one temporary, the result


def _erf(op: Any) -> ScalarImpl:
    t = op.result.type.dtype.type
    return lambda a: t(erf_value(float(a)))


_ERF = np.frompyfunc(math.erf, 1, 1)


def _verf(x: np.ndarray) -> np.ndarray:
    """erf has no NumPy ufunc: `math.erf` in double precision, rounded once to the type
    (vectorised for f32/f16/bf16 by `payloads.erf`, per element for f64)."""
    if x.dtype in (np.float32, np.float16, _BF16):
        return erf_rounded(x, x.dtype)
    x64 = np.asarray(x, dtype=np.float64)
    return np.asarray(_ERF(x64), dtype=np.float64).reshape(x64.shape).astype(x.dtype)


def _powf(op: Any) -> ScalarImpl:
    """The C library's pow/powf, which MLIR's lowering calls (NumPy's power is its own code)."""
    dtype = op.result.type.dtype
    t = dtype.type

    def powf(a: Any, b: Any) -> Any:
        return t(c_pow(a, b, dtype)[()])

    return powf


def _vpowf(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    """The C library's pow/powf elementwise, as MLIR's lowering calls them.

    NumPy's power is its own code (SIMD on AVX-512 hosts, sqrt/square shortcuts for a
    broadcast exponent) and differs from the C library in the last bit on some inputs.
    """
    x, y = a
    t = op.result.type
    return finish(c_pow(x, y, t.dtype), t, out)


RECORDS: tuple[PayloadFn, ...] = (
    PayloadFn(
        name="math.powf",
        cpp_class="PowFOp",
        category=OpCategory.BINARY,
        family="math",
        operands=Operands.FLOAT,
        result=ResultRule.SAME,
        doc="a raised to b, as the C library's pow (f64) or powf",
        scalar=_powf,
        vector=_vpowf,
        numba=NumbaText("math.pow({a}, {b})", Finish.ROUND),
        positive_inputs=True,
    ),
    unary(
        "exp",
        "ExpOp",
        "e raised to a",
        np.exp,
        # (narrower than f64: the kernels' own vectorisable routine, not a library call)
        NumbaText("np.exp({a})", Finish.ROUND, narrow="S.expf({a})"),
        libm=True,
        approximate=True,
    ),
    unary(
        "log",
        "LogOp",
        "natural logarithm",
        np.log,
        "np.log({a})",
        libm=True,
        approximate=True,
        positive_inputs=True,
    ),
    unary("absf", "AbsFOp", "absolute value", np.abs, "np.abs({a})"),
    unary("ceil", "CeilOp", "round toward +inf", np.ceil, "np.ceil({a})"),
    unary("floor", "FloorOp", "round toward -inf", np.floor, "np.floor({a})"),
    unary(
        "round",
        "RoundOp",
        "round to nearest, halves away from zero",
        _round_half_away,
        "S.round_half_away({a})",
        vector_fn=_vround_half_away,
        temps=4,
        f64_work=True,
    ),
    unary("sqrt", "SqrtOp", "square root", np.sqrt, "np.sqrt({a})", positive_inputs=True),
    unary(
        "rsqrt",
        "RsqrtOp",
        "1 / sqrt(a), the square root rounded first",
        np.sqrt,
        NumbaText("rsqrt", Finish.CUSTOM),  # two roundings: the compiled backend's rule
        vector_fn=_vrsqrt,
        scalar=_rsqrt,
        positive_inputs=True,
    ),
    unary(
        "tanh", "TanhOp", "hyperbolic tangent", np.tanh, "np.tanh({a})", libm=True, approximate=True
    ),
    unary(
        "erf",
        "ErfOp",
        "the error function (the C library's, in f64, rounded once)",
        math.erf,
        NumbaText("S.erf64({a})", Finish.FROM_F64),
        vector_fn=_verf,
        scalar=_erf,
        temps=12,
        f64_work=True,
        libm=True,
    ),
)


__all__ = ["RECORDS", "float_unary", "unary", "unary_float"]
