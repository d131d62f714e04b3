"""Op classes built from an op config in memory: the model made runnable, no code text.

`op_class(config)` returns a `StructuredOp` subclass stating the config (operands,
maps, iterator types) whose region builder walks the config's assignment trees
and whose loop nest reads the instance's indexing maps. It is what the DSL's call
form, `emit --lib`, `conform` and `gen-doc` run. `gen-impl` writes the same op as
readable Python instead; tests/runtime/test_opclass.py holds the two to the same
maps, payload, printed MLIR, errors and output bits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from linalg_odsgen.model import (
    IteratorType,
    OpConfig,
    ScalarArg,
    ScalarConst,
    ScalarExpr,
    ScalarFn,
    ScalarIndex,
)
from linalg_odsgen.payload import Value
from linalg_odsgen.runtime.reference import run_by_maps
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
        "run_loops": _run_loops,
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


def _run_loops(self: StructuredOp, operands: Sequence[Any]) -> None:
    """The reference nest over the instance's maps (`gen-impl` writes the same nest out)."""
    run_by_maps(self, operands)


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


__all__ = ["op_class", "op_classes"]
