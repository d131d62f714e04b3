"""Operand declarations: the default values of an op function's parameters.

`TensorDef`, `ScalarDef`, `IndexAttrDef` and the function-attribute defs are
plain values evaluated when Python runs the `def` statement, i.e. before the
decorator knows the op's name. So they never raise: a malformed declaration
records its error and position, and the op builder reports it with the op name.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from linalg_odsgen.diagnostics import SourcePos
from linalg_odsgen.dsl.errors import DslError, user_pos
from linalg_odsgen.dsl.functions import FnRef
from linalg_odsgen.dsl.symbols import DimDef, IndexExpr, SymbolDef, TypeVar, as_index_expr
from linalg_odsgen.model import FnKind


@dataclass(frozen=True)
class OperandDecl:
    """Base of the parameter declarations; remembers where it was written and what was wrong."""

    pos: SourcePos | None = field(default=None, compare=False, kw_only=True)
    error: str | None = field(default=None, compare=False, kw_only=True)

    def raise_if_invalid(self, op: str) -> None:
        if self.error is not None:
            raise DslError(self.error, self.pos, op)


def _type_var_error(type_var: object, what: str) -> str | None:
    if isinstance(type_var, TypeVar):
        return None
    return f"{what} needs a type variable (e.g. T, TV.T or I32) as its type, got {type_var!r}"


@dataclass(frozen=True)
class TensorDef(OperandDecl):
    """`TensorDef(T, S.M, S.K, output=False, index_dims=None)`: a tensor operand and its shape."""

    type_var: TypeVar
    shape: tuple[IndexExpr, ...] = ()
    index_dims: tuple[DimDef, ...] | None = None
    output: bool = False

    def __init__(
        self,
        type_var: TypeVar,
        *shape: IndexExpr | int,
        index_dims: list[DimDef] | tuple[DimDef, ...] | None = None,
        output: bool = False,
    ) -> None:
        errors: list[str] = []
        err = _type_var_error(type_var, "TensorDef")
        if err:
            errors.append(err)
        exprs: list[IndexExpr] = []
        for s in shape:
            try:
                exprs.append(as_index_expr(s))
            except DslError as e:
                errors.append(f"TensorDef shape: {e.message}")
                continue
            if any(True for _ in exprs[-1].dims()):
                errors.append(
                    f"TensorDef shape {exprs[-1]!r} uses a dim; shapes take symbols (S.X)"
                )
        dims: tuple[DimDef, ...] | None = None
        if index_dims is not None:
            dims = tuple(index_dims)
            if not all(isinstance(d, DimDef) for d in dims):
                errors.append(f"index_dims takes dims such as D.kh, got {list(dims)!r}")
            elif len(dims) != len(exprs):
                errors.append(
                    f"index_dims has {len(dims)} dims but the tensor has rank {len(exprs)}"
                )
            elif len(set(dims)) != len(dims):
                errors.append(f"index_dims repeats a dim: {list(dims)!r}")
            if output:
                errors.append("an output tensor cannot be shape-only (index_dims)")
        if not isinstance(output, bool):
            errors.append(f"TensorDef output= takes True or False, got {output!r}")
        object.__setattr__(self, "type_var", type_var)
        object.__setattr__(self, "shape", tuple(exprs))
        object.__setattr__(self, "index_dims", dims)
        object.__setattr__(self, "output", bool(output))
        object.__setattr__(self, "pos", user_pos())
        object.__setattr__(self, "error", errors[0] if errors else None)

    @property
    def rank(self) -> int:
        return len(self.shape)


@dataclass(frozen=True)
class ScalarDef(OperandDecl):
    """`ScalarDef(T)`: a scalar input operand."""

    type_var: TypeVar

    def __init__(self, type_var: TypeVar) -> None:
        object.__setattr__(self, "type_var", type_var)
        object.__setattr__(self, "pos", user_pos())
        object.__setattr__(self, "error", _type_var_error(type_var, "ScalarDef"))


@dataclass(frozen=True)
class IndexAttrDef(OperandDecl):
    """`IndexAttrDef(S.SH, S.SW, default=[1, 1])`: integer attributes that bind symbols."""

    symbols: tuple[SymbolDef, ...]
    default: tuple[int, ...]

    def __init__(
        self, *symbols: SymbolDef, default: list[int] | tuple[int, ...] | None = None
    ) -> None:
        errors: list[str] = []
        if not symbols:
            errors.append(
                "IndexAttrDef needs at least one symbol, e.g. IndexAttrDef(S.SH, S.SW, ...)"
            )
        for s in symbols:
            if not isinstance(s, SymbolDef):
                errors.append(f"IndexAttrDef takes symbols such as S.SH, got {s!r}")
                break
        if len(set(symbols)) != len(symbols):
            errors.append(f"IndexAttrDef repeats a symbol: {list(symbols)!r}")
        values: tuple[int, ...] = ()
        if default is None:
            errors.append("IndexAttrDef needs default=[...] with one integer per symbol")
        else:
            values = tuple(default)
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
                errors.append(f"IndexAttrDef default takes integers, got {list(values)!r}")
            elif len(values) != len(symbols):
                errors.append(
                    f"IndexAttrDef has {len(symbols)} symbol{'s' if len(symbols) != 1 else ''} "
                    f"but {len(values)} default value{'s' if len(values) != 1 else ''}"
                )
        object.__setattr__(self, "symbols", tuple(symbols))
        object.__setattr__(self, "default", values)
        object.__setattr__(self, "pos", user_pos())
        object.__setattr__(self, "error", errors[0] if errors else None)


@dataclass(frozen=True)
class FnAttrDef(OperandDecl):
    """A function attribute of some kind with its default function."""

    kind: FnKind
    default: FnRef | None

    def __init__(self, kind: FnKind, default: object) -> None:
        error = None
        title = _ATTR_DEF_NAMES[kind]
        if not isinstance(default, FnRef) or default.kind is not kind:
            expected = {
                FnKind.UNARY: "UnaryFn.exp",
                FnKind.BINARY: "BinaryFn.add",
                FnKind.TERNARY: "TernaryFn.select",
                FnKind.TYPE: "TypeFn.cast_signed",
            }[kind]
            error = f"{title} needs default= a {kind.value} function such as {expected}, got {default!r}"
            default = None
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "default", default)
        object.__setattr__(self, "pos", user_pos())
        object.__setattr__(self, "error", error)


_ATTR_DEF_NAMES = {
    FnKind.UNARY: "UnaryFnAttrDef",
    FnKind.BINARY: "BinaryFnAttrDef",
    FnKind.TERNARY: "TernaryFnAttrDef",
    FnKind.TYPE: "TypeFnAttrDef",
}


def UnaryFnAttrDef(default: object = None) -> FnAttrDef:
    """A unary function attribute, e.g. `fun=UnaryFnAttrDef(default=UnaryFn.exp)`."""
    return FnAttrDef(FnKind.UNARY, default)


def BinaryFnAttrDef(default: object = None) -> FnAttrDef:
    """A binary function attribute, e.g. `fun=BinaryFnAttrDef(default=BinaryFn.add)`."""
    return FnAttrDef(FnKind.BINARY, default)


def TernaryFnAttrDef(default: object = None) -> FnAttrDef:
    """A ternary function attribute, e.g. `fun=TernaryFnAttrDef(default=TernaryFn.select)`."""
    return FnAttrDef(FnKind.TERNARY, default)


def TypeFnAttrDef(default: object = None) -> FnAttrDef:
    """A type-conversion attribute, e.g. `cast=TypeFnAttrDef(default=TypeFn.cast_signed)`."""
    return FnAttrDef(FnKind.TYPE, default)
