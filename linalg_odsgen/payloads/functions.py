"""The function names of MLIR 22's Linalg enums (UnaryFn, BinaryFn, TernaryFn, TypeFn).

Each maps, per class of operand types, to the payload op MLIR's region builder creates
(checked against `mlir-opt-22 --linalg-generalize-named-ops`); a class it lacks is a
combination MLIR refuses. Order is the enums' order: messages list names in it.
"""

from __future__ import annotations

from typing import Any

from linalg_odsgen.payloads.record import LinalgFn

_F, _I, _B = "float", "integer", "bool"


def _unary(
    name: str,
    op: str | None,
    doc: str,
    tc: str | None = None,
    composite: tuple[str, tuple[str, ...]] | None = None,
) -> LinalgFn:
    ops = ((_F, op),) if op else ()
    tcs = ((tc, _F),) if tc else ()
    return LinalgFn("unary", name, doc, ops, tcs, composite=composite)


# What MLIR's C++ region builder runs for each binary function: the op per class of
# operand types, and the refusals (its unary cases are made from the ops' C++ classes).
_BINARY_CPP: dict[str, tuple[str, ...]] = {
    "add": (
        "if (isFloat) return builder.create<arith::AddFOp>(lhs, rhs);",
        "if (isBool) return builder.create<arith::OrIOp>(lhs, rhs);",
        "return builder.create<arith::AddIOp>(lhs, rhs);",
    ),
    "sub": (
        "if (isFloat) return builder.create<arith::SubFOp>(lhs, rhs);",
        'if (isBool) return fail(emitError, "sub of i1 operands is not supported");',
        "return builder.create<arith::SubIOp>(lhs, rhs);",
    ),
    "mul": (
        "if (isFloat) return builder.create<arith::MulFOp>(lhs, rhs);",
        "if (isBool) return builder.create<arith::AndIOp>(lhs, rhs);",
        "return builder.create<arith::MulIOp>(lhs, rhs);",
    ),
    "div": (
        "if (isFloat) return builder.create<arith::DivFOp>(lhs, rhs);",
        'if (isBool) return fail(emitError, "div of i1 operands is not supported");',
        "return builder.create<arith::DivSIOp>(lhs, rhs);",
    ),
    "div_unsigned": (
        'if (!isInt || isBool) return fail(emitError, "div_unsigned needs integer operands");',
        "return builder.create<arith::DivUIOp>(lhs, rhs);",
    ),
    "max_signed": (
        "if (isFloat) return builder.create<arith::MaximumFOp>(lhs, rhs);",
        "return builder.create<arith::MaxSIOp>(lhs, rhs);",
    ),
    "min_signed": (
        "if (isFloat) return builder.create<arith::MinimumFOp>(lhs, rhs);",
        "return builder.create<arith::MinSIOp>(lhs, rhs);",
    ),
    "max_unsigned": (
        "if (isFloat) return builder.create<arith::MaximumFOp>(lhs, rhs);",
        "return builder.create<arith::MaxUIOp>(lhs, rhs);",
    ),
    "min_unsigned": (
        "if (isFloat) return builder.create<arith::MinimumFOp>(lhs, rhs);",
        "return builder.create<arith::MinUIOp>(lhs, rhs);",
    ),
    "powf": (
        'if (!isFloat) return fail(emitError, "powf needs float operands");',
        "return builder.create<math::PowFOp>(lhs, rhs);",
    ),
}


UNARY: tuple[LinalgFn, ...] = (
    _unary("exp", "math.exp", "e raised to x", "std_exp"),
    _unary("log", "math.log", "natural logarithm", "std_log"),
    _unary("abs", "math.absf", "absolute value", "std_absf"),
    _unary("ceil", "math.ceil", "round toward +inf", "std_ceilf"),
    _unary("floor", "math.floor", "round toward -inf", "std_floorf"),
    _unary("negf", "arith.negf", "negation", "std_negf"),
    _unary("reciprocal", None, "1 / x", composite=("arith.divf", ("1.0", "x"))),
    _unary("round", "math.round", "round to nearest, halves away from zero"),
    _unary("sqrt", "math.sqrt", "square root", "std_sqrt"),
    _unary("rsqrt", "math.rsqrt", "reciprocal square root", "std_rsqrt"),
    _unary("square", None, "x * x", composite=("arith.mulf", ("x", "x"))),
    _unary("tanh", "math.tanh", "hyperbolic tangent", "std_tanh"),
    _unary("erf", "math.erf", "the error function"),
)


def _binary(
    name: str,
    doc: str,
    float_op: str | None,
    int_op: str | None,
    bool_op: str | None,
    tc: tuple[tuple[str, str], ...] = (),
    **fields: Any,
) -> LinalgFn:
    ops = tuple((c, o) for c, o in ((_F, float_op), (_I, int_op), (_B, bool_op)) if o)
    return LinalgFn("binary", name, doc, ops, tc, _BINARY_CPP[name], **fields)


BINARY: tuple[LinalgFn, ...] = (
    _binary(
        "add",
        "sum (i1: or)",
        "arith.addf",
        "arith.addi",
        "arith.ori",
        (("std_addf", _F), ("std_addi", _I)),
        reduces=True,
        infix="+",
        precedence=1,
        compound="+=",
    ),
    _binary(
        "sub",
        "difference",
        "arith.subf",
        "arith.subi",
        None,
        (("std_subf", _F), ("std_subi", _I)),
        infix="-",
        precedence=1,
    ),
    _binary(
        "mul",
        "product (i1: and)",
        "arith.mulf",
        "arith.muli",
        "arith.andi",
        (("std_mulf", _F), ("std_muli", _I)),
        reduces=True,
        infix="*",
        precedence=2,
        compound="*=",
    ),
    _binary(
        "div",
        "quotient (integers: signed)",
        "arith.divf",
        "arith.divsi",
        None,
        (("std_divf", _F), ("std_divis", _I)),
        infix="/",
        precedence=2,
    ),
    _binary("div_unsigned", "unsigned quotient", None, "arith.divui", None, (("std_diviu", _I),)),
    _binary(
        "max_signed",
        "maximum (floats: NaN wins)",
        "arith.maximumf",
        "arith.maxsi",
        "arith.maxsi",
        (("std_maxf", _F), ("std_maxsi", _I)),
        reduces=True,
    ),
    _binary(
        "min_signed",
        "minimum (floats: NaN wins)",
        "arith.minimumf",
        "arith.minsi",
        "arith.minsi",
        (("std_minf", _F), ("std_minsi", _I)),
        reduces=True,
    ),
    _binary(
        "max_unsigned",
        "unsigned maximum",
        None,
        "arith.maxui",
        None,
        (("std_maxui", _I),),
        reduces=True,
    ),
    _binary(
        "min_unsigned",
        "unsigned minimum",
        None,
        "arith.minui",
        None,
        (("std_minui", _I),),
        reduces=True,
    ),
    _binary("powf", "x raised to y", "math.powf", None, None, (("std_powf", _F),)),
)

TERNARY: tuple[LinalgFn, ...] = (
    LinalgFn(
        "ternary",
        "select",
        "b where the i1 condition a holds, else c",
        (("any", "arith.select"),),
        (("std_select", "any"),),
    ),
)

# The casts: which conversion op depends on both types (the region builder's rule).
TYPE: tuple[LinalgFn, ...] = (
    LinalgFn("type", "cast_signed", "convert, reading integers as signed"),
    LinalgFn("type", "cast_unsigned", "convert, reading integers as unsigned", unsigned=True),
)

FUNCTIONS: tuple[LinalgFn, ...] = (*UNARY, *BINARY, *TERNARY, *TYPE)

__all__ = ["BINARY", "FUNCTIONS", "TERNARY", "TYPE", "UNARY"]
