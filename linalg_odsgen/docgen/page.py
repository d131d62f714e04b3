"""An op library -> its reference page (Markdown with SVG files, or one HTML file).

Each op gets a section: summary and description, the payload as a formula,
loops, a picture of its access window when it has one, operands with their
kinds, element types, shapes and indexing maps, attributes with defaults,
interfaces, and an example `linalg.generic` form. The layout lives in the
`templates/page.*.j2` files; this module computes what they print.
"""

from __future__ import annotations

from dataclasses import dataclass

from linalg_odsgen.affine import AffineDimExpr, AffineMap
from linalg_odsgen.docgen.example import generic_example, op_classes
from linalg_odsgen.docgen.formula import affine_text, formulas, shape_text, symbol_names
from linalg_odsgen.docgen.picture import render_svg, wants_picture
from linalg_odsgen.docgen.templates_env import render
from linalg_odsgen.model import IteratorType, OpConfig, OperandKind, OpLibrary

FORMATS = ("md", "html")
_SUFFIXES = (".yaml", ".yml", ".tc")

_KIND_TEXT: dict[OperandKind, str] = {
    OperandKind.INPUT_TENSOR: "input tensor",
    OperandKind.OUTPUT_TENSOR: "output tensor",
    OperandKind.SCALAR: "input scalar",
    OperandKind.INDEX_ATTR: "index attribute",
    OperandKind.UNARY_FN_ATTR: "unary function",
    OperandKind.BINARY_FN_ATTR: "binary function",
    OperandKind.TERNARY_FN_ATTR: "ternary function",
    OperandKind.TYPE_FN_ATTR: "type function",
}


@dataclass(frozen=True)
class DocFile:
    """One file of a reference: its path relative to the output directory, and its text."""

    path: str
    text: str


@dataclass(frozen=True)
class OperandRow:
    name: str
    kind: str
    type_var: str
    shape: str
    indexing_map: str


@dataclass(frozen=True)
class AttributeRow:
    name: str
    kind: str
    default: str
    binds: str


@dataclass(frozen=True)
class OpSection:
    """What the templates print for one op."""

    name: str
    cpp_class_name: str
    summary: str
    description: str
    implements: tuple[str, ...]
    defines: tuple[str, ...]
    formulas: tuple[str, ...]
    loops: str
    rank_polymorphic: bool
    operands: tuple[OperandRow, ...]
    attributes: tuple[AttributeRow, ...]
    picture: str | None  # SVG text
    example: str | None  # MLIR module text
    example_types: tuple[str, ...]


def _split_doc(doc: str | None) -> tuple[str, str]:
    lines = (doc or "").strip().splitlines()
    if not lines:
        return "", ""
    return lines[0].strip(), "\n".join(lines[1:]).strip()


def _dim_source(op: OpConfig, dim: int, parallel: bool) -> str:
    """Which tensor axis sizes loop `dim` (`O axis 1`): outputs first for parallel loops,
    inputs first for reductions (there always is one: validation requires it)."""
    so = op.structured_op
    pairs = list(zip(so.value_args, so.indexing_maps, strict=False))
    pairs.sort(key=lambda p: p[0].kind.is_input == parallel)
    for arg, m in pairs:
        for axis, result in enumerate(m.results):
            if result == AffineDimExpr(dim):
                return f"{arg.name} axis {axis}"
    return ""


def _loops(op: OpConfig) -> str:
    """`d0 (C axis 0), d1 (C axis 1) parallel; d2 (A axis 1) reduction`."""
    parts = []
    for kind in (IteratorType.PARALLEL, IteratorType.REDUCTION):
        dims = [
            f"d{i} ({_dim_source(op, i, kind is IteratorType.PARALLEL)})"
            for i, it in enumerate(op.structured_op.iterator_types)
            if it is kind
        ]
        if dims:
            parts.append(f"{', '.join(dims)} {kind.value}")
    return "; ".join(parts)


def _map_text(m: AffineMap, symbols: dict[int, str]) -> str:
    dims = ", ".join(f"d{i}" for i in range(m.num_dims))
    return f"({dims}) -> ({affine_text(m, symbols)})"


def _rows(op: OpConfig) -> tuple[tuple[OperandRow, ...], tuple[AttributeRow, ...]]:
    so = op.structured_op
    maps = {a.name: m for a, m in zip(so.value_args, so.indexing_maps, strict=False)}
    symbols = symbol_names(op)
    operands: list[OperandRow] = []
    attributes: list[AttributeRow] = []
    for arg in so.args:
        kind = _KIND_TEXT[arg.kind]
        if arg.kind.is_value:
            m = maps.get(arg.name)
            operands.append(
                OperandRow(
                    arg.name,
                    kind,
                    arg.type_var or "",
                    shape_text(op, arg.shape_map) if arg.kind.is_tensor else "scalar",
                    _map_text(m, symbols) if m is not None else "",
                )
            )
        elif arg.kind is OperandKind.INDEX_ATTR:
            default = list(arg.default_indices) if arg.default_indices is not None else "none"
            binds = ""
            if arg.index_attr_map is not None:
                binds = ", ".join(
                    f"{affine_text(r, {})} as {affine_text(r, symbols)}"
                    for r in arg.index_attr_map.results
                )
            attributes.append(AttributeRow(arg.name, kind, str(default), binds))
        else:
            attributes.append(AttributeRow(arg.name, kind, arg.default_fn or "none", ""))
    return tuple(operands), tuple(attributes)


def op_section(op: OpConfig, example: tuple[str, list[str]] | None) -> OpSection:
    summary, description = _split_doc(op.metadata.doc)
    operands, attributes = _rows(op)
    so = op.structured_op
    return OpSection(
        name=op.name,
        cpp_class_name=op.metadata.cpp_class_name,
        summary=summary,
        description=description,
        implements=op.metadata.implements,
        defines=op.metadata.defines,
        formulas=tuple(formulas(op)),
        loops=_loops(op),
        rank_polymorphic=not so.iterator_types and any(a.kind.is_tensor for a in so.args),
        operands=operands,
        attributes=attributes,
        picture=render_svg(op) if wants_picture(op) else None,
        example=example[0] if example else None,
        example_types=tuple(example[1]) if example else (),
    )


def page_title(path: str) -> str:
    """The page name of an input file: its base name without the suffix (`stdin` for `-`)."""
    if path == "-":
        return "stdin"
    base = path.replace("\\", "/").rsplit("/", 1)[-1]
    for suffix in _SUFFIXES:
        if base.endswith(suffix) and len(base) > len(suffix):
            return base[: -len(suffix)]
    return base


def render_library(
    library: OpLibrary, title: str, source_name: str, fmt: str = "md"
) -> list[DocFile]:
    """The files of one library's reference: `TITLE.md` plus `TITLE/OP.svg` per picture,
    or one self-contained `TITLE.html`."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}")
    classes = op_classes(library)
    sections = [op_section(op, generic_example(op, classes[op.name])) for op in library.ops]
    text = render(f"page.{fmt}.j2", title=title, source=source_name, ops=sections)
    files = [DocFile(f"{title}.{fmt}", text)]
    if fmt == "md":
        files += [DocFile(f"{title}/{s.name}.svg", s.picture) for s in sections if s.picture]
    return files
