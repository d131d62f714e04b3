"""Names of the DSL: type variables (`TV.T`, `I32`), loop dims (`D.m`) and shape symbols (`S.M`).

Accessing an attribute of `TV`, `D` or `S` just makes a value named after the
attribute; nothing is interned or numbered here. Numbering (d0.., s0..) is a
property of one op and happens when that op is analysed.

Dims and symbols combine into affine index expressions (`D.oh * S.SH + D.kh`)
that keep their names until the op maps them to positions.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Union

from linalg_odsgen.affine import AffineExprKind
from linalg_odsgen.diagnostics import SourcePos
from linalg_odsgen.dsl.errors import DslError, user_pos
from linalg_odsgen.model import FIXED_TYPES

# -- type variables ------------------------------------------------------------------------


@dataclass(frozen=True)
class TypeVar:
    """An element type: a variable bound from operands (`T`, `U`) or a fixed type (`I32`)."""

    name: str

    @property
    def is_fixed(self) -> bool:
        return self.name in FIXED_TYPES

    def __repr__(self) -> str:
        return self.name if self.is_fixed else f"TV.{self.name}"


class _TypeVarNamespace:
    """`TV.<Name>` makes the type variable `<Name>`."""

    def __getattr__(self, name: str) -> TypeVar:
        if name.startswith("__"):
            raise AttributeError(name)
        return TypeVar(name)

    def __repr__(self) -> str:
        return "TV"


TV = _TypeVarNamespace()

I32 = TypeVar("I32")
I64 = TypeVar("I64")
F32 = TypeVar("F32")
F64 = TypeVar("F64")

# -- affine index expressions --------------------------------------------------------------


IndexLike = Union["IndexExpr", int]


def as_index_expr(value: object) -> IndexExpr:
    """Lift a Python int into an index expression; anything else non-affine is a DSL error."""
    if isinstance(value, IndexExpr):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        if not -(2**63) <= value < 2**63:  # upstream's OpDSL fails building it too
            raise DslError(
                f"constant {value} in an index expression does not fit in 64 bits "
                f"(MLIR's affine constants are int64)",
                user_pos(),
            )
        return IndexConst(value)
    raise DslError(
        f"expected a dim (D.x), a symbol (S.X), an int or an affine combination of them, "
        f"got {value!r}",
        user_pos(),
    )


class IndexExpr:
    """An affine expression over named dims and symbols, as written in indices and shapes."""

    def __add__(self, other: IndexLike) -> IndexExpr:
        return IndexBinary(AffineExprKind.ADD, self, as_index_expr(other))

    def __radd__(self, other: int) -> IndexExpr:
        return IndexBinary(AffineExprKind.ADD, as_index_expr(other), self)

    def __sub__(self, other: IndexLike) -> IndexExpr:
        return IndexBinary(
            AffineExprKind.ADD,
            self,
            IndexBinary(AffineExprKind.MUL, as_index_expr(other), IndexConst(-1)),
        )

    def __rsub__(self, other: int) -> IndexExpr:
        return IndexBinary(
            AffineExprKind.ADD,
            as_index_expr(other),
            IndexBinary(AffineExprKind.MUL, self, IndexConst(-1)),
        )

    def __neg__(self) -> IndexExpr:
        return IndexBinary(AffineExprKind.MUL, self, IndexConst(-1))

    def __mul__(self, other: IndexLike) -> IndexExpr:
        return IndexBinary(AffineExprKind.MUL, self, as_index_expr(other))

    def __rmul__(self, other: int) -> IndexExpr:
        return IndexBinary(AffineExprKind.MUL, as_index_expr(other), self)

    def __floordiv__(self, other: IndexLike) -> IndexExpr:
        return self.floordiv(other)

    def __mod__(self, other: IndexLike) -> IndexExpr:
        return self.mod(other)

    def floordiv(self, other: IndexLike) -> IndexExpr:
        return IndexBinary(AffineExprKind.FLOORDIV, self, as_index_expr(other))

    def ceildiv(self, other: IndexLike) -> IndexExpr:
        return IndexBinary(AffineExprKind.CEILDIV, self, as_index_expr(other))

    def mod(self, other: IndexLike) -> IndexExpr:
        return IndexBinary(AffineExprKind.MOD, self, as_index_expr(other))

    def leaves(self) -> Iterator[IndexExpr]:
        """Dims, symbols and constants in written order (left operand first)."""
        yield self

    def dims(self) -> Iterator[DimDef]:
        for leaf in self.leaves():
            if isinstance(leaf, DimDef):
                yield leaf

    def symbols(self) -> Iterator[SymbolDef]:
        for leaf in self.leaves():
            if isinstance(leaf, SymbolDef):
                yield leaf


@dataclass(frozen=True, eq=True)
class DimDef(IndexExpr):
    """A loop dimension of the iteration domain, `D.<name>`."""

    name: str

    def __repr__(self) -> str:
        return f"D.{self.name}"


@dataclass(frozen=True, eq=True)
class SymbolDef(IndexExpr):
    """A size symbol bound from operand shapes or index attributes, `S.<name>`."""

    name: str

    def __repr__(self) -> str:
        return f"S.{self.name}"


@dataclass(frozen=True, eq=True)
class IndexConst(IndexExpr):
    value: int

    def __repr__(self) -> str:
        return str(self.value)


@dataclass(frozen=True, eq=True)
class IndexBinary(IndexExpr):
    op: AffineExprKind
    lhs: IndexExpr
    rhs: IndexExpr

    def leaves(self) -> Iterator[IndexExpr]:
        yield from self.lhs.leaves()
        yield from self.rhs.leaves()

    def __repr__(self) -> str:
        return f"({self.lhs!r} {self.op.value} {self.rhs!r})"


class _DimNamespace:
    """`D.<name>` makes the loop dim `<name>`."""

    def __getattr__(self, name: str) -> DimDef:
        if name.startswith("__"):
            raise AttributeError(name)
        return DimDef(name)

    def __repr__(self) -> str:
        return "D"


class _SymbolNamespace:
    """`S.<NAME>` makes the size symbol `<NAME>`."""

    def __getattr__(self, name: str) -> SymbolDef:
        if name.startswith("__"):
            raise AttributeError(name)
        return SymbolDef(name)

    def __repr__(self) -> str:
        return "S"


D = _DimNamespace()
S = _SymbolNamespace()


def check_dims(values: tuple[object, ...], what: str, pos: SourcePos | None) -> tuple[DimDef, ...]:
    """Require every value to be a plain dim (`D.x`), as `domain` and `index_dims` do."""
    for v in values:
        if not isinstance(v, DimDef):
            raise DslError(f"{what} takes dims such as D.m, got {v!r}", pos)
    return tuple(values)  # type: ignore[arg-type]
