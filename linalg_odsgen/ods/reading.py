"""Reading op-config YAML the way `mlir-linalg-ods-yaml-gen` reads it.

`gen-ods` must accept exactly the files upstream's generator accepts and read
them to the same values. LLVM's YAML reader differs from PyYAML's YAML 1.1
resolution: every scalar is text until a field asks for a number, integers
take C-style radix prefixes (`0x1F`, `0b11`, `0o17`, a leading `0` is octal)
quoted or not, and tags are not checked. Everything else is the shared
validator; only what upstream tolerates is downgraded to a warning.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError, Severity
from linalg_odsgen.model import OpConfig, OpLibrary
from linalg_odsgen.validation.schema import check_document
from linalg_odsgen.validation.semantic import check_unique_names, validate_op
from linalg_odsgen.validation.upstream import as_upstream_reads
from linalg_odsgen.yaml_io import LoadedDocument, NodePath, format_path, load_documents, to_model

_INT64_MIN = -(2**63)
_INT64_MAX = 2**63 - 1

# sign, radix prefix, digits: what LLVM's StringRef integer parsing accepts with radix 0.
_LLVM_INT = re.compile(r"(-?)(0[xX][0-9a-fA-F]+|0[bB][01]+|0[oO][0-7]+|0[0-7]*|[1-9][0-9]*)")


# The bit fields of TableGen's `Op` class: `let NAME = 1;` compiles for these only.
# The bit fields of TableGen's Op class a `defines` entry may set (`let NAME = 1;`).
OP_BIT_FIELDS = frozenset(
    {
        "skipDefaultBuilders",
        "hasCustomAssemblyFormat",
        "hasVerifier",
        "hasRegionVerifier",
        "hasCanonicalizer",
        "hasCanonicalizeMethod",
        "hasFolder",
        "useCustomPropertiesEncoding",
    }
)


def parse_llvm_int(text: str) -> int | None:
    """The value LLVM's YAML reader gives an int64 scalar, or None where it says 'invalid number'."""
    m = _LLVM_INT.fullmatch(text.strip(" \t"))
    if m is None:
        return None
    sign, digits = m.groups()
    lower = digits.lower()
    if lower.startswith(("0x", "0b", "0o")):
        value = int(digits[2:], {"x": 16, "b": 2, "o": 8}[lower[1]])
    elif len(digits) > 1 and digits[0] == "0":
        value = int(digits, 8)
    else:
        value = int(digits)
    value = -value if sign else value
    return value if _INT64_MIN <= value <= _INT64_MAX else None


def _integer_paths(data: Any) -> list[NodePath]:
    """Paths of the fields upstream reads as integers: default indices and `scalar_index`."""
    paths: list[NodePath] = []
    structured = data.get("structured_op") if isinstance(data, dict) else None
    if not isinstance(structured, dict):
        return paths
    args = structured.get("args")
    if isinstance(args, list):
        for i, arg in enumerate(args):
            defaults = arg.get("default_indices") if isinstance(arg, dict) else None
            if isinstance(defaults, list):
                paths.extend(
                    ("structured_op", "args", i, "default_indices", j) for j in range(len(defaults))
                )
    stack: list[tuple[NodePath, Any]] = [
        (("structured_op", "assignments"), structured.get("assignments"))
    ]
    while stack:
        path, node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "scalar_index" and isinstance(value, str):
                    paths.append((*path, key))
                else:
                    stack.append(((*path, key), value))
        elif isinstance(node, list):
            stack.extend(((*path, i), v) for i, v in enumerate(node))
    return paths


# Fields holding lists: LLVM's reader takes an empty value there as an empty list.
_LIST_FIELDS = frozenset(
    {
        "implements",
        "defines",
        "args",
        "static_indexing_maps",
        "iterator_types",
        "assignments",
        "default_indices",
        "operands",
    }
)


def _read_empty_values(doc: LoadedDocument) -> list[Diagnostic]:
    """Empty values (`key:` and nothing) as LLVM reads them: [] for a list, else an error."""
    errors = []
    stack: list[tuple[NodePath, Any]] = [((), doc.data)]
    while stack:
        path, node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in list(items):
            if value is None:
                if key in _LIST_FIELDS:
                    node[key] = []
                    continue
                where = (*path, key)
                errors.append(
                    Diagnostic.at(
                        doc.pos(where),
                        f"empty value at {format_path(where)}: mlir-linalg-ods-yaml-gen "
                        "rejects it (an empty list is the only empty value it reads)",
                        op=doc.op_name(),
                        path=format_path(where),
                    )
                )
            elif isinstance(value, dict | list):
                stack.append(((*path, key), value))
    return errors


def _read_integers(doc: LoadedDocument) -> list[Diagnostic]:
    errors = []
    for path in _integer_paths(doc.data):
        parent: Any = doc.data
        for part in path[:-1]:
            parent = parent[part]
        text = parent[path[-1]]
        if not isinstance(text, str):
            continue
        value = parse_llvm_int(text)
        if value is None:
            errors.append(
                Diagnostic.at(
                    doc.pos(path),
                    f"invalid number {text!r} at {format_path(path)}: expected a 64-bit integer "
                    "(decimal, 0x hex, 0b binary, 0o or leading-0 octal)",
                    op=doc.op_name(),
                    path=format_path(path),
                )
            )
        else:
            parent[path[-1]] = value
    return errors


def _quirk_warnings(op: OpConfig, doc: LoadedDocument) -> list[Diagnostic]:
    """What upstream writes without complaint but that will not build, each at its line."""
    warnings = []
    for i, name in enumerate(op.metadata.defines):
        if name not in OP_BIT_FIELDS:
            warnings.append(
                Diagnostic.at(
                    doc.pos(("metadata", "defines", i)),
                    f"'defines' entry {name!r} is written as `let {name} = 1;` as upstream "
                    "writes it, but it is not a field of TableGen's Op class: mlir-tblgen "
                    f"will reject the .td (known: {', '.join(sorted(OP_BIT_FIELDS))})",
                    severity=Severity.WARNING,
                    op=op.name,
                    path=f"metadata.defines[{i}]",
                )
            )
    args = op.structured_op.args
    values = [i for i, a in enumerate(args) if a.kind.is_value]
    for i, a in enumerate(args):
        later = [args[j].name for j in values if j > i]
        if a.kind.is_value or not later:
            continue
        warnings.append(
            Diagnostic.at(
                doc.pos(("structured_op", "args", i)),
                f"attribute {a.name!r} is declared before operand {later[0]!r}: upstream "
                "numbers the region's block arguments by position in the whole argument "
                "list, so the region builder it writes (and gen-ods, which writes the same "
                f"bytes) reads block arguments past the {len(values)} the region has; "
                "the generated C++ will not work. Declare attributes after the operands",
                severity=Severity.WARNING,
                op=op.name,
                path=f"structured_op.args[{i}]",
            )
        )
    return warnings


def _no_indexing_maps(op: OpConfig, doc: LoadedDocument) -> list[Diagnostic]:
    """`static_indexing_maps: []`: mlir-linalg-ods-yaml-gen refuses the op ("op has no
    indexing maps") whatever else it declares, so gen-ods refuses it too."""
    if op.structured_op.indexing_maps:
        return []
    path = ("structured_op", "indexing_maps", "static_indexing_maps")
    return [
        Diagnostic.at(
            doc.pos(path),
            "op has no indexing maps: static_indexing_maps is empty (mlir-linalg-ods-yaml-gen "
            "refuses it); expected one affine map per tensor and scalar operand",
            op=op.name,
            path=".".join(path),
        )
    ]


def read_library(source: bytes | str, file: str) -> tuple[OpLibrary, list[Diagnostic]]:
    """The op library upstream's generator would build from `source`, and the warnings about it.

    Raises `DiagnosticError` listing every error; an empty stream is an empty library.
    """
    library, warnings, _ = read_located_library(source, file)
    return library, warnings


Locator = Callable[[Diagnostic], Diagnostic]


def read_located_library(
    source: bytes | str, file: str
) -> tuple[OpLibrary, list[Diagnostic], Locator]:
    """`read_library`, plus a function giving a later finding about an op (named by its
    `op` and YAML `path`, as the generator's warnings are) the line it is about."""
    docs = load_documents(source, file, llvm_scalars=True)
    ops: list[OpConfig] = []
    op_docs: list[LoadedDocument] = []
    diags: list[Diagnostic] = []
    for doc in docs:
        if doc.data in ("", None):
            continue  # an empty document (`---` alone): upstream skips it
        bad_numbers = _read_empty_values(doc) or _read_integers(doc)
        if bad_numbers:
            diags.extend(bad_numbers)
            continue
        found = [as_upstream_reads(d, doc.data) for d in check_document(doc)]
        diags.extend(found)
        if any(d.is_error for d in found):
            continue
        try:
            op = to_model(doc, as_upstream=True)
        except DiagnosticError as err:
            diags.extend(err.diagnostics)
            continue
        missing_maps = _no_indexing_maps(op, doc)
        if missing_maps:
            diags.extend(missing_maps)  # the other findings would only be about the missing maps
            continue
        diags.extend(validate_op(op, doc, as_upstream=True))
        diags.extend(_quirk_warnings(op, doc))
        ops.append(op)
        op_docs.append(doc)
    diags.extend(check_unique_names(ops, op_docs, as_upstream=True))
    diags.sort(key=lambda d: (d.line, d.column))
    errors = [d for d in diags if d.is_error]
    if errors:
        raise DiagnosticError(errors)
    by_name = {op.name: doc for op, doc in zip(ops, op_docs, strict=True)}

    def locate(diag: Diagnostic) -> Diagnostic:
        doc = by_name.get(diag.op or "")
        if doc is None or diag.line:
            return diag
        path: NodePath = ()
        for part in re.findall(r"[^.\[\]]+", diag.path or ""):
            path = (*path, int(part) if part.isdigit() else part)
        pos = doc.pos(path or ("metadata", "name"))
        return replace(diag, file=pos.file, line=pos.line, column=pos.column)

    return OpLibrary(tuple(ops)), [d for d in diags if not d.is_error], locate
