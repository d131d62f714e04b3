"""The op interfaces an op declares (`implements:`) checked the way MLIR 22 verifies them.

Linalg's named ops run the verifier of each interface they declare on every
instance, so an op declaring `LinalgContractionOpInterface` with four inputs
parses in YAML, dumps, generates and runs here, yet every instance of it is
refused by MLIR ("expected op with 2 inputs and 1 output"). These checks apply
MLIR's rules to the op config so `validate` reports the mistake first:

- contraction: 2 inputs and 1 output, at least one reduction loop, every
  indexing map a projected permutation, and a body `u(u(out) + u(u(a) * u(b)))`
  where each `u` is a chain of single-operand functions (casts, `exp`, ...) and
  `+`/`*` are `add`/`mul` (or/and on i1);
- convolution: at least 2 inputs and 1 output; the first input's map results are
  dims or sums of two `dim [* stride]` terms, filter and output maps projected
  permutations, every loop a batch, output image, output channel, filter,
  input channel or depth loop, and at least one convolved dim;
- fill: 1 input, a scalar (not a tensor), and 1 output.

Maps are checked with their symbols (index attributes), which MLIR's walker
accepts as strides and dilations just like the constants an instance has.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from linalg_odsgen.affine import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineExprKind,
    AffineMap,
    AffineSymbolExpr,
)
from linalg_odsgen.diagnostics import Diagnostic
from linalg_odsgen.model import (
    FnKind,
    IteratorType,
    OpConfig,
    OperandKind,
    ScalarArg,
    ScalarExpr,
    ScalarFn,
)
from linalg_odsgen.payloads import linalg_fns
from linalg_odsgen.yaml_io.loader import format_path

if TYPE_CHECKING:
    from linalg_odsgen.yaml_io import LoadedDocument

CONTRACTION = "LinalgContractionOpInterface"
CONVOLUTION = "LinalgConvolutionOpInterface"
FILL = "LinalgFillOpInterface"

# Unary functions MLIR's region builder does not build as one single-operand op
# (`square` is x * x, `reciprocal` is 1 / x): the contraction body check stops there.
_NOT_ONE_OPERAND = frozenset(f.name for f in linalg_fns("unary") if f.composite is not None)


def _projected_permutation(m: AffineMap) -> bool:
    """Each result a distinct dim (symbols are a per-instance matter, see module doc)."""
    dims = [r.position for r in m.results if isinstance(r, AffineDimExpr)]
    return len(dims) == len(m.results) and len(set(dims)) == len(dims)


def _fn_name(op: OpConfig, fn: ScalarFn) -> str | None:
    """The function a `scalar_fn` calls: its name, or its attribute's default."""
    if fn.fn_name is not None:
        return fn.fn_name
    for a in op.structured_op.args:
        if a.name == fn.attr_name:
            return a.default_fn
    return None


def _skip_unary(op: OpConfig, e: ScalarExpr) -> ScalarExpr:
    """`e` without the chain of single-operand functions around it (MLIR's getSourceSkipUnary)."""
    while isinstance(e, ScalarFn) and len(e.operands) == 1:
        if e.kind is FnKind.UNARY and _fn_name(op, e) in _NOT_ONE_OPERAND:
            break
        e = e.operands[0]
    return e


def _contraction_body(op: OpConfig, inputs: list[str], output: str) -> str | None:
    """Why the body is not `out + a * b` modulo single-operand functions (None when it is)."""
    so = op.structured_op
    if len(so.assignments) != 1:
        return "expected one assignment"
    reduction = _skip_unary(op, so.assignments[0].value)
    if not (isinstance(reduction, ScalarFn) and len(reduction.operands) == 2):
        return "expected the yielded value to be a binary function (the reduction)"
    lhs, rhs = (_skip_unary(op, x) for x in reduction.operands)
    if not any(isinstance(x, ScalarArg) and x.arg == output for x in (lhs, rhs)):
        return f"expected the reduction to take the output '{output}' as one of its operands"
    contributed = _skip_unary(op, rhs if isinstance(lhs, ScalarArg) else lhs)
    if not (isinstance(contributed, ScalarFn) and len(contributed.operands) == 2):
        return "expected the reduction's other operand to be a binary function of the inputs"
    pair = (_fn_name(op, contributed), _fn_name(op, reduction))
    if pair != ("mul", "add"):
        return f"expected add of mul in the body, got {pair[1]} of {pair[0]}"
    args = [_skip_unary(op, x) for x in contributed.operands]
    names = [x.arg if isinstance(x, ScalarArg) else None for x in args]
    if sorted(n or "" for n in names) != sorted(inputs):
        return (
            f"expected the mul to apply to the inputs '{inputs[0]}' and '{inputs[1]}' "
            "(through casts and other single-operand functions only)"
        )
    return None


def _check_contraction(op: OpConfig) -> str | None:
    so = op.structured_op
    inputs = [a.name for a in so.args if a.kind.is_input]
    outputs = [a.name for a in so.args if a.kind is OperandKind.OUTPUT_TENSOR]
    if len(inputs) != 2 or len(outputs) != 1:
        return f"expected op with 2 inputs and 1 output, got {len(inputs)} and {len(outputs)}"
    if IteratorType.REDUCTION not in so.iterator_types:
        return "expected at least 1 reduction loop"
    for a, m in zip((x for x in so.args if x.kind.is_value), so.indexing_maps, strict=False):
        if not _projected_permutation(m):
            return f"expected indexing maps to be projected permutations ('{a.name}': {m})"
    return _contraction_body(op, inputs, outputs[0])


class _InputWalker:
    """Classifies the first input's map results as MLIR's convolution walker does."""

    def __init__(self) -> None:
        self.convolved: set[int] = set()
        self.unconvolved: set[int] = set()

    def _seen(self, pos: int) -> bool:
        return pos in self.convolved or pos in self.unconvolved

    def _term(self, e: AffineExpr) -> bool:
        """`dim` or `dim * (symbol | constant)`, a dim not seen before: convolved."""
        if isinstance(e, AffineBinaryExpr) and e.kind is AffineExprKind.MUL:
            factor = (AffineSymbolExpr, AffineConstantExpr)
            dims = [x for x in (e.lhs, e.rhs) if isinstance(x, AffineDimExpr)]
            if not dims or not any(isinstance(x, factor) for x in (e.lhs, e.rhs)):
                return False
            e = dims[0]
        if not isinstance(e, AffineDimExpr) or self._seen(e.position):
            return False
        self.convolved.add(e.position)
        return True

    def visit(self, e: AffineExpr) -> bool:
        if isinstance(e, AffineDimExpr):
            if self._seen(e.position):
                return False
            self.unconvolved.add(e.position)
            return True
        if isinstance(e, AffineBinaryExpr) and e.kind is AffineExprKind.ADD:
            return self._term(e.lhs) and self._term(e.rhs)
        return False


def _check_convolution(op: OpConfig) -> str | None:
    so = op.structured_op
    ins = [a for a in so.args if a.kind.is_input]
    outs = [a for a in so.args if a.kind is OperandKind.OUTPUT_TENSOR]
    if len(ins) < 2 or len(outs) != 1:
        return f"expected op with 2 inputs and 1 output, got {len(ins)} and {len(outs)}"
    maps = list(so.indexing_maps)
    walker = _InputWalker()
    if not all(walker.visit(r) for r in maps[0].results):
        return (
            f"unexpected input indexing map for convolutions ('{ins[0].name}': {maps[0]}); "
            "each result must be a dim or a sum of two terms `dim [* stride]`"
        )
    filt, out = maps[1], maps[-1]
    if not (_projected_permutation(filt) and _projected_permutation(out)):
        return "expected output/filter indexing maps to be projected permutations"
    iters = so.iterator_types
    out_dims = {r.position for r in out.results if isinstance(r, AffineDimExpr)}
    filt_dims = {r.position for r in filt.results if isinstance(r, AffineDimExpr)}
    conv, unconv = walker.convolved, walker.unconvolved
    loops: set[int] = set()
    for d in (r.position for r in out.results if isinstance(r, AffineDimExpr)):
        # batch, output image, output channel or depth multiplier: all parallel
        if (d in unconv or d in conv or d in filt_dims) and not (d in conv and d in filt_dims):
            if iters[d] is not IteratorType.PARALLEL:
                return "expected all iterators used to access outputs to be parallel"
            loops.add(d)
            continue
        return f"unexpected loop dimension d{d} for convolution op"
    for d in (r.position for r in filt.results if isinstance(r, AffineDimExpr)):
        if d in out_dims and (d not in conv):
            continue  # output channel or depth: seen above
        if (d in conv or d in unconv) and d not in out_dims:  # filter loop or input channel
            if iters[d] is not IteratorType.REDUCTION:
                return "expected all iterators not used to access outputs to be reduction"
            if d in loops:
                return f"unexpected loop dimension d{d} for convolution op"
            loops.add(d)
            continue
        return f"unexpected loop dimension d{d} for convolution op"
    if len(loops) != len(iters):
        missing = ", ".join(f"d{d}" for d in range(len(iters)) if d not in loops)
        return f"unexpected loop dimension for convolution op ({missing} fits no convolution role)"
    if not conv:
        return "expected convolved dim to be non-empty"
    return None


def _check_fill(op: OpConfig) -> str | None:
    so = op.structured_op
    ins = [a for a in so.args if a.kind.is_input]
    outs = [a for a in so.args if a.kind is OperandKind.OUTPUT_TENSOR]
    if len(ins) != 1 or len(outs) != 1:
        return f"expected op with 1 input and 1 output, got {len(ins)} and {len(outs)}"
    if ins[0].kind is not OperandKind.SCALAR:
        return f"expected op with scalar input ('{ins[0].name}' is a tensor; use ScalarDef)"
    return None


_CHECKS: dict[str, Callable[[OpConfig], str | None]] = {
    CONTRACTION: _check_contraction,
    CONVOLUTION: _check_convolution,
    FILL: _check_fill,
}


def check_interfaces(op: OpConfig, doc: LoadedDocument | None = None) -> list[Diagnostic]:
    """An error per declared interface MLIR 22 would refuse on every instance of `op`."""
    out: list[Diagnostic] = []
    for i, name in enumerate(op.metadata.implements):
        check = _CHECKS.get(name)
        why = check(op) if check is not None else None
        if why is None:
            continue
        path = ("metadata", "implements", i)
        short = name.removeprefix("Linalg")
        out.append(
            Diagnostic.at(
                doc.pos(path) if doc is not None else None,
                f"implements {short} but MLIR refuses every instance of it: {why}",
                op=op.name,
                path=format_path(path),
                file=doc.file if doc is not None else "<input>",
            )
        )
    return out


__all__ = ["CONTRACTION", "CONVOLUTION", "FILL", "check_interfaces"]
