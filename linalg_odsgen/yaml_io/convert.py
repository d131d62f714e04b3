"""Plain YAML tree (`LoadedDocument`) -> typed op-config model (`OpConfig`).

The converter checks only that the tree *fits* the model: node types, known
and required keys, tags, enum values, affine map syntax. Whether the op makes
sense (operands referenced exist, maps agree, ...) is the validator's job. It
reports every misfit it finds, each at its source position, rather than
stopping at the first, and it never crashes on any tree.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, TypeVar

from linalg_odsgen.affine import AffineMap, AffineParseError
from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError
from linalg_odsgen.model import (
    FnKind,
    IteratorType,
    OpConfig,
    OperandDef,
    OperandKind,
    OpLibrary,
    OpMetadata,
    ScalarArg,
    ScalarAssign,
    ScalarConst,
    ScalarExpr,
    ScalarFn,
    ScalarIndex,
    StructuredOpConfig,
)
from linalg_odsgen.yaml_io.loader import (
    LoadedDocument,
    NodePath,
    describe,
    display_tag,
    expected_tag,
    format_path,
    load_documents,
)

#: Deepest scalar expression converted (loaded YAML allows ~85; this guards hand-built trees).
MAX_EXPR_DEPTH = 100

# The keys of each node, in canonical (dump) order; `True` marks the required ones.
METADATA_KEYS: dict[str, bool] = {
    "name": True,
    "cpp_class_name": True,
    "doc": False,
    "implements": False,
    "defines": False,
}
OPERAND_KEYS: dict[str, bool] = {
    "name": True,
    "kind": True,
    "type_var": False,
    "shape_map": False,
    "index_attr_map": False,
    "default_indices": False,
    "default_fn": False,
}
STRUCTURED_KEYS: dict[str, bool] = {
    "args": True,
    "indexing_maps": True,
    "iterator_types": True,
    "assignments": True,
}
INDEXING_MAPS_KEYS: dict[str, bool] = {"static_indexing_maps": True}
ASSIGN_KEYS: dict[str, bool] = {"arg": True, "value": True}
EXPR_KEYS: tuple[str, ...] = ("scalar_arg", "scalar_const", "scalar_index", "scalar_fn")
FN_KEYS: dict[str, bool] = {
    "kind": True,
    "fn_name": False,
    "attr_name": False,
    "type_var": False,
    "operands": True,
}
OP_KEYS: dict[str, bool] = {"metadata": True, "structured_op": True}

E = TypeVar("E", bound=enum.Enum)
T = TypeVar("T")
R = TypeVar("R")


class _Converter:
    """One document's conversion: walks the tree, collects diagnostics."""

    def __init__(
        self, doc: LoadedDocument, *, ignore_unknown_keys: bool = False, as_upstream: bool = False
    ) -> None:
        self.doc = doc
        self.ignore_unknown_keys = ignore_unknown_keys
        self.as_upstream = as_upstream
        self.op = doc.op_name()
        self.diags: list[Diagnostic] = []

    # -- reporting ---------------------------------------------------------------------

    def error(
        self, path: NodePath, message: str, *, at_key: bool = False, offset: int = -1
    ) -> None:
        if offset >= 0:
            pos = self.doc.offset_pos(path, offset)
        elif at_key:
            pos = self.doc.key_pos(path)
        else:
            pos = self.doc.pos(path)
        self.diags.append(Diagnostic.at(pos, message, op=self.op, path=format_path(path) or None))

    def expected(self, path: NodePath, what: str, value: object) -> None:
        where = format_path(path) or "the document"
        self.error(path, f"{where}: expected {what}, got {describe(value)}")

    # -- structure ---------------------------------------------------------------------

    def check_tag(self, path: NodePath) -> None:
        want = expected_tag(path)
        have = self.doc.tags.get(path)
        if self.as_upstream or want is None or have == want:
            return
        where = format_path(path) or "the document root"
        if have is None:
            self.error(path, f"missing tag {want} on {where}")
        else:
            self.error(path, f"tag {display_tag(have)} is not allowed at {where}; expected {want}")

    def mapping(self, value: Any, path: NodePath, keys: dict[str, bool], what: str) -> dict | None:
        """`value` as a mapping with known keys (unknown/missing ones reported), or None."""
        if not isinstance(value, dict):
            self.expected(path, f"a {what} mapping", value)
            return None
        self.check_tag(path)
        for key in value:
            if key not in keys and not self.ignore_unknown_keys:
                where = format_path(path) or "the document root"
                self.error(
                    (*path, key),
                    f"unknown key '{key}' in {where}; expected one of {', '.join(keys)}",
                    at_key=True,
                )
        for key, required in keys.items():
            if required and key not in value:
                where = format_path(path) or "the document root"
                self.error(path, f"{where} is missing required key '{key}'")
        return value

    def sequence(self, value: Any, path: NodePath) -> list | None:
        if not isinstance(value, list):
            self.expected(path, "a sequence", value)
            return None
        return value

    def string(self, value: Any, path: NodePath) -> str | None:
        if not isinstance(value, str):
            self.expected(path, "a string", value)
            return None
        return value

    def optional(
        self, node: dict, path: NodePath, key: str, convert: Callable[[Any, NodePath], R]
    ) -> R | None:
        if key not in node:
            return None
        return convert(node[key], (*path, key))

    def each(
        self, value: Any, path: NodePath, convert: Callable[[Any, NodePath], T | None]
    ) -> tuple[T, ...] | None:
        """Convert every item of a sequence; None when it or any item does not fit."""
        items = self.sequence(value, path)
        if items is None:
            return None
        out = [convert(item, (*path, i)) for i, item in enumerate(items)]
        if any(x is None for x in out):
            return None
        return tuple(out)  # type: ignore[arg-type]

    def enum_value(self, value: Any, path: NodePath, cls: type[E], what: str) -> E | None:
        text = self.string(value, path)
        if text is None:
            return None
        for member in cls:
            if member.value == text:
                return member
        choices = ", ".join(str(m.value) for m in cls)
        self.error(path, f"unknown {what} '{text}'; expected one of {choices}")
        return None

    def affine_map(self, value: Any, path: NodePath) -> AffineMap | None:
        text = self.string(value, path)
        if text is None:
            return None
        try:
            return AffineMap.parse(text)
        except AffineParseError as exc:
            self.error(path, f"invalid affine map: {exc.message}", offset=exc.offset)
        except (ValueError, RecursionError) as exc:
            self.error(path, f"invalid affine map: {exc}")
        return None

    def integer(self, value: Any, path: NodePath) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.expected(path, "an integer", value)
            return None
        return value

    # -- nodes -------------------------------------------------------------------------

    def op_config(self, data: Any) -> OpConfig | None:
        root = self.mapping(data, (), OP_KEYS, "!LinalgOpConfig")
        if root is None:
            return None
        metadata = self.optional(root, (), "metadata", self.metadata)
        structured = self.optional(root, (), "structured_op", self.structured_op)
        if metadata is None or structured is None:
            return None
        return OpConfig(metadata, structured)

    def metadata(self, value: Any, path: NodePath) -> OpMetadata | None:
        node = self.mapping(value, path, METADATA_KEYS, "!LinalgOpMetadata")
        if node is None:
            return None
        name = self.optional(node, path, "name", self.string)
        cpp = self.optional(node, path, "cpp_class_name", self.string)
        # `doc: null` is what upstream's OpDSL writes for an op without docstring: no doc.
        null_doc = "doc" in node and node["doc"] is None
        doc = None if null_doc else self.optional(node, path, "doc", self.string)
        implements = self.optional(node, path, "implements", self.strings)
        defines = self.optional(node, path, "defines", self.strings)
        if (
            name is None
            or cpp is None
            or not self.ok_optional(node, ("implements", "defines"), (implements, defines))
            or (node.get("doc") is not None and doc is None)
        ):
            return None
        return OpMetadata(name, cpp, doc, implements or (), defines or (), null_doc)

    def strings(self, value: Any, path: NodePath) -> tuple[str, ...] | None:
        return self.each(value, path, self.string)

    def ok_optional(self, node: dict, keys: tuple[str, ...], values: tuple[object, ...]) -> bool:
        """True when every optional key present in `node` converted to a value."""
        return all(k not in node or v is not None for k, v in zip(keys, values, strict=True))

    def structured_op(self, value: Any, path: NodePath) -> StructuredOpConfig | None:
        node = self.mapping(value, path, STRUCTURED_KEYS, "!LinalgStructuredOpConfig")
        if node is None:
            return None
        args = self.optional(node, path, "args", lambda v, p: self.each(v, p, self.operand))
        maps = self.optional(node, path, "indexing_maps", self.indexing_maps)
        iterators = self.optional(
            node,
            path,
            "iterator_types",
            lambda v, p: self.each(
                v, p, lambda x, q: self.enum_value(x, q, IteratorType, "iterator type")
            ),
        )
        assignments = self.optional(
            node, path, "assignments", lambda v, p: self.each(v, p, self.assignment)
        )
        if args is None or maps is None or iterators is None or assignments is None:
            return None
        return StructuredOpConfig(args, maps, iterators, assignments)

    def operand(self, value: Any, path: NodePath) -> OperandDef | None:
        node = self.mapping(value, path, OPERAND_KEYS, "!LinalgOperandDefConfig")
        if node is None:
            return None
        name = self.optional(node, path, "name", self.string)
        kind = self.optional(
            node, path, "kind", lambda v, p: self.enum_value(v, p, OperandKind, "operand kind")
        )
        type_var = self.optional(node, path, "type_var", self.string)
        shape_map = self.optional(node, path, "shape_map", self.affine_map)
        index_attr_map = self.optional(node, path, "index_attr_map", self.affine_map)
        default_indices = self.optional(
            node, path, "default_indices", lambda v, p: self.each(v, p, self.integer)
        )
        default_fn = self.optional(node, path, "default_fn", self.string)
        optional_keys = ("type_var", "shape_map", "index_attr_map", "default_indices", "default_fn")
        optional_values = (type_var, shape_map, index_attr_map, default_indices, default_fn)
        if (
            name is None
            or kind is None
            or not self.ok_optional(node, optional_keys, optional_values)
        ):
            return None
        return OperandDef(
            name, kind, type_var, shape_map, index_attr_map, default_indices, default_fn
        )

    def indexing_maps(self, value: Any, path: NodePath) -> tuple[AffineMap, ...] | None:
        node = self.mapping(value, path, INDEXING_MAPS_KEYS, "!LinalgIndexingMapsConfig")
        if node is None:
            return None
        return self.optional(
            node, path, "static_indexing_maps", lambda v, p: self.each(v, p, self.affine_map)
        )

    def assignment(self, value: Any, path: NodePath) -> ScalarAssign | None:
        node = self.mapping(value, path, ASSIGN_KEYS, "!ScalarAssign")
        if node is None:
            return None
        arg = self.optional(node, path, "arg", self.string)
        expr = self.optional(node, path, "value", self.root_expression)
        if arg is None or expr is None:
            return None
        return ScalarAssign(arg, expr)

    def root_expression(self, value: Any, path: NodePath) -> ScalarExpr | None:
        """The expression tree of an assignment's value (depth 0)."""
        return self.expression(value, path, 0)

    def operands(self, value: Any, path: NodePath, depth: int) -> tuple[ScalarExpr, ...] | None:
        """The operand list of a scalar_fn, its expressions at `depth`."""
        return self.each(value, path, lambda x, q: self.expression(x, q, depth))

    def expression(self, value: Any, path: NodePath, depth: int) -> ScalarExpr | None:
        if depth > MAX_EXPR_DEPTH:
            self.error(path, f"scalar expression is nested deeper than {MAX_EXPR_DEPTH} levels")
            return None
        if not isinstance(value, dict):
            self.expected(path, "a !ScalarExpression mapping", value)
            return None
        self.check_tag(path)
        where = format_path(path)
        forms = [k for k in value if k in EXPR_KEYS]
        for key in value:
            if key not in EXPR_KEYS:
                self.error(
                    (*path, key),
                    f"unknown key '{key}' in {where}; expected one of {', '.join(EXPR_KEYS)}",
                    at_key=True,
                )
        if self.as_upstream and len(forms) > 1:
            forms = [min(forms, key=EXPR_KEYS.index)]  # upstream reads the first it knows
        if len(forms) != 1:
            got = "none" if not forms else " and ".join(forms)
            self.error(
                path,
                f"{where}: a scalar expression needs exactly one of {', '.join(EXPR_KEYS)}; "
                f"got {got}",
            )
            return None
        form = forms[0]
        sub = (*path, form)
        item = value[form]
        if form == "scalar_arg":
            arg = self.string(item, sub)
            return None if arg is None else ScalarArg(arg)
        if form == "scalar_const":
            text = self.string(item, sub)
            return None if text is None else ScalarConst(text)
        if form == "scalar_index":
            dim = self.integer(item, sub)
            if dim is not None and dim < 0 and not self.as_upstream:
                self.error(sub, f"scalar_index must be a loop dimension >= 0, got {dim}")
                return None
            return None if dim is None else ScalarIndex(dim)
        return self.scalar_fn(item, sub, depth)

    def scalar_fn(self, value: Any, path: NodePath, depth: int) -> ScalarFn | None:
        node = self.mapping(value, path, FN_KEYS, "scalar_fn")
        if node is None:
            return None
        kind = self.optional(
            node, path, "kind", lambda v, p: self.enum_value(v, p, FnKind, "function kind")
        )
        fn_name = self.optional(node, path, "fn_name", self.string)
        attr_name = self.optional(node, path, "attr_name", self.string)
        type_var = self.optional(node, path, "type_var", self.string)
        operands = self.optional(
            node, path, "operands", lambda v, p: self.operands(v, p, depth + 1)
        )
        if ("fn_name" in node) == ("attr_name" in node) and not self.as_upstream:
            both = "both" if "fn_name" in node else "neither"
            self.error(
                path,
                f"{format_path(path)}: a scalar_fn names its function with exactly one of "
                f"fn_name or attr_name; got {both}",
            )
            return None
        fields = ("fn_name", "attr_name", "type_var")
        if (
            kind is None
            or operands is None
            or not self.ok_optional(node, fields, (fn_name, attr_name, type_var))
        ):
            return None
        return ScalarFn(kind, operands, fn_name, attr_name, type_var)


def to_model(
    doc: LoadedDocument, *, ignore_unknown_keys: bool = False, as_upstream: bool = False
) -> OpConfig:
    """The typed op config of a loaded document; `DiagnosticError` listing every misfit.

    `ignore_unknown_keys` skips extra mapping keys (for `validate`, whose schema check
    has reported them already and which still wants the semantic findings).
    `as_upstream` reads as `mlir-linalg-ods-yaml-gen` does: tags are not looked at,
    an expression with several forms is its first (arg, const, index, fn), a
    scalar_fn may name its function both ways (the attribute wins) or neither,
    and a negative scalar_index is kept.
    """
    conv = _Converter(doc, ignore_unknown_keys=ignore_unknown_keys, as_upstream=as_upstream)
    try:
        op = conv.op_config(doc.data)
    except RecursionError:  # only reachable for hand-built trees deeper than the loader allows
        conv.error((), "op config is nested too deeply to convert")
        op = None
    if conv.diags or op is None:
        if not conv.diags:  # pragma: no cover - every None path reports
            conv.error((), "op config does not fit the op-config model")
        raise DiagnosticError(conv.diags)
    return op


def load_library(source: bytes | str, file: str = "<input>") -> OpLibrary:
    """Load and convert every document of a stream; all diagnostics of all documents at once."""
    ops: list[OpConfig] = []
    diags: list[Diagnostic] = []
    for doc in load_documents(source, file):
        try:
            ops.append(to_model(doc))
        except DiagnosticError as err:
            diags.extend(err.diagnostics)
    if diags:
        raise DiagnosticError(diags)
    return OpLibrary(tuple(ops))
