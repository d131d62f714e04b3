"""Payload ops, constants and index expressions as the Python text of a kernel.

Each payload op becomes an expression with the loops backend's semantics (calls into
the scalar library `S` where numba's operator would differ); element types decide how
values are loaded from and stored to their arrays. Text only: no numba here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from linalg_odsgen.affine import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineExprKind,
    AffineMap,
)
from linalg_odsgen.payload import PayloadOp
from linalg_odsgen.payloads import Finish, PayloadFn, field_table
from linalg_odsgen.runtime.scalar_semantics import constant_value
from linalg_odsgen.types import ElementType

if TYPE_CHECKING:
    pass

# Float types a kernel computes with (f16/bf16/f8 in f32 registers, rounded every step).
SUPPORTED_FLOATS = ("f8E4M3FN", "f8E5M2", "f16", "bf16", "f32", "f64")
_F8 = {"f8E4M3FN": "E4M3FN", "f8E5M2": "E5M2"}


def _f8_args(t: ElementType) -> str:
    name = _F8[t.name]
    return f"S.{name}_POS, S.{name}_NEXT, S.{name}_OVERFLOW"


# Payload ops the loops backend computes with NumPy's vector code and the kernels with
# their own (`scalars.expf`, f32 and narrower) or the C library's (log, tanh, f64 exp):
# results may differ by an ulp or two (every other op is bit for bit).
APPROXIMATE_OPS: dict[str, bool] = field_table(lambda r: r.approximate or None)


class Unsupported(Exception):
    """The instance cannot become a kernel (the message says why)."""


# -- element types ------------------------------------------------------------------------


def storage_kind(t: ElementType) -> str:
    """How arrays of `t` reach the kernel: "f16"/"bf16" (uint16 views), "f8" and "i4"
    (uint8 views), "i1" (bool), or "plain" (their own dtype)."""
    if t.name in ("f16", "bf16"):
        return t.name
    if t.name in _F8:
        return "f8"
    if t.is_bool:
        return "i1"
    if t.is_integer and t.width == 4:
        return "i4"
    return "plain"


def load(t: ElementType, ref: str) -> str:
    kind = storage_kind(t)
    if kind == "f16":
        return f"S.h2f({ref})"
    if kind == "bf16":
        return f"S.b2f({ref})"
    if kind == "f8":
        return f"S.{_F8[t.name]}_VALUES[{ref}]"
    if kind == "i1":
        return f"(np.int64(-1) if {ref} else np.int64(0))"
    if kind == "i4":
        return f"((np.int64({ref}) & 15) ^ 8) - 8"
    if t.is_float:
        return ref
    return f"np.int64({ref})"


def store(t: ElementType, value: str) -> str:
    kind = storage_kind(t)
    if kind == "f16":
        return f"S.f2h({value})"
    if kind == "bf16":
        return f"S.bf16_bits({value})"  # registers of bf16 type hold bf16 values exactly
    if kind == "f8":
        return f"S.f8_code({value}, {_f8_args(t)})"  # exact value: its own code
    if kind == "i1":
        return f"{value} != 0"
    if kind == "i4":
        return f"np.uint8({value} & 15)"
    return value


def reg(t: ElementType) -> str:
    """The numba scalar type of a register holding a `t` value."""
    if t.is_float:
        return "np.float64" if t.name == "f64" else "np.float32"
    return "np.int64"


# -- payload ops --------------------------------------------------------------------------


def _round(t: ElementType, expr: str, short: bool = False) -> str:
    """A float32 expression rounded to `t` when `t` is narrow (`short`: by Veltkamp's split,
    where the caller proved it exact)."""
    if t.name == "f16":
        return f"S.{'sh' if short else 'rh'}({expr})"
    if t.name == "bf16":
        return f"S.{'sb' if short else 'rb'}({expr})"
    if t.name in _F8:
        return f"S.f8_round({expr}, S.{_F8[t.name]}_VALUES, {_f8_args(t)})"
    return expr


def _wrap(t: ElementType, expr: str) -> str:
    return expr if t.width >= 64 else f"S.wrap({expr}, {t.width})"


def op_expression(op: PayloadOp, args: Sequence[str], short: bool = False) -> str:
    """The expression computing `op` from its operands' registers (see `scalars`): the
    record's numba text, finished for the result type; `short` rounds an f16/bf16 +, -, *
    by Veltkamp's split."""
    t = op.result.type
    src = op.operands[0].type if op.operands else t
    record = _RECORDS.get(op.name)
    text = record.numba if record is not None else None
    if text is None:
        raise Unsupported(f"{op.name} has no compiled semantics")
    if text.finish is Finish.CUSTOM:
        return RULES[text.template](op, args)
    expr = text.render(args, t.width, src.width, f64=t.name == "f64")
    if text.finish is Finish.WRAP:
        return _wrap(t, expr)
    if text.finish is Finish.ROUND:
        return _round(t, expr, short and text.short)
    if text.finish is Finish.FROM_F64:
        return _from_f64(t, expr)
    return expr


_RECORDS: dict[str, PayloadFn] = field_table(lambda r: r)


# -- conversions whose text depends on both types (the records name these rules) ----------


def _rsqrt(op: PayloadOp, args: Sequence[str]) -> str:
    t = op.result.type
    one = "np.float64(1.0)" if t.name == "f64" else "np.float32(1.0)"
    return _round(t, f"{one} / {_round(t, f'np.sqrt({args[0]})')}")


def _extui(op: PayloadOp, args: Sequence[str]) -> str:
    src = op.operands[0].type
    return args[0] if src.width >= 64 else f"S.low({args[0]}, {src.width})"


def _index_castui(op: PayloadOp, args: Sequence[str]) -> str:
    src, t = op.operands[0].type, op.result.type
    if src.width < t.width:
        return f"S.low({args[0]}, {src.width})"
    return _wrap(t, args[0])


def _sitofp(op: PayloadOp, args: Sequence[str]) -> str:
    return _int_to_float(op.result.type, args[0])


def _uitofp(op: PayloadOp, args: Sequence[str]) -> str:
    src, t = op.operands[0].type, op.result.type
    if src.width >= 64:
        if t.name == "f64":
            return f"S.uint64_to_f64({args[0]})"
        if t.name == "f32":
            return f"S.uint64_to_f32({args[0]})"
        if t.name == "bf16":
            return f"S.rb(S.uint64_to_f32({args[0]}))"
        if t.name in _F8:
            return _round(t, f"S.uint64_to_f64({args[0]})")
        return f"S.uint64_to_f16({args[0]})"
    return _int_to_float(t, f"S.low({args[0]}, {src.width})")


def _fptoi(op: PayloadOp, args: Sequence[str]) -> str:
    src, t = op.operands[0].type, op.result.type
    even = "_even" if src.name in _F8 else ""  # 8-bit floats round to nearest even
    return f"S.{op.name.partition('.')[2]}{even}({args[0]}, {t.width})"


def _extf(op: PayloadOp, args: Sequence[str]) -> str:
    return f"{reg(op.result.type)}({args[0]})"


def _truncf(op: PayloadOp, args: Sequence[str]) -> str:
    src, t = op.operands[0].type, op.result.type
    if src.name == "f64":
        return _from_f64(t, args[0])  # bf16 through f32, as MLIR lowers it
    return _round(t, args[0])


RULES: dict[str, Callable[[PayloadOp, Sequence[str]], str]] = {
    "rsqrt": _rsqrt,
    "extui": _extui,
    "index_castui": _index_castui,
    "sitofp": _sitofp,
    "uitofp": _uitofp,
    "fptoi": _fptoi,
    "extf": _extf,
    "truncf": _truncf,
}


def _from_f64(t: ElementType, expr: str) -> str:
    """A float64 expression rounded to `t` (once; bf16 through f32 as ml_dtypes and MLIR do)."""
    if t.name == "f64":
        return expr
    if t.name == "f32":
        return f"np.float32({expr})"
    if t.name in _F8:
        return _round(t, expr)  # f8_round rounds the f64 value once
    return f"S.d2h({expr})" if t.name == "f16" else f"S.d2b({expr})"


def _int_to_float(t: ElementType, value: str) -> str:
    """An int64 holding an exact integer -> `t`, rounded as `sitofp` does."""
    if t.name == "f64":
        return f"np.float64({value})"
    if t.name == "f32":
        return f"np.float32({value})"
    if t.name == "bf16":
        return f"S.rb(np.float32({value}))"  # rounded to f32 first, as LLVM does
    if t.name in _F8:
        return _round(t, f"np.float64({value})")  # exact below 2**53; beyond, f8 overflows
    return f"S.int_to_f16({value})"


def constant_expression(op: PayloadOp) -> str:
    """A module-level expression for an `arith.constant` (exact: floats by their bits)."""
    t = op.result.type
    value = constant_value(op)
    if not t.is_float:
        return f"np.int64({int(value)})"
    as_f64 = float(value)
    if as_f64 != as_f64:
        return f"{reg(t)}(np.nan)"
    return f'{reg(t)}(float.fromhex("{as_f64.hex()}"))'


# -- affine index expressions -------------------------------------------------------------


def index_expression(e: AffineExpr, dims: Mapping[int, str] | None = None) -> str:
    """`e` over the loop variables `d<i>` (or the text `dims` gives a dim)."""
    if isinstance(e, AffineDimExpr):
        return dims[e.position] if dims is not None else f"d{e.position}"
    if isinstance(e, AffineConstantExpr):
        return str(e.value)
    if isinstance(e, AffineBinaryExpr):
        a, b = index_expression(e.lhs, dims), index_expression(e.rhs, dims)
        if e.kind is AffineExprKind.ADD:
            return f"({a} + {b})"
        if e.kind is AffineExprKind.MUL:
            return f"({a} * {b})"
        if e.kind is AffineExprKind.FLOORDIV:
            return f"({a} // {b})"
        if e.kind is AffineExprKind.CEILDIV:
            return f"(-((-{a}) // {b}))"
        return f"({a} % {b})"
    raise Unsupported(f"affine expression {e} uses symbols")


def access(m: AffineMap, split: int | None = None) -> str:
    """The subscript of an access. Components using the dim `split` (a parallel nest's
    outer loop, which runs from an unknown `lo`) are cast to unsigned: numba otherwise
    guards them against negative (wrap-around) indices, which stops LLVM vectorising
    a loop over them; accesses are in bounds, so never negative."""
    if not m.results:
        return "()"
    parts = []
    for r in m.results:
        text = index_expression(r)
        parts.append(f"np.uint64({text})" if split in r.used_dims() else text)
    return ", ".join(parts)


__all__ = [
    "APPROXIMATE_OPS",
    "RULES",
    "SUPPORTED_FLOATS",
    "Unsupported",
    "access",
    "constant_expression",
    "index_expression",
    "load",
    "op_expression",
    "reg",
    "storage_kind",
    "store",
]
