"""Sound bounds of an affine access over a loop domain, for in-bounds verification.

Verification is what keeps NumPy from wrapping a negative index or the loops from
reading past an operand, so the bounds here are never narrower than the truth: exact
for linear expressions and small domains (enumerated), interval arithmetic over an
exact rewrite of divisions otherwise.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TypeVar

from linalg_odsgen.affine import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineExprKind,
)

# Accesses of non-linear expressions are enumerated up to this many points.
MAX_ENUMERATED_POINTS = 1 << 16


def sizes_of_used_dims(expr: AffineExpr, ranges: Sequence[int | None]) -> list[int] | None:
    """Loop sizes for bounding `expr`: None when a loop it uses is dynamic; loops it does
    not use count as size 1 (they cannot move it)."""
    used = expr.used_dims()
    sizes: list[int] = []
    for p, n in enumerate(ranges):
        if p not in used:
            sizes.append(1)
        elif n is None:
            return None
        else:
            sizes.append(n)
    return sizes


def expr_bounds(expr: AffineExpr, ranges: Sequence[int]) -> tuple[int, int]:
    """Bounds of `expr` over the (non-empty) iteration domain, never narrower than the truth.

    In-bounds verification is what keeps NumPy from wrapping a negative index or the
    loops from reading past an operand, so the bounds must be sound: exact for linear
    expressions and for small domains (enumerated), interval arithmetic otherwise.
    """
    form = expr.linear_form(len(ranges))
    if form is not None:
        return linear_bounds(form, ranges)
    used = sorted(expr.used_dims())
    if math.prod(ranges[p] for p in used) > MAX_ENUMERATED_POINTS:
        return interval_bounds(expr, ranges)
    dims = [0] * len(ranges)
    values = []
    for point in itertools.product(*(range(ranges[p]) for p in used)):
        for p, v in zip(used, point, strict=True):
            dims[p] = v
        values.append(expr.eval(dims))
    return min(values), max(values)


def linear_bounds(form: tuple[tuple[int, ...], int], ranges: Sequence[int]) -> tuple[int, int]:
    """Exact bounds of `sum(coeffs[i] * d_i) + c`: each term is extreme at an end of its loop."""
    coeffs, c = form
    lo = hi = c
    for a, n in zip(coeffs, ranges, strict=True):
        lo += min(0, a * (n - 1))
        hi += max(0, a * (n - 1))
    return lo, hi


# A value as `sum(coeff * var) + const` over loop dims (variables 0..n-1) and fresh
# variables standing for remainders; each variable has a known integer range.
_Form = tuple[dict[int, Fraction], Fraction]


def interval_bounds(expr: AffineExpr, ranges: Sequence[int]) -> tuple[int, int]:
    """Sound bounds of a non-linear `expr` over the box `0 <= d_i < ranges[i]`.

    Interval arithmetic alone loses too much on MLIR's simplified forms: `d0 mod 3` is
    printed as `d0 - (d0 floordiv 3) * 3`, whose terms are correlated. So each division by
    a constant `c` is written exactly with a fresh remainder variable `r` (`L floordiv c`
    is `(L - r) / c`, `L ceildiv c` is `(L + r) / c`, `L mod c` is `r`, `r` in the range
    of `mod c`) and the result, linear in dims and remainders, is bounded term by term.
    Every real point maps into that box, so the bounds are never too narrow.
    """
    var_ranges: list[tuple[int, int]] = [(0, n - 1) for n in ranges]

    def bounds(form: _Form) -> tuple[Fraction, Fraction]:
        coeffs, lo = form
        hi = lo
        for v, a in coeffs.items():
            v_lo, v_hi = var_ranges[v]
            lo += min(a * v_lo, a * v_hi)
            hi += max(a * v_lo, a * v_hi)
        return lo, hi

    def fresh(lo: int, hi: int) -> _Form:
        var_ranges.append((lo, hi))
        return {len(var_ranges) - 1: Fraction(1)}, Fraction(0)

    def scaled(form: _Form, k: Fraction) -> _Form:
        return {v: a * k for v, a in form[0].items()}, form[1] * k

    def added(a: _Form, b: _Form) -> _Form:
        coeffs = dict(a[0])
        for v, k in b[0].items():
            coeffs[v] = coeffs.get(v, Fraction(0)) + k
        return coeffs, a[1] + b[1]

    def int_bounds(form: _Form) -> tuple[int, int]:
        lo, hi = bounds(form)
        return math.ceil(lo), math.floor(hi)  # the value is an integer

    def leaf(e: AffineExpr) -> _Form:
        if isinstance(e, AffineDimExpr):
            return {e.position: Fraction(1)}, Fraction(0)
        if isinstance(e, AffineConstantExpr):
            return {}, Fraction(e.value)
        raise ValueError(f"cannot bound {e}: symbols must be substituted first")

    def combine(e: AffineBinaryExpr, lhs: _Form, rhs: _Form) -> _Form:
        kind = e.kind
        if kind is AffineExprKind.ADD:
            return added(lhs, rhs)
        if kind is AffineExprKind.MUL:
            if not rhs[0]:
                return scaled(lhs, rhs[1])
            if not lhs[0]:
                return scaled(rhs, lhs[1])
            (a_lo, a_hi), (b_lo, b_hi) = int_bounds(lhs), int_bounds(rhs)
            products = [a * b for a in (a_lo, a_hi) for b in (b_lo, b_hi)]
            return fresh(min(products), max(products))
        c_lo, c_hi = int_bounds(rhs)
        if c_lo <= 0 <= c_hi:
            raise ZeroDivisionError(f"affine {kind.value} by a divisor that can be zero in {e}")
        if rhs[0]:  # a divisor that varies: of one sign, so corners are extreme
            a_lo, a_hi = int_bounds(lhs)
            pairs = [(a, c) for a in (a_lo, a_hi) for c in (c_lo, c_hi)]
            if kind is AffineExprKind.MOD:
                return fresh(0, c_hi - 1) if c_lo > 0 else fresh(c_lo + 1, 0)
            values = [_apply_division(kind, a, c) for a, c in pairs]
            return fresh(min(values), max(values))
        c = c_lo
        a_lo, a_hi = int_bounds(lhs)
        if a_lo // c == a_hi // c and kind is not AffineExprKind.CEILDIV:
            # one period of `mod c`: the quotient is constant, the remainder is a shift of L
            q = Fraction(a_lo // c)
            return ({}, q) if kind is AffineExprKind.FLOORDIV else added(lhs, ({}, -c * q))
        r = fresh(0, c - 1) if c > 0 else fresh(c + 1, 0)
        if kind is AffineExprKind.MOD:
            return r
        sign = -1 if kind is AffineExprKind.FLOORDIV else 1
        return scaled(added(lhs, scaled(r, Fraction(sign))), Fraction(1, c))

    return int_bounds(_fold_expr(expr, leaf, combine))


def _apply_division(kind: AffineExprKind, a: int, c: int) -> int:
    return a // c if kind is AffineExprKind.FLOORDIV else -(-a // c)


_T = TypeVar("_T")


def _fold_expr(
    expr: AffineExpr,
    leaf: Callable[[AffineExpr], _T],
    combine: Callable[[AffineBinaryExpr, _T, _T], _T],
) -> _T:
    """Bottom-up over the tree with an explicit stack (maps may nest deeply)."""
    done: list[_T] = []
    stack: list[tuple[AffineExpr, bool]] = [(expr, False)]
    while stack:
        node, ready = stack.pop()
        if not isinstance(node, AffineBinaryExpr):
            done.append(leaf(node))
        elif ready:
            rhs = done.pop()
            lhs = done.pop()
            done.append(combine(node, lhs, rhs))
        else:
            stack += [(node, True), (node.rhs, False), (node.lhs, False)]
    return done[0]


__all__ = [
    "MAX_ENUMERATED_POINTS",
    "expr_bounds",
    "interval_bounds",
    "linear_bounds",
    "sizes_of_used_dims",
]
