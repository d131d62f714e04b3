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
from linalg_odsgen.validation.upstream import as_validate_reports
from linalg_odsgen.yaml_io import LoadedDocument, load_documents, to_model

__all__ = [
    "load_schema",
    "load_valid_library",
    "read_valid_library",
    "validate_document",
    "validate_op",
    "validate_source",
]


def validate_document(doc: LoadedDocument) -> tuple[OpConfig | None, list[Diagnostic]]:
    """Schema, conversion and semantic findings of one document, and its model if it is valid.

    Every stage that can run on sound ground does: when the schema's only
    complaints are unknown extra keys or concern the metadata (which no semantic
    check reads), the semantic checks still run, so one run lists the defects of
    both stages. Other schema errors leave no reliable model, and one defect
    should yield one diagnostic, so the semantic stage is skipped for them.
    """
    diags = [as_validate_reports(d, doc.data) for d in check_document(doc)]
    if not has_errors(diags):
        try:
            op = to_model(doc)
        except DiagnosticError as err:
            return None, [*diags, *err.diagnostics]
        return op, [*diags, *validate_op(op, doc)]
    if not all(_harmless(d) for d in diags if d.is_error):
        return None, diags
    try:
        op = to_model(doc, ignore_unknown_keys=True)
    except DiagnosticError:
        return None, diags
    reported = {(d.line, d.column) for d in diags}  # the name checks repeat the schema's
    return None, [*diags, *(d for d in validate_op(op, doc) if (d.line, d.column) not in reported)]


def _harmless(d: Diagnostic) -> bool:
    """A schema error that cannot make the semantic checks report a cascade."""
    path = d.path or ""
    return (
        path == "metadata" or path.startswith("metadata.") or d.message.startswith("unknown field ")
    )


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


def read_valid_library(source: bytes | str, file: str) -> tuple[OpLibrary, list[Diagnostic]]:
    """The op library of a YAML stream and its warnings; raises `DiagnosticError` listing
    every error (the YAML front end of `linalg_odsgen.sources.read`)."""
    ops, diags = _validate(source, file)
    errors = [d for d in diags if d.is_error]
    if errors:
        raise DiagnosticError(errors)
    return OpLibrary(tuple(ops)), [d for d in diags if not d.is_error]


def load_valid_library(source: bytes | str, file: str) -> OpLibrary:
    """The op library of a YAML stream (warnings dropped); raises `DiagnosticError` listing
    every error."""
    return read_valid_library(source, file)[0]
