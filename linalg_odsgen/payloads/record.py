"""What the project knows about one payload op or one Linalg function, as plain records.

A `PayloadFn` describes one scalar op of the region IR (`arith.addf`, `math.erf`,
`arith.extsi`, ...): its printing shape, arity, result-type rule, exact scalar
semantics, NumPy vector twin, the numba text of the compiled kernels, the temporaries
the fast backend budgets, whether MLIR's lowering calls the C math library, and,
for associative combiners, how a reduction folds it.

A `LinalgFn` describes one name of MLIR's Linalg function enums (`UnaryFn::exp`,
`BinaryFn::max_signed`, `TypeFn::cast_signed`): which payload op implements it for
each class of operand types, and the legacy TC intrinsics that spell it.

The records only hold data and functions; the tables every backend, printer and
generator uses are derived from them in `linalg_odsgen.payloads.registry`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from linalg_odsgen.types import ElementType


class OpCategory(str, enum.Enum):
    """Operand/printing shape of a payload op."""

    UNARY = "unary"  # %r = math.exp %a : f32
    BINARY = "binary"  # %r = arith.addf %a, %b : f32
    CAST = "cast"  # %r = arith.extsi %a : i8 to i32
    SELECT = "select"  # %r = arith.select %c, %a, %b : f32
    CONSTANT = "constant"  # %r = arith.constant 42 : i32
    INDEX = "index"  # %r = linalg.index 0 : index


class Operands(str, enum.Enum):
    """Which element types a payload op takes."""

    FLOAT = "float"
    INTEGER = "integer"  # signless integers, i1 and index included
    ANY = "any"  # select: an i1 condition, then two values of one type
    NONE = "none"  # constants and linalg.index


class ResultRule(str, enum.Enum):
    """How a payload op's result type follows from its operands."""

    SAME = "same"  # the operands' type
    CHOSEN = "chosen"  # a cast: the target type is the builder's choice
    SECOND = "second"  # select: the type of the chosen values
    ATTRIBUTE = "attribute"  # a constant: its literal's type
    INDEX = "index"  # linalg.index


class ValueLike(Protocol):
    @property
    def type(self) -> ElementType: ...


class OpLike(Protocol):
    """What semantics read from a payload op: its operands' and result's types, attributes."""

    @property
    def name(self) -> str: ...
    @property
    def operands(self) -> Sequence[Any]: ...
    @property
    def result(self) -> Any: ...
    def attr(self, key: str) -> int | float | bool: ...


ScalarImpl = Callable[..., Any]
# `scalar(op)` specialises the exact scalar function to `op`'s types (canonical values:
# Python ints for integers, NumPy scalars of the type's dtype for floats).
ScalarFactory = Callable[[Any], ScalarImpl]
# `vector(op, operand_arrays, out)` computes the op elementwise on canonical-dtype arrays.
VecFn = Callable[[Any, Sequence[np.ndarray], "np.ndarray | None"], np.ndarray]


class Finish(str, enum.Enum):
    """What a numba kernel does to the text of a payload op's result."""

    NONE = "none"  # the expression is the result
    WRAP = "wrap"  # integer: wrapped to the result's width
    ROUND = "round"  # float computed in f32/f64 registers: rounded to a narrow result type
    FROM_F64 = "from_f64"  # computed in f64: rounded once to the result type
    CUSTOM = "custom"  # the compiled backend's cast rules (type-dependent conversions)


@dataclass(frozen=True)
class NumbaText:
    """The compiled kernels' text of an op: `template` with `{a}`, `{b}`, `{c}` for the
    operands' registers and `{width}`, `{src_width}` for the result's and first operand's
    bit widths; `narrow` replaces it when the result is not f64 (a vectorisable routine
    instead of a library call). `short` allows Veltkamp's short rounding for f16/bf16."""

    template: str
    finish: Finish = Finish.NONE
    narrow: str | None = None
    short: bool = False

    def render(self, args: Sequence[str], width: int, src_width: int, f64: bool) -> str:
        text = self.template if f64 or self.narrow is None else self.narrow
        names = dict(zip("abc", args, strict=False))
        return text.format(**names, width=width, src_width=src_width)


@dataclass(frozen=True)
class Reducer:
    """How a reduction folds a combiner over many values at once (NumPy `reduce`).

    `ufunc` folds non-i1 operands (on their unsigned reading when `unsigned`); `bool_ufunc`
    folds i1 (two's complement: true is -1). `zero_bits` says which signed zero a float
    min/max keeps ("and": the bits' and, i.e. +0.0 wins; "or": -0.0 wins). `identity(t)` is
    the canonical value that leaves any operand unchanged. `exact`: folding in any order
    gives the same bits (min/max, integers; not float sums and products, which round)."""

    ufunc: np.ufunc
    bool_ufunc: np.ufunc | None
    identity: Callable[[ElementType], Any]
    unsigned: bool = False
    zero_bits: str | None = None
    exact: bool = True
    # the product op whose sums by this op form a matmul-like semiring contraction, and
    # whether that semiring is the i1 one (or/and) rather than the one of wider types
    contraction_with: str | None = None
    contraction_on_i1: bool = False


@dataclass(frozen=True)
class PayloadFn:
    """One payload op: everything the backends, the printer and the generators use."""

    name: str  # MLIR's op name: `arith.addf`
    cpp_class: str  # its C++ class in MLIR: `AddFOp` (in namespace `arith`)
    category: OpCategory
    family: str  # the registry module that defines it: "arith_int", "math", "casts", ...
    operands: Operands
    result: ResultRule
    doc: str  # one line: what it computes (docs and error messages)
    scalar: ScalarFactory | None = None  # None: constants and linalg.index (structural)
    vector: VecFn | None = None
    numba: NumbaText | None = None
    # fast backend budget: temporaries beyond the result, in units of the widest operand
    # (8 bytes wide when `f64_work`: the semantics compute through f64 arrays)
    temps: float = 0.0
    f64_work: bool = False
    # MLIR's lowering calls the C math library (or an LLVM intrinsic that does): results
    # compared within a few ulps, never bit for bit, against MLIR
    libm: bool = False
    # the compiled kernels compute it with their own or the C library's routines while the
    # loops backend uses NumPy's: results may differ by an ulp or two
    approximate: bool = False
    # plain arithmetic the compiled kernels leave to LLVM to unroll and vectorise
    kernel_plain: bool = False
    # inputs conformance tests draw for it: `positive_inputs` keeps its operands in a
    # positive range (log, sqrt, pow, a divisor, fptoui); `undefined_on` names the
    # special values MLIR leaves undefined for it ("float": NaN/inf/out of range are
    # poison; "all": integer division by zero or overflow traps), which tests never feed
    positive_inputs: bool = False
    undefined_on: str | None = None
    reducer: Reducer | None = None
    # float min/max whose NumPy ufunc is exact when an operand holds no zeros
    minmax_ufunc: np.ufunc | None = None
    # f16/bf16 op whose f32 ufunc result, rounded once, is the narrow result (and whether
    # results below the smallest normal are exact already: sums and differences are)
    narrow_ufunc: np.ufunc | None = None
    narrow_tiny_exact: bool = False

    @property
    def arity(self) -> int:
        return _ARITY[self.category]

    @property
    def dialect(self) -> str:
        return self.name.partition(".")[0]

    @property
    def mnemonic(self) -> str:
        return self.name.partition(".")[2]

    @property
    def cpp(self) -> str:
        """The qualified C++ class: `arith::AddFOp`."""
        return f"{self.dialect}::{self.cpp_class}"


_ARITY = {
    OpCategory.UNARY: 1,
    OpCategory.BINARY: 2,
    OpCategory.CAST: 1,
    OpCategory.SELECT: 3,
    OpCategory.CONSTANT: 0,
    OpCategory.INDEX: 0,
}


@dataclass(frozen=True)
class LinalgFn:
    """One function name of MLIR's Linalg enums and how a region builder implements it.

    `ops` maps a class of operand types ("float", "integer", "bool") to the payload op
    MLIR 22's region builder creates for it (absent: the combination is refused);
    composite functions (`reciprocal`, `square`) and the casts are built by the region
    builder from other ops. `tc` names the legacy TC intrinsics spelling it (`std_addf`
    for float operands, `std_addi` for integers). `cpp` is what the C++ region builder of
    a generated dialect runs for it (`x`, or `lhs`/`rhs` with `isFloat`/`isInt`/`isBool`,
    in scope); unary and binary functions have one. The remaining fields say how the DSL,
    the docs' formulas and the interface checks treat the name."""

    kind: str  # the value of `model.FnKind`: "unary", "binary", "ternary", "type"
    name: str
    doc: str
    ops: tuple[tuple[str, str], ...] = ()
    tc: tuple[tuple[str, str], ...] = ()  # (intrinsic, the type class it takes)
    cpp: tuple[str, ...] = ()  # C++ statements of its `case` in a generated region builder
    # built from another op instead of one of its own: (op, operands), an operand being
    # "x" (the argument) or "1.0" (that constant of the argument's type): 1 / x, x * x
    composite: tuple[str, tuple[str, ...]] | None = None
    unsigned: bool = False  # a type function reading integers as unsigned
    reduces: bool = False  # usable as a reduction combiner (`ReduceFn.add[D.k]`)
    infix: str | None = None  # written as an operator in formulas (`+`), with its
    precedence: int = 0  # binding strength (higher binds tighter)
    compound: str | None = None  # `O = fn(O, x)` reads `O op= x` (`+=`)

    def op_for(self, type_class: str) -> str | None:
        return dict(self.ops).get(type_class)


def arith_binary(
    family: str,
    operands: Operands,
    mnemonic: str,
    cpp_class: str,
    doc: str,
    scalar: Callable[[Any], ScalarImpl],
    vector: VecFn,
    numba: NumbaText,
    **fields: Any,
) -> PayloadFn:
    """The record of a same-typed binary `arith` op (`%r = arith.<mnemonic> %a, %b : t`)."""
    return PayloadFn(
        name=f"arith.{mnemonic}",
        cpp_class=cpp_class,
        category=OpCategory.BINARY,
        family=family,
        operands=operands,
        result=ResultRule.SAME,
        doc=doc,
        scalar=scalar,
        vector=vector,
        numba=numba,
        **fields,
    )


__all__ = [
    "Finish",
    "LinalgFn",
    "NumbaText",
    "OpCategory",
    "OpLike",
    "Operands",
    "PayloadFn",
    "Reducer",
    "ResultRule",
    "ScalarFactory",
    "ScalarImpl",
    "VecFn",
    "arith_binary",
]
