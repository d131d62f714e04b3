"""Integer arithmetic of the `arith` dialect: wrap-around, signedness in the op.

i1 is two's complement one-bit: `true` is -1, so `addi` is xor, signed `maxsi` is
and, `minsi` is or. Division by zero (`divsi`, `divui`) yields 0 and `divsi` of
INT_MIN by -1 wraps to INT_MIN, where LLVM would trap (NumPy yields 0 for x // 0 too).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from linalg_odsgen.payloads.canonical import finish, signed_view, unsigned, unsigned_view, wrap
from linalg_odsgen.payloads.record import (
    Finish,
    NumbaText,
    Operands,
    PayloadFn,
    Reducer,
    ScalarImpl,
    VecFn,
    arith_binary,
)
from linalg_odsgen.types import ElementType

# -- scalar -------------------------------------------------------------------------------


def _int_binary(fn: Callable[[int, int], int]) -> Callable[[Any], ScalarImpl]:
    def make(op: Any) -> ScalarImpl:
        w = op.result.type.width
        return lambda a, b: wrap(fn(a, b), w)

    return make


def _divsi(op: Any) -> ScalarImpl:
    w = op.result.type.width

    def divsi(a: int, b: int) -> int:
        if b == 0:
            return 0
        q = abs(a) // abs(b)
        return wrap(q if (a < 0) == (b < 0) else -q, w)

    return divsi


def _divui(op: Any) -> ScalarImpl:
    w = op.result.type.width

    def divui(a: int, b: int) -> int:
        ub = unsigned(b, w)
        return 0 if ub == 0 else wrap(unsigned(a, w) // ub, w)

    return divui


def _maxui(op: Any) -> ScalarImpl:
    w = op.result.type.width
    return lambda a, b: a if unsigned(a, w) >= unsigned(b, w) else b


def _minui(op: Any) -> ScalarImpl:
    w = op.result.type.width
    return lambda a, b: a if unsigned(a, w) <= unsigned(b, w) else b


# -- vector -------------------------------------------------------------------------------


def ufunc2(ufunc: np.ufunc) -> VecFn:
    """A binary op computed directly by a NumPy ufunc in the operands' dtype."""

    def fn(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
        if out is not None and out.dtype == op.result.type.dtype:
            return ufunc(a[0], a[1], out=out)
        return finish(ufunc(a[0], a[1]), op.result.type, out)

    return fn


def _int2(ufunc: np.ufunc, bool_ufunc: np.ufunc) -> VecFn:
    """A wrap-around integer op (also signed min/max); on i1 `bool_ufunc` gives its one-bit
    two's-complement meaning (`true` is -1: add is xor, signed max is and, min is or)."""

    def fn(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
        f = bool_ufunc if a[0].dtype == np.bool_ else ufunc
        if out is not None and out.dtype == op.result.type.dtype:
            return f(a[0], a[1], out=out)
        return finish(f(a[0], a[1]), op.result.type, out)

    return fn


def _unsigned2(ufunc: np.ufunc) -> VecFn:
    """An op on the unsigned reading of integer bits."""

    def fn(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
        r = ufunc(unsigned_view(a[0]), unsigned_view(a[1]))
        return finish(signed_view(r), op.result.type, out)

    return fn


def _vdivsi(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    x, y = a
    if x.dtype == np.bool_:
        # i1: division by true (-1) keeps x (-x == x in one bit), by false yields 0.
        return finish(x & y, op.result.type, out)
    safe = np.where(y == 0, np.ones_like(y), y)  # division by zero is UB: yield 0 like the loops
    q = np.floor_divide(x, safe)
    r = x - q * safe
    q = q + ((r != 0) & ((x < 0) != (safe < 0))).astype(q.dtype)
    q = np.where(y == 0, np.zeros_like(q), q)
    return finish(q, op.result.type, out)


def _vdivui(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    x, y = unsigned_view(a[0]), unsigned_view(a[1])
    if x.dtype == np.bool_:
        return finish(x & y, op.result.type, out)
    safe = np.where(y == 0, np.ones_like(y), y)
    q = np.where(y == 0, np.zeros_like(x), np.floor_divide(x, safe))
    return finish(signed_view(q), op.result.type, out)


# -- identities (canonical values) --------------------------------------------------------


def _zero(t: ElementType) -> int:
    return 0


def _one(t: ElementType) -> int:
    return wrap(1, t.width)  # i1: true, which is -1


def _ones(t: ElementType) -> int:
    return -1  # every bit set


def _smin(t: ElementType) -> int:
    return -(1 << (t.width - 1))


def _smax(t: ElementType) -> int:
    return (1 << (t.width - 1)) - 1


_binary = functools.partial(arith_binary, "arith_int", Operands.INTEGER)


def _wrapping(template: str) -> NumbaText:
    return NumbaText(template, Finish.WRAP)


RECORDS: tuple[PayloadFn, ...] = (
    _binary(
        "addi",
        "AddIOp",
        "a + b, wrapping around (i1: xor)",
        _int_binary(lambda a, b: a + b),
        _int2(np.add, np.not_equal),
        _wrapping("{a} + {b}"),
        kernel_plain=True,
        reducer=Reducer(np.add, np.logical_xor, _zero, contraction_with="arith.muli"),
    ),
    _binary(
        "subi",
        "SubIOp",
        "a - b, wrapping around",
        _int_binary(lambda a, b: a - b),
        _int2(np.subtract, np.not_equal),
        _wrapping("{a} - {b}"),
        kernel_plain=True,
    ),
    _binary(
        "muli",
        "MulIOp",
        "a * b, wrapping around (i1: and)",
        _int_binary(lambda a, b: a * b),
        _int2(np.multiply, np.logical_and),
        _wrapping("{a} * {b}"),
        kernel_plain=True,
        reducer=Reducer(np.multiply, np.logical_and, _one),
    ),
    _binary(
        "andi",
        "AndIOp",
        "bitwise and",
        _int_binary(lambda a, b: a & b),
        ufunc2(np.bitwise_and),
        NumbaText("{a} & {b}"),  # sign-extended in, sign-extended out
        reducer=Reducer(np.bitwise_and, np.logical_and, _ones),
    ),
    _binary(
        "ori",
        "OrIOp",
        "bitwise or",
        _int_binary(lambda a, b: a | b),
        ufunc2(np.bitwise_or),
        NumbaText("{a} | {b}"),
        reducer=Reducer(
            np.bitwise_or,
            np.logical_or,
            _zero,
            contraction_with="arith.andi",
            contraction_on_i1=True,
        ),
    ),
    _binary(
        "xori",
        "XOrIOp",
        "bitwise exclusive or",
        _int_binary(lambda a, b: a ^ b),
        ufunc2(np.bitwise_xor),
        NumbaText("{a} ^ {b}"),
        reducer=Reducer(np.bitwise_xor, np.logical_xor, _zero),
    ),
    _binary(
        "divsi",
        "DivSIOp",
        "signed division truncating toward zero (by zero: 0)",
        _divsi,
        _vdivsi,
        _wrapping("S.divsi({a}, {b})"),
        temps=5,
        positive_inputs=True,
        undefined_on="all",
    ),
    _binary(
        "divui",
        "DivUIOp",
        "unsigned division (by zero: 0)",
        _divui,
        _vdivui,
        NumbaText("S.divui({a}, {b}, {width})"),
        temps=4,
        positive_inputs=True,
        undefined_on="all",
    ),
    _binary(
        "maxsi",
        "MaxSIOp",
        "signed maximum",
        _int_binary(max),
        _int2(np.maximum, np.logical_and),
        NumbaText("max({a}, {b})"),
        reducer=Reducer(np.maximum, np.logical_and, _smin),
    ),
    _binary(
        "minsi",
        "MinSIOp",
        "signed minimum",
        _int_binary(min),
        _int2(np.minimum, np.logical_or),
        NumbaText("min({a}, {b})"),
        reducer=Reducer(np.minimum, np.logical_or, _smax),
    ),
    _binary(
        "maxui",
        "MaxUIOp",
        "unsigned maximum",
        _maxui,
        _unsigned2(np.maximum),
        NumbaText("S.maxui({a}, {b}, {width})"),
        reducer=Reducer(np.maximum, np.logical_or, _zero, unsigned=True),
    ),
    _binary(
        "minui",
        "MinUIOp",
        "unsigned minimum",
        _minui,
        _unsigned2(np.minimum),
        NumbaText("S.minui({a}, {b}, {width})"),
        reducer=Reducer(np.minimum, np.logical_and, _ones, unsigned=True),
    ),
)

__all__ = ["RECORDS", "ufunc2"]
