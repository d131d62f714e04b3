"""Semantic checks of op configs: what a schema cannot say.

Names resolve to operands of the right kind, maps agree with the iterators and
with each other, every loop dim gets a range, every output is written once.
Each check reports every defect it finds (never stops at the first) and
positions it through the document's source positions, so one run lists all
problems of a file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from linalg_odsgen.diagnostics import Diagnostic, Severity
from linalg_odsgen.model import OpConfig
from linalg_odsgen.validation.body import check_assignments, check_unused_attributes
from linalg_odsgen.validation.casts import check_casts
from linalg_odsgen.validation.checker import BREAKS_CPP, BREAKS_MLIR, UPSTREAM_ACCEPTS, Checker
from linalg_odsgen.validation.declarations import check_names, check_operands
from linalg_odsgen.validation.interfaces import check_interfaces
from linalg_odsgen.validation.maps import check_maps

if TYPE_CHECKING:
    from linalg_odsgen.yaml_io import LoadedDocument


def validate_op(
    op: OpConfig, doc: LoadedDocument | None = None, *, as_upstream: bool = False
) -> list[Diagnostic]:
    """Every semantic defect of one op (errors and warnings), positioned via `doc` if given.

    With `as_upstream`, the rules `mlir-linalg-ods-yaml-gen` does not enforce are
    warnings (how `gen-ods` reads); otherwise they are errors that say upstream
    would accept them.
    """
    c = Checker(op, doc, as_upstream=as_upstream)
    check_names(c)
    check_operands(c)
    check_maps(c)
    check_assignments(c)
    check_unused_attributes(c)
    if not any(d.is_error for d in c.diags):  # what MLIR refuses on every instance
        # rules of MLIR's verifiers, not of the format: upstream's generator writes such ops
        for d in (*check_interfaces(op, doc), *check_casts(op, doc)):
            if as_upstream:
                note = f"{UPSTREAM_ACCEPTS}: written as upstream writes it; {BREAKS_MLIR}"
                d = replace(d, severity=Severity.WARNING, message=f"{d.message} ({note})")
            else:
                d = replace(d, message=f"{d.message} ({UPSTREAM_ACCEPTS})")
            c.diags.append(d)
    return c.diags


def check_unique_names(
    ops: Sequence[OpConfig],
    docs: Sequence[LoadedDocument | None] | None = None,
    *,
    as_upstream: bool = False,
) -> list[Diagnostic]:
    """Across a file: op names and C++ class names are unique (later ones point at the first)."""
    if docs is None:
        docs = [None] * len(ops)
    diags: list[Diagnostic] = []
    first_name: dict[str, int] = {}
    first_class: dict[str, int] = {}
    for i, (op, doc) in enumerate(zip(ops, docs, strict=True)):
        c = Checker(op, doc, as_upstream=as_upstream)
        for key, table, path, what in (
            (op.name, first_name, ("metadata", "name"), "op name"),
            (
                op.metadata.cpp_class_name,
                first_class,
                ("metadata", "cpp_class_name"),
                "C++ class name",
            ),
        ):
            if key in table:
                prev_doc = docs[table[key]]
                where = ""
                if prev_doc is not None:
                    where = f" (first defined at line {prev_doc.pos(path).line})"
                c.report(path, f"duplicate {what} '{key}'{where}", runtime_rule=BREAKS_CPP)
            else:
                table[key] = i
        diags.extend(c.diags)
    return diags


def validate_ops(
    ops: Sequence[OpConfig], docs: Sequence[LoadedDocument | None] | None = None
) -> list[Diagnostic]:
    """Per-op checks of every op plus the checks across the file."""
    if docs is None:
        docs = [None] * len(ops)
    diags: list[Diagnostic] = []
    for op, doc in zip(ops, docs, strict=True):
        diags.extend(validate_op(op, doc))
    diags.extend(check_unique_names(ops, docs))
    return diags
