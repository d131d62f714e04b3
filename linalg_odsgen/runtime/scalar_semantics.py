"""Exact scalar semantics of the payload ops, as MLIR's arith/math dialects define them.

The loop backend evaluates a region one element at a time with these functions.
Each op's function is its record's `scalar` in `linalg_odsgen.payloads` (the families'
modules say which choices MLIR leaves open and which this project makes); values
travel in the canonical form of `linalg_odsgen.payloads.canonical`.

`SCALAR_OPS[name](op)` returns a function specialised to `op`'s types.
"""

from __future__ import annotations

from typing import Any

from linalg_odsgen.payload import PayloadOp
from linalg_odsgen.payloads import ScalarImpl, field_table
from linalg_odsgen.payloads.canonical import to_canonical
from linalg_odsgen.payloads.record import ScalarFactory

# name -> the scalar semantics factory of every computing payload op (a plain dict the
# registry keeps current; tests may patch an entry).
SCALAR_OPS: dict[str, ScalarFactory] = field_table(lambda r: r.scalar)


def scalar_function(op: PayloadOp) -> ScalarImpl:
    """The exact scalar function of a computing payload op (not constants or linalg.index)."""
    return SCALAR_OPS[op.name](op)


def constant_value(op: PayloadOp) -> Any:
    """The canonical value of an `arith.constant`."""
    return to_canonical(op.attr("value"), op.result.type)


__all__ = ["SCALAR_OPS", "constant_value", "scalar_function"]
