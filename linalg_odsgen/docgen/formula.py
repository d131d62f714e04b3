"""An op's payload as a formula a reader can check at a glance.

`O[d0, d1] += A[d0, d2] * B[d2, d1]` says what the YAML's nested `scalar_fn`
tree says. Loop dims and size symbols read as the source named them (`C[m, n] +=
A[m, k] * B[k, n]`, see names.py) and as MLIR's `d0`, `s0` when only YAML is known;
symbols bound by an index attribute read as that attribute's entry (`strides[0]`).
"""

from __future__ import annotations

import re

from linalg_odsgen.affine import AffineExpr, AffineMap
from linalg_odsgen.docgen.names import OpNames
from linalg_odsgen.model import (
    FnKind,
    OpConfig,
    OperandKind,
    ScalarArg,
    ScalarAssign,
    ScalarConst,
    ScalarExpr,
    ScalarFn,
    ScalarIndex,
)
from linalg_odsgen.payloads import linalg_fns

# Binary functions written infix, with their precedence (higher binds tighter), and
# accumulating assignments `O = fn(O, x)` that read as `O op= x`: from the function records.
_INFIX: dict[str, tuple[str, int]] = {
    f.name: (f.infix, f.precedence) for f in linalg_fns("binary") if f.infix is not None
}
_COMPOUND: dict[str, str] = {f.name: f.compound for f in linalg_fns("binary") if f.compound}
_NAME = re.compile(r"\b([ds])(\d+)\b")


def symbol_names(op: OpConfig, names: OpNames | None = None) -> dict[int, str]:
    """Symbol position -> how it reads: `strides[0]` for a symbol an index attribute binds,
    else the source's name of it (`M`) when known."""
    out: dict[int, str] = {}
    for arg in op.structured_op.args:
        if arg.kind is OperandKind.INDEX_ATTR and arg.index_attr_map is not None:
            for i, result in enumerate(arg.index_attr_map.results):
                for s in result.used_symbols():
                    out.setdefault(s, f"{arg.name}[{i}]")
    for i, name in enumerate(names.symbols if names else ()):
        out.setdefault(i, name)
    return out


def dim_names(names: OpNames | None) -> dict[int, str]:
    """Dim position -> the source's name of it (empty: MLIR's `d0`, ...)."""
    return dict(enumerate(names.dims)) if names else {}


def affine_text(
    expr: AffineExpr | AffineMap, symbols: dict[int, str], dims: dict[int, str] | None = None
) -> str:
    """MLIR's printing of `expr`, symbols and dims renamed (for a map: its results only)."""
    if isinstance(expr, AffineMap):
        return ", ".join(affine_text(r, symbols, dims) for r in expr.results)
    table = {"s": symbols, "d": dims or {}}
    return _NAME.sub(lambda m: table[m.group(1)].get(int(m.group(2)), m.group(0)), str(expr))


class _Writer:
    """Renders the scalar expressions of one op."""

    def __init__(self, op: OpConfig, names: OpNames | None) -> None:
        self.op = op
        self.symbols = symbol_names(op, names)
        self.dims = dim_names(names)
        so = op.structured_op
        self.maps = {a.name: m for a, m in zip(so.value_args, so.indexing_maps, strict=False)}
        self.kinds = {a.name: a.kind for a in so.args}

    def access(self, name: str) -> str:
        m = self.maps.get(name)
        if self.kinds.get(name) is OperandKind.SCALAR or m is None or not m.results:
            return name
        return f"{name}[{affine_text(m, self.symbols, self.dims)}]"

    def expr(self, e: ScalarExpr, outer: int = 0) -> str:
        if isinstance(e, ScalarArg):
            return self.access(e.arg)
        if isinstance(e, ScalarConst):
            return e.value.rsplit(":", 1)[0].strip()
        if isinstance(e, ScalarIndex):
            return f"index({self.dims.get(e.dim, f'd{e.dim}')})"
        return self.call(e, outer)

    def call(self, e: ScalarFn, outer: int) -> str:
        name = e.fn_name or e.attr_name or "?"
        if e.fn_name in _INFIX and e.kind is FnKind.BINARY:
            symbol, prec = _INFIX[e.fn_name]
            lhs = self.expr(e.operands[0], prec)
            rhs = self.expr(e.operands[1], prec + 1)  # a - (b - c) keeps its parentheses
            text = f"{lhs} {symbol} {rhs}"
            return f"({text})" if prec < outer else text
        args = [self.expr(o) for o in e.operands]
        if e.kind is FnKind.TYPE:
            args.insert(0, e.type_var or "?")
        return f"{name}({', '.join(args)})"

    def assignment(self, a: ScalarAssign) -> str:
        target = self.access(a.arg)
        value = a.value
        if (
            isinstance(value, ScalarFn)
            and value.kind is FnKind.BINARY
            and value.fn_name in _COMPOUND
            and value.operands[0] == ScalarArg(a.arg)
        ):
            return f"{target} {_COMPOUND[value.fn_name]} {self.expr(value.operands[1])}"
        return f"{target} = {self.expr(value)}"


def formulas(op: OpConfig, names: OpNames | None = None) -> list[str]:
    """One line per assignment, e.g. `O[d0, d1] += A[d0, d2] * B[d2, d1]` (or with the
    source's names, `O[m, n] += A[m, k] * B[k, n]`)."""
    writer = _Writer(op, names)
    return [writer.assignment(a) for a in op.structured_op.assignments]


def shape_text(op: OpConfig, shape: AffineMap | None, names: OpNames | None = None) -> str:
    """An operand's shape as its sizes, e.g. `[s0, s1 * strides[0] + s3]` (`[]`: a scalar)."""
    if shape is None:
        return ""
    return f"[{affine_text(shape, symbol_names(op, names))}]"
