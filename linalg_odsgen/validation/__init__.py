"""Validation of op-config YAML: JSON Schema, tags and semantic checks -> diagnostics.

`validate_source` lists every finding of a file (errors and warnings);
`load_valid_library` is how other commands read an op library: it returns the
typed model or raises `DiagnosticError` with all errors (warnings are dropped).
"""

from __future__ import annotations

from collections.abc import Sequence

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError, has_errors
from linalg_odsgen.model import OpConfig, OpLibrary
from linalg_odsgen.validation.schema import check_document, load_schema
from linalg_odsgen.validation.semantic import check_unique_names, validate_op
from linalg_odsgen.yaml_io import LoadedDocument, load_documents, to_model

__all__ = [
    "load_schema",
    "load_valid_library",
    "validate_document",
    "validate_op",
    "validate_source",
]


def validate_document(doc: LoadedDocument) -> tuple[OpConfig | None, list[Diagnostic]]:
    """Schema, conversion and semantic findings of one document, and its model if it converts.

    Semantic checks run only on documents that pass the schema: a malformed
    tree has no reliable model, and one defect should yield one diagnostic.
    """
    diags = check_document(doc)
    if has_errors(diags):
        return None, diags
    try:
        op = to_model(doc)
    except DiagnosticError as err:
        return None, [*diags, *err.diagnostics]
    return op, [*diags, *validate_op(op, doc)]


def _validate(source: bytes | str, file: str) -> tuple[list[OpConfig], list[Diagnostic]]:
    try:
        docs = load_documents(source, file)
    except DiagnosticError as err:
        return [], list(err.diagnostics)
    if not docs:
        return [], [
            Diagnostic("no op-config documents: expected `--- !LinalgOpConfig` documents", file)
        ]
    ops: list[OpConfig] = []
    op_docs: list[LoadedDocument] = []
    diags: list[Diagnostic] = []
    for doc in docs:
        op, found = validate_document(doc)
        diags.extend(found)
        if op is not None:
            ops.append(op)
            op_docs.append(doc)
    diags.extend(check_unique_names(ops, op_docs))
    return ops, _in_source_order(diags)


def _in_source_order(diags: Sequence[Diagnostic]) -> list[Diagnostic]:
    return sorted(diags, key=lambda d: (d.line, d.column))


def validate_source(source: bytes | str, file: str) -> list[Diagnostic]:
    """Every finding of an op-config YAML stream, errors and warnings, in source order."""
    return _validate(source, file)[1]


def load_valid_library(source: bytes | str, file: str) -> OpLibrary:
    """The op library of a YAML stream; raises `DiagnosticError` listing every error."""
    ops, diags = _validate(source, file)
    errors = [d for d in diags if d.is_error]
    if errors:
        raise DiagnosticError(errors)
    return OpLibrary(tuple(ops))
