"""Printing structured-op instances as MLIR (named and `linalg.generic` forms).

`print_module(op, form="named"|"generic")` gives a module with one function
whose body is the op; `print_func` gives just the function, for batching many
instances into one module. Nothing here needs MLIR installed; `tools` runs
`mlir-opt-22`/`mlir-runner-22` for the conformance checks.
"""

from __future__ import annotations

from linalg_odsgen.mlir.literals import format_float, format_int, format_scalar
from linalg_odsgen.mlir.printer import (
    Form,
    named_attributes,
    operand_signature,
    print_func,
    print_module,
    wrap_module,
)
from linalg_odsgen.mlir.type_syntax import TypeSyntaxError, parse_operand_type, print_type
from linalg_odsgen.runtime.printing import register_printer

# `StructuredOp.to_mlir` prints through this (the runtime does not import the printer).
register_printer(print_module)

__all__ = [
    "Form",
    "TypeSyntaxError",
    "format_float",
    "format_int",
    "format_scalar",
    "named_attributes",
    "operand_signature",
    "parse_operand_type",
    "print_func",
    "print_module",
    "print_type",
    "wrap_module",
]
