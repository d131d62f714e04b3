"""An op library -> its reference page (Markdown with SVG files, or one HTML file).

Ops are grouped (contractions, convolutions, pooling, elementwise and fills); each
gets a section: summary and description, the payload as a formula in the source's
names, loops, a picture of its access window with a legend, operands with their
kinds, element types, shapes and indexing maps, attributes with defaults,
interfaces, for the core library what MLIR 22 has of it, and an example in the
named and the `linalg.generic` form. The layout lives in the `templates/page.*.j2`
files; this module computes what they print.
"""

from __future__ import annotations

from dataclasses import dataclass

from linalg_odsgen.affine import AffineDimExpr, AffineMap
from linalg_odsgen.docgen.example import Example, example, op_classes
from linalg_odsgen.docgen.formula import (
    affine_text,
    dim_names,
    formulas,
    shape_text,
    symbol_names,
)
from linalg_odsgen.docgen.mlir22 import attribute_names, mlir22_op
from linalg_odsgen.docgen.names import OpNames
from linalg_odsgen.docgen.picture import legend, render_svg, shape_only_operands, wants_picture
from linalg_odsgen.docgen.templates_env import render
from linalg_odsgen.model import IteratorType, OpConfig, OperandKind, OpLibrary

FORMATS = ("md", "html")
_SUFFIXES = (".yaml", ".yml", ".tc", ".py")
# The groups of a page, in page order.
GROUPS = ("Contractions", "Convolutions", "Pooling", "Elementwise ops, fills and copies")

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
    legend: str
    example: Example | None
    group: str
    mlir22: str  # what MLIR 22 has of the op ("" when not told: libraries other than core)


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


def _loops(op: OpConfig, names: OpNames | None) -> str:
    """`m (C axis 0), n (C axis 1) parallel; k (A axis 1) reduction` (`d0` ... without names)."""
    spelled = dim_names(names)
    parts = []
    for kind in (IteratorType.PARALLEL, IteratorType.REDUCTION):
        dims = [
            f"{spelled.get(i, f'd{i}')} ({_dim_source(op, i, kind is IteratorType.PARALLEL)})"
            for i, it in enumerate(op.structured_op.iterator_types)
            if it is kind
        ]
        if dims:
            parts.append(f"{', '.join(dims)} {kind.value}")
    return "; ".join(parts)


def _map_text(m: AffineMap, symbols: dict[int, str], spelled: dict[int, str]) -> str:
    dims = ", ".join(spelled.get(i, f"d{i}") for i in range(m.num_dims))
    return f"({dims}) -> ({affine_text(m, symbols, spelled)})"


def _rows(
    op: OpConfig, names: OpNames | None
) -> tuple[tuple[OperandRow, ...], tuple[AttributeRow, ...]]:
    so = op.structured_op
    maps = {a.name: m for a, m in zip(so.value_args, so.indexing_maps, strict=False)}
    symbols = symbol_names(op, names)
    spelled = dim_names(names)
    shape_only = shape_only_operands(op)
    operands: list[OperandRow] = []
    attributes: list[AttributeRow] = []
    for arg in so.args:
        kind = _KIND_TEXT[arg.kind]
        if arg.kind.is_value:
            m = maps.get(arg.name)
            if arg.name in shape_only:
                kind += " (shape only: its values are never read)"
            operands.append(
                OperandRow(
                    arg.name,
                    kind,
                    arg.type_var or "",
                    shape_text(op, arg.shape_map, names) if arg.kind.is_tensor else "scalar",
                    _map_text(m, symbols, spelled) if m is not None else "",
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


def group_of(op: OpConfig) -> str:
    """The page group of an op, from its structure: pooling reads a shape-only window,
    convolutions index inputs by sums of loops, contractions reduce."""
    so = op.structured_op
    if shape_only_operands(op):
        return GROUPS[2]
    for arg, m in zip(so.value_args, so.indexing_maps, strict=False):
        if arg.kind is OperandKind.INPUT_TENSOR and any(
            not isinstance(r, AffineDimExpr) and r.used_dims() for r in m.results
        ):
            return GROUPS[1]
    if IteratorType.REDUCTION in so.iterator_types:
        return GROUPS[0]
    return GROUPS[3]


def _mlir22_text(op: OpConfig) -> str:
    entry = mlir22_op(op.name)
    if not entry.known:
        return (
            f"MLIR 22 has no `linalg.{op.name}` (`mlir-opt-22` calls it unknown): "
            "give MLIR its `linalg.generic` form below"
            + (
                ", or `linalg.matmul`/`linalg.batch_matmul` with `indexing_maps`."
                if "matmul" in op.name
                else "."
            )
        )
    attrs = attribute_names(op, entry)
    listed = ", ".join(f"`{a}`" for a in attrs)
    return f"MLIR 22 has `linalg.{op.name}`" + (
        f", with attributes {listed}." if attrs else ", with no attributes."
    )


def op_section(
    op: OpConfig, found: Example | None, names: OpNames | None = None, mlir22: bool = False
) -> OpSection:
    summary, description = _split_doc(op.metadata.doc)
    operands, attributes = _rows(op, names)
    so = op.structured_op
    return OpSection(
        name=op.name,
        cpp_class_name=op.metadata.cpp_class_name,
        summary=summary,
        description=description,
        implements=op.metadata.implements,
        defines=op.metadata.defines,
        formulas=tuple(formulas(op, names)),
        loops=_loops(op, names),
        rank_polymorphic=not so.iterator_types and any(a.kind.is_tensor for a in so.args),
        operands=operands,
        attributes=attributes,
        picture=render_svg(op) if wants_picture(op) else None,
        legend=legend(op),
        example=found,
        group=group_of(op),
        mlir22=_mlir22_text(op) if mlir22 else "",
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
    library: OpLibrary,
    title: str,
    source_name: str,
    fmt: str = "md",
    *,
    names: dict[str, OpNames] | None = None,
    mlir22: bool = False,
) -> list[DocFile]:
    """The files of one library's reference: `TITLE.md` plus `TITLE/OP.svg` per picture,
    or one self-contained `TITLE.html`. `names` spell each op's dims and symbols (from
    its DSL or TC source); `mlir22` adds what MLIR 22 has of each op (core library)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}")
    classes = op_classes(library)
    names = names or {}
    sections = [
        op_section(op, example(op, classes[op.name]), names.get(op.name), mlir22)
        for op in library.ops
    ]
    # Group order, and within a group the simplest (shortest) names first: `matmul`
    # before its variants; ops MLIR 22 lacks last.
    position = {s.name: i for i, s in enumerate(sections)}
    sections.sort(
        key=lambda s: (
            GROUPS.index(s.group),
            bool(s.mlir22) and not mlir22_op(s.name).known,
            len(s.name),
            position[s.name],
        )
    )
    groups = [(g, [s for s in sections if s.group == g]) for g in GROUPS]
    groups = [(g, ops) for g, ops in groups if ops]
    text = render(
        f"page.{fmt}.j2",
        title=title,
        source=source_name,
        ops=sections,
        groups=groups,
        named=bool(names),
    )
    files = [DocFile(f"{title}.{fmt}", text)]
    if fmt == "md":
        files += [DocFile(f"{title}/{s.name}.svg", s.picture) for s in sections if s.picture]
    return files
