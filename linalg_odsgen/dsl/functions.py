"""Scalar function names of the DSL: `UnaryFn.exp`, `BinaryFn.add`, `TypeFn.cast_signed`, `ReduceFn.add[D.k]`.

A function reference is a plain value (kind + name) that can be called on
scalar expressions to build a call node, or used as the default of a function
attribute. The names each kind admits come from the op-config model.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from linalg_odsgen.dsl.errors import DslError, user_pos
from linalg_odsgen.dsl.expressions import make_fn_call, make_reduction
from linalg_odsgen.dsl.symbols import DimDef
from linalg_odsgen.model import FN_NAMES, FnKind
from linalg_odsgen.payloads import linalg_fns

# Spellings of LLVM 13/14's OpDSL that MLIR 22's tools refuse too, and their modern names.
OLD_SPELLINGS: dict[str, str] = {
    "TypeFn.cast": "TypeFn.cast_signed (or TypeFn.cast_unsigned)",
    "BinaryFn.max": "BinaryFn.max_signed (or max_unsigned)",
    "BinaryFn.min": "BinaryFn.min_signed (or min_unsigned)",
    "ReduceFn.max": "ReduceFn.max_signed (or max_unsigned)",
    "ReduceFn.min": "ReduceFn.min_signed (or min_unsigned)",
    "cast": "TypeFn.cast_signed(U, x) (or TypeFn.cast_unsigned)",
    "ArithFn": "UnaryFn / BinaryFn",
    "PrimFn": "UnaryFn / BinaryFn",
    "AttributeDef": "IndexAttrDef",
}

# Reduction combiners and the binary function each one applies.
REDUCE_FNS: tuple[str, ...] = tuple(f.name for f in linalg_fns("binary") if f.reduces)


@dataclass(frozen=True)
class FnRef:
    """A named scalar function of one kind, e.g. `BinaryFn.max_signed`."""

    kind: FnKind
    name: str

    def __call__(self, *args: object) -> object:
        return make_fn_call(self.kind, args, fn_name=self.name, label=repr(self))

    def __repr__(self) -> str:
        return f"{_NAMESPACE_OF_KIND[self.kind]}.{self.name}"


class _FnNamespace:
    """`<Kind>Fn.<name>`: the functions of one kind; unknown names are errors with the valid list."""

    def __init__(self, kind: FnKind, title: str) -> None:
        self._kind = kind
        self._title = title

    def __getattr__(self, name: str) -> FnRef:
        if name.startswith("__"):
            raise AttributeError(name)
        if name not in FN_NAMES[self._kind]:
            old = OLD_SPELLINGS.get(f"{self._title}.{name}")
            hint = f" ({self._title}.{name} is an LLVM 13/14 spelling: use {old})" if old else ""
            raise DslError(
                f"{self._title} has no function {name!r}; "
                f"expected one of: {', '.join(FN_NAMES[self._kind])}{hint}",
                user_pos(),
            )
        return FnRef(self._kind, name)

    def __iter__(self) -> Iterator[FnRef]:
        return (FnRef(self._kind, n) for n in FN_NAMES[self._kind])

    def __repr__(self) -> str:
        return self._title


_NAMESPACE_OF_KIND = {
    FnKind.UNARY: "UnaryFn",
    FnKind.BINARY: "BinaryFn",
    FnKind.TERNARY: "TernaryFn",
    FnKind.TYPE: "TypeFn",
}

UnaryFn = _FnNamespace(FnKind.UNARY, "UnaryFn")
BinaryFn = _FnNamespace(FnKind.BINARY, "BinaryFn")
TernaryFn = _FnNamespace(FnKind.TERNARY, "TernaryFn")
TypeFn = _FnNamespace(FnKind.TYPE, "TypeFn")


@dataclass(frozen=True)
class ReduceFnUse:
    """`ReduceFn.<name>[D.k, ...]`: a combiner and the dims it reduces; call it on the operand."""

    name: str
    dims: tuple[DimDef, ...]
    through_attr: bool = False  # `name` is a BinaryFnAttrDef parameter

    def __call__(self, *args: object) -> object:
        return make_reduction(
            self.name, self.dims, args, repr(self), through_attr=self.through_attr
        )

    def __repr__(self) -> str:
        prefix = "" if self.through_attr else "ReduceFn."
        return f"{prefix}{self.name}[{', '.join(map(repr, self.dims))}]"


def reduced_dims(label: str, dims: object) -> tuple[DimDef, ...]:
    """The dims of a reduction subscript, in both generations' spellings: `[D.k]` and
    `[D.k, D.l]` (LLVM <= 22) or a list, `[[D.k]]` (LLVM 24)."""
    items = tuple(dims) if isinstance(dims, (tuple, list)) else (dims,)
    for d in items:
        if not isinstance(d, DimDef):
            raise DslError(f"{label}[...] takes the reduced dims (D.k, ...), got {d!r}", user_pos())
    return items  # all DimDef, checked above


@dataclass(frozen=True)
class ReduceFnRef:
    """`ReduceFn.<name>`: subscript it with the reduction dims (`[D.k]` or `[[D.k]]`)."""

    name: str

    def __getitem__(self, dims: object) -> ReduceFnUse:
        return ReduceFnUse(self.name, reduced_dims(f"ReduceFn.{self.name}", dims))

    def __call__(self, *args: object) -> object:
        raise DslError(
            f"ReduceFn.{self.name} needs its reduction dims: ReduceFn.{self.name}[D.k](...)",
            user_pos(),
        )

    def __repr__(self) -> str:
        return f"ReduceFn.{self.name}"


class _ReduceNamespace:
    """`ReduceFn.<combiner>[D.k, ...](expr)` reduces `expr` over the listed dims with
    `add`, `mul`, `max_signed`, `min_signed`, `max_unsigned` or `min_unsigned`."""

    def __getattr__(self, name: str) -> ReduceFnRef:
        if name.startswith("__"):
            raise AttributeError(name)
        if name not in REDUCE_FNS:
            old = OLD_SPELLINGS.get(f"ReduceFn.{name}")
            hint = f" (ReduceFn.{name} is an LLVM 13/14 spelling: use {old})" if old else ""
            raise DslError(
                f"ReduceFn has no combiner {name!r}; expected one of: {', '.join(REDUCE_FNS)}"
                + hint,
                user_pos(),
            )
        return ReduceFnRef(name)

    def __repr__(self) -> str:
        return "ReduceFn"


ReduceFn = _ReduceNamespace()
