"""Affine expressions and maps in plain Python, printed exactly as MLIR prints them.

Op configs carry indexing maps as MLIR text (`affine_map<(d0)[s0] -> (d0 + s0)>`).
Every back end needs them as values: to evaluate accesses, derive the iteration
domain, fold index-attribute symbols and print MLIR that `mlir-opt` reads back.
Expressions are immutable trees built through simplifying constructors that
follow MLIR's construction-time rules, so substituting symbols or parsing text
yields the same structure (and the same printed text) as MLIR.

>>> m = AffineMap.parse("affine_map<(d0, d1)[s0] -> (d0 * s0 + d1, d1 - 2)>")
>>> str(m)
'(d0, d1)[s0] -> (d0 * s0 + d1, d1 - 2)'
>>> m.eval([3, 4], [2])
(10, 2)
>>> str(m.replace_symbols([1]))
'(d0, d1) -> (d0 + d1, d1 - 2)'
>>> e = dim(0) * 2 + 3 + dim(1)
>>> str(e), e.linear_form(2)
('d0 * 2 + d1 + 3', ((2, 1), 3))
"""

from __future__ import annotations

import enum
import functools
import math
import operator
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, TypeVar, Union

__all__ = [
    "MAX_NESTING_DEPTH",
    "MAX_TEXT_LENGTH",
    "AffineBinaryExpr",
    "AffineConstantExpr",
    "AffineDimExpr",
    "AffineExpr",
    "AffineExprKind",
    "AffineMap",
    "AffineParseError",
    "AffineSymbolExpr",
    "const",
    "dim",
    "sym",
]

# Limits that keep hostile or broken input from exhausting time or the stack.
MAX_NESTING_DEPTH = 500
MAX_TEXT_LENGTH = 1 << 20

_INT64_MIN = -(1 << 63)
_INT64_MAX = (1 << 63) - 1


def _fits_int64(v: int) -> bool:
    return _INT64_MIN <= v <= _INT64_MAX


def _wrap64(v: int) -> int:
    """Two's-complement int64 wrap-around: MLIR folds nested constants without overflow checks."""
    return ((v - _INT64_MIN) % (1 << 64)) + _INT64_MIN


class AffineExprKind(enum.Enum):
    """Binary operator kinds; the value is how MLIR spells the operator."""

    ADD = "+"
    MUL = "*"
    MOD = "mod"
    FLOORDIV = "floordiv"
    CEILDIV = "ceildiv"


ExprLike = Union["AffineExpr", int]


def _as_expr(x: ExprLike) -> AffineExpr:
    if isinstance(x, AffineExpr):
        return x
    if isinstance(x, bool) or not hasattr(x, "__index__"):
        raise TypeError(f"expected an AffineExpr or int, got {type(x).__name__}")
    return AffineConstantExpr(operator.index(x))


@dataclass(frozen=True)
class AffineExpr:
    """Base of the expression tree; operators build simplified expressions as MLIR does."""

    # -- structural facts (O(1): binary nodes cache them at construction) ------------------

    @property
    def depth(self) -> int:
        """Height of the tree (0 for leaves); bounds recursion anywhere it is walked."""
        return 0

    def is_symbolic_or_constant(self) -> bool:
        """True when no dimension occurs (MLIR's isSymbolicOrConstant)."""
        return True

    def is_pure_affine(self) -> bool:
        """True unless a product has no constant factor or a divisor is not a constant."""
        return True

    def largest_known_divisor(self) -> int:
        """A non-negative integer known to divide every value (MLIR's getLargestKnownDivisor)."""
        return 1

    # -- operators ----------------------------------------------------------------------

    def __add__(self, other: ExprLike) -> AffineExpr:
        return _build(AffineExprKind.ADD, self, _as_expr(other))

    def __radd__(self, other: int) -> AffineExpr:
        return _build(AffineExprKind.ADD, self, _as_expr(other))

    def __mul__(self, other: ExprLike) -> AffineExpr:
        return _build(AffineExprKind.MUL, self, _as_expr(other))

    def __rmul__(self, other: int) -> AffineExpr:
        return _build(AffineExprKind.MUL, self, _as_expr(other))

    def __neg__(self) -> AffineExpr:
        return self * -1

    def __sub__(self, other: ExprLike) -> AffineExpr:
        return self + (-_as_expr(other))

    def __rsub__(self, other: int) -> AffineExpr:
        return -self + other

    def floordiv(self, other: ExprLike) -> AffineExpr:
        return _build(AffineExprKind.FLOORDIV, self, _as_expr(other))

    def ceildiv(self, other: ExprLike) -> AffineExpr:
        return _build(AffineExprKind.CEILDIV, self, _as_expr(other))

    def mod(self, other: ExprLike) -> AffineExpr:
        return _build(AffineExprKind.MOD, self, _as_expr(other))

    # -- queries ------------------------------------------------------------------------

    def __str__(self) -> str:
        return _print_expr(self)

    def eval(self, dims: Sequence[int], symbols: Sequence[int] = ()) -> int:
        """Value at a point: floordiv/ceildiv round toward -inf/+inf, mod takes the divisor's sign.

        Division by zero raises ZeroDivisionError.
        """
        if self.depth <= _RECURSIVE_EVAL_DEPTH:
            return _eval_shallow(self, dims, symbols)

        def leaf(e: AffineExpr) -> int:
            if isinstance(e, AffineDimExpr):
                return int(dims[e.position])
            if isinstance(e, AffineSymbolExpr):
                return int(symbols[e.position])
            assert isinstance(e, AffineConstantExpr)
            return e.value

        def combine(e: AffineBinaryExpr, a: int, b: int) -> int:
            return _apply_int(e.kind, a, b)

        return _fold(self, leaf, combine)

    def replace(
        self,
        dims: Mapping[int, AffineExpr] | None = None,
        symbols: Mapping[int, AffineExpr] | None = None,
    ) -> AffineExpr:
        """Substitute dims/symbols, rebuilding changed nodes through the simplifying constructors."""
        dmap = dict(dims or {})
        smap = dict(symbols or {})

        def leaf(e: AffineExpr) -> AffineExpr:
            if isinstance(e, AffineDimExpr) and e.position in dmap:
                return _as_expr(dmap[e.position])
            if isinstance(e, AffineSymbolExpr) and e.position in smap:
                return _as_expr(smap[e.position])
            return e

        def combine(e: AffineBinaryExpr, a: AffineExpr, b: AffineExpr) -> AffineExpr:
            if a is e.lhs and b is e.rhs:
                return e
            return _build(e.kind, a, b)

        return _fold(self, leaf, combine)

    def used_dims(self) -> frozenset[int]:
        return frozenset(e.position for e in self.walk() if isinstance(e, AffineDimExpr))

    def used_symbols(self) -> frozenset[int]:
        return frozenset(e.position for e in self.walk() if isinstance(e, AffineSymbolExpr))

    def walk(self) -> Iterable[AffineExpr]:
        """Every node, pre-order, without recursion."""
        stack: list[AffineExpr] = [self]
        while stack:
            e = stack.pop()
            yield e
            if isinstance(e, AffineBinaryExpr):
                stack.append(e.rhs)
                stack.append(e.lhs)

    def linear_form(self, num_dims: int) -> tuple[tuple[int, ...], int] | None:
        """`(coeffs, c)` when the value is `sum(coeffs[i] * d_i) + c`, else None (symbols, div, mod)."""
        return _linear(self, num_dims, None)

    def simplify(self, num_dims: int, num_symbols: int) -> AffineExpr:
        """MLIR's simplifyAffineExpr for pure affine expressions: flatten to a sum of dims,
        symbols and floordiv "locals", then rebuild in MLIR's order (dims, symbols, locals,
        constant). Semi-affine expressions and divisions by non-positive constants are
        returned unchanged.
        """
        if not self.is_pure_affine():
            return self
        return _Flattener(num_dims, num_symbols).simplify(self)


@dataclass(frozen=True)
class AffineDimExpr(AffineExpr):
    """Loop dimension `d<position>`."""

    position: int

    def is_symbolic_or_constant(self) -> bool:
        return False


@dataclass(frozen=True)
class AffineSymbolExpr(AffineExpr):
    """Symbol `s<position>` (bound per op instance, e.g. from index attributes)."""

    position: int


@dataclass(frozen=True)
class AffineConstantExpr(AffineExpr):
    """Integer constant."""

    value: int

    def largest_known_divisor(self) -> int:
        return abs(self.value)


@dataclass(frozen=True)
class AffineBinaryExpr(AffineExpr):
    """`lhs <kind> rhs`. Build it with operators (which simplify); direct construction does not."""

    kind: AffineExprKind
    lhs: AffineExpr
    rhs: AffineExpr
    _depth: int = field(init=False, repr=False, compare=False, hash=False)
    _symbolic: bool = field(init=False, repr=False, compare=False, hash=False)
    _pure: bool = field(init=False, repr=False, compare=False, hash=False)
    _divisor: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        lhs, rhs, kind = self.lhs, self.rhs, self.kind
        object.__setattr__(self, "_depth", 1 + max(lhs.depth, rhs.depth))
        object.__setattr__(
            self, "_symbolic", lhs.is_symbolic_or_constant() and rhs.is_symbolic_or_constant()
        )
        if kind is AffineExprKind.ADD:
            pure = lhs.is_pure_affine() and rhs.is_pure_affine()
        elif kind is AffineExprKind.MUL:
            pure = (
                lhs.is_pure_affine()
                and rhs.is_pure_affine()
                and (isinstance(lhs, AffineConstantExpr) or isinstance(rhs, AffineConstantExpr))
            )
        else:
            pure = lhs.is_pure_affine() and isinstance(rhs, AffineConstantExpr)
        object.__setattr__(self, "_pure", pure)
        object.__setattr__(self, "_divisor", _divisor_of(kind, lhs, rhs))

    @property
    def depth(self) -> int:
        return self._depth

    def is_symbolic_or_constant(self) -> bool:
        return self._symbolic

    def is_pure_affine(self) -> bool:
        return self._pure

    def largest_known_divisor(self) -> int:
        return self._divisor


def dim(i: int) -> AffineDimExpr:
    return AffineDimExpr(i)


def sym(i: int) -> AffineSymbolExpr:
    return AffineSymbolExpr(i)


def const(v: int) -> AffineConstantExpr:
    return AffineConstantExpr(v)


# ----------------------------------------------------------------------------------------
# Integer semantics and MLIR's construction-time simplifications
# ----------------------------------------------------------------------------------------


def _floordiv_int(a: int, b: int) -> int:
    return a // b


def _ceildiv_int(a: int, b: int) -> int:
    return -((-a) // b)


def _apply_int(kind: AffineExprKind, a: int, b: int) -> int:
    if kind is AffineExprKind.ADD:
        return a + b
    if kind is AffineExprKind.MUL:
        return a * b
    if b == 0:
        raise ZeroDivisionError(f"affine {kind.value} by zero")
    if kind is AffineExprKind.FLOORDIV:
        return _floordiv_int(a, b)
    if kind is AffineExprKind.CEILDIV:
        return _ceildiv_int(a, b)
    return a % b


# Shallow trees (all real indexing maps) evaluate by plain recursion, which is several
# times faster than the explicit-stack fold used for deep ones.
_RECURSIVE_EVAL_DEPTH = 100


def _eval_shallow(e: AffineExpr, dims: Sequence[int], symbols: Sequence[int]) -> int:
    if isinstance(e, AffineDimExpr):
        return int(dims[e.position])
    if isinstance(e, AffineConstantExpr):
        return e.value
    if isinstance(e, AffineSymbolExpr):
        return int(symbols[e.position])
    assert isinstance(e, AffineBinaryExpr)
    a = _eval_shallow(e.lhs, dims, symbols)
    b = _eval_shallow(e.rhs, dims, symbols)
    kind = e.kind
    if kind is AffineExprKind.ADD:
        return a + b
    if kind is AffineExprKind.MUL:
        return a * b
    return _apply_int(kind, a, b)


def _divisor_of(kind: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr) -> int:
    if kind is AffineExprKind.MUL:
        return lhs.largest_known_divisor() * rhs.largest_known_divisor()
    if kind in (AffineExprKind.ADD, AffineExprKind.MOD):
        return math.gcd(lhs.largest_known_divisor(), rhs.largest_known_divisor())
    if isinstance(rhs, AffineConstantExpr) and rhs.value != 0:
        ld = lhs.largest_known_divisor()
        if ld % rhs.value == 0:
            return abs(ld // rhs.value)
    return 1


def _build(kind: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    """The one place binary nodes are made by operators: simplify, else make the node."""
    simplified = _SIMPLIFIERS[kind](lhs, rhs)
    if simplified is not None:
        return simplified
    return AffineBinaryExpr(kind, lhs, rhs)


def _const_of(e: AffineExpr) -> int | None:
    return e.value if isinstance(e, AffineConstantExpr) else None


def _split_const_factor(e: AffineExpr) -> tuple[AffineExpr, int]:
    """(x, c) when `e` is `x * c`, else (e, 1): the coefficient form `c1 * x + c2 * x` needs."""
    if isinstance(e, AffineBinaryExpr) and e.kind is AffineExprKind.MUL:
        c = _const_of(e.rhs)
        if c is not None:
            return e.lhs, c
    return e, 1


def _leaves_out_of_order(lhs: AffineExpr, rhs: AffineExpr) -> bool:
    """MLIR 22 orders `d1 + d0` as `d0 + d1` (and `s1 * s0` as `s0 * s1`): two dims or two
    symbols combined by a commutative operator go in position order."""
    if isinstance(lhs, AffineDimExpr) and isinstance(rhs, AffineDimExpr):
        return lhs.position > rhs.position
    if isinstance(lhs, AffineSymbolExpr) and isinstance(rhs, AffineSymbolExpr):
        return lhs.position > rhs.position
    return False


def _simplify_add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    lc, rc = _const_of(lhs), _const_of(rhs)
    if lc is not None and rc is not None:
        s = lc + rc
        return AffineConstantExpr(s) if _fits_int64(s) else None
    # Constants go right; of a symbolic and a non-symbolic operand, the symbolic goes right.
    if lc is not None or (lhs.is_symbolic_or_constant() and not rhs.is_symbolic_or_constant()):
        return rhs + lhs
    if _leaves_out_of_order(lhs, rhs):
        return rhs + lhs
    if rc == 0:
        return lhs
    lbin = lhs if isinstance(lhs, AffineBinaryExpr) else None
    # (x + c1) + c2 -> x + (c1 + c2)
    if lbin is not None and rc is not None and lbin.kind is AffineExprKind.ADD:
        lrc = _const_of(lbin.rhs)
        if lrc is not None:
            return lbin.lhs + _wrap64(lrc + rc)
    # c1 * x + c2 * x -> (c1 + c2) * x
    first, c1 = _split_const_factor(lhs)
    second, c2 = _split_const_factor(rhs)
    if first == second:
        return first * _wrap64(c1 + c2)
    # (x + c) + y -> (x + y) + c
    if lbin is not None and lbin.kind is AffineExprKind.ADD:
        lrc = _const_of(lbin.rhs)
        if lrc is not None:
            return lbin.lhs + rhs + lrc
    if not isinstance(rhs, AffineBinaryExpr):
        return None
    # x + ((x floordiv q) * q) * -1 -> x mod q, q symbolic
    rl, rr = rhs.lhs, rhs.rhs
    if (
        _const_of(rr) == -1
        and isinstance(rl, AffineBinaryExpr)
        and rl.kind is AffineExprKind.MUL
        and isinstance(rl.lhs, AffineBinaryExpr)
        and rl.lhs.kind is AffineExprKind.FLOORDIV
        and rl.lhs.rhs == rl.rhs
        and rl.lhs.lhs == lhs
    ):
        return lhs.mod(rl.rhs)
    # x + (x floordiv c) * -c -> x mod c, c > 0
    if (
        rhs.kind is AffineExprKind.MUL
        and isinstance(rl, AffineBinaryExpr)
        and rl.kind is AffineExprKind.FLOORDIV
    ):
        q = _const_of(rl.rhs)
        if q is not None and q > 0 and rl.lhs == lhs and rl.rhs == -rr:
            return lhs.mod(rl.rhs)
        # (a + b) + (x floordiv q) * r -> a + (b + (x floordiv q) * r) when the inner sum
        # simplifies (observed in mlir-opt-22: it finds `mod` and moves symbols right).
        if lbin is not None and lbin.kind is AffineExprKind.ADD:
            inner = _simplify_add(lbin.rhs, rhs)
            if inner is not None:
                return lbin.lhs + inner
    return None


def _simplify_mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    lc, rc = _const_of(lhs), _const_of(rhs)
    if lc is not None and rc is not None:
        p = lc * rc
        return AffineConstantExpr(p) if _fits_int64(p) else None
    if not lhs.is_symbolic_or_constant() and not rhs.is_symbolic_or_constant():
        return None
    # The constant (or symbolic) factor goes right.
    if not rhs.is_symbolic_or_constant() or lc is not None or _leaves_out_of_order(lhs, rhs):
        return rhs * lhs
    if rc == 1:
        return lhs
    if rc == 0:
        return rhs
    if isinstance(lhs, AffineBinaryExpr) and lhs.kind is AffineExprKind.MUL:
        lrc = _const_of(lhs.rhs)
        if lrc is not None:
            # (x * c1) * c2 -> x * (c1 * c2);  (x * c) * y -> (x * y) * c
            if rc is not None:
                return lhs.lhs * _wrap64(lrc * rc)
            return (lhs.lhs * rhs) * lrc
    return None


def _simplify_floordiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    rc = _const_of(rhs)
    if rc is None or rc == 0:
        return None
    lc = _const_of(lhs)
    if lc is not None:
        q = _floordiv_int(lc, rc)
        return AffineConstantExpr(q) if _fits_int64(q) else None
    if rc == 1:
        return lhs
    if isinstance(lhs, AffineBinaryExpr):
        if lhs.kind is AffineExprKind.MUL:
            lrc = _const_of(lhs.rhs)
            if lrc is not None and lrc % rc == 0:
                return lhs.lhs * _wrap64(_trunc_div(lrc, rc))
        if lhs.kind is AffineExprKind.ADD and (
            lhs.lhs.largest_known_divisor() % rc == 0 or lhs.rhs.largest_known_divisor() % rc == 0
        ):
            return lhs.lhs.floordiv(rc) + lhs.rhs.floordiv(rc)
    return None


def _simplify_ceildiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    rc = _const_of(rhs)
    if rc is None or rc == 0:
        return None
    lc = _const_of(lhs)
    if lc is not None:
        q = _ceildiv_int(lc, rc)
        return AffineConstantExpr(q) if _fits_int64(q) else None
    if rc == 1:
        return lhs
    if isinstance(lhs, AffineBinaryExpr) and lhs.kind is AffineExprKind.MUL:
        lrc = _const_of(lhs.rhs)
        if lrc is not None and lrc % rc == 0:
            return lhs.lhs * _wrap64(_trunc_div(lrc, rc))
    return None


def _simplify_mod(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    rc = _const_of(rhs)
    # Modulo by zero or a negative number is left as written.
    if rc is None or rc < 1:
        return None
    lc = _const_of(lhs)
    if lc is not None:
        return AffineConstantExpr(lc % rc)
    if lhs.largest_known_divisor() % rc == 0:
        return AffineConstantExpr(0)
    if isinstance(lhs, AffineBinaryExpr):
        if lhs.kind is AffineExprKind.ADD:
            if lhs.lhs.largest_known_divisor() % rc == 0:
                return lhs.rhs.mod(rc)
            if lhs.rhs.largest_known_divisor() % rc == 0:
                return lhs.lhs.mod(rc)
        if lhs.kind is AffineExprKind.MOD:
            inner = _const_of(lhs.rhs)
            if inner is not None and inner >= 1 and inner % rc == 0:
                return lhs.lhs.mod(rc)
    return None


def _trunc_div(a: int, b: int) -> int:
    """Exact division (callers ensure b divides a), as C++'s `/` on int64."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


_SIMPLIFIERS: dict[AffineExprKind, Callable[[AffineExpr, AffineExpr], AffineExpr | None]] = {
    AffineExprKind.ADD: _simplify_add,
    AffineExprKind.MUL: _simplify_mul,
    AffineExprKind.FLOORDIV: _simplify_floordiv,
    AffineExprKind.CEILDIV: _simplify_ceildiv,
    AffineExprKind.MOD: _simplify_mod,
}


_Form = tuple[tuple[int, ...], int]


def _linear(expr: AffineExpr, num_dims: int, num_symbols: int | None) -> _Form | None:
    """Coefficients over dims (then symbols, when `num_symbols` is given) and a constant;
    None when the expression is not such a linear combination."""
    n = num_dims + (num_symbols or 0)
    zero = (0,) * n

    def leaf(e: AffineExpr) -> _Form | None:
        if isinstance(e, AffineConstantExpr):
            return zero, e.value
        if isinstance(e, AffineDimExpr):
            if e.position >= num_dims:
                raise ValueError(f"d{e.position} out of range for {num_dims} dims")
            idx = e.position
        elif num_symbols is None:
            return None
        else:
            assert isinstance(e, AffineSymbolExpr)
            if e.position >= num_symbols:
                raise ValueError(f"s{e.position} out of range for {num_symbols} symbols")
            idx = num_dims + e.position
        coeffs = list(zero)
        coeffs[idx] = 1
        return tuple(coeffs), 0

    def combine(e: AffineBinaryExpr, a: _Form | None, b: _Form | None) -> _Form | None:
        if a is None or b is None:
            return None
        (ca, ka), (cb, kb) = a, b
        if e.kind is AffineExprKind.ADD:
            return tuple(x + y for x, y in zip(ca, cb, strict=True)), ka + kb
        if e.kind is AffineExprKind.MUL:
            if not any(cb):
                return tuple(x * kb for x in ca), ka * kb
            if not any(ca):
                return tuple(y * ka for y in cb), ka * kb
            return None
        if any(ca) or any(cb) or kb == 0:
            return None
        return zero, _apply_int(e.kind, ka, kb)

    return _fold(expr, leaf, combine)


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
            flat = _fold(expr, self.leaf, self.combine)
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
        c = _const_of(e.rhs)
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
        return {k: _trunc_div(v, g) for k, v in flat.items()}, divisor // g

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


# ----------------------------------------------------------------------------------------
# Iterative traversal (no recursion: trees from hostile input may be deep)
# ----------------------------------------------------------------------------------------

_T = TypeVar("_T")


def _fold(
    expr: AffineExpr,
    leaf: Callable[[AffineExpr], _T],
    combine: Callable[[AffineBinaryExpr, _T, _T], _T],
) -> _T:
    """Bottom-up evaluation with an explicit stack; shared subtrees are computed once."""
    memo: dict[int, _T] = {}
    stack: list[tuple[AffineExpr, bool]] = [(expr, False)]
    while stack:
        node, ready = stack.pop()
        key = id(node)
        if key in memo:
            continue
        if isinstance(node, AffineBinaryExpr):
            if ready:
                memo[key] = combine(node, memo[id(node.lhs)], memo[id(node.rhs)])
            else:
                stack.append((node, True))
                stack.append((node.rhs, False))
                stack.append((node.lhs, False))
        else:
            memo[key] = leaf(node)
    return memo[id(expr)]


# ----------------------------------------------------------------------------------------
# Printing, byte for byte as MLIR's AsmPrinter
# ----------------------------------------------------------------------------------------

_Part = Union[str, tuple[AffineExpr, bool]]  # noqa: UP007 (runtime alias, py3.10)


def _print_parts(e: AffineExpr, strong: bool) -> list[_Part]:
    """One node's output: literal text and (child, binds-strongly) slots, in order."""
    if isinstance(e, AffineDimExpr):
        return [f"d{e.position}"]
    if isinstance(e, AffineSymbolExpr):
        return [f"s{e.position}"]
    if isinstance(e, AffineConstantExpr):
        return [str(e.value)]
    assert isinstance(e, AffineBinaryExpr)
    open_, close = ("(", ")") if strong else ("", "")
    lhs, rhs = e.lhs, e.rhs
    if e.kind is not AffineExprKind.ADD:
        if e.kind is AffineExprKind.MUL and _const_of(rhs) == -1:
            return [open_ + "-", (lhs, True), close]
        return [open_, (lhs, True), f" {e.kind.value} ", (rhs, True), close]
    # Sums print a negative product or constant on the right as a subtraction.
    if isinstance(rhs, AffineBinaryExpr) and rhs.kind is AffineExprKind.MUL:
        c = _const_of(rhs.rhs)
        if c == -1:
            inner_strong = isinstance(rhs.lhs, AffineBinaryExpr) and (
                rhs.lhs.kind is AffineExprKind.ADD
            )
            return [open_, (lhs, False), " - ", (rhs.lhs, inner_strong), close]
        if c is not None and c < -1:
            return [open_, (lhs, False), " - ", (rhs.lhs, True), f" * {_wrap64(-c)}", close]
    c = _const_of(rhs)
    if c is not None and c < 0:
        return [open_, (lhs, False), f" - {_wrap64(-c)}", close]
    return [open_, (lhs, False), " + ", (rhs, False), close]


def _print_expr(expr: AffineExpr) -> str:
    out: list[str] = []
    stack: list[_Part] = [(expr, False)]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
        else:
            stack.extend(reversed(_print_parts(*item)))
    return "".join(out)


# ----------------------------------------------------------------------------------------
# Parsing
# ----------------------------------------------------------------------------------------


class AffineParseError(Exception):
    """Malformed affine map text; `offset` is the 0-based character offset of the problem."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(f"{message} (at offset {offset})")
        self.message = message
        self.offset = offset


_TOKEN_RE = re.compile(
    r"""
    (?P<ws>(?:\s+|//[^\n]*)+)
  | (?P<id>[A-Za-z_][A-Za-z0-9_$.]*)
  | (?P<int>0x[0-9A-Fa-f]+|[0-9]+)
  | (?P<arrow>->)
  | (?P<punct>[-+*(),\[\]<>])
    """,
    re.VERBOSE,
)

_KEYWORDS = {
    "floordiv": AffineExprKind.FLOORDIV,
    "ceildiv": AffineExprKind.CEILDIV,
    "mod": AffineExprKind.MOD,
}


class _Tok(NamedTuple):
    """One token (a tuple: maps are tokenized on every load, and tuples build fast)."""

    kind: str  # "id", "int", "kw", one of the punctuation strings, "->" or "eof"
    text: str
    offset: int


def _tokenize(text: str) -> list[_Tok]:
    toks: list[_Tok] = []
    append = toks.append
    match = _TOKEN_RE.match
    pos, n = 0, len(text)
    while pos < n:
        m = match(text, pos)
        if m is None:
            raise AffineParseError(f"unexpected character {text[pos]!r}", pos)
        group = m.lastgroup
        s = m.group()
        if group == "id":
            append(_Tok("kw" if s in _KEYWORDS else "id", s, pos))
        elif group == "int":
            append(_Tok("int", s, pos))
        elif group != "ws":  # "->" and punctuation are their own kinds
            append(_Tok(s, s, pos))
        pos = m.end()
    toks.append(_Tok("eof", "", n))
    return toks


@dataclass
class _Frame:
    """Partial state of one parenthesised (or top-level) expression."""

    open_offset: int
    negs: list[int] = field(default_factory=list)  # pending unary minuses for the next operand
    total: AffineExpr | None = None  # finished low-precedence (+/-) part
    total_op: str = "+"
    total_op_offset: int = 0
    prod: AffineExpr | None = None  # current high-precedence chain
    prod_op: AffineExprKind | None = None
    prod_op_offset: int = 0


class _Parser:
    def __init__(self, text: str) -> None:
        if len(text) > MAX_TEXT_LENGTH:
            raise AffineParseError(
                f"affine map text too long ({len(text)} characters, limit {MAX_TEXT_LENGTH})", 0
            )
        self.text = text
        self.toks = _tokenize(text)
        self.i = 0
        self.dims: dict[str, int] = {}
        self.syms: dict[str, int] = {}

    # -- token helpers ------------------------------------------------------------------

    @property
    def tok(self) -> _Tok:
        return self.toks[self.i]

    def next(self) -> _Tok:
        t = self.toks[self.i]
        if t.kind != "eof":
            self.i += 1
        return t

    def expect(self, kind: str, what: str) -> _Tok:
        if self.tok.kind != kind:
            raise AffineParseError(f"expected {what}", self.tok.offset)
        return self.next()

    # -- grammar ------------------------------------------------------------------------

    def parse_map_text(self) -> AffineMap:
        wrapped = self.tok.kind == "id" and self.tok.text == "affine_map"
        if wrapped:
            self.next()
            self.expect("<", "'<' after 'affine_map'")
        self.parse_id_list("(", ")", self.dims, "dimension")
        if self.tok.kind == "[":
            self.parse_id_list("[", "]", self.syms, "symbol")
        self.expect("->", "'->' after the dimension and symbol lists")
        self.expect("(", "'(' to start the result list")
        results: list[AffineExpr] = []
        if self.tok.kind == ")":
            self.next()
        else:
            while True:
                results.append(self.parse_expr())
                t = self.next()
                if t.kind == ")":
                    break
                if t.kind != ",":
                    raise AffineParseError("expected ',' or ')' in the result list", t.offset)
        if wrapped:
            self.expect(">", "'>' to close 'affine_map<'")
        if self.tok.kind != "eof":
            raise AffineParseError("unexpected text after the affine map", self.tok.offset)
        return AffineMap(len(self.dims), len(self.syms), tuple(results))

    def parse_id_list(self, open_: str, close: str, into: dict[str, int], what: str) -> None:
        self.expect(open_, f"'{open_}' to start the {what} list")
        if self.tok.kind == close:
            self.next()
            return
        while True:
            t = self.tok
            if t.kind != "id":
                raise AffineParseError(f"expected {what} identifier", t.offset)
            if t.text in self.dims or t.text in self.syms:
                raise AffineParseError(f"redefinition of identifier '{t.text}'", t.offset)
            self.next()
            into[t.text] = len(into)
            t = self.next()
            if t.kind == close:
                return
            if t.kind != ",":
                raise AffineParseError(f"expected ',' or '{close}' in the {what} list", t.offset)

    def operand(self, t: _Tok) -> AffineExpr:
        if t.kind == "int":
            v = int(t.text, 0)
            if v > _INT64_MAX:
                raise AffineParseError("constant too large for index", t.offset)
            return AffineConstantExpr(v)
        if t.text in self.dims:
            return AffineDimExpr(self.dims[t.text])
        if t.text in self.syms:
            return AffineSymbolExpr(self.syms[t.text])
        raise AffineParseError(f"use of undeclared identifier '{t.text}'", t.offset)

    def check_depth(self, e: AffineExpr, offset: int) -> AffineExpr:
        if e.depth > MAX_NESTING_DEPTH:
            raise AffineParseError(
                f"affine expression nested too deeply (limit {MAX_NESTING_DEPTH})", offset
            )
        return e

    def parse_expr(self) -> AffineExpr:
        """One affine expression; an explicit frame stack replaces recursion on '('."""
        frames: list[_Frame] = [_Frame(self.tok.offset)]
        nesting = 0  # open parentheses plus pending unary minuses
        while True:
            f = frames[-1]
            # ---- operand position
            t = self.next()
            if t.kind in ("-", "("):
                nesting += 1
                if nesting > MAX_NESTING_DEPTH:
                    raise AffineParseError(
                        f"affine expression nested too deeply (limit {MAX_NESTING_DEPTH})",
                        t.offset,
                    )
                if t.kind == "-":
                    f.negs.append(t.offset)
                else:
                    frames.append(_Frame(t.offset))
                continue
            if t.kind not in ("id", "int"):
                raise self.missing_operand(t, f)
            value = self.operand(t)
            # ---- operator position: reduce, closing parentheses as they come
            while True:
                nesting -= len(f.negs)
                value = self.apply_negations(f, value)
                self.push_operand(f, value)
                op = self.tok
                if op.kind in ("*", "kw"):
                    self.next()
                    f.prod_op = AffineExprKind.MUL if op.kind == "*" else _KEYWORDS[op.text]
                    f.prod_op_offset = op.offset
                    break
                if op.kind in ("+", "-"):
                    self.next()
                    self.flush_product(f)
                    f.total_op, f.total_op_offset = op.kind, op.offset
                    break
                # End of this (parenthesised) expression.
                value = self.flush_product(f)
                if len(frames) == 1:
                    return value
                if op.kind != ")":
                    if op.kind == "eof":
                        raise AffineParseError("unbalanced '(' in affine expression", f.open_offset)
                    raise AffineParseError(
                        f"unexpected {op.text!r} in affine expression; expected ')'", op.offset
                    )
                self.next()
                nesting -= 1
                frames.pop()
                f = frames[-1]

    def missing_operand(self, t: _Tok, f: _Frame) -> AffineParseError:
        if f.negs:
            return AffineParseError("missing operand of negation", t.offset)
        after_op = f.prod_op is not None or f.total is not None
        if t.kind in ("kw", "+", "*"):
            side = "right" if after_op else "left"
            return AffineParseError(f"missing {side} operand of binary operator", t.offset)
        if after_op:
            return AffineParseError("missing right operand of binary operator", t.offset)
        return AffineParseError("expected affine expression", t.offset)

    def apply_negations(self, f: _Frame, value: AffineExpr) -> AffineExpr:
        while f.negs:
            offset = f.negs.pop()
            value = self.check_depth(value * -1, offset)
        return value

    def push_operand(self, f: _Frame, value: AffineExpr) -> None:
        if f.prod is None:
            f.prod = value
            return
        kind, lhs = f.prod_op, f.prod
        assert kind is not None
        if kind is AffineExprKind.MUL:
            if not lhs.is_symbolic_or_constant() and not value.is_symbolic_or_constant():
                raise AffineParseError(
                    "non-affine expression: at least one of the multiply operands has to be "
                    "either a constant or symbolic",
                    f.prod_op_offset,
                )
        elif not value.is_symbolic_or_constant():
            raise AffineParseError(
                f"non-affine expression: right operand of {kind.value} has to be either a "
                "constant or symbolic",
                f.prod_op_offset,
            )
        f.prod = self.check_depth(_build(kind, lhs, value), f.prod_op_offset)
        f.prod_op = None

    def flush_product(self, f: _Frame) -> AffineExpr:
        """Fold the pending product into the running sum and return the sum."""
        prod = f.prod
        assert prod is not None
        if f.total is None:
            f.total = prod
        elif f.total_op == "+":
            f.total = self.check_depth(f.total + prod, f.total_op_offset)
        else:
            f.total = self.check_depth(f.total - prod, f.total_op_offset)
        f.prod = None
        f.prod_op = None
        return f.total


# ----------------------------------------------------------------------------------------
# Maps
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AffineMap:
    """`(d0, ..)[s0, ..] -> (results)`: how loop indices (and symbols) address an operand."""

    num_dims: int
    num_symbols: int
    results: tuple[AffineExpr, ...]
    _used_dims: frozenset[int] = field(init=False, repr=False, compare=False, hash=False)
    _used_symbols: frozenset[int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.num_dims < 0 or self.num_symbols < 0:
            raise ValueError("negative number of dims or symbols")
        object.__setattr__(self, "results", tuple(self.results))
        dims: set[int] = set()
        syms: set[int] = set()
        for r in self.results:
            for e in r.walk():
                if isinstance(e, AffineDimExpr):
                    dims.add(e.position)
                elif isinstance(e, AffineSymbolExpr):
                    syms.add(e.position)
        if dims and not (min(dims) >= 0 and max(dims) < self.num_dims):
            bad = min(dims) if min(dims) < 0 else max(dims)
            raise ValueError(f"d{bad} out of range in a map with {self.num_dims} dims")
        if syms and not (min(syms) >= 0 and max(syms) < self.num_symbols):
            bad = min(syms) if min(syms) < 0 else max(syms)
            raise ValueError(f"s{bad} out of range in a map with {self.num_symbols} symbols")
        object.__setattr__(self, "_used_dims", frozenset(dims))
        object.__setattr__(self, "_used_symbols", frozenset(syms))

    # -- construction -------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> AffineMap:
        """Parse `affine_map<...>` or the bare `(..)[..] -> (..)` form; AffineParseError if bad."""
        if len(text) <= _PARSE_CACHE_TEXT_LIMIT:
            return _parse_cached(text)
        return _Parser(text).parse_map_text()

    @classmethod
    def empty(cls, num_dims: int = 0, num_symbols: int = 0) -> AffineMap:
        return cls(num_dims, num_symbols, ())

    @classmethod
    def identity(cls, n: int) -> AffineMap:
        return cls(n, 0, tuple(AffineDimExpr(i) for i in range(n)))

    # -- printing -----------------------------------------------------------------------

    def __str__(self) -> str:
        dims = ", ".join(f"d{i}" for i in range(self.num_dims))
        syms = ", ".join(f"s{i}" for i in range(self.num_symbols))
        head = f"({dims})" + (f"[{syms}]" if self.num_symbols else "")
        return f"{head} -> ({', '.join(_print_expr(r) for r in self.results)})"

    def to_mlir(self) -> str:
        return f"affine_map<{self}>"

    # -- queries ------------------------------------------------------------------------

    @property
    def num_results(self) -> int:
        return len(self.results)

    def eval(self, dims: Sequence[int], symbols: Sequence[int] = ()) -> tuple[int, ...]:
        """Results at a point; `symbols` may be omitted when no result uses a symbol."""
        if len(dims) != self.num_dims or (
            len(symbols) != self.num_symbols and (symbols or self._used_symbols)
        ):
            raise ValueError(
                f"map {self} takes {self.num_dims} dims and {self.num_symbols} symbols, "
                f"got {len(dims)} and {len(symbols)}"
            )
        return tuple(r.eval(dims, symbols) for r in self.results)

    def used_dims(self) -> frozenset[int]:
        return self._used_dims

    def used_symbols(self) -> frozenset[int]:
        return self._used_symbols

    def dim_positions(self) -> tuple[int | None, ...]:
        """Per result: its dim position when the result is a bare dim, else None."""
        return tuple(r.position if isinstance(r, AffineDimExpr) else None for r in self.results)

    def is_projected_permutation(self, allow_zero_in_results: bool = False) -> bool:
        """Each result a distinct dim (or 0 if allowed), no symbols (MLIR's definition)."""
        if self.num_symbols > 0 or self.num_results > self.num_dims:
            return False
        seen: set[int] = set()
        for r in self.results:
            if isinstance(r, AffineDimExpr):
                if r.position in seen:
                    return False
                seen.add(r.position)
            elif not (allow_zero_in_results and _const_of(r) == 0):
                return False
        return True

    def is_permutation(self) -> bool:
        return self.num_dims == self.num_results and self.is_projected_permutation()

    def is_identity(self) -> bool:
        return self.num_dims == self.num_results and all(
            isinstance(r, AffineDimExpr) and r.position == i for i, r in enumerate(self.results)
        )

    def is_pure_affine(self) -> bool:
        return all(r.is_pure_affine() for r in self.results)

    # -- transformations ----------------------------------------------------------------

    def replace(
        self,
        dims: Mapping[int, ExprLike] | Sequence[ExprLike] | None = None,
        symbols: Mapping[int, ExprLike] | Sequence[ExprLike] | None = None,
        *,
        num_dims: int | None = None,
        num_symbols: int | None = None,
    ) -> AffineMap:
        """Substitute dims/symbols (MLIR's replaceDimsAndSymbols); counts default to unchanged."""
        dmap = _as_mapping(dims)
        smap = _as_mapping(symbols)
        results = tuple(r.replace(dmap, smap) for r in self.results)
        return AffineMap(
            self.num_dims if num_dims is None else num_dims,
            self.num_symbols if num_symbols is None else num_symbols,
            results,
        )

    def replace_dims(
        self,
        values: Mapping[int, ExprLike] | Sequence[ExprLike],
        *,
        num_dims: int | None = None,
    ) -> AffineMap:
        return self.replace(dims=values, num_dims=num_dims)

    def replace_symbols(
        self, values: Sequence[int] | Mapping[int, int], *, drop: bool = True
    ) -> AffineMap:
        """Substitute symbols by constants; with `drop`, the substituted symbols leave the map
        (the rest are renumbered in order), so binding all of them yields a symbol-free map."""
        given = _as_mapping(values)
        for k in given:
            if not 0 <= k < self.num_symbols:
                raise ValueError(f"symbol s{k} out of range for {self.num_symbols} symbols")
        smap: dict[int, ExprLike] = dict(given)
        num_symbols = self.num_symbols
        if drop:
            remaining = [s for s in range(self.num_symbols) if s not in given]
            for new, old in enumerate(remaining):
                smap[old] = AffineSymbolExpr(new)
            num_symbols = len(remaining)
        return self.replace(symbols=smap, num_symbols=num_symbols)

    def compose(self, other: AffineMap) -> AffineMap:
        """`self ∘ other` (MLIR's AffineMap::compose): other's results feed self's dims.

        The result has other's dims and self's symbols followed by other's.
        """
        if self.num_dims != other.num_results:
            raise ValueError(
                f"cannot compose: {self} takes {self.num_dims} dims, "
                f"{other} has {other.num_results} results"
            )
        shifted = other.replace(
            symbols={i: AffineSymbolExpr(self.num_symbols + i) for i in range(other.num_symbols)},
            num_symbols=self.num_symbols + other.num_symbols,
        )
        dims = dict(enumerate(shifted.results))
        return AffineMap(
            other.num_dims,
            self.num_symbols + other.num_symbols,
            tuple(r.replace(dims) for r in self.results),
        )

    def simplify(self) -> AffineMap:
        """Each result through `AffineExpr.simplify` (MLIR's simplifyAffineMap)."""
        return AffineMap(
            self.num_dims,
            self.num_symbols,
            tuple(r.simplify(self.num_dims, self.num_symbols) for r in self.results),
        )


# Maps are immutable and op libraries repeat the same few texts many times.
_PARSE_CACHE_TEXT_LIMIT = 4096


@functools.lru_cache(maxsize=4096)
def _parse_cached(text: str) -> AffineMap:
    return _Parser(text).parse_map_text()


def _as_mapping(
    values: Mapping[int, ExprLike] | Sequence[ExprLike] | None,
) -> dict[int, AffineExpr]:
    if values is None:
        return {}
    items = values.items() if isinstance(values, Mapping) else enumerate(values)
    return {int(k): _as_expr(v) for k, v in items}
