"""Which of validate's schema rules `mlir-linalg-ods-yaml-gen` does not enforce.

`validate` keeps them as errors and says that upstream accepts the file;
`gen-ods`, which must accept every file upstream accepts, reads them as
warnings. (The semantic rules carry the same split where they are checked,
see `semantic.validate_op(as_upstream=...)`.)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from linalg_odsgen.diagnostics import Diagnostic, Severity
from linalg_odsgen.validation.checker import UPSTREAM_ACCEPTS

# Schema findings upstream does not reject: it reads an absent default as "none"
# (and writes code that says so), never looks at tags, reads every operand field
# whatever the operand's kind (and needs none but `name`, `kind` and, for index
# attributes, `index_attr_map`), and pastes constants and loop indices as written.
_TOLERATED = (
    "missing required field 'default_indices'",
    "missing required field 'default_fn'",
    "must be tagged",
    "missing required field 'shape_map' in operand definition",
    "missing required field 'type_var' in operand definition",
    "is not allowed in an operand definition of kind",
    "field 'type_var' in operand definition must be an identifier",
    "field 'type_var' is only allowed in type functions",
    "field 'scalar_const' in scalar expression must not be empty",
    "field 'scalar_index' in scalar expression must be at least 0",
)


def _has_untyped_operand(data: Any) -> bool:
    """Whether a tensor or scalar operand of the document has no `type_var`."""
    structured = data.get("structured_op") if isinstance(data, dict) else None
    args = structured.get("args") if isinstance(structured, dict) else None
    return isinstance(args, list) and any(
        isinstance(a, dict)
        and a.get("kind") in ("input_tensor", "output_tensor", "scalar")
        and "type_var" not in a
        for a in args
    )


def upstream_tolerates(diag: Diagnostic, data: Any = None) -> bool:
    """Whether `diag`, a schema error about the document tree `data`, is one upstream's
    generator does not make."""
    if not diag.is_error:
        return False
    if "missing required field 'type_var' in scalar function" in diag.message:
        # upstream converts to the type of the first operand without a type_var, if any
        return _has_untyped_operand(data)
    if "needs exactly one of" in diag.message:
        # upstream takes the first form of an expression (none is an error there too)
        # and any naming of a function, none included
        return "scalar function" in diag.message or "found none" not in diag.message
    return any(t in diag.message for t in _TOLERATED)


def as_validate_reports(diag: Diagnostic, data: Any = None) -> Diagnostic:
    """`diag` as `validate` reports it: still an error, saying upstream accepts the file."""
    if not upstream_tolerates(diag, data):
        return diag
    return replace(diag, message=f"{diag.message} ({UPSTREAM_ACCEPTS})")


def as_upstream_reads(diag: Diagnostic, data: Any = None) -> Diagnostic:
    """`diag` as `gen-ods` reports it: a warning where upstream accepts the file."""
    if not upstream_tolerates(diag, data):
        return diag
    message = f"{diag.message} ({UPSTREAM_ACCEPTS}: written as upstream writes it)"
    return replace(diag, severity=Severity.WARNING, message=message)
