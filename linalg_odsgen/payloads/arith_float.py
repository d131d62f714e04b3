"""Float arithmetic of the `arith` dialect, rounded to the result type after every op.

Every function computes in the operands' dtype, as the hardware does (f16/bf16 NumPy
scalars and ufuncs round each result). `maximumf`/`minimumf` propagate NaN and order
-0.0 below +0.0 (IEEE 754-2019); `maxnumf`/`minnumf` ignore a NaN operand (754-2008).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from linalg_odsgen.payloads.arith_int import ufunc2
from linalg_odsgen.payloads.canonical import finish, float_bits
from linalg_odsgen.payloads.record import (
    Finish,
    NumbaText,
    OpCategory,
    Operands,
    PayloadFn,
    Reducer,
    ResultRule,
    ScalarImpl,
    VecFn,
    arith_binary,
)
from linalg_odsgen.types import ElementType

# -- scalar -------------------------------------------------------------------------------


def _float_binary(fn: Callable[[Any, Any], Any]) -> Callable[[Any], ScalarImpl]:
    def make(op: Any) -> ScalarImpl:
        t = op.result.type.dtype.type
        return lambda a, b: t(fn(a, b))

    return make


def _maximumf(op: Any) -> ScalarImpl:
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


def _minimumf(op: Any) -> ScalarImpl:
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


def _maxnumf(op: Any) -> ScalarImpl:
    """A NaN operand is ignored (IEEE 754-2008 maxNum)."""
    maximum = _maximumf(op)
    return lambda a, b: b if a != a else a if b != b else maximum(a, b)


def _minnumf(op: Any) -> ScalarImpl:
    minimum = _minimumf(op)
    return lambda a, b: b if a != a else a if b != b else minimum(a, b)


def _negf(op: Any) -> ScalarImpl:
    t = op.result.type.dtype.type
    return lambda a: t(-a)


# -- vector -------------------------------------------------------------------------------


def _ieee_minmax(ufunc: np.ufunc, combine_bits: np.ufunc) -> VecFn:
    """maximumf/minimumf (and the num variants) with MLIR's signed-zero order.

    NumPy's maximum/minimum pick either zero when comparing -0.0 with +0.0; MLIR
    orders -0.0 < +0.0. Only where both operands are zeros does that matter, and
    there the wanted zero's bits are the `and` (max) or `or` (min) of the
    operands' bits. Operands without zeros (the common case) take one ufunc call.
    """

    def fn(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
        x, y = a
        t = op.result.type
        first, second = (x, y) if x.flags.c_contiguous else (y, x)  # cheaper check first
        if not (np.any(first == 0) and np.any(second == 0)):
            if out is not None and out.dtype == t.dtype:
                return ufunc(x, y, out=out)
            return finish(ufunc(x, y), t, None)
        r = np.array(ufunc(x, y), dtype=t.dtype)
        both_zero = (r == 0) & (x == y)
        bx, by = np.broadcast_arrays(float_bits(np.asarray(x)), float_bits(np.asarray(y)))
        fixed = combine_bits(bx, by).view(t.dtype)
        r = np.array(np.broadcast_to(r, both_zero.shape))
        np.copyto(r, fixed, where=both_zero)
        return finish(r, t, out)

    return fn


def _vnegf(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    if out is not None and out.dtype == a[0].dtype:
        return np.negative(a[0], out=out)
    return finish(np.negative(a[0]), op.result.type, out)


# -- identities ---------------------------------------------------------------------------


def _float(value: float) -> Callable[[ElementType], Any]:
    return lambda t: t.dtype.type(value)


_binary = functools.partial(arith_binary, "arith_float", Operands.FLOAT)


def _rounded(template: str) -> NumbaText:
    return NumbaText(template, Finish.ROUND, short=True)


RECORDS: tuple[PayloadFn, ...] = (
    _binary(
        "addf",
        "AddFOp",
        "a + b, rounded to the type",
        _float_binary(lambda a, b: a + b),
        ufunc2(np.add),
        _rounded("{a} + {b}"),
        kernel_plain=True,
        reducer=Reducer(np.add, None, _float(-0.0), contraction_with="arith.mulf", exact=False),
        narrow_ufunc=np.add,
        narrow_tiny_exact=True,
    ),
    _binary(
        "subf",
        "SubFOp",
        "a - b, rounded to the type",
        _float_binary(lambda a, b: a - b),
        ufunc2(np.subtract),
        _rounded("{a} - {b}"),
        kernel_plain=True,
        narrow_ufunc=np.subtract,
        narrow_tiny_exact=True,
    ),
    _binary(
        "mulf",
        "MulFOp",
        "a * b, rounded to the type",
        _float_binary(lambda a, b: a * b),
        ufunc2(np.multiply),
        _rounded("{a} * {b}"),
        kernel_plain=True,
        reducer=Reducer(np.multiply, None, _float(1.0), exact=False),
        narrow_ufunc=np.multiply,
    ),
    _binary(
        "divf",
        "DivFOp",
        "a / b, rounded to the type",
        _float_binary(lambda a, b: a / b),
        ufunc2(np.divide),
        _rounded("{a} / {b}"),
    ),
    _binary(
        "maximumf",
        "MaximumFOp",
        "maximum; NaN wins, -0.0 < +0.0",
        _maximumf,
        _ieee_minmax(np.maximum, np.bitwise_and),
        NumbaText("S.maximumf({a}, {b})"),
        temps=2,
        reducer=Reducer(np.maximum, None, _float(-np.inf), zero_bits="and"),
        minmax_ufunc=np.maximum,
    ),
    _binary(
        "minimumf",
        "MinimumFOp",
        "minimum; NaN wins, -0.0 < +0.0",
        _minimumf,
        _ieee_minmax(np.minimum, np.bitwise_or),
        NumbaText("S.minimumf({a}, {b})"),
        temps=2,
        reducer=Reducer(np.minimum, None, _float(np.inf), zero_bits="or"),
        minmax_ufunc=np.minimum,
    ),
    _binary(
        "maxnumf",
        "MaxNumFOp",
        "maximum ignoring a NaN operand; -0.0 < +0.0",
        _maxnumf,
        _ieee_minmax(np.fmax, np.bitwise_and),
        NumbaText("S.maxnumf({a}, {b})"),
        temps=2,
        reducer=Reducer(np.fmax, None, _float(np.nan), zero_bits="and"),
        minmax_ufunc=np.fmax,
    ),
    _binary(
        "minnumf",
        "MinNumFOp",
        "minimum ignoring a NaN operand; -0.0 < +0.0",
        _minnumf,
        _ieee_minmax(np.fmin, np.bitwise_or),
        NumbaText("S.minnumf({a}, {b})"),
        temps=2,
        reducer=Reducer(np.fmin, None, _float(np.nan), zero_bits="or"),
        minmax_ufunc=np.fmin,
    ),
    PayloadFn(
        name="arith.negf",
        cpp_class="NegFOp",
        category=OpCategory.UNARY,
        family="arith_float",
        operands=Operands.FLOAT,
        result=ResultRule.SAME,
        doc="-a (the sign bit flipped, NaN too)",
        scalar=_negf,
        vector=_vnegf,
        numba=NumbaText("-{a}"),
    ),
)

__all__ = ["RECORDS"]
