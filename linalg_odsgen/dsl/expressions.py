"""Scalar expressions of an op body: what the right-hand side of an assignment builds.

Nodes are immutable and remember where the user wrote them, so the analysis
that runs after the body can point at the offending line. `+ - *` build
`BinaryFn.add/sub/mul` calls; `const(...)` and `index(D.x)` are the special forms.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from linalg_odsgen.diagnostics import SourcePos
from linalg_odsgen.dsl.errors import DslError, user_pos
from linalg_odsgen.dsl.symbols import F64, I64, DimDef, IndexExpr, TypeVar
from linalg_odsgen.model import FnKind

if TYPE_CHECKING:
    from linalg_odsgen.dsl.functions import ReduceFnUse


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

    def __iadd__(self, other: object) -> Accumulate:
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
    return FnCall(kind, tuple(args), fn_name, attr_name, type_var, pos)  # type: ignore[arg-type]


def make_reduction(use: ReduceFnUse, args: tuple[object, ...]) -> Reduction:
    pos = user_pos()
    if len(args) != 1 or not isinstance(args[0], ScalarExpression):
        raise DslError(f"{use!r}(...) takes exactly one scalar expression", pos)
    return Reduction(use.name, use.dims, args[0], pos)


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
    """Spell a double as MLIR prints a `FloatAttr`.

    MLIR first tries six-digit scientific form (`1.000000e+00`) and keeps it
    when it reads back to the same bits; otherwise it uses the shortest form
    of up to 17 significant digits (`2.3283063999999999E-10`, `0.1234567`)
    provided it contains a '.', and falls back to the bit pattern in hex.
    """
    if math.isfinite(value):
        text = _apfloat_to_string(value, precision=6, max_padding=0, truncate_zero=False)
        if float(text) == value and math.copysign(1.0, float(text)) == math.copysign(1.0, value):
            return text
        text = _apfloat_to_string(value, precision=0, max_padding=3, truncate_zero=True)
        if "." in text:
            return text
    bits = int.from_bytes(struct.pack(">d", value), "big")
    return f"0x{bits:016X}"


def _decimal_digits(value: float, precision: int) -> tuple[str, int]:
    """Digits and exponent (value ~ int(digits) * 10**exp) as APFloat computes them.

    LLVM first drops whole decimal digits by truncation, keeping a few more
    than `precision`, and only then rounds half up to `precision` digits; the
    truncation can change the last digit, so it is reproduced here.
    """
    bits = struct.unpack(">Q", struct.pack(">d", value))[0]
    biased, fraction = (bits >> 52) & 0x7FF, bits & ((1 << 52) - 1)
    mantissa, exp2 = ((1 << 52) | fraction, biased - 1075) if biased else (fraction, -1074)
    trailing = (mantissa & -mantissa).bit_length() - 1
    mantissa, exp2 = mantissa >> trailing, exp2 + trailing
    if exp2 >= 0:
        significand, exp = mantissa << exp2, 0
    else:
        significand, exp = mantissa * 5**-exp2, exp2
    bits_required = (precision * 196 + 58) // 59
    if significand.bit_length() > bits_required:
        removable = (significand.bit_length() - bits_required) * 59 // 196
        significand //= 10**removable
        exp += removable
    digits = str(significand)
    if len(digits) > precision:
        kept = int(digits[:precision]) + (1 if digits[precision] >= "5" else 0)
        digits, exp = str(kept), exp + len(digits) - precision
    return digits, exp


def _apfloat_to_string(
    value: float, *, precision: int, max_padding: int, truncate_zero: bool
) -> str:
    """Decimal text of a finite double with LLVM's `APFloat::toString` rules."""
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    if value == 0.0:
        if max_padding:
            return sign + "0"
        if truncate_zero:
            return sign + "0.0E+0"
        return sign + "0." + "0" * max(precision, 1) + "e+00"
    if precision == 0:
        precision = 2 + 53 * 59 // 196  # enough digits to read a double back exactly
    digits, exp = _decimal_digits(abs(value), precision)
    stripped = digits.rstrip("0")
    exp += len(digits) - len(stripped)
    digits = stripped
    n = len(digits)

    if not max_padding:
        scientific = True
    elif exp >= 0:
        scientific = exp > max_padding or n + exp > precision
    else:
        msd = exp + n - 1
        scientific = msd < 0 and -msd > max_padding

    if scientific:
        exp10 = exp + n - 1
        mantissa = digits[0] + "."
        if n == 1 and truncate_zero:
            mantissa += "0"
        else:
            mantissa += digits[1:]
        if not truncate_zero and precision > n - 1:
            mantissa += "0" * (precision - n + 1)
        exp_digits = str(abs(exp10))
        if not truncate_zero and len(exp_digits) < 2:
            exp_digits = "0" + exp_digits
        return f"{sign}{mantissa}{'E' if truncate_zero else 'e'}{'+' if exp10 >= 0 else '-'}{exp_digits}"
    if exp >= 0:
        return sign + digits + "0" * exp
    whole = exp + n
    if whole > 0:
        return f"{sign}{digits[:whole]}.{digits[whole:]}"
    return f"{sign}0.{'0' * -whole}{digits}"
