"""Which input elements one output element reads, drawn as a small SVG.

A concrete instance stands in for the op: parallel loops of 4 iterations,
reductions of 3, index attributes at their defaults. The output point fixes
every parallel dim at 1; each input tensor is drawn as a grid of (at most) two
of its axes, with the elements the reduction loops read at that point filled.
Axes not drawn are named in the caption by the index held (`1`) or `*` when the
point reads several of their entries. Inputs whose values the payload never reads
(pooling's window `K`, `index_dims` operands) only give the loops their extent: they
are drawn grey, captioned "shape only". Hand-written SVG: no plotting dependency.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from xml.sax.saxutils import escape

from linalg_odsgen.affine import AffineDimExpr, AffineMap
from linalg_odsgen.model import (
    IteratorType,
    OpConfig,
    OperandKind,
    ScalarArg,
    ScalarExpr,
    ScalarFn,
)

PARALLEL_SIZE = 4
REDUCTION_SIZE = 3
POINT = 1  # every parallel dim of the drawn output element
MAX_CELLS = 16  # grid side cap: a larger extent is cut, but never before the last read cell
_CELL = 13
_GAP = 28
_READ = "#2f6fde"
_POINT = "#e8772e"
_SHAPE = "#b8bcc4"  # cells a shape-only operand spans at the point (values never read)
_IDLE = "#ffffff"
_LINE = "#8a8f98"
_TEXT = "#1f2328"
# Arrows name the drawn axes: rows run down, columns run right.
_ROWS, _COLS = "↓", "→"


@dataclass(frozen=True)
class Panel:
    """One tensor drawn as a grid: its label, the cells read (or the output point)."""

    name: str
    axes: tuple[int, ...]  # the drawn axes: () for one cell, (a,) for a row, (a, b) for a grid
    extents: tuple[int, ...]  # cells along each drawn axis
    marked: frozenset[tuple[int, ...]]  # coordinates on the drawn axes
    caption: str
    is_output: bool
    shape_only: bool = False


def wants_picture(op: OpConfig) -> bool:
    """Whether the op reads windows or other slices: some input tensor's indexing map is
    not the identity (elementwise ops and fills get no picture)."""
    so = op.structured_op
    n = len(so.iterator_types)
    identity = tuple(AffineDimExpr(i) for i in range(n))
    for arg, m in zip(so.value_args, so.indexing_maps, strict=False):
        if arg.kind is OperandKind.INPUT_TENSOR and m.results and m.results != identity:
            return True
    return False


def _loop_sizes(op: OpConfig) -> list[int]:
    return [
        PARALLEL_SIZE if it is IteratorType.PARALLEL else REDUCTION_SIZE
        for it in op.structured_op.iterator_types
    ]


def _symbol_values(op: OpConfig) -> list[int]:
    """Index attribute defaults by symbol position (other symbols never index: 0)."""
    so = op.structured_op
    count = max((m.num_symbols for m in so.indexing_maps), default=0)
    values = [0] * count
    for arg in so.args:
        if arg.kind is OperandKind.INDEX_ATTR and arg.index_attr_map and arg.default_indices:
            for result, v in zip(arg.index_attr_map.results, arg.default_indices, strict=False):
                for s in result.used_symbols():
                    if s < count:
                        values[s] = v
    return values


def _extent(m: AffineMap, axis: int, sizes: list[int], symbols: list[int]) -> int:
    """Entries along `axis` the whole domain reaches (max index + 1, at least 1)."""
    result = m.results[axis]
    used = sorted(result.used_dims())
    best = 0
    for values in itertools.product(*(range(sizes[d]) for d in used)):
        point = [0] * len(sizes)
        for d, v in zip(used, values, strict=True):
            point[d] = v
        best = max(best, result.eval(point, symbols))
    return best + 1


def _window_dims(op: OpConfig) -> frozenset[int]:
    """Loop dims used inside compound input accesses (a convolution's `oh`, `ow`, `kh`, ...)."""
    so = op.structured_op
    found: set[int] = set()
    for arg, m in zip(so.value_args, so.indexing_maps, strict=False):
        if arg.kind is OperandKind.INPUT_TENSOR:
            for r in m.results:
                if not isinstance(r, AffineDimExpr):
                    found |= r.used_dims()
    return frozenset(found)


def shapes(op: OpConfig) -> dict[str, tuple[int, ...]]:
    """Tensor operand -> its shape in the drawn instance (what the loops reach)."""
    so = op.structured_op
    sizes, symbols = _loop_sizes(op), _symbol_values(op)
    return {
        arg.name: tuple(_extent(m, a, sizes, symbols) for a in range(len(m.results)))
        for arg, m in zip(so.value_args, so.indexing_maps, strict=False)
        if arg.kind.is_tensor
    }


def reads(op: OpConfig, name: str) -> set[tuple[int, ...]]:
    """The elements of tensor `name` the drawn output element's loop points access."""
    so = op.structured_op
    m = dict(zip((a.name for a in so.value_args), so.indexing_maps, strict=False))[name]
    sizes, symbols = _loop_sizes(op), _symbol_values(op)
    its = so.iterator_types
    reductions = [d for d, it in enumerate(its) if it is IteratorType.REDUCTION]
    base = [POINT if it is IteratorType.PARALLEL else 0 for it in its]
    found: set[tuple[int, ...]] = set()
    for values in itertools.product(*(range(sizes[d]) for d in reductions)):
        point = list(base)
        for d, v in zip(reductions, values, strict=True):
            point[d] = v
        found.add(tuple(r.eval(point, symbols) for r in m.results))
    return found


def shape_only_operands(op: OpConfig) -> frozenset[str]:
    """Input tensors no assignment reads a value of: only their shape matters."""
    read: set[str] = set()
    todo: list[ScalarExpr] = [a.value for a in op.structured_op.assignments]
    while todo:
        node = todo.pop()
        if isinstance(node, ScalarArg):
            read.add(node.arg)
        elif isinstance(node, ScalarFn):
            todo.extend(node.operands)
    return frozenset(
        arg.name
        for arg in op.structured_op.args
        if arg.kind is OperandKind.INPUT_TENSOR and arg.name not in read
    )


def legend(op: OpConfig) -> str:
    """The one line printed under the picture: what the colours mean."""
    text = "Orange: the output element drawn; blue: the input elements it reads"
    if shape_only_operands(op):
        text += "; grey: a shape-only operand's window (its values are never read)"
    return (
        text + ". Arrows name the axes drawn (↓ rows, → columns); an axis not drawn shows "
        "the index held, `*` for several."
    )


def _panel(name: str, m: AffineMap, op: OpConfig, is_output: bool) -> Panel:
    sizes = _loop_sizes(op)
    symbols = _symbol_values(op)
    accessed = reads(op, name)
    rank = len(m.results)
    varying = [a for a in range(rank) if len({r[a] for r in accessed}) > 1]
    compound = [a for a in range(rank) if not isinstance(m.results[a], AffineDimExpr)]
    extents = [_extent(m, a, sizes, symbols) for a in range(rank)]
    # Window axes first, then other axes the point reads several entries of, then the last
    # axes of the tensor: a matmul's A shows its row, a convolution's input its window.
    window = _window_dims(op)
    order = [a for a in compound if a in varying]
    order += [a for a in range(rank) if is_output and m.results[a].used_dims() & window]
    order += [a for a in varying if a not in order]
    order += [a for a in reversed(range(rank)) if a not in order and extents[a] > 1]
    axes = tuple(sorted(order[:2]))
    marked = frozenset(tuple(r[a] for a in axes) for r in accessed)
    shown = tuple(
        min(extents[a], max(MAX_CELLS, 1 + max(c[i] for c in marked))) for i, a in enumerate(axes)
    )
    labels = []
    for a in range(rank):
        if a in axes:
            labels.append(_ROWS if len(axes) == 2 and a == axes[0] else _COLS)
        else:
            held = {r[a] for r in accessed}
            labels.append(str(next(iter(held))) if len(held) == 1 else "*")
    caption = f"{name}[{', '.join(labels)}]" if rank else name
    shape_only = name in shape_only_operands(op)
    if shape_only:
        caption += " (shape only)"
    return Panel(name, axes, shown, marked, caption, is_output, shape_only)


def panels(op: OpConfig) -> list[Panel]:
    """The input tensors, then the output tensors, as the picture shows them."""
    so = op.structured_op
    out: list[Panel] = []
    for arg, m in zip(so.value_args, so.indexing_maps, strict=False):
        if arg.kind.is_tensor and m.results:
            out.append(_panel(arg.name, m, op, arg.kind is OperandKind.OUTPUT_TENSOR))
    inputs = [p for p in out if not p.is_output]
    return inputs + [p for p in out if p.is_output]


def _grid(panel: Panel, x: int, y: int) -> tuple[list[str], int, int]:
    rows, cols = {2: panel.extents, 1: (1, *panel.extents), 0: (1, 1)}[len(panel.axes)]
    fill_on = _POINT if panel.is_output else _SHAPE if panel.shape_only else _READ
    parts = []
    for r in range(rows):
        for c in range(cols):
            coord = (r, c) if len(panel.axes) == 2 else (c,) if panel.axes else ()
            fill = fill_on if coord in panel.marked else _IDLE
            parts.append(
                f'<rect x="{x + c * _CELL}" y="{y + r * _CELL}" width="{_CELL}" '
                f'height="{_CELL}" fill="{fill}" stroke="{_LINE}" stroke-width="1"/>'
            )
    return parts, cols * _CELL, rows * _CELL


def render_svg(op: OpConfig) -> str:
    """The picture as SVG text (deterministic: same op, same bytes)."""
    drawn = panels(op)
    top = 34
    x = 10
    body: list[str] = []
    height = 0
    for i, panel in enumerate(drawn):
        if panel.is_output and i and not drawn[i - 1].is_output:
            body.append(f'<text x="{x - 4}" y="{top + 12}" font-size="16" fill="{_TEXT}">⇐</text>')
            x += 18
        cells, w, h = _grid(panel, x, top)
        body.extend(cells)
        label_w = 7 * len(panel.caption)
        body.append(
            f'<text x="{x}" y="{top + h + 16}" font-size="12" font-family="monospace" '
            f'fill="{_TEXT}">{escape(panel.caption)}</text>'
        )
        x += max(w, label_w) + _GAP
        height = max(height, h + 24)
    title = f"{op.name}: one output element (orange) reads the input elements in blue"
    width = max(x, 7 * len(title) + 20)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{top + height + 6}" '
        f'viewBox="0 0 {width} {top + height + 6}" role="img" aria-label="{escape(title)}">'
    )
    caption = (
        f'<text x="10" y="18" font-size="12" font-family="sans-serif" fill="{_TEXT}">'
        f"{escape(title)}</text>"
    )
    return "\n".join([head, f"<title>{escape(title)}</title>", caption, *body, "</svg>"]) + "\n"
