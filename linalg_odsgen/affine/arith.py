"""The integer arithmetic affine expressions denote, as MLIR computes it on `index` values.

Values are int64: a constant fold whose result leaves that range is not folded, and
folding nested constants wraps around (MLIR folds them without overflow checks).
`floordiv`/`ceildiv` round toward -inf/+inf and `mod` takes the divisor's sign.
"""

from __future__ import annotations

import enum

INT64_MIN = -(1 << 63)
INT64_MAX = (1 << 63) - 1


def fits_int64(v: int) -> bool:
    return INT64_MIN <= v <= INT64_MAX


def wrap64(v: int) -> int:
    """Two's-complement int64 wrap-around: MLIR folds nested constants without overflow checks."""
    return ((v - INT64_MIN) % (1 << 64)) + INT64_MIN


class AffineExprKind(enum.Enum):
    """Binary operator kinds; the value is how MLIR spells the operator."""

    ADD = "+"
    MUL = "*"
    MOD = "mod"
    FLOORDIV = "floordiv"
    CEILDIV = "ceildiv"


def floordiv_int(a: int, b: int) -> int:
    return a // b


def ceildiv_int(a: int, b: int) -> int:
    return -((-a) // b)


def apply_int(kind: AffineExprKind, a: int, b: int) -> int:
    if kind is AffineExprKind.ADD:
        return a + b
    if kind is AffineExprKind.MUL:
        return a * b
    if b == 0:
        raise ZeroDivisionError(f"affine {kind.value} by zero")
    if kind is AffineExprKind.FLOORDIV:
        return floordiv_int(a, b)
    if kind is AffineExprKind.CEILDIV:
        return ceildiv_int(a, b)
    return a % b


def trunc_div(a: int, b: int) -> int:
    """Exact division (callers ensure b divides a), as C++'s `/` on int64."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q
