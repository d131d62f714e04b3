"""The TC front end: op specs in the seeds' `mlir-linalg-ods-gen` syntax -> op configs.

    ods_def<MatmulOp> :
    def matmul(A: f32(M, K), B: f32(K, N)) -> (C: f32(M, N)) {
      C(m, n) = std_addf<k>(std_mulf(A(m, k), B(k, n)));
    }

`read_tc` parses and lowers a `.tc` file into the same typed model the YAML
loader and the DSL produce, so every back end works on TC ops unchanged;
`tc_to_yaml` is the canonical op-config YAML of those ops (what `from-tc` writes).
`linalg_odsgen.sources.read` chooses this front end for files named `*.tc`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError, has_errors
from linalg_odsgen.model import OpConfig, OpLibrary
from linalg_odsgen.tc.lexer import Pos, decode
from linalg_odsgen.tc.lower import lower
from linalg_odsgen.tc.parser import parse


@dataclass(frozen=True)
class TcLibrary:
    """The ops of one or more TC files, with the warnings found while reading them."""

    library: OpLibrary
    warnings: tuple[Diagnostic, ...] = ()


def _position(paths: dict[str, Pos], diag: Diagnostic, file: str) -> Diagnostic:
    """A validator finding (positioned by YAML path) moved to the TC text it came from."""
    best: Pos | None = None
    if diag.path is not None:
        key = diag.path
        while key:
            if key in paths:
                best = paths[key]
                break
            cut = max(key.rfind("."), key.rfind("["))
            key = key[:cut] if cut > 0 else ""
    best = best or paths.get("metadata.name")
    if best is None:
        return Diagnostic(diag.message, file, severity=diag.severity, op=diag.op)
    return Diagnostic(
        diag.message, file, best.line, best.column, diag.severity, op=diag.op, path=None
    )


def read_tc_diagnostics(source: bytes | str, file: str) -> tuple[list[OpConfig], list[Diagnostic]]:
    """Every op of a TC file that lowers cleanly, and every finding (errors and warnings)."""
    ops, diags, _ = _read_file(source, file)
    return ops, diags


def _read_file(
    source: bytes | str, file: str
) -> tuple[list[OpConfig], list[Diagnostic], dict[str, Pos]]:
    """`read_tc_diagnostics`, plus where each def's name is written."""
    from linalg_odsgen.validation.semantic import validate_op

    text = decode(source, file)
    parsed = parse(text, file)
    diags = list(parsed.errors)
    ops: list[OpConfig] = []
    names: dict[str, Pos] = {}
    classes: dict[str, Pos] = {}
    for d in parsed.defs:
        if d.name in names:
            first = names[d.name]
            diags.append(
                Diagnostic(
                    f"duplicate def '{d.name}' (first defined at line {first.line})",
                    file,
                    d.pos.line,
                    d.pos.column,
                    op=d.name,
                )
            )
            continue
        names[d.name] = d.pos
        op, found, paths = lower(d, file)
        diags.extend(found)
        if op is None:
            continue
        checked = [_position(paths, x, file) for x in validate_op(op)]
        diags.extend(checked)
        cls = op.metadata.cpp_class_name
        if cls in classes:
            diags.append(
                Diagnostic(
                    f"duplicate C++ class name '{cls}' (first at line {classes[cls].line})",
                    file,
                    d.start.line,
                    d.start.column,
                    op=d.name,
                )
            )
            continue
        classes[cls] = d.start
        if not has_errors(checked):
            ops.append(op)
    if not parsed.defs and not parsed.errors:
        diags.append(
            Diagnostic("no op definitions: expected `def name(...) -> (...) { ... }`", file)
        )
    diags.sort(key=lambda x: (x.line, x.column))
    return ops, diags, names


def read_tc(sources: Sequence[tuple[bytes | str, str]]) -> TcLibrary:
    """The ops of the given (source, file name) pairs, in order; raises `DiagnosticError`
    with every error of every file (warnings are returned, not raised)."""
    ops: list[OpConfig] = []
    diags: list[Diagnostic] = []
    # Across files (the same file given twice included): one op per name and per C++
    # class, or the YAML written would be one that `validate` refuses.
    first_name: dict[str, str] = {}
    first_class: dict[str, str] = {}
    for number, (source, file) in enumerate(sources, start=1):
        try:
            found_ops, found, positions = _read_file(source, file)
        except DiagnosticError as err:
            diags.extend(err.diagnostics)
            continue
        diags.extend(found)
        for op in found_ops:
            pos = positions[op.name]
            where = f"{file}:{pos.line}:{pos.column} (input {number})"
            cls = op.metadata.cpp_class_name
            clash = (
                f"op '{op.name}' is already defined in {first_name[op.name]}"
                if op.name in first_name
                else f"C++ class name '{cls}' of op '{op.name}' is already used in "
                f"{first_class[cls]}"
                if cls in first_class
                else None
            )
            if clash is not None:
                diags.append(Diagnostic(clash, file, pos.line, pos.column, op=op.name))
                continue
            first_name[op.name] = first_class[cls] = where
            ops.append(op)
    errors = [d for d in diags if d.is_error]
    if errors:
        raise DiagnosticError(errors)
    return TcLibrary(OpLibrary(tuple(ops)), tuple(d for d in diags if not d.is_error))


def tc_to_yaml(sources: Sequence[tuple[bytes | str, str]]) -> tuple[str, tuple[Diagnostic, ...]]:
    """Canonical op-config YAML of the TC sources, and the warnings."""
    from linalg_odsgen.yaml_io import dump_library

    result = read_tc(sources)
    return dump_library(result.library.ops), result.warnings


__all__ = ["TcLibrary", "read_tc", "read_tc_diagnostics", "tc_to_yaml"]
