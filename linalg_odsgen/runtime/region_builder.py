"""Region builders: how a generated op turns its scalar expression tree into payload ops.

Generated `build_region` methods are straight-line calls on a `RegionHelper`
(`b.binary("add", b.arg("C"), ...)`). The helper makes exactly the choices MLIR
22's Linalg region builder makes (checked against `mlir-opt-22
--linalg-generalize-named-ops`): which arith/math op implements a function for
the operand types, and which cast implements a type function. Combinations MLIR
rejects (or crashes on) raise `OpError`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from linalg_odsgen.model import FN_NAMES, FnKind
from linalg_odsgen.payload import Region, RegionBuilder, Value
from linalg_odsgen.payloads import linalg_fn
from linalg_odsgen.payloads.casts import conversion
from linalg_odsgen.runtime.errors import OpError, a_type, count
from linalg_odsgen.runtime.protocol import OpInstance
from linalg_odsgen.types import ElementType, parse_element_type

_CONST_RE = re.compile(r"^\s*(?P<value>.+?)\s*:\s*(?P<type>[a-z0-9]+)\s*$")


def parse_constant(text: str) -> tuple[int | float | bool, ElementType]:
    """`'42 : i64'` -> (42, I64); `'1.0e+00 : f64'` -> (1.0, F64); hex floats are bit patterns."""
    m = _CONST_RE.match(text)
    if m is None:
        raise ValueError(f"constant {text!r} is not of the form 'VALUE : TYPE'")
    type_ = parse_element_type(m.group("type"))
    raw = m.group("value")
    if raw in ("true", "false"):
        if not type_.is_bool:
            raise ValueError(f"constant {text!r}: boolean literal needs type i1")
        return raw == "true", type_
    if type_.is_float:
        if raw.lower().startswith("0x"):
            import numpy as np

            bits = int(raw, 16)
            store = {16: np.uint16, 32: np.uint32, 64: np.uint64}[type_.width]
            return float(np.array(bits, dtype=store).view(type_.dtype)[()]), type_
        return float(raw), type_
    return int(raw, 0), type_


class RegionHelper:
    """Appends typed payload ops for one op instance (its type bindings and attributes)."""

    def __init__(self, op: OpInstance) -> None:
        self.op = op
        self._builder = RegionBuilder(op.element_types)
        self._by_name = {
            d.name: v for d, v in zip(op.value_operands, self._builder.args, strict=True)
        }
        self._yields: tuple[Value, ...] | None = None

    # -- leaves ---------------------------------------------------------------------------

    def arg(self, name: str) -> Value:
        """The block argument of value operand `name`."""
        try:
            return self._by_name[name]
        except KeyError:
            raise self._error(f"the payload reads unknown operand {name!r}") from None

    def index(self, dim: int) -> Value:
        """`linalg.index dim`: the iteration index along loop dimension `dim`."""
        num_loops = len(self.op.iterator_types)
        if not 0 <= dim < num_loops:
            raise self._error(f"linalg.index {dim} is out of range for {count(num_loops, 'loop')}")
        return self._builder.index(dim)

    def constant(self, text: str) -> Value:
        """`arith.constant` from a `scalar_const` literal such as `'2147483647 : i64'`."""
        try:
            value, type_ = parse_constant(text)
        except ValueError as exc:
            raise self._error(str(exc)) from None
        return self._builder.constant(value, type_)

    def fn_attr(self, name: str) -> str:
        """The function name an attribute resolved to (`"mul"`, `"cast_unsigned"`)."""
        value = self.op.attributes.get(name)
        if not isinstance(value, str):
            raise self._error(f"attribute {name!r} is not a function attribute")
        return value

    def type_of(self, type_var: str | ElementType) -> ElementType:
        """A type variable (or fixed type name) to the element type it is bound to."""
        if isinstance(type_var, ElementType):
            return type_var
        bound = self.op.type_bindings.get(type_var)
        if bound is None:
            raise self._error(f"type variable {type_var!r} is not bound by any operand")
        return bound

    # -- functions ------------------------------------------------------------------------

    def unary(self, fn_name: str, x: Value) -> Value:
        self._check_fn(FnKind.UNARY, fn_name)
        if not x.type.is_float:
            raise self._error(f"unary function {fn_name!r} needs a float operand, got {x.type}")
        b = self._builder
        fn = linalg_fn(FnKind.UNARY.value, fn_name)
        if fn.composite is not None:  # another op: 1 / x, x * x
            op_name, spelled = fn.composite
            args = [x if a == "x" else b.constant(float(a), x.type) for a in spelled]
            return b.create(op_name, args, x.type)
        name = fn.op_for("float")
        if name is None:
            raise self._error(f"unary function {fn_name!r} has no payload op")
        return b.create(name, (x,), x.type)

    def binary(self, fn_name: str, lhs: Value, rhs: Value) -> Value:
        self._check_fn(FnKind.BINARY, fn_name)
        if lhs.type != rhs.type:
            raise self._error(
                f"binary function {fn_name!r} needs operands of one type, got {lhs.type} and {rhs.type}"
            )
        t = lhs.type
        fn = linalg_fn(FnKind.BINARY.value, fn_name)
        if t.is_float:
            name = fn.op_for("float")
        elif t.is_bool:
            name = fn.op_for("bool")
        elif t.is_integer:
            name = fn.op_for("integer")
        else:
            name = None
        if name is None:
            raise self._error(f"binary function {fn_name!r} is not supported on {t} operands")
        return self._builder.create(name, (lhs, rhs), t)

    def ternary(self, fn_name: str, a: Value, b: Value, c: Value) -> Value:
        self._check_fn(FnKind.TERNARY, fn_name)
        if not a.type.is_bool:
            raise self._error(f"select needs an i1 condition, got {a.type}")
        if b.type != c.type:
            raise self._error(f"select needs operands of one type, got {b.type} and {c.type}")
        name = linalg_fn(FnKind.TERNARY.value, fn_name).op_for("any")
        if name is None:
            raise self._error(f"ternary function {fn_name!r} has no payload op")
        return self._builder.create(name, (a, b, c), b.type)

    def type_fn(self, fn_name: str, to_type: str | ElementType, x: Value) -> Value:
        """`cast_signed`/`cast_unsigned` to a type variable's binding, as MLIR converts scalars."""
        self._check_fn(FnKind.TYPE, fn_name)
        dst = self.type_of(to_type)
        src = x.type
        if src == dst:
            return x
        name = conversion(src, dst, linalg_fn(FnKind.TYPE.value, fn_name).unsigned)
        if name is None:
            # What MLIR 22's region builder cannot convert either: it warns "could not cast
            # operand" and the op fails to verify.
            why = ""
            if src.is_index and dst.is_float:
                why = (
                    ": MLIR converts index only to integer types; cast through I64 first, "
                    f"e.g. TypeFn.{fn_name}({to_type}, TypeFn.{fn_name}(I64, index(D.n)))"
                )
            elif dst.is_index:
                why = ": MLIR converts nothing to index inside a region (index_cast goes the "
                why += "other way); give the operand an integer element type"
            raise self._error(f"cannot cast {src} to {dst} ({fn_name}){why}")
        return self._builder.create(name, (x,), dst)

    def payload_op(self, name: str, operands: Sequence[Value], result_type: ElementType) -> Value:
        """Any payload op the registry knows (`arith.bitcast`), for hand-written op classes
        whose payload no OpDSL function spells; the caller answers for its types."""
        try:
            return self._builder.create(name, tuple(operands), result_type)
        except KeyError:
            raise self._error(f"unknown payload op {name!r}") from None

    # -- end ------------------------------------------------------------------------------

    def yield_(self, *values: Value) -> None:
        """Close the region: `values[i]` is stored into the i-th output."""
        outputs = [d for d in self.op.value_operands if not d.kind.is_input]
        out_types = self.op.element_types[self.op.num_inputs :]
        if len(values) != len(outputs):
            raise self._error(
                f"the payload yields {count(len(values), 'value')} for {count(len(outputs), 'output')}"
            )
        for d, t, v in zip(outputs, out_types, values, strict=True):
            if v.type != t:
                raise OpError(
                    self.op.OP_NAME,
                    f"the payload computes {a_type(v.type)} value for output {d.name!r} "
                    f"of element type {t}",
                    d.name,
                )
        self._yields = tuple(values)

    def finish(self) -> Region:
        if self._yields is None:
            raise self._error("the region builder did not yield")
        return self._builder.finish(self._yields)

    # -- helpers --------------------------------------------------------------------------

    def _check_fn(self, kind: FnKind, fn_name: str) -> None:
        if fn_name not in FN_NAMES[kind]:
            expected = ", ".join(FN_NAMES[kind])
            raise self._error(
                f"unknown {kind.value} function {fn_name!r}; expected one of {expected}"
            )

    def _error(self, message: str) -> OpError:
        return OpError(self.op.OP_NAME, message)


__all__ = ["RegionHelper", "parse_constant"]
