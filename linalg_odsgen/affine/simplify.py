"""MLIR's simplifyAffineExpr: flatten a pure affine expression, rebuild it in MLIR's order.

The flat form is a sum over dims, symbols and floordiv "locals" plus a constant (the
layout of MLIR's SimpleAffineExprFlattener); rebuilding it through the simplifying
constructors yields what `mlir-opt --canonicalize` prints for the expression.
"""

from __future__ import annotations

import math

from linalg_odsgen.affine.arith import AffineExprKind, trunc_div
from linalg_odsgen.affine.expr import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineSymbolExpr,
    constant_value,
    fold,
)


def simplify_expr(expr: AffineExpr, num_dims: int, num_symbols: int) -> AffineExpr:
    """MLIR's simplifyAffineExpr for pure affine expressions: flatten to a sum of dims,
    symbols and floordiv "locals", then rebuild in MLIR's order (dims, symbols, locals,
    constant). Semi-affine expressions and divisions by non-positive constants are
    returned unchanged.
    """
    if not expr.is_pure_affine():
        return expr
    return _Flattener(num_dims, num_symbols).simplify(expr)


class _NotFlattenable(Exception):
    """Raised inside the flattener for parts MLIR's simple flattener does not handle."""


_CONST = -1  # key of the constant term in a flat form


class _Flattener:
    """Flat forms `{column: coefficient}` over dims, symbols and floordiv locals (the layout of
    MLIR's SimpleAffineExprFlattener), and the way back to an expression."""

    def __init__(self, num_dims: int, num_symbols: int) -> None:
        self.num_dims = num_dims
        self.num_symbols = num_symbols
        self.locals: list[AffineExpr] = []

    def simplify(self, expr: AffineExpr) -> AffineExpr:
        try:
            flat = fold(expr, self.leaf, self.combine)
        except _NotFlattenable:
            return expr
        return self.rebuild(flat)

    def rebuild(self, flat: dict[int, int]) -> AffineExpr:
        out: AffineExpr = AffineConstantExpr(0)
        nds = self.num_dims + self.num_symbols
        for j in range(nds):
            c = flat.get(j, 0)
            if c:
                leaf = (
                    AffineDimExpr(j) if j < self.num_dims else AffineSymbolExpr(j - self.num_dims)
                )
                out = out + leaf * c
        for k, local in enumerate(self.locals):
            c = flat.get(nds + k, 0)
            if c:
                out = out + local * c
        c = flat.get(_CONST, 0)
        if c:
            out = out + c
        return out

    def leaf(self, e: AffineExpr) -> dict[int, int]:
        if isinstance(e, AffineConstantExpr):
            return {_CONST: e.value} if e.value else {}
        if isinstance(e, AffineDimExpr):
            if e.position >= self.num_dims:
                raise ValueError(f"d{e.position} out of range for {self.num_dims} dims")
            return {e.position: 1}
        assert isinstance(e, AffineSymbolExpr)
        if e.position >= self.num_symbols:
            raise ValueError(f"s{e.position} out of range for {self.num_symbols} symbols")
        return {self.num_dims + e.position: 1}

    def combine(self, e: AffineBinaryExpr, a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
        if e.kind is AffineExprKind.ADD:
            out = dict(a)
            for k, v in b.items():
                out[k] = out.get(k, 0) + v
            return {k: v for k, v in out.items() if v}
        c = constant_value(e.rhs)
        if c is None:
            raise _NotFlattenable
        if e.kind is AffineExprKind.MUL:
            return {k: v * c for k, v in a.items()} if c else {}
        if c <= 0:
            raise _NotFlattenable
        if e.kind is AffineExprKind.MOD:
            return self.mod(a, c)
        return self.div(a, c, ceil=e.kind is AffineExprKind.CEILDIV)

    def local_column(self, local: AffineExpr) -> int:
        """Column of an equal local, reusing it as MLIR does, or of a new one."""
        base = self.num_dims + self.num_symbols
        for k, existing in enumerate(self.locals):
            if existing == local:
                return base + k
        self.locals.append(local)
        return base + len(self.locals) - 1

    @staticmethod
    def reduce(flat: dict[int, int], divisor: int) -> tuple[dict[int, int], int]:
        """Cancel the gcd of all coefficients and the divisor."""
        g = divisor
        for v in flat.values():
            g = math.gcd(g, abs(v))
        if g == 1:
            return flat, divisor
        return {k: trunc_div(v, g) for k, v in flat.items()}, divisor // g

    def div(self, flat: dict[int, int], divisor: int, *, ceil: bool) -> dict[int, int]:
        dividend, divisor = self.reduce(flat, divisor)
        if divisor == 1:
            return dividend
        num = self.rebuild(dividend)
        local = num.ceildiv(divisor) if ceil else num.floordiv(divisor)
        return {self.local_column(local): 1}

    def mod(self, flat: dict[int, int], divisor: int) -> dict[int, int]:
        if all(v % divisor == 0 for v in flat.values()):
            return {}
        dividend, reduced = self.reduce(flat, divisor)
        column = self.local_column(self.rebuild(dividend).floordiv(reduced))
        out = dict(flat)
        out[column] = out.get(column, 0) - divisor
        return {k: v for k, v in out.items() if v}
