"""Op classes built from an op config in memory: the model made runnable, no code text.

`op_class(config)` returns a `StructuredOp` subclass stating the config (operands,
maps, iterator types) whose region builder walks the config's assignment trees
and whose loop nest reads the instance's indexing maps. It is what the DSL's call
form, `emit --lib`, `conform` and `gen-doc` run. `gen-impl` writes the same op as
readable Python instead; tests/runtime/test_opclass.py holds the two to the same
maps, payload, printed MLIR, errors and output bits.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np

from linalg_odsgen.affine import AffineDimExpr, AffineExpr
from linalg_odsgen.model import (
    IteratorType,
    OpConfig,
    OperandKind,
    ScalarArg,
    ScalarConst,
    ScalarExpr,
    ScalarFn,
    ScalarIndex,
)
from linalg_odsgen.payload import Value
from linalg_odsgen.runtime.region_builder import RegionHelper
from linalg_odsgen.runtime.structured_op import StructuredOp

# Region-helper method of each function kind.
_METHOD = {"unary": "unary", "binary": "binary", "ternary": "ternary", "type": "type_fn"}


def op_class(
    config: OpConfig,
    *,
    symbol_names: tuple[str, ...] | None = None,
    module: str = __name__,
) -> type[StructuredOp]:
    """The runnable class of `config`.

    `symbol_names` spell the size symbols in shape errors (`B: (K, N)` rather than
    `(s1, s2)`); `module` is the `__module__` the class reports.
    """
    meta = config.metadata
    s = config.structured_op
    rank_polymorphic = len(s.indexing_maps) > 0 and all(m.num_dims == 0 for m in s.indexing_maps)
    namespace: dict[str, Any] = {
        "__doc__": _summary(meta.doc, meta.name),
        "__module__": module,
        "OP_NAME": meta.name,
        "CPP_CLASS_NAME": meta.cpp_class_name,
        "DOC": meta.doc,
        "IMPLEMENTS": tuple(meta.implements),
        "DEFINES": tuple(meta.defines),
        "OPERANDS": tuple(s.args),
        "STATIC_INDEXING_MAPS": tuple(s.indexing_maps),
        "ITERATOR_TYPES": tuple(IteratorType(t) for t in s.iterator_types),
        "RANK_POLYMORPHIC": rank_polymorphic,
        "USES_INDEX": any(_uses_index(a.value) for a in s.assignments),
        "build_region": _region_builder(config),
        "run_loops": _run_polymorphic if rank_polymorphic else _run_by_maps,
    }
    if symbol_names is not None:
        namespace["SYMBOL_NAMES"] = symbol_names
    name = meta.cpp_class_name or "".join(p[:1].upper() + p[1:] for p in meta.name.split("_"))
    cls = type(name, (StructuredOp,), namespace)
    cls.__qualname__ = name
    return cls


def op_classes(
    configs: Sequence[OpConfig], *, module: str = __name__
) -> dict[str, type[StructuredOp]]:
    """Op name -> class of every config, in order (what a generated module's `OPS` holds)."""
    return {c.name: op_class(c, module=module) for c in configs}


def _summary(doc: str | None, name: str) -> str:
    first = (doc or "").strip().splitlines()
    return first[0].strip() if first else f"The `{name}` op."


def _uses_index(e: ScalarExpr) -> bool:
    if isinstance(e, ScalarIndex):
        return True
    return isinstance(e, ScalarFn) and any(_uses_index(o) for o in e.operands)


# -- region ---------------------------------------------------------------------------------


def _region_builder(config: OpConfig) -> Callable[[StructuredOp, RegionHelper], None]:
    """`build_region`: the assignment trees in post-order, left to right, one helper call
    per node (the calls, and so the payload ops, come in the order generated code makes them)."""
    s = config.structured_op
    by_output = {a.arg: a.value for a in s.assignments}
    outputs = [a.name for a in s.value_args if not a.kind.is_input]
    trees: list[ScalarExpr] = [by_output.get(name, ScalarArg(name)) for name in outputs]

    def build_region(self: StructuredOp, b: RegionHelper) -> None:
        b.yield_(*(_emit(b, tree) for tree in trees))

    return build_region


def _emit(b: RegionHelper, e: ScalarExpr) -> Value:
    if isinstance(e, ScalarArg):
        return b.arg(e.arg)
    if isinstance(e, ScalarConst):
        return b.constant(e.value)
    if isinstance(e, ScalarIndex):
        return b.index(e.dim)
    operands = [_emit(b, o) for o in e.operands]
    fn = e.fn_name if e.fn_name is not None else b.fn_attr(e.attr_name or "")
    method = _METHOD[e.kind.value]
    if method == "type_fn":
        return b.type_fn(fn, e.type_var or "", *operands)
    result: Value = getattr(b, method)(fn, *operands)
    return result


# -- loops ----------------------------------------------------------------------------------


def _accessor(results: Sequence[AffineExpr], num_dims: int) -> Callable[[tuple[int, ...]], Any]:
    """Loop point -> the element index of one operand's map results."""
    if not results:
        return lambda point: ()
    if all(isinstance(r, AffineDimExpr) for r in results):
        # Bare dims (most maps): C-speed picking from the point tuple.
        return operator.itemgetter(*(r.position for r in results))  # type: ignore[attr-defined]
    parts = [_result_fn(r, num_dims) for r in results]
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        f0, f1 = parts
        return lambda p: (f0(p), f1(p))
    if len(parts) == 3:
        f0, f1, f2 = parts
        return lambda p: (f0(p), f1(p), f2(p))
    if len(parts) == 4:
        f0, f1, f2, f3 = parts
        return lambda p: (f0(p), f1(p), f2(p), f3(p))
    return lambda p: tuple(f(p) for f in parts)


def _result_fn(r: AffineExpr, num_dims: int) -> Callable[[tuple[int, ...]], int]:
    """One map result as a function of the loop point (linear ones without a tree walk)."""
    if isinstance(r, AffineDimExpr):
        return operator.itemgetter(r.position)
    form = r.linear_form(num_dims)
    if form is None:
        return lambda p: r.eval(p)
    terms = [(i, c) for i, c in enumerate(form[0]) if c != 0]
    k = form[1]
    if not terms:
        return lambda p: k
    if len(terms) == 1:
        ((i, c),) = terms
        return lambda p: c * p[i] + k
    if len(terms) == 2:
        (i, c), (j, e) = terms
        return lambda p: c * p[i] + e * p[j] + k
    return lambda p: sum(c * p[i] for i, c in terms) + k


def _ranges(op: StructuredOp) -> tuple[int, ...]:
    """The instance's loop sizes (all known: it is bound to arrays when it runs)."""
    return cast("tuple[int, ...]", op.loop_ranges())


def _run_by_maps(self: StructuredOp, operands: Sequence[Any]) -> None:
    """The loop nest over the instance's maps, last dim fastest (as MLIR's
    convert-linalg-to-loops orders it); outputs updated in place."""
    from linalg_odsgen.runtime import loop_nest

    body = self.compiled_body
    value_defs = self.value_operands
    reads: list[tuple[Any, Callable[[tuple[int, ...]], Any] | None]] = []
    writes: list[tuple[Any, Callable[[tuple[int, ...]], Any]]] = []
    for d, m, v in zip(value_defs, self.indexing_maps, operands, strict=True):
        get = _accessor(m.results, m.num_dims) if d.kind is not OperandKind.SCALAR else None
        reads.append((v, get))
        if not d.kind.is_input:
            assert get is not None
            writes.append((v, get))
    uses_index = self.USES_INDEX
    single = len(writes) == 1
    for point in loop_nest(*_ranges(self)):
        args = [v if get is None else v[get(point)] for v, get in reads]
        results = body(*args, *point) if uses_index else body(*args)
        if single:
            out, get = writes[0]
            out[get(point)] = results
        else:
            for (out, get), r in zip(writes, results, strict=True):
                out[get(point)] = r


def _run_polymorphic(self: StructuredOp, operands: Sequence[Any]) -> None:
    """Rank-polymorphic ops: one loop per output dim; scalars and 0-d operands read whole."""
    from linalg_odsgen.runtime import loop_nest

    body = self.compiled_body
    kinds = [d.kind for d in self.value_operands]
    outs = [v for d, v in zip(kinds, operands, strict=True) if not d.is_input]
    single = len(outs) == 1
    for point in loop_nest(*_ranges(self)):
        args = [
            v
            if k is OperandKind.SCALAR
            else v[point]
            if k is OperandKind.OUTPUT_TENSOR or np.ndim(v)
            else v[()]
            for k, v in zip(kinds, operands, strict=True)
        ]
        results = body(*args)
        if single:
            outs[0][point] = results
        else:
            for out, r in zip(outs, results, strict=True):
                out[point] = r


__all__ = ["op_class", "op_classes"]
