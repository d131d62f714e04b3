"""An example of each op in its named and its `linalg.generic` form, printed by the MLIR
printer.

Each op's runtime class is built in memory from its config (the class `gen-impl`
would write) and each op is instantiated on dynamically sized memrefs, so the examples
show the op exactly as `emit` and `emit --generic` print it (the generic form with
`#map` aliases, as `mlir-opt` prints it).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.model import FIXED_TYPES, OpConfig, OperandKind, OpLibrary

if TYPE_CHECKING:
    from linalg_odsgen.runtime import StructuredOp

# Element types tried for the type variables, first choices first: the first assignment the
# op accepts is shown (f32 everywhere for most ops; a select's condition needs i1).
_CANDIDATES = ("f32", "i32", "i1")


def op_classes(library: OpLibrary) -> dict[str, type[StructuredOp]]:
    """Op name -> the runtime class of every op of `library` (built in memory)."""
    from linalg_odsgen.runtime.opclass import op_classes as build_classes

    return build_classes(library.ops)


def _type_vars(op: OpConfig) -> list[str]:
    seen: dict[str, None] = {}
    for arg in op.structured_op.value_args:
        if arg.type_var and arg.type_var not in FIXED_TYPES:
            seen.setdefault(arg.type_var)
    return list(seen)


def _type_texts(op: OpConfig, binding: dict[str, str]) -> list[str]:
    out = []
    for arg in op.structured_op.value_args:
        t = arg.type_var or ""
        elem = t.lower() if t in FIXED_TYPES else binding[t]
        if arg.kind is OperandKind.SCALAR:
            out.append(elem)
        else:
            rank = len(arg.shape_map.results) if arg.shape_map else 0
            out.append(f"memref<{'?x' * rank}{elem}>")
    return out


@dataclass(frozen=True)
class Example:
    """One instance of an op printed both ways, and the operand types it was built on."""

    named: str
    generic: str  # with `#map` aliases
    types: tuple[str, ...]


def example(op: OpConfig, cls: type[StructuredOp], dialect: str = "linalg") -> Example | None:
    """The op on dynamic memrefs in both forms, or None when no candidate element type
    gives a valid instance."""
    from linalg_odsgen.mlir import Form, print_module
    from linalg_odsgen.mlir.printer import with_map_aliases
    from linalg_odsgen.mlir.type_syntax import parse_operand_type

    names = _type_vars(op)
    for choice in itertools.product(_CANDIDATES, repeat=len(names)):
        texts = _type_texts(op, dict(zip(names, choice, strict=True)))
        try:
            instance = cls.from_types([parse_operand_type(t) for t in texts])
        except DiagnosticError:
            continue
        return Example(
            print_module(instance, Form.NAMED, dialect=dialect),
            with_map_aliases(print_module(instance, Form.GENERIC)),
            tuple(texts),
        )
    return None
