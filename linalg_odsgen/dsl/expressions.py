"""Scalar expressions of an op body: what the right-hand side of an assignment builds.

Nodes are immutable and remember where the user wrote them, so the analysis
that runs after the body can point at the offending line. `+ - * /` build
`BinaryFn.add/sub/mul/div` calls; other operators and comparisons are diagnostics; `const(...)` and `index(D.x)` are the special forms.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from dataclasses import dataclass, field

from linalg_odsgen.diagnostics import SourcePos
from linalg_odsgen.dsl import current
from linalg_odsgen.dsl.errors import DslError, user_pos
from linalg_odsgen.dsl.symbols import F64, I64, DimDef, IndexExpr, TypeVar
from linalg_odsgen.float_text import F64_SIGNIFICAND_BITS, float_attr_decimal
from linalg_odsgen.model import FnKind


class ScalarExpression:
    """Base of every value an op body computes with."""

    pos: SourcePos | None

    def __add__(self, other: object) -> ScalarExpression:
        return _binary_operator("add", "+", self, other)

    def __radd__(self, other: object) -> ScalarExpression:
        return _binary_operator("add", "+", other, self)

    def __sub__(self, other: object) -> ScalarExpression:
        return _binary_operator("sub", "-", self, other)

    def __rsub__(self, other: object) -> ScalarExpression:
        return _binary_operator("sub", "-", other, self)

    def __mul__(self, other: object) -> ScalarExpression:
        return _binary_operator("mul", "*", self, other)

    def __rmul__(self, other: object) -> ScalarExpression:
        return _binary_operator("mul", "*", other, self)

    def __truediv__(self, other: object) -> ScalarExpression:
        return _binary_operator("div", "/", self, other)

    def __rtruediv__(self, other: object) -> ScalarExpression:
        return _binary_operator("div", "/", other, self)

    # Python operators with no op-config function: a diagnostic naming the operator and
    # the user's line, instead of Python's "bad operand type ...".
    def __neg__(self) -> ScalarExpression:
        raise _unsupported("unary -", "write UnaryFn.negf(x) for floats, or const(0) - x")

    def __pos__(self) -> ScalarExpression:
        raise _unsupported("unary +", "drop it")

    def __invert__(self) -> ScalarExpression:
        raise _unsupported("~", "op configs have no bitwise functions")

    def __abs__(self) -> ScalarExpression:
        raise _unsupported("abs()", "write UnaryFn.abs(x)")

    def __pow__(self, other: object) -> ScalarExpression:
        raise _unsupported("**", "write BinaryFn.powf(x, y)")

    __rpow__ = __pow__

    def __floordiv__(self, other: object) -> ScalarExpression:
        raise _unsupported("//", "write x / y (BinaryFn.div: signed division for integers)")

    __rfloordiv__ = __floordiv__

    def __mod__(self, other: object) -> ScalarExpression:
        raise _unsupported("%", "op configs have no remainder function")

    __rmod__ = __mod__

    def __matmul__(self, other: object) -> ScalarExpression:
        raise _unsupported("@", "a body computes one element: write the sum with += and *")

    __rmatmul__ = __matmul__

    def __and__(self, other: object) -> ScalarExpression:
        raise _unsupported("&", "op configs have no bitwise functions")

    __rand__ = __and__

    def __or__(self, other: object) -> ScalarExpression:
        raise _unsupported("|", "op configs have no bitwise functions")

    __ror__ = __or__

    def __xor__(self, other: object) -> ScalarExpression:
        raise _unsupported("^", "op configs have no bitwise functions")

    __rxor__ = __xor__

    def __lshift__(self, other: object) -> ScalarExpression:
        raise _unsupported("<<", "op configs have no shift functions")

    __rlshift__ = __lshift__

    def __rshift__(self, other: object) -> ScalarExpression:
        raise _unsupported(">>", "op configs have no shift functions")

    __rrshift__ = __rshift__

    def __lt__(self, other: object) -> bool:
        raise _comparison("<")

    def __le__(self, other: object) -> bool:
        raise _comparison("<=")

    def __gt__(self, other: object) -> bool:
        raise _comparison(">")

    def __ge__(self, other: object) -> bool:
        raise _comparison(">=")

    def __eq__(self, other: object) -> bool:
        if _inside_dsl():  # the analysis compares nodes by identity
            return self is other
        raise _comparison("==")

    def __ne__(self, other: object) -> bool:
        if _inside_dsl():
            return self is not other
        raise _comparison("!=")

    __hash__ = object.__hash__

    def children(self) -> tuple[ScalarExpression, ...]:
        return ()

    def walk(self) -> Iterator[ScalarExpression]:
        """This node and its descendants, parents first, operands left to right."""
        yield self
        for c in self.children():
            yield from c.walk()

    def __bool__(self) -> bool:
        raise DslError(
            "a scalar expression has no truth value; use TernaryFn.select(cond, a, b)",
            user_pos(),
        )


def _unsupported(symbol: str, hint: str) -> DslError:
    return DslError(
        f"operator {symbol} has no op-config function in an op body; {hint}", user_pos()
    )


def _comparison(symbol: str) -> DslError:
    return DslError(
        f"comparison {symbol} is not an op-config expression (op configs have no comparison "
        "function); use BinaryFn.max_signed/min_signed for a maximum/minimum, or "
        "TernaryFn.select(cond, a, b) with an i1 operand as the condition",
        user_pos(),
    )


def _inside_dsl() -> bool:
    """Whether no op body is running: `==` then is the analysis comparing nodes, not a
    comparison an op author wrote (which has no op-config function)."""
    return current.running() is None


def _binary_operator(fn: str, symbol: str, lhs: object, rhs: object) -> ScalarExpression:
    for v in (lhs, rhs):
        if not isinstance(v, ScalarExpression):
            hint = " (wrap Python numbers in const(...))" if isinstance(v, (int, float)) else ""
            raise DslError(
                f"operator {symbol} needs scalar expressions on both sides, got {v!r}{hint}",
                user_pos(),
            )
    return FnCall(FnKind.BINARY, (lhs, rhs), fn_name=fn, pos=user_pos())  # type: ignore[arg-type]


@dataclass(frozen=True, eq=False)
class OperandRef(ScalarExpression):
    """The current element of a tensor (`I[D.m, D.k]`) or the value of a scalar operand.

    `indices` is None for a scalar operand; for tensors it holds the index
    expressions in order (empty for `I[None]`).
    """

    name: str
    indices: tuple[IndexExpr, ...] | None
    pos: SourcePos | None = field(default=None, compare=False)

    def dims(self) -> Iterator[DimDef]:
        for index in self.indices or ():
            yield from index.dims()

    # `O[...] += e` is a statement, not an addition: it yields an Accumulate (which is
    # deliberately no ScalarExpression) for `__setitem__`, so the `__add__` contract differs.
    def __iadd__(self, other: object) -> Accumulate:  # type: ignore[override]
        if not isinstance(other, ScalarExpression):
            raise DslError(f"+= needs a scalar expression on the right, got {other!r}", user_pos())
        return Accumulate(self, other, user_pos())

    def __repr__(self) -> str:
        if self.indices is None:
            return self.name
        return f"{self.name}[{', '.join(map(repr, self.indices)) or 'None'}]"


@dataclass(frozen=True, eq=False)
class FnCall(ScalarExpression):
    """A scalar function applied to operands; named (`fn_name`) or through an attribute (`attr_name`)."""

    kind: FnKind
    operands: tuple[ScalarExpression, ...]
    fn_name: str | None = None
    attr_name: str | None = None
    type_var: TypeVar | None = None
    pos: SourcePos | None = field(default=None, compare=False)

    def children(self) -> tuple[ScalarExpression, ...]:
        return self.operands


@dataclass(frozen=True, eq=False)
class Const(ScalarExpression):
    """`const(v)`: an MLIR attribute literal (`'42 : i64'`) and the fixed type it has."""

    text: str
    type_var: TypeVar | None
    pos: SourcePos | None = field(default=None, compare=False)


@dataclass(frozen=True, eq=False)
class IndexValue(ScalarExpression):
    """`index(D.x)`: the current iteration index along a loop dim."""

    dim: DimDef
    pos: SourcePos | None = field(default=None, compare=False)


@dataclass(frozen=True, eq=False)
class Reduction(ScalarExpression):
    """`ReduceFn.<fn>[dims](operand)`: combine `operand` into the output over `dims`."""

    fn_name: str
    dims: tuple[DimDef, ...]
    operand: ScalarExpression
    pos: SourcePos | None = field(default=None, compare=False)
    # True when `fn_name` names a BinaryFnAttrDef parameter (`fun[[D.k]](x)`, LLVM 24).
    through_attr: bool = False

    def children(self) -> tuple[ScalarExpression, ...]:
        return (self.operand,)


@dataclass(frozen=True, eq=False)
class Accumulate:
    """What `O[...] += rhs` hands to the assignment: a sum reduction into `target`."""

    target: OperandRef
    value: ScalarExpression
    pos: SourcePos | None = None


# -- builders used by function references and the special forms ---------------------------


def make_fn_call(
    kind: FnKind,
    args: tuple[object, ...],
    *,
    fn_name: str | None = None,
    attr_name: str | None = None,
    label: str,
) -> FnCall:
    """Check arity and operand kinds of a call, then build the node."""
    pos = user_pos()
    type_var: TypeVar | None = None
    if kind is FnKind.TYPE:
        if len(args) != 2 or not isinstance(args[0], TypeVar):
            raise DslError(
                f"{label} takes a type variable and one operand, e.g. {label}(U, x)", pos
            )
        type_var, args = args[0], args[1:]
    elif len(args) != kind.arity:
        raise DslError(
            f"{label} takes {kind.arity} operand{'s' if kind.arity > 1 else ''}, got {len(args)}",
            pos,
        )
    for a in args:
        if not isinstance(a, ScalarExpression):
            raise DslError(f"{label}: operand {a!r} is not a scalar expression", pos)
    if type_var is not None and type_var.name in ("F32", "F64") and is_index_typed(args[0]):
        # MLIR 22's region builder has no index -> float conversion: it warns "could not
        # cast operand of type 'index'" and the op then fails to verify.
        raise DslError(
            f"{label}({type_var.name}, ...) of an index value: MLIR converts index only to "
            f"integers; cast through I64 first: "
            f"{label}({type_var.name}, {label}(I64, ...))",
            pos,
        )
    return FnCall(kind, tuple(args), fn_name, attr_name, type_var, pos)  # type: ignore[arg-type]


def is_index_typed(e: object) -> bool:
    """Whether `e` is known to have type `index` whatever the operands: `index(D.x)` and
    functions (not casts) of index values only."""
    if isinstance(e, IndexValue):
        return True
    if isinstance(e, FnCall) and e.kind is not FnKind.TYPE and e.operands:
        values = e.operands[1:] if e.kind is FnKind.TERNARY else e.operands  # select's cond
        return all(is_index_typed(x) for x in values)
    return False


def make_reduction(
    name: str,
    dims: tuple[DimDef, ...],
    args: tuple[object, ...],
    label: str,
    *,
    through_attr: bool = False,
) -> Reduction:
    """`ReduceFn.<name>[dims](args)` (or a binary function attribute `name[dims](args)`);
    `label` is how the user wrote the combiner."""
    pos = user_pos()
    if len(args) != 1 or not isinstance(args[0], ScalarExpression):
        raise DslError(f"{label}(...) takes exactly one scalar expression", pos)
    return Reduction(name, dims, args[0], pos, through_attr)


def const(value: object) -> Const:
    """A constant: Python ints become `i64` attributes, floats `f64` ones (MLIR's spelling)."""
    pos = user_pos()
    if isinstance(value, bool):
        raise DslError("const() takes an int or a float, not a bool", pos)
    if isinstance(value, int):
        if not -(1 << 63) <= value < (1 << 63):
            raise DslError(f"const({value}) does not fit in i64", pos)
        return Const(f"{value} : i64", I64, pos)
    if isinstance(value, float):
        return Const(f"{format_f64(value)} : f64", F64, pos)
    raise DslError(f"const() takes an int or a float, got {value!r}", pos)


def index(dim: object) -> IndexValue:
    """The iteration index along `dim` (an `index`-typed value)."""
    pos = user_pos()
    if not isinstance(dim, DimDef):
        raise DslError(f"index() takes a dim such as D.m, got {dim!r}", pos)
    return IndexValue(dim, pos)


# -- MLIR's spelling of f64 literals -----------------------------------------------------


def format_f64(value: float) -> str:
    """Spell a double as MLIR prints a `FloatAttr` (upstream's OpDSL dump writes `scalar_const` so).

    Six-digit scientific form when it reads back exactly (`1.000000e+00`),
    else the 17-digit natural form if it has a '.' (`2.3283063999999999E-10`),
    else the bit pattern in hex.
    """
    text = float_attr_decimal(
        value,
        significand_bits=F64_SIGNIFICAND_BITS,
        reads_back=lambda text: struct.pack(">d", float(text)) == struct.pack(">d", value),
    )
    if text is not None:
        return text
    bits = int.from_bytes(struct.pack(">d", value), "big")
    return f"0x{bits:016X}"
