"""Casts MLIR 22 cannot build, found in the op config before any instance exists.

Linalg's region builder converts `index` only to integer types: a type function
from an index value to a float (`cast_signed(F32, index(D.n))`) makes MLIR warn
"could not cast operand of type 'index'" and every instance then fails to verify.
When the source is an index value whatever the operand types (`scalar_index`, or
functions of index values only) and the target a fixed float type, this is an
error of the op itself; through a type variable it depends on the instance and the
runtime refuses it there (with the same advice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from linalg_odsgen.diagnostics import Diagnostic
from linalg_odsgen.model import FnKind, OpConfig, ScalarExpr, ScalarFn, ScalarIndex
from linalg_odsgen.yaml_io.loader import NodePath, format_path

if TYPE_CHECKING:
    from linalg_odsgen.yaml_io import LoadedDocument

_FLOAT_TYPE_VARS = ("F32", "F64")


def _index_typed(e: ScalarExpr) -> bool:
    if isinstance(e, ScalarIndex):
        return True
    if isinstance(e, ScalarFn) and e.kind is not FnKind.TYPE and e.operands:
        values = e.operands[1:] if e.kind is FnKind.TERNARY else e.operands
        return all(_index_typed(x) for x in values)
    return False


def check_casts(op: OpConfig, doc: LoadedDocument | None = None) -> list[Diagnostic]:
    """An error per type function converting an index value to F32/F64."""
    out: list[Diagnostic] = []
    stack: list[tuple[ScalarExpr, NodePath]] = [
        (a.value, ("structured_op", "assignments", i, "value"))
        for i, a in enumerate(op.structured_op.assignments)
    ]
    while stack:
        e, path = stack.pop()
        if not isinstance(e, ScalarFn):
            continue
        fn_path = (*path, "scalar_fn")
        if e.kind is FnKind.TYPE and e.type_var in _FLOAT_TYPE_VARS and _index_typed(e.operands[0]):
            name = e.fn_name or e.attr_name
            out.append(
                Diagnostic.at(
                    doc.pos(fn_path) if doc is not None else None,
                    f"{name} of an index value to {e.type_var}: MLIR converts index only to "
                    f"integers; cast to I64 first (a type function of type_var I64 around "
                    f"the scalar_index)",
                    op=op.name,
                    path=format_path(fn_path),
                    file=doc.file if doc is not None else "<input>",
                )
            )
        stack.extend((x, (*fn_path, "operands", j)) for j, x in enumerate(e.operands))
    return out


__all__ = ["check_casts"]
