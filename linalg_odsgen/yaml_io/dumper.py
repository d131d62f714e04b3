"""Typed op-config model -> canonical YAML text, laid out exactly as upstream's dumper does.

Canonical means: what MLIR's OpDSL writes for the same op — PyYAML block style,
two-space indentation, sequences not indented under their key, plain scalars
folded at 80 columns, multi-line docs as `|-` literal blocks, empty lists as
`[]`, non-ASCII characters as escapes in double quotes, and a fixed key order
per node (optional keys only when set). We build
PyYAML's node graph ourselves, with the Linalg tags on it; no representers, so
no object is ever guessed.

PyYAML's pure-Python emitter is the definition of the layout but costs ~5 ms
per op, so `_write` lays the graph out directly when every scalar of an op is
in a class whose layout is fully known (printable ASCII without edge spaces:
plain or single-quoted, folded at 80 columns, or a `|-` literal block); any
other op goes through the emitter. Tests hold `_write` to the emitter's bytes.
"""

from __future__ import annotations

import functools
import re
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
from linalg_odsgen.yaml_io.loader import INT_TAG, MAP_TAG, NULL_TAG, SEQ_TAG, STR_TAG

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


def _metadata(meta: OpMetadata, null_doc: bool) -> MappingNode:
    no_doc = ScalarNode(NULL_TAG, "null") if null_doc or meta.null_doc else None
    return _map(
        "!LinalgOpMetadata",
        [
            ("name", _str(meta.name)),
            ("cpp_class_name", _str(meta.cpp_class_name)),
            ("doc", no_doc if meta.doc is None else _str(meta.doc)),
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


def op_node(op: OpConfig, *, null_doc: bool = False) -> MappingNode:
    """The YAML node graph of one op config (fresh nodes: no anchors are ever emitted).

    `null_doc` writes an op without doc as `doc: null`, as upstream's OpDSL does for a
    function without docstring (op-config files may leave the key out; LLVM reads the
    two differently, so only `dump-oplib` asks for it). An op read from `doc: null`
    (`OpMetadata.null_doc`) is written that way either way."""
    return _map(
        "!LinalgOpConfig",
        [
            ("metadata", _metadata(op.metadata, null_doc)),
            ("structured_op", _structured(op.structured_op)),
        ],
    )


def dump_op(op: OpConfig, *, null_doc: bool = False) -> str:
    """One canonical `--- !LinalgOpConfig` document (`null_doc`: see `op_node`)."""
    try:
        node = op_node(op, null_doc=null_doc)
        return _serialize(node)
    except RecursionError:
        raise DiagnosticError(
            Diagnostic(
                f"scalar expression of op '{op.name}' is nested too deeply to write as YAML",
                op=op.name,
            )
        ) from None


def _serialize(node: Node) -> str:
    """The canonical text of one document: written directly when it can be, else by PyYAML."""
    out = ["--- "]
    try:
        if not isinstance(node, MappingNode) or node.tag == MAP_TAG:
            raise _NotSimple  # op documents are tagged mappings
        _write_node(out, node, 0, in_sequence=False)
    except _NotSimple:
        return _emit(node)
    return "".join(out)


def _emit(node: Node) -> str:
    """The document as PyYAML's emitter writes it: the layout's definition."""
    return yaml.serialize(
        node,
        Dumper=yaml.SafeDumper,  # the pure-Python emitter: same bytes with or without libyaml
        explicit_start=True,
        width=WIDTH,
        indent=2,
        allow_unicode=False,  # upstream's default: non-ASCII text is written as escapes
        line_break="\n",
    )


def dump_library(ops: Iterable[OpConfig], *, null_doc: bool = False) -> str:
    """Canonical text of an op library: the documents in order, then one empty line.

    The trailing empty line is part of upstream's layout (its tool prints the
    stream); an empty library is the empty string.
    """
    text = "".join(dump_op(op, null_doc=null_doc) for op in ops)
    return text + "\n" if text else ""


# ---------------------------------------------------------------------------
# Direct writer: the emitter's layout for the node graphs `op_node` builds.


class _NotSimple(Exception):
    """A node outside the layouts `_write_node` knows; the emitter writes the document."""


#: One line of printable ASCII that neither starts nor ends with a space.
_ONE_LINE = re.compile(r"[!-~](?:[ -~]*[!-~])?\Z")
#: Printable ASCII lines: the text of a `|-` block when it has no space before a break.
_LINES = re.compile(r"[!-~][\n -~]*[!-~]\Z")
#: Runs of non-spaces and runs of spaces: the units plain and single-quoted folding sees.
_RUNS = re.compile(r"[^ ]+| +")
#: First characters that make a plain scalar read as something else (flow, alias, tag, ...).
_INDICATOR_FIRST = frozenset("#,[]{}&*!|>'\"%@`")
_RESOLVER = yaml.resolver.Resolver()
#: The Linalg tags, written as they are.
_LOCAL_TAG = re.compile(r"![A-Za-z]+\Z")


@functools.lru_cache(maxsize=4096)
def _reads_back_as_str(text: str) -> bool:
    """True when `text` written plain is read as a string (not a number, bool, null, ...)."""
    return _RESOLVER.resolve(ScalarNode, text, (True, False)) == STR_TAG


def _plain_allowed(text: str) -> bool:
    """Whether the emitter writes this one-line printable text plain in block context.

    Plain is refused for an indicator or document marker at the start, for
    `: ` / ` #` (or `:` at the end) inside, and for text that would read back
    as another type; such text is single-quoted instead.
    """
    first = text[0]
    if first in _INDICATOR_FIRST or text.startswith(("---", "...")):
        return False
    if first in "-?" and (len(text) == 1 or text[1] == " "):
        return False
    if ": " in text or " #" in text or text[-1] == ":":
        return False
    return _reads_back_as_str(text)


def _folded(text: str, column: int, indent: int) -> str:
    """`text` written from `column`, a single space after a word ending past WIDTH becoming
    a line break to `indent` (longer space runs are kept: folding would change them)."""
    if len(text) + column <= WIDTH:
        return text
    out = []
    for run in _RUNS.findall(text):
        if run == " " and column > WIDTH:
            out.append("\n" + " " * indent)
            column = indent
        else:
            out.append(run)
            column += len(run)
    return "".join(out)


def _scalar(node: ScalarNode, column: int, indent: int) -> str:
    """A scalar after a `key:` or `-` that ends at `column`, with its line break;
    continuation lines start at `indent`."""
    text = node.value
    if node.tag in (INT_TAG, NULL_TAG):  # str(int) and `null`: always plain
        return f" {text}\n"
    if node.tag != STR_TAG:
        raise _NotSimple
    if node.style == "|":
        if not _LINES.match(text) or " \n" in text:
            raise _NotSimple
        pad = " " * indent
        body = "".join(f"{pad}{line}\n" if line else "\n" for line in text.split("\n"))
        return " |-\n" + body
    if node.style is not None or not _ONE_LINE.match(text):
        raise _NotSimple
    if _plain_allowed(text):
        return " " + _folded(text, column + 1, indent) + "\n"
    quoted = text.replace("'", "''")
    return " '" + _folded(quoted, column + 2, indent) + "'\n"


def _write_node(out: list[str], node: Node, indent: int, *, in_sequence: bool) -> None:
    """Append a block collection whose opening (`--- `, `key:` or `- `) is already in `out`."""
    tag = node.tag
    if tag != MAP_TAG:
        if not _LOCAL_TAG.match(tag):
            raise _NotSimple  # the emitter would escape or abbreviate it
        out.append(tag)
    if isinstance(node, MappingNode):
        first_inline = in_sequence and tag == MAP_TAG  # `- key: ...` on the item's line
        if tag != MAP_TAG or not first_inline:
            out.append("\n")
        pad = " " * indent
        for i, (key, value) in enumerate(node.value):
            name = key.value
            out.append(name if first_inline and i == 0 else pad + name)
            out.append(":")
            _write_value(out, value, indent, indent + len(name) + 1)
        return
    raise _NotSimple  # collections other than mappings only appear as values


def _write_value(out: list[str], value: Node, indent: int, column: int) -> None:
    """The value of a key at `indent` whose `key:` ends at `column`."""
    if isinstance(value, ScalarNode):
        out.append(_scalar(value, column, indent + 2))
    elif isinstance(value, MappingNode):
        out.append(" " if value.tag != MAP_TAG else "")
        _write_node(out, value, indent + 2, in_sequence=False)
    elif isinstance(value, SequenceNode):
        if value.tag != SEQ_TAG:
            raise _NotSimple
        if not value.value:
            out.append(" []\n")
            return
        out.append("\n")
        pad = " " * indent  # block sequences sit at their key's indentation
        for item in value.value:
            out.append(pad + "-")
            if isinstance(item, ScalarNode):
                out.append(_scalar(item, indent + 1, indent + 2))
            elif isinstance(item, MappingNode):
                out.append(" ")
                _write_node(out, item, indent + 2, in_sequence=True)
            else:
                raise _NotSimple
    else:  # pragma: no cover - the three node kinds are all PyYAML has
        raise _NotSimple
