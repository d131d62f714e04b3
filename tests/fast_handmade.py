"""Hand-built op classes for the runtime tests (independent of the code generator).

`make_op` builds a `StructuredOp` subclass from operand defs, maps and a region
builder callback; its `run_loops` walks the iteration space in order with the
runtime's compiled scalar body, which is what the `loops` backend does.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from linalg_odsgen.affine import AffineMap
from linalg_odsgen.model import IteratorType, OperandDef, OperandKind
from linalg_odsgen.payloads.canonical import from_canonical
from linalg_odsgen.runtime import RegionHelper, StructuredOp


def reference_loops(op: StructuredOp, operands: Sequence[Any]) -> None:
    """Every point of the iteration space in order, one scalar body call each."""
    body = op.compiled_body
    ranges = op.loop_ranges([np.shape(v) for v in operands])
    outs = [i for i, d in enumerate(op.value_operands) if not d.kind.is_input]
    for point in itertools.product(*(range(r) for r in ranges)):
        args = []
        for v, m in zip(operands, op.indexing_maps, strict=True):
            idx = m.eval(point)
            args.append(v[idx] if np.ndim(v) else v)
        extra = point if op.USES_INDEX else ()
        res = body(*args, *extra)
        res = res if len(outs) > 1 else (res,)
        for i, r in zip(outs, res, strict=True):
            operands[i][op.indexing_maps[i].eval(point)] = from_canonical(r, op.element_types[i])


def make_op(
    name: str,
    operands: Sequence[tuple[str, OperandKind, str | None]],
    maps: Sequence[str],
    iterators: Sequence[str],
    build: Callable[[RegionHelper], None],
    *,
    attrs: Sequence[OperandDef] = (),
) -> type[StructuredOp]:
    """A StructuredOp subclass: operands as (name, kind, type var), maps in MLIR syntax."""
    defs = tuple(OperandDef(n, k, tv) for n, k, tv in operands) + tuple(attrs)
    parsed = tuple(AffineMap.parse(m) for m in maps)
    uses_index = "index" in build.__code__.co_names

    class Op(StructuredOp):
        OP_NAME = name
        CPP_CLASS_NAME = "HandmadeOp"
        OPERANDS = defs
        STATIC_INDEXING_MAPS = parsed
        ITERATOR_TYPES = tuple(IteratorType(i) for i in iterators)
        USES_INDEX = uses_index

        def build_region(self, b: RegionHelper) -> None:
            build(b)

        def run_loops(self, operands: Sequence[Any]) -> None:
            reference_loops(self, operands)

    Op.__name__ = f"{name.title().replace('_', '')}Op"
    return Op


IN = OperandKind.INPUT_TENSOR
OUT = OperandKind.OUTPUT_TENSOR
SCALAR = OperandKind.SCALAR
