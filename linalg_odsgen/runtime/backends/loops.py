"""The `loops` backend: the op's generated loop nest, one element at a time.

It is the reference the other backends are compared with: every payload op is the
exact scalar function of `scalar_semantics`, points are visited in the order of the
nested loops (last dim fastest).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from linalg_odsgen.runtime.operands import signless_view

if TYPE_CHECKING:
    from linalg_odsgen.runtime.structured_op import StructuredOp


def run(op: StructuredOp, operands: Sequence[Any]) -> None:
    """Run `op` on normalised operands, outputs updated in place."""
    views = [signless_view(v) for v in operands]
    with np.errstate(all="ignore"):
        if getattr(op, "user_indexing_maps", None) is not None:
            run_by_maps(op, views)  # the generated nest assumes the op's own maps
        else:
            op.run_loops(views)


def run_by_maps(op: StructuredOp, operands: Sequence[Any]) -> None:
    """The loop nest read from the instance's indexing maps, in the same order (MLIR's
    `convert-linalg-to-loops`): for ops given `indexing_maps` per instance."""
    from linalg_odsgen.runtime import loop_nest

    body = op.compiled_body
    maps = op.indexing_maps
    outs = [i for i, d in enumerate(op.value_operands) if d.kind.is_tensor and not d.kind.is_input]
    uses_index = getattr(op, "USES_INDEX", False)
    ranges = [int(n) for n in op.loop_ranges() if n is not None]  # all known: arrays given
    for point in loop_nest(*ranges):
        idx = [tuple(r.eval(point) for r in m.results) for m in maps]
        args = [
            v[i] if isinstance(v, np.ndarray) else v for v, i in zip(operands, idx, strict=True)
        ]
        results = body(*args, *point) if uses_index else body(*args)
        if len(outs) == 1:
            results = (results,)
        for o, r in zip(outs, results, strict=True):
            operands[o][idx[o]] = r


__all__ = ["run", "run_by_maps"]
