"""Typed op-config model -> canonical YAML text, laid out exactly as upstream's dumper does.

Canonical means: what MLIR's OpDSL writes for the same op — PyYAML block style,
two-space indentation, sequences not indented under their key, plain scalars
folded at 80 columns, multi-line docs as `|-` literal blocks, empty lists as
`[]`, non-ASCII characters as escapes in double quotes, and a fixed key order
per node (optional keys only when set). We build
PyYAML's node graph ourselves, with the Linalg tags on it, and let PyYAML's
pure-Python emitter lay it out; no representers, so no object is ever guessed.
"""

from __future__ import annotations

from collections.abc import Iterable

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError
from linalg_odsgen.model import (
    OpConfig,
    OperandDef,
    OpMetadata,
    ScalarArg,
    ScalarAssign,
    ScalarConst,
    ScalarExpr,
    ScalarFn,
    ScalarIndex,
    StructuredOpConfig,
)
from linalg_odsgen.yaml_io.loader import INT_TAG, MAP_TAG, SEQ_TAG, STR_TAG

#: Line width at which PyYAML (and so upstream) folds long plain scalars.
WIDTH = 80


def _str(text: str) -> ScalarNode:
    # Text of several lines is written as a literal block, as upstream does; the
    # emitter falls back to a quoted style by itself when a literal block cannot
    # hold the text exactly (trailing spaces, control characters, non-ASCII).
    return ScalarNode(STR_TAG, text, style="|" if len(text.splitlines()) > 1 else None)


def _int(value: int) -> ScalarNode:
    return ScalarNode(INT_TAG, str(value))


def _seq(items: Iterable[Node]) -> SequenceNode:
    return SequenceNode(SEQ_TAG, list(items), flow_style=False)


def _map(tag: str, pairs: list[tuple[str, Node | None]]) -> MappingNode:
    """A block mapping of the pairs whose value is set (None = key left out)."""
    value = [(ScalarNode(STR_TAG, k), v) for k, v in pairs if v is not None]
    return MappingNode(tag, value, flow_style=False)


def _strs(items: tuple[str, ...]) -> SequenceNode | None:
    return _seq(_str(s) for s in items) if items else None


def _metadata(meta: OpMetadata) -> MappingNode:
    return _map(
        "!LinalgOpMetadata",
        [
            ("name", _str(meta.name)),
            ("cpp_class_name", _str(meta.cpp_class_name)),
            ("doc", None if meta.doc is None else _str(meta.doc)),
            ("implements", _strs(meta.implements)),
            ("defines", _strs(meta.defines)),
        ],
    )


def _operand(arg: OperandDef) -> MappingNode:
    return _map(
        "!LinalgOperandDefConfig",
        [
            ("name", _str(arg.name)),
            ("kind", _str(arg.kind.value)),
            ("type_var", None if arg.type_var is None else _str(arg.type_var)),
            ("shape_map", None if arg.shape_map is None else _str(arg.shape_map.to_mlir())),
            (
                "index_attr_map",
                None if arg.index_attr_map is None else _str(arg.index_attr_map.to_mlir()),
            ),
            (
                "default_indices",
                None if arg.default_indices is None else _seq(map(_int, arg.default_indices)),
            ),
            ("default_fn", None if arg.default_fn is None else _str(arg.default_fn)),
        ],
    )


def _expr(expr: ScalarExpr) -> MappingNode:
    if isinstance(expr, ScalarArg):
        body: tuple[str, Node] = ("scalar_arg", _str(expr.arg))
    elif isinstance(expr, ScalarConst):
        body = ("scalar_const", _str(expr.value))
    elif isinstance(expr, ScalarIndex):
        body = ("scalar_index", _int(expr.dim))
    elif isinstance(expr, ScalarFn):
        fn = _map(
            MAP_TAG,
            [
                ("kind", _str(expr.kind.value)),
                ("fn_name", None if expr.fn_name is None else _str(expr.fn_name)),
                ("attr_name", None if expr.attr_name is None else _str(expr.attr_name)),
                ("type_var", None if expr.type_var is None else _str(expr.type_var)),
                ("operands", _seq(_expr(o) for o in expr.operands)),
            ],
        )
        body = ("scalar_fn", fn)
    else:  # pragma: no cover - ScalarExpr is a closed union
        raise TypeError(f"not a scalar expression: {expr!r}")
    return _map("!ScalarExpression", [body])


def _assignment(assign: ScalarAssign) -> MappingNode:
    return _map("!ScalarAssign", [("arg", _str(assign.arg)), ("value", _expr(assign.value))])


def _structured(so: StructuredOpConfig) -> MappingNode:
    maps = _map(
        "!LinalgIndexingMapsConfig",
        [("static_indexing_maps", _seq(_str(m.to_mlir()) for m in so.indexing_maps))],
    )
    return _map(
        "!LinalgStructuredOpConfig",
        [
            ("args", _seq(_operand(a) for a in so.args)),
            ("indexing_maps", maps),
            ("iterator_types", _seq(_str(t.value) for t in so.iterator_types)),
            ("assignments", _seq(_assignment(a) for a in so.assignments)),
        ],
    )


def op_node(op: OpConfig) -> MappingNode:
    """The YAML node graph of one op config (fresh nodes: no anchors are ever emitted)."""
    return _map(
        "!LinalgOpConfig",
        [("metadata", _metadata(op.metadata)), ("structured_op", _structured(op.structured_op))],
    )


def dump_op(op: OpConfig) -> str:
    """One canonical `--- !LinalgOpConfig` document."""
    try:
        node = op_node(op)
        return _serialize(node)
    except RecursionError:
        raise DiagnosticError(
            Diagnostic(
                f"scalar expression of op '{op.name}' is nested too deeply to write as YAML",
                op=op.name,
            )
        ) from None


def _serialize(node: Node) -> str:
    return yaml.serialize(
        node,
        Dumper=yaml.SafeDumper,  # the pure-Python emitter: same bytes with or without libyaml
        explicit_start=True,
        width=WIDTH,
        indent=2,
        allow_unicode=False,  # upstream's default: non-ASCII text is written as escapes
        line_break="\n",
    )


def dump_library(ops: Iterable[OpConfig]) -> str:
    """Canonical text of an op library: the documents in order, then one empty line.

    The trailing empty line is part of upstream's layout (its tool prints the
    stream); an empty library is the empty string.
    """
    text = "".join(dump_op(op) for op in ops)
    return text + "\n" if text else ""
