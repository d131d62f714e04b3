"""The affine expression tree, built the way MLIR builds it.

Expressions are immutable values (frozen dataclasses: hashable, comparable). The Python
operators are MLIR's simplifying constructors: `d0 + 0` is `d0`, `2 + d0` is `d0 + 2`,
`d0 - (d0 floordiv 4) * 4` is `d0 mod 4`, so expressions built in code, by substitution
or by the parser have the structure, and print the text, MLIR gives them. `str()` prints
byte for byte as MLIR's AsmPrinter; printing lives here because it is what an
expression's text is (the parser and maps build on this module, never the reverse).
Every walk over a tree is iterative: trees from hostile input may be deep.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar, Union

from linalg_odsgen.affine.arith import (
    AffineExprKind,
    apply_int,
    ceildiv_int,
    fits_int64,
    floordiv_int,
    trunc_div,
    wrap64,
)

ExprLike = Union["AffineExpr", int]


def as_expr(x: ExprLike) -> AffineExpr:
    """An expression as is, an int as a constant (bools and other types are refused)."""
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
        return build(AffineExprKind.ADD, self, as_expr(other))

    def __radd__(self, other: int) -> AffineExpr:
        return build(AffineExprKind.ADD, self, as_expr(other))

    def __mul__(self, other: ExprLike) -> AffineExpr:
        return build(AffineExprKind.MUL, self, as_expr(other))

    def __rmul__(self, other: int) -> AffineExpr:
        return build(AffineExprKind.MUL, self, as_expr(other))

    def __neg__(self) -> AffineExpr:
        return self * -1

    def __sub__(self, other: ExprLike) -> AffineExpr:
        return self + (-as_expr(other))

    def __rsub__(self, other: int) -> AffineExpr:
        return -self + other

    def floordiv(self, other: ExprLike) -> AffineExpr:
        return build(AffineExprKind.FLOORDIV, self, as_expr(other))

    def ceildiv(self, other: ExprLike) -> AffineExpr:
        return build(AffineExprKind.CEILDIV, self, as_expr(other))

    def mod(self, other: ExprLike) -> AffineExpr:
        return build(AffineExprKind.MOD, self, as_expr(other))

    # -- queries ------------------------------------------------------------------------

    def __str__(self) -> str:
        return print_expr(self)

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
            return apply_int(e.kind, a, b)

        return fold(self, leaf, combine)

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
                return as_expr(dmap[e.position])
            if isinstance(e, AffineSymbolExpr) and e.position in smap:
                return as_expr(smap[e.position])
            return e

        def combine(e: AffineBinaryExpr, a: AffineExpr, b: AffineExpr) -> AffineExpr:
            if a is e.lhs and b is e.rhs:
                return e
            return build(e.kind, a, b)

        return fold(self, leaf, combine)

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
    """The loop dim `d<i>`."""
    return AffineDimExpr(i)


def sym(i: int) -> AffineSymbolExpr:
    """The symbol `s<i>`."""
    return AffineSymbolExpr(i)


def constant(v: int) -> AffineConstantExpr:
    """The constant expression `v`."""
    return AffineConstantExpr(v)


# ----------------------------------------------------------------------------------------
# Evaluation and MLIR's construction-time simplifications
# ----------------------------------------------------------------------------------------

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
    return apply_int(kind, a, b)


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


def build(kind: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    """The one place binary nodes are made by operators: simplify, else make the node."""
    simplified = _SIMPLIFIERS[kind](lhs, rhs)
    if simplified is not None:
        return simplified
    return AffineBinaryExpr(kind, lhs, rhs)


def constant_value(e: AffineExpr) -> int | None:
    """The value of a constant expression, None for any other."""
    return e.value if isinstance(e, AffineConstantExpr) else None


def _split_const_factor(e: AffineExpr) -> tuple[AffineExpr, int]:
    """(x, c) when `e` is `x * c`, else (e, 1): the coefficient form `c1 * x + c2 * x` needs."""
    if isinstance(e, AffineBinaryExpr) and e.kind is AffineExprKind.MUL:
        c = constant_value(e.rhs)
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
    lc, rc = constant_value(lhs), constant_value(rhs)
    if lc is not None and rc is not None:
        s = lc + rc
        return AffineConstantExpr(s) if fits_int64(s) else None
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
        lrc = constant_value(lbin.rhs)
        if lrc is not None:
            return lbin.lhs + wrap64(lrc + rc)
    # c1 * x + c2 * x -> (c1 + c2) * x
    first, c1 = _split_const_factor(lhs)
    second, c2 = _split_const_factor(rhs)
    if first == second:
        return first * wrap64(c1 + c2)
    # (x + c) + y -> (x + y) + c
    if lbin is not None and lbin.kind is AffineExprKind.ADD:
        lrc = constant_value(lbin.rhs)
        if lrc is not None:
            return lbin.lhs + rhs + lrc
    if not isinstance(rhs, AffineBinaryExpr):
        return None
    # x + ((x floordiv q) * q) * -1 -> x mod q, q symbolic
    rl, rr = rhs.lhs, rhs.rhs
    if (
        constant_value(rr) == -1
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
        q = constant_value(rl.rhs)
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
    lc, rc = constant_value(lhs), constant_value(rhs)
    if lc is not None and rc is not None:
        p = lc * rc
        return AffineConstantExpr(p) if fits_int64(p) else None
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
        lrc = constant_value(lhs.rhs)
        if lrc is not None:
            # (x * c1) * c2 -> x * (c1 * c2);  (x * c) * y -> (x * y) * c
            if rc is not None:
                return lhs.lhs * wrap64(lrc * rc)
            return (lhs.lhs * rhs) * lrc
    return None


def _simplify_floordiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    rc = constant_value(rhs)
    if rc is None or rc == 0:
        return None
    lc = constant_value(lhs)
    if lc is not None:
        q = floordiv_int(lc, rc)
        return AffineConstantExpr(q) if fits_int64(q) else None
    if rc == 1:
        return lhs
    if isinstance(lhs, AffineBinaryExpr):
        if lhs.kind is AffineExprKind.MUL:
            lrc = constant_value(lhs.rhs)
            if lrc is not None and lrc % rc == 0:
                return lhs.lhs * wrap64(trunc_div(lrc, rc))
        if lhs.kind is AffineExprKind.ADD and (
            lhs.lhs.largest_known_divisor() % rc == 0 or lhs.rhs.largest_known_divisor() % rc == 0
        ):
            return lhs.lhs.floordiv(rc) + lhs.rhs.floordiv(rc)
    return None


def _simplify_ceildiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    rc = constant_value(rhs)
    if rc is None or rc == 0:
        return None
    lc = constant_value(lhs)
    if lc is not None:
        q = ceildiv_int(lc, rc)
        return AffineConstantExpr(q) if fits_int64(q) else None
    if rc == 1:
        return lhs
    if isinstance(lhs, AffineBinaryExpr) and lhs.kind is AffineExprKind.MUL:
        lrc = constant_value(lhs.rhs)
        if lrc is not None and lrc % rc == 0:
            return lhs.lhs * wrap64(trunc_div(lrc, rc))
    return None


def _simplify_mod(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    rc = constant_value(rhs)
    # Modulo by zero or a negative number is left as written.
    if rc is None or rc < 1:
        return None
    lc = constant_value(lhs)
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
            inner = constant_value(lhs.rhs)
            if inner is not None and inner >= 1 and inner % rc == 0:
                return lhs.lhs.mod(rc)
    return None


_SIMPLIFIERS: dict[AffineExprKind, Callable[[AffineExpr, AffineExpr], AffineExpr | None]] = {
    AffineExprKind.ADD: _simplify_add,
    AffineExprKind.MUL: _simplify_mul,
    AffineExprKind.FLOORDIV: _simplify_floordiv,
    AffineExprKind.CEILDIV: _simplify_ceildiv,
    AffineExprKind.MOD: _simplify_mod,
}


# ----------------------------------------------------------------------------------------
# Linear forms
# ----------------------------------------------------------------------------------------

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
        return zero, apply_int(e.kind, ka, kb)

    return fold(expr, leaf, combine)


# ----------------------------------------------------------------------------------------
# Iterative traversal (no recursion: trees from hostile input may be deep)
# ----------------------------------------------------------------------------------------

_T = TypeVar("_T")


def fold(
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
        if e.kind is AffineExprKind.MUL and constant_value(rhs) == -1:
            return [open_ + "-", (lhs, True), close]
        return [open_, (lhs, True), f" {e.kind.value} ", (rhs, True), close]
    # Sums print a negative product or constant on the right as a subtraction.
    if isinstance(rhs, AffineBinaryExpr) and rhs.kind is AffineExprKind.MUL:
        c = constant_value(rhs.rhs)
        if c == -1:
            inner_strong = isinstance(rhs.lhs, AffineBinaryExpr) and (
                rhs.lhs.kind is AffineExprKind.ADD
            )
            return [open_, (lhs, False), " - ", (rhs.lhs, inner_strong), close]
        if c is not None and c < -1:
            return [open_, (lhs, False), " - ", (rhs.lhs, True), f" * {wrap64(-c)}", close]
    c = constant_value(rhs)
    if c is not None and c < 0:
        return [open_, (lhs, False), f" - {wrap64(-c)}", close]
    return [open_, (lhs, False), " + ", (rhs, False), close]


def print_expr(expr: AffineExpr) -> str:
    out: list[str] = []
    stack: list[_Part] = [(expr, False)]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
        else:
            stack.extend(reversed(_print_parts(*item)))
    return "".join(out)
