"""The syntax tree of a TC file, as written (names unresolved, positions kept).

`parser` builds it; `lower` resolves names, numbers dims and symbols, checks
types and turns each `Def` into an op config.
"""

from __future__ import annotations

from dataclasses import dataclass

from linalg_odsgen.tc.lexer import Pos

# -- affine index expressions (tensor shapes and tensor accesses) -----------------------


@dataclass(frozen=True)
class Num:
    value: int
    pos: Pos


@dataclass(frozen=True)
class Name:
    """A dim, a shape symbol or a scalar attribute: which one is decided by `lower`."""

    name: str
    pos: Pos


@dataclass(frozen=True)
class AttrElem:
    """`strides[0]`: one element of a vector attribute."""

    name: str
    index: int
    pos: Pos


@dataclass(frozen=True)
class BinOp:
    op: str  # '+', '-', '*'
    lhs: Affine
    rhs: Affine
    pos: Pos


@dataclass(frozen=True)
class Neg:
    operand: Affine
    pos: Pos


Affine = Num | Name | AttrElem | BinOp | Neg


# -- scalar expressions of a comprehension ----------------------------------------------


@dataclass(frozen=True)
class Access:
    """`A(m, k)`: the element of tensor A at the given indices."""

    tensor: str
    indices: tuple[Affine, ...]
    pos: Pos


@dataclass(frozen=True)
class Call:
    """`std_addf<k>(x, y)`: an intrinsic, optionally with reduction dims."""

    fn: str
    reduction_dims: tuple[Name, ...]
    args: tuple[Expr, ...]
    pos: Pos
    has_angle: bool = False


Expr = Access | Call


@dataclass(frozen=True)
class Comprehension:
    """`C(m, n), D(m) = e1, e2;`: the i-th expression updates the i-th output."""

    targets: tuple[Access, ...]
    values: tuple[Expr, ...]
    pos: Pos


# -- declarations ------------------------------------------------------------------------


@dataclass(frozen=True)
class TensorParam:
    """`A : f32(M, K)`."""

    name: str
    elem_type: str
    shape: tuple[Affine, ...]
    pos: Pos
    type_pos: Pos
    is_output: bool


@dataclass(frozen=True)
class AttrParam:
    """`strides : 2xi64` (also `f32`, `5x6xi32`, `f32[]`, `i32[2]`, optional with `?`)."""

    name: str
    type_text: str
    elem_type: str
    vector_shape: tuple[int, ...]
    array_size: int | None  # `[N]`; -1 for an unsized `[]`; None when not an array
    optional: bool
    pos: Pos
    type_pos: Pos


@dataclass(frozen=True)
class Def:
    """One `[ods_def<Class> [implements_interface<...>] :] def name(...) -> (...) ... { ... }`."""

    name: str
    pos: Pos
    class_name: str | None
    interfaces: tuple[str, ...]
    doc: str | None
    doc_pos: Pos | None
    inputs: tuple[TensorParam, ...]
    outputs: tuple[TensorParam, ...]
    attrs: tuple[AttrParam, ...]
    comprehensions: tuple[Comprehension, ...]
    start: Pos  # where the def begins (`ods_def` or `def`)
    incomplete: bool = False  # a statement of the body had a syntax error (already reported)
