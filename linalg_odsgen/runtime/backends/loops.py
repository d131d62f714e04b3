"""The `loops` backend: the op's generated loop nest, one element at a time.

It is the reference the other backends are compared with: every payload op is the
exact scalar function of `scalar_semantics`, points are visited in the order of the
nested loops (last dim fastest).
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import numpy as np

from linalg_odsgen.runtime.errors import OpError
from linalg_odsgen.runtime.operands import signless_view

if TYPE_CHECKING:
    from linalg_odsgen.runtime.structured_op import StructuredOp

# A few microseconds per loop point: 2**28 points is a quarter of an hour. Beyond the limit
# the backend refuses (a broadcast 2**40-point matmul would run for days) and names the
# backends that finish such a domain.
DEFAULT_MAX_POINTS = 1 << 28
MAX_POINTS_ENV_VAR = "LINALG_ODSGEN_LOOPS_MAX_POINTS"


def _limit_from_env() -> int:
    text = os.environ.get(MAX_POINTS_ENV_VAR, "").strip()
    try:
        return int(text) if text else DEFAULT_MAX_POINTS
    except ValueError:
        return DEFAULT_MAX_POINTS


_max_points = _limit_from_env()


def max_points() -> int:
    """The largest iteration domain (loop points) this backend runs."""
    return _max_points


def set_max_points(points: int | None) -> None:
    """Change the limit (None: back to the environment's or the default, 2**28)."""
    global _max_points
    if points is not None and (not isinstance(points, int) or points < 0):
        raise ValueError(f"the loop point limit is a non-negative int, got {points!r}")
    _max_points = _limit_from_env() if points is None else points


@contextmanager
def max_points_set_to(points: int) -> Iterator[None]:
    """`with loops.max_points_set_to(1 << 34): ...` — another limit inside the block only."""
    previous = _max_points
    set_max_points(points)
    try:
        yield
    finally:
        set_max_points(previous)


def check_domain(op: StructuredOp, operands: Sequence[Any]) -> None:
    """Refuse a domain beyond `max_points()` before visiting any point."""
    ranges = op.loop_ranges([np.shape(v) for v in operands])
    points = math.prod(int(n) for n in ranges if n is not None)
    if points > _max_points:
        raise OpError(
            op.OP_NAME,
            f"the loops backend would visit {points:,} loop points "
            f"({' x '.join(str(n) for n in ranges)}), beyond its limit of {_max_points:,} "
            f"(it takes microseconds per point); run it with backend='fast' or "
            f"backend='compiled', or raise the limit (loops.set_max_points(n) or "
            f"{MAX_POINTS_ENV_VAR})",
        )


def run(op: StructuredOp, operands: Sequence[Any]) -> None:
    """Run `op` on normalised operands, outputs updated in place."""
    check_domain(op, operands)
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


__all__ = [
    "DEFAULT_MAX_POINTS",
    "MAX_POINTS_ENV_VAR",
    "check_domain",
    "max_points",
    "max_points_set_to",
    "run",
    "run_by_maps",
    "set_max_points",
]
