"""Operand types and shapes derived from an op's indexing maps, for the fast-vs-loops tests.

Both the core-op sweep and the random-op property test size every operand from
the loop ranges alone, so they need no per-op knowledge; this is that one rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from linalg_odsgen.affine import AffineMap
from linalg_odsgen.model import OperandDef
from linalg_odsgen.runtime import ShapedType


def dynamic_type(d: OperandDef, rank: int, element: Any) -> Any:
    """A fully dynamic memref of `rank` for a tensor operand, the bare element type otherwise."""
    return ShapedType("memref", (None,) * rank, element) if d.kind.is_tensor else element


def operand_shape(m: AffineMap, ranges: Sequence[int]) -> tuple[int, ...]:
    """The smallest shape that every access of `m` over the loop `ranges` stays inside."""
    shape = []
    for r in m.results:
        coeffs, k = r.linear_form(m.num_dims)
        shape.append(k + sum(max(0, c) * (n - 1) for c, n in zip(coeffs, ranges, strict=True)) + 1)
    return tuple(shape)
