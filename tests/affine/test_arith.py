"""The integer semantics of the operators: divisions round as MLIR folds them."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from linalg_odsgen.affine import AffineMap
from linalg_odsgen.affine.arith import (
    INT64_MAX,
    INT64_MIN,
    AffineExprKind,
    apply_int,
    fits_int64,
    wrap64,
)


def _floor(a: int, b: int) -> int:
    return math.floor(Fraction(a, b))


def _ceil(a: int, b: int) -> int:
    return math.ceil(Fraction(a, b))


@pytest.mark.parametrize("a", [-9, -8, -7, -1, 0, 1, 5, 7, 8, 9])
@pytest.mark.parametrize("b", [-3, -2, 1, 2, 3, 4])
def test_eval_division_rounds_like_mlir(a: int, b: int) -> None:
    m = AffineMap.parse("(d0)[s0] -> (d0 floordiv s0, d0 ceildiv s0, d0 mod s0)")
    fl, ce, mo = m.eval([a], [b])
    assert fl == _floor(a, b)
    assert ce == _ceil(a, b)
    assert mo == a - b * _floor(a, b)
    if b > 0:
        assert 0 <= mo < b


def test_eval_of_constant_division_matches_mlir_folding() -> None:
    m = AffineMap.parse("(d0) -> (d0 floordiv 4, d0 ceildiv 4, d0 mod 4, d0 * -3 + 7)")
    for x in range(-9, 10):
        assert m.eval([x]) == (_floor(x, 4), _ceil(x, 4), x % 4, 7 - 3 * x)


@pytest.mark.parametrize("a", [-7, -6, -1, 0, 1, 6, 7])
@pytest.mark.parametrize("b", [-3, -2, -1, 1, 2, 3])
def test_apply_int_matches_exact_rational_rounding(a: int, b: int) -> None:
    q = Fraction(a, b)
    assert apply_int(AffineExprKind.FLOORDIV, a, b) == math.floor(q)
    assert apply_int(AffineExprKind.CEILDIV, a, b) == math.ceil(q)
    # mod: the remainder of floor division, with the divisor's sign
    assert apply_int(AffineExprKind.MOD, a, b) == a - b * math.floor(q)
    assert apply_int(AffineExprKind.ADD, a, b) == a + b
    assert apply_int(AffineExprKind.MUL, a, b) == a * b


@pytest.mark.parametrize(
    "kind", [AffineExprKind.FLOORDIV, AffineExprKind.CEILDIV, AffineExprKind.MOD]
)
def test_division_by_zero_raises(kind: AffineExprKind) -> None:
    with pytest.raises(ZeroDivisionError):
        apply_int(kind, 3, 0)


def test_int64_wraps_as_twos_complement() -> None:
    assert fits_int64(INT64_MAX) and fits_int64(INT64_MIN)
    assert not fits_int64(INT64_MAX + 1) and not fits_int64(INT64_MIN - 1)
    assert wrap64(INT64_MAX + 1) == INT64_MIN
    assert wrap64(INT64_MIN - 1) == INT64_MAX
    assert wrap64(1 << 64) == 0
    assert wrap64(-5) == -5
